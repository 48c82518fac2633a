/**
 * What SMS gateways tell us: delivery reports and inbound (mobile-originated) messages, from the signed webhooks
 * (`/webhooks/sms/{provider}/delivery` and `/inbound`) or pushed by a driver over its own connection
 * (`SmsProvider.onEvent`, SMPP deliver_sm). Every event is handled once: its id is recorded in
 * `sms_webhook_events` in the transaction that applies it, so a repeat answers `duplicate: true` and changes
 * nothing.
 *
 * Delivery reports only move a message forward: accepted -> delivered | failed; a report for a message that is
 * already delivered or failed, or an older state, is recorded and ignored. A report for an unknown message id
 * is acknowledged and ignored. Receipts do not change what was charged (the gateway charged the accepted parts),
 * except a `rejected` receipt — the network refused a message the gateway had accepted, which gateways do not bill:
 * the message becomes not billable and its cost goes back to the user who paid it (an auto-reply, paid from the
 * corporate balance, is not refunded to anyone's balance). These receipts come from the operator's own gateway
 * (its webhook secret, its SMPP bind), so they are `platform` receipts (credit/spend.ts, ReceiptSource): the only
 * receipts that can give a charge back.
 *
 * Inbound messages reach a company only through a number it owns (modules/registry/routing.ts): a number the
 * operator assigned to it alone, or a shared number whose first word is the company's keyword there. They land in
 * that company's `sms_inbox` (private to its active user whose sender IDs include the number, if any); a message
 * no company owns goes to `unrouted_inbound` for the operator, never to a company (not to the one that last sent
 * to the subscriber, nor to a user that merely lists the number). The command word — the first word, or on a
 * shared number the word after the keyword (the keyword itself when nothing follows) — is matched against the
 * company's keywords: a 'sub' keyword puts the number on the subscribe list (and off the unsubscribe list). A
 * STOP — the words STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT, or an 'unsub' keyword of the company — stops
 * every company that sends from that number: the subscriber goes on the unsubscribe list of each company owning
 * the number (every owner of a shared one) or an approved sender ID equal to it, which suppresses the number in
 * their sends, and their scheduled messages to it are cancelled (credit released). A STOP word to a number whose
 * message reaches no company still does so. An enabled auto-reply of the keyword is sent back through the outbox,
 * from the number when the company owns it as a sender ID (else the platform's default), charged to the
 * corporate balance when the gateway accepts it.
 */
import { isReceiptStatus, type MessageState, moveMessage } from "@herald/domain";
import { sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Tx } from "../../db/client";
import { rows } from "../../db/sql";
import type { Deps } from "../../deps";
import { BadRequest, NotFound, Unauthorized } from "../../errors";
import { type SmsProviderEvent, signHeraldPayload, verifyHeraldSignature } from "../../providers/sms";
import { normalizeContactMobile } from "../contacts/mobile";
import { priceOf } from "../credit/prices";
import { refundSend } from "../credit/spend";
import { matchKeyword } from "../keywords/keywords.service";
import {
  companiesSendingFrom,
  inboundAddress,
  receivingUser,
  recordUnrouted,
  routeInbound,
  STOP_WORDS,
} from "../registry/routing";
import { ownedNumberSender } from "../registry/sender-ids";
import { cancelScheduledTo } from "./cancel";
import { enqueueDelivery } from "./compose.service";
import { priced } from "./recipients";

export const INVALID_SIGNATURE = "Invalid signature";
export const UNKNOWN_PROVIDER = "Unknown SMS provider";

type DeliveryEvent = Extract<SmsProviderEvent, { kind: "delivery" }>;
type InboundEvent = Extract<SmsProviderEvent, { kind: "inbound" }>;

