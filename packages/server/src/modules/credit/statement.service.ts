/**
 * The credit statement (/creditStatement, /creditStatement/export): the ledger entries of one account
 * between two days, with the opening and closing balances, the totals in and out, and the running balance
 * after each entry — "where did my credit go?".
 *
 * Accounts: the company's corporate account (ledger account 'company') or one user's credit (account
 * 'user' of that user). The user statement follows the spendable credit My Credit shows: credit held for
 * a send leaves it ('Reserved for …') and what is not spent comes back ('Released'); captures move held
 * credit to usage and so are not in it. `held` tells how much the user's open reservations hold now.
 *
 * Days are calendar days in the company's time zone (companies.timezone, Asia/Singapore unless an admin chose
 * another), both included; the zone is read inside the page's one query, which also fills a missing day (`to`
 * is today there, `from` the first of `to`'s month). A range is at most 366 days, which also bounds the work of one page: a page is
 * ONE statement (plus one to look the user up) whatever the page or history size. The opening balance is
 * the account's balance now (companies/users.credit_cents, which the ledger keeps equal to the sum of the
 * account's entries) less the entries since the first day, so only entries from the first day on are read,
 * never the whole history; the totals are sums over the range and the running balance a window sum over it.
 */
import { PassThrough, Readable } from "node:stream";
import type { components } from "@herald/api-client/schema";
import { centsToSgd } from "@herald/domain";
import ExcelJS from "exceljs";
import type { Deps } from "../../deps";
import { BadRequest, Forbidden, NotFound } from "../../errors";
import { neutralise } from "../../lib/spreadsheet";
import type { Actor } from "../../plugins/actor";
import {
  EXPORT_BATCH,
  STATEMENT_DEFAULT_LIMIT,
  STATEMENT_MAX_DAYS,
  STATEMENT_MAX_LIMIT,
  STATEMENT_MESSAGES,
  STATEMENT_TIME_ZONE,
} from "./statement.messages";

type S = components["schemas"];

export interface StatementQuery {
  userId?: string;
  from?: string;
  to?: string;
  limit?: number;
  cursor?: string;
}

type Kind = S["CreditStatementEntry"]["kind"];

interface Account {
  type: "company" | "user";
  userId: string | null;
  /** The user's full name; the company's name is read with the page. */
  userName: string | null;
}

interface Range {
  from: string;
  to: string;
}

/** A range as asked: a missing day is filled in by the query, in the company's time zone. */
interface AskedRange {
  from: string | null;
  to: string | null;
}

interface EntryRow {
  opening: string | number;
  total_in: string | number;
  total_out: string | number;
  held: string | number;
  company_name: string | null;
  from_day: string;
  to_day: string;
  time_zone: string;
  cursor_found: number;
  id: string | null;
  transaction_id: string;
  created_at: Date | string;
  local_time: string;
  kind: Kind;
  amount_cents: string | number;
  run: string | number;
  reference: string | null;
  memo: string | null;
  keyed: boolean;
  other_account: string | null;
  other_name: string | null;
  actor_name: string | null;
}

export interface StatementLine {
  id: string;
  transactionId: string;
  createdAt: string;
  /** 'dd/MM/yyyy H:mm:ss' in the statement's time zone. */
  localTime: string;
  kind: Kind;
  description: string;
  counterparty: string | null;
  reference: string | null;
  actorName: string | null;
  amountCents: number;
  balanceCents: number;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Days since the epoch of a YYYY-MM-DD that is a real calendar day, or null. */
function dayNumber(text: string): number | null {
  const m = DATE.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  if (y < 2000 || y > 9999) return null;
  return t / 86_400_000;
}

/** Today in a time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/**
 * The range of a query as far as it can be checked without the company's time zone: each given day is a real
 * day, and with both given, `from` is not after `to` and the range is not too long. A missing `from` with a
 * given `to` is the first of `to`'s month; a missing `to` is left for the query (today in the company's zone).
 */
export function askedRange(q: { from?: string; to?: string }): AskedRange {
  const to = q.to?.trim() || null;
  if (to !== null && dayNumber(to) === null) throw new BadRequest(STATEMENT_MESSAGES.badDate("to"));
  const from = q.from?.trim() || (to ? `${to.slice(0, 8)}01` : null);
  if (from !== null && dayNumber(from) === null) throw new BadRequest(STATEMENT_MESSAGES.badDate("from"));
  if (from !== null && to !== null) checkRange({ from, to });
  return { from, to };
}

/** `from` is not after `to` and the range holds at most STATEMENT_MAX_DAYS days. */
function checkRange(range: Range): Range {
  const fromDay = dayNumber(range.from)!;
  const toDay = dayNumber(range.to)!;
  if (fromDay > toDay) throw new BadRequest(STATEMENT_MESSAGES.fromAfterTo);
  if (toDay - fromDay + 1 > STATEMENT_MAX_DAYS) throw new BadRequest(STATEMENT_MESSAGES.tooLong);
  return range;
}

/** The range the query used (days as it filled them in), checked once more when it filled one in. */
function usedRange(asked: AskedRange, head: EntryRow): Range {
  const range = { from: String(head.from_day), to: String(head.to_day) };
  return asked.from !== null && asked.to !== null ? range : checkRange(range);
}

export const encodeCursor = (entryId: string) => Buffer.from(entryId, "utf8").toString("base64url");

function decodeCursor(cursor: string | undefined): string | null {
  if (cursor === undefined || cursor === "") return null;
  const id = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, "base64url").toString("utf8") : "";
  if (!UUID.test(id)) throw new BadRequest(STATEMENT_MESSAGES.badCursor);
  return id;
}

