/**
 * The shared social inbox: rooms (one per subscriber), messages, sending, read state, agents and assignment.
 *
 * Visibility is decided in one place: `ROOM_SCOPE(actor)` (the company's rooms on live channels the actor may
 * see, modules/channels/scope.ts); every room, message and assignment query starts from it, so another company's
 * room and a room of another department's channel both answer 404 and never appear in a list.
 *
 * Assignment follows the room state machine of @herald/domain (chatroom.ts):
 * - assign (any state; a closed room is re-opened first: "Re-opened by", then "Assigned to X by Y"): supervisors
 *   and admins may assign anyone and reassign; an agent may only take an open or closed room for themselves.
 * - unassign (assigned or in-progress -> open, "Unassigned by"): supervisors and admins only.
 * - the assigned agent's first message moves assigned -> in-progress ("In progress by").
 * - close (assigned or in-progress -> closed, "Closed by"): `agentId` must be the current agent; an agent may
 *   close only their own rooms. A later subscriber message re-opens it (ingest.ts).
 * - while a room is assigned or in progress only its agent may send.
 */
import { createHash } from "node:crypto";
import type { components } from "@herald/api-client/schema";
import { canSendInRoom, nextChatroomStatus } from "@herald/domain";
import { type SQL, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { DbOrTx, Tx } from "../../db/client";
import { rows } from "../../db/sql";
import type { Deps } from "../../deps";
import { BadRequest, Conflict, Forbidden, NotFound, Unprocessable } from "../../errors";
import { type CachedPage, type ChatPageCache, cachedPage } from "../../lib/chat-cache";
import { publishRoom } from "../../lib/events";
import { type Actor, requireActor } from "../../plugins/actor";
import { CAPABILITIES, type ChannelType, mediaRuleFor } from "../../providers/channels";
import { recordAudit } from "../audit/audit";
import { forwardingChange } from "../audit/changes";
import { visibilityKey, visibleChannel } from "../channels/scope";
import { socialPriceOf } from "../credit/prices";
import { chargeNow } from "../credit/spend";
import {
  type AttachmentRow,
  attachmentUrlsRenewAt,
  discardFiles,
  signedAttachments,
  toAttachment,
} from "./attachments";
import { assertBotWebhookUrl, encryptBotSecret } from "./bot";
import {
  AGENT_NOT_FOUND,
  AGENT_OUTSIDE_CHANNEL,
  AGENTS_ASSIGN_THEMSELVES,
  AGENTS_CLOSE_OWN,
  ATTACHMENT_NOT_FOUND,
  BOT_URL_INVALID,
  CURSOR_PAIR,
  FORWARDING_FORBIDDEN,
  fileTooLargeFor,
  fileTypeRefused,
  MESSAGE_NOT_FOUND,
  NOT_ASSIGNED,
  NOT_CURRENT_AGENT,
  NOT_YOURSELF,
  ONLY_DESIGNATED_AGENT,
  ONLY_SUPERVISORS_UNASSIGN,
  OUTSIDE_WINDOW,
  ROOM_CLOSED,
  ROOM_NOT_FOUND,
  ROOM_TAKEN,
  TEMPLATE_NOT_FOUND,
  TEMPLATE_NOT_WHATSAPP,
  templateVariables,
  textTooLong,
} from "./chat.messages";
import { statusLog } from "./ingest";

type S = components["schemas"];

const DAY_MS = 24 * 3600 * 1000;
const iso = (d: Date | string) => new Date(d).toISOString();

/** The rooms an actor may see (alias r = chat_rooms, c = channels): the one place visibility is decided. */
export function ROOM_SCOPE(actor: Actor): SQL {
  return sql`r.company_id = ${actor.companyId} and c.deleted_at is null and ${visibleChannel(actor, sql`r.channel_id`)}`;
}

const ROOM_FROM = sql`chat_rooms r
  join subscribers s on s.id = r.subscriber_id
  join channels c on c.id = r.channel_id
  left join users a on a.id = r.agent_id`;

const ROOM_COLUMNS = sql`r.subscriber_id, s.name as subscriber_name, s.platform_id, r.status, r.channel_id,
  c.channel_type, c.name as channel_name, c.driver, r.last_message_text, r.last_message_at, r.last_inbound_at,
  r.unread_count, r.agent_id, a.first_name as agent_first_name, a.last_name as agent_last_name`;

interface RoomRow {
  subscriber_id: string;
  subscriber_name: string;
  platform_id: string;
  status: S["ChatroomStatus"];
  channel_id: string;
  channel_type: ChannelType;
  channel_name: string;
  driver: "sandbox" | "provider";
  last_message_text: string | null;
  last_message_at: Date | string;
  last_inbound_at: Date | string | null;
  unread_count: number;
  agent_id: string | null;
  agent_first_name: string | null;
  agent_last_name: string | null;
}

const toSummary = (r: RoomRow): S["SubscriberSummary"] => ({
  subscriberId: r.subscriber_id,
  subscriberName: r.subscriber_name,
  chatroomStatus: r.status,
  channelId: r.channel_id,
  channelType: r.channel_type,
  text: r.last_message_text,
  lastActivityAt: iso(r.last_message_at),
  unreadCount: r.unread_count,
  agentFirstName: r.agent_first_name,
  agentLastName: r.agent_last_name,
  assignToId: r.agent_id,
});

const toProfile = (r: RoomRow): S["SubscriberProfile"] => ({
  id: r.subscriber_id,
  name: r.subscriber_name,
  channelType: r.channel_type,
  channelName: r.channel_name,
  channelId: r.channel_id,
  chatroomStatus: r.status,
  agentId: r.agent_id,
  agentFirstName: r.agent_first_name,
  agentLastName: r.agent_last_name,
});

/** A visible room (404 otherwise); `lock` takes the room row for update (inside a transaction). */
export async function findRoom(db: DbOrTx, actor: Actor, roomId: string, lock = false): Promise<RoomRow> {
  const [row] = await rows<RoomRow>(
    db,
    sql`select ${ROOM_COLUMNS} from ${ROOM_FROM}
         where r.subscriber_id = ${roomId} and ${ROOM_SCOPE(actor)}
         ${lock ? sql`for update of r` : sql``}`,
  );
  if (!row) throw new NotFound(ROOM_NOT_FOUND);
  return row;
}

interface MessageRow {
  id: string;
  type: "inbox" | "outbox";
  text: string | null;
  attachments: S["Attachment"][];
  created_at: Date | string;
  message_status: "no" | "yes" | "failed" | null;
  delivery_status: string | null;
  remark: string | null;
  whatsapp_list_message: S["ChatMessage"]["whatsappListMessage"];
  whatsapp_template_components: S["ChatMessage"]["whatsappTemplateComponents"];
  whatsapp_template_variables: S["ChatMessage"]["whatsappTemplateVariables"];
  whatsapp_template_metadata: S["ChatMessage"]["whatsappTemplateMetadata"];
}

const MESSAGE_COLUMNS = sql`id, type, text, attachments, created_at, message_status, delivery_status, remark,
  whatsapp_list_message, whatsapp_template_components, whatsapp_template_variables, whatsapp_template_metadata`;

/** A stored message as the API shows it, its files' URLs signed at `now` (modules/chat/attachments.ts). */
const toMessage = (
  deps: Deps,
  m: MessageRow,
  logs: S["StatusLog"][] = [],
  now = Date.now(),
): S["ChatMessage"] => ({
  id: m.id,
  type: m.type,
  text: m.text,
  attachments: signedAttachments(deps, m.attachments, now),
  createdAt: iso(m.created_at),
  messageStatus: m.message_status,
  deliveryStatus: m.delivery_status,
  remark: m.remark,
  whatsappListMessage: m.whatsapp_list_message ?? null,
  whatsappTemplateComponents: m.whatsapp_template_components ?? null,
  whatsappTemplateVariables: m.whatsapp_template_variables ?? null,
  whatsappTemplateMetadata: m.whatsapp_template_metadata ?? null,
  chatroomStatusLogs: logs,
});

interface Cursor {
  at: Date;
  id: string;
}
function cursorOf(q: { lastSeenCreatedAt?: string; lastSeenId?: string }): Cursor | null {
  if (!q.lastSeenCreatedAt && !q.lastSeenId) return null;
  if (!q.lastSeenCreatedAt || !q.lastSeenId) throw new BadRequest(CURSOR_PAIR);
  const at = new Date(q.lastSeenCreatedAt);
  if (Number.isNaN(at.getTime())) throw new BadRequest(CURSOR_PAIR);
  return { at, id: q.lastSeenId };
}

const displayName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last]
    .map((p) => (p ?? "").trim())
    .filter(Boolean)
    .join(" ");