/** The generic gateway's signature (shared with the SMS providers): verify on receipt, sign in tests. */
export function verifySmsSignature(
  rawBody: string,
  header: string | undefined,
  secret: string,
  now = Date.now(),
) {
  return verifyHeraldSignature(rawBody, header, secret, new Date(now));
}
export function signSmsBody(rawBody: string, secret: string, now = Date.now()): string {
  return signHeraldPayload(rawBody, secret, new Date(now));
}

const DELIVERY_STATUSES = new Set(["accepted", "delivered", "failed", "expired", "rejected", "unknown"]);

async function firstTime(tx: Tx, provider: string, eventId: string, kind: string): Promise<boolean> {
  const r = await rows<{ event_id: string }>(
    tx,
    sql`insert into sms_webhook_events (provider, event_id, kind) values (${provider}, ${eventId}, ${kind})
        on conflict do nothing returning event_id`,
  );
  return r.length > 0;
}

/** Applies a delivery report (see the module's note). */
export async function applyDelivery(
  deps: Deps,
  provider: string,
  ev: DeliveryEvent,
): Promise<{ duplicate: boolean; matched: boolean }> {
  return deps.database.db.transaction(async (tx) => {
    if (!(await firstTime(tx, provider, ev.eventId, "delivery"))) return { duplicate: true, matched: true };
    type Row = {
      id: string;
      status: string;
      delivered_st: string | null;
      company_id: string;
      user_id: string;
      reservation_id: string | null;
      cost_cents: string | number;
      error: string | null;
    };
    const cols = sql`id::text as id, status, delivered_st, company_id::text as company_id, user_id::text as user_id,
      reservation_id::text as reservation_id, cost_cents, error`;
    let [m] = await rows<Row>(
      tx,
      sql`select ${cols} from sms_messages
           where provider = ${provider} and provider_message_id = ${ev.providerMessageId} limit 1 for update`,
    );
    if (!m) {
      [m] = await rows<Row>(
        tx,
        sql`select ${cols} from sms_messages
             where part_ids @> array[${ev.providerMessageId}]::text[] and provider = ${provider} limit 1 for update`,
      );
    }
    if (!m) {
      // Not (yet) ours: forgotten, so the same report can be applied when it comes again (a receipt may
      // overtake the gateway's answer to the submission, see providerEventHandler).
      await tx.execute(
        sql`delete from sms_webhook_events where provider = ${provider} and event_id = ${ev.eventId}`,
      );
      return { duplicate: false, matched: false };
    }
    // A final report moves the message by its life's rules (@herald/domain message-life); a report on the way
    // ("accepted", "unknown") only records what the gateway said first.
    const move = isReceiptStatus(ev.status)
      ? moveMessage(m.status as MessageState, { type: "receipt", status: ev.status, source: "platform" })
      : null;
    if (move) {
      await tx.execute(sql`update sms_messages
        set status = ${move.state}, delivered_st = ${ev.status},
            delivered_at = ${(ev.doneAt ?? new Date()).toISOString()}::timestamptz,
            error = coalesce(${ev.errorCode ?? null}, error),
            billable = billable and ${ev.status !== "rejected"}
        where id = ${m.id}::uuid`);
      const cost = Number(m.cost_cents);
      // Charged (no "Not charged" note) from the user's reservation or balance: given back.
      if (move.charge === "refund" && m.reservation_id && !m.error && cost > 0) {
        await refundSend(tx, deps.queue, {
          companyId: m.company_id,
          userId: m.user_id,
          amountCents: cost,
          reference: `msg:${m.id}`,
          memo: "Message rejected by the network",
          source: "platform",
        });
      }
    } else if (m.status === "accepted" && !isReceiptStatus(ev.status) && m.delivered_st === null) {
      await tx.execute(sql`update sms_messages set delivered_st = ${ev.status} where id = ${m.id}::uuid`);
    }
    return { duplicate: false, matched: true };
  });
}

