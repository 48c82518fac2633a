/**
 * Compose: the recipients file (/sms/recipients-file), the preview (/sms/preview) and the send (/sms/send).
 *
 * A send is one transaction: the recipients are resolved and priced, the caller's credit reserved
 * (`reserveForSend`: the whole cost of the first run), one `sms_messages` row written per recipient with its
 * own idempotency key, and `sms.deliver` jobs enqueued (Send Now) — all or nothing. A refused reservation
 * (422 "Credit cannot go below 0") rolls everything back. The worker (deliver.ts) captures each accepted
 * message's segments from the reservation and releases the rest when the run is over.
 */
import type { components } from "@herald/api-client/schema";
import { isSingaporeNumber, MESSAGES, type Placeholder, placeholdersIn, ssirWarning } from "@herald/domain";
import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { v7 as uuidv7 } from "uuid";
import type { DbOrTx, Tx } from "../../db/client";
import { pgArray, rows } from "../../db/sql";
import type { Deps } from "../../deps";
import { BadRequest, NotFound, Unprocessable } from "../../errors";
import type { Queue } from "../../jobs/queue";
import { newRunKey } from "../../lib/run-key";
import type { Actor } from "../../plugins/actor";
import { CHANNEL_NOT_FOUND } from "../channels/channels.messages";
import { fileRows, receiveContactFile } from "../contacts/import-file";
import { idempotent } from "../credit/ledger";
import { companyPrices } from "../credit/prices";
import { reserveForSend } from "../credit/spend";
import { checkSendSender, type OwnedSenderId } from "../registry/sender-ids";
import { campaignExists, chatChannelOptions, companyTimeZone } from "./compose.options";
import {
  type Channel,
  collectRecipients,
  expand,
  filterRecipients,
  type Planned,
  priced,
  type Skipped,
  telegramSubscribersByMobile,
} from "./recipients";
import { type Frequency, parseStart, runInstant } from "./schedule";
import { refreshCampaigns } from "./settle";
import {
  CAMPAIGN_NOT_FOUND,
  CHANNEL_NOT_AVAILABLE,
  CHOOSE_CHAT_CHANNEL,
  COMPOSE_MESSAGE,
  INVALID_SCHEDULE,
  NO_RECIPIENT,
  NO_VALID_DATA,
  PROCESSING_COMPLETE,
  SCHEDULE_IN_PAST,
  SCHEDULE_REQUIRED,
  SENDER_NOT_ALLOWED,
  SUBJECT_REQUIRED,
  TOO_MANY_RECIPIENTS,
  TOO_MANY_ROWS,
} from "./sms.messages";

type S = components["schemas"];

export const FILE_TTL_MS = 24 * 3600_000;
export const MAX_FILE_ROWS = 100_000;
export const MAX_RECIPIENTS = 200_000;
export const PREVIEW_ROWS = 100;
/** Outbox rows per `sms.deliver` job. */
export const DELIVER_BATCH = 200;
/** Outbox rows per INSERT statement of a send. */
const INSERT_CHUNK = 20_000;

const skippedTotal = (s: Skipped) => s.unsubscribed + s.invalid + s.duplicate + (s.notReachable ?? 0);

/** SGD with two decimals from integer cents ("12.05"). */
export const sgd = (cents: number) => {
  const neg = cents < 0;
  const a = Math.abs(Math.trunc(cents));
  return `${neg ? "-" : ""}${Math.floor(a / 100)}.${String(a % 100).padStart(2, "0")}`;
};

const CHANNELS: Record<S["ComposeDraft"]["channel"], Channel> = {
  SMS: "sms",
  Email: "email",
  WhatsApp: "whatsapp",
  Telegram: "telegram",
};

export interface Plan {
  channel: Channel;
  /** WhatsApp and Telegram: the company channel the rows go through. */
  channelId: string | null;
  senderId: string | null;
  subject: string | null;
  body: string;
  frequency: Frequency;
  timeZone: string;
  date: string | null;
  time: string | null;
  firstRunAt: Date | null;
  recipients: Planned[];
  skipped: Skipped;
  segments: number;
  costCents: number;
  /** Said before sending (the preview): e.g. an ID not registered with Singapore's SSIR. */
  warnings: string[];
  /** Variables of the message some recipients have no value for (no fallback either), with an example. */
  missingValues: S["ComposePreview"]["missingValues"];
}

