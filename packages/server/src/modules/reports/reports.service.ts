/**
 * The SMS reports (report/inbox, report/outbox, report/scheduled): keyset-paged lists with a date range and a
 * search, the user filter options, and deletion. Admins see the whole company (the outbox may be narrowed to
 * one sender); supervisors and agents see their own sends, and in the inbox the general messages plus those
 * privately addressed to them. Every statement is filtered by the actor's company, so another company's ids
 * answer 404 and its rows never show.
 *
 * Tables (the SMS module's): `sms_messages` holds the outbox (rows past `scheduled`) and the scheduled rows
 * (`status = 'scheduled'`); `sms_inbox` the mobile-originated messages.
 */
import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import type { components } from "@herald/api-client/schema";
import { DEFAULT_TIME_ZONE, MESSAGES, stripNonDigits } from "@herald/domain";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import ExcelJS from "exceljs";
import type { PoolClient } from "pg";
import type { DbOrTx, Tx } from "../../db/client";
import { rows } from "../../db/sql";
import type { Deps } from "../../deps";
import { BadRequest, NotFound } from "../../errors";
import {
  containsPattern,
  decodeCursor,
  encodeCursor,
  INVALID_CURSOR,
  type KeysetPosition,
  TOTAL_CAP,
} from "../../lib/paging";
import { type Actor, requireActor } from "../../plugins/actor";
import { cancelScheduled } from "../sms/cancel";
import { companyTimeZone } from "../sms/compose.options";
import {
  END_IN_FUTURE,
  MESSAGE_NOT_FOUND,
  SCHEDULED_TOO_SOON,
  START_AFTER_END,
  START_IN_PAST,
  STILL_SENDING,
} from "./reports.messages";

type S = components["schemas"];
type Filter = S["ReportFilter"];
interface PageQuery {
  limit?: number;
  cursor?: string;
  search?: string;
}

const DAY_MS = 24 * 3600_000;
/** Scheduled rows due within 30 minutes cannot be deleted (enforced here, whatever the client shows). */
export const DELETE_LOCK_MS = 30 * 60_000;
/** Rows of the outbox: every state after `scheduled` except those never sent (skipped) or cancelled. */
const OUTBOX_STATUSES = sql`('queued', 'submitting', 'accepted', 'delivered', 'failed', 'rejected')`;
/** Outbox rows a worker may still be holding: deleting them is refused. */
const IN_FLIGHT = ["queued", "submitting"];

const iso = (d: Date | string) => new Date(d).toISOString();

export interface ExportQuery {
  report: "inbox" | "outbox" | "scheduled";
  format?: "csv" | "xlsx";
  startDate?: string;
  endDate?: string;
  userId?: string;
  search?: string;
}

/** Rows per statement of an export. */
const EXPORT_BATCH = 10_000;
export const EXPORT_NAMES = {
  inbox: "Incoming Messages",
  outbox: "Sent Messages",
  scheduled: "Scheduled Messages",
} as const;
export const EXPORT_COLUMNS: Record<ExportQuery["report"], string[]> = {
  inbox: ["Mobile", "Receiver", "Message", "Type", "Date"],
  outbox: ["Sender ID", "Mobile", "Message", "Billable", "Delivered Status", "SMS Count", "Date"],
  scheduled: ["Sender ID", "Mobile", "Message", "Campaign", "Schedule"],
};

/** A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return) gets a leading '. */
export const neutralise = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** One CSV record (RFC 4180 quoting), LF-terminated as PostgreSQL's COPY writes them. */
const csvLine = (cells: string[]) =>
  `${cells.map((v) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(",")}\n`;

/**
 * A CSV line in SQL. The values are selected once in an inner query (`c0`, `c1`, …) and formatted by the outer
 * one from those columns: each text cell null as empty, neutralised (a leading ' before =, +, -, @, tab, CR:
 * code points 61, 43, 45, 64, 9, 13 of `ascii`, which reads the first character without copying it)
 * and quoted when it holds a quote, comma or line break; `plain` cells (dates, yes/no, counts) as they are.
 */