/** Stores an inbound SMS where it belongs and applies keywords and STOP (see the module's note). */
export async function applyInbound(
  deps: Deps,
  provider: string,
  ev: InboundEvent,
): Promise<{ duplicate: boolean }> {
  return deps.database.db.transaction(async (tx) => {
    if (!(await firstTime(tx, provider, ev.eventId, "inbound"))) return { duplicate: true };
    const parsed = normalizeContactMobile(ev.from, "SG");
    const from = parsed.ok ? parsed.mobile : ev.from.replace(/[^0-9A-Za-z]/g, "").slice(0, 32);
    const to = ev.to.trim().slice(0, 64);
    const number = inboundAddress(to);
    const words = ev.text.trim().split(/\s+/);
    const first = words[0] ?? "";
    const route = await routeInbound(tx, number, first);
    if (!route.routed) {
      await recordUnrouted(tx, {
        provider,
        providerMessageId: ev.eventId,
        from,
        to,
        text: ev.text,
        reason: route.reason,
        receivedAt: ev.receivedAt,
      });
      // A STOP still stops every company that sends from the number, though no company receives the message.
      if (parsed.ok && STOP_WORDS.has(first.toUpperCase())) await stopAll(tx, number, from, null);
      return { duplicate: false };
    }
    const { companyId } = route;
    // On a shared number the first word picked the company; the word after it is the command.
    const command = route.shared ? (words[1] ?? first) : first;
    const keyword = command ? await matchKeyword(tx, companyId, command) : undefined;
    const receiverUserId = await receivingUser(tx, companyId, number);
    const inboxId = uuidv7();
    await tx.execute(sql`insert into sms_inbox (id, company_id, from_number, to_address, text, receiver_user_id,
        provider, provider_message_id, keyword_id, created_at)
      values (${inboxId}::uuid, ${companyId}::uuid, ${from}, ${to}, ${ev.text}, ${receiverUserId}::uuid, ${provider},
        ${ev.eventId}, ${keyword?.id ?? null}::uuid, ${ev.receivedAt.toISOString()}::timestamptz)
      on conflict do nothing`);
    if (!parsed.ok) return { duplicate: false };
    const stop =
      STOP_WORDS.has(first.toUpperCase()) ||
      STOP_WORDS.has(command.toUpperCase()) ||
      keyword?.type === "unsub";
    if (stop) await stopAll(tx, number, from, { companyId, by: keyword?.createdBy ?? null });
    else if (keyword?.type === "sub") await subscribe(tx, companyId, from, "sub", keyword.createdBy ?? null);
    if (keyword && keyword.autoReplyStatus === "enable" && keyword.autoReply?.trim()) {
      // From the number it came to when the company owns it as a sender ID; otherwise the platform's default.
      const sender = await ownedNumberSender(tx, companyId, number);
      await autoReply(tx, deps, companyId, from, keyword.autoReply, keyword.createdBy, sender);
    }
    return { duplicate: false };
  });
}

/**
 * A STOP to `number`: the subscriber goes on the unsubscribe list of every company that sends from the number
 * (its inbound owners and the owner of the sender ID) and of the company the message reached, and their
 * scheduled messages to the subscriber are cancelled.
 */
async function stopAll(
  tx: Tx,
  number: string,
  mobile: string,
  routed: { companyId: string; by: string | null } | null,
) {
  const companies = new Set(await companiesSendingFrom(tx, number));
  if (routed) companies.add(routed.companyId);
  for (const c of companies) {
    await subscribe(tx, c, mobile, "unsub", c === routed?.companyId ? routed.by : null);
  }
}

