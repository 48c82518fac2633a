/**
 * The `broadcast.deliver` worker: claims a broadcast's pending rows (`for update skip locked`, so workers never
 * hold the same row; rows held longer than CLAIM_TIMEOUT by a worker that died are claimed again), and sends
 * each through the chat: the subscriber (found or made on the broadcast's channel from the number), its room
 * and an outbox chat message are written, then the chat's own sender (modules/chat/deliver.ts) calls the
 * channel's driver with the message id as idempotency key. The inbox shows the message; receipts move the chat
 * message's delivery status (sent -> delivered -> read, failed), which the report reads through
 * `chat_message_id`. Sends pass the channel's rate (modules/sms/rate.ts, shared by all workers; per channel
 * type, configurable with HERALD_BROADCAST_RATE_<TYPE>). A provider error that is not a refusal (throttling, a
 * network failure) puts the row back and retries the job later. Pause and cancel are seen between rows.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Tx } from "../../db/client";
import type { Deps } from "../../deps";
import { publish, publishRoom } from "../../lib/events";
import { CAPABILITIES, type ChannelType } from "../../providers/channels";
import { type AttachmentRow, toAttachment } from "../chat/attachments";
import { OUTSIDE_WINDOW } from "../chat/chat.messages";
import { deliverChatMessage } from "../chat/deliver";
import { statusLog } from "../chat/ingest";
import { rows } from "../contacts/contacts.service";
import { takeSendSlot } from "../sms/rate";
import { pgArray } from "../sms/recipients";

const BATCH = 50;
const CLAIM_TIMEOUT_SECONDS = 300;
const RETRY_AFTER_SECONDS = 5;
const DAY_MS = 24 * 3600_000;

/** Messages per second per channel (documented provider limits; overridable per type). */
const DEFAULT_RATE: Partial<Record<ChannelType, number>> = {
  WHATSAPP: 80,
  TELEGRAM: 30,
  "FACEBOOK MESSENGER": 40,
};

export function broadcastRate(type: ChannelType): number {
  const env = Number(process.env[`HERALD_BROADCAST_RATE_${type.replace(/ /g, "_")}`]);
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
  /** Set when a worker that died had written the chat message already (it is sent, not written again). */
  chat_message_id: string | null;
}

interface Broadcast {
  id: string;
  company_id: string;
  status: string;
  type: "live" | "template";
  channel_id: string | null;
  text: string | null;
  template_variables: { header?: string[]; body?: string[] } | null;
  template_components: unknown;
  template_metadata: Record<string, unknown> | null;
  created_by: string | null;
  /** A live broadcast's attachment (sent with or without text). */
  attachment: AttachmentRow | null;
}

