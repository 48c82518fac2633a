/**
 * The `broadcast.deliver` worker: claims a broadcast's pending rows a window at a time (`for update skip locked`,
 * so workers never hold the same row; rows held longer than CLAIM_TIMEOUT by a worker that died are claimed
 * again), and sends each through the chat: the subscriber (found or made on the broadcast's channel from the
 * number), its room and an outbox chat message are written (one transaction per window), then sent through the
 * channel's driver with the message id as idempotency key, as the chat's own sender does (modules/chat/deliver.ts:
 * the same driver message, a refusal marks the message failed, a sandbox channel's receipt comes at once). The
 * inbox shows the messages; receipts move a chat message's delivery status (sent -> delivered -> read, failed),
 * which the report reads through `chat_message_id`. A window's sends are taken from the channel's rate at once
 * (modules/sms/rate.ts, shared by all workers; per channel type, configurable with HERALD_BROADCAST_RATE_<TYPE>);
 * a window holds a tenth of a second's worth, and a fast channel's broadcast runs several windows at a time. A
 * provider error that is not a refusal (throttling, a network failure) puts the row and those not tried yet back
 * and retries the job later. Pause and cancel are seen between windows.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { DbOrTx, Tx } from "../../db/client";
import type { Deps } from "../../deps";
import { EVENTS_CHANNEL, publish } from "../../lib/events";
import { CAPABILITIES, ChannelRejected, type ChannelType } from "../../providers/channels";
import { TelegramRetry } from "../../providers/channels/telegram";
import { channelRuntime } from "../channels/channels.service";
import { type AttachmentRow, toAttachment } from "../chat/attachments";
import { CONNECTOR_UNAVAILABLE, OUTSIDE_WINDOW } from "../chat/chat.messages";
import { attachmentSizes, type OutboxRow, outboundMessage } from "../chat/deliver";
import { forwardCondition, runStatusHooks } from "../chat/ingest";
import { rows } from "../contacts/contacts.service";
import { takeSendSlots } from "../sms/rate";
import { pgArray } from "../sms/recipients";

/** Rows per window at most (a window is a tenth of the channel's rate, at least one row). */
const WINDOW = 500;
/** Windows in progress at a time for a channel this fast or faster (each its own claim). */
const PARALLEL_FROM_RATE = 1000;
const PARALLEL_WINDOWS = 4;
/** Sends in flight per window. */
const CONCURRENCY = 8;
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
  row: number;
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

type Loaded = Broadcast & { channel_type: ChannelType | null };

/** Where a written row's message went. */
interface Written {
  messageId: string;
  subscriberId: string;
  channelId: string;
}

/** Room and message events of written messages, one `pg_notify` each, in one statement. */
async function notifyAll(tx: DbOrTx, events: object[]): Promise<void> {
  if (events.length === 0) return;
  await tx.execute(
    sql`select pg_notify(${EVENTS_CHANNEL}, e) from unnest(${pgArray(events.map((e) => JSON.stringify(e)))}::text[]) e`,
  );
}

/**
 * The chat outbox messages of a window's rows, in the caller's transaction (subscribers and rooms made when
 * missing); a row maps to null when it cannot be reached (its subscriber is gone, or no channel to make one on).
 */