interface CsvCell {
  v: SQL;
  plain?: true;
}
function csvLineSql(cells: CsvCell[]): { inner: SQL; line: SQL; columns: SQL } {
  const inner = sql.join(
    cells.map((c, i) => sql`${c.v} as ${sql.raw(`c${i}`)}`),
    sql`, `,
  );
  const parts = cells.map((c, i) => {
    const col = sql.raw(`coalesce(s.c${i}::text, '')`);
    if (c.plain) return col;
    const safe = sql`(case when ascii(${col}) in (61, 43, 45, 64, 9, 13) then '''' || ${col} else ${col} end)`;
    return sql`(case when strpos(${col}, '"') > 0 or strpos(${col}, ',') > 0 or strpos(${col}, ${"\n"}) > 0
                       or strpos(${col}, ${"\r"}) > 0
                     then '"' || replace(${safe}, '"', '""') || '"' else ${safe} end)`;
  });
  // For COPY … (FORMAT csv), which quotes: the neutralised text, empty as null (unquoted).
  const columns = sql.join(
    cells.map((c, i) => {
      const col = sql.raw(`s.c${i}::text`);
      if (c.plain) return col;
      return sql`nullif(case when ascii(${col}) in (61, 43, 45, 64, 9, 13) then '''' || ${col} else ${col} end, '')`;
    }),
    sql`, `,
  );
  return { inner, line: sql`(${sql.join(parts, sql` || ',' || `)} || ${"\n"})`, columns };
}

/** ISO 8601 UTC with milliseconds, as JavaScript writes it. */
/**
 * An export's date: the wall clock in the company's zone ("2026-11-28 08:00:05"; the column names the zone). The
 * zone is written into the statement as a literal (COPY takes no parameters): a name of Intl's list, checked.
 */
const zonedSql = (v: SQL, zone: string) => {
  const safe = /^[A-Za-z0-9_+\-/]{1,64}$/.test(zone) ? zone : DEFAULT_TIME_ZONE;
  return sql`to_char(${v} at time zone ${sql.raw(`'${safe}'`)}, 'YYYY-MM-DD HH24:MI:SS')`;
};
/** The export's header: date columns name the company's zone ("Date (Asia/Singapore)"). */
export const exportColumns = (report: ExportQuery["report"], zone: string) =>
  EXPORT_COLUMNS[report].map((c) => (c === "Date" || c === "Schedule" ? `${c} (${zone})` : c));

/** Bytes of COPY output gathered into one chunk of the response (a CopyData message is one row). */
const COPY_CHUNK = 256 * 1024;

/**
 * Runs `COPY (…) TO STDOUT` on a client of the pool and yields the CSV as it arrives, in blocks of COPY_CHUNK
 * bytes (the pg client's extension point for custom protocol messages). Each row's bytes are copied out at
 * once: the protocol parser hands out views of a buffer it reuses for the next reads. Reading pauses the socket
 * while a few blocks wait for the consumer, so memory stays flat; a consumer that stops reading lets the rest
 * drain unkept.
 */