/** The chat outbox message of one recipient (subscriber and room made when missing); null when unreachable. */
async function writeChatMessage(
  deps: Deps,
  tx: Tx,
  b: Broadcast,
  r: Claimed,
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
                ${b.created_by}, 0, ${template ? JSON.stringify(b.template_components) : null}::jsonb,
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

/** Works through a broadcast's pending rows until none is left, it is paused or cancelled, or a send must wait. */
export async function deliverBroadcast(deps: Deps, broadcastId: string): Promise<void> {
  const { db } = deps.database;
  for (;;) {
    const [b] = await rows<Broadcast & { channel_type: ChannelType | null }>(
      db,
      sql`select b.id, b.company_id, b.status, b.type, b.channel_id, b.text, b.template_variables,
                 b.template_components, b.template_metadata, b.created_by, c.channel_type,
                 case when a.id is null then null
                      else json_build_object('id', a.id, 'company_id', a.company_id, 'kind', a.kind, 'mime', a.mime,
                                             'name', a.name, 'size_bytes', a.size_bytes, 'storage_key', a.storage_key)
                 end as attachment
            from broadcasts b left join channels c on c.id = b.channel_id
            left join attachments a on a.id = b.attachment_id
           where b.id = ${broadcastId}`,
    );
    if (!b || b.status === "paused" || b.status === "cancelled" || b.status === "done") return;
    if (b.status === "queued") {
      await db.execute(
        sql`update broadcasts set status = 'running' where id = ${b.id} and status = 'queued'`,
      );
    }
    const claimed = await rows<Claimed>(
      db,
      sql`update broadcast_recipients r set status = 'sending', locked_at = now()
            from (select id from broadcast_recipients
                   where broadcast_id = ${b.id}
                     and (status = 'pending'
                          or (status = 'sending' and locked_at < now() - make_interval(secs => ${CLAIM_TIMEOUT_SECONDS})))
                   order by row
                   limit ${BATCH}
                   for update skip locked) c
           where r.id = c.id
          returning r.id, r.company_id, r.mobile, r.name, r.subscriber_id, r.variables, r.chat_message_id`,
    );
    if (claimed.length === 0) {
      const [left] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from broadcast_recipients where broadcast_id = ${b.id} and status = 'sending'`,
      );
      if ((left?.n ?? 0) === 0) {
        await db.execute(
          sql`update broadcasts set status = 'done' where id = ${b.id} and status = 'running'`,
        );
        await publish(db, { event: "broadcast", companyId: b.company_id, data: { broadcastId: b.id } });
      } else {
        // rows another worker holds: looked at again once a dead worker's claim would have expired
        await deps.queue.enqueue(
          "broadcast.deliver",
          { broadcastId: b.id },
          { startAfterSeconds: CLAIM_TIMEOUT_SECONDS + 1 },
        );
      }
      return;
    }
    let i = 0;
    try {
      for (; i < claimed.length; i++) {
        if (await sendOne(deps, b, claimed, i)) return;
      }
    } catch (err) {
      // an unexpected error: the rows not done go back for the job's retry
      await db.execute(
        sql`update broadcast_recipients set status = 'pending'
             where id in (select unnest(${pgArray(claimed.slice(i).map((x) => x.id))}::uuid[])) and status = 'sending'`,
      );
      throw err;
    }
    await publish(db, { event: "broadcast", companyId: b.company_id, data: { broadcastId: b.id } });
  }
}

/** Sends claimed row `i`; true when the job must stop (paused, cancelled, or waiting after a provider error). */
async function sendOne(
  deps: Deps,
  b: Broadcast & { channel_type: ChannelType | null },
  claimed: Claimed[],
  i: number,
): Promise<boolean> {
  const { db } = deps.database;
  const r = claimed[i]!;
  const [now] = await rows<{ status: string }>(db, sql`select status from broadcasts where id = ${b.id}`);
  if (now?.status !== "running") {
    // paused or cancelled: the rows not sent go back (cancel marks them cancelled)
    const rest = claimed.slice(i).map((x) => x.id);
    await db.execute(
      sql`update broadcast_recipients
             set status = case when ${now?.status ?? "cancelled"} = 'cancelled' then 'cancelled' else 'pending' end
           where id in (select unnest(${pgArray(rest)}::uuid[])) and status = 'sending'`,
    );
    return true;
  }
  // The channel the row goes out on: the chosen subscriber's, or the broadcast's.
  let channel = b.channel_id && b.channel_type ? { id: b.channel_id, type: b.channel_type } : null;
  if (!r.chat_message_id && (r.subscriber_id || b.type === "live")) {
    const [s] = await rows<{
      channel_id: string;
      channel_type: ChannelType;
      last_inbound_at: Date | string | null;
    }>(
      db,
      sql`select s.channel_id, c.channel_type, cr.last_inbound_at
            from subscribers s join channels c on c.id = s.channel_id
            left join chat_rooms cr on cr.subscriber_id = s.id
           where s.company_id = ${b.company_id}
             and ${r.subscriber_id ? sql`s.id = ${r.subscriber_id}` : sql`s.channel_id = ${b.channel_id} and s.platform_id = ${r.mobile}`}`,
    );
    if (s) channel = { id: s.channel_id, type: s.channel_type };
    // A live (free-form) message reaches a subscriber only within 24 hours of their last message.
    const type = s?.channel_type ?? b.channel_type;
    const last = s?.last_inbound_at ? new Date(s.last_inbound_at).getTime() : 0;
    if (b.type === "live" && type && CAPABILITIES[type].window24h && Date.now() - last > DAY_MS) {
      await db.execute(
        sql`update broadcast_recipients set status = 'failed', remark = ${OUTSIDE_WINDOW} where id = ${r.id}`,
      );
      await db.execute(sql`update broadcasts set failed = failed + 1 where id = ${b.id}`);
      return false;
    }
  }
  if (channel) await takeSendSlot(db, rateKey(channel.id), broadcastRate(channel.type));
  const written = r.chat_message_id
    ? { messageId: r.chat_message_id }
    : await db.transaction((tx) => writeChatMessage(deps, tx as Tx, b, r));
  if (!written) {
    await db.execute(
      sql`update broadcast_recipients set status = 'failed', remark = 'Subscriber not found' where id = ${r.id}`,
    );
    await db.execute(sql`update broadcasts set failed = failed + 1 where id = ${b.id}`);
    return false;
  }
  try {
    await deliverChatMessage(deps, written.messageId);
  } catch {
    // Throttled or unreachable: the message stays unsent ('no'); this row (its chat message kept, sent as is
    // on the next claim) and the rest go back and the job comes again after a pause.
    await db.execute(
      sql`update broadcast_recipients set status = 'pending'
           where id in (select unnest(${pgArray(claimed.slice(i).map((x) => x.id))}::uuid[])) and status = 'sending'`,
    );
    await deps.queue.enqueue(
      "broadcast.deliver",
      { broadcastId: b.id },
      { startAfterSeconds: RETRY_AFTER_SECONDS },
    );
    return true;
  }
  const [m] = await rows<{
    message_status: string;
    provider_message_id: string | null;
    remark: string | null;
  }>(
    db,
    sql`select message_status, provider_message_id, remark from chat_messages where id = ${written.messageId}`,
  );
  const failed = m?.message_status === "failed";
  await db.execute(
    sql`update broadcast_recipients
           set status = ${failed ? "failed" : "sent"}, provider_message_id = ${m?.provider_message_id ?? null},
               remark = ${m?.remark ?? null}
         where id = ${r.id}`,
  );
  await db.execute(
    sql`update broadcasts set ${failed ? sql`failed = failed + 1` : sql`sent = sent + 1`} where id = ${b.id}`,
  );
  return false;
}
