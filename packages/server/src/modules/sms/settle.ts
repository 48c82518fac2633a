/**
 * Ending runs: a reservation whose rows are all final (none scheduled, queued or submitting) is released (what
 * it still holds goes back to its user), and a send whose rows are all final is 'sent'. Called after every
 * worker batch and cancellation; concurrent calls are harmless (a second release answers 0).
 *
 * A campaign's status follows the sends that name it (`refreshCampaigns`): 'processing' while any of their rows
 * is queued or being submitted, else 'scheduled' while a row or a recurring run is still to come (its
 * `scheduled_at` the earliest of them), else 'sent' once one of them has run, else 'ready' (all cancelled). A
 * deleted campaign keeps 'deleted'. Refreshed when a send is made, when scheduled rows fall due, after every
 * worker batch and after cancellations.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import type { Queue } from "../../jobs/queue";
import { rows } from "../contacts/contacts.service";
import { releaseSend } from "../credit/spend";
import { pgArray } from "./recipients";

export const PENDING = sql.raw(`('scheduled', 'queued', 'submitting')`);

export async function settleReservations(
  tx: Tx,
  queue: Queue,
  companyId: string,
  reservationIds: Iterable<string>,
): Promise<number> {
  const ids = [...new Set(reservationIds)].filter(Boolean);
  if (ids.length === 0) return 0;
  const done = await rows<{ id: string }>(
    tx,
    sql`select r.id::text as id from credit_reservations r
         where r.id = any(${pgArray(ids)}::uuid[]) and r.company_id = ${companyId}::uuid and r.status = 'open'
           and not exists (select 1 from sms_messages m where m.reservation_id = r.id and m.status in ${PENDING})`,
  );
  let released = 0;
  for (const r of done) {
    const m = await releaseSend(tx, queue, { companyId, reservationId: r.id, memo: "Send finished" });
    released += m.amountCents;
  }
  return released;
}

export async function settleSends(db: DbOrTx, sendIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(sendIds)].filter(Boolean);
  if (ids.length === 0) return;
  await db.execute(sql`update sms_sends s set status = 'sent'
    where s.id = any(${pgArray(ids)}::uuid[]) and s.status = 'queued' and s.next_run_at is null
      and not exists (select 1 from sms_messages m where m.send_id = s.id and m.status in ${PENDING})`);
  await refreshCampaigns(db, ids);
}

/** Sets the status of the campaigns these sends name from all of their sends (see the module's note). */
export async function refreshCampaigns(db: DbOrTx, sendIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(sendIds)].filter(Boolean);
  if (ids.length === 0) return;
  await db.execute(sql`
    with c as (
      select distinct company_id, campaign_id as id from sms_sends
       where id = any(${pgArray(ids)}::uuid[]) and campaign_id is not null
    ), x as (
      select c.id,
             exists (select 1 from sms_sends s join sms_messages m on m.send_id = s.id
                      where s.company_id = c.company_id and s.campaign_id = c.id
                        and m.status in ('queued', 'submitting')) as processing,
             (select min(m.scheduled_at) from sms_sends s join sms_messages m on m.send_id = s.id
               where s.company_id = c.company_id and s.campaign_id = c.id and m.status = 'scheduled') as next_row,
             (select min(s.next_run_at) from sms_sends s
               where s.company_id = c.company_id and s.campaign_id = c.id
                 and s.status in ('scheduled', 'queued')) as next_run,
             exists (select 1 from sms_sends s
                      where s.company_id = c.company_id and s.campaign_id = c.id
                        and s.status in ('sent', 'queued')) as ran
        from c
    )
    update campaigns k
       set status = case when x.processing then 'processing'
                         when coalesce(x.next_row, x.next_run) is not null then 'scheduled'
                         when x.ran then 'sent' else 'ready' end,
           scheduled_at = coalesce(least(x.next_row, x.next_run), k.scheduled_at)
      from x
     where k.id = x.id and k.status <> 'deleted'`);
}
