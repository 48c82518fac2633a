/**
 * The `broadcast.deliver` worker: a job works on PARALLEL_WINDOWS windows of a broadcast at once
 * (FAST_PARALLEL_WINDOWS on a channel of FAST_RATE messages per second or more); each claims the next pending rows
 * (up to WINDOW, a tenth of a second of the channel's rate) while the broadcast is running
 * (`for update skip locked`, so workers never hold the same row; rows held longer than the submit timeout,
 * HERALD_SMS_SUBMIT_TIMEOUT, by a worker that died are claimed again), and sends them through the chat: the
 * subscribers (found or made on the broadcast's channel from the numbers), their rooms and outbox chat messages are
 * written in one transaction (set-based: a few statements for the window), then each message goes to the channel's
 * driver with the message id as idempotency key — the message the chat's sender (modules/chat/deliver.ts) builds —
 * and the window's outcomes are written in one more transaction: the messages sent (on a sandbox channel sent and
 * delivered at once in one statement, its simulated receipt, with the chat's receipt hooks) or failed, the rows,
 * the counts and the charge. The inbox shows the messages; receipts move a chat message's delivery status
 * (sent -> delivered -> read, failed), which the report reads through `chat_message_id`.
 *
 * Governor: a window's sends go out at its channel's rate (modules/sms/rate.ts, `sendAtRate`: one counter per
 * channel shared by every worker of every process, by the database's clock; per channel type, configurable with
 * HERALD_BROADCAST_RATE_<TYPE>), CONCURRENCY at a time: the window's first slots are taken before its chat
 * messages are written, further ones as the sends go; each send starts only while its slot's second lasts, and the instant it started (by the
 * database's clock) becomes the chat message's `created_at` — so no second of the broadcast's message instants
 * holds more than the rate; a send that missed its second takes a fresh slot. A provider's throttling
 * (WhatsApp 130429 and the other throttling codes, HTTP 429 or 5xx; Telegram's 429 with retry_after) or a network
 * error stops the job's sends: no further row starts, the row goes back with one attempt more (failed with a clear
 * remark after MAX_ATTEMPTS), the rows not tried go back as they were, and the windows wait — the provider's
 * retry_after when it names one, else 1 s doubling per throttled window in a row (at most 30 s). Pause and cancel
 * are seen before each window (the claim takes rows only while it runs) and again once its first slots are taken,
 * before its chat messages are written; once written, the window's messages all go out (at the rate), so none is
 * left unsent by a pause or cancel.
 *
 * Credit (see broadcasts.service.ts for the reservation at submit): the rows a window got accepted are charged in
 * the window's outcome transaction, as one capture from the broadcast's reservation (a reservation that no longer
 * covers it — released by a cancel — is bypassed: the user's balance pays, and a message nobody can pay for is
 * recorded free). The chat message's `cost_cents` is what the message was charged (0 for one never accepted), so
 * charged = the sum over sent messages. The reservation's rest is released when the broadcast is done or cancelled.
 * A channel's failure receipt after acceptance shows the message failed but keeps its charge: the channel's
 * webhook is signed with a secret the company entered, so its receipts never move money (broadcasts.service.ts,
 * onBroadcastReceipt; credit/spend.ts, ReceiptSource).
 *
 * Crash safety: a row is sent only while 'sending' and leaves that state in the transaction that records the
 * message as sent and charges it, so a worker killed at any point leaves it 'pending' (never sent) or 'sending'
 * (perhaps sent), claimed again after the timeout with its chat message (the same idempotency key; a message
 * already recorded as sent is not sent again). A duplicate can only be a message the provider accepted in the
 * moments before the kill (the accept window: at most the windows a worker had in flight), and it is charged once.
 */

