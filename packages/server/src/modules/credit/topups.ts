/**
 * Corporate top-up requests (`topup_requests`, written only here): an admin's Top Up (type 1, topup.service.ts)
 * records one in the transaction that e-mails the vendor's support; the operator's console (modules/operator,
 * `operatorTopups`) answers it by a grant — through
 * the ledger, in the transaction that marks it granted — or a decline with a message. Either answer rings the
 * bell of the company's admins (a notification). A request is answered once: a second answer is refused (409).
 */

import type { components } from "@herald/api-client/schema";
import { centsToSgd, formatAmount, sgdToCents } from "@herald/domain";
import { type SQL, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { DbOrTx, Tx } from "../../db/client";
import { notifications } from "../../db/schema";
import { rowsOf } from "../../db/sql";
import type { Deps } from "../../deps";
import { BadRequest, Conflict, NotFound } from "../../errors";
import { notificationEvent, publishAll } from "../../lib/events";
import { decodeCursor, encodeCursor } from "../../lib/paging";
import type { OperatorActor } from "../../plugins/operator";
import { type AuditWho, recordAudit } from "../audit/audit";
import { TOPUP_MESSAGES as M } from "./credit.messages";
import { grantCredit } from "./ledger";

type S = components["schemas"];
type Status = S["TopupRequestStatus"];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The notification type of an answered request (informational: it links nowhere). */
export const TOPUP_ANSWER_NOTIFICATION = "topup_answer";

interface TopupRow {
  id: string;
  company_id: string;
  company_name: string;
  requester_label: string;
  amount_cents: number | string | null;
  note: string | null;
  status: Status;
  granted_cents: number | string | null;
  answer: string | null;
  answered_by: string | null;
  created_at: Date | string;
  created_key: string;
  answered_at: Date | string | null;
}

const SELECT = sql`select t.id::text as id, t.company_id::text as company_id, c.name as company_name,
       t.requester_label, t.amount_cents, t.note, t.status, t.granted_cents, t.answer,
       coalesce(nullif(o.name, ''), o.email) as answered_by, t.created_at, t.created_at::text as created_key,
       t.answered_at
  from topup_requests t join companies c on c.id = t.company_id
  left join operators o on o.id = t.answered_by`;

const money = (cents: number | string | null) => (cents === null ? null : centsToSgd(Number(cents)));

export function topupRecord(r: TopupRow): S["TopupRequestRecord"] {
  return {
    id: r.id,
    companyId: r.company_id,
    companyName: r.company_name,
    requestedBy: r.requester_label,
    amount: money(r.amount_cents),
    note: r.note,
    status: r.status,
    grantedAmount: money(r.granted_cents),
    answer: r.answer,
    answeredBy: r.answered_by,
    createdAt: new Date(r.created_at).toISOString(),
    answeredAt: r.answered_at ? new Date(r.answered_at).toISOString() : null,
  };
}

/** Called by Top Up (type 1) in its transaction: the request the operator will answer. */
export async function recordTopupRequest(
  tx: DbOrTx,
  req: {
    companyId: string;
    userId: string;
    requesterLabel: string;
    amount?: number | undefined;
    note?: string | undefined;
  },
): Promise<string> {
  let amountCents: number | null = null;
  if (req.amount !== undefined) {
    try {
      amountCents = sgdToCents(req.amount);
    } catch {
      throw new BadRequest(M.badAmount);
    }
    if (amountCents <= 0) throw new BadRequest(M.badAmount);
  }
  const note = req.note?.trim() || null;
  const id = uuidv7();
  await tx.execute(sql`insert into topup_requests (id, company_id, requested_by, requester_label, amount_cents, note)
                       values (${id}::uuid, ${req.companyId}::uuid, ${req.userId}::uuid,
                               ${req.requesterLabel.slice(0, 400)}, ${amountCents}, ${note})`);
  await recordAudit(tx, {
    companyId: req.companyId,
    who: { type: "user", id: req.userId },
    action: "topup.requested",
    target: {
      type: "topup_request",
      id,
      label: amountCents === null ? "Top-up request" : `SGD ${formatAmount(amountCents)}`,
    },
    after: { amount: amountCents === null ? null : centsToSgd(amountCents), note },
  });
  return id;
}

/**
 * One page of requests, one statement: a company's (newest first), or the operator's queue of one status (open
 * ones oldest first, answered ones newest first). Keyset on (created_at, id).
 */
export async function listTopups(
  db: DbOrTx,
  q: { companyId?: string; status?: Status; cursor?: string; limit?: number },
): Promise<S["TopupRequestPage"]> {
  const limit = Math.min(Math.max(q.limit ?? 50, 1), 200);
  const oldestFirst = !q.companyId && (q.status ?? "open") === "open";
  const after = q.cursor ? decodeCursor(q.cursor) : null;
  if (q.cursor && !after) throw new BadRequest(M.badCursor);
  const where: SQL[] = [];
  if (q.companyId) where.push(sql`t.company_id = ${q.companyId}::uuid`);
  else where.push(sql`t.status = ${q.status ?? "open"}`);
  if (after)
    where.push(
      oldestFirst
        ? sql`(t.created_at, t.id) > (${after.at}::timestamptz, ${after.id}::uuid)`
        : sql`(t.created_at, t.id) < (${after.at}::timestamptz, ${after.id}::uuid)`,
    );
  const order = oldestFirst ? sql`t.created_at asc, t.id asc` : sql`t.created_at desc, t.id desc`;
  const found = rowsOf<TopupRow>(
    await db.execute(
      sql`${SELECT} where ${sql.join(where, sql` and `)} order by ${order} limit ${limit + 1}`,
    ),
  );
  const page = found.slice(0, limit);
  const last = page[page.length - 1];
  return {
    data: page.map(topupRecord),
    nextCursor: found.length > limit && last ? encodeCursor({ at: last.created_key, id: last.id }) : null,
  };
}

/** The open request, locked for its answer; 404 / 409 otherwise. */
async function openRequest(tx: Tx, id: string): Promise<TopupRow> {
  if (!UUID.test(id)) throw new NotFound(M.notFound);
  const [locked] = rowsOf<{ status: Status }>(
    await tx.execute(sql`select status from topup_requests where id = ${id}::uuid for update`),
  );
  if (!locked) throw new NotFound(M.notFound);
  if (locked.status !== "open") throw new Conflict(M.answered);
  const [row] = rowsOf<TopupRow>(await tx.execute(sql`${SELECT} where t.id = ${id}::uuid`));
  return row!;
}

/** A notification to each active admin of the company (their bell rings at once). */
async function notifyAdmins(tx: Tx, companyId: string, message: string) {
  const admins = rowsOf<{ id: string }>(
    await tx.execute(sql`select id::text as id from users
                          where company_id = ${companyId}::uuid and user_role = 'admin' and status = 'active'`),
  );
  if (admins.length === 0) return;
  const created = await tx
    .insert(notifications)
    .values(
      admins.map((a) => ({
        companyId,
        userId: a.id,
        fromId: null,
        type: TOPUP_ANSWER_NOTIFICATION,
        message,
      })),
    )
    .returning({ id: notifications.id, userId: notifications.userId });
  await publishAll(
    tx,
    created.map((n) => notificationEvent({ companyId, userId: n.userId, id: n.id })),
  );
}

const byOperator = (operator: OperatorActor, ip?: string): AuditWho => ({
  type: "operator",
  id: operator.operatorId,
  ip: ip ?? null,
});

export function operatorTopups({ database }: Deps) {
  const { db } = database;
  return {
    list: (q: { status?: Status; cursor?: string; limit?: number }) => listTopups(db, q),

    /** Grants a request through the ledger, in the transaction that marks it granted. */
    async grant(
      operator: OperatorActor,
      id: string,
      body: S["TopupGrantRequest"],
      ip?: string,
    ): Promise<S["TopupRequestRecord"]> {
      let cents: number;
      try {
        cents = sgdToCents(body.amount);
      } catch {
        throw new BadRequest(M.badAmount);
      }
      if (cents <= 0) throw new BadRequest(M.badAmount);
      const message = body.message?.trim() || null;
      return db.transaction(async (tx) => {
        const req = await openRequest(tx, id);
        const moved = await grantCredit(tx, {
          companyId: req.company_id,
          amountCents: cents,
          actorId: null,
          memo: message ? `Top-up request granted: ${message}` : "Top-up request granted",
        });
        await tx.execute(sql`update topup_requests set status = 'granted', granted_cents = ${cents}, answer = ${message},
                                    answered_by = ${operator.operatorId}::uuid, answered_at = now(),
                                    ledger_transaction_id = ${moved.transactionId}::uuid
                              where id = ${id}::uuid`);
        await notifyAdmins(
          tx,
          req.company_id,
          `Your top-up request was granted: SGD ${formatAmount(cents)} was added to the corporate credit.${message ? ` ${message}` : ""}`,
        );
        const after = Number(moved.creditedBalanceCents);
        await recordAudit(tx, {
          companyId: req.company_id,
          who: byOperator(operator, ip),
          action: "topup.granted",
          target: { type: "topup_request", id, label: req.requester_label },
          before: { status: "open", balance: centsToSgd(after - cents) },
          after: { status: "granted", amount: centsToSgd(cents), balance: centsToSgd(after), message },
        });
        const [row] = rowsOf<TopupRow>(await tx.execute(sql`${SELECT} where t.id = ${id}::uuid`));
        return topupRecord(row!);
      });
    },

    /** Declines a request with a message the company's admins see. */
    async decline(
      operator: OperatorActor,
      id: string,
      body: S["TopupDeclineRequest"],
      ip?: string,
    ): Promise<S["TopupRequestRecord"]> {
      const message = body.message.trim();
      if (!message) throw new BadRequest("Please write a message for the company.");
      return db.transaction(async (tx) => {
        const req = await openRequest(tx, id);
        await tx.execute(sql`update topup_requests set status = 'declined', answer = ${message},
                                    answered_by = ${operator.operatorId}::uuid, answered_at = now()
                              where id = ${id}::uuid`);
        await notifyAdmins(tx, req.company_id, `Your top-up request was declined: ${message}`);
        await recordAudit(tx, {
          companyId: req.company_id,
          who: byOperator(operator, ip),
          action: "topup.declined",
          target: { type: "topup_request", id, label: req.requester_label },
          before: { status: "open" },
          after: { status: "declined", message },
        });
        const [row] = rowsOf<TopupRow>(await tx.execute(sql`${SELECT} where t.id = ${id}::uuid`));
        return topupRecord(row!);
      });
    },
  };
}