/** Puts the number on the `type` list and off the other one; an unsubscribe cancels its scheduled messages. */
async function subscribe(
  tx: Tx,
  companyId: string,
  mobile: string,
  type: "sub" | "unsub",
  by: string | null,
) {
  const other = type === "sub" ? "unsub" : "sub";
  await tx.execute(sql`update mobile_subscriptions set status = 'deleted', deleted_at = now()
    where company_id = ${companyId}::uuid and contact_number = ${mobile} and type = ${other} and status <> 'deleted'`);
  await tx.execute(sql`insert into mobile_subscriptions (id, company_id, contact_number, type, status, created_by)
    values (${uuidv7()}::uuid, ${companyId}::uuid, ${mobile}, ${type}, 'active', ${by}::uuid) on conflict do nothing`);
  if (type === "unsub") await cancelScheduledTo(tx, companyId, mobile);
}

async function autoReply(
  tx: Tx,
  deps: Deps,
  companyId: string,
  to: string,
  text: string,
  createdBy: string | null,
  sender: string | null,
) {
  const [user] = await rows<{ id: string }>(
    tx,
    sql`select id::text as id from users where company_id = ${companyId}::uuid
         and (id = ${createdBy}::uuid or is_owner) order by (id = ${createdBy}::uuid) desc nulls last, created_at
         limit 1`,
  );
  if (!user) return;
  const p = priced("sms", text, { sms: await priceOf(tx, deps.config, companyId, "sms"), email: 0 });
  const sendId = uuidv7();
  const id = uuidv7();
  await tx.execute(sql`insert into sms_sends (id, company_id, user_id, channel, sender_id, body, frequency, status,
      recipients, segments, cost_cents)
    values (${sendId}::uuid, ${companyId}::uuid, ${user.id}::uuid, 'sms', ${sender}, ${text}, 'now', 'queued', 1,
      ${p.segments}, ${p.costCents})`);
  await tx.execute(sql`insert into sms_messages (id, company_id, send_id, user_id, channel, sender_id, recipient,
      text, encoding, segments, cost_cents, status, idempotency_key)
    values (${id}::uuid, ${companyId}::uuid, ${sendId}::uuid, ${user.id}::uuid, 'sms', ${sender}, ${to}, ${text},
      ${p.encoding}, ${p.segments}, ${p.costCents}, 'queued', ${`send:${id}`})`);
  await enqueueDelivery(tx, deps.queue, [id]);
}

/** The SMS webhooks: the provider must be the configured one with a webhook secret; the body must be signed. */
export async function smsWebhook(
  deps: Deps,
  kind: "delivery" | "inbound",
  provider: string,
  rawBody: string | undefined,
  headers: Record<string, string | string[] | undefined>,
): Promise<{ received: true; duplicate: boolean }> {
  const secret = deps.config.sending.smsWebhookSecret;
  const known = deps.sms.gatewayNames ?? [deps.sms.name];
  if (!known.includes(provider) || !secret) throw new NotFound(UNKNOWN_PROVIDER);
  const header = headers["x-herald-signature"];
  if (!verifySmsSignature(rawBody ?? "", Array.isArray(header) ? header[0] : header, secret)) {
    throw new Unauthorized(INVALID_SIGNATURE);
  }
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(rawBody ?? "") as Record<string, unknown>;
  } catch {
    throw new BadRequest("Unreadable event");
  }
  const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);
  const eventId = str(body.eventId) ?? str(body.messageId);
  if (!eventId) throw new BadRequest("The event has no eventId or messageId");
  if (kind === "delivery") {
    const messageId = str(body.messageId);
    const status = str(body.status);
    if (!messageId || !status || !DELIVERY_STATUSES.has(status))
      throw new BadRequest("Unreadable delivery report");
    const doneAt = str(body.doneAt) ? new Date(String(body.doneAt)) : undefined;
    const event: DeliveryEvent = {
      kind: "delivery",
      eventId: str(body.eventId) ? `${eventId}` : `${messageId}:${status}`,
      providerMessageId: messageId,
      status: status as DeliveryEvent["status"],
      errorCode: typeof body.errorCode === "string" ? body.errorCode : null,
      ...(doneAt && !Number.isNaN(doneAt.getTime()) ? { doneAt } : {}),
    };
    const r = await applyDelivery(deps, provider, event);
    // Not ours yet (the gateway's receipt overtook the recording of its answer): kept, applied on acceptance.
    if (!r.matched) await keepEarlyReceipt(deps, provider, event);
    return { received: true, duplicate: r.duplicate };
  }
  const from = str(body.from);
  const to = str(body.to) ?? "";
  if (!from || typeof body.text !== "string") throw new BadRequest("Unreadable inbound message");
  const at = str(body.receivedAt) ? new Date(String(body.receivedAt)) : new Date();
  const r = await applyInbound(deps, provider, {
    kind: "inbound",
    eventId,
    from,
    to,
    text: body.text,
    receivedAt: Number.isNaN(at.getTime()) ? new Date() : at,
  });
  return { received: true, duplicate: r.duplicate };
}