import { createHash } from "node:crypto";
import { MAX_ATTEMPTS } from "@herald/domain";
import { sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { DbOrTx, Tx } from "../../db/client";
import { notSuspended } from "../../db/company-status";
import { pgArray, rows } from "../../db/sql";
import type { Deps } from "../../deps";
import { EVENTS_CHANNEL, publish, publishRoom } from "../../lib/events";
import {
  CAPABILITIES,
  type ChannelDriver,
  type ChannelDriverKind,
  ChannelRejected,
  type ChannelType,
  type OutboundMessage,
} from "../../providers/channels";
import { TelegramRetry } from "../../providers/channels/telegram";
import { refreshCampaignOfBroadcast } from "../campaigns/campaign-report";
import { channelRuntime } from "../channels/channels.service";
import { type AttachmentRow, toAttachment } from "../chat/attachments";
import { CONNECTOR_UNAVAILABLE, OUTSIDE_WINDOW } from "../chat/chat.messages";
import { attachmentSizes, type OutboxRow, outboundMessage, selectOutbox } from "../chat/deliver";
import { forwardCondition, runStatusHooks, statusLog } from "../chat/ingest";
import { InsufficientCredit } from "../credit/ledger";
import { companyPrices, type Prices } from "../credit/prices";
import { captureSend, chargeNow, releaseSend } from "../credit/spend";
import { type SecondSlots, sendAtRate, takeSecondSlots } from "../sms/rate";
import { CHANNEL_GONE, NOT_SENT_AFTER_RETRIES, SUBSCRIBER_NOT_FOUND } from "./broadcasts.messages";

/** Rows per claim, rate take and outcome transaction (at most; see windowSize). */
export const WINDOW = 500;

/**
 * A window holds at most a tenth of a second's sends of the broadcast's channel (also the most slots a take asks
 * for), so a window's sends fit well inside a second and few slots go unused when a second ends under them.
 */
export const windowSize = (perSecond: number) => Math.max(1, Math.min(WINDOW, Math.ceil(perSecond / 10)));
/** Sends in flight per worker. */
export const CONCURRENCY = 16;
/** Sends of one row that did not reach the provider before it fails: the message life's rule (@herald/domain). */
export { MAX_ATTEMPTS };

/** A job hands over to a new one after this long (long broadcasts never outlive the queue's job expiry). */
const JOB_SECONDS = 120;
const FIRST_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 30_000;
const DAY_MS = 24 * 3600_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Messages per second per channel (documented provider limits; overridable per type). */
const DEFAULT_RATE: Partial<Record<ChannelType, number>> = {
  WHATSAPP: 80,
  TELEGRAM: 30,
  "FACEBOOK MESSENGER": 40,
};

const envName = (type: ChannelType) => type.replace(/ /g, "_");

export function broadcastRate(type: ChannelType): number {
  const env = Number(process.env[`HERALD_BROADCAST_RATE_${envName(type)}`]);
  return Number.isFinite(env) && env > 0 ? env : (DEFAULT_RATE[type] ?? 20);
}

/** The channel's key in the shared rate table (sms_rate_slots.provider holds 20 characters). */
export function rateKey(channelId: string): string {
  return `b:${createHash("sha256").update(channelId).digest("base64url").slice(0, 18)}`;
}

interface Claimed {
  id: string;
  company_id: string;
  mobile: string;
  name: string;
  subscriber_id: string | null;
  variables: string[] | null;
  attempts: number;
  /** Set when a worker that died had written the chat message already (it is sent, not written again). */
  chat_message_id: string | null;
}

interface Broadcast {
  id: string;
  company_id: string;
  status: string;
  type: "live" | "template";
  channel_id: string | null;
  channel_type: ChannelType | null;
  channel_driver: ChannelDriverKind | null;
  text: string | null;
  template_variables: { header?: string[]; body?: string[] } | null;
  template_components: unknown;
  template_metadata: Record<string, unknown> | null;
  created_by: string | null;
  price_cents: number | string;
  reservation_id: string | null;
  /** A live broadcast's attachment (sent with or without text). */
  attachment: AttachmentRow | null;
  /** The operator suspended the company: nothing is sent until it is resumed (db/company-status.ts). */
  suspended: boolean;
}

/** The channel a row goes out on and what a message there costs. */
interface Target {
  channelId: string;
  type: ChannelType;
  price: number;
}

/** What became of one claimed row. */
type Outcome =
  | {
      row: Claimed;
      kind: "sent";
      messageId: string;
      providerMessageId: string | null;
      costCents: number;
      /** The chat message was sent here: its status is written with the window (else it is written already). */
      room?: Loaded;
      /** Sent through the sandbox: delivered at once (its receipt is applied with the window). */
      sandbox?: boolean;
      /**
       * When its send started, by the database's clock, within its rate slot's second: recorded as the chat
       * message's instant (`created_at`), so no second of them holds more than the channel's rate.
       */
      at?: Date;
    }
  | { row: Claimed; kind: "failed"; remark: string; room?: Loaded; messageId?: string }
  /** Did not reach the provider (throttled, unreachable): tried again later. */
  | { row: Claimed; kind: "transient"; error: string; retryAfterMs: number | null }
  /** Not tried (the window stopped): back as it was. */
  | { row: Claimed; kind: "untried" };

/** The chat outbox message of one recipient (subscriber and room made when missing); null when unreachable. */
async function writeChatMessage(
  deps: Deps,
  tx: Tx,
  b: Broadcast,
  r: Claimed,
  costCents: number,
): Promise<{ messageId: string; subscriberId: string; channelId: string } | null> {
  let subscriberId = r.subscriber_id;
  let channelId = b.channel_id;
  if (subscriberId) {
    const [s] = await rows<{ channel_id: string }>(
      tx,
      sql`select channel_id from subscribers where id = ${subscriberId} and company_id = ${b.company_id}`,
    );
    if (!s) return null;
    channelId = s.channel_id;
  } else {
    if (!channelId) return null;
    const [s] = await rows<{ id: string }>(
      tx,
      sql`insert into subscribers (id, company_id, channel_id, platform_id, name, mobile)
          values (${uuidv7()}, ${b.company_id}, ${channelId}, ${r.mobile}, ${r.name || r.mobile}, ${r.mobile})
          on conflict (channel_id, platform_id) do update set mobile = coalesce(subscribers.mobile, excluded.mobile)
          returning id`,
    );
    subscriberId = s!.id;
  }
  const at = new Date();
  const id = uuidv7();
  const template = b.type === "template";
  const variables = template
    ? { header: b.template_variables?.header ?? [], body: r.variables ?? b.template_variables?.body ?? [] }
    : null;
  await tx.execute(
    sql`insert into chat_messages (id, company_id, subscriber_id, channel_id, type, text, attachments, message_status,
                                   sent_by, cost_cents, whatsapp_template_components, whatsapp_template_variables,
                                   whatsapp_template_metadata, created_at)
        values (${id}, ${b.company_id}, ${subscriberId}, ${channelId}, 'outbox', ${template ? null : b.text},
                ${JSON.stringify(!template && b.attachment ? [toAttachment(deps, b.attachment)] : [])}::jsonb, 'no',
                ${b.created_by}, ${costCents}, ${template ? JSON.stringify(b.template_components) : null}::jsonb,
                ${variables ? JSON.stringify(variables) : null}::jsonb,
                ${template ? JSON.stringify(b.template_metadata) : null}::jsonb, ${at})`,
  );
  const preview = template ? String(b.template_metadata?.name ?? "") : b.text;
  const made = await rows<{ subscriber_id: string }>(
    tx,
    sql`insert into chat_rooms (subscriber_id, company_id, channel_id, status, unread_count, last_message_at,
                                last_message_text)
        values (${subscriberId}, ${b.company_id}, ${channelId}, 'open', 0, ${at}, ${preview})
        on conflict (subscriber_id) do update
          set last_message_at = greatest(chat_rooms.last_message_at, excluded.last_message_at),
              last_message_text = excluded.last_message_text, updated_at = now()
        returning subscriber_id, (xmax = 0) as inserted`,
  );
  if ((made[0] as { inserted?: boolean } | undefined)?.inserted) {
    await statusLog(tx, { companyId: b.company_id, subscriberId, status: "open", at });
  }
  await tx.execute(sql`update broadcast_recipients set chat_message_id = ${id} where id = ${r.id}`);
  await publishRoom(tx, { companyId: b.company_id, channelId: channelId!, subscriberId }, id);
  return { messageId: id, subscriberId, channelId: channelId! };
}

/**
 * The chat messages of rows addressed by number on the broadcast's channel, in a few statements for the whole
 * window (the same rows as writeChatMessage writes one by one): subscribers found or made, outbox messages, rooms
 * opened or moved up (a new room's 'open' log), the rows pointed at their messages, the inbox told. Answers the
 * message id of each row.
 */
async function writeNumbers(tx: Tx, deps: Deps, b: Broadcast, list: Claimed[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (list.length === 0 || !b.channel_id) return out;
  const channelId = b.channel_id;
  const firstByNumber = new Map<string, Claimed>();
  for (const r of list) if (!firstByNumber.has(r.mobile)) firstByNumber.set(r.mobile, r);
  const subs = await rows<{ id: string; platform_id: string }>(
    tx,
    sql`insert into subscribers (id, company_id, channel_id, platform_id, name, mobile)
        select v.id, ${b.company_id}, ${channelId}, v.mobile, v.name, v.mobile
          from jsonb_to_recordset(${JSON.stringify(
            [...firstByNumber.values()].map((r) => ({
              id: uuidv7(),
              mobile: r.mobile,
              name: r.name || r.mobile,
            })),
          )}::jsonb) as v(id uuid, mobile text, name text)
        on conflict (channel_id, platform_id) do update set mobile = coalesce(subscribers.mobile, excluded.mobile)
        returning id, platform_id`,
  );
  const subscriberOf = new Map(subs.map((x) => [x.platform_id, x.id]));
  const at = new Date();
  const template = b.type === "template";
  const attachments = JSON.stringify(!template && b.attachment ? [toAttachment(deps, b.attachment)] : []);
  const made = list.flatMap((r) => {
    const subscriberId = subscriberOf.get(r.mobile);
    if (!subscriberId) return [];
    const variables = template
      ? { header: b.template_variables?.header ?? [], body: r.variables ?? b.template_variables?.body ?? [] }
      : null;
    return [{ row: r.id, id: uuidv7(), subscriber: subscriberId, variables }];
  });
  if (made.length === 0) return out;
  await tx.execute(
    sql`insert into chat_messages (id, company_id, subscriber_id, channel_id, type, text, attachments, message_status,
                                   sent_by, cost_cents, whatsapp_template_components, whatsapp_template_variables,
                                   whatsapp_template_metadata, created_at)
        select v.id, ${b.company_id}, v.subscriber, ${channelId}, 'outbox', ${template ? null : b.text},
               ${attachments}::jsonb, 'no', ${b.created_by}, ${Number(b.price_cents)},
               ${template ? JSON.stringify(b.template_components) : null}::jsonb, v.variables,
               ${template ? JSON.stringify(b.template_metadata) : null}::jsonb, ${at}
          from jsonb_to_recordset(${JSON.stringify(made)}::jsonb) as v(id uuid, subscriber uuid, variables jsonb)`,
  );
  const preview = template ? String(b.template_metadata?.name ?? "") : b.text;
  const rooms = [...new Set(made.map((m) => m.subscriber))];
  const opened = await rows<{ subscriber_id: string; inserted: boolean }>(
    tx,
    sql`insert into chat_rooms (subscriber_id, company_id, channel_id, status, unread_count, last_message_at,
                                last_message_text)
        select s, ${b.company_id}, ${channelId}, 'open', 0, ${at}, ${preview}
          from unnest(${pgArray(rooms)}::uuid[]) as s
        on conflict (subscriber_id) do update
          set last_message_at = greatest(chat_rooms.last_message_at, excluded.last_message_at),
              last_message_text = excluded.last_message_text, updated_at = now()
        returning subscriber_id, (xmax = 0) as inserted`,
  );
  const fresh = opened.filter((o) => o.inserted).map((o) => o.subscriber_id);
  if (fresh.length > 0) {
    await tx.execute(
      sql`insert into chat_room_status_logs (id, company_id, subscriber_id, status, created_at)
          select v.id, ${b.company_id}, v.subscriber, 'open', ${at}
            from jsonb_to_recordset(${JSON.stringify(
              fresh.map((subscriber) => ({ id: uuidv7(), subscriber })),
            )}::jsonb) as v(id uuid, subscriber uuid)`,
    );
  }
  await tx.execute(
    sql`update broadcast_recipients r set chat_message_id = v.id
          from jsonb_to_recordset(${JSON.stringify(made)}::jsonb) as v(row uuid, id uuid)
         where r.id = v.row`,
  );
  const events = made.flatMap((m) => {
    const base = { companyId: b.company_id, channelId };
    return [
      JSON.stringify({ ...base, event: "room", data: { subscriberId: m.subscriber } }),
      JSON.stringify({ ...base, event: "message", data: { subscriberId: m.subscriber, messageId: m.id } }),
    ];
  });
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, e) from unnest(${pgArray(events)}::text[]) as e`);
  for (const m of made) out.set(m.row, m.id);
  return out;
}

async function loadBroadcast(db: DbOrTx, broadcastId: string): Promise<Broadcast | undefined> {
  const [b] = await rows<Broadcast>(
    db,
    sql`select b.id, b.company_id, b.status, b.type, b.channel_id, c.channel_type, c.driver as channel_driver,
               b.text, b.template_variables, b.template_components, b.template_metadata, b.created_by,
               b.price_cents, b.reservation_id,
               case when a.id is null then null
                    else json_build_object('id', a.id, 'company_id', a.company_id, 'kind', a.kind, 'mime', a.mime,
                                           'name', a.name, 'size_bytes', a.size_bytes, 'storage_key', a.storage_key)
               end as attachment,
               not ${notSuspended(sql`b.company_id`)} as suspended
          from broadcasts b left join channels c on c.id = b.channel_id and c.deleted_at is null
          left join attachments a on a.id = b.attachment_id
         where b.id = ${broadcastId}`,
  );
  return b;
}

/**
 * A broadcast that is over (done, or cancelled with no row still being sent) gives back what its reservation
 * still holds. Harmless when called again (a second release answers 0).
 */
export async function settleBroadcast(
  tx: Tx,
  deps: Deps,
  b: { id: string; company_id: string; reservation_id: string | null },
): Promise<number> {
  if (!b.reservation_id) return 0;
  const m = await releaseSend(tx, deps.queue, {
    companyId: b.company_id,
    reservationId: b.reservation_id,
    reference: `broadcast:${b.id}`,
    memo: "Broadcast finished",
  });
  return m.amountCents;
}

/** Windows a job works on at once: each claims, sends and records its own; the rate and the back-off are shared. */
export const PARALLEL_WINDOWS = 3;
/** A channel this fast or faster (messages per second) gets FAST_PARALLEL_WINDOWS windows at once. */
export const FAST_RATE = 1000;
export const FAST_PARALLEL_WINDOWS = 4;
/** Windows a job works on at once for a channel of this rate. */
export const parallelWindows = (perSecond: number) =>
  perSecond >= FAST_RATE ? FAST_PARALLEL_WINDOWS : PARALLEL_WINDOWS;

/** What the windows of one job share. */
interface Shared {
  started: number;
  /** No send starts before this time (a provider's throttling). */
  until: number;
  /** Windows in a row that met throttling. */
  streak: number;
  /** Rows the job's windows hold ('sending'): never claimed again by another of them, however long they take. */
  held: Set<string>;
  handedOver: boolean;
}

/** Works through a broadcast's pending rows until none is left, it is paused or cancelled. */
export async function deliverBroadcast(deps: Deps, broadcastId: string): Promise<void> {
  const shared: Shared = { started: Date.now(), until: 0, streak: 0, held: new Set(), handedOver: false };
  const b = await loadBroadcast(deps.database.db, broadcastId);
  const n = b?.channel_type ? parallelWindows(broadcastRate(b.channel_type)) : PARALLEL_WINDOWS;
  await Promise.all(Array.from({ length: n }, () => windows(deps, broadcastId, shared)));
}

async function windows(deps: Deps, broadcastId: string, shared: Shared): Promise<void> {
  const { db } = deps.database;
  for (;;) {
    const b = await loadBroadcast(db, broadcastId);
    if (!b || b.status === "paused" || b.status === "done") return;
    if (b.status === "cancelled") {
      await db.transaction(async (tx) => {
        await settleBroadcast(tx as Tx, deps, b);
        await refreshCampaignOfBroadcast(tx, b.id);
      });
      return;
    }
    // Its company is suspended: the rows stay pending (resuming the company enqueues this job again).
    if (b.suspended) return;
    if (b.status === "queued") {
      await db.execute(
        sql`update broadcasts set status = 'running' where id = ${b.id} and status = 'queued'`,
      );
    }
    if (shared.handedOver) return;
    if (Date.now() - shared.started > JOB_SECONDS * 1000) {
      shared.handedOver = true;
      await deps.queue.enqueue("broadcast.deliver", { broadcastId: b.id });
      return;
    }
    const wait = shared.until - Date.now();
    if (wait > 0) {
      await sleep(wait);
      continue;
    }
    const claimed = await rows<Claimed>(
      db,
      sql`update broadcast_recipients r set status = 'sending', locked_at = now()
            from (select id from broadcast_recipients
                   where broadcast_id = ${b.id}
                     and status in ('pending', 'sending') -- the due index (broadcast_recipients_due_idx)
                     and (status = 'pending'
                          or (status = 'sending'
                              and locked_at < now() - make_interval(secs => ${deps.config.sending.submitTimeoutSeconds})
                              and id <> all(${pgArray([...shared.held])}::uuid[])))
                     and exists (select 1 from broadcasts where id = ${b.id} and status in ('queued', 'running')
                                   and ${notSuspended(sql`broadcasts.company_id`)})
                   order by row
                   limit ${windowSize(b.channel_type ? broadcastRate(b.channel_type) : WINDOW * 10)}
                   for update skip locked) c
           where r.id = c.id
          returning r.id, r.company_id, r.mobile, r.name, r.subscriber_id, r.variables, r.attempts,
                    r.chat_message_id`,
    );
    if (claimed.length === 0) {
      const [left] = await rows<{ sending: number; pending: number }>(
        db,
        sql`select count(*) filter (where status = 'sending')::int as sending,
                   count(*) filter (where status = 'pending')::int as pending
              from broadcast_recipients where broadcast_id = ${b.id} and status in ('sending', 'pending')`,
      );
      if ((left?.pending ?? 0) > 0) {
        // paused or cancelled meanwhile (seen at the top), or another worker is claiming them
        await sleep(50);
        continue;
      }
      if ((left?.sending ?? 0) <= shared.held.size && shared.held.size > 0) return; // the job's other windows finish
      if ((left?.sending ?? 0) === 0) {
        await db.transaction(async (tx) => {
          const [ended] = await rows<{ id: string }>(
            tx,
            sql`update broadcasts set status = 'done' where id = ${b.id} and status = 'running' returning id`,
          );
          if (ended) {
            await settleBroadcast(tx as Tx, deps, b);
            await refreshCampaignOfBroadcast(tx, b.id);
          }
        });
        await publish(db, { event: "broadcast", companyId: b.company_id, data: { broadcastId: b.id } });
      } else {
        // rows another worker holds: looked at again once a dead worker's claim would have expired
        await deps.queue.enqueue(
          "broadcast.deliver",
          { broadcastId: b.id },
          { startAfterSeconds: deps.config.sending.submitTimeoutSeconds + 1 },
        );
      }
      return;
    }
    claimed.sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
    for (const r of claimed) shared.held.add(r.id);
    try {
      const outcomes = await sendWindow(deps, b, claimed, shared);
      await recordWindow(deps, b, outcomes);
      const transient = outcomes.filter((o) => o.kind === "transient");
      if (transient.length > 0) {
        shared.streak++;
        const asked = Math.max(0, ...transient.map((o) => o.retryAfterMs ?? 0));
        const backoff =
          asked > 0 ? asked : Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (shared.streak - 1));
        shared.until = Math.max(shared.until, Date.now() + backoff);
      } else if (outcomes.some((o) => o.kind === "sent")) {
        shared.streak = 0;
      }
    } finally {
      for (const r of claimed) shared.held.delete(r.id);
    }
  }
}

/**
 * The channel each row goes out on, or its final outcome when it cannot be sent (outside the 24-hour window): the
 * chosen subscribers' and the numbers' subscribers looked up in one query for the window.
 */
async function targetsOf(
  deps: Deps,
  b: Broadcast,
  claimed: Claimed[],
): Promise<({ target: Target | null } | { outcome: Outcome })[]> {
  const own: Target | null =
    b.channel_id && b.channel_type
      ? { channelId: b.channel_id, type: b.channel_type, price: Number(b.price_cents) }
      : null;
  const look = (r: Claimed) => !r.chat_message_id && (r.subscriber_id || b.type === "live");
  const ids = claimed.flatMap((r) => (look(r) && r.subscriber_id ? [r.subscriber_id] : []));
  const numbers = b.channel_id ? claimed.flatMap((r) => (look(r) && !r.subscriber_id ? [r.mobile] : [])) : [];
  type Found = {
    id: string;
    platform_id: string;
    channel_id: string;
    channel_type: ChannelType;
    driver: ChannelDriverKind;
    last_inbound_at: Date | string | null;
  };
  const byId = new Map<string, Found>();
  const byNumber = new Map<string, Found>();
  // Subscribers on other channels pay those channels' prices for the company (loaded once for the window).
  let prices: Prices | undefined;
  if (ids.length + numbers.length > 0) {
    const found = await rows<Found>(
      deps.database.db,
      sql`select s.id, s.platform_id, s.channel_id, c.channel_type, c.driver, cr.last_inbound_at
            from subscribers s join channels c on c.id = s.channel_id
            left join chat_rooms cr on cr.subscriber_id = s.id
           where s.company_id = ${b.company_id}
             and (s.id = any(${pgArray(ids)}::uuid[])
                  or (s.channel_id = ${b.channel_id} and s.platform_id = any(${pgArray(numbers)}::text[])))`,
    );
    for (const s of found) {
      byId.set(s.id, s);
      if (s.channel_id === b.channel_id) byNumber.set(s.platform_id, s);
    }
    if (found.some((s) => s.channel_id !== b.channel_id))
      prices = await companyPrices(deps.database.db, deps.config, b.company_id);
  }
  return claimed.map((r) => {
    if (!look(r)) return { target: own };
    const s = r.subscriber_id ? byId.get(r.subscriber_id) : byNumber.get(r.mobile);
    // A live (free-form) message reaches a subscriber only within 24 hours of their last message.
    const type = s?.channel_type ?? b.channel_type;
    const last = s?.last_inbound_at ? new Date(s.last_inbound_at).getTime() : 0;
    if (b.type === "live" && type && CAPABILITIES[type].window24h && Date.now() - last > DAY_MS) {
      return { outcome: { row: r, kind: "failed", remark: OUTSIDE_WINDOW } };
    }
    if (!s) return { target: own };
    if (own && s.channel_id === own.channelId) return { target: own };
    return {
      target: {
        channelId: s.channel_id,
        type: s.channel_type,
        price: prices?.social(s.driver, s.channel_type) ?? 0,
      },
    };
  });
}

/**
 * Sends a window: each row's channel found, the rows' chat messages written, then the rows sent at each channel's
 * rate, CONCURRENCY at a time (sendAtRate, from the first slots taken before the messages were written); the
 * first send that does not reach the provider stops the window. A pause or cancel is seen once the first slots
 * are taken, before the messages are written.
 */
async function sendWindow(deps: Deps, b: Broadcast, claimed: Claimed[], shared: Shared): Promise<Outcome[]> {
  const { db } = deps.database;
  const outcomes: Outcome[] = [];
  const work: { row: Claimed; target: Target | null }[] = [];
  const found = await targetsOf(deps, b, claimed);
  found.forEach((f, i) => {
    if ("outcome" in f) outcomes.push(f.outcome);
    else work.push({ row: claimed[i]!, target: f.target });
  });
  // The first slots of each channel, taken before anything is written (the rest are taken as the sends go).
  const perChannel = new Map<string, { type: ChannelType; n: number; first?: SecondSlots }>();
  for (const w of work) {
    if (!w.target) continue;
    const c = perChannel.get(w.target.channelId) ?? { type: w.target.type, n: 0 };
    c.n++;
    perChannel.set(w.target.channelId, c);
  }
  for (const [channelId, c] of perChannel) {
    c.first = await takeSecondSlots(db, rateKey(channelId), broadcastRate(c.type), c.n);
  }
  // Paused or cancelled while the window waited for its sends: nothing of it is written or sent. (Once its
  // messages are written, the window's sends all go out, at the rate.)
  const [now] = await rows<{ status: string }>(db, sql`select status from broadcasts where id = ${b.id}`);
  if (now?.status !== "running") {
    return [...outcomes, ...work.map((w) => ({ row: w.row, kind: "untried" as const }))];
  }
  // The rows' chat messages, written in one transaction (a row claimed again keeps the one it has).
  const messages = new Map<string, { messageId: string; cost: number | null }>();
  const toWrite = work.filter((w) => !w.row.chat_message_id);
  try {
    if (toWrite.length > 0) {
      await db.transaction(async (tx) => {
        // Numbers on the broadcast's channel in a few statements; chosen subscribers one by one.
        const byNumber = toWrite.filter((w) => !w.row.subscriber_id && b.channel_id);
        for (const [rowId, messageId] of await writeNumbers(
          tx as Tx,
          deps,
          b,
          byNumber.map((w) => w.row),
        )) {
          messages.set(rowId, { messageId, cost: Number(b.price_cents) });
        }
        for (const w of toWrite) {
          if (!w.row.subscriber_id && b.channel_id) continue;
          const price = w.target?.price ?? 0;
          const written = await writeChatMessage(deps, tx as Tx, b, w.row, price);
          if (written) messages.set(w.row.id, { messageId: written.messageId, cost: price });
        }
      });
    }
  } catch (err) {
    // nothing written: the whole window is tried again
    return [
      ...outcomes.map((o) => ({ row: o.row, kind: "untried" as const })),
      ...work.map((w) => ({
        row: w.row,
        kind: "transient" as const,
        error: errorText(err),
        retryAfterMs: null,
      })),
    ];
  }
  const sendable: { row: Claimed; messageId: string; cost: number | null }[] = [];
  for (const w of work) {
    const m = w.row.chat_message_id
      ? { messageId: w.row.chat_message_id, cost: null }
      : (messages.get(w.row.id) ?? null);
    if (!m) outcomes.push({ row: w.row, kind: "failed", remark: SUBSCRIBER_NOT_FOUND });
    else sendable.push({ row: w.row, ...m });
  }
  const loaded = await loadMessages(
    deps,
    sendable.map((x) => x.messageId),
  );
  // Per channel, at its rate: each send starts only while its slot's second lasts (modules/sms/rate.ts).
  const targetOf = new Map(work.map((w) => [w.row.id, w.target]));
  const lists = new Map<string, typeof sendable>();
  const unpaced: typeof sendable = [];
  for (const x of sendable) {
    const t = targetOf.get(x.row.id);
    if (!t) {
      unpaced.push(x);
      continue;
    }
    lists.set(t.channelId, [...(lists.get(t.channelId) ?? []), x]);
  }
  let stopped = false;
  const ready = () => !stopped && Date.now() >= shared.until;
  const send = async (x: (typeof sendable)[number], at?: Date) => {
    const o = await sendRow(x.row, x.messageId, x.cost, loaded.get(x.messageId));
    if (o.kind === "transient") stopped = true;
    outcomes.push(o.kind === "sent" && at ? { ...o, at } : o);
  };
  for (const x of unpaced) {
    if (!ready()) outcomes.push({ row: x.row, kind: "untried" });
    else await send(x);
  }
  for (const [channelId, c] of perChannel) {
    const list = lists.get(channelId) ?? [];
    if (stopped) {
      for (const x of list) outcomes.push({ row: x.row, kind: "untried" });
      continue;
    }
    const perSecond = broadcastRate(c.type);
    const { left } = await sendAtRate(db, rateKey(channelId), perSecond, list, {
      concurrency: CONCURRENCY,
      chunk: windowSize(perSecond),
      ready,
      submit: send,
      ...(c.first ? { first: c.first } : {}),
    });
    for (const x of left) outcomes.push({ row: x.row, kind: "untried" });
  }
  return outcomes;
}

/** An outbox message as its channel's driver receives it, with the driver. */
interface Loaded {
  status: string;
  providerMessageId: string | null;
  remark: string | null;
  costCents: number;
  channelId: string;
  subscriberId: string;
  driver: ChannelDriver | undefined;
  kind: ChannelDriverKind;
  context: Parameters<ChannelDriver["send"]>[0];
  message: OutboundMessage;
}

/**
 * The window's chat messages with what their drivers need (one query; one driver per channel): the same message
 * the chat's sender (modules/chat/deliver.ts) builds.
 */
async function loadMessages(deps: Deps, ids: string[]): Promise<Map<string, Loaded>> {
  const out = new Map<string, Loaded>();
  if (ids.length === 0) return out;
  const found = await rows<
    OutboxRow & {
      message_status: string;
      provider_message_id: string | null;
      remark: string | null;
      cost_cents: number | string;
    }
  >(
    deps.database.db,
    selectOutbox(
      sql`m.id = any(${pgArray(ids)}::uuid[])`,
      sql`m.message_status, m.provider_message_id, m.remark, m.cost_cents`,
    ),
  );
  const runtimes = new Map<string, ReturnType<typeof channelRuntime>>();
  // A broadcast's messages share its files: their sizes (Viber needs them) are looked up once.
  const first = found[0];
  const sizes = first
    ? await attachmentSizes(deps.database.db, first.company_id, first.attachments ?? [])
    : new Map<string, number>();
  for (const m of found) {
    let rt = runtimes.get(m.channel_id);
    if (!rt) {
      rt = channelRuntime(deps, {
        id: m.channel_id,
        company_id: m.company_id,
        channel_type: m.channel_type,
        driver: m.driver,
        credentials: m.credentials,
      });
      runtimes.set(m.channel_id, rt);
    }
    out.set(m.id, {
      status: m.message_status,
      providerMessageId: m.provider_message_id,
      remark: m.remark,
      costCents: Number(m.cost_cents),
      channelId: m.channel_id,
      subscriberId: m.subscriber_id,
      driver: rt.driver,
      kind: m.driver,
      context: rt.context,
      message: outboundMessage(deps, m, sizes),
    });
  }
  return out;
}

/**
 * Sends one row's chat message through its channel's driver; the outcome is recorded with the window
 * (recordWindow): on a provider channel as sent (the provider's receipts follow on its webhook), on a sandbox
 * channel as sent and delivered at once (its simulated receipt). A message already sent or failed (a row claimed
 * again) is not sent again. Never throws.
 */
async function sendRow(
  r: Claimed,
  messageId: string,
  cost: number | null,
  m: Loaded | undefined,
): Promise<Outcome> {
  try {
    if (!m) return { row: r, kind: "failed", remark: CHANNEL_GONE };
    if (m.status === "yes") {
      return {
        row: r,
        kind: "sent",
        messageId,
        providerMessageId: m.providerMessageId,
        costCents: m.costCents,
      };
    }
    if (m.status === "failed") return { row: r, kind: "failed", remark: m.remark ?? CHANNEL_GONE };
    if (!m.driver) return { row: r, kind: "failed", remark: CONNECTOR_UNAVAILABLE, room: m, messageId };
    const costCents = cost ?? m.costCents;
    try {
      const { providerMessageId } = await m.driver.send(m.context, m.message);
      return {
        row: r,
        kind: "sent",
        messageId,
        providerMessageId,
        costCents,
        room: m,
        ...(m.driver.kind === "sandbox" ? { sandbox: true } : {}),
      };
    } catch (err) {
      if (err instanceof ChannelRejected)
        return { row: r, kind: "failed", remark: err.message, room: m, messageId };
      if (err instanceof TelegramRetry && err.retryAfterSeconds) {
        return {
          row: r,
          kind: "transient",
          error: `Throttled by the provider (retry after ${err.retryAfterSeconds} s)`,
          retryAfterMs: err.retryAfterSeconds * 1000,
        };
      }
      // Throttled or unreachable: the message stays unsent ('no'), sent as is on the row's next claim.
      return { row: r, kind: "transient", error: errorText(err), retryAfterMs: null };
    }
  } catch (err) {
    return { row: r, kind: "transient", error: errorText(err), retryAfterMs: null };
  }
}

const errorText = (err: unknown) => String((err as Error)?.message ?? err).slice(0, 300);

/**
 * A window's outcomes in one transaction: sent and failed rows (only while still 'sending': a row another worker
 * finished is counted and charged once), rows to retry (failed after MAX_ATTEMPTS), rows not tried back as they
 * were, the broadcast's counts, and the accepted messages' cost charged.
 */
async function recordWindow(deps: Deps, b: Broadcast, outcomes: Outcome[]): Promise<void> {
  const sent = outcomes.flatMap((o) => (o.kind === "sent" ? [o] : []));
  const failed = outcomes.flatMap((o) => (o.kind === "failed" ? [o] : []));
  const transient = outcomes.flatMap((o) => (o.kind === "transient" ? [o] : []));
  const untried = outcomes.flatMap((o) => (o.kind === "untried" ? [o] : []));
  await deps.database.db.transaction(async (tx) => {
    // Messages sent here: their status, as the chat's sender writes it, and their inbox events.
    const sentHere = sent.filter((o) => o.room);
    const failedHere = failed.filter((o) => o.room && o.messageId);
    const byProvider = sentHere.filter((o) => !o.sandbox);
    const bySandbox = sentHere.filter((o) => o.sandbox);
    if (byProvider.length > 0) {
      await tx.execute(
        sql`update chat_messages m set message_status = 'yes', provider_message_id = v.pid,
                   delivery_status = coalesce(m.delivery_status, 'sent'), created_at = coalesce(v.at, m.created_at)
              from jsonb_to_recordset(${JSON.stringify(
                byProvider.map((o) => ({ id: o.messageId, pid: o.providerMessageId, at: o.at ?? null })),
              )}::jsonb) as v(id uuid, pid text, at timestamptz)
             where m.id = v.id and m.message_status = 'no'`,
      );
    }
    // The sandbox's messages: sent and their receipt (delivered, at once) in one statement, as the chat's
    // sender and `applyStatus` write them; the receipt hooks run below, once the rows are recorded.
    const delivered = bySandbox.length
      ? await rows<{ id: string; company_id: string; delivery_status: string | null }>(
          tx,
          sql`update chat_messages m set message_status = 'yes', provider_message_id = v.pid,
                     delivery_status = case when ${forwardCondition("delivered")} then 'delivered'
                                            else m.delivery_status end,
                     created_at = coalesce(v.at, m.created_at)
                from jsonb_to_recordset(${JSON.stringify(
                  bySandbox.map((o) => ({ id: o.messageId, pid: o.providerMessageId, at: o.at ?? null })),
                )}::jsonb) as v(id uuid, pid text, at timestamptz)
               where m.id = v.id and m.message_status = 'no'
              returning m.id, m.company_id, m.delivery_status`,
        )
      : [];
    if (failedHere.length > 0) {
      await tx.execute(
        sql`update chat_messages m set message_status = 'failed', delivery_status = 'failed', remark = v.remark
              from jsonb_to_recordset(${JSON.stringify(
                failedHere.map((o) => ({ id: o.messageId, remark: o.remark })),
              )}::jsonb) as v(id uuid, remark text)
             where m.id = v.id and m.message_status = 'no'`,
      );
    }
    const events = [...sentHere, ...failedHere].map((o) =>
      JSON.stringify({
        event: "message",
        companyId: b.company_id,
        channelId: o.room!.channelId,
        data: { subscriberId: o.room!.subscriberId, messageId: o.messageId },
      }),
    );
    if (events.length > 0) {
      await tx.execute(
        sql`select pg_notify(${EVENTS_CHANNEL}, e) from unnest(${pgArray(events)}::text[]) as e`,
      );
    }
    const done = sent.length
      ? await rows<{ message_id: string; cost: number | string }>(
          tx,
          sql`update broadcast_recipients r set status = 'sent', provider_message_id = v.pid, remark = null,
                     locked_at = null
                from jsonb_to_recordset(${JSON.stringify(
                  sent.map((o) => ({
                    id: o.row.id,
                    pid: o.providerMessageId,
                    cost: o.costCents,
                    mid: o.messageId,
                  })),
                )}::jsonb) as v(id uuid, pid text, cost bigint, mid uuid)
               where r.id = v.id and r.status = 'sending'
              returning v.mid::text as message_id, v.cost`,
        )
      : [];
    let failures = 0;
    if (failed.length > 0) {
      const f = await rows<{ id: string }>(
        tx,
        sql`update broadcast_recipients r set status = 'failed', remark = v.remark, locked_at = null
              from jsonb_to_recordset(${JSON.stringify(
                failed.map((o) => ({ id: o.row.id, remark: o.remark })),
              )}::jsonb) as v(id uuid, remark text)
             where r.id = v.id and r.status = 'sending'
            returning r.id`,
      );
      failures += f.length;
    }
    if (transient.length > 0) {
      const t = await rows<{ status: string }>(
        tx,
        sql`update broadcast_recipients r
               set attempts = r.attempts + 1, locked_at = null,
                   status = case when r.attempts + 1 >= ${MAX_ATTEMPTS} then 'failed' else 'pending' end,
                   remark = case when r.attempts + 1 >= ${MAX_ATTEMPTS} then v.remark else r.remark end
              from jsonb_to_recordset(${JSON.stringify(
                transient.map((o) => ({
                  id: o.row.id,
                  remark: NOT_SENT_AFTER_RETRIES(MAX_ATTEMPTS, o.error),
                })),
              )}::jsonb) as v(id uuid, remark text)
             where r.id = v.id and r.status = 'sending'
            returning r.status`,
      );
      failures += t.filter((x) => x.status === "failed").length;
    }
    if (failures > 0) {
      // A message that was never accepted costs nothing.
      await tx.execute(
        sql`update chat_messages m set cost_cents = 0 from broadcast_recipients r
             where r.id = any(${pgArray([...failed, ...transient].map((o) => o.row.id))}::uuid[])
               and r.status = 'failed' and m.id = r.chat_message_id and m.message_status <> 'yes'
               and m.cost_cents <> 0`,
      );
    }
    if (untried.length > 0) {
      await tx.execute(
        sql`update broadcast_recipients
               set status = case when (select status from broadcasts where id = ${b.id}) = 'cancelled'
                                 then 'cancelled' else 'pending' end,
                   locked_at = null
             where id = any(${pgArray(untried.map((o) => o.row.id))}::uuid[]) and status = 'sending'`,
      );
    }
    if (done.length > 0 || failures > 0) {
      await tx.execute(
        sql`update broadcasts set sent = sent + ${done.length}, failed = failed + ${failures} where id = ${b.id}`,
      );
    }
    const receipts = delivered.filter((d) => d.delivery_status === "delivered");
    if (receipts.length > 0) await runStatusHooks(tx as Tx, deps, receipts, "delivered", null);
    await chargeWindow(
      tx as Tx,
      deps,
      b,
      done.map((d) => ({ messageId: d.message_id, cost: Number(d.cost) })),
    );
    await publish(tx, { event: "broadcast", companyId: b.company_id, data: { broadcastId: b.id } });
  });
}

/** The accepted messages' cost: one capture from the reservation, else the user's balance, else free. */
async function chargeWindow(
  tx: Tx,
  deps: Deps,
  b: Broadcast,
  accepted: { messageId: string; cost: number }[],
): Promise<void> {
  const paid = accepted.filter((a) => a.cost > 0);
  const total = paid.reduce((n, a) => n + a.cost, 0);
  if (total <= 0) return;
  const base = {
    companyId: b.company_id,
    amountCents: total,
    reference: `broadcast:${b.id}`,
    memo: paid.length === 1 ? "Broadcast message accepted" : `${paid.length} broadcast messages accepted`,
  };
  if (b.reservation_id) {
    try {
      await tx.transaction((sp) =>
        captureSend(sp as Tx, deps.queue, { ...base, reservationId: b.reservation_id! }),
      );
      return;
    } catch (err) {
      if (!(err instanceof InsufficientCredit)) throw err;
    }
  }
  const [owner] = b.reservation_id
    ? await rows<{ user_id: string }>(
        tx,
        sql`select user_id from credit_reservations where id = ${b.reservation_id}`,
      )
    : [];
  const payer = owner?.user_id ?? b.created_by;
  if (payer) {
    try {
      await tx.transaction((sp) => chargeNow(sp as Tx, deps.queue, { ...base, userId: payer }));
      return;
    } catch (err) {
      if (!(err instanceof InsufficientCredit)) throw err;
    }
  }
  // Nobody could pay: the messages are recorded free (charged stays equal to the sum of the messages' cost).
  await tx.execute(
    sql`update chat_messages set cost_cents = 0 where id = any(${pgArray(paid.map((a) => a.messageId))}::uuid[])`,
  );
}