/** Checks a draft and resolves and prices its recipients (nothing written). */
export async function planDraft(
  tx: DbOrTx,
  deps: Pick<Deps, "config">,
  actor: Actor,
  draft: S["ComposeDraft"],
  now = new Date(),
): Promise<Plan> {
  const channel = CHANNELS[draft.channel];
  if (!channel) throw new BadRequest(MESSAGES.selectChannel);
  // WhatsApp and Telegram: the company channel of that type (the one asked for, or the only one).
  let chat: { id: string; sandbox: boolean } | null = null;
  if (channel === "whatsapp" || channel === "telegram") {
    const ofType = (await chatChannelOptions(tx, actor.companyId)).filter((c) => c.channel === draft.channel);
    if (draft.channelId) {
      const wanted = draft.channelId.toLowerCase();
      chat = ofType.find((c) => c.id === wanted) ?? null;
      if (!chat) throw new NotFound(CHANNEL_NOT_FOUND);
    } else if (ofType.length === 0) {
      throw new Unprocessable(CHANNEL_NOT_AVAILABLE);
    } else if (ofType.length > 1) {
      throw new Unprocessable(CHOOSE_CHAT_CHANNEL);
    } else chat = ofType[0]!;
  }
  if (draft.campaignId && !(await campaignExists(tx, actor.companyId, draft.campaignId))) {
    throw new NotFound(CAMPAIGN_NOT_FOUND);
  }
  let senderId: string | null = null;
  let owned: OwnedSenderId | null = null;
  if (channel === "sms" && draft.senderId?.trim()) {
    // The platform's default, or one of the company's approved IDs the user was given (modules/registry).
    const chosen = await checkSendSender(
      tx,
      deps.config.sms.senderId,
      actor,
      draft.senderId,
      SENDER_NOT_ALLOWED,
    );
    senderId = chosen.senderId;
    owned = chosen.owned;
  } else if (channel === "sms") {
    // None chosen: the gateway's default sender ID, recorded so the outbox shows what the recipient saw.
    senderId = deps.config.sms.senderId;
  }
  const subject = channel === "email" ? (draft.subject ?? "").trim() : null;
  if (channel === "email" && !subject) throw new Unprocessable(SUBJECT_REQUIRED);

  const frequency = (draft.frequency ?? "now") as Frequency;
  const timeZone = await companyTimeZone(tx, actor.companyId);
  let firstRunAt: Date | null = null;
  if (frequency !== "now") {
    if (!draft.date || !draft.time) throw new Unprocessable(SCHEDULE_REQUIRED);
    if (!parseStart(draft.date, draft.time)) throw new BadRequest(INVALID_SCHEDULE);
    firstRunAt = runInstant(frequency, { date: draft.date, time: draft.time, timeZone }, 0);
    if (firstRunAt.getTime() <= now.getTime()) throw new Unprocessable(SCHEDULE_IN_PAST);
  }

  const body = (draft.text ?? "").trim() === "" ? "" : (draft.text ?? "");
  const { list, invalid } = await collectRecipients(
    tx,
    actor,
    channel,
    draft.recipients ?? {},
    draft.fileContent,
  );
  if (list.length === 0 && invalid === 0) throw new Unprocessable(NO_RECIPIENT);
  if (list.length > MAX_RECIPIENTS) throw new Unprocessable(TOO_MANY_RECIPIENTS);
  if (!body && !list.some((r) => r.message)) throw new Unprocessable(COMPOSE_MESSAGE);
  let { kept, duplicate, unsubscribed } = await filterRecipients(
    tx,
    actor.companyId,
    channel,
    list,
    draft.removeDuplicates ?? true,
  );
  // Telegram: a bot can only write to subscribers it knows; numbers of no known subscriber are skipped.
  let notReachable: number | undefined;
  if (channel === "telegram" && chat) {
    const known = await telegramSubscribersByMobile(
      tx,
      actor.companyId,
      chat.id,
      kept.map((r) => r.to),
    );
    const before = kept.length;
    kept = kept.filter((r) => known.has(r.to));
    notReachable = before - kept.length;
  }
  // The company's prices (its own where the operator set them, else the service's): one query.
  const table = await companyPrices(tx, deps.config, actor.companyId);
  const prices = {
    sms: table.sms,
    email: table.email,
    chat: chat
      ? table.social(chat.sandbox ? "sandbox" : "provider", channel === "telegram" ? "TELEGRAM" : "WHATSAPP")
      : 0,
  };
  let segments = 0;
  let costCents = 0;
  let noText = 0;
  const recipients: Planned[] = [];
  // Variables some recipient of the send has: a placeholder naming one of them without a value (and without a
  // fallback) is worth a word in the preview; an unknown "{ok}" in ordinary text is not.
  const known = new Set<string>();
  for (const r of kept) for (const k of r.vars.keys()) known.add(k);
  const checksOf = (template: string): Placeholder[] =>
    placeholdersIn(template).filter((p) => p.fallback === null && known.has(p.key));
  const bodyChecks = checksOf(body);
  const missing = new Map<string, { variable: string; recipients: number; example: string }>();
  for (const r of kept) {
    const text = expand(r.message || body, r.vars);
    if (!text.trim()) {
      noText++;
      continue;
    }
    for (const ph of r.message ? checksOf(r.message) : bodyChecks) {
      if (r.vars.get(ph.key)?.trim()) continue;
      const m = missing.get(ph.key);
      if (m) m.recipients++;
      else missing.set(ph.key, { variable: ph.key, recipients: 1, example: text });
    }
    const p = priced(channel, text, prices);
    segments += p.segments;
    costCents += p.costCents;
    recipients.push({ to: r.to, name: r.name, text, ...p });
  }
  return {
    channel,
    channelId: chat?.id ?? null,
    senderId,
    subject,
    body,
    frequency,
    timeZone,
    date: frequency === "now" ? null : draft.date!,
    time: frequency === "now" ? null : draft.time!,
    firstRunAt,
    recipients,
    skipped: {
      unsubscribed,
      invalid: invalid + noText,
      duplicate,
      ...(notReachable === undefined ? {} : { notReachable }),
    },
    segments,
    costCents,
    warnings: ssirWarnings(owned, recipients),
    missingValues: [...missing.values()],
  };
}