async function writeChatMessages(
  deps: Deps,
  tx: Tx,
  b: Broadcast,
  list: Claimed[],
): Promise<Map<string, Written | null>> {
  const out = new Map<string, Written | null>();
  if (list.length === 0) return out;
  // Chosen subscribers: on their own channel.
  const chosen = [...new Set(list.flatMap((r) => (r.subscriber_id ? [r.subscriber_id] : [])))];
  const channelOf = new Map<string, string>();
  if (chosen.length > 0) {
    const found = await rows<{ id: string; channel_id: string }>(
      tx,
      sql`select id, channel_id from subscribers
           where id = any(${pgArray(chosen)}::uuid[]) and company_id = ${b.company_id}`,
    );
    for (const s of found) channelOf.set(s.id, s.channel_id);
  }
  // Numbers: their subscriber on the broadcast's channel, found or made.
  const byNumber = new Map<string, string>();
  const names = new Map<string, string>();
  if (b.channel_id) {
    for (const r of list)
      if (!r.subscriber_id && !names.has(r.mobile)) names.set(r.mobile, r.name || r.mobile);
  }
  if (names.size > 0) {
    const mobiles = [...names.keys()].sort();
    const made = await rows<{ id: string; platform_id: string }>(
      tx,
      sql`insert into subscribers (id, company_id, channel_id, platform_id, name, mobile)
          select v.id, ${b.company_id}, ${b.channel_id}, v.mobile, v.name, v.mobile
            from unnest(${pgArray(mobiles.map(() => uuidv7()))}::uuid[], ${pgArray(mobiles)}::text[],
                        ${pgArray(mobiles.map((m) => names.get(m)!))}::text[]) as v(id, mobile, name)
          on conflict (channel_id, platform_id) do update set mobile = coalesce(subscribers.mobile, excluded.mobile)
          returning id, platform_id`,
    );
    for (const s of made) byNumber.set(s.platform_id, s.id);
  }
  const at = new Date();
  const template = b.type === "template";
  const written: (Written & { row: Claimed; variables: string })[] = [];
  for (const r of list) {
    const subscriberId = r.subscriber_id ?? (b.channel_id ? byNumber.get(r.mobile) : undefined);
    const channelId = r.subscriber_id ? channelOf.get(r.subscriber_id) : b.channel_id;
    if (!subscriberId || !channelId) {
      out.set(r.id, null);
      continue;
    }
    const variables = template
      ? JSON.stringify({
          header: b.template_variables?.header ?? [],
          body: r.variables ?? b.template_variables?.body ?? [],
        })
      : "";
    const w = { messageId: uuidv7(), subscriberId, channelId };
    out.set(r.id, w);
    written.push({ ...w, row: r, variables });
  }
  if (written.length === 0) return out;
  await tx.execute(
    sql`insert into chat_messages (id, company_id, subscriber_id, channel_id, type, text, attachments, message_status,
                                   sent_by, cost_cents, whatsapp_template_components, whatsapp_template_variables,
                                   whatsapp_template_metadata, created_at)
        select v.id, ${b.company_id}, v.subscriber_id, v.channel_id, 'outbox', ${template ? null : b.text},
               ${JSON.stringify(!template && b.attachment ? [toAttachment(deps, b.attachment)] : [])}::jsonb, 'no',
               ${b.created_by}, 0, ${template ? JSON.stringify(b.template_components) : null}::jsonb,
               nullif(v.variables, '')::jsonb, ${template ? JSON.stringify(b.template_metadata) : null}::jsonb, ${at}
          from unnest(${pgArray(written.map((w) => w.messageId))}::uuid[],
                      ${pgArray(written.map((w) => w.subscriberId))}::uuid[],
                      ${pgArray(written.map((w) => w.channelId))}::uuid[],
                      ${pgArray(written.map((w) => w.variables))}::text[]) as v(id, subscriber_id, channel_id, variables)`,
  );
  const preview = template ? String(b.template_metadata?.name ?? "") : b.text;
  const rooms = new Map<string, string>();
  for (const w of written) rooms.set(w.subscriberId, w.channelId);
  const roomIds = [...rooms.keys()].sort();
  const made = await rows<{ subscriber_id: string; inserted: boolean }>(
    tx,
    sql`insert into chat_rooms (subscriber_id, company_id, channel_id, status, unread_count, last_message_at,
                                last_message_text)
        select v.subscriber_id, ${b.company_id}, v.channel_id, 'open', 0, ${at}, ${preview}
          from unnest(${pgArray(roomIds)}::uuid[], ${pgArray(roomIds.map((s) => rooms.get(s)!))}::uuid[])
               as v(subscriber_id, channel_id)
        on conflict (subscriber_id) do update
          set last_message_at = greatest(chat_rooms.last_message_at, excluded.last_message_at),
              last_message_text = excluded.last_message_text, updated_at = now()
        returning subscriber_id, (xmax = 0) as inserted`,
  );
  const opened = made.filter((m) => m.inserted).map((m) => m.subscriber_id);
  if (opened.length > 0) {
    // the rooms' status log: opened (as `statusLog` writes it)
    await tx.execute(
      sql`insert into chat_room_status_logs (id, company_id, subscriber_id, status, assign_by_id, assign_by,
                                             assign_to_id, assign_to, created_at)
          select v.id, ${b.company_id}, v.subscriber_id, 'open', null, null, null, null, ${at}
            from unnest(${pgArray(opened.map(() => uuidv7()))}::uuid[], ${pgArray(opened)}::uuid[])
                 as v(id, subscriber_id)`,
    );
  }
  const rids = pgArray(written.map((w) => w.row.id));
  await tx.execute(
    sql`update broadcast_recipients r set chat_message_id = v.mid
          from unnest(${rids}::uuid[], ${pgArray(written.map((w) => w.messageId))}::uuid[]) as v(rid, mid)
         where r.id = any(${rids}::uuid[]) and r.id = v.rid`,
  );
  await notifyAll(
    tx,
    written.flatMap((w) => {
      const base = { companyId: b.company_id, channelId: w.channelId };
      return [
        { ...base, event: "room", data: { subscriberId: w.subscriberId } },
        { ...base, event: "message", data: { subscriberId: w.subscriberId, messageId: w.messageId } },
      ];
    }),
  );
  return out;
}

