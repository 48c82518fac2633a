/**
 * What a campaign sent and where it stands: the totals of its compose sends (sms_messages) and its broadcasts
 * (broadcast_recipients), counted from the messages themselves as the broadcast report counts them, its
 * messages one row per recipient, and its status.
 *
 * A campaign's status follows everything that names it (`refreshCampaignStatus`): 'processing' while a message
 * of a send is queued or being submitted, or a broadcast that is not cancelled still has recipients to send to;
 * else 'scheduled' while a row or a recurring run is still to come (its `scheduled_at` the earliest of them);
 * else 'sent' once a send has run or a broadcast has sent something or finished; else 'ready' (nothing yet, or
 * all cancelled). A deleted campaign keeps 'deleted'. The sends and broadcasts refresh it whenever theirs change.
 */
import type { components } from "@herald/api-client/schema";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { BadRequest, NotFound } from "../../errors";
import { CAMPAIGN_NOT_FOUND } from "./campaigns.messages";

type S = components["schemas"];
type Totals = S["CampaignTotals"];

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return ((result as unknown as { rows?: T[] }).rows ?? (result as unknown as T[])) as T[];
}
const uuidArray = (ids: readonly string[]) => `{${ids.join(",")}}`;
const iso = (d: Date | string) => new Date(d).toISOString();

/** Sets the status (and next scheduled time) of these campaigns from their sends and broadcasts. */
export async function refreshCampaignStatus(db: DbOrTx, campaignIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(campaignIds)].filter(Boolean);
  if (ids.length === 0) return;
  await refreshWhere(db, sql`select unnest(${uuidArray(ids)}::uuid[])`);
}

/** Refreshes the campaigns whose ids `campaignIds` (a query of one uuid column) selects, in one statement. */
async function refreshWhere(db: DbOrTx, campaignIds: SQL): Promise<void> {
  await db.execute(sql`
    with x as (
      select c.id,
             exists (select 1 from sms_sends s join sms_messages m on m.send_id = s.id
                      where s.company_id = c.company_id and s.campaign_id = c.id
                        and m.status in ('queued', 'submitting'))
             or exists (select 1 from broadcasts b join broadcast_recipients r on r.broadcast_id = b.id
                         where b.company_id = c.company_id and b.campaign_id = c.id
                           and b.status in ('queued', 'running', 'paused')
                           and r.status in ('pending', 'sending')) as processing,
             (select min(m.scheduled_at) from sms_sends s join sms_messages m on m.send_id = s.id
               where s.company_id = c.company_id and s.campaign_id = c.id and m.status = 'scheduled') as next_row,
             (select min(s.next_run_at) from sms_sends s
               where s.company_id = c.company_id and s.campaign_id = c.id
                 and s.status in ('scheduled', 'queued')) as next_run,
             exists (select 1 from sms_sends s
                      where s.company_id = c.company_id and s.campaign_id = c.id
                        and s.status in ('sent', 'queued'))
             or exists (select 1 from broadcasts b
                         where b.company_id = c.company_id and b.campaign_id = c.id
                           and (b.status = 'done'
                                or exists (select 1 from broadcast_recipients r
                                            where r.broadcast_id = b.id and r.status in ('sent', 'failed')))) as ran
        from campaigns c
       where c.id in (${campaignIds})
    )
    update campaigns k
       set status = case when x.processing then 'processing'
                         when coalesce(x.next_row, x.next_run) is not null then 'scheduled'
                         when x.ran then 'sent' else 'ready' end,
           scheduled_at = coalesce(least(x.next_row, x.next_run), k.scheduled_at)
      from x
     where k.id = x.id and k.status <> 'deleted'`);
}

/** The campaigns named by these compose sends, refreshed. */
export async function refreshCampaignsOfSends(db: DbOrTx, sendIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(sendIds)].filter(Boolean);
  if (ids.length === 0) return;
  await refreshWhere(
    db,
    sql`select campaign_id from sms_sends where id = any(${uuidArray(ids)}::uuid[]) and campaign_id is not null`,
  );
}

/** The campaign of this broadcast (if it has one), refreshed. */
export async function refreshCampaignOfBroadcast(db: DbOrTx, broadcastId: string): Promise<void> {
  await refreshWhere(
    db,
    sql`select campaign_id from broadcasts where id = ${broadcastId} and campaign_id is not null`,
  );
}

const ZERO: Totals = {
  recipients: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  pending: 0,
  skipped: 0,
  cancelled: 0,
  costCents: 0,
};
const KEYS = Object.keys(ZERO) as (keyof Totals)[];

