/**
 * Reading the audit log: a company's admins read their company's entries (/auditLog), the operator every entry
 * or one company's (/operator/audit-log); both filter by actor (part of the name or e-mail), action (exact, an
 * area, or a prefix), and days (the company's calendar for its admins, UTC for the operator), page newest first
 * by an opaque cursor, and export the same selection oldest first as CSV.
 *
 * A page is ONE statement (audit.repository.ts) after the caller's own lookup (the actor, or the operator).
 * Operators' addresses stay in the operator's log: a company sees that the operator acted, not from where.
 */
import { pipeline, Readable } from "node:stream";
import type { components } from "@herald/api-client/schema";
import { stringify } from "csv-stringify";
import type { Deps } from "../../deps";
import { BadRequest } from "../../errors";
import { containsPattern, decodeCursor, encodeCursor, type KeysetPosition } from "../../lib/paging";
import { neutralise } from "../../lib/spreadsheet";
import { type Actor, assertAdmin } from "../../plugins/actor";
import { type OperatorActor, requireOperator } from "../../plugins/operator";
import { summarise } from "./actions";
import { AUDIT_DEFAULT_LIMIT, AUDIT_EXPORT_BATCH, AUDIT_MAX_LIMIT, AUDIT_MESSAGES } from "./audit.messages";
import { type AuditFilters, type AuditRow, type AuditScope, readAuditPage } from "./audit.repository";

type S = components["schemas"];

export interface AuditQuery {
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
  cursor?: string;
  limit?: number;
}

export interface OperatorAuditQuery extends AuditQuery {
  companyId?: string;
}

type View = "company" | "operator";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day as YYYY-MM-DD (years 2000–9999), or null. */
function calendarDay(text: string | undefined): string | null {
  const m = DATE.exec(text ?? "");
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  if (y < 2000 || t.getUTCFullYear() !== y || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d) return null;
  return text!;
}

/** The filters of a query, checked: real days, from <= to, an action or its start. */
export function auditFilters(q: AuditQuery): AuditFilters {
  const from = q.from?.trim() || undefined;
  const to = q.to?.trim() || undefined;
  if (from !== undefined && !calendarDay(from)) throw new BadRequest(AUDIT_MESSAGES.badDate("from"));
  if (to !== undefined && !calendarDay(to)) throw new BadRequest(AUDIT_MESSAGES.badDate("to"));
  if (from && to && from > to) throw new BadRequest(AUDIT_MESSAGES.fromAfterTo);
  const action = q.action?.trim().toLowerCase() || undefined;
  if (action !== undefined && (!/^[a-z0-9_.]{1,60}$/.test(action) || action.startsWith(".")))
    throw new BadRequest(AUDIT_MESSAGES.badAction);
  return { from, to, action, actorPattern: containsPattern(q.actor?.slice(0, 100)) };
}

/** The position a cursor stands for; 400 for anything this server did not make (lib/paging checks the day exists). */
export function auditPosition(cursor: string | undefined): KeysetPosition | null {
  if (cursor === undefined || cursor === "") return null;
  const p = decodeCursor(cursor);
  if (!p) throw new BadRequest(AUDIT_MESSAGES.badCursor);
  return p;
}

function limitOf(limit: number | undefined): number {
  const n = limit ?? AUDIT_DEFAULT_LIMIT;
  if (!Number.isInteger(n) || n < 1 || n > AUDIT_MAX_LIMIT) throw new BadRequest(AUDIT_MESSAGES.badLimit);
  return n;
}

const jsonOf = (v: AuditRow["before"]): Record<string, unknown> | null =>
  v === null ? null : typeof v === "string" ? (JSON.parse(v) as Record<string, unknown>) : v;

/** An operator's address is shown in the operator's log only. */
const addressOf = (r: AuditRow, view: View) =>
  view === "company" && r.actor_type === "operator" ? null : r.actor_ip;

function entryOf(r: AuditRow, view: View): S["AuditEntry"] {
  return {
    id: r.id,
    at: new Date(r.created_at).toISOString(),
    actorType: r.actor_type,
    actorName: r.actor_label,
    actorAddress: addressOf(r, view),
    action: r.action,
    summary: summarise(r.action, r.target_label),
    targetType: r.target_type,
    targetLabel: r.target_label,
    before: jsonOf(r.before),
    after: jsonOf(r.after),
    companyId: r.company_id,
    companyName: r.company_name,
  };
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
      timeZoneName: "longOffset",
    });
    formats.set(zone, f);
  }
  return f;
}