/**
 * Singapore's SMS Sender ID Registry: an alphanumeric ID of the company that is not registered there is shown to
 * Singapore numbers as "Likely-SCAM"; say so before sending.
 */
function ssirWarnings(owned: OwnedSenderId | null, recipients: Planned[]): string[] {
  if (owned?.kind !== "alphanumeric" || owned.ssirRegistered) return [];
  const toSingapore = recipients.reduce((n, r) => n + (isSingaporeNumber(r.to) ? 1 : 0), 0);
  return toSingapore > 0 ? [ssirWarning(owned.senderId, toSingapore)] : [];
}

async function balanceOf(tx: DbOrTx, actor: Actor): Promise<number> {
  const [u] = await rows<{ c: string | number }>(
    tx,
    sql`select credit_cents as c from users where id = ${actor.userId}::uuid and company_id = ${actor.companyId}::uuid`,
  );
  return Number(u?.c ?? 0);
}

/**
 * The id of a run's `i`-th row: the run's key (lib/run-key.ts) with its last 12 hex digits replaced by `i` (as the
 * scheduler writes the rows of a recurring send's next run), so a run's ids are made without a random draw per row.
 */
export const runRowId = (runKey: string, i: number) =>
  `${runKey.slice(0, 24)}${i.toString(16).padStart(12, "0")}`;

/** A Postgres array literal of integers. */
const intArray = (values: readonly number[]) => `{${values.join(",")}}`;

/**
 * Writes one run's rows of a send and enqueues their delivery when `queued`. Answers the row ids. The rows go
 * in as column arrays (`unnest`), INSERT_CHUNK per statement: a few parameters per statement whatever its size,
 * and no per-row SQL to build.
 */