type Channel = S["CampaignSend"]["channel"];
interface SendRow {
  kind: "message" | "broadcast";
  id: string;
  name: string | null;
  channel: string | null;
  created_at: Date | string;
  recipients: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  pending: number;
  skipped: number;
  cancelled: number;
  cost_cents: number | string;
  finished: boolean;
}

const channelOf = (c: string | null): Channel =>
  c === "sms" || c === "email" || c === "telegram" || c === "whatsapp"
    ? c
    : c === "WHATSAPP"
      ? "whatsapp"
      : c === "TELEGRAM"
        ? "telegram"
        : "social";

async function assertCampaign(db: DbOrTx, companyId: string, id: string): Promise<void> {
  const [found] = await rows<{ id: string }>(
    db,
    sql`select id from campaigns where company_id = ${companyId} and id = ${id}`,
  );
  if (!found) throw new NotFound(CAMPAIGN_NOT_FOUND);
}

/**
 * The campaign's totals and its sends with theirs, newest first: one query over both kinds (each send's
 * messages counted once), the campaign checked first.
 */
export async function campaignReport(
  db: DbOrTx,
  companyId: string,
  id: string,
): Promise<S["CampaignReport"]> {
  await assertCampaign(db, companyId, id);
  const found = await rows<SendRow>(
    db,
    sql`select 'message' as kind, s.id::text as id, coalesce(nullif(s.subject, ''), s.sender_id) as name,
               s.channel, s.created_at,
               count(m.id)::int as recipients,
               count(*) filter (where m.status in ('accepted', 'delivered'))::int as sent,
               count(*) filter (where m.status = 'delivered')::int as delivered,
               0 as read,
               count(*) filter (where m.status in ('failed', 'rejected'))::int as failed,
               count(*) filter (where m.status in ('scheduled', 'queued', 'submitting'))::int as pending,
               count(*) filter (where m.status = 'skipped')::int as skipped,
               count(*) filter (where m.status = 'cancelled')::int as cancelled,
               coalesce(sum(m.cost_cents) filter (where m.billable and m.status in ('accepted', 'delivered', 'failed')), 0)
                 as cost_cents,
               s.next_run_at is null
                 and count(*) filter (where m.status in ('scheduled', 'queued', 'submitting')) = 0 as finished
          from sms_sends s left join sms_messages m on m.send_id = s.id
         where s.company_id = ${companyId} and s.campaign_id = ${id}
         group by s.id
        union all
        select 'broadcast', b.id::text, b.name, ch.channel_type, b.created_at,
               count(r.id)::int,
               count(*) filter (where m.delivery_status in ('sent', 'delivered', 'read'))::int,
               count(*) filter (where m.delivery_status in ('delivered', 'read'))::int,
               count(*) filter (where m.delivery_status = 'read')::int,
               count(*) filter (where r.status = 'failed' or m.delivery_status = 'failed')::int,
               count(*) filter (where r.status in ('pending', 'sending') and b.status <> 'cancelled')::int,
               count(*) filter (where r.status = 'skipped')::int,
               count(*) filter (where r.status = 'cancelled')::int,
               b.price_cents * count(r.chat_message_id),
               b.status in ('done', 'cancelled')
          from broadcasts b
          left join channels ch on ch.id = b.channel_id
          left join broadcast_recipients r on r.broadcast_id = b.id
          left join chat_messages m on m.id = r.chat_message_id
         where b.company_id = ${companyId} and b.campaign_id = ${id}
         group by b.id, ch.channel_type
        order by 5 desc, 2 desc`,
  );
  const totals = { ...ZERO };
  const sends = found.map((r): S["CampaignSend"] => {
    const t: Totals = {
      recipients: Number(r.recipients),
      sent: Number(r.sent),
      delivered: Number(r.delivered),
      read: Number(r.read),
      failed: Number(r.failed),
      pending: Number(r.pending),
      skipped: Number(r.skipped),
      cancelled: Number(r.cancelled),
      costCents: Number(r.cost_cents),
    };
    for (const k of KEYS) totals[k] += t[k];
    return {
      id: r.id,
      kind: r.kind,
      name: r.name ?? "",
      channel: r.kind === "broadcast" && r.channel === null ? "social" : channelOf(r.channel),
      createdAt: iso(r.created_at),
      finished: Boolean(r.finished),
      totals: t,
    };
  });
  return { id, totals, sends };
}

