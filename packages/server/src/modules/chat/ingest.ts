/**
 * Inbound: the one way a subscriber's message or a delivery receipt enters the inbox, whatever the connector
 * (each connector's webhook verifies its provider's signature, reads the provider's payload into these shapes and
 * calls these functions; the sandbox subscriber page calls them directly).
 *
 * `ingestInbound` runs in one transaction: dedupe on the provider's message id (unique per channel), create or
 * update the subscriber, create the room (status log "Open ticket") or re-open a closed one ("Re-opened by" the
 * subscriber), store the message (with the rows of its downloaded files, modules/chat/media.ts) and move the
 * room's last activity and unread count. Provider webhooks reach it through the inbound job
 * (modules/chat/inbound-job.ts); a duplicate stores nothing, and its caller removes the files it downloaded.
 *
 * `applyStatus` moves an outbound message's delivery status only forward, whatever order receipts arrive in:
 * sent -> delivered -> read, and failed only from nothing or sent; nothing leaves failed or read. An optional
 * provider event id is recorded so a repeated receipt changes nothing. A message that is a compose send's row
 * (WhatsApp, Telegram) moves that row of the outbox too (delivered, or failed).
 *
 * A channel is the company's own (its webhook is verified with a secret the company entered), so its receipts
 * are `company-channel` receipts (credit/spend.ts, ReceiptSource): the receipt hooks get that source, and a
 * receipt moves statuses, never money.
 */
import { sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { DbOrTx, Tx } from "../../db/client";
import { rows } from "../../db/sql";
import type { Deps } from "../../deps";
import { publish, publishRoom } from "../../lib/events";
import type { ReceiptSource } from "../credit/spend";
import { type AttachmentRow, insertAttachments } from "./attachments";

export interface InboundAttachment {
  id?: string;
  type: "image" | "video" | "audio" | "other";
  mime: string;
  url: string;
  name: string;
}

export interface InboundMessage {
  companyId: string;
  channelId: string;
  /** The subscriber's id on the channel. */
  platformId: string;
  subscriberName: string;
  mobile?: string | null;
  profile?: Record<string, unknown>;
  /** The provider's id of this message (dedupe key, unique per channel). */
  providerMessageId: string;
  text: string | null;
  attachments?: InboundAttachment[];
  /** Files downloaded to storage for `attachments`: their rows are stored with the message (not for a duplicate). */
  files?: AttachmentRow[];
  /** A note shown with the message (e.g. a file that could not be downloaded). */
  remark?: string | null;
  whatsappListMessage?: unknown;
  /** When we received it (defaults to now; millisecond precision). */
  at?: Date;
}

export interface IngestResult {
  duplicate: boolean;
  subscriberId: string;
  /** The stored message (the earlier one for a duplicate, when known). */
  messageId: string | null;
  /** The room was created or re-opened by this message. */
  roomOpened: "new" | "re-opened" | null;
}

export type DeliveryStatus = "sent" | "delivered" | "read" | "failed";

/** Whether a message whose delivery status is `current` may move to `next`. */
export function statusMovesForward(current: DeliveryStatus | null, next: DeliveryStatus): boolean {
  if (current === "failed" || current === "read") return false;
  if (next === "failed") return current === null || current === "sent";
  const rank = { sent: 1, delivered: 2, read: 3 } as const;
  return (current === null ? 0 : rank[current]) < rank[next];
}

async function firstTime(tx: Tx, channelId: string, eventId: string, kind: string): Promise<boolean> {
  const r = await rows<{ event_id: string }>(
    tx,
    sql`insert into channel_webhook_events (channel_id, event_id, kind) values (${channelId}, ${eventId}, ${kind})
        on conflict do nothing returning event_id`,
  );
  return r.length > 0;
}

/** Stores one subscriber message (see the module's note). */
export async function ingestInbound(deps: Deps, m: InboundMessage): Promise<IngestResult> {
  return deps.database.db.transaction(async (tx) => {
    const r = await ingestInboundTx(tx, m);
    if (!r.duplicate && m.files?.length) await insertAttachments(tx, m.files, null);
    // Chatbot forwarding: the message leaves for the bot only if it is stored.
    if (!r.duplicate && r.messageId) {
      const [bot] = await rows<{ on: boolean }>(
        tx,
        sql`select (enabled and webhook_url is not null) as on from bot_forwarding where company_id = ${m.companyId}`,
      );
      if (bot?.on) await deps.queue.enqueue("bot.forward", { messageId: r.messageId }, { tx });
    }
    return r;
  });
}

export async function ingestInboundTx(tx: Tx, m: InboundMessage): Promise<IngestResult> {
  const at = m.at ?? new Date();
  const name = m.subscriberName.trim().slice(0, 255) || m.platformId;
  const [sub] = await rows<{ id: string }>(
    tx,
    sql`insert into subscribers (id, company_id, channel_id, platform_id, name, mobile, profile)
        values (${uuidv7()}, ${m.companyId}, ${m.channelId}, ${m.platformId}, ${name}, ${m.mobile ?? null},
                ${JSON.stringify(m.profile ?? {})}::jsonb)
        on conflict (channel_id, platform_id) do update
          set name = excluded.name,
              mobile = coalesce(excluded.mobile, subscribers.mobile),
              profile = subscribers.profile || excluded.profile,
              updated_at = now()
        returning id`,
  );
  const subscriberId = sub!.id;
  const messageId = uuidv7();
  const inserted = await rows<{ id: string }>(
    tx,
    sql`insert into chat_messages (id, company_id, subscriber_id, channel_id, type, text, attachments, remark,
                                   provider_message_id, whatsapp_list_message, created_at)
        values (${messageId}, ${m.companyId}, ${subscriberId}, ${m.channelId}, 'inbox', ${m.text},
                ${JSON.stringify(m.attachments ?? [])}::jsonb, ${m.remark ?? null}, ${m.providerMessageId},
                ${m.whatsappListMessage === undefined ? null : JSON.stringify(m.whatsappListMessage)}::jsonb, ${at})
        on conflict (channel_id, provider_message_id) where provider_message_id is not null do nothing
        returning id`,
  );
  if (inserted.length === 0) {
    const [earlier] = await rows<{ id: string }>(
      tx,
      sql`select id from chat_messages where channel_id = ${m.channelId} and provider_message_id = ${m.providerMessageId}`,
    );
    return { duplicate: true, subscriberId, messageId: earlier?.id ?? null, roomOpened: null };
  }
  const preview = m.text ?? null;
  const [room] = await rows<{ status: string }>(
    tx,
    sql`select status from chat_rooms where subscriber_id = ${subscriberId} for update`,
  );
  let roomOpened: IngestResult["roomOpened"] = null;
  if (!room) {
    await tx.execute(
      sql`insert into chat_rooms (subscriber_id, company_id, channel_id, status, unread_count, last_message_at,
                                  last_message_text, last_inbound_at)
          values (${subscriberId}, ${m.companyId}, ${m.channelId}, 'open', 1, ${at}, ${preview}, ${at})`,
    );
    await statusLog(tx, { companyId: m.companyId, subscriberId, status: "open", at });
    roomOpened = "new";
  } else {
    const reopen = room.status === "closed";
    await tx.execute(
      sql`update chat_rooms
             set unread_count = unread_count + 1,
                 last_message_text = case when last_message_at <= ${at} then ${preview} else last_message_text end,
                 last_message_at = greatest(last_message_at, ${at}),
                 last_inbound_at = greatest(coalesce(last_inbound_at, ${at}), ${at}),
                 status = case when status = 'closed' then 'open' else status end,
                 agent_id = case when status = 'closed' then null else agent_id end,
                 updated_at = now()
           where subscriber_id = ${subscriberId}`,
    );
    if (reopen) {
      await statusLog(tx, { companyId: m.companyId, subscriberId, status: "re-opened", by: { name }, at });
      roomOpened = "re-opened";
    }
  }
  await publishRoom(tx, { companyId: m.companyId, channelId: m.channelId, subscriberId }, messageId);
  return { duplicate: false, subscriberId, messageId, roomOpened };
}

export type StatusLogKind = "open" | "re-opened" | "unassigned" | "assigned" | "in-progress" | "closed";

/** Appends one status-log entry (names kept as they are now). */
export async function statusLog(
  tx: DbOrTx,
  e: {
    companyId: string;
    subscriberId: string;
    status: StatusLogKind;
    by?: { id?: string | null; name: string | null };
    to?: { id: string; name: string };
    at?: Date;
  },
) {
  await tx.execute(
    sql`insert into chat_room_status_logs (id, company_id, subscriber_id, status, assign_by_id, assign_by,
                                           assign_to_id, assign_to, created_at)
        values (${uuidv7()}, ${e.companyId}, ${e.subscriberId}, ${e.status}, ${e.by?.id ?? null},
                ${e.by?.name ?? null}, ${e.to?.id ?? null}, ${e.to?.name ?? null}, ${e.at ?? new Date()})`,
  );
}

/**
 * Runs inside a receipt's transaction for the outbox messages it moved (e.g. broadcasts' recipient rows);
 * `receipt.source` says who vouches for the receipt (always "company-channel" for a channel's receipts).
 */
export type StatusHook = (
  tx: Tx,
  changed: { id: string; company_id: string }[],
  status: DeliveryStatus,
  remark: string | null,
  receipt: { source: ReceiptSource; deps: Deps },
) => Promise<void>;
/** Who vouches for a channel's receipts: the company (see the module's note). */
export const CHANNEL_RECEIPT: ReceiptSource = "company-channel";
const statusHooks = new Set<StatusHook>();
/** Registers a receipt hook; returns a function that removes it. */
export function registerStatusHook(fn: StatusHook): () => void {
  statusHooks.add(fn);
  return () => {
    statusHooks.delete(fn);
  };
}

/** Runs the receipt hooks for messages a receipt moved (applyStatus; bulk senders that apply their own). */
export async function runStatusHooks(
  tx: Tx,
  deps: Deps,
  changed: { id: string; company_id: string }[],
  status: DeliveryStatus,
  remark: string | null,
): Promise<void> {
  const receipt = { source: CHANNEL_RECEIPT, deps };
  for (const hook of statusHooks) await hook(tx, changed, status, remark, receipt);
}

/**
 * Applies a receipt to our message `providerMessageId` on the channel (see the module's note). Answers whether it
 * changed the message; `duplicate` when the event id was seen before. An unknown message id is ignored.
 */
export async function applyStatus(
  deps: Deps,
  r: {
    channelId: string;
    providerMessageId: string;
    status: DeliveryStatus;
    remark?: string | null;
    eventId?: string;
  },
): Promise<{ applied: boolean; duplicate: boolean }> {
  return deps.database.db.transaction(async (tx) => {
    if (r.eventId && !(await firstTime(tx, r.channelId, r.eventId, r.status))) {
      return { applied: false, duplicate: true };
    }
    const changed = await rows<{ id: string; subscriber_id: string; company_id: string }>(
      tx,
      sql`update chat_messages
             set delivery_status = ${r.status},
                 message_status = case when ${r.status} = 'failed' then 'failed' else 'yes' end,
                 remark = case when ${r.status} = 'failed' then coalesce(${r.remark ?? null}, remark) else remark end
           where channel_id = ${r.channelId} and provider_message_id = ${r.providerMessageId} and type = 'outbox'
             and ${forwardCondition(r.status)}
           returning id, subscriber_id, company_id`,
    );
    // A compose send's row (its room message has the row's id, modules/sms/chat-send.ts) follows the receipt.
    if (changed.length > 0 && r.status !== "sent") {
      await tx.execute(
        sql`update sms_messages
               set status = ${r.status === "failed" ? "failed" : "delivered"}, delivered_st = ${r.status},
                   delivered_at = now()
             where id = any(${`{${changed.map((c) => c.id).join(",")}}`}::uuid[]) and status = 'accepted'`,
      );
    }
    for (const c of changed) {
      await publish(tx, {
        event: "message",
        companyId: c.company_id,
        channelId: r.channelId,
        data: { subscriberId: c.subscriber_id, messageId: c.id },
      });
    }
    if (changed.length > 0) await runStatusHooks(tx as Tx, deps, changed, r.status, r.remark ?? null);
    return { applied: changed.length > 0, duplicate: false };
  });
}

/** SQL form of `statusMovesForward` on `delivery_status`. */
export function forwardCondition(next: DeliveryStatus) {
  switch (next) {
    case "sent":
      return sql`delivery_status is null`;
    case "delivered":
      return sql`(delivery_status is null or delivery_status = 'sent')`;
    case "read":
      return sql`(delivery_status is null or delivery_status in ('sent', 'delivered'))`;
    case "failed":
      return sql`(delivery_status is null or delivery_status = 'sent')`;
  }
}
