/**
 * A company's standing with the operator (`company_status`, written only by modules/operator/companies.service.ts): active, or suspended
 * with a reason. While suspended:
 * - its users are signed out at once and refused at sign-in (auth.service.ts) and on every call (the actor's one
 *   query, plugins/actor.ts) with SUSPENDED_MESSAGE;
 * - the sending workers claim none of its rows (modules/sms/deliver.ts, modules/broadcasts/deliver.ts use
 *   `notSuspended` in their claim queries): queued messages stay queued, scheduled ones scheduled, broadcasts keep
 *   their pending rows; nothing is failed, released or refunded;
 * - inbound messages are still received and stored.
 * Resuming re-arms what waited (companies.service.ts `rearmSending`): its queued rows get delivery jobs again and
 * its running broadcasts their job, in the resuming transaction; scheduled rows go out at the scheduler's next tick.
 *
 * The read side lives here, below every module, because the auth hook (plugins/actor.ts), sign-in and the
 * sending workers all consult it; it imports nothing of the app's but the database.
 */

import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { rowsOf } from "./sql";

export const SUSPENDED_MESSAGE = "Your company's account is suspended. Please contact your service provider.";

/** SQL true when the company (an expression naming its id) is not suspended: one primary-key probe per row. */
export const notSuspended = (companyId: SQL): SQL =>
  sql`not exists (select 1 from company_status cs_ where cs_.company_id = ${companyId} and cs_.status = 'suspended')`;

/** The same condition as text, for statements written as plain SQL (the actor's query). */
export const NOT_SUSPENDED_SQL = (companyIdColumn: string) =>
  `not exists (select 1 from company_status cs_ where cs_.company_id = ${companyIdColumn} and cs_.status = 'suspended')`;

/** Whether the operator suspended the company. */
export async function isSuspended(tx: DbOrTx, companyId: string): Promise<boolean> {
  const [row] = rowsOf<{ suspended: boolean }>(
    await tx.execute(
      sql`select exists (select 1 from company_status where company_id = ${companyId}::uuid
                           and status = 'suspended') as suspended`,
    ),
  );
  return Boolean(row?.suspended);
}