interface MessageRow {
  id: string;
  send_id: string;
  kind: "message" | "broadcast";
  send_name: string | null;
  channel: string | null;
  recipient: string;
  recipient_name: string | null;
  text: string | null;
  status: S["CampaignMessage"]["status"];
  cost_cents: number | string;
  created_at: Date | string;
  ck: string;
}

/** A row's time to the microsecond (a JavaScript date keeps milliseconds only), for the cursor. */
const CK = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';
const CURSOR = /^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)\|([0-9a-f-]{36})$/;

/** One page of the campaign's messages, newest first (keyset on created_at, id over both kinds). */
export async function campaignMessages(
  db: DbOrTx,
  companyId: string,
  body: { id: string; cursor?: string; limit?: number },
): Promise<S["CampaignMessagePage"]> {
  await assertCampaign(db, companyId, body.id);
  const limit = Math.min(Math.max(body.limit ?? 100, 1), 1000);
  let after: SQL = sql`true`;
  let afterB: SQL = sql`true`;
  if (body.cursor) {
    const raw = Buffer.from(body.cursor, "base64url").toString("utf8");
    const m = CURSOR.exec(raw);
    if (!m) throw new BadRequest("The page cursor is not valid; load the list again.");
    after = sql`(m.created_at, m.id) < (${m[1]}::timestamptz, ${m[2]}::uuid)`;
    afterB = sql`(r.created_at, r.id) < (${m[1]}::timestamptz, ${m[2]}::uuid)`;
  }
  const found = await rows<MessageRow>(
    db,
    sql`select * from (
          (select m.id::text as id, m.send_id::text as send_id, 'message' as kind,
                  coalesce(nullif(s.subject, ''), s.sender_id) as send_name, m.channel,
                  m.recipient, m.recipient_name, m.text,
                  case when m.status in ('scheduled', 'queued', 'submitting') then 'pending'
                       when m.status = 'accepted' then 'sent'
                       when m.status = 'delivered' then 'delivered'
                       when m.status in ('failed', 'rejected') then 'failed'
                       when m.status = 'skipped' then 'skipped' else 'cancelled' end as status,
                  case when m.billable and m.status in ('accepted', 'delivered', 'failed') then m.cost_cents else 0 end
                    as cost_cents,
                  m.created_at, to_char(m.created_at at time zone 'UTC', ${CK}) as ck
             from sms_messages m join sms_sends s on s.id = m.send_id
            where m.company_id = ${companyId} and m.campaign_id = ${body.id} and ${after}
            order by m.created_at desc, m.id desc
            limit ${limit + 1})
          union all
          (select r.id::text, b.id::text, 'broadcast', b.name, ch.channel_type,
                  r.mobile, nullif(r.name, ''),
                  coalesce(m.text, b.text, 'WhatsApp template ' || b.template_name),
                  case when r.status = 'failed' or m.delivery_status = 'failed' then 'failed'
                       when m.delivery_status in ('sent', 'delivered', 'read') then m.delivery_status
                       when r.status = 'sent' then 'sent'
                       when r.status = 'skipped' then 'skipped'
                       when r.status = 'cancelled' or b.status = 'cancelled' then 'cancelled'
                       else 'pending' end,
                  case when r.chat_message_id is not null then b.price_cents else 0 end,
                  r.created_at, to_char(r.created_at at time zone 'UTC', ${CK})
             from broadcasts b
             join broadcast_recipients r on r.broadcast_id = b.id
             left join chat_messages m on m.id = r.chat_message_id
             left join channels ch on ch.id = coalesce(m.channel_id, b.channel_id)
            where b.company_id = ${companyId} and b.campaign_id = ${body.id} and ${afterB}
            order by r.created_at desc, r.id desc
            limit ${limit + 1})
        ) x
        order by created_at desc, id desc
        limit ${limit + 1}`,
  );
  const page = found.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map((r) => ({
      id: r.id,
      sendId: r.send_id,
      kind: r.kind,
      sendName: r.send_name ?? "",
      channel: r.kind === "broadcast" && r.channel === null ? "social" : channelOf(r.channel),
      recipient: r.recipient,
      recipientName: r.recipient_name,
      text: r.text,
      status: r.status,
      costCents: Number(r.cost_cents),
      createdAt: iso(r.created_at),
    })),
    nextCursor:
      found.length > limit && last
        ? Buffer.from(`${last.ck}|${last.id}`, "utf8").toString("base64url")
        : null,
  };
}
