/**
 * The audit log's reads: one statement per page, keyset-paged on (created_at, id) by the indexes
 * audit_log_company_idx (company_id, created_at, id) for one company and audit_log_created_idx (created_at, id)
 * for the operator's whole log. The day range is turned into instants in the scope's time zone inside the
 * statement (the company's, read by a scalar subquery run once), so a page needs nothing read before it.
 */
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import type { KeysetPosition } from "../../lib/paging";

export interface AuditScope {
  /** One company's entries; null: every entry (the operator's log). */
  companyId: string | null;
  /** Days are the company's calendar days (its time zone) or UTC days. */
  zone: "company" | "utc";
}

export interface AuditFilters {
  /** A LIKE pattern for the actor's name and e-mail (lib/paging containsPattern). */
  actorPattern?: string | undefined;
  /** An action (`user.created`), an area (`user`) or a prefix ending in a dot (`user.`). */
  action?: string | undefined;
  /** First and last day included, YYYY-MM-DD, checked by the caller. */
  from?: string | undefined;
  to?: string | undefined;
}

export interface AuditRow {
  id: string;
  created_at: Date | string;
  /** created_at as PostgreSQL prints it (microseconds kept), for the cursor. */
  ck: string;
  actor_type: "user" | "operator" | "system" | "api";
  actor_label: string;
  actor_ip: string | null;
  action: string;
  target_type: string | null;
  target_label: string | null;
  before: Record<string, unknown> | string | null;
  after: Record<string, unknown> | string | null;
  company_id: string | null;
  company_name: string | null;
  /** The time zone of the scope's days (the company's, or UTC). */
  zone: string;
}

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/** The scope's time zone as SQL (a scalar subquery PostgreSQL runs once per statement). */
const zoneOf = (scope: AuditScope): SQL =>
  scope.zone === "company" && scope.companyId
    ? sql`coalesce((select c.timezone from companies c where c.id = ${scope.companyId}::uuid), 'UTC')`
    : sql`'UTC'`;

export interface PageOptions {
  order: "asc" | "desc";
  /** The last row of the previous page (exclusive). */
  after: KeysetPosition | null;
  limit: number;
}

/**
 * One page of entries in `order` after `after`: newest first for the list, oldest first for the export.
 * `limit` rows at most.
 */
export function readAuditPage(
  db: DbOrTx,
  scope: AuditScope,
  filters: AuditFilters,
  opts: PageOptions,
): Promise<AuditRow[]> {
  return rows<AuditRow>(db, auditPageSql(scope, filters, opts));
}

/** The statement of a page (see readAuditPage). */
export function auditPageSql(scope: AuditScope, filters: AuditFilters, opts: PageOptions): SQL {
  const zone = zoneOf(scope);
  const where: SQL[] = [];
  if (scope.companyId) where.push(sql`a.company_id = ${scope.companyId}::uuid`);
  if (filters.from) where.push(sql`a.created_at >= (${filters.from}::date)::timestamp at time zone ${zone}`);
  if (filters.to) where.push(sql`a.created_at < (${filters.to}::date + 1)::timestamp at time zone ${zone}`);
  const action = filters.action;
  if (action) {
    where.push(
      action.endsWith(".")
        ? sql`starts_with(a.action, ${action})`
        : sql`(a.action = ${action} or starts_with(a.action, ${`${action}.`}))`,
    );
  }
  if (filters.actorPattern) where.push(sql`a.actor_label ilike ${filters.actorPattern}`);
  const { order, after } = opts;
  if (after) {
    where.push(
      order === "desc"
        ? sql`(a.created_at, a.id) < (${after.at}::timestamptz, ${after.id}::uuid)`
        : sql`(a.created_at, a.id) > (${after.at}::timestamptz, ${after.id}::uuid)`,
    );
  }
  const dir = sql.raw(order);
  return sql`select a.id, a.created_at, a.created_at::text as ck, a.actor_type, a.actor_label, a.actor_ip, a.action,
               a.target_type, a.target_label, a.before, a.after, a.company_id, c.name as company_name,
               ${zone} as zone
          from audit_log a
          left join companies c on c.id = a.company_id
         where ${where.length > 0 ? sql.join(where, sql` and `) : sql`true`}
         order by a.created_at ${dir}, a.id ${dir}
         limit ${opts.limit}`;
}