export async function insertRunRows(
  tx: Tx,
  queue: Queue,
  opts: {
    companyId: string;
    sendId: string;
    userId: string;
    campaignId: string | null;
    channel: Channel;
    channelId?: string | null;
    senderId: string | null;
    subject: string | null;
    reservationId: string | null;
    status: "queued" | "scheduled";
    scheduledAt: Date | null;
    recipients: Planned[];
  },
): Promise<string[]> {
  const runKey = newRunKey();
  const ids = opts.recipients.map((_, i) => runRowId(runKey, i + 1));
  for (let i = 0; i < opts.recipients.length; i += INSERT_CHUNK) {
    const chunk = opts.recipients.slice(i, i + INSERT_CHUNK);
    await tx.execute(sql`insert into sms_messages (id, company_id, send_id, user_id, campaign_id, channel,
      sender_id, subject, recipient, recipient_name, text, encoding, segments, cost_cents, status,
      idempotency_key, reservation_id, scheduled_at, channel_id)
      select r.id, ${opts.companyId}::uuid, ${opts.sendId}::uuid, ${opts.userId}::uuid, ${opts.campaignId}::uuid,
             ${opts.channel}, ${opts.senderId}, ${opts.subject}, r.recipient, nullif(r.name, ''), r.text, r.encoding,
             r.segments, r.cost_cents, ${opts.status}, 'send:' || r.id::text, ${opts.reservationId}::uuid,
             ${opts.scheduledAt?.toISOString() ?? null}::timestamptz, ${opts.channelId ?? null}::uuid
        from unnest(${pgArray(ids.slice(i, i + INSERT_CHUNK))}::uuid[], ${pgArray(chunk.map((r) => r.to))}::text[],
                    ${pgArray(chunk.map((r) => r.name))}::text[], ${pgArray(chunk.map((r) => r.text))}::text[],
                    ${pgArray(chunk.map((r) => r.encoding))}::text[], ${intArray(chunk.map((r) => r.segments))}::int[],
                    ${intArray(chunk.map((r) => r.costCents))}::bigint[])
             as r(id, recipient, name, text, encoding, segments, cost_cents)`);
  }
  if (opts.status === "queued") await enqueueDelivery(tx, queue, ids);
  return ids;
}

/** `sms.deliver` jobs for these rows, DELIVER_BATCH per job, in the caller's transaction (one statement). */
export async function enqueueDelivery(tx: DbOrTx, queue: Queue, ids: string[], startAfterSeconds?: number) {
  const batches: { messageIds: string[] }[] = [];
  for (let i = 0; i < ids.length; i += DELIVER_BATCH)
    batches.push({ messageIds: ids.slice(i, i + DELIVER_BATCH) });
  const opts = { tx, ...(startAfterSeconds ? { startAfterSeconds } : {}) };
  if (queue.enqueueMany) {
    await queue.enqueueMany("sms.deliver", batches, opts);
    return;
  }
  for (const b of batches) await queue.enqueue("sms.deliver", b, opts);
}

