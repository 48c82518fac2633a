/**
 * Cancelling scheduled messages (/deleteScheduledSms, campaign deletion, STOP keywords): the rows still
 * 'scheduled' become 'cancelled' and the credit they held goes back to their user. A run's reservation holds the
 * cost of all its rows: when some rows of it stay scheduled, the reservation is released and the cost of those
 * rows reserved again in a new one (in the same transaction, so the user's balance is never short), which the
 * remaining rows then name. A recurring send with no scheduled row left stops repeating.
 */
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { pgArray, rows } from "../../db/sql";
import { release, reserve } from "../credit/ledger";
import { PENDING, refreshCampaigns } from "./settle";

export interface CancelResult {
  cancelled: number;
  /** Credit given back to users, in cents. */
  releasedCents: number;
}

/** Cancels these rows of the company that are still 'scheduled' (others are left alone). */
export async function cancelScheduled(
  tx: Tx,
  companyId: string,
  messageIds: string[],
): Promise<CancelResult> {
  if (messageIds.length === 0) return { cancelled: 0, releasedCents: 0 };
  const cancelled = await rows<{ reservation_id: string | null; send_id: string }>(
    tx,
    sql`update sms_messages set status = 'cancelled', error = null
         where company_id = ${companyId}::uuid and id = any(${pgArray(messageIds)}::uuid[]) and status = 'scheduled'
        returning reservation_id::text as reservation_id, send_id::text as send_id`,
  );
  return finishCancel(tx, companyId, cancelled);
}

/** Cancels every scheduled row of the sends that name these campaigns, and stops their repetition. */
export async function cancelCampaignSends(
  tx: Tx,
  companyId: string,
  campaignIds: string[],
): Promise<CancelResult> {
  if (campaignIds.length === 0) return { cancelled: 0, releasedCents: 0 };
  const cancelled = await rows<{ reservation_id: string | null; send_id: string }>(
    tx,
    sql`update sms_messages set status = 'cancelled'
         where company_id = ${companyId}::uuid and campaign_id = any(${pgArray(campaignIds)}::uuid[])
           and status = 'scheduled'
        returning reservation_id::text as reservation_id, send_id::text as send_id`,
  );
  await tx.execute(sql`update sms_sends set status = 'cancelled', next_run_at = null, cancelled_at = now()
    where company_id = ${companyId}::uuid and campaign_id = any(${pgArray(campaignIds)}::uuid[])
      and status = 'scheduled'`);
  return finishCancel(tx, companyId, cancelled);
}

/** Cancels the company's scheduled rows to one recipient (a STOP keyword). */
export async function cancelScheduledTo(tx: Tx, companyId: string, recipient: string): Promise<CancelResult> {
  const cancelled = await rows<{ reservation_id: string | null; send_id: string }>(
    tx,
    sql`update sms_messages set status = 'cancelled', error = 'unsubscribed'
         where company_id = ${companyId}::uuid and recipient = ${recipient} and status = 'scheduled'
        returning reservation_id::text as reservation_id, send_id::text as send_id`,
  );
  return finishCancel(tx, companyId, cancelled);
}

async function finishCancel(
  tx: Tx,
  companyId: string,
  cancelled: { reservation_id: string | null; send_id: string }[],
): Promise<CancelResult> {
  let releasedCents = 0;
  for (const reservationId of new Set(
    cancelled.map((c) => c.reservation_id).filter((r): r is string => !!r),
  )) {
    // Rows first, then the reservation (the worker's order), so the two never wait on each other in a cycle.
    const pending = await rows<{ id: string; cost: string | number; user_id: string }>(
      tx,
      sql`select id::text as id, cost_cents as cost, user_id::text as user_id from sms_messages
           where reservation_id = ${reservationId}::uuid and status in ${PENDING} for update`,
    );
    const moved = await release(tx, { companyId, reservationId, memo: "Scheduled send cancelled" });
    const keep = pending.reduce((s, p) => s + Number(p.cost), 0);
    releasedCents += moved.amountCents;
    if (keep > 0 && pending.length > 0) {
      const again = await reserve(tx, {
        companyId,
        userId: pending[0]!.user_id,
        amountCents: keep,
        reference: `reservation:${reservationId}`,
        memo: "Scheduled send (after a cancellation)",
      });
      releasedCents -= keep;
      await tx.execute(sql`update sms_messages set reservation_id = ${again.reservationId}::uuid
        where id = any(${pgArray(pending.map((p) => p.id))}::uuid[])`);
    }
  }
  const sendIds = [...new Set(cancelled.map((c) => c.send_id))];
  if (sendIds.length > 0) {
    await tx.execute(sql`update sms_sends s set status = 'cancelled', next_run_at = null, cancelled_at = now()
      where s.id = any(${pgArray(sendIds)}::uuid[]) and s.status = 'scheduled'
        and not exists (select 1 from sms_messages m where m.send_id = s.id and m.status = 'scheduled')`);
    await tx.execute(sql`update sms_sends s set status = 'sent'
      where s.id = any(${pgArray(sendIds)}::uuid[]) and s.status = 'queued'
        and not exists (select 1 from sms_messages m where m.send_id = s.id and m.status in ${PENDING})`);
    await refreshCampaigns(tx, sendIds);
  }
  return { cancelled: cancelled.length, releasedCents };
}