async function* copyOut(client: PoolClient, text: string): AsyncGenerator<Buffer> {
  const ready: Buffer[] = [];
  let block = Buffer.allocUnsafe(COPY_CHUNK);
  let used = 0;
  let done = false;
  let abandoned = false;
  let paused = false;
  let error: unknown = null;
  let wake: (() => void) | null = null;
  const socket = (client as unknown as { connection: { stream: NodeJS.ReadableStream } }).connection.stream;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const copy = {
    submit(connection: { query: (text: string) => void }) {
      connection.query(text);
    },
    handleCopyData(msg: { chunk: Buffer }) {
      if (abandoned) return;
      const chunk = msg.chunk;
      if (chunk.length > block.length - used) {
        if (used > 0) ready.push(block.subarray(0, used));
        block = Buffer.allocUnsafe(Math.max(COPY_CHUNK, chunk.length));
        used = 0;
        if (ready.length >= 4 && !paused) {
          paused = true;
          socket.pause();
        }
        notify();
      }
      chunk.copy(block, used);
      used += chunk.length;
    },
    handleCommandComplete() {},
    handleRowDescription() {},
    handleDataRow() {},
    handleEmptyQuery() {},
    handleCopyInResponse() {},
    handleReadyForQuery() {
      done = true;
      notify();
    },
    handleError(err: unknown) {
      error = err;
      notify();
    },
  };
  client.query(copy as never);
  try {
    for (;;) {
      if (error) throw error;
      const next = ready.shift();
      if (next) {
        if (paused && ready.length < 2) {
          paused = false;
          socket.resume();
        }
        yield next;
        continue;
      }
      if (done) {
        if (used > 0) yield block.subarray(0, used);
        return;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    abandoned = true;
    ready.length = 0;
    if (paused) socket.resume();
  }
}

/** The row's date (`at`: created_at or scheduled_at) as ISO 8601 UTC. */
const isoText = (v: unknown) => new Date(v as Date | string).toISOString();

function exportCells(report: ExportQuery["report"], r: Record<string, unknown>): string[] {
  const t = (v: unknown) => (v === null || v === undefined ? "" : String(v));
  const cells =
    report === "inbox"
      ? [
          t(r.from_number),
          t(r.receiver_name),
          t(r.text),
          r.receiver_user_id ? "Private" : "General",
          isoText(r.at),
        ]
      : report === "outbox"
        ? [
            t(r.sender_id),
            t(r.recipient),
            t(r.text),
            r.billable ? "yes" : "no",
            t(r.delivered_st),
            String(Math.max(1, Number(r.segments))),
            isoText(r.at),
          ]
        : [t(r.sender_id), t(r.recipient), t(r.text), t(r.campaign), isoText(r.at)];
  return cells.map(neutralise);
}
const isAdmin = (a: Actor) => a.role === "admin";

function cursorOf(cursor: string | undefined): KeysetPosition | null {
  if (cursor === undefined) return null;
  const position = decodeCursor(cursor);
  if (!position) throw new BadRequest(INVALID_CURSOR);
  return position;
}

const limitOf = (q: PageQuery) => Math.min(Math.max(q.limit ?? 1000, 1), 5000);

/**
 * The date range of a filter, checked against the report's rule. The portal sends whole local days, so the
 * server allows a day of slack: an end more than a day ahead of now is after today in every time zone, a start
 * more than a day before now is before today in every time zone.
 */
function rangeOf(f: Filter, rule: "end-not-future" | "start-not-past", now = Date.now()) {
  const start = f.startDate ? new Date(f.startDate) : null;
  const end = f.endDate ? new Date(f.endDate) : null;
  if (rule === "end-not-future" && end && end.getTime() > now + DAY_MS) throw new BadRequest(END_IN_FUTURE);
  if (rule === "start-not-past" && start && start.getTime() < now - DAY_MS)
    throw new BadRequest(START_IN_PAST);
  if (start && end && start > end) throw new BadRequest(START_AFTER_END);
  return { start: start?.toISOString() ?? null, end: end?.toISOString() ?? null };
}

/** `col` within the range (inclusive bounds; an open end is no bound). */
const within = (col: SQL, r: { start: string | null; end: string | null }) =>
  sql`${r.start ? sql`and ${col} >= ${r.start}::timestamptz` : sql``}
      ${r.end ? sql`and ${col} <= ${r.end}::timestamptz` : sql``}`;

/** The search: a lowered text pattern and, when the text is digits (with + - spaces), a number pattern. */
function searchOf(search: string | undefined) {
  const text = search?.trim().toLowerCase();
  if (!text) return null;
  const digits = /^[\d\s+()-]+$/.test(text) ? stripNonDigits(text) : "";
  return { text: containsPattern(text)!, digits: digits ? `%${digits}%` : null };
}

/** After `p` in (col desc, id desc) order, in the form the keyset index serves. */
const before = (col: SQL, id: SQL, p: KeysetPosition) =>
  sql`and ${col} <= ${p.at}::timestamptz and (${col} < ${p.at}::timestamptz or ${id} < ${p.id}::uuid)`;
/** After `p` in (col asc, id asc) order. */
const after = (col: SQL, id: SQL, p: KeysetPosition) =>
  sql`and ${col} >= ${p.at}::timestamptz and (${col} > ${p.at}::timestamptz or ${id} > ${p.id}::uuid)`;

/** A page of `limit` rows and the cursor of the next one (the statement read limit + 1 rows). */
function page<R extends { id: string; ck: string }>(found: R[], limit: number) {
  const more = found.length > limit;
  const data = more ? found.slice(0, limit) : found;
  const last = data[data.length - 1];
  return { data, nextCursor: more && last ? encodeCursor({ at: last.ck, id: last.id }) : null };
}

/**
 * The delivery status shown: the gateway's last report, else what the row's state says (pending while
 * queued, sent once accepted, rejected or failed without a report, skipped for a suppressed number).
 */
const DELIVERED_ST = sql`coalesce(m.delivered_st, case m.status
  when 'queued' then 'pending' when 'submitting' then 'pending' when 'accepted' then 'sent'
  when 'rejected' then 'rejected' when 'failed' then 'failed' when 'skipped' then 'skipped' end)`;

interface InboxRow {
  id: string;
  from_number: string;
  text: string;
  receiver_user_id: string | null;
  receiver_name: string | null;
  created_at: Date | string;
  ck: string;
}
interface OutboxRow {
  id: string;
  recipient: string;
  sender_id: string | null;
  text: string;
  billable: boolean;
  delivered_st: string | null;
  created_at: Date | string;
  segments: number | string;
  user_id: string;
  ck: string;
}
interface ScheduledRow {
  id: string;
  sender_id: string | null;
  recipient: string;
  text: string;
  campaign: string | null;
  scheduled_at: Date | string;
  ck: string;
}

export function reportsService({ database }: Deps) {
  const { db } = database;
  let campaignsTable: Promise<boolean> | undefined;
  /** Whether the campaigns table exists (its module may not be installed): campaign names join it. */
  const hasCampaigns = () => {
    campaignsTable ??= rows<{ ok: boolean }>(db, sql`select to_regclass('campaigns') is not null as ok`).then(
      (r) => Boolean(r[0]?.ok),
    );
    return campaignsTable;
  };

  /**
   * One statement per page: the matching rows in keyset order up to the page (or, on the first page, up to
   * TOTAL_CAP + 1 of them for the total and the counts per delivery status), then the page's rows.
   */
  async function keysetPage<R extends { id: string; ck: string }>(o: {
    columns: SQL;
    from: SQL;
    keyset: SQL;
    inner: SQL;
    outer: SQL;
    limit: number;
    first: boolean;
    extra?: SQL;
    statuses?: boolean;
  }) {
    const window = o.first ? Math.max(o.limit + 1, TOTAL_CAP + 1) : o.limit + 1;
    const found = await rows<R & { total_n: number | string | null; statuses: unknown }>(
      db,
      sql`with m as (select ${o.columns} ${o.from} ${o.keyset} order by ${o.inner} limit ${window})
          select p.* ${o.extra ?? sql``},
                 ${o.first ? sql`(select count(*) from m)` : sql`null`} as total_n,
                 ${
                   o.statuses && o.first
                     ? sql`(select coalesce(json_agg(json_build_object('st', st, 'n', n) order by n desc, st), '[]')
                              from (select delivered_st as st, count(*) as n
                                      from (select delivered_st from m order by ${o.outer} limit ${TOTAL_CAP}) x
                                     group by delivered_st) y)`
                     : sql`null`
                 } as statuses
            from (select * from m order by ${o.outer} limit ${o.limit + 1}) p
           order by ${o.outer}`,
    );
    const { data, nextCursor } = page(found, o.limit);
    const head = found[0];
    const n = head ? Number(head.total_n ?? 0) : 0;
    const total = o.first ? { total: Math.min(n, TOTAL_CAP), totalExact: n <= TOTAL_CAP } : {};
    const raw = head?.statuses;
    const statuses = (typeof raw === "string" ? JSON.parse(raw) : (raw ?? [])) as {
      st: string | null;
      n: number | string;
    }[];
    return { data, nextCursor, total, statuses };
  }

  /** The outbox rows an actor may see, matching a filter (a FROM ... WHERE clause without the keyset). */
  function outboxFrom(a: Actor, f: Filter, q: PageQuery) {
    const range = rangeOf(f, "end-not-future");
    const s = searchOf(q.search);
    const user = isAdmin(a) ? (f.userId ?? null) : a.userId;
    return sql`from sms_messages m
      where m.company_id = ${a.companyId} and m.channel = 'sms' and m.status in ${OUTBOX_STATUSES}
        ${user ? sql`and m.user_id = ${user}` : sql``}
        ${within(sql`m.created_at`, range)}
        ${
          s
            ? sql`and (lower(m.text) like ${s.text} or lower(coalesce(m.sender_id, '')) like ${s.text}
                       ${s.digits ? sql`or m.recipient like ${s.digits}` : sql``})`
            : sql``
        }`;
  }

  function inboxFrom(a: Actor, f: Filter, q: PageQuery) {
    const range = rangeOf(f, "end-not-future");
    const s = searchOf(q.search);
    return sql`from sms_inbox m
      where m.company_id = ${a.companyId}
        ${isAdmin(a) ? sql`` : sql`and (m.receiver_user_id is null or m.receiver_user_id = ${a.userId})`}
        ${within(sql`m.created_at`, range)}
        ${
          s
            ? sql`and (lower(m.text) like ${s.text} ${s.digits ? sql`or m.from_number like ${s.digits}` : sql``})`
            : sql``
        }`;
  }

  /** The campaign name of a row of alias `t` (null while the campaigns module is not installed). */
  async function campaignNames() {
    const campaigns = await hasCampaigns();
    return (t: SQL) =>
      campaigns
        ? sql`(select c.name from campaigns c where c.id = ${t}.campaign_id and c.company_id = ${t}.company_id)`
        : sql`null::text`;
  }

  function scheduledFrom(a: Actor, f: Filter, q: PageQuery, campaignNameOf: (t: SQL) => SQL) {
    const range = rangeOf(f, "start-not-past");
    const s = searchOf(q.search);
    return sql`from sms_messages m
      where m.company_id = ${a.companyId} and m.status = 'scheduled' and m.channel = 'sms'
        ${isAdmin(a) ? sql`` : sql`and m.user_id = ${a.userId}`}
        ${within(sql`m.scheduled_at`, range)}
        ${
          s
            ? sql`and (lower(m.text) like ${s.text} or lower(coalesce(m.sender_id, '')) like ${s.text}
                       or lower(coalesce(${campaignNameOf(sql`m`)}, '')) like ${s.text}
                       ${s.digits ? sql`or m.recipient like ${s.digits}` : sql``})`
            : sql``
        }`;
  }

  /**
   * Every row of a report as cells, in keyset batches of EXPORT_BATCH (one statement each): memory holds one
   * batch whatever the report's size.
   */
  async function* exportBatches(
    a: Actor,
    q: ExportQuery,
    zone: string,
  ): AsyncGenerator<string[][] | string | Buffer> {
    const f: Filter = {
      ...(q.startDate ? { startDate: q.startDate } : {}),
      ...(q.endDate ? { endDate: q.endDate } : {}),
      ...(q.userId ? { userId: q.userId } : {}),
    };
    const campaignNameOf = q.report === "scheduled" ? await campaignNames() : null;
    const spec =
      q.report === "inbox"
        ? {
            from: inboxFrom(a, f, q),
            columns: sql`m.id, m.from_number, m.text, m.receiver_user_id, m.created_at as at, m.created_at::text as ck,
                         (select nullif(trim(u.first_name || ' ' || u.last_name), '') from users u
                           where u.id = m.receiver_user_id) as receiver_name`,
            order: sql`m.created_at desc nulls last, m.id desc nulls last`,
            keyset: (p: KeysetPosition) => before(sql`m.created_at`, sql`m.id`, p),
            at: sql`m.created_at`,
            desc: true,
            line: csvLineSql([
              { v: sql`m.from_number` },
              {
                v: sql`(select nullif(trim(u.first_name || ' ' || u.last_name), '') from users u
                         where u.id = m.receiver_user_id)`,
              },
              { v: sql`m.text` },
              {
                v: sql`(case when m.receiver_user_id is null then 'General' else 'Private' end)`,
                plain: true,
              },
              { v: zonedSql(sql`m.created_at`, zone), plain: true },
            ]),
          }
        : q.report === "outbox"
          ? {
              from: outboxFrom(a, f, q),
              columns: sql`m.id, m.sender_id, m.recipient, m.text, m.billable, ${DELIVERED_ST} as delivered_st,
                           m.segments, m.created_at as at, m.created_at::text as ck`,
              order: sql`m.created_at desc nulls last, m.id desc nulls last`,
              keyset: (p: KeysetPosition) => before(sql`m.created_at`, sql`m.id`, p),
              at: sql`m.created_at`,
              desc: true,
              line: csvLineSql([
                { v: sql`m.sender_id` },
                { v: sql`m.recipient` },
                { v: sql`m.text` },
                { v: sql`(case when m.billable then 'yes' else 'no' end)`, plain: true },
                { v: DELIVERED_ST },
                { v: sql`greatest(m.segments, 1)`, plain: true },
                { v: zonedSql(sql`m.created_at`, zone), plain: true },
              ]),
            }
          : {
              from: scheduledFrom(a, f, q, campaignNameOf!),
              columns: sql`m.id, m.sender_id, m.recipient, m.text, m.scheduled_at as at, m.scheduled_at::text as ck,
                           ${campaignNameOf!(sql`m`)} as campaign`,
              order: sql`m.scheduled_at, m.id`,
              keyset: (p: KeysetPosition) => after(sql`m.scheduled_at`, sql`m.id`, p),
              at: sql`m.scheduled_at`,
              desc: false,
              line: csvLineSql([
                { v: sql`m.sender_id` },
                { v: sql`m.recipient` },
                { v: sql`m.text` },
                { v: campaignNameOf!(sql`m`) },
                { v: zonedSql(sql`m.scheduled_at`, zone), plain: true },
              ]),
            };
    if (q.format !== "xlsx" && database.pool) {
      // CSV on PostgreSQL: one COPY of the whole report (one snapshot, one scan and sort), quoted by
      // PostgreSQL, the cells neutralised in its SELECT. COPY takes no bound parameters: they are inlined
      // as escaped literals.
      const statement = new PgDialect().sqlToQuery(
        sql`copy (select ${spec.line.columns}
                    from (select ${spec.line.inner} ${spec.from} order by ${spec.order}) s)
              to stdout with (format csv)`,
      );
      const client = await database.pool.connect();
      let failed = false;
      const text = statement.sql.replace(/\$(\d+)/g, (_, n: string) => {
        const v = statement.params[Number(n) - 1];
        return v === null || v === undefined ? "null" : client.escapeLiteral(String(v));
      });
      try {
        yield* copyOut(client, text);
      } catch (err) {
        failed = true;
        throw err;
      } finally {
        client.release(failed);
      }
      return;
    }
    if (q.format !== "xlsx") {
      // CSV on the embedded database: keyset batches (a long transaction would hold its one connection),
      // each batch's lines written by it as one text.
      const dir = spec.desc ? sql`desc` : sql`asc`;
      const back = spec.desc ? sql`asc` : sql`desc`;
      let position: KeysetPosition | null = null;
      for (;;) {
        type Batch = { csv: string | null; n: number | string; ck: string | null; id: string | null };
        const [b]: Batch[] = await rows<Batch>(
          db,
          sql`select string_agg(line, '' order by t ${dir}, id ${dir}) as csv, count(*) as n,
                     (array_agg(t::text order by t ${back}, id ${back}))[1] as ck,
                     (array_agg(id::text order by t ${back}, id ${back}))[1] as id
                from (select ${spec.line.line} as line, s.t, s.id
                        from (select ${spec.line.inner}, ${spec.at} as t, m.id ${spec.from}
                               ${position ? spec.keyset(position) : sql``}
                               order by ${spec.order} limit ${EXPORT_BATCH}) s) b`,
        );
        const n = Number(b?.n ?? 0);
        yield b?.csv ?? "";
        if (n < EXPORT_BATCH || !b?.ck || !b.id) return;
        position = { at: b.ck, id: b.id };
      }
    }
    let position: KeysetPosition | null = null;
    for (;;) {
      const batch: Record<string, unknown>[] = await rows<Record<string, unknown>>(
        db,
        sql`select ${spec.columns} ${spec.from} ${position ? spec.keyset(position) : sql``}
             order by ${spec.order} limit ${EXPORT_BATCH}`,
      );
      yield batch.map((r) => exportCells(q.report, r));
      if (batch.length < EXPORT_BATCH) return;
      const last = batch[batch.length - 1]!;
      position = { at: String(last.ck), id: String(last.id) };
    }
  }

  return {
    async inbox(actor: Actor | undefined, f: Filter, q: PageQuery): Promise<S["InboxList"]> {
      const a = requireActor(actor);
      const limit = limitOf(q);
      const position = cursorOf(q.cursor);
      const from = inboxFrom(a, f, q);
      const { data, nextCursor, total } = await keysetPage<InboxRow>({
        columns: sql`m.id, m.from_number, m.text, m.receiver_user_id, m.created_at, m.created_at::text as ck`,
        from,
        keyset: position ? before(sql`m.created_at`, sql`m.id`, position) : sql``,
        inner: sql`m.created_at desc nulls last, m.id desc nulls last`,
        outer: sql`created_at desc nulls last, id desc nulls last`,
        extra: sql`, (select nullif(trim(u.first_name || ' ' || u.last_name), '') from users u
                       where u.id = p.receiver_user_id) as receiver_name`,
        limit,
        first: !position,
      });
      return {
        data: data.map((r) => ({
          id: r.id,
          name: r.from_number,
          receiver_name: r.receiver_user_id ? (r.receiver_name ?? "") : null,
          msg_content: r.text,
          created_at: iso(r.created_at),
          receiver: r.receiver_user_id,
        })),
        nextCursor,
        ...total,
      };
    },

    async users(actor: Actor | undefined): Promise<S["ReportUserOptionList"]> {
      const a = requireActor(actor);
      const found = await rows<{ id: string; first_name: string; last_name: string }>(
        db,
        sql`select id, first_name, last_name from users
             where company_id = ${a.companyId} and deleted_at is null
               ${isAdmin(a) ? sql`` : sql`and id = ${a.userId}`}
             order by lower(first_name), lower(last_name), id`,
      );
      return { data: found.map((u) => ({ id: u.id, firstName: u.first_name, lastName: u.last_name })) };
    },

    async outbox(actor: Actor | undefined, f: Filter, q: PageQuery): Promise<S["OutboxList"]> {
      const a = requireActor(actor);
      const limit = limitOf(q);
      const position = cursorOf(q.cursor);
      const from = outboxFrom(a, f, q);
      const { data, nextCursor, total, statuses } = await keysetPage<OutboxRow>({
        columns: sql`m.id, m.recipient, m.sender_id, m.text, m.billable, ${DELIVERED_ST} as delivered_st,
                     m.created_at, m.segments, m.user_id, m.created_at::text as ck`,
        from,
        keyset: position ? before(sql`m.created_at`, sql`m.id`, position) : sql``,
        inner: sql`m.created_at desc nulls last, m.id desc nulls last`,
        outer: sql`created_at desc nulls last, id desc nulls last`,
        limit,
        first: !position,
        statuses: true,
      });
      // Counts of the newest TOTAL_CAP matching rows (all of them when totalExact).
      const msgStatus = statuses.map((c) => ({ delivered_st: c.st, total: Number(c.n) }));
      return {
        outbox: data.map((r) => ({
          id: r.id,
          name: r.recipient,
          callerid: r.sender_id ?? "",
          msg_content: r.text,
          billable: r.billable ? "yes" : "no",
          delivered_st: r.delivered_st,
          created_at: iso(r.created_at),
          sms_count: Math.max(1, Number(r.segments)),
          user_id: r.user_id,
        })),
        msg_status: msgStatus,
        nextCursor,
        ...total,
      };
    },

    async scheduled(actor: Actor | undefined, f: Filter, q: PageQuery): Promise<S["ScheduledSmsList"]> {
      const a = requireActor(actor);
      const limit = limitOf(q);
      const position = cursorOf(q.cursor);
      const campaignNameOf = await campaignNames();
      const from = scheduledFrom(a, f, q, campaignNameOf);
      const { data, nextCursor, total } = await keysetPage<ScheduledRow>({
        columns: sql`m.id, m.sender_id, m.recipient, m.text, m.scheduled_at, m.scheduled_at::text as ck,
                     m.campaign_id, m.company_id`,
        from,
        keyset: position ? after(sql`m.scheduled_at`, sql`m.id`, position) : sql``,
        inner: sql`m.scheduled_at, m.id`,
        outer: sql`scheduled_at, id`,
        extra: sql`, ${campaignNameOf(sql`p`)} as campaign`,
        limit,
        first: !position,
      });
      return {
        data: data.map((r) => ({
          id: r.id,
          name: r.sender_id ?? "",
          receiver: r.recipient,
          msg_content: r.text,
          campaign: r.campaign,
          schedule: iso(r.scheduled_at),
        })),
        nextCursor,
        ...total,
      };
    },

    /**
     * The whole report as a CSV or XLSX stream (GET /reports/export). The filter is checked before the first
     * byte, so a refusal is a JSON 400; the rows follow in keyset batches.
     */
    async exportReport(
      actor: Actor | undefined,
      q: ExportQuery,
    ): Promise<{ stream: Readable; fileName: string; contentType: string }> {
      const a = requireActor(actor);
      const zone = await companyTimeZone(db, a.companyId);
      const batches = exportBatches(a, q, zone);
      // The first batch now: date-rule refusals and database errors answer before the body starts.
      const first = await batches.next();
      const header = exportColumns(q.report, zone);
      const name = EXPORT_NAMES[q.report];
      async function* all() {
        if (!first.done) yield first.value;
        yield* batches;
      }
      if ((q.format ?? "csv") === "csv") {
        const stream = Readable.from(
          (async function* () {
            yield `\ufeff${csvLine(header)}`;
            for await (const batch of all())
              yield typeof batch === "string" || Buffer.isBuffer(batch) ? batch : batch.map(csvLine).join("");
          })(),
          { objectMode: false },
        );
        return { stream, fileName: `${name}.csv`, contentType: "text/csv; charset=utf-8" };
      }
      const out = new PassThrough();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: false,
        useSharedStrings: false,
      });
      const sheet = workbook.addWorksheet(name);
      (async () => {
        sheet.addRow(header).commit();
        for await (const batch of all()) {
          if (typeof batch === "string" || Buffer.isBuffer(batch)) continue;
          for (const cells of batch) sheet.addRow(cells).commit();
          if (out.writableNeedDrain) await once(out, "drain");
        }
        sheet.commit();
        await workbook.commit();
      })().catch((err) => out.destroy(err));
      return {
        stream: out,
        fileName: `${name}.xlsx`,
        contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      };
    },

    async deleteInbox(actor: Actor | undefined, ids: string[]): Promise<S["Ok"]> {
      const a = requireActor(actor);
      const wanted = [...new Set(ids)];
      await db.transaction(async (tx) => {
        const deleted = await rows<{ id: string }>(
          tx,
          sql`delete from sms_inbox m
               where m.company_id = ${a.companyId} and m.id = any(${`{${wanted.join(",")}}`}::uuid[])
                 ${isAdmin(a) ? sql`` : sql`and (m.receiver_user_id is null or m.receiver_user_id = ${a.userId})`}
              returning m.id`,
        );
        // All or nothing: a row the caller cannot see rolls the whole delete back.
        if (deleted.length !== wanted.length) throw new NotFound(MESSAGE_NOT_FOUND);
      });
      return { message: MESSAGES.dataDeleteSuccess };
    },

    async deleteOutbox(actor: Actor | undefined, ids: string[]): Promise<S["Ok"]> {
      const a = requireActor(actor);
      const wanted = [...new Set(ids)];
      await db.transaction(async (tx) => {
        const found = await lockMessages(tx, a, wanted, OUTBOX_STATUSES);
        if (found.length !== wanted.length) throw new NotFound(MESSAGE_NOT_FOUND);
        if (found.some((m) => IN_FLIGHT.includes(m.status))) throw new BadRequest(STILL_SENDING);
        await tx.execute(sql`delete from sms_messages
            where company_id = ${a.companyId} and id = any(${`{${wanted.join(",")}}`}::uuid[])`);
      });
      return { message: MESSAGES.dataDeleteSuccess };
    },

    /**
     * Cancels scheduled rows, all or nothing: 404 when one is not a scheduled row the caller may see, 400 with
     * the specification's text when one is due within 30 minutes; otherwise the rows are cancelled and their
     * reserved credit released (the SMS module's cancelScheduled).
     */
    async deleteScheduled(actor: Actor | undefined, ids: string[]): Promise<S["Ok"]> {
      const a = requireActor(actor);
      const wanted = [...new Set(ids)];
      await db.transaction(async (tx) => {
        const found = await lockMessages(tx, a, wanted, sql`('scheduled')`);
        if (found.length !== wanted.length) throw new NotFound(MESSAGE_NOT_FOUND);
        if (found.some((m) => m.too_soon)) throw new BadRequest(SCHEDULED_TOO_SOON);
        await cancelScheduled(tx, a.companyId, wanted);
      });
      return { message: MESSAGES.dataDeleteSuccess };
    },
  };

  /** Locks the wanted SMS rows in `statuses` that the actor may see (its company; its own unless admin). */
  async function lockMessages(tx: Tx, a: Actor, ids: string[], statuses: SQL) {
    return rows<{ id: string; status: string; too_soon: boolean }>(
      tx,
      sql`select m.id, m.status,
                 coalesce(m.scheduled_at < now() + ${`${DELETE_LOCK_MS / 1000} seconds`}::interval, false)
                   as too_soon
            from sms_messages m
           where m.company_id = ${a.companyId} and m.channel = 'sms' and m.status in ${statuses}
             and m.id = any(${`{${ids.join(",")}}`}::uuid[])
             ${isAdmin(a) ? sql`` : sql`and m.user_id = ${a.userId}`}
           order by m.id
           for update`,
    );
  }
}

export type { DbOrTx };
