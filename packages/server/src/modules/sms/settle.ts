/**
 * Ending runs: a reservation whose rows are all final (none scheduled, queued or submitting) is released (what
 * it still holds goes back to its user), and a send whose rows are all final is 'sent'. Called after every
 * worker batch and cancellation; concurrent calls are harmless (a second release answers 0).
 *
 * A campaign's status follows the sends and broadcasts that name it (`refreshCampaigns`, see
 * campaigns/campaign-report.ts). Refreshed when a send is made, when scheduled rows fall due, after every worker
 * batch and after cancellations.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { pgArray, rows } from "../../db/sql";
import type { Queue } from "../../jobs/queue";
import { refreshCampaignsOfSends } from "../campaigns/campaign-report";
import { releaseSend } from "../credit/spend";

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

/** Sets the status of the campaigns these sends name from all of their sends and broadcasts. */
export async function refreshCampaigns(db: DbOrTx, sendIds: Iterable<string>): Promise<void> {
  await refreshCampaignsOfSends(db, sendIds);
}