async function loadBroadcast(db: DbOrTx, broadcastId: string): Promise<Loaded | undefined> {
  const [b] = await rows<Loaded>(
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
  return b;
}

const stopped = (b: Loaded | undefined) =>
  !b || b.status === "paused" || b.status === "cancelled" || b.status === "done";

/** Works through a broadcast's pending rows until none is left, it is paused or cancelled, or a send must wait. */
export async function deliverBroadcast(deps: Deps, broadcastId: string): Promise<void> {
  const { db } = deps.database;
  const first = await loadBroadcast(db, broadcastId);
  if (stopped(first)) return;
  const rate = first!.channel_type ? broadcastRate(first!.channel_type) : (DEFAULT_RATE.WHATSAPP ?? 20);
  const window = Math.max(1, Math.min(WINDOW, Math.floor(rate / 10)));
  const state = { stop: false };
  const runs = await Promise.allSettled(
    Array.from({ length: rate >= PARALLEL_FROM_RATE ? PARALLEL_WINDOWS : 1 }, () =>
      windows(deps, broadcastId, window, state),
    ),
  );
  const failed = runs.find((r) => r.status === "rejected");
  if (failed) throw (failed as PromiseRejectedResult).reason;
  if (state.stop) return;
  // Nothing left to claim.
  const [left] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from broadcast_recipients where broadcast_id = ${broadcastId} and status = 'sending'`,
  );
  if ((left?.n ?? 0) === 0) {
    const [b] = await rows<{ company_id: string }>(
      db,
      sql`update broadcasts set status = 'done' where id = ${broadcastId} and status = 'running'
          returning company_id`,
    );
    await publish(db, {
      event: "broadcast",
      companyId: b?.company_id ?? first!.company_id,
      data: { broadcastId },
    });
  } else {
    // rows another worker holds: looked at again once a dead worker's claim would have expired
    await deps.queue.enqueue(
      "broadcast.deliver",
      { broadcastId },
      { startAfterSeconds: CLAIM_TIMEOUT_SECONDS + 1 },
    );
  }
}

/** Claims and sends windows of rows until none is left or the job must stop (`state.stop`, shared). */
async function windows(deps: Deps, broadcastId: string, size: number, state: { stop: boolean }) {
  const { db } = deps.database;
  while (!state.stop) {
    const b = await loadBroadcast(db, broadcastId);
    if (stopped(b)) {
      state.stop = true;
      return;
    }
    if (b!.status === "queued") {
      await db.execute(
        sql`update broadcasts set status = 'running' where id = ${b!.id} and status = 'queued'`,
      );
    }
    const claimed = await rows<Claimed>(
      db,
      sql`update broadcast_recipients r set status = 'sending', locked_at = now()
            from (select id from broadcast_recipients
                   where broadcast_id = ${b!.id} and status in ('pending', 'sending')
                     and (status = 'pending'
                          or (status = 'sending' and locked_at < now() - make_interval(secs => ${CLAIM_TIMEOUT_SECONDS})))
                   order by row
                   limit ${size}
                   for update skip locked) c
           where r.id = c.id
          returning r.id, r.row, r.company_id, r.mobile, r.name, r.subscriber_id, r.variables, r.chat_message_id`,
    );
    if (claimed.length === 0) return;
    claimed.sort((x, y) => x.row - y.row);
    try {
      if (await sendWindow(deps, b!, claimed)) {
        state.stop = true;
        return;
      }
    } catch (err) {
      // an unexpected error: the rows not done go back for the job's retry
      state.stop = true;
      await db.execute(
        sql`update broadcast_recipients set status = 'pending'
             where id in (select unnest(${pgArray(claimed.map((x) => x.id))}::uuid[])) and status = 'sending'`,
      );
      throw err;
    }
    await publish(db, { event: "broadcast", companyId: b!.company_id, data: { broadcastId: b!.id } });
  }
}

/** Rows that end failed with a remark (counted on the broadcast). */
async function failRows(db: DbOrTx, broadcastId: string, ids: string[], remark: string) {
  if (ids.length === 0) return;
  await db.execute(
    sql`update broadcast_recipients set status = 'failed', remark = ${remark}
         where id in (select unnest(${pgArray(ids)}::uuid[]))`,
  );
  await db.execute(sql`update broadcasts set failed = failed + ${ids.length} where id = ${broadcastId}`);
}

/** Puts rows still being sent back to pending (cancelled when the broadcast was cancelled). */
async function putBack(db: DbOrTx, ids: string[], cancelled = false) {
  if (ids.length === 0) return;
  await db.execute(
    sql`update broadcast_recipients set status = ${cancelled ? "cancelled" : "pending"}
         where id in (select unnest(${pgArray(ids)}::uuid[])) and status = 'sending'`,
  );
}

/** Sends a claimed window; true when the job must stop (paused, cancelled, or waiting after a provider error). */
async function sendWindow(deps: Deps, b: Loaded, claimed: Claimed[]): Promise<boolean> {
  const { db } = deps.database;
  const [now] = await rows<{ status: string }>(db, sql`select status from broadcasts where id = ${b.id}`);
  if (now?.status !== "running") {
    // paused or cancelled: the rows not sent go back (cancel marks them cancelled)
    await putBack(
      db,
      claimed.map((x) => x.id),
      (now?.status ?? "cancelled") === "cancelled",
    );
    return true;
  }
  // The channel each row goes out on: the chosen subscriber's, or the broadcast's.
  const look = claimed.filter((r) => !r.chat_message_id && (r.subscriber_id || b.type === "live"));
  const byId = new Map<string, Found>();
  const byNumber = new Map<string, Found>();
  type Found = {
    id: string;
    platform_id: string;
    channel_id: string;
    channel_type: ChannelType;
    last_inbound_at: Date | string | null;
  };
  if (look.length > 0) {
    const ids = look.flatMap((r) => (r.subscriber_id ? [r.subscriber_id] : []));
    const numbers = b.channel_id ? look.flatMap((r) => (r.subscriber_id ? [] : [r.mobile])) : [];
    const found = await rows<Found>(
      db,
      sql`select s.id, s.platform_id, s.channel_id, c.channel_type, cr.last_inbound_at
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
  }
  const lookSet = new Set(look.map((r) => r.id));
  const outside: string[] = [];
  const go: { r: Claimed; channel: { id: string; type: ChannelType } | null }[] = [];
  for (const r of claimed) {
    let channel = b.channel_id && b.channel_type ? { id: b.channel_id, type: b.channel_type } : null;
    if (lookSet.has(r.id)) {
      const s = r.subscriber_id ? byId.get(r.subscriber_id) : byNumber.get(r.mobile);
      if (s) channel = { id: s.channel_id, type: s.channel_type };
      // A live (free-form) message reaches a subscriber only within 24 hours of their last message.
      const type = s?.channel_type ?? b.channel_type;
      const last = s?.last_inbound_at ? new Date(s.last_inbound_at).getTime() : 0;
      if (b.type === "live" && type && CAPABILITIES[type].window24h && Date.now() - last > DAY_MS) {
        outside.push(r.id);
        continue;
      }
    }
    go.push({ r, channel });
  }
  await failRows(db, b.id, outside, OUTSIDE_WINDOW);
  if (go.length === 0) return false;
  // The window's sends from each channel's rate, at once.
  const perChannel = new Map<string, { type: ChannelType; n: number }>();
  for (const { channel } of go) {
    if (!channel) continue;
    const c = perChannel.get(channel.id) ?? { type: channel.type, n: 0 };
    c.n++;
    perChannel.set(channel.id, c);
  }
  for (const [id, c] of perChannel) await takeSendSlots(db, rateKey(id), broadcastRate(c.type), c.n);
  const fresh = go.filter((g) => !g.r.chat_message_id).map((g) => g.r);
  const written =
    fresh.length > 0
      ? await db.transaction((tx) => writeChatMessages(deps, tx as Tx, b, fresh))
      : new Map<string, Written | null>();
  const unreachable = fresh.filter((r) => written.get(r.id) === null).map((r) => r.id);
  await failRows(db, b.id, unreachable, "Subscriber not found");
  const sending = go.flatMap(({ r }) => {
    const messageId = r.chat_message_id ?? written.get(r.id)?.messageId;
    return messageId ? [{ r, messageId }] : [];
  });
  const { tried, retry } = await sendMessages(deps, sending);
  if (tried.length > 0) {
    const rids = pgArray(tried.map((t) => t.r.id));
    const done = await rows<{ status: string }>(
      db,
      sql`update broadcast_recipients r
             set status = case when m.message_status = 'failed' then 'failed' else 'sent' end,
                 provider_message_id = m.provider_message_id, remark = m.remark
            from unnest(${rids}::uuid[], ${pgArray(tried.map((t) => t.messageId))}::uuid[]) as v(rid, mid)
            left join chat_messages m on m.id = v.mid
           where r.id = any(${rids}::uuid[]) and r.id = v.rid
          returning r.status`,
    );
    const failed = done.filter((d) => d.status === "failed").length;
    await db.execute(
      sql`update broadcasts set sent = sent + ${done.length - failed}, failed = failed + ${failed}
           where id = ${b.id}`,
    );
  }
  if (retry.length === 0) return false;
  // Throttled or unreachable: the messages stay unsent ('no'); these rows (their chat messages kept, sent as
  // they are on the next claim) go back and the job comes again after a pause.
  await putBack(
    db,
    retry.map((t) => t.r.id),
  );
  await deps.queue.enqueue(
    "broadcast.deliver",
    { broadcastId: b.id },
    { startAfterSeconds: RETRY_AFTER_SECONDS },
  );
  return true;
}

