/**
 * Cancelling scheduled SMS rows from report/scheduled, with the release of their reserved credit.
 *
 * A send reserves its whole estimated cost in one ledger reservation when it is scheduled; the ledger releases
 * a reservation as a whole (what it still holds goes back to the user). So the rows are marked `cancelled`,
 * and each reservation that has no row left to send (scheduled, queued or submitting) is released at once;
 * a reservation that still has rows to send keeps the cancelled rows' share until the rest of its send ends
 * and the send's own release gives the remainder back. A send whose rows are all cancelled (and that has no
 * later run) is marked cancelled too.
 */
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import type { Queue } from "../../jobs/queue";
import type { Actor } from "../../plugins/actor";
import { rows } from "../contacts/contacts.service";
import { releaseSend } from "../credit/spend";

export async function cancelScheduledRows(tx: Tx, queue: Queue, a: Actor, ids: string[]): Promise<void> {
  const list = `{${ids.join(",")}}`;
  const cancelled = await rows<{ reservation_id: string | null; send_id: string }>(
    tx,
    sql`update sms_messages set status = 'cancelled'
         where company_id = ${a.companyId} and status = 'scheduled' and id = any(${list}::uuid[])
        returning reservation_id, send_id`,
  );
  const reservations = [...new Set(cancelled.map((c) => c.reservation_id).filter((r) => r !== null))];
  for (const reservationId of reservations.sort()) {
    const [open] = await rows<{ n: number | string }>(
      tx,
      sql`select count(*) as n from (select 1 from sms_messages
           where company_id = ${a.companyId} and reservation_id = ${reservationId}
             and status in ('scheduled', 'queued', 'submitting') limit 1) t`,
    );
    if (Number(open?.n ?? 0) > 0) continue;
    await releaseSend(tx, queue, {
      companyId: a.companyId,
      reservationId,
      actorId: a.userId,
      reference: reservationId,
      memo: "Scheduled SMS cancelled",
    });
  }
  const sends = [...new Set(cancelled.map((c) => c.send_id))];
  if (sends.length > 0)
    await tx.execute(sql`update sms_sends s set status = 'cancelled', cancelled_at = now()
        where s.company_id = ${a.companyId} and s.id = any(${`{${sends.join(",")}}`}::uuid[])
          and s.next_run_at is null and s.status <> 'cancelled'
          and not exists (select 1 from sms_messages m where m.send_id = s.id and m.status <> 'cancelled')`);
}