/** ISO 8601 to the second in a time zone, with its offset: 2026-03-04T17:05:09+08:00 (Z for UTC). */
export function isoInZone(at: Date, zone: string): string {
  if (zone === "UTC") return `${at.toISOString().slice(0, 19)}Z`;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatIn(zone).formatToParts(at);
  } catch {
    return `${at.toISOString().slice(0, 19)}Z`;
  }
  const p = (type: Intl.DateTimeFormatPartTypes) => parts.find((x) => x.type === type)?.value ?? "";
  const offset = p("timeZoneName").replace(/^GMT/, "") || "+00:00";
  return `${p("year")}-${p("month")}-${p("day")}T${p("hour")}:${p("minute")}:${p("second")}${offset}`;
}

export const AUDIT_EXPORT_COLUMNS = [
  "Time",
  "Actor",
  "Address",
  "Action",
  "Summary",
  "Target",
  "Before",
  "After",
  "Company",
] as const;

function cells(r: AuditRow, view: View): string[] {
  const json = (v: AuditRow["before"]) => (v === null ? "" : typeof v === "string" ? v : JSON.stringify(v));
  return [
    isoInZone(new Date(r.created_at), r.zone),
    r.actor_label,
    addressOf(r, view) ?? "",
    r.action,
    summarise(r.action, r.target_label),
    r.target_label ?? "",
    json(r.before),
    json(r.after),
    r.company_name ?? "",
  ].map(neutralise);
}

export interface AuditExport {
  fileName: string;
  stream: Readable;
}

export function auditService({ database }: Deps) {
  const { db } = database;

  async function page(scope: AuditScope, q: AuditQuery, view: View): Promise<S["AuditPage"]> {
    const filters = auditFilters(q);
    const limit = limitOf(q.limit);
    const after = auditPosition(q.cursor);
    const found = await readAuditPage(db, scope, filters, { order: "desc", after, limit: limit + 1 });
    const data = found.slice(0, limit);
    const last = data[data.length - 1];
    return {
      data: data.map((r) => entryOf(r, view)),
      nextCursor: found.length > limit && last ? encodeCursor({ at: last.ck, id: last.id }) : null,
    };
  }

  /**
   * The selection oldest first as CSV, streamed: the filters are checked and the first batch read before the
   * answer starts (a refusal is a plain 4xx); later batches are read as the file is written.
   */
  async function exportCsv(scope: AuditScope, q: AuditQuery, view: View, name: string): Promise<AuditExport> {
    const filters = auditFilters(q);
    const read = (after: KeysetPosition | null) =>
      readAuditPage(db, scope, filters, { order: "asc", after, limit: AUDIT_EXPORT_BATCH });
    const first = await read(null);
    async function* records(): AsyncGenerator<string[]> {
      let batch = first;
      for (;;) {
        for (const r of batch) yield cells(r, view);
        const last = batch[batch.length - 1];
        if (batch.length < AUDIT_EXPORT_BATCH || !last) return;
        batch = await read({ at: last.ck, id: last.id });
      }
    }
    const csv = stringify({ header: true, columns: [...AUDIT_EXPORT_COLUMNS], record_delimiter: "windows" });
    // A failure while writing ends the response early (pipeline destroys every stream of it).
    const stream = pipeline(Readable.from(records()), csv, () => {});
    const range = [filters.from, filters.to].filter(Boolean).join("-to-");
    return { fileName: `${name}${range ? `-${range}` : ""}.csv`, stream };
  }

  return {
    /** Admins: their company's entries only. */
    list(actor: Actor | undefined, q: AuditQuery): Promise<S["AuditPage"]> {
      assertAdmin(actor);
      return page({ companyId: actor.companyId, zone: "company" }, q, "company");
    },

    async export(actor: Actor | undefined, q: AuditQuery): Promise<AuditExport> {
      assertAdmin(actor);
      return exportCsv({ companyId: actor.companyId, zone: "company" }, q, "company", "audit-log");
    },

    /** The operator: every entry, or one company's (`companyId`); days in UTC. */
    operatorList(operator: OperatorActor | undefined, q: OperatorAuditQuery): Promise<S["AuditPage"]> {
      requireOperator(operator);
      return page({ companyId: q.companyId ?? null, zone: "utc" }, q, "operator");
    },

    async operatorExport(operator: OperatorActor | undefined, q: OperatorAuditQuery): Promise<AuditExport> {
      requireOperator(operator);
      return exportCsv({ companyId: q.companyId ?? null, zone: "utc" }, q, "operator", "audit-log-all");
    },
  };
}