/** Counts `{{n}}` placeholders (single digit) of a template text. */
export function templateVariableCount(text: string | undefined): number {
  const found = new Set((text ?? "").match(/\{\{[1-9]\}\}/g) ?? []);
  return found.size;
}

/**
 * Runs one of the polled statements (room list, message page) under a name: every 1.5 s poll of every agent
 * runs one of a handful of texts, so each pooled PostgreSQL connection plans it once instead of on every poll
 * (and may keep a generic plan); the values stay parameters. PGlite ignores the name. It goes through the
 * handle's session, so the query recorder sees it like any other statement.
 */
async function polledRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const internals = db as unknown as {
    dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
    session: {
      prepareQuery(
        q: { sql: string; params: unknown[] },
        fields: undefined,
        name: string,
        arrayMode: boolean,
      ): { execute(): Promise<unknown> };
    };
  };
  const q = internals.dialect.sqlToQuery(query);
  const name = `chat_${createHash("sha1").update(q.sql).digest("hex").slice(0, 16)}`;
  const result = await internals.session.prepareQuery(q, undefined, name, false).execute();
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

export function chatService(deps: Deps) {
  const { db } = deps.database;

  async function userName(tx: DbOrTx, companyId: string, userId: string) {
    const [u] = await rows<{ id: string; first_name: string; last_name: string; user_role: string }>(
      tx,
      sql`select id, first_name, last_name, user_role from users
           where id = ${userId} and company_id = ${companyId} and status = 'active'`,
    );
    return u ? { ...u, name: displayName(u.first_name, u.last_name) } : undefined;
  }

  async function profileOf(actor: Actor, roomId: string) {
    return toProfile(await findRoom(db, actor, roomId));
  }

  /** The room to send into, with the sending rules checked (closed: 409; another agent's: 403). */
  async function roomToSend(tx: DbOrTx, actor: Actor, roomId: string): Promise<RoomRow> {
    const room = await findRoom(tx, actor, roomId, true);
    if (room.status === "closed") throw new Conflict(ROOM_CLOSED);
    if (
      !canSendInRoom(
        { status: room.status, agentId: room.agent_id },
        { userId: actor.userId, role: actor.role },
      )
    ) {
      throw new Forbidden(ONLY_DESIGNATED_AGENT);
    }
    return room;
  }

  /** After storing outbound messages: last activity, the assignee's first reply starts the ticket, jobs. */
  async function afterSend(
    tx: Tx,
    actor: Actor,
    room: RoomRow,
    at: Date,
    preview: string | null,
    ids: string[],
  ) {
    const start =
      room.status === "assigned" && room.agent_id === actor.userId
        ? nextChatroomStatus(room.status, "start")
        : null;
    await tx.execute(
      sql`update chat_rooms
             set last_message_at = greatest(last_message_at, ${at}),
                 last_message_text = ${preview},
                 ${start ? sql`status = ${start},` : sql``}
                 updated_at = now()
           where subscriber_id = ${room.subscriber_id}`,
    );
    if (start) {
      const me = await userName(tx, actor.companyId, actor.userId);
      await statusLog(tx, {
        companyId: actor.companyId,
        subscriberId: room.subscriber_id,
        status: "in-progress",
        by: { id: actor.userId, name: me?.name ?? null },
        at,
      });
    }
    const where = {
      companyId: actor.companyId,
      channelId: room.channel_id,
      subscriberId: room.subscriber_id,
    };
    for (const id of ids) {
      await deps.queue.enqueue("chat.send", { messageId: id }, { tx });
      await publishRoom(tx, where, id);
    }
  }

  /**
   * The page cache, when it may answer this request (every change committed before the request has been
   * applied to it), with the generation to store answers read from now on under; undefined otherwise.
   */
  async function usableCache(actor: Actor) {
    const cache = deps.chatCache;
    if (!cache || !(await cache.ready(actor.fresh))) return undefined;
    return { cache, gen: cache.epoch() };
  }

  /** The channels the actor sees, from the page cache when current (read before `gen` otherwise). */
  async function visibleChannelsOf(cache: ChatPageCache, actor: Actor, gen: number): Promise<Set<string>> {
    const scope = visibilityKey(actor);
    const known = cache.visibleChannels(actor.companyId, scope);
    if (known) return known;
    const found = await rows<{ id: string }>(
      db,
      sql`select c.id from channels c
           where c.company_id = ${actor.companyId} and c.deleted_at is null and ${visibleChannel(actor, sql`c.id`)}`,
    );
    const ids = new Set(found.map((r) => r.id));
    cache.setVisibleChannels(actor.companyId, scope, gen, ids);
    return ids;
  }

  /** A room's message page; its files' URLs signed at `now`. */
  async function messagesOf(
    actor: Actor,
    roomId: string,
    q: { lastSeenCreatedAt?: string; lastSeenId?: string; limit?: number },
    now = Date.now(),
  ): Promise<{ body: S["ChatMessageList"]; channelId: string }> {
    const cursor = cursorOf(q);
    const limit = Math.min(Math.max(q.limit ?? 50, 1), 200);
    // One statement: the visible room (none: 404), its message count (kept by triggers) and the page, in
    // the order of chat_messages_room_keyset_idx (`desc nulls last`).
    const found = await polledRows<
      Partial<MessageRow> & { room_id: string; room_channel_id: string; total: number }
    >(
      db,
      sql`select r.subscriber_id as room_id, r.channel_id as room_channel_id, r.message_count as total, m.*
              from chat_rooms r join channels c on c.id = r.channel_id
              left join lateral (
                select ${MESSAGE_COLUMNS} from chat_messages
                 where subscriber_id = r.subscriber_id
                   ${cursor ? sql`and (created_at, id) < (${cursor.at}, ${cursor.id}::uuid)` : sql``}
                 order by created_at desc nulls last, id desc nulls last
                 limit ${limit}) m on true
             where r.subscriber_id = ${roomId} and ${ROOM_SCOPE(actor)}
             order by m.created_at desc nulls last, m.id desc nulls last`,
    );
    if (found.length === 0) throw new NotFound(ROOM_NOT_FOUND);
    const room = { subscriber_id: found[0]!.room_id, total: found[0]!.total };
    const page = found.filter(
      (m): m is MessageRow & { room_id: string; room_channel_id: string; total: number } => m.id != null,
    );
    // Status logs that happened after each message (and before the next one).
    const oldest = page.length === limit ? page[page.length - 1] : undefined;
    const logs =
      page.length === 0
        ? []
        : await polledRows<{
            status: S["StatusLog"]["status"];
            assign_by: string | null;
            assign_to: string | null;
            created_at: Date | string;
          }>(
            db,
            sql`select status, assign_by, assign_to, created_at from chat_room_status_logs
                   where subscriber_id = ${room.subscriber_id}
                     ${oldest ? sql`and created_at >= ${new Date(oldest.created_at)}` : sql``}
                     ${cursor ? sql`and created_at < ${cursor.at}` : sql``}
                   order by created_at, id`,
          );
    const byMessage = new Map<string, S["StatusLog"][]>();
    for (const l of logs) {
      const t = new Date(l.created_at).getTime();
      // page is newest first: the first message at or before the log, else the oldest on the page
      const owner = page.find((m) => new Date(m.created_at).getTime() <= t) ?? page[page.length - 1]!;
      const list = byMessage.get(owner.id) ?? [];
      list.push({
        status: l.status,
        assignBy: l.assign_by,
        assignTo: l.assign_to,
        createdAt: iso(l.created_at),
      });
      byMessage.set(owner.id, list);
    }
    return {
      body: { data: page.map((m) => toMessage(deps, m, byMessage.get(m.id), now)), total: room.total },
      channelId: found[0]!.room_channel_id,
    };
  }

  /** Characters of a page's cursor and size in the page cache's keys. */
  const pageKey = (cursor: Cursor | null, limit: number | undefined) =>
    `${cursor ? `${cursor.at.toISOString()}|${cursor.id}` : ""}|${Math.min(Math.max(limit ?? 50, 1), 200)}`;

  return {
    async listRooms(
      a: Actor | undefined,
      q: { lastSeenCreatedAt?: string; lastSeenId?: string; limit?: number },
    ): Promise<S["ChatRoomList"]> {
      const actor = requireActor(a);
      const cursor = cursorOf(q);
      const limit = Math.min(Math.max(q.limit ?? 50, 1), 200);
      // One statement: the page and the total. The total is the sum of the room counts of the channels the
      // actor sees (chat_room_counts, kept by triggers), never a count of rooms. The page walks the keyset
      // indexes (whose order is `desc nulls last`): an admin's the company's (chat_rooms_company_keyset_idx),
      // anyone else's the first `limit` rooms of each visible channel (chat_rooms_channel_keyset_idx), merged,
      // so the work is bounded by the page, not by how few of the company's rooms the actor may see.
      const after = cursor
        ? sql`and (r.last_message_at, r.subscriber_id) < (${cursor.at}, ${cursor.id}::uuid)`
        : sql``;
      const order = (t: "r" | "p") =>
        sql.raw(`${t}.last_message_at desc nulls last, ${t}.subscriber_id desc nulls last`);
      const rooms =
        actor.role === "admin"
          ? sql`select r.* from chat_rooms r join v c on c.id = r.channel_id
                 where r.company_id = ${actor.companyId} ${after}
                 order by ${order("r")} limit ${limit}`
          : sql`select r.* from v cross join lateral (
                  select * from chat_rooms r
                   where r.channel_id = v.id and r.company_id = ${actor.companyId} ${after}
                   order by ${order("r")} limit ${limit}) r
                 order by ${order("r")} limit ${limit}`;
      const found = await polledRows<Partial<RoomRow> & { total: number }>(
        db,
        sql`with v as (
              select c.id, c.channel_type, c.name, c.driver from channels c
               where c.company_id = ${actor.companyId} and c.deleted_at is null
                 and ${visibleChannel(actor, sql`c.id`)}),
            t as (select coalesce(sum(k.rooms), 0)::int as total from v join chat_room_counts k on k.channel_id = v.id),
            p as (${rooms})
            select t.total, p.subscriber_id, s.name as subscriber_name, s.platform_id, p.status, p.channel_id,
                   c.channel_type, c.name as channel_name, c.driver, p.last_message_text, p.last_message_at,
                   p.last_inbound_at, p.unread_count, p.agent_id, a.first_name as agent_first_name,
                   a.last_name as agent_last_name
              from t left join (p join v c on c.id = p.channel_id
                                  join subscribers s on s.id = p.subscriber_id
                                  left join users a on a.id = p.agent_id) on true
             order by ${order("p")}`,
      );
      const page = found.filter((r): r is RoomRow & { total: number } => r.subscriber_id != null);
      return { data: page.map(toSummary), total: found[0]?.total ?? 0 };
    },

    async listMessages(
      a: Actor | undefined,
      roomId: string,
      q: { lastSeenCreatedAt?: string; lastSeenId?: string; limit?: number },
    ): Promise<S["ChatMessageList"]> {
      return (await messagesOf(requireActor(a), roomId, q)).body;
    },

    /**
     * The room list as sent (JSON and entity tag), from the process's page cache while nothing it shows has
     * changed (lib/chat-cache.ts); `body` is set when it was just read.
     */
    async roomListPage(
      a: Actor | undefined,
      q: { lastSeenCreatedAt?: string; lastSeenId?: string; limit?: number },
    ): Promise<{ body?: S["ChatRoomList"]; page: CachedPage }> {
      const actor = requireActor(a);
      const key = `rooms|${actor.companyId}|${visibilityKey(actor)}|${pageKey(cursorOf(q), q.limit)}`;
      const usable = await usableCache(actor);
      const hit = usable?.cache.page(key);
      if (hit) return { page: hit };
      const channels = usable ? await visibleChannelsOf(usable.cache, actor, usable.gen) : undefined;
      const body = await this.listRooms(actor, q);
      const json = JSON.stringify(body);
      if (!usable || !channels) return { body, page: cachedPage(json) };
      const keys = [`k:${actor.companyId}`, ...[...channels].map((c) => `c:${c}`)];
      return { body, page: usable.cache.set(key, usable.gen, keys, json) };
    },

    /**
     * A room's message page as sent, from the page cache like `roomListPage`; 404 for a room not visible. A page
     * is kept only until the end of the window its files' URLs were signed in (attachmentUrlsRenewAt), so a
     * cached page never hands out a URL close to its expiry.
     */
    async messagePage(
      a: Actor | undefined,
      roomId: string,
      q: { lastSeenCreatedAt?: string; lastSeenId?: string; limit?: number },
    ): Promise<{ body?: S["ChatMessageList"]; page: CachedPage }> {
      const actor = requireActor(a);
      const key = `messages|${roomId}|${pageKey(cursorOf(q), q.limit)}`;
      const usable = await usableCache(actor);
      if (usable) {
        const channels = await visibleChannelsOf(usable.cache, actor, usable.gen);
        const hit = usable.cache.page(key, { companyId: actor.companyId, channels });
        if (hit) return { page: hit };
      }
      const now = Date.now();
      const { body, channelId } = await messagesOf(actor, roomId, q, now);
      const json = JSON.stringify(body);
      if (!usable) return { body, page: cachedPage(json) };
      const keys = [`r:${roomId}`, `k:${actor.companyId}`];
      const room = { companyId: actor.companyId, channelId };
      return {
        body,
        page: usable.cache.set(key, usable.gen, keys, json, room, attachmentUrlsRenewAt(now)),
      };
    },

    async getRoom(a: Actor | undefined, roomId: string): Promise<S["SubscriberProfile"]> {
      return profileOf(requireActor(a), roomId);
    },

    async send(
      a: Actor | undefined,
      roomId: string,
      body: S["SendMessageRequest"],
    ): Promise<S["ChatMessage"]> {
      const actor = requireActor(a);
      const message = await db.transaction(async (tx) => {
        const room = await roomToSend(tx, actor, roomId);
        const caps = CAPABILITIES[room.channel_type];
        const at = new Date();
        const id = uuidv7();
        let text: string | null = null;
        let template: {
          components: unknown;
          variables: unknown;
          metadata: Record<string, unknown>;
        } | null = null;
        if (body.type === "text") {
          text = body.text;
          if (!text.trim()) throw new BadRequest("Message cannot be empty");
          if (text.length > caps.maxTextLength) throw new BadRequest(textTooLong(caps.maxTextLength));
          const last = room.last_inbound_at ? new Date(room.last_inbound_at).getTime() : 0;
          if (caps.window24h && at.getTime() - last > DAY_MS) throw new Unprocessable(OUTSIDE_WINDOW);
        } else {
          if (!caps.templates) throw new Unprocessable(TEMPLATE_NOT_WHATSAPP);
          const t = body.whatsappTemplate;
          const [stored] = await rows<{ components: S["TemplateComponent"][] }>(
            tx,
            sql`select components from whatsapp_templates
                 where company_id = ${actor.companyId} and channel_id = ${room.channel_id}
                   and name = ${t.name} and language = ${t.language}`,
          );
          if (!stored) throw new NotFound(TEMPLATE_NOT_FOUND);
          const header = stored.components.find((c) => c.type === "HEADER");
          const bodyPart = stored.components.find((c) => c.type === "BODY");
          const headerVars = t.header?.variables ?? [];
          const bodyVars = t.body?.variables ?? [];
          const wantHeader =
            header?.format === "TEXT" || !header?.format ? templateVariableCount(header?.text) : 0;
          const wantBody = templateVariableCount(bodyPart?.text);
          if (headerVars.length !== wantHeader) throw new BadRequest(templateVariables("header", wantHeader));
          if (bodyVars.length !== wantBody) throw new BadRequest(templateVariables("body", wantBody));
          let headerMedia: unknown = null;
          if (t.header?.attachmentId) {
            const [att] = await rows<{ id: string; kind: string; mime: string; name: string }>(
              tx,
              sql`select id, kind, mime, name from attachments
                   where id = ${t.header.attachmentId} and company_id = ${actor.companyId}`,
            );
            if (!att) throw new NotFound(ATTACHMENT_NOT_FOUND);
            headerMedia = att;
          }
          template = {
            components: stored.components,
            variables: { header: headerVars, body: bodyVars },
            metadata: { name: t.name, language: t.language, headerMedia },
          };
        }
        // The company's price of the channel (modules/credit/prices.ts): nothing on a sandbox channel.
        const priceCents = await socialPriceOf(tx, actor.companyId, room.driver, room.channel_type);
        if (priceCents > 0) {
          await chargeNow(tx, deps.queue, {
            companyId: actor.companyId,
            amountCents: priceCents,
            actorId: actor.userId,
            reference: id,
            memo: `${room.channel_type} message`,
          });
        }
        const [row] = await rows<MessageRow>(
          tx,
          sql`insert into chat_messages (id, company_id, subscriber_id, channel_id, type, text, message_status,
                                         sent_by, cost_cents, whatsapp_template_components,
                                         whatsapp_template_variables, whatsapp_template_metadata, created_at)
              values (${id}, ${actor.companyId}, ${room.subscriber_id}, ${room.channel_id}, 'outbox', ${text}, 'no',
                      ${actor.userId}, ${priceCents},
                      ${template ? JSON.stringify(template.components) : null}::jsonb,
                      ${template ? JSON.stringify(template.variables) : null}::jsonb,
                      ${template ? JSON.stringify(template.metadata) : null}::jsonb, ${at})
              returning ${MESSAGE_COLUMNS}`,
        );
        const preview = text ?? (template ? (template.metadata.name as string) : null);
        await afterSend(tx as Tx, actor, room, at, preview, [id]);
        return row!;
      });
      return toMessage(deps, message);
    },

    /**
     * Sends uploaded files, one message each. The room's rules are checked before the upload is read and again
     * when the messages are stored; every file must be of a type and size the channel takes (422 otherwise, and
     * nothing is kept).
     */
    async sendFiles(
      a: Actor | undefined,
      roomId: string,
      receive: () => Promise<AttachmentRow[]>,
    ): Promise<S["ChatMessageBatch"]> {
      const actor = requireActor(a);
      const before = await db.transaction((tx) => roomToSend(tx, actor, roomId));
      const files = await receive();
      try {
        for (const f of files) {
          const rule = mediaRuleFor(before.channel_type, f.name);
          if (!rule) throw new Unprocessable(fileTypeRefused(f.name, before.channel_type));
          if (f.size_bytes > rule.rule.maxBytes)
            throw new Unprocessable(fileTooLargeFor(f.name, rule.rule.maxBytes));
        }
        const stored = await db.transaction(async (tx) => {
          const room = await roomToSend(tx, actor, roomId);
          const at = new Date();
          const out: MessageRow[] = [];
          for (const f of files) {
            const id = uuidv7();
            const [row] = await rows<MessageRow>(
              tx,
              sql`insert into chat_messages (id, company_id, subscriber_id, channel_id, type, attachments,
                                             message_status, sent_by, created_at)
                  values (${id}, ${actor.companyId}, ${room.subscriber_id}, ${room.channel_id}, 'outbox',
                          ${JSON.stringify([toAttachment(deps, f)])}::jsonb, 'no', ${actor.userId}, ${at})
                  returning ${MESSAGE_COLUMNS}`,
            );
            out.push(row!);
          }
          await afterSend(
            tx,
            actor,
            room,
            at,
            null,
            out.map((m) => m.id),
          );
          return out;
        });
        return { data: stored.map((m) => toMessage(deps, m)) };
      } catch (err) {
        await discardFiles(deps, files);
        throw err;
      }
    },

    async upload(
      a: Actor | undefined,
      receive: () => Promise<AttachmentRow[]>,
    ): Promise<S["AttachmentUploadResult"]> {
      requireActor(a);
      const [file] = await receive();
      return { attachmentId: file!.id, attachment: toAttachment(deps, file!) };
    },

    async setReadAll(a: Actor | undefined, roomId: string, inboxId: string): Promise<S["ReadState"]> {
      const actor = requireActor(a);
      return db.transaction(async (tx) => {
        const room = await findRoom(tx, actor, roomId, true);
        const [seen] = await rows<{ id: string; created_at: Date | string }>(
          tx,
          sql`select id, created_at from chat_messages
               where id = ${inboxId} and subscriber_id = ${room.subscriber_id} and type = 'inbox'`,
        );
        if (!seen) throw new NotFound(MESSAGE_NOT_FOUND);
        const seenAt = new Date(seen.created_at);
        await tx.execute(
          sql`update chat_messages set read_at = now()
               where subscriber_id = ${room.subscriber_id} and type = 'inbox' and read_at is null
                 and (created_at, id) <= (${seenAt}, ${seen.id}::uuid)`,
        );
        const [left] = await rows<{ n: number }>(
          tx,
          sql`update chat_rooms set unread_count = (
                select count(*)::int from chat_messages
                 where subscriber_id = ${room.subscriber_id} and type = 'inbox' and read_at is null)
               where subscriber_id = ${room.subscriber_id}
               returning unread_count as n`,
        );
        await publishRoom(tx, {
          companyId: actor.companyId,
          channelId: room.channel_id,
          subscriberId: room.subscriber_id,
        });
        return { subscriberId: room.subscriber_id, unreadCount: left?.n ?? 0 };
      });
    },

    async agents(
      a: Actor | undefined,
      q: { currentAgent?: string; subscriberId?: string },
    ): Promise<S["AgentList"]> {
      const actor = requireActor(a);
      const room = q.subscriberId ? await findRoom(db, actor, q.subscriberId) : undefined;
      const found = await rows<S["Agent"]>(
        db,
        sql`select u.id as user_id, u.first_name, u.last_name, u.user_status as "userStatus",
                   (select count(*)::int from chat_rooms r
                     where r.company_id = u.company_id and r.agent_id = u.id
                       and r.status in ('assigned', 'in-progress')) as "totalOnHandTask"
              from users u
             where u.company_id = ${actor.companyId} and u.status = 'active'
               and u.user_role in ('agent', 'supervisor')
               ${q.currentAgent ? sql`and u.id <> ${q.currentAgent}` : sql``}
               ${
                 room
                   ? sql`and exists (select 1 from channel_departments cd
                                       join user_departments ud on ud.department_id = cd.department_id
                                      where cd.channel_id = ${room.channel_id} and ud.user_id = u.id)`
                   : sql``
               }
             order by lower(u.first_name), lower(u.last_name), u.id`,
      );
      return { data: found };
    },

    async assign(a: Actor | undefined, roomId: string, agentId: string): Promise<S["SubscriberProfile"]> {
      const actor = requireActor(a);
      await db.transaction(async (tx) => {
        const room = await findRoom(tx, actor, roomId, true);
        if (actor.role === "agent") {
          if (agentId !== actor.userId) throw new Forbidden(AGENTS_ASSIGN_THEMSELVES);
          if (
            (room.status === "assigned" || room.status === "in-progress") &&
            room.agent_id !== actor.userId
          ) {
            throw new Forbidden(ROOM_TAKEN);
          }
        }
        if ((room.status === "assigned" || room.status === "in-progress") && room.agent_id === agentId)
          return;
        const agent = await userName(tx, actor.companyId, agentId);
        if (!agent) throw new NotFound(AGENT_NOT_FOUND);
        if (agent.user_role !== "admin") {
          const [holds] = await rows<{ ok: boolean }>(
            tx,
            sql`select exists (select 1 from channel_departments cd
                                 join user_departments ud on ud.department_id = cd.department_id
                                where cd.channel_id = ${room.channel_id} and ud.user_id = ${agentId}) as ok`,
          );
          if (!holds?.ok) throw new Unprocessable(AGENT_OUTSIDE_CHANNEL);
        }
        const me = agentId === actor.userId ? agent : await userName(tx, actor.companyId, actor.userId);
        const by = { id: actor.userId, name: me?.name ?? null };
        const at = new Date();
        if (room.status === "closed") {
          await statusLog(tx, {
            companyId: actor.companyId,
            subscriberId: room.subscriber_id,
            status: "re-opened",
            by,
            at,
          });
        }
        await tx.execute(
          sql`update chat_rooms set status = ${nextChatroomStatus(room.status, "assign")}, agent_id = ${agentId},
                     updated_at = now()
               where subscriber_id = ${room.subscriber_id}`,
        );
        await statusLog(tx, {
          companyId: actor.companyId,
          subscriberId: room.subscriber_id,
          status: "assigned",
          by,
          to: { id: agentId, name: agent.name },
          at,
        });
        await publishRoom(tx, {
          companyId: actor.companyId,
          channelId: room.channel_id,
          subscriberId: room.subscriber_id,
        });
      });
      return profileOf(actor, roomId);
    },

    async unassign(a: Actor | undefined, roomId: string): Promise<S["SubscriberProfile"]> {
      const actor = requireActor(a);
      await db.transaction(async (tx) => {
        const room = await findRoom(tx, actor, roomId, true);
        if (actor.role === "agent") throw new Forbidden(ONLY_SUPERVISORS_UNASSIGN);
        const next = nextChatroomStatus(room.status, "unassign");
        if (!next) throw new Conflict(NOT_ASSIGNED);
        const me = await userName(tx, actor.companyId, actor.userId);
        await tx.execute(
          sql`update chat_rooms set status = ${next}, agent_id = null, updated_at = now()
               where subscriber_id = ${room.subscriber_id}`,
        );
        await statusLog(tx, {
          companyId: actor.companyId,
          subscriberId: room.subscriber_id,
          status: "unassigned",
          by: { id: actor.userId, name: me?.name ?? null },
        });
        await publishRoom(tx, {
          companyId: actor.companyId,
          channelId: room.channel_id,
          subscriberId: room.subscriber_id,
        });
      });
      return profileOf(actor, roomId);
    },

    async close(a: Actor | undefined, roomId: string, agentId: string): Promise<S["SubscriberProfile"]> {
      const actor = requireActor(a);
      await db.transaction(async (tx) => {
        const room = await findRoom(tx, actor, roomId, true);
        if (actor.role === "agent" && room.agent_id !== actor.userId) throw new Forbidden(AGENTS_CLOSE_OWN);
        const next = nextChatroomStatus(room.status, "close");
        if (!next) throw new Conflict(NOT_ASSIGNED);
        if (room.agent_id !== agentId) throw new Conflict(NOT_CURRENT_AGENT);
        const me = await userName(tx, actor.companyId, actor.userId);
        await tx.execute(
          sql`update chat_rooms set status = ${next}, updated_at = now() where subscriber_id = ${room.subscriber_id}`,
        );
        await statusLog(tx, {
          companyId: actor.companyId,
          subscriberId: room.subscriber_id,
          status: "closed",
          by: { id: actor.userId, name: me?.name ?? null },
        });
        await publishRoom(tx, {
          companyId: actor.companyId,
          channelId: room.channel_id,
          subscriberId: room.subscriber_id,
        });
      });
      return profileOf(actor, roomId);
    },

    async forwardingStatus(a: Actor | undefined): Promise<S["ForwardingStatus"]> {
      const actor = requireActor(a);
      const [row] = await rows<{ enabled: boolean; updated_at: Date | string; webhook_url: string | null }>(
        db,
        sql`select enabled, updated_at, webhook_url from bot_forwarding where company_id = ${actor.companyId}`,
      );
      return {
        to_forward: row?.enabled ? "active" : "inactive",
        updatedAt: row ? iso(row.updated_at) : null,
        webhookUrl: row?.webhook_url ?? null,
      };
    },

    async updateForwarding(
      a: Actor | undefined,
      body: {
        currentUserId: string;
        forwardToBot: boolean;
        webhookUrl?: string | null;
        webhookSecret?: string;
      },
    ): Promise<S["ForwardingStatus"]> {
      const actor = requireActor(a);
      if (actor.role === "agent") throw new Forbidden(FORWARDING_FORBIDDEN);
      if (body.currentUserId !== actor.userId) throw new Forbidden(NOT_YOURSELF);
      const url = body.webhookUrl === undefined ? undefined : body.webhookUrl?.trim() || null;
      if (url) {
        let protocol = "";
        try {
          protocol = new URL(url).protocol;
        } catch {
          /* reported below */
        }
        if (protocol !== "https:" && protocol !== "http:") throw new BadRequest(BOT_URL_INVALID);
        await assertBotWebhookUrl(deps, url);
      }
      const secret = body.webhookSecret
        ? encryptBotSecret(deps, actor.companyId, body.webhookSecret)
        : undefined;
      const [row] = await db.transaction(async (tx) => {
        const change = { enabled: body.forwardToBot, webhookUrl: url, secretChanged: secret !== undefined };
        await recordAudit(tx, forwardingChange(actor, change));
        return rows<{ enabled: boolean; updated_at: Date | string; webhook_url: string | null }>(
          tx,
          sql`insert into bot_forwarding (company_id, enabled, webhook_url, webhook_secret, updated_by, updated_at)
            values (${actor.companyId}, ${body.forwardToBot}, ${url ?? null}, ${secret ?? null}, ${actor.userId}, now())
            on conflict (company_id) do update
              set enabled = excluded.enabled,
                  ${url !== undefined ? sql`webhook_url = excluded.webhook_url,` : sql``}
                  ${secret !== undefined ? sql`webhook_secret = excluded.webhook_secret,` : sql``}
                  updated_by = excluded.updated_by, updated_at = now()
            returning enabled, updated_at, webhook_url`,
        );
      });
      return {
        to_forward: row!.enabled ? "active" : "inactive",
        updatedAt: iso(row!.updated_at),
        webhookUrl: row!.webhook_url,
      };
    },
  };
}
