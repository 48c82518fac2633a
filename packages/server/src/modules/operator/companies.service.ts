/**
 * The operator's companies: the list (search, status, keyset pages by name), one company's detail, suspension
 * and resumption (`company_status`, status.ts), the user limit, per-company prices (`company_prices`,
 * prices.ts) and credit grants and corrections (through the ledger only). Every change is audited in its own
 * transaction with what it was before and after.
 *
 * A list page is ONE statement: the page's companies are chosen first (by the (lower(name), id) index), then
 * for each of them only bounded work — the owner (users by company), the users count, and the messages sent this
 * calendar month in Singapore: outbox rows the gateway took since the month began (counted on the
 * sms_messages_submitted_idx index alone) plus the sent recipients of the month's broadcasts (their counter).
 */
import type { components } from "@herald/api-client/schema";
import { centsToSgd, formatAmount, sgdToCents } from "@herald/domain";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client";
import { rowsOf } from "../../db/sql";
import type { Deps } from "../../deps";
import { BadRequest, Conflict, NotFound, Unprocessable } from "../../errors";
import type { Queue } from "../../jobs/queue";
import type { OperatorActor } from "../../plugins/operator";
import { changeUserLimit } from "../admin/company.command";
import { type AuditWho, recordAudit } from "../audit/audit";
import { correctCredit, grantCredit, InsufficientCredit, idempotent } from "../credit/ledger";
import { PRICE_CHANNEL_NAMES, type PriceChannel, priceList } from "../credit/prices";
import { enqueueLowCreditAlerts } from "../credit/thresholds.service";
import { enqueueDelivery } from "../sms/compose.service";
import { OPERATOR_MESSAGES as M } from "./operator.messages";

type S = components["schemas"];

export const COMPANY_PAGE_DEFAULT = 50;
/** The calendar of "this month". */
export const OPERATOR_TIME_ZONE = "Asia/Singapore";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface CompanyRow {
  id: string;
  name: string;
  sort_name: string;
  owner_name: string | null;
  owner_email: string | null;
  users: number | string;
  total_users_allowed: number | string;
  credit_cents: number | string;
  messages: number | string;
  status: "active" | "suspended";
  created_at: Date | string;
}

interface DetailRow extends CompanyRow {
  changed_at: Date | string | null;
  reason: string | null;
  prices: Record<string, number | string> | null;
  sender_ids: S["SenderIdRecord"][] | null;
  numbers: S["CompanyInboundNumber"][] | null;
  gateways:
    | { gateway: string; messages: number; segments: number; charged: number; cost: number | null }[]
    | null;
}

/** The page (or the one company) chosen by `where`, with each row's bounded extras (see the module's note). */
function companiesSql(opts: { where: SQL; limit: number; detail: boolean }): SQL {
  const detail = opts.detail
    ? sql`,
       case when p.status = 'suspended' then cs.changed_at end as changed_at,
       case when p.status = 'suspended' then cs.reason end as reason,
       (select json_object_agg(cp.channel, cp.price_cents) from company_prices cp
         where cp.company_id = p.id) as prices,
       (select json_agg(json_build_object('id', si.id, 'senderId', si.sender_id, 'kind', si.kind,
                 'purpose', si.purpose, 'status', si.status, 'reason', si.reason,
                 'ssirRegistered', si.ssir_registered, 'companyId', si.company_id, 'companyName', p.name,
                 'requestedBy', si.requester_label, 'createdAt', si.created_at, 'decidedAt', si.decided_at)
                 order by si.created_at desc, si.id desc)
          from sender_ids si where si.company_id = p.id) as sender_ids,
       (select json_agg(json_build_object('number', n.number, 'kind', n.kind, 'shared', n.shared,
                 'keyword', o.keyword) order by n.number)
          from inbound_number_owners o join inbound_numbers n on n.id = o.number_id
         where o.company_id = p.id) as numbers,
       (select json_agg(json_build_object('gateway', g.provider, 'messages', g.n, 'segments', g.segments,
                 'charged', g.charged, 'cost', g.cost) order by g.n desc, g.provider)
          from (select sm.provider, count(*) as n, sum(sm.segments) as segments, sum(sm.cost_cents) as charged,
                       case when count(sm.gateway_cost_cents) = count(*) then sum(sm.gateway_cost_cents) end as cost
                  from sms_messages sm, m
                 where sm.company_id = p.id and sm.submitted_at >= m.start and sm.channel = 'sms'
                   and sm.provider is not null
                 group by sm.provider) g) as gateways`
    : sql``;
  return sql`with m as (select (date_trunc('month', now() at time zone ${OPERATOR_TIME_ZONE})
                                  at time zone ${OPERATOR_TIME_ZONE}) as start),
  p as (select c.id, c.name, lower(c.name) as sort_name, c.total_users_allowed, c.credit_cents, c.created_at,
               coalesce(s.status, 'active') as status
          from companies c left join company_status s on s.company_id = c.id
         where ${opts.where}
         order by lower(c.name), c.id
         limit ${opts.limit})
  select p.id::text as id, p.name, p.sort_name, p.total_users_allowed, p.credit_cents, p.created_at, p.status,
         o.name as owner_name, o.email as owner_email,
         (select count(*) from users u where u.company_id = p.id and u.status <> 'deleted') as users,
         (select count(*) from sms_messages sm, m where sm.company_id = p.id and sm.submitted_at >= m.start)
         + (select coalesce(sum(b.sent), 0) from broadcasts b, m where b.company_id = p.id and b.created_at >= m.start)
           as messages${detail}
    from p
    left join company_status cs on cs.company_id = p.id
    left join lateral (select trim(u.first_name || ' ' || u.last_name) as name, u.email from users u
                        where u.company_id = p.id and u.is_owner order by u.created_at, u.id limit 1) o on true
   order by p.sort_name, p.id`;
}

