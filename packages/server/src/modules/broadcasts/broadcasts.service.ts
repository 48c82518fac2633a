/**
 * Social broadcasts (apps/social-broadcast, apps/social-broadcast-report): the wizard's calls, the report and
 * pause/resume/cancel. A broadcast and its recipient rows (with readiness and idempotency keys) are written with
 * their `broadcast.deliver` job in one transaction; the worker (deliver.ts) sends READY rows through the chat.
 * Every query is filtered by the actor's company; another company's broadcast answers 404.
 */
import type { components } from "@herald/api-client/schema";
import { sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { DbOrTx, Tx } from "../../db/client";
import { pgArray, rows } from "../../db/sql";
import type { Deps } from "../../deps";
import { BadRequest, Conflict, NotFound, Unprocessable } from "../../errors";
import { publish } from "../../lib/events";
import { type Actor, requireActor } from "../../plugins/actor";
import { CAPABILITIES, type ChannelDriverKind, type ChannelType } from "../../providers/channels";
import { refreshCampaignOfBroadcast } from "../campaigns/campaign-report";
import { campaignOptions } from "../campaigns/campaigns.service";
import { visibleChannel } from "../channels/scope";
import { type AttachmentRow, signedAttachments, toAttachment } from "../chat/attachments";
import { templateVariableCount } from "../chat/chat.service";
import { columnPlan, fileRows, type SpooledFile } from "../contacts/import-file";
import { companyPrices } from "../credit/prices";
import { type ReceiptSource, receiptMovesMoney, refundSend, reserveForSend } from "../credit/spend";
import {
  BROADCAST_EXECUTED,
  BROADCAST_NOT_FOUND,
  BROADCAST_RECEIVED,
  CAMPAIGN_NOT_FOUND,
  CANNOT_CHANGE,
  CHANNEL_NOT_FOUND,
  FILE_ALREADY_RECEIVED,
  NAME_INVALID,
  NAME_TAKEN,
  NO_RECIPIENT,
  NOT_A_FILE_BROADCAST,
  TEMPLATE_UNKNOWN,
  TEMPLATE_WHATSAPP_ONLY,
  UNSUBSCRIBED,
  UPLOAD_MEDIA,
} from "./broadcasts.messages";
import { settleBroadcast } from "./deliver";
import { broadcastPayloadMessage } from "./payload-rules";
import { type CheckedRecipient, checkRecipients, type RawRecipient } from "./readiness";

type S = components["schemas"];

const INSERT_CHUNK = 5000;
const iso = (d: Date | string) => new Date(d).toISOString();

interface BroadcastRow {
  id: string;
  company_id: string;
  name: string;
  description: string | null;
  campaign_id: string | null;
  campaign_name: string | null;
  channel_id: string | null;
  channel_type: ChannelType | null;
  type: "live" | "template";
  method: "contacts" | "groups" | "file";
  text: string | null;
  attachment_id: string | null;
  template_variables: { header?: string[]; body?: string[] } | null;
  template_components: S["TemplateComponent"][] | null;
  template_metadata: Record<string, unknown> | null;
  status: "queued" | "running" | "paused" | "cancelled" | "done";
  total: number;
  ready: number;
  skipped: number;
  created_at: Date | string;
}

async function findBroadcast(db: DbOrTx, companyId: string, id: string, lock = false): Promise<BroadcastRow> {
  const [b] = await rows<BroadcastRow>(
    db,
    sql`select b.id, b.company_id, b.name, b.description, b.campaign_id, cp.name as campaign_name, b.channel_id,
               ch.channel_type, b.type, b.method, b.text, b.attachment_id, b.template_variables,
               b.template_components, b.template_metadata, b.status, b.total, b.ready, b.skipped, b.created_at
          from broadcasts b
          left join campaigns cp on cp.id = b.campaign_id
          left join channels ch on ch.id = b.channel_id
         where b.id = ${id} and b.company_id = ${companyId}
         ${lock ? sql`for update of b` : sql``}`,
  );
  if (!b) throw new NotFound(BROADCAST_NOT_FOUND);
  return b;
}

/**
 * Stores a broadcast's recipients (checked rows) in column arrays, skips READY numbers on the company's
 * unsubscribe list, updates the counts and enqueues the delivery: all in the caller's transaction.
 */
export async function storeRecipients(
  tx: Tx,
  deps: Deps,
  b: { id: string; companyId: string },
  checked: (CheckedRecipient & { subscriberId?: string | null })[],
): Promise<{ ready: number; skipped: number }> {
  const suppressed = new Set<string>();
  const readyMobiles = [...new Set(checked.filter((r) => r.readiness === "READY").map((r) => r.mobile))];
  for (let i = 0; i < readyMobiles.length; i += INSERT_CHUNK) {
    const found = await rows<{ n: string }>(
      tx,
      sql`select contact_number as n from mobile_subscriptions
           where company_id = ${b.companyId} and type = 'unsub' and status = 'active'
             and contact_number = any(${pgArray(readyMobiles.slice(i, i + INSERT_CHUNK))}::text[])`,
    );
    for (const f of found) suppressed.add(f.n);
  }
  let ready = 0;
  let skipped = 0;
  const status: string[] = [];
  const remark: string[] = [];
  for (const r of checked) {
    if (r.readiness !== "READY") {
      status.push("skipped");
      remark.push(r.readiness);
    } else if (suppressed.has(r.mobile)) {
      status.push("skipped");
      remark.push(UNSUBSCRIBED);
      skipped++;
    } else {
      status.push("pending");
      remark.push("");
      ready++;
    }
  }
  // Chunk by chunk, the next chunk's arrays built while the database inserts the current one.
  const insert = (i: number) => {
    const chunk = checked.slice(i, i + INSERT_CHUNK);
    const ids = chunk.map(() => uuidv7());
    return tx.execute(sql`
      insert into broadcast_recipients (id, company_id, broadcast_id, row, mobile, name, subscriber_id, variables,
                                        readiness, status, remark, idempotency_key)
      select r.id, ${b.companyId}, ${b.id}, r.row, r.mobile, r.name, r.subscriber_id, r.variables::jsonb,
             r.readiness, r.status, nullif(r.remark, ''), 'broadcast:' || r.id::text
        from unnest(${pgArray(ids)}::uuid[], ${pgArray(chunk.map((_, k) => String(i + k + 1)))}::int[],
                    ${pgArray(chunk.map((r) => r.mobile.slice(0, 64)))}::text[],
                    ${pgArray(chunk.map((r) => r.name.slice(0, 255)))}::text[],
                    ${pgArray(chunk.map((r) => r.subscriberId ?? ""))}::text[],
                    ${pgArray(chunk.map((r) => JSON.stringify(r.variables)))}::text[],
                    ${pgArray(chunk.map((r) => r.readiness))}::text[],
                    ${pgArray(status.slice(i, i + INSERT_CHUNK))}::text[],
                    ${pgArray(remark.slice(i, i + INSERT_CHUNK))}::text[])
             as r0(id, row, mobile, name, subscriber_text, variables, readiness, status, remark)
        cross join lateral (select r0.*, nullif(r0.subscriber_text, '')::uuid as subscriber_id) r`);
  };
  let inserting: Promise<unknown> | undefined;
  for (let i = 0; i < checked.length; i += INSERT_CHUNK) {
    // sent now (a query runs each time it is awaited: awaited once, as a promise); its error is thrown below
    const next = Promise.resolve(insert(i));
    next.catch(() => undefined);
    await inserting;
    inserting = next;
  }
  await inserting;
  await tx.execute(
    sql`update broadcasts set total = total + ${checked.length}, ready = ready + ${ready},
               skipped = skipped + ${skipped} where id = ${b.id}`,
  );
  if (ready > 0) await deps.queue.enqueue("broadcast.deliver", { broadcastId: b.id }, { tx });
  else await tx.execute(sql`update broadcasts set status = 'done' where id = ${b.id} and status = 'queued'`);
  await refreshCampaignOfBroadcast(tx, b.id);
  return { ready, skipped };
}

/**
 * Credit at submit, in the submitting transaction (after the rows are stored): the cost of the rows to send —
 * each at the company's price of the channel it goes out on (modules/credit/prices.ts: a sandbox channel and a
 * free type cost nothing) — is reserved from the submitting user's credit (user -> reserved) and the broadcast records the
 * reservation and its channel's price. A balance that cannot cover it fails with the ledger's InsufficientCredit
 * (422 "Credit cannot go below 0", as the SMS compose answers) and the transaction writes nothing. Free rows
 * reserve nothing (no reservation).
 */
export async function reserveBroadcast(
  tx: Tx,
  deps: Deps,
  actor: { companyId: string; userId: string },
  broadcastId: string,
  ready: number,
): Promise<{ reservedCents: number }> {
  if (ready === 0) return { reservedCents: 0 };
  const [own] = await rows<{ driver: ChannelDriverKind; channel_type: ChannelType; method: string }>(
    tx,
    sql`select c.driver, c.channel_type, b.method from broadcasts b
          left join channels c on c.id = b.channel_id and c.deleted_at is null
         where b.id = ${broadcastId}`,
  );
  const prices = await companyPrices(tx, deps.config, actor.companyId);
  const price = own?.driver ? prices.social(own.driver, own.channel_type) : 0;
  let amount = price * ready;
  if (own?.method === "contacts") {
    // Chosen subscribers go out on their own channels.
    const groups = await rows<{ driver: ChannelDriverKind; channel_type: ChannelType; n: number }>(
      tx,
      sql`select c.driver, c.channel_type, count(*)::int as n
            from broadcast_recipients r
            join subscribers s on s.id = r.subscriber_id
            join channels c on c.id = s.channel_id
           where r.broadcast_id = ${broadcastId} and r.status = 'pending'
           group by c.driver, c.channel_type`,
    );
    amount = groups.reduce((sum, g) => sum + g.n * prices.social(g.driver, g.channel_type), 0);
  }
  let reservationId: string | null = null;
  if (amount > 0) {
    const r = await reserveForSend(tx, deps.queue, {
      companyId: actor.companyId,
      userId: actor.userId,
      amountCents: amount,
      actorId: actor.userId,
      reference: `broadcast:${broadcastId}`,
      memo: "Broadcast",
    });
    reservationId = r.reservationId;
  }
  await tx.execute(
    sql`update broadcasts set price_cents = ${price}, reservation_id = ${reservationId} where id = ${broadcastId}`,
  );
  return { reservedCents: amount };
}

/** The latest broadcast of each campaign that has one (campaigns' `broadcast_id` / `broadcast_name`). */
export async function campaignBroadcasts(
  db: DbOrTx,
  companyId: string,
  campaignIds: string[],
): Promise<Map<string, { id: string; name: string }>> {
  const found = await rows<{ campaign_id: string; id: string; name: string }>(
    db,
    sql`select distinct on (campaign_id) campaign_id, id, name from broadcasts
         where company_id = ${companyId} and campaign_id = any(${pgArray(campaignIds)}::uuid[])
         order by campaign_id, created_at desc, id desc`,
  );
  return new Map(found.map((b) => [b.campaign_id, { id: b.id, name: b.name }]));
}

/**
 * Receipts of broadcast messages (chat ingest): a failure marks the recipient row failed with the provider's
 * remark, so the report shows it. Money follows who vouches for the receipt (credit/spend.ts, ReceiptSource):
 *
 * - a receipt from the company's own channel (every channel's, its webhook signed with a secret the company
 *   entered) never moves money: a message the provider accepted at send time (the row 'sent') keeps its charge,
 *   and a row still being recorded ('sending') is left to the worker, which records the provider's answer and
 *   charges an accepted message (the report shows the receipt's failure through the chat message);
 * - a platform receipt gives the charge of an accepted message back as the SMS pipeline refunds a message
 *   rejected after acceptance (usage -> the user who reserved it, the message's cost becomes 0), and a row still
 *   being recorded is not charged at all (the worker finds it failed).
 *
 * Every change tells open reports (event `broadcast`).
 */
export async function onBroadcastReceipt(
  tx: Tx,
  changed: { id: string; company_id: string }[],
  status: string,
  remark: string | null,
  receipt: { source: ReceiptSource; deps: Deps },
): Promise<void> {
  const ids = pgArray(changed.map((c) => c.id));
  if (status === "failed") await failRecipients(tx, ids, remark, receipt);
  const touched = await rows<{ broadcast_id: string; company_id: string }>(
    tx,
    sql`select distinct broadcast_id, company_id from broadcast_recipients where chat_message_id = any(${ids}::uuid[])`,
  );
  for (const b of touched) {
    await publish(tx, { event: "broadcast", companyId: b.company_id, data: { broadcastId: b.broadcast_id } });
  }
}

/** The failure part of onBroadcastReceipt (see there). */
async function failRecipients(
  tx: Tx,
  ids: string,
  remark: string | null,
  { source, deps }: { source: ReceiptSource; deps: Deps },
): Promise<void> {
  const from = receiptMovesMoney(source) ? sql.raw(`('sent', 'sending')`) : sql.raw(`('sent')`);
  const failed = await rows<{
    broadcast_id: string;
    company_id: string;
    was: string;
    chat_message_id: string;
  }>(
    tx,
    sql`with old as (
          select id, status from broadcast_recipients
           where chat_message_id = any(${ids}::uuid[]) and status in ${from}
           for update)
        update broadcast_recipients r set status = 'failed', remark = coalesce(${remark}, r.remark)
          from old where r.id = old.id
        returning r.broadcast_id, r.company_id, old.status as was, r.chat_message_id`,
  );
  const byBroadcast = new Map<string, typeof failed>();
  for (const f of failed) byBroadcast.set(f.broadcast_id, [...(byBroadcast.get(f.broadcast_id) ?? []), f]);
  for (const [broadcastId, list] of byBroadcast) {
    const companyId = list[0]!.company_id;
    const wasSent = list.filter((f) => f.was === "sent");
    await tx.execute(
      sql`update broadcasts set sent = sent - ${wasSent.length}, failed = failed + ${list.length}
           where id = ${broadcastId}`,
    );
    if (!receiptMovesMoney(source) || wasSent.length === 0) continue;
    const charged = await rows<{ id: string; cost_cents: number | string }>(
      tx,
      sql`select id, cost_cents from chat_messages
           where id = any(${pgArray(wasSent.map((f) => f.chat_message_id))}::uuid[]) and cost_cents > 0
           for update`,
    );
    const amount = charged.reduce((n, c) => n + Number(c.cost_cents), 0);
    if (amount <= 0) continue;
    const [payer] = await rows<{ user_id: string | null }>(
      tx,
      sql`select coalesce(cr.user_id, b.created_by) as user_id from broadcasts b
            left join credit_reservations cr on cr.id = b.reservation_id
           where b.id = ${broadcastId}`,
    );
    if (!payer?.user_id) continue;
    const refunded = await refundSend(tx, deps.queue, {
      companyId,
      userId: payer.user_id,
      amountCents: amount,
      reference: `broadcast:${broadcastId}`,
      memo: charged.length === 1 ? "Broadcast message failed" : `${charged.length} broadcast messages failed`,
      source,
    });
    if (refunded) {
      await tx.execute(
        sql`update chat_messages set cost_cents = 0 where id = any(${pgArray(charged.map((c) => c.id))}::uuid[])`,
      );
    }
  }
}

/** Deleting campaigns deletes their broadcasts (recipients not sent yet are never sent). */
export async function deleteCampaignBroadcasts(
  tx: Tx,
  companyId: string,
  campaignIds: string[],
): Promise<void> {
  await tx.execute(
    sql`delete from broadcasts where company_id = ${companyId} and campaign_id = any(${pgArray(campaignIds)}::uuid[])`,
  );
}

export function broadcastsService(deps: Deps) {
  const { db } = deps.database;

  async function nameTaken(tx: DbOrTx, companyId: string, name: string): Promise<boolean> {
    const [found] = await rows<{ id: string }>(
      tx,
      sql`select id from broadcasts where company_id = ${companyId} and lower(name) = lower(${name})`,
    );
    return !!found;
  }

  /** The template's body variable count for a broadcast (0 for live). */
  function bodyVariableCount(b: Pick<BroadcastRow, "type" | "template_components">): number {
    if (b.type !== "template") return 0;
    const body = (b.template_components ?? []).find((c) => c.type === "BODY");
    return templateVariableCount(body?.text ?? undefined);
  }

  /** A row's body variables: the file's variable columns when it has any, the composed ones otherwise. */
  function rowVariables(b: Pick<BroadcastRow, "template_variables">, own: string[]): string[] {
    return own.length > 0 ? own : (b.template_variables?.body ?? []);
  }

  async function changed(companyId: string, broadcastId: string) {
    await publish(db, { event: "broadcast", companyId, data: { broadcastId } });
  }

  return {
    async subscribers(a: Actor | undefined, channelId?: string): Promise<S["BroadcastSubscriberList"]> {
      const actor = requireActor(a);
      const found = await rows<{
        id: string;
        name: string;
        mobile: string | null;
        platform_id: string;
        channel_id: string;
        channel_type: ChannelType;
        last_inbound_at: Date | string | null;
      }>(
        db,
        sql`select s.id, s.name, s.mobile, s.platform_id, s.channel_id, c.channel_type, r.last_inbound_at
              from subscribers s
              join channels c on c.id = s.channel_id and c.deleted_at is null
              left join chat_rooms r on r.subscriber_id = s.id
             where s.company_id = ${actor.companyId} and ${visibleChannel(actor, sql`s.channel_id`)}
               ${channelId ? sql`and s.channel_id = ${channelId}` : sql``}
             order by s.name, s.id
             limit 5000`,
      );
      return {
        data: found.map((s) => ({
          id: s.id,
          name: s.name,
          mobile: s.mobile,
          platformId: s.platform_id,
          channelId: s.channel_id,
          channelType: s.channel_type,
          conversationExpiry: s.last_inbound_at
            ? new Date(new Date(s.last_inbound_at).getTime() + 24 * 3600_000).toISOString()
            : null,
        })),
      };
    },

    async campaigns(a: Actor | undefined): Promise<S["CampaignOptionList"]> {
      const actor = requireActor(a);
      return { data: await campaignOptions(db, actor.companyId) } as S["CampaignOptionList"];
    },

    async validateName(a: Actor | undefined, raw: string): Promise<S["Ok"]> {
      const actor = requireActor(a);
      const name = raw.trim();
      if (!name || name.length > 50) throw new BadRequest(NAME_INVALID);
      if (await nameTaken(db, actor.companyId, name)) throw new Conflict(NAME_TAKEN);
      return { message: "OK" } as S["Ok"];
    },

    async send(a: Actor | undefined, body: S["BroadcastPayload"]): Promise<S["BroadcastSendResult"]> {
      const actor = requireActor(a);
      const rule = broadcastPayloadMessage(body);
      if (rule) throw new BadRequest(rule);
      const name = body.broadcastName.trim();
      const result = await db.transaction(async (tx) => {
        if (await nameTaken(tx, actor.companyId, name)) throw new Conflict(NAME_TAKEN);
        if (body.campaignId) {
          const [c] = await rows<{ id: string }>(
            tx,
            sql`select id from campaigns where id = ${body.campaignId} and company_id = ${actor.companyId}
                   and deleted_at is null`,
          );
          if (!c) throw new NotFound(CAMPAIGN_NOT_FOUND);
        }
        let channelType: ChannelType | null = null;
        if (body.channelId) {
          const [ch] = await rows<{ channel_type: ChannelType }>(
            tx,
            sql`select channel_type from channels where id = ${body.channelId} and company_id = ${actor.companyId}
                   and deleted_at is null and ${visibleChannel(actor, sql`id`)}`,
          );
          if (!ch) throw new NotFound(CHANNEL_NOT_FOUND);
          channelType = ch.channel_type;
        }
        if (body.attachmentId) {
          const [att] = await rows<{ id: string }>(
            tx,
            sql`select id from attachments where id = ${body.attachmentId} and company_id = ${actor.companyId}`,
          );
          if (!att) throw new NotFound("Attachment not found");
        }
        let components: S["TemplateComponent"][] | null = null;
        let variables: { header: string[]; body: string[] } | null = null;
        let metadata: Record<string, unknown> | null = null;
        if (body.type === "template") {
          if (!channelType || !CAPABILITIES[channelType].templates)
            throw new Unprocessable(TEMPLATE_WHATSAPP_ONLY);
          const t = body.whatsappTemplate!;
          const [stored] = await rows<{ components: S["TemplateComponent"][] }>(
            tx,
            sql`select components from whatsapp_templates
                 where company_id = ${actor.companyId} and channel_id = ${body.channelId}
                   and name = ${t.name} and language = ${t.language}`,
          );
          if (!stored) throw new Unprocessable(TEMPLATE_UNKNOWN);
          components = stored.components;
          const header = components.find((c) => c.type === "HEADER");
          const mediaHeader = !!header?.format && header.format !== "TEXT";
          let headerMedia: unknown = null;
          if (mediaHeader) {
            if (!t.header?.attachmentId) throw new BadRequest(UPLOAD_MEDIA);
            const [att] = await rows<{ id: string; kind: string; mime: string; name: string }>(
              tx,
              sql`select id, kind, mime, name from attachments
                   where id = ${t.header.attachmentId} and company_id = ${actor.companyId}`,
            );
            if (!att) throw new NotFound("Attachment not found");
            headerMedia = att;
          }
          variables = { header: t.header?.variables ?? [], body: t.body?.variables ?? [] };
          metadata = { name: t.name, language: t.language, headerMedia };
        }
        const id = uuidv7();
        await tx.execute(
          sql`insert into broadcasts (id, company_id, name, description, campaign_id, channel_id, type, method, text,
                                      attachment_id, template_name, template_language, template_variables,
                                      template_components, template_metadata, metadata, created_by)
              values (${id}, ${actor.companyId}, ${name}, ${body.broadcastDescription ?? null},
                      ${body.campaignId ?? null}, ${body.channelId ?? null}, ${body.type}, ${body.method},
                      ${body.type === "live" ? (body.text ?? null) : null}, ${body.attachmentId ?? null},
                      ${body.whatsappTemplate?.name ?? null}, ${body.whatsappTemplate?.language ?? null},
                      ${variables ? JSON.stringify(variables) : null}::jsonb,
                      ${components ? JSON.stringify(components) : null}::jsonb,
                      ${metadata ? JSON.stringify(metadata) : null}::jsonb,
                      ${body.metadata ? JSON.stringify(body.metadata) : null}::jsonb, ${actor.userId})`,
        );
        if (body.method === "file") return { id, status: "received" as const };
        const b = { type: body.type, template_components: components, template_variables: variables };
        const ids = [...new Set(body.subscribers ?? [])];
        if (ids.length === 0) throw new Unprocessable(NO_RECIPIENT);
        let raw: (RawRecipient & { subscriberId: string | null })[];
        if (body.method === "contacts") {
          const subs = await rows<{ id: string; name: string; mobile: string | null; platform_id: string }>(
            tx,
            sql`select s.id, s.name, s.mobile, s.platform_id from subscribers s
                  join channels c on c.id = s.channel_id and c.deleted_at is null
                 where s.company_id = ${actor.companyId} and s.id = any(${pgArray(ids)}::uuid[])
                   and ${visibleChannel(actor, sql`s.channel_id`)}
                   ${body.type === "template" ? sql`and s.channel_id = ${body.channelId}` : sql``}
                 order by s.name, s.id`,
          );
          if (subs.length !== ids.length) throw new NotFound("Subscriber not found");
          raw = subs.map((s) => ({
            mobile: s.mobile ?? s.platform_id,
            name: s.name,
            variables: rowVariables(b, []),
            subscriberId: s.id,
          }));
        } else {
          const groups = await rows<{ id: string }>(
            tx,
            sql`select id from contact_groups where company_id = ${actor.companyId}
                   and id = any(${pgArray(ids)}::uuid[])`,
          );
          if (groups.length !== ids.length) throw new NotFound("Group not found");
          const members = await rows<{ mobile: string; name: string }>(
            tx,
            sql`select ct.mobile, ct.name from group_members gm join contacts ct on ct.id = gm.contact_id
                 where gm.group_id = any(${pgArray(ids)}::uuid[]) and ct.company_id = ${actor.companyId}
                 order by ct.name, ct.id`,
          );
          raw = members.map((m) => ({
            mobile: m.mobile,
            name: m.name,
            variables: rowVariables(b, []),
            subscriberId: null,
          }));
        }
        if (raw.length === 0) throw new Unprocessable(NO_RECIPIENT);
        const checked = checkRecipients(raw, { bodyVariables: bodyVariableCount(b), removeDuplicates: true });
        // Subscribers of a live broadcast are reached on their own channel whatever their number looks like.
        const final = checked.map((r, i) => {
          const subscriberId = raw[i]!.subscriberId;
          if (subscriberId && body.type === "live" && r.readiness === "INVALID PHONE NUMBER") {
            return { ...r, readiness: "READY" as const, subscriberId };
          }
          return { ...r, subscriberId };
        });
        const stored = await storeRecipients(tx as Tx, deps, { id, companyId: actor.companyId }, final);
        await reserveBroadcast(tx as Tx, deps, actor, id, stored.ready);
        return { id, status: "executed" as const };
      });
      await changed(actor.companyId, result.id);
      return {
        broadcastId: result.id,
        status: result.status,
        message: result.status === "executed" ? BROADCAST_EXECUTED : BROADCAST_RECEIVED,
      };
    },

    /** The recipient file of a `method: file` broadcast: every row checked, READY rows queued. */
    async file(
      a: Actor | undefined,
      removeDuplicates: boolean,
      file: SpooledFile,
      broadcastId: string,
    ): Promise<S["BroadcastFileResult"]> {
      const actor = requireActor(a);
      try {
        const b = await findBroadcast(db, actor.companyId, broadcastId);
        if (b.method !== "file") throw new Conflict(NOT_A_FILE_BROADCAST);
        if (b.total > 0 || b.status !== "queued") throw new Conflict(FILE_ALREADY_RECEIVED);
        const raw: RawRecipient[] = [];
        let plan: ReturnType<typeof columnPlan> | null = null;
        for await (const cells of fileRows(file)) {
          if (!plan) {
            plan = columnPlan(cells);
            continue;
          }
          const own = plan.attributes.map(({ index }) => (cells[index] ?? "").trim());
          raw.push({
            mobile: cells[0] ?? "",
            name: (cells[1] ?? "").trim(),
            variables: rowVariables(b, own),
          });
        }
        if (!plan) throw new BadRequest("Default Columns Not Found !");
        if (raw.length === 0) throw new BadRequest("No valid data found in the file!");
        const checked = checkRecipients(raw, { bodyVariables: bodyVariableCount(b), removeDuplicates });
        const stored = await db.transaction(async (tx) => {
          const locked = await findBroadcast(tx, actor.companyId, broadcastId, true);
          if (locked.total > 0 || locked.status !== "queued") throw new Conflict(FILE_ALREADY_RECEIVED);
          const done = await storeRecipients(
            tx as Tx,
            deps,
            { id: b.id, companyId: actor.companyId },
            checked,
          );
          await reserveBroadcast(tx as Tx, deps, actor, b.id, done.ready);
          return done;
        });
        await changed(actor.companyId, b.id);
        return {
          broadcastId: b.id,
          total: checked.length,
          ready: stored.ready,
          issues: checked.flatMap((r, i) =>
            r.readiness === "READY"
              ? []
              : [{ row: i + 1, mobile: r.mobile, name: r.name, issue: r.readiness }],
          ),
        };
      } finally {
        await file.remove();
      }
    },

    async list(a: Actor | undefined, campaignId?: string): Promise<S["BroadcastList"]> {
      const actor = requireActor(a);
      const found = await rows<{
        id: string;
        name: string;
        description: string | null;
        campaign_name: string | null;
        total: number;
        created_at: Date | string;
      }>(
        db,
        sql`select b.id, b.name, b.description, cp.name as campaign_name, b.total, b.created_at
              from broadcasts b left join campaigns cp on cp.id = b.campaign_id
             where b.company_id = ${actor.companyId}
               ${campaignId ? sql`and b.campaign_id = ${campaignId}` : sql``}
             order by b.created_at desc, b.id desc
             limit 5000`,
      );
      return {
        data: found.map((b) => ({
          id: b.id,
          name: b.name,
          description: b.description,
          campaignName: b.campaign_name,
          total: b.total,
          createdAt: iso(b.created_at),
        })),
      };
    },

    async get(a: Actor | undefined, id: string): Promise<S["BroadcastBreakdown"]> {
      const actor = requireActor(a);
      const b = await findBroadcast(db, actor.companyId, id);
      const [attachment] = b.attachment_id
        ? await rows<AttachmentRow>(
            db,
            sql`select id, company_id, kind, mime, name, size_bytes, storage_key from attachments
                 where id = ${b.attachment_id} and company_id = ${actor.companyId}`,
          )
        : [];
      const [stats] = await rows<{ sent: number; delivered: number; read: number; failed: number }>(
        db,
        sql`select count(*) filter (where m.delivery_status in ('sent', 'delivered', 'read'))::int as sent,
                   count(*) filter (where m.delivery_status in ('delivered', 'read'))::int as delivered,
                   count(*) filter (where m.delivery_status = 'read')::int as read,
                   count(*) filter (where r.status = 'failed' or m.delivery_status = 'failed')::int as failed
              from broadcast_recipients r left join chat_messages m on m.id = r.chat_message_id
             where r.broadcast_id = ${b.id} and r.company_id = ${actor.companyId}`,
      );
      const now = Date.now();
      const recipients = await rows<{
        id: string;
        name: string;
        contact_name: string;
        channel_type: ChannelType | null;
        delivery_status: "sent" | "delivered" | "read" | "failed" | null;
        remark: string | null;
        created_at: Date | string;
        text: string | null;
        attachments: S["Attachment"][] | null;
        components: S["TemplateComponent"][] | null;
        variables: { header?: string[]; body?: string[] } | null;
        metadata: Record<string, unknown> | null;
      }>(
        db,
        sql`select coalesce(m.id, r.id) as id, coalesce(s.name, r.name) as name, r.name as contact_name,
                   c.channel_type,
                   case when r.status = 'failed' then 'failed' else m.delivery_status end as delivery_status,
                   coalesce(m.remark, r.remark) as remark, coalesce(m.created_at, r.created_at) as created_at,
                   m.text, m.attachments, m.whatsapp_template_components as components,
                   m.whatsapp_template_variables as variables, m.whatsapp_template_metadata as metadata
              from broadcast_recipients r
              left join chat_messages m on m.id = r.chat_message_id
              left join subscribers s on s.id = coalesce(m.subscriber_id, r.subscriber_id)
              left join channels c on c.id = coalesce(m.channel_id, s.channel_id, ${b.channel_id}::uuid)
             where r.broadcast_id = ${b.id} and r.company_id = ${actor.companyId}
             order by r.row
             limit 5000`,
      );
      return {
        id: b.id,
        name: b.name,
        description: b.description,
        campaignName: b.campaign_name,
        type: b.type,
        method: b.method,
        channelType: b.channel_type,
        createdAt: iso(b.created_at),
        status: b.status,
        preview: {
          text: b.text,
          attachment: attachment ? toAttachment(deps, attachment) : null,
          whatsappTemplateComponents: b.template_components,
          whatsappTemplateVariables:
            b.template_variables as S["BroadcastBreakdown"]["preview"]["whatsappTemplateVariables"],
        },
        stats: {
          total: b.total,
          sent: stats?.sent ?? 0,
          delivered: stats?.delivered ?? 0,
          read: stats?.read ?? 0,
          failed: stats?.failed ?? 0,
        },
        recipients: recipients.map((r) => ({
          id: r.id,
          name: r.name,
          contactName: r.contact_name || null,
          channel_type: (r.channel_type ?? b.channel_type ?? "WHATSAPP") as ChannelType,
          delivery_status: r.delivery_status,
          remark: r.remark,
          created_at: iso(r.created_at),
          text: r.text,
          url: signedAttachments(deps, r.attachments?.slice(0, 1), now)[0]?.url ?? null,
          type: r.attachments?.[0]?.type ?? null,
          filename: r.attachments?.[0]?.name ?? null,
          mime: r.attachments?.[0]?.mime ?? null,
          whatsapp_template_components: r.components,
          whatsapp_template_variables:
            r.variables as S["BroadcastRecipientRow"]["whatsapp_template_variables"],
          whatsapp_template_metadata: r.metadata,
        })),
      } as S["BroadcastBreakdown"];
    },

    /** Pause (queued/running -> paused), resume (paused -> running, delivery re-enqueued), cancel (-> cancelled). */
    async control(
      a: Actor | undefined,
      id: string,
      action: "pause" | "resume" | "cancel",
    ): Promise<S["BroadcastControlResult"]> {
      const actor = requireActor(a);
      const status = await db.transaction(async (tx) => {
        const b = await findBroadcast(tx, actor.companyId, id, true);
        const from: Record<typeof action, string[]> = {
          pause: ["queued", "running"],
          resume: ["paused"],
          cancel: ["queued", "running", "paused"],
        };
        if (!from[action].includes(b.status)) throw new Conflict(CANNOT_CHANGE(b.status));
        const next = action === "pause" ? "paused" : action === "resume" ? "running" : "cancelled";
        await tx.execute(sql`update broadcasts set status = ${next} where id = ${b.id}`);
        if (action === "cancel") {
          // Rows not sent are cancelled (also those a dead worker held past the submit timeout), and what the
          // reservation still holds goes back now; a message a worker is sending at this moment is charged
          // from the user's balance when the provider accepts it (deliver.ts).
          await tx.execute(
            sql`update broadcast_recipients set status = 'cancelled'
                 where broadcast_id = ${b.id}
                   and (status = 'pending'
                        or (status = 'sending' and chat_message_id is null
                            and locked_at < now() - make_interval(secs => ${deps.config.sending.submitTimeoutSeconds})))`,
          );
          const [r] = await rows<{ reservation_id: string | null }>(
            tx,
            sql`select reservation_id from broadcasts where id = ${b.id}`,
          );
          await settleBroadcast(tx as Tx, deps, {
            id: b.id,
            company_id: actor.companyId,
            reservation_id: r?.reservation_id ?? null,
          });
        }
        if (action === "resume") await deps.queue.enqueue("broadcast.deliver", { broadcastId: b.id }, { tx });
        await refreshCampaignOfBroadcast(tx, b.id);
        return next;
      });
      await changed(actor.companyId, id);
      return { id, status } as S["BroadcastControlResult"];
    },
  };
}
