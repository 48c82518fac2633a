import type { components } from "@herald/api-client/schema";
import { centsToSgd, MESSAGES, sgdToCents } from "@herald/domain";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../db/sql";
import type { Deps } from "../../deps";
import { BadRequest, NotFound, Unprocessable } from "../../errors";
import { type Actor, assertAdmin } from "../../plugins/actor";
import { recordAudit } from "../audit/audit";
import { creditMovement } from "../audit/changes";
import { USER_DELETED } from "../users.repository";
import { INVALID_CREDIT_AMOUNT } from "./credit.messages";
import { allocate, deduct, idempotent } from "./ledger";
import { enqueueLowCreditAlerts } from "./thresholds.service";

type S = components["schemas"];

/** SGD with at most two decimals, more than 0, in cents; 400 otherwise. */
function creditAmount(sgd: number): number {
  let cents: number;
  try {
    cents = sgdToCents(sgd);
  } catch {
    throw new BadRequest(INVALID_CREDIT_AMOUNT);
  }
  if (cents <= 0) throw new BadRequest(INVALID_CREDIT_AMOUNT);
  return cents;
}

interface SummaryRowOut {
  id: string;
  first_name: string;
  last_name: string;
  credit_cents: number | string;
  dept: S["DeptRef"][] | string;
  last_cents: number | string | null;
  last_at: Date | string | null;
}

/**
 * The credit summary in one statement: each user of the company that is not deleted, their departments,
 * and their last allocation entry (the amount and time of the last top-up) by the user index of the ledger.
 */
const SUMMARY_SQL = `select u.id, u.first_name, u.last_name, u.credit_cents,
       coalesce((select json_agg(json_build_object('id', d.id, 'name', d.name) order by lower(d.name), d.id)
                   from user_departments ud join departments d on d.id = ud.department_id
                  where ud.user_id = u.id and d.company_id = u.company_id), '[]'::json) as dept,
       lt.amount_cents as last_cents, lt.created_at as last_at
  from users u
  left join lateral (select e.amount_cents, e.created_at from ledger_entries e
                      where e.user_id = u.id and e.account = 'user' and e.kind = 'allocate'
                      order by e.created_at desc, e.id desc limit 1) lt on true
 where u.company_id = $1 and u.status <> 'deleted'
 order by lower(u.first_name || ' ' || u.last_name), u.id`;

/** Allocation of corporate credit to users (/editUserCredit) and the credit summary (/summaryList). */
export function creditService({ database, queue }: Deps) {
  const { db } = database;
  return {
    /**
     * `add` moves the amount from the corporate balance to the user, `deduct` moves it back, in one ledger
     * transaction; with an Idempotency-Key a replay answers the first answer and moves nothing.
     */
    async editUserCredit(
      actor: Actor,
      body: S["EditUserCreditRequest"],
      idempotencyKey?: string,
    ): Promise<S["UserCreditResult"]> {
      assertAdmin(actor);
      const amountCents = creditAmount(body.amount);
      const { answer } = await idempotent(
        db,
        {
          companyId: actor.companyId,
          key: idempotencyKey,
          operation: "editUserCredit",
          body: { id: body.id, amountCents, action: body.action },
          actorId: actor.userId,
          kind: body.action === "add" ? "allocate" : "deduct",
        },
        async (tx, transactionId) => {
          const [target] = rowsOf<{ status: string }>(
            await tx.execute(sql`select status from users
                                  where id = ${body.id}::uuid and company_id = ${actor.companyId}::uuid`),
          );
          if (!target) throw new NotFound();
          if (target.status === "deleted") throw new Unprocessable(USER_DELETED);
          const movement = {
            companyId: actor.companyId,
            userId: body.id,
            amountCents,
            actorId: actor.userId,
            ...(transactionId ? { transactionId } : {}),
          };
          const moved = body.action === "add" ? await allocate(tx, movement) : await deduct(tx, movement);
          await recordAudit(
            tx,
            creditMovement(actor, {
              userId: body.id,
              amountCents,
              action: body.action === "add" ? "credit.allocated" : "credit.deducted",
            }),
          );
          const [b] = rowsOf<{ user_cents: number | string; company_cents: number | string }>(
            await tx.execute(sql`select u.credit_cents as user_cents, c.credit_cents as company_cents
                                   from users u join companies c on c.id = u.company_id
                                  where u.id = ${body.id}::uuid`),
          );
          // Low-credit alerts, enqueued in this transaction: the side that lost credit may have crossed a
          // threshold (the corporate balance on add, the user's on deduct); once per crossing.
          const userAfter = Number(b!.user_cents);
          const companyAfter = Number(b!.company_cents);
          if (body.action === "add") {
            await enqueueLowCreditAlerts(tx, queue, {
              companyId: actor.companyId,
              before: companyAfter + amountCents,
              after: companyAfter,
              key: moved.transactionId,
            });
          } else {
            await enqueueLowCreditAlerts(tx, queue, {
              companyId: actor.companyId,
              userId: body.id,
              before: userAfter + amountCents,
              after: userAfter,
              key: moved.transactionId,
            });
          }
          return {
            message: MESSAGES.dataUpdateSuccess,
            totalCredit: centsToSgd(Number(b!.user_cents)),
            companyCredit: centsToSgd(Number(b!.company_cents)),
          };
        },
      );
      return answer;
    },

    async summaryList(actor: Actor): Promise<S["SummaryList"]> {
      assertAdmin(actor);
      const rows = await database.query<SummaryRowOut>(SUMMARY_SQL, [actor.companyId]);
      return {
        data: rows.map((r) => ({
          id: r.id,
          name: `${r.first_name} ${r.last_name}`.trim(),
          dept: typeof r.dept === "string" ? (JSON.parse(r.dept) as S["DeptRef"][]) : r.dept,
          totalCredit: centsToSgd(Number(r.credit_cents)),
          amount: r.last_cents === null ? null : centsToSgd(Number(r.last_cents)),
          lastTopupTime: r.last_at === null ? null : new Date(r.last_at).toISOString(),
        })),
        total: rows.length,
      };
    },
  };
}