function companyOf(r: CompanyRow): S["OperatorCompany"] {
  return {
    id: r.id,
    name: r.name,
    ownerName: r.owner_name ?? "",
    ownerEmail: r.owner_email ?? "",
    users: Number(r.users),
    userLimit: Number(r.total_users_allowed),
    balance: centsToSgd(Number(r.credit_cents)),
    messagesThisMonth: Number(r.messages),
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

const iso = (v: Date | string | null | undefined) => (v ? new Date(v).toISOString() : null);

/** The opaque cursor of a company page: the last row's sort key. */
const encodeCursor = (r: Pick<CompanyRow, "sort_name" | "id">) =>
  Buffer.from(JSON.stringify([r.sort_name, r.id]), "utf8").toString("base64url");

function decodeCursor(cursor: string | undefined): { name: string; id: string } | null {
  if (!cursor) return null;
  try {
    const v = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown;
    if (Array.isArray(v) && typeof v[0] === "string" && typeof v[1] === "string" && UUID.test(v[1]))
      return { name: v[0], id: v[1] };
  } catch {
    // not one of ours
  }
  throw new BadRequest(M.badCursor);
}

/** A LIKE pattern matching `text` anywhere, %, _ and \ taken literally. */
const contains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SGD with two decimals for people and the audit log ("1,234.50"). */
const sgdText = (cents: number) => formatAmount(cents);

/** The operator as an audit actor. */
const byOperator = (operator: OperatorActor, ip?: string): AuditWho => ({
  type: "operator",
  id: operator.operatorId,
  ip: ip ?? null,
});

/** One company's detail, read with `tx` (inside a change's transaction, or alone). */
export async function companyDetail(
  tx: DbOrTx,
  config: Deps["config"],
  companyId: string,
): Promise<S["OperatorCompanyDetail"]> {
  if (!UUID.test(companyId)) throw new NotFound(M.companyNotFound);
  const [r] = rowsOf<DetailRow>(
    await tx.execute(companiesSql({ where: sql`c.id = ${companyId}::uuid`, limit: 1, detail: true })),
  );
  if (!r) throw new NotFound(M.companyNotFound);
  const overrides = new Map(
    Object.entries(r.prices ?? {}).map(([k, v]) => [k as PriceChannel, Number(v)] as const),
  );
  return {
    ...companyOf(r),
    suspendedAt: iso(r.changed_at),
    suspendReason: r.reason,
    prices: priceList(config, overrides),
    senderIds: (r.sender_ids ?? []).map((x) => ({
      ...x,
      createdAt: new Date(x.createdAt).toISOString(),
      decidedAt: iso(x.decidedAt),
    })),
    numbers: r.numbers ?? [],
    smsGateways: (r.gateways ?? []).map((g) => {
      const charged = Number(g.charged);
      const cost = g.cost === null ? null : Number(g.cost);
      return {
        gateway: g.gateway,
        messages: Number(g.messages),
        segments: Number(g.segments),
        charged: centsToSgd(charged),
        cost: cost === null ? null : centsToSgd(cost),
        margin: cost === null ? null : centsToSgd(charged - cost),
      };
    }),
  };
}

/** Locks the company's row for a change; 404 when there is none. */
async function lockCompany(tx: DbOrTx, companyId: string): Promise<{ name: string }> {
  if (!UUID.test(companyId)) throw new NotFound(M.companyNotFound);
  const [c] = rowsOf<{ name: string }>(
    await tx.execute(sql`select name from companies where id = ${companyId}::uuid for update`),
  );
  if (!c) throw new NotFound(M.companyNotFound);
  return c;
}

/**
 * After a resume, in its transaction: delivery jobs for the company's queued rows (a job that found them
 * suspended claimed nothing and ended) and a job for each of its broadcasts that was sending. Scheduled rows and
 * recurring sends are the scheduler's at its next tick.
 */
export async function rearmSending(tx: DbOrTx, queue: Queue, companyId: string): Promise<void> {
  const queued = rowsOf<{ id: string }>(
    await tx.execute(sql`select id::text as id from sms_messages
                          where company_id = ${companyId}::uuid and status in ('queued', 'submitting')
                          order by id`),
  );
  if (queued.length > 0)
    await enqueueDelivery(
      tx,
      queue,
      queued.map((r) => r.id),
    );
  const broadcasts = rowsOf<{ id: string }>(
    await tx.execute(sql`select id::text as id from broadcasts
                          where company_id = ${companyId}::uuid and status in ('queued', 'running')`),
  );
  for (const b of broadcasts) await queue.enqueue("broadcast.deliver", { broadcastId: b.id }, { tx });
}

/** SGD with at most two decimals as cents; 400 otherwise. */
function centsOf(amount: number): number {
  try {
    return sgdToCents(amount);
  } catch {
    throw new BadRequest(M.badAmount);
  }
}

export function operatorCompanies(deps: Deps) {
  const { database, config, queue } = deps;
  const { db } = database;

  return {
    async list(q: {
      q?: string;
      status?: "active" | "suspended";
      cursor?: string;
      limit?: number;
    }): Promise<S["OperatorCompanyPage"]> {
      const limit = Math.min(Math.max(q.limit ?? COMPANY_PAGE_DEFAULT, 1), 200);
      const after = decodeCursor(q.cursor);
      const text = q.q?.trim();
      const conditions: SQL[] = [sql`true`];
      if (text) {
        const like = contains(text);
        conditions.push(sql`(lower(c.name) like ${like}
          or exists (select 1 from users ou where ou.company_id = c.id and ou.is_owner
                       and lower(ou.email) like ${like}))`);
      }
      if (q.status) conditions.push(sql`coalesce(s.status, 'active') = ${q.status}`);
      if (after) conditions.push(sql`(lower(c.name), c.id) > (${after.name}, ${after.id}::uuid)`);
      const found = rowsOf<CompanyRow>(
        await db.execute(
          companiesSql({ where: sql.join(conditions, sql` and `), limit: limit + 1, detail: false }),
        ),
      );
      const page = found.slice(0, limit);
      const last = page[page.length - 1];
      return {
        data: page.map(companyOf),
        nextCursor: found.length > limit && last ? encodeCursor(last) : null,
      };
    },

    detail: (companyId: string) => companyDetail(db, config, companyId),

    /**
     * Suspends a company: its users' sessions end at once (the revocation notifies every process's session
     * cache), sign-in and calls are refused, and its sending waits (status.ts).
     */
    async suspend(
      operator: OperatorActor,
      companyId: string,
      body: S["ReasonRequest"],
      ip?: string,
    ): Promise<S["OperatorCompanyDetail"]> {
      const reason = body.reason.trim();
      if (!reason) throw new BadRequest(M.reasonRequired);
      return db.transaction(async (tx) => {
        const company = await lockCompany(tx, companyId);
        const [prev] = rowsOf<{ status: string }>(
          await tx.execute(sql`select status from company_status where company_id = ${companyId}::uuid`),
        );
        if (prev?.status === "suspended") throw new Conflict(M.alreadySuspended);
        await tx.execute(sql`insert into company_status (company_id, status, reason, changed_at, changed_by)
                             values (${companyId}::uuid, 'suspended', ${reason}, now(), ${operator.operatorId}::uuid)
                             on conflict (company_id) do update
                               set status = 'suspended', reason = excluded.reason, changed_at = now(),
                                   changed_by = excluded.changed_by`);
        // Every session of the company's users (signed in, or between password and code) ends now.
        await tx.execute(sql`update sessions set revoked_at = now()
                              where revoked_at is null
                                and user_id in (select id from users where company_id = ${companyId}::uuid)`);
        await recordAudit(tx, {
          companyId,
          who: byOperator(operator, ip),
          action: "company.suspended",
          target: { type: "company", id: companyId, label: company.name },
          before: { status: "active" },
          after: { status: "suspended", reason },
        });
        return companyDetail(tx, config, companyId);
      });
    },

    /** Resumes a suspended company: its users may sign in again and what waited is sent. */
    async resume(
      operator: OperatorActor,
      companyId: string,
      body: S["ReasonRequest"],
      ip?: string,
    ): Promise<S["OperatorCompanyDetail"]> {
      const reason = body.reason.trim();
      if (!reason) throw new BadRequest(M.reasonRequired);
      return db.transaction(async (tx) => {
        const company = await lockCompany(tx, companyId);
        const [prev] = rowsOf<{ reason: string | null }>(
          await tx.execute(sql`update company_status c set status = 'active', reason = ${reason}, changed_at = now(),
                                      changed_by = ${operator.operatorId}::uuid
                                 from (select company_id, reason from company_status
                                        where company_id = ${companyId}::uuid and status = 'suspended' for update) prev
                                where c.company_id = prev.company_id
                            returning prev.reason`),
        );
        if (!prev) throw new Conflict(M.notSuspended);
        await rearmSending(tx, queue, companyId);
        await recordAudit(tx, {
          companyId,
          who: byOperator(operator, ip),
          action: "company.resumed",
          target: { type: "company", id: companyId, label: company.name },
          before: { status: "suspended", reason: prev.reason },
          after: { status: "active", reason },
        });
        return companyDetail(tx, config, companyId);
      });
    },

    async setUserLimit(
      operator: OperatorActor,
      companyId: string,
      body: S["UserLimitRequest"],
      ip?: string,
    ): Promise<S["OperatorCompanyDetail"]> {
      if (!Number.isSafeInteger(body.limit) || body.limit < 0)
        throw new BadRequest("The user limit must be a whole number from 0.");
      return db.transaction(async (tx) => {
        const company = await lockCompany(tx, companyId);
        const before = await changeUserLimit(tx, companyId, body.limit);
        if (before === null) throw new NotFound(M.companyNotFound);
        await recordAudit(tx, {
          companyId,
          who: byOperator(operator, ip),
          action: "company.user_limit_changed",
          target: { type: "company", id: companyId, label: company.name },
          before: { userLimit: before },
          after: { userLimit: body.limit },
        });
        return companyDetail(tx, config, companyId);
      });
    },

    /** Each listed channel's price for the company (null: back to the default); others keep theirs. */
    async setPrices(
      operator: OperatorActor,
      companyId: string,
      body: S["PricesRequest"],
      ip?: string,
    ): Promise<S["OperatorCompanyDetail"]> {
      const seen = new Set<string>();
      for (const p of body.prices) {
        if (seen.has(p.channel)) throw new BadRequest(M.duplicateChannel);
        seen.add(p.channel);
        if (p.priceCents !== null && (!Number.isSafeInteger(p.priceCents) || p.priceCents < 0))
          throw new BadRequest(
            `The price of ${PRICE_CHANNEL_NAMES[p.channel]} must be a whole number of cents.`,
          );
      }
      return db.transaction(async (tx) => {
        const company = await lockCompany(tx, companyId);
        const readPrices = async () =>
          Object.fromEntries(
            rowsOf<{ channel: string; price_cents: number | string }>(
              await tx.execute(sql`select channel, price_cents from company_prices
                                    where company_id = ${companyId}::uuid order by channel`),
            ).map((r) => [r.channel, Number(r.price_cents)]),
          );
        const before = await readPrices();
        const set = body.prices.filter((p) => p.priceCents !== null);
        const cleared = body.prices.filter((p) => p.priceCents === null).map((p) => p.channel);
        if (set.length > 0) {
          await tx.execute(sql`insert into company_prices (company_id, channel, price_cents, updated_at)
                               select ${companyId}::uuid, v.channel, v.price, now()
                                 from jsonb_to_recordset(${JSON.stringify(
                                   set.map((p) => ({ channel: p.channel, price: p.priceCents })),
                                 )}::jsonb) as v(channel text, price int)
                               on conflict (company_id, channel) do update
                                 set price_cents = excluded.price_cents, updated_at = now()`);
        }
        if (cleared.length > 0) {
          await tx.execute(sql`delete from company_prices
                                where company_id = ${companyId}::uuid
                                  and channel in (select jsonb_array_elements_text(${JSON.stringify(cleared)}::jsonb))`);
        }
        const after = await readPrices();
        await recordAudit(tx, {
          companyId,
          who: byOperator(operator, ip),
          action: "company.prices_changed",
          target: { type: "company", id: companyId, label: company.name },
          before: { pricesCents: before },
          after: { pricesCents: after },
        });
        return companyDetail(tx, config, companyId);
      });
    },

    /**
     * A grant (positive amount: external -> company) or a correction (negative: company -> external, never
     * below zero) of the corporate credit, with the reason as the statement's memo; idempotent per company with
     * the Idempotency-Key header (a replay answers the first answer and moves nothing).
     */
    async adjustCredit(
      operator: OperatorActor,
      companyId: string,
      body: S["CreditAdjustmentRequest"],
      idempotencyKey: string | undefined,
      ip?: string,
    ): Promise<S["OperatorCompanyDetail"]> {
      const reason = body.reason.trim();
      if (!reason) throw new BadRequest(M.reasonRequired);
      const signed = centsOf(body.amount);
      if (signed === 0) throw new BadRequest(M.zeroAmount);
      if (!UUID.test(companyId)) throw new NotFound(M.companyNotFound);
      // The request's ledger row names the company: it must exist before anything is written.
      const [exists] = rowsOf<{ id: string }>(
        await db.execute(sql`select id from companies where id = ${companyId}::uuid`),
      );
      if (!exists) throw new NotFound(M.companyNotFound);
      const grant = signed > 0;
      const amountCents = Math.abs(signed);
      const { answer } = await idempotent(
        db,
        {
          companyId,
          key: idempotencyKey,
          operation: "operatorAdjustCredit",
          body: { amountCents: signed, reason },
          actorId: null,
          kind: "request",
        },
        async (tx: Tx) => {
          const company = await lockCompany(tx, companyId);
          const [b] = rowsOf<{ credit_cents: number | string }>(
            await tx.execute(sql`select credit_cents from companies where id = ${companyId}::uuid`),
          );
          const beforeCents = Number(b!.credit_cents);
          if (!grant && beforeCents < amountCents) throw new Unprocessable(M.belowZero(sgdText(beforeCents)));
          // Its own ledger transaction (not the keyed request's), so the statement shows the reason.
          const movement = {
            companyId,
            amountCents,
            actorId: null,
            memo: grant
              ? `Granted by your service provider: ${reason}`
              : `Corrected by your service provider: ${reason}`,
          };
          let moved: Awaited<ReturnType<typeof grantCredit>>;
          try {
            moved = grant ? await grantCredit(tx, movement) : await correctCredit(tx, movement);
          } catch (err) {
            if (err instanceof InsufficientCredit) throw new Unprocessable(M.belowZero(sgdText(beforeCents)));
            throw err;
          }
          const afterCents = Number(grant ? moved.creditedBalanceCents : moved.debitedBalanceCents);
          // A correction may take the balance below an alert threshold: alerted once per crossing.
          if (!grant) {
            await enqueueLowCreditAlerts(tx, queue, {
              companyId,
              before: beforeCents,
              after: afterCents,
              key: moved.transactionId,
            });
          }
          await recordAudit(tx, {
            companyId,
            who: byOperator(operator, ip),
            action: grant ? "credit.granted" : "credit.corrected",
            target: { type: "company", id: companyId, label: company.name },
            before: { balance: centsToSgd(beforeCents) },
            after: { balance: centsToSgd(afterCents), amount: centsToSgd(signed), reason },
          });
          return companyDetail(tx, config, companyId);
        },
      );
      return answer;
    },
  };
}