export function composeService(deps: Deps) {
  const { database, queue, config } = deps;
  const { db } = database;
  return {
    /** Reads a recipients file and keeps its rows for a day. */
    async uploadFile(
      actor: Actor,
      request: FastifyRequest,
      content: S["ComposeFileContent"] = "Contacts",
    ): Promise<S["SmsRecipientsFile"]> {
      const file = await receiveContactFile(request, config.dataDir);
      let header: string[] | null = null;
      const data: string[][] = [];
      try {
        for await (const cells of fileRows(file)) {
          if (!header) {
            header = cells.map((c) => c.trim().replace(/\s+/g, " ").slice(0, 64));
            if (header.some((h) => ["__proto__", "constructor", "prototype"].includes(h.toLowerCase()))) {
              throw new BadRequest("Column names __proto__, constructor and prototype are not allowed.");
            }
            continue;
          }
          if (data.length >= MAX_FILE_ROWS) throw new BadRequest(TOO_MANY_ROWS);
          data.push(cells.slice(0, header.length || cells.length).map((c) => c.slice(0, 1000)));
        }
      } finally {
        await file.remove();
      }
      if (!header || data.length === 0) throw new BadRequest(NO_VALID_DATA);
      const expiresAt = new Date(Date.now() + FILE_TTL_MS);
      const id = uuidv7();
      await db.execute(
        sql`delete from sms_recipient_files where company_id = ${actor.companyId}::uuid and expires_at < now()`,
      );
      await db.execute(sql`insert into sms_recipient_files (id, company_id, user_id, file_name, content, columns, rows,
        row_count, expires_at) values (${id}::uuid, ${actor.companyId}::uuid, ${actor.userId}::uuid, ${file.fileName},
        ${content}, ${JSON.stringify(header)}::jsonb, ${JSON.stringify(data)}::jsonb, ${data.length},
        ${expiresAt.toISOString()}::timestamptz)`);
      const variables = ["{name}"];
      if (content === "Contacts & Variables") {
        for (const c of header.slice(2)) if (c) variables.push(`{${c}}`);
      }
      return {
        fileId: id,
        fileName: file.fileName,
        content,
        rows: data.length,
        columns: header,
        variables,
        sample: data.slice(0, 5),
        expiresAt: expiresAt.toISOString(),
      };
    },

    async preview(actor: Actor, draft: S["ComposeDraft"]): Promise<S["ComposePreview"]> {
      return db.transaction(async (tx) => {
        const plan = await planDraft(tx, deps, actor, draft);
        const balance = await balanceOf(tx, actor);
        return {
          ...(plan.warnings.length > 0 ? { warnings: plan.warnings } : {}),
          ...(plan.missingValues && plan.missingValues.length > 0
            ? { missingValues: plan.missingValues }
            : {}),
          rows: plan.recipients.slice(0, PREVIEW_ROWS).map((r) => ({ ...r, cost: sgd(r.costCents) })),
          totals: {
            recipients: plan.recipients.length,
            skipped: plan.skipped,
            segments: plan.segments,
            costCents: plan.costCents,
            cost: sgd(plan.costCents),
            balance: sgd(balance),
            enough: balance >= plan.costCents,
            scheduledAt: plan.firstRunAt?.toISOString() ?? null,
          },
        };
      });
    },

    /** Sends (or schedules) a draft; see the module's note. */
    async send(
      actor: Actor,
      draft: S["ComposeDraft"],
      idempotencyKey?: string,
    ): Promise<S["ComposeSendResult"]> {
      const { answer } = await idempotent(
        db,
        {
          companyId: actor.companyId,
          key: idempotencyKey,
          operation: "sendSms",
          body: draft,
          actorId: actor.userId,
          kind: "reserve",
        },
        async (tx, transactionId) => {
          const plan = await planDraft(tx, deps, actor, draft);
          if (plan.recipients.length === 0) throw new Unprocessable(NO_RECIPIENT);
          const sendId = uuidv7();
          const scheduled = plan.frequency !== "now";
          await tx.execute(sql`insert into sms_sends (id, company_id, user_id, campaign_id, channel, sender_id, subject,
            body, frequency, first_date, first_time, timezone, next_run_at, status, recipients, skipped, segments,
            cost_cents, idempotency_key) values (${sendId}::uuid, ${actor.companyId}::uuid, ${actor.userId}::uuid,
            ${draft.campaignId ?? null}::uuid, ${plan.channel}, ${plan.senderId}, ${plan.subject}, ${plan.body},
            ${plan.frequency}, ${plan.date}, ${plan.time}, ${plan.timeZone},
            ${plan.firstRunAt?.toISOString() ?? null}::timestamptz, ${scheduled ? "scheduled" : "queued"},
            ${plan.recipients.length}, ${skippedTotal(plan.skipped)},
            ${plan.segments}, ${plan.costCents}, ${idempotencyKey ?? null})`);
          let reservationId: string | null = null;
          if (plan.costCents > 0) {
            const r = await reserveForSend(tx, queue, {
              companyId: actor.companyId,
              userId: actor.userId,
              amountCents: plan.costCents,
              actorId: actor.userId,
              reference: `send:${sendId}`,
              memo: scheduled ? "Scheduled send" : "Send",
              ...(transactionId ? { transactionId } : {}),
            });
            reservationId = r.reservationId;
          }
          await insertRunRows(tx, queue, {
            companyId: actor.companyId,
            sendId,
            userId: actor.userId,
            campaignId: draft.campaignId ?? null,
            channel: plan.channel,
            channelId: plan.channelId,
            senderId: plan.senderId,
            subject: plan.subject,
            reservationId,
            status: scheduled ? "scheduled" : "queued",
            scheduledAt: plan.firstRunAt,
            recipients: plan.recipients,
          });
          if (draft.campaignId) await refreshCampaigns(tx, [sendId]);
          return {
            id: sendId,
            status: scheduled ? ("scheduled" as const) : ("sent" as const),
            recipients: plan.recipients.length,
            skipped: skippedTotal(plan.skipped),
            segments: plan.segments,
            cost: sgd(plan.costCents),
            scheduledAt: plan.firstRunAt?.toISOString() ?? null,
            message: PROCESSING_COMPLETE,
          };
        },
      );
      return answer;
    },
  };
}