/**
 * One page of an account's entries in one statement. `$1` company, `$2` from, `$3` to (null: filled in
 * from today in the company's time zone), `$4` time zone (null: the company's), `$5` user (null: the corporate account), `$6` cursor entry (null: from the start), `$7` rows to read.
 * With `summary`, the opening balance (entries before the first day), the totals in and out of the range
 * and the reservations held are computed too; with `window`, the running balance of each entry within the
 * range (add the opening balance). Newest first (`desc`) for the API, oldest first for the export.
 */
function pageSql(opts: { summary: boolean; window: boolean; order: "asc" | "desc" }): string {
  const account = `e.company_id = $1::uuid and (case when $5::uuid is null then e.account = 'company'
                    else e.account = 'user' and e.user_id = $5::uuid end)`;
  const before = opts.order === "desc" ? "<" : ">";
  const summary = opts.summary
    ? `select (max(a.balance) - coalesce(sum(e.amount_cents), 0))::bigint as opening,
              coalesce(sum(e.amount_cents) filter (where e.created_at < b.hi and e.amount_cents > 0), 0)::bigint as total_in,
              coalesce(sum(e.amount_cents) filter (where e.created_at < b.hi and e.amount_cents < 0), 0)::bigint as total_out,
              (select coalesce(sum(cr.remaining_cents), 0) from credit_reservations cr
                where cr.company_id = $1::uuid and cr.user_id = $5::uuid and cr.status = 'open')::bigint as held,
              (select name from companies where id = $1::uuid) as company_name
         from b
         cross join a
         left join ledger_entries e on ${account} and e.created_at >= b.lo`
    : `select 0::bigint as opening, 0::bigint as total_in, 0::bigint as total_out, 0::bigint as held,
              null::text as company_name`;
  const run = opts.window ? "sum(e.amount_cents) over (order by e.created_at, e.id)" : "0::bigint";
  return `with z as (select coalesce($4::text, (select timezone from companies where id = $1::uuid), '${STATEMENT_TIME_ZONE}') as tz),
  t0 as (select coalesce($3::date, (now() at time zone z.tz)::date) as to_day, z.tz from z),
  d as (select coalesce($2::date, date_trunc('month', t0.to_day)::date) as from_day, t0.to_day, t0.tz from t0),
  b as (select (d.from_day)::timestamp at time zone d.tz as lo,
               (d.to_day + 1)::timestamp at time zone d.tz as hi, d.tz from d),
  -- The account's balance now: the sum of all its entries (the ledger keeps them equal in every statement).
  a as (select case when $5::uuid is null then (select credit_cents from companies where id = $1::uuid)
                    else (select credit_cents from users where id = $5::uuid and company_id = $1::uuid) end as balance),
  s as (${summary}),
  c as (select created_at, id from ledger_entries where id = $6::uuid and company_id = $1::uuid),
  r as (select e.id, e.transaction_id, e.created_at, e.kind, e.amount_cents, e.reference, e.actor_id,
               ${run} as run
          from b, ledger_entries e where ${account} and e.created_at >= b.lo and e.created_at < b.hi),
  p as (select r.* from r
         where $6::uuid is null or (r.created_at, r.id) ${before} (select created_at, id from c)
         order by r.created_at ${opts.order}, r.id ${opts.order} limit $7::int)
  select s.opening, s.total_in, s.total_out, s.held, s.company_name,
         to_char(d.from_day, 'YYYY-MM-DD') as from_day, to_char(d.to_day, 'YYYY-MM-DD') as to_day, d.tz as time_zone,
         (select count(*) from c)::int as cursor_found,
         p.id, p.transaction_id, p.created_at, p.kind, p.amount_cents, p.run, p.reference,
         to_char(p.created_at at time zone d.tz, 'DD/MM/YYYY FMHH24:MI:SS') as local_time,
         t.memo, (t.idempotency_key is not null) as keyed,
         o.account as other_account,
         nullif(trim(ou.first_name || ' ' || ou.last_name), '') as other_name,
         nullif(trim(au.first_name || ' ' || au.last_name), '') as actor_name
    from s
    cross join d
    left join p on true
    left join lateral (select x.account, x.user_id from ledger_entries x
                        where x.transaction_id = p.transaction_id and x.id <> p.id and x.kind = p.kind
                          and x.amount_cents = -p.amount_cents
                        order by x.id limit 1) o on true
    left join users ou on ou.id = o.user_id
    left join users au on au.id = p.actor_id
    left join ledger_transactions t on t.id = p.transaction_id
   order by p.created_at ${opts.order}, p.id ${opts.order}`;
}