/** Waits before applying again a pushed receipt whose message is not known yet (milliseconds). */
export const RECEIPT_RETRY_MS = [250, 500, 1000, 2000];

/**
 * Receiver of events pushed by the driver (registered with `deps.sms.onEvent`). A delivery receipt can arrive
 * before the worker has recorded the gateway's answer to the submission (the receipt names a message id we do
 * not know yet): it is applied again after a growing pause, for about 4 seconds, then kept until the worker
 * records the acceptance (`applyEarlyReceipts`), and acknowledged.
 */
export function providerEventHandler(deps: Deps, retryMs: readonly number[] = RECEIPT_RETRY_MS) {
  return async (event: SmsProviderEvent): Promise<void> => {
    // With routes, the gateway that pushed it: receipts are matched within the gateway that took the message.
    const provider = event.gateway ?? deps.sms.name;
    if (event.kind !== "delivery") {
      await applyInbound(deps, provider, event);
      return;
    }
    for (let i = 0; ; i++) {
      const r = await applyDelivery(deps, provider, event);
      const wait = retryMs[i];
      if (r.matched) return;
      if (wait === undefined) return keepEarlyReceipt(deps, provider, event);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
}

/**
 * A receipt for a message whose acceptance is not recorded yet, kept until it is (`applyEarlyReceipts`, called
 * by the worker right after recording acceptances). Applied once more after keeping it, in case the acceptance
 * was recorded in between; the receipt's event id makes applying it twice harmless.
 */
async function keepEarlyReceipt(deps: Deps, provider: string, event: DeliveryEvent) {
  const { db } = deps.database;
  await db.execute(sql`delete from sms_early_receipts where received_at < now() - interval '1 day'`);
  await db.execute(sql`insert into sms_early_receipts (provider, event_id, provider_message_id, event)
    values (${provider}, ${event.eventId}, ${event.providerMessageId}, ${JSON.stringify(event)}::jsonb)
    on conflict do nothing`);
  const r = await applyDelivery(deps, provider, event);
  if (r.matched)
    await db.execute(
      sql`delete from sms_early_receipts where provider = ${provider} and event_id = ${event.eventId}`,
    );
}

/** Applies the kept receipts of messages just recorded as accepted (their provider and any of their ids). */
export async function applyEarlyReceipts(
  deps: Deps,
  accepted: readonly { provider: string; ids: readonly string[] }[],
): Promise<void> {
  if (accepted.length === 0) return;
  const keys = accepted.flatMap((a) => a.ids.map((id) => ({ provider: a.provider, id })));
  const early = await rows<{ provider: string; event: DeliveryEvent & { doneAt?: string } }>(
    deps.database.db,
    sql`delete from sms_early_receipts e
         using jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as k(provider text, id text)
         where e.provider = k.provider and e.provider_message_id = k.id
        returning e.provider, e.event`,
  );
  for (const { provider, event } of early) {
    const doneAt = event.doneAt ? new Date(event.doneAt) : undefined;
    await applyDelivery(deps, provider, { ...event, ...(doneAt ? { doneAt } : {}) } as DeliveryEvent);
  }
}