/**
 * Sends stored outbox messages through their channels' drivers, CONCURRENCY at a time, as `deliverChatMessage`
 * does for one: a message already sent or failed (or whose channel is gone) is left as it is, a refusal marks it
 * failed, Telegram's named wait queues it as a `chat.send` job; the sent ones are marked in one statement, and a
 * sandbox channel's receipt (delivered) is applied to them at once. After the first other error nothing more is
 * tried: that row and those not tried are answered in `retry`.
 */
async function sendMessages<T extends { messageId: string }>(
  deps: Deps,
  list: T[],
): Promise<{ tried: T[]; retry: T[] }> {
  const { db } = deps.database;
  if (list.length === 0) return { tried: [], retry: [] };
  const found = await rows<OutboxRow>(
    db,
    sql`select m.id, m.text, m.attachments, m.subscriber_id, s.platform_id, c.id as channel_id, c.company_id, c.channel_type, c.driver, c.credentials,
               m.whatsapp_template_metadata, m.whatsapp_template_variables
          from chat_messages m join subscribers s on s.id = m.subscriber_id join channels c on c.id = m.channel_id
         where m.id = any(${pgArray(list.map((x) => x.messageId))}::uuid[]) and m.type = 'outbox'
           and m.message_status = 'no' and c.deleted_at is null`,
  );
  const byId = new Map(found.map((m) => [m.id, m]));
  const runtimes = new Map<string, ReturnType<typeof channelRuntime>>();
  const runtime = (m: OutboxRow) => {
    let r = runtimes.get(m.channel_id);
    if (!r) {
      r = channelRuntime(deps, {
        id: m.channel_id,
        company_id: m.company_id,
        channel_type: m.channel_type,
        driver: m.driver,
        credentials: m.credentials,
      });
      runtimes.set(m.channel_id, r);
    }
    return r;
  };
  const messageEvent = (m: OutboxRow) => ({
    event: "message",
    companyId: m.company_id,
    channelId: m.channel_id,
    data: { subscriberId: m.subscriber_id, messageId: m.id },
  });
  const fail = async (m: OutboxRow, remark: string) => {
    await db.execute(
      sql`update chat_messages set message_status = 'failed', delivery_status = 'failed', remark = ${remark}
           where id = ${m.id} and message_status = 'no'`,
    );
    await publish(db, messageEvent(m) as Parameters<typeof publish>[1]);
  };
  const tried: T[] = [];
  const retry: T[] = [];
  const sent: { m: OutboxRow; providerMessageId: string; sandbox: boolean }[] = [];
  let halted = false;
  let next = 0;
  // Every message of a broadcast carries the broadcast's files: their sizes are looked up once per window.
  const first = byId.values().next().value;
  const sizes = first
    ? await attachmentSizes(deps.database.db, first.company_id, first.attachments ?? [])
    : new Map<string, number>();
  const one = async () => {
    for (;;) {
      const x = list[next++];
      if (!x) return;
      if (halted) {
        retry.push(x);
        continue;
      }
      const m = byId.get(x.messageId);
      if (!m) {
        tried.push(x); // already sent or failed, or its channel is gone
        continue;
      }
      const { driver, context } = runtime(m);
      if (!driver) {
        await fail(m, CONNECTOR_UNAVAILABLE);
        tried.push(x);
        continue;
      }
      try {
        const { providerMessageId } = await driver.send(context, outboundMessage(deps, m, sizes));
        sent.push({ m, providerMessageId, sandbox: driver.kind === "sandbox" });
        tried.push(x);
      } catch (err) {
        if (err instanceof ChannelRejected) {
          await fail(m, err.message);
          tried.push(x);
        } else if (err instanceof TelegramRetry && err.retryAfterSeconds) {
          await deps.queue.enqueue(
            "chat.send",
            { messageId: m.id },
            { startAfterSeconds: err.retryAfterSeconds },
          );
          tried.push(x);
        } else {
          halted = true;
          retry.push(x);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, list.length) }, one));
  // Sent through a provider: marked sent (the provider's receipts follow on its webhook).
  const byProvider = sent.filter((s) => !s.sandbox);
  if (byProvider.length > 0) {
    const ids = pgArray(byProvider.map((s) => s.m.id));
    await db.execute(
      sql`update chat_messages m
             set message_status = 'yes', provider_message_id = v.pid,
                 delivery_status = coalesce(m.delivery_status, 'sent')
            from unnest(${ids}::uuid[], ${pgArray(byProvider.map((s) => s.providerMessageId))}::text[]) as v(id, pid)
           where m.id = any(${ids}::uuid[]) and m.id = v.id and m.message_status = 'no'`,
    );
    await notifyAll(
      db,
      byProvider.map((s) => messageEvent(s.m)),
    );
  }
  // Sent through the sandbox: marked sent and its receipt (delivered, at once) applied in the same statement, as
  // `applyStatus` applies a receipt (the message's event, the receipt hooks).
  const sandbox = sent.filter((s) => s.sandbox);
  if (sandbox.length > 0) {
    await db.transaction(async (tx) => {
      const ids = pgArray(sandbox.map((s) => s.m.id));
      const updated = await rows<{
        id: string;
        subscriber_id: string;
        company_id: string;
        channel_id: string;
        delivery_status: string | null;
      }>(
        tx,
        sql`update chat_messages m
               set message_status = 'yes', provider_message_id = v.pid,
                   delivery_status = case when ${forwardCondition("delivered")} then 'delivered'
                                          else m.delivery_status end
              from unnest(${ids}::uuid[], ${pgArray(sandbox.map((s) => s.providerMessageId))}::text[]) as v(id, pid)
             where m.id = any(${ids}::uuid[]) and m.id = v.id and m.message_status = 'no'
            returning m.id, m.subscriber_id, m.company_id, m.channel_id, m.delivery_status`,
      );
      await notifyAll(
        tx,
        updated.map((c) => ({
          event: "message",
          companyId: c.company_id,
          channelId: c.channel_id,
          data: { subscriberId: c.subscriber_id, messageId: c.id },
        })),
      );
      const changed = updated.filter((c) => c.delivery_status === "delivered");
      if (changed.length === 0) return;
      await tx.execute(
        sql`update sms_messages set status = 'delivered', delivered_st = 'delivered', delivered_at = now()
             where id = any(${pgArray(changed.map((c) => c.id))}::uuid[]) and status = 'accepted'`,
      );
      await runStatusHooks(tx as Tx, changed, "delivered", null);
    });
  }
  return { tried, retry };
}