const PAGE_SQL = pageSql({ summary: true, window: true, order: "desc" });
const EXPORT_FIRST_SQL = pageSql({ summary: true, window: false, order: "asc" });
const EXPORT_NEXT_SQL = pageSql({ summary: false, window: false, order: "asc" });

const COUNTERPARTY: Record<string, string> = {
  external: "Payment",
  company: "Corporate account",
  reserved: "Reservation",
  usage: "Usage",
};

const REFERENCE_LABEL: Record<string, string> = {
  payment: "Card payment",
  broadcast: "Broadcast",
  send: "Message send",
  msg: "Message",
  reservation: "Scheduled messages",
};
const LINKED = /^([a-z]+):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * An entry's reference as a person reads it: what it belongs to ("Broadcast", "Message send") instead of the
 * record it links, and a card payment with its receipt number (the purchase's last 8 characters, "R-9F3C2A1B").
 * Other references (a provider's, a note) stay as they are.
 */
export function referenceText(reference: string | null): string | null {
  if (!reference) return null;
  const m = LINKED.exec(reference.trim());
  if (!m) return reference;
  const label = REFERENCE_LABEL[m[1]!.toLowerCase()] ?? "Record";
  if (m[1]!.toLowerCase() !== "payment") return label;
  return `${label} · receipt R-${m[2]!.replace(/-/g, "").slice(-8).toUpperCase()}`;
}

/** The human description of an entry, from the account's point of view. */
function describe(row: EntryRow, account: Account): { description: string; counterparty: string | null } {
  const otherUser = row.other_account === "user" ? (row.other_name ?? "a user") : null;
  const counterparty = otherUser ?? (row.other_account ? (COUNTERPARTY[row.other_account] ?? null) : null);
  // The user the allocation is about: the account's own user, or the company account's counterparty.
  const who = account.type === "user" ? (account.userName ?? "a user") : (otherUser ?? "a user");
  let text: string;
  switch (row.kind) {
    case "purchase":
      text = "Purchase";
      break;
    case "allocate":
      text = `Allocated to ${who}`;
      break;
    case "deduct":
      text = `Deducted from ${who}`;
      break;
    case "reserve":
      text = `Reserved for ${
        row.reference && LINKED.test(row.reference.trim())
          ? referenceText(row.reference)!.toLowerCase()
          : (row.reference ?? "a send")
      }`;
      break;
    case "capture":
      text = "Captured";
      break;
    case "release":
      text = "Released";
      break;
    case "refund":
      text = "Refund";
      break;
    case "charge":
      text = "Charge";
      break;
    default:
      text = String(row.kind);
  }
  // The memo of an idempotent request's transaction is the operation's name, not a note for people.
  const memo = !row.keyed && row.memo?.trim() ? row.memo.trim() : null;
  return { description: memo ? `${text} — ${memo}` : text, counterparty };
}

function lineOf(row: EntryRow, account: Account, opening: number): StatementLine {
  const { description, counterparty } = describe(row, account);
  return {
    id: row.id!,
    transactionId: row.transaction_id,
    createdAt: new Date(row.created_at).toISOString(),
    localTime: row.local_time,
    kind: row.kind,
    description,
    counterparty,
    reference: referenceText(row.reference),
    actorName: row.actor_name,
    amountCents: Number(row.amount_cents),
    balanceCents: opening + Number(row.run),
  };
}

const csvCell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
/** Amounts are written as plain numbers ("-12.50"), not text: a number is never a formula. */
const amountText = (cents: number) => {
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
};

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);

export const EXPORT_COLUMNS = [
  "Date",
  "Description",
  "Counterparty",
  "Reference",
  "By",
  "Amount (SGD)",
  "Balance (SGD)",
] as const;

/** The export's header: the date column names the company's time zone ("Date (Asia/Singapore)"). */
export const exportColumns = (timeZone: string): string[] => [
  `Date (${timeZone})`,
  ...EXPORT_COLUMNS.slice(1),
];

export interface StatementExport {
  fileName: string;
  contentType: string;
  stream: Readable;
}

export function statementService({ database }: Deps) {
  /** The account asked for, with the permission rules: 403 / 404 before anything is read. */
  async function accountOf(actor: Actor, userId: string | undefined): Promise<Account> {
    if (!userId) {
      if (actor.role !== "admin") throw new Forbidden(STATEMENT_MESSAGES.corporateAdminOnly);
      return { type: "company", userId: null, userName: null };
    }
    if (!UUID.test(userId)) throw new NotFound(STATEMENT_MESSAGES.userNotFound);
    const [u] = await database.query<{ id: string; name: string }>(
      `select id, trim(first_name || ' ' || last_name) as name from users where id = $1 and company_id = $2`,
      [userId, actor.companyId],
    );
    if (!u) throw new NotFound(STATEMENT_MESSAGES.userNotFound);
    if (actor.role !== "admin" && u.id !== actor.userId) throw new Forbidden(STATEMENT_MESSAGES.otherUser);
    return { type: "user", userId: u.id, userName: u.name };
  }

  const read = (
    sqlText: string,
    actor: Actor,
    account: Account,
    range: AskedRange,
    cursor: string | null,
    n: number,
  ) =>
    database.query<EntryRow>(sqlText, [
      actor.companyId,
      range.from,
      range.to,
      null,
      account.userId,
      cursor,
      n,
    ]);

  return {
    async statement(actor: Actor, q: StatementQuery): Promise<S["CreditStatement"]> {
      const asked = askedRange(q);
      const limit = q.limit ?? STATEMENT_DEFAULT_LIMIT;
      if (!Number.isInteger(limit) || limit < 1 || limit > STATEMENT_MAX_LIMIT)
        throw new BadRequest(STATEMENT_MESSAGES.badLimit);
      const cursor = decodeCursor(q.cursor);
      const account = await accountOf(actor, q.userId);
      const rows = await read(PAGE_SQL, actor, account, asked, cursor, limit + 1);
      const head = rows[0]!;
      const range = usedRange(asked, head);
      if (cursor && head.cursor_found === 0) throw new BadRequest(STATEMENT_MESSAGES.badCursor);
      const opening = Number(head.opening);
      const totalIn = Number(head.total_in);
      const totalOut = Number(head.total_out);
      const entries = rows.filter((r) => r.id !== null);
      const page = entries.slice(0, limit);
      return {
        account: {
          type: account.type,
          userId: account.userId,
          name: account.type === "user" ? (account.userName ?? "") : (head.company_name ?? ""),
        },
        from: range.from,
        to: range.to,
        timeZone: head.time_zone,
        openingBalance: centsToSgd(opening),
        closingBalance: centsToSgd(opening + totalIn + totalOut),
        totalIn: centsToSgd(totalIn),
        totalOut: centsToSgd(totalOut),
        held: account.type === "user" ? centsToSgd(Number(head.held)) : null,
        data: page.map((r) => {
          const l = lineOf(r, account, opening);
          return {
            id: l.id,
            transactionId: l.transactionId,
            createdAt: l.createdAt,
            kind: l.kind,
            description: l.description,
            counterparty: l.counterparty,
            reference: l.reference,
            actorName: l.actorName,
            amount: centsToSgd(l.amountCents),
            balance: centsToSgd(l.balanceCents),
          };
        }),
        nextCursor: entries.length > limit ? encodeCursor(page[page.length - 1]!.id!) : null,
      };
    },

    /**
     * The statement as a file, oldest first, streamed: the permission checks and the first batch happen
     * before anything is sent (a refusal is a plain 4xx answer); later batches are read while the file is
     * being written, EXPORT_BATCH entries per query.
     */
    async export(
      actor: Actor,
      q: { format?: string; userId?: string; from?: string; to?: string },
    ): Promise<StatementExport> {
      if (q.format !== "csv" && q.format !== "xlsx") throw new BadRequest(STATEMENT_MESSAGES.badFormat);
      const format = q.format;
      const asked = askedRange(q);
      const account = await accountOf(actor, q.userId);
      const first = await read(EXPORT_FIRST_SQL, actor, account, asked, null, EXPORT_BATCH);
      const head = first[0]!;
      const range = usedRange(asked, head);
      const fixed: AskedRange = range;
      const opening = Number(head.opening);
      const closing = opening + Number(head.total_in) + Number(head.total_out);
      const owner = account.type === "user" ? slug(account.userName ?? "") : "";
      const fileName = `statement-${range.from}-${range.to}${owner ? `-${owner}` : ""}.${format}`;

      async function* lines(): AsyncGenerator<StatementLine> {
        let balance = opening;
        let batch = first.filter((r) => r.id !== null);
        while (batch.length > 0) {
          for (const r of batch) {
            const line = lineOf(r, account, 0);
            balance += line.amountCents;
            yield { ...line, balanceCents: balance };
          }
          if (batch.length < EXPORT_BATCH) return;
          const last = batch[batch.length - 1]!.id!;
          batch = (await read(EXPORT_NEXT_SQL, actor, account, fixed, last, EXPORT_BATCH)).filter(
            (r) => r.id !== null,
          );
        }
      }
      const cells = (l: StatementLine) => [
        l.localTime,
        neutralise(l.description),
        neutralise(l.counterparty ?? ""),
        neutralise(l.reference ?? ""),
        neutralise(l.actorName ?? ""),
      ];

      if (format === "csv") {
        async function* csv(): AsyncGenerator<string> {
          const row = (values: string[]) => `${values.map(csvCell).join(",")}\r\n`;
          yield row(exportColumns(head.time_zone));
          yield row([
            `${range.from.split("-").reverse().join("/")}`,
            "Opening balance",
            "",
            "",
            "",
            "",
            amountText(opening),
          ]);
          for await (const l of lines())
            yield row([...cells(l), amountText(l.amountCents), amountText(l.balanceCents)]);
          yield row([
            `${range.to.split("-").reverse().join("/")}`,
            "Closing balance",
            "",
            "",
            "",
            "",
            amountText(closing),
          ]);
        }
        return { fileName, contentType: "text/csv; charset=utf-8", stream: Readable.from(csv()) };
      }

      const out = new PassThrough();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
      const sheet = workbook.addWorksheet("Statement");
      sheet.columns = [
        { header: exportColumns(head.time_zone)[0], width: 26 },
        { header: EXPORT_COLUMNS[1], width: 40 },
        { header: EXPORT_COLUMNS[2], width: 24 },
        { header: EXPORT_COLUMNS[3], width: 28 },
        { header: EXPORT_COLUMNS[4], width: 22 },
        { header: EXPORT_COLUMNS[5], width: 14, style: { numFmt: "#,##0.00" } },
        { header: EXPORT_COLUMNS[6], width: 14, style: { numFmt: "#,##0.00" } },
      ];
      const sgd = (cents: number) => centsToSgd(cents);
      (async () => {
        sheet
          .addRow([
            range.from.split("-").reverse().join("/"),
            "Opening balance",
            null,
            null,
            null,
            null,
            sgd(opening),
          ])
          .commit();
        for await (const l of lines()) {
          sheet.addRow([...cells(l).map((v) => v || null), sgd(l.amountCents), sgd(l.balanceCents)]).commit();
        }
        sheet
          .addRow([
            range.to.split("-").reverse().join("/"),
            "Closing balance",
            null,
            null,
            null,
            null,
            sgd(closing),
          ])
          .commit();
        sheet.commit();
        await workbook.commit();
      })().catch((err: unknown) => out.destroy(err as Error));
      return {
        fileName,
        contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        stream: out,
      };
    },
  };
}
