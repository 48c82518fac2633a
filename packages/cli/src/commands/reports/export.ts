import { createWriteStream, type WriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { get as httpGet } from "node:http";
import { get as httpsGet } from "node:https";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { components } from "@herald/api-client";
import { DEFAULT_TIME_ZONE, formatInZone, instantInZone, zoneOffsetMs } from "@herald/domain";
import { stringify } from "csv-stringify";
import { CliError } from "../../errors";
import { refuseOverwrite } from "../../lib/files";
import { count, type Progress, progressLine } from "../../lib/progress";
import { xlsxSheetWriter } from "../../lib/xlsx-writer";
import { type CommandContext, call, companyTimeZone, signedInClient } from "../../session";

type S = components["schemas"];

export const REPORT_KINDS = ["inbox", "outbox", "scheduled", "campaigns"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export interface ReportExportOptions {
  from?: string;
  to?: string;
  format?: string;
  out?: string;
  yes?: boolean;
  json?: boolean;
  /** Rows per request (default 5000, the largest page the server gives). */
  pageSize?: number;
}

export interface ReportExportResult {
  report: ReportKind;
  file: string;
  format: "csv" | "xlsx";
  rows: number;
}

export interface ReportExportHooks {
  progress?: Progress;
}

/** The file name of each report, as the portal names its exports. */
export const REPORT_FILE_NAMES: Record<ReportKind, string> = {
  inbox: "Incoming Messages",
  outbox: "Sent Messages",
  scheduled: "Scheduled Messages",
  campaigns: "Campaign",
};

/** Streams a response body into `<file>.part`, renamed to `file` when complete; `onChunk` sees every chunk. */
async function bodyToFile(
  source: Readable | null,
  file: string,
  onChunk: (chunk: Uint8Array) => void,
): Promise<void> {
  if (!source) throw new CliError("The server sent an empty answer");
  const part = `${file}.part`;
  try {
    source.on("data", onChunk);
    await pipeline(source, createWriteStream(part, { mode: 0o600, highWaterMark: 1024 * 1024 }));
    await rename(part, file);
  } catch (err) {
    await rm(part, { force: true });
    throw new CliError(`Could not write ${file}: ${(err as Error).message}`);
  }
}

/** A GET answered as a Node stream (node:http, no web-stream layer): the status and the body. */
function streamGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: Readable }> {
  return new Promise((resolve, reject) => {
    const get = url.startsWith("https:") ? httpsGet : httpGet;
    const req = get(url, { headers }, (res) => resolve({ status: res.statusCode ?? 0, body: res }));
    req.on("error", reject);
  });
}

/** The JSON of an answer's body (null when it is not JSON). */
async function jsonOf(body: Readable): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return null;
  }
}

/**
 * Counts the records of a CSV stream chunk by chunk: line feeds outside quoted cells (a doubled quote inside a
 * cell toggles twice, so it changes nothing). Answers the records seen so far, a last one without its line
 * feed included. Quotes and line feeds are found with Buffer.indexOf (memchr), not byte by byte.
 */
export function csvRecordCounter(): (chunk: Uint8Array) => number {
  let quoted = false;
  let records = 0;
  let open = false;
  return (bytes) => {
    const chunk = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    const n = chunk.length;
    let i = 0;
    while (i < n) {
      const q = chunk.indexOf(0x22, i);
      if (quoted) {
        // inside a quoted cell: everything up to the closing quote belongs to the open record
        open = true;
        if (q === -1) break;
        quoted = false;
        i = q + 1;
        continue;
      }
      const end = q === -1 ? n : q;
      for (let lf = chunk.indexOf(0x0a, i); lf !== -1 && lf < end; lf = chunk.indexOf(0x0a, i)) {
        records++;
        open = false;
        i = lf + 1;
      }
      for (let k = i; k < end; k++) {
        if (chunk[k] !== 0x0d) {
          open = true;
          break;
        }
      }
      if (q === -1) break;
      quoted = true;
      open = true;
      i = q + 1;
    }
    return records + (open ? 1 : 0);
  };
}

/** A cell a spreadsheet would run as a formula (=, +, -, @, tab, carriage return) gets a leading '. */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A --from/--to value as the instant the server filters on: a day (yyyy-mm-dd) is the start (--from) or the end
 * (--to) of that day in the company's time zone `zone` (as the portal sends it); a full ISO date-time is taken as
 * given.
 */
export function dateBound(
  value: string | undefined,
  edge: "start" | "end",
  flag: string,
  zone: string = DEFAULT_TIME_ZONE,
): string | undefined {
  if (value === undefined) return undefined;
  const m = DAY.exec(value.trim());
  let d: Date;
  if (m) {
    const [y, mo, day] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
    const real = new Date(Date.UTC(y, mo, day));
    const exists = real.getUTCFullYear() === y && real.getUTCMonth() === mo && real.getUTCDate() === day;
    const start = exists ? instantInZone(value.trim(), "00:00", zone) : null;
    const next = new Date(Date.UTC(y, mo, day + 1)).toISOString().slice(0, 10);
    const end = exists ? instantInZone(next, "00:00", zone) : null;
    d =
      edge === "start"
        ? (start ?? new Date(Number.NaN))
        : end
          ? new Date(end.getTime() - 1)
          : new Date(Number.NaN);
  } else {
    d = /^\d{4}-\d{2}-\d{2}T/.test(value.trim()) ? new Date(value.trim()) : new Date(Number.NaN);
  }
  if (Number.isNaN(d.getTime()))
    throw new CliError(`${flag} must be a date like 2026-01-31 or an ISO date-time (got ${value})`, 2);
  return d.toISOString();
}

function formatOf(opts: ReportExportOptions): "csv" | "xlsx" {
  const given = opts.format?.toLowerCase();
  if (given !== undefined && given !== "csv" && given !== "xlsx")
    throw new CliError(`--format must be csv or xlsx (got ${opts.format})`, 2);
  const ext = opts.out ? path.extname(opts.out).toLowerCase().slice(1) : "";
  if (given && (ext === "csv" || ext === "xlsx") && ext !== given)
    throw new CliError(`--out ${opts.out} does not match --format ${given}`, 2);
  return (given ?? (ext === "xlsx" ? "xlsx" : "csv")) as "csv" | "xlsx";
}

type Cell = string | number;

/** An instant as ISO 8601 with the offset of `zone` ("2026-11-28T08:00:05+08:00"); other text as it is. */
export function zonedIso(value: string | null | undefined, zone: string): string {
  if (!value) return "";
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  const offset = Math.round(zoneOffsetMs(d, zone) / 60_000);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  const hhmm = `${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
  return `${formatInZone(d, "yyyy-MM-dd'T'HH:mm:ss", zone, false)}${sign}${hhmm}`;
}

/** The columns of a report with its date columns naming the zone. */
export const columnsOf = (report: ReportKind, zone: string) =>
  COLUMNS[report].map((c) => (DATE_COLUMNS.has(c) ? `${c} (${zone})` : c));
const DATE_COLUMNS = new Set(["Date", "Schedule", "Created", "Scheduled"]);

/**
 * Columns and row shape of each report. Dates are ISO 8601 with the company zone's offset
 * ("2026-11-28T08:00:00+08:00": the wall clock people read, lossless for further processing), and their
 * column names the zone ("Date (Asia/Singapore)").
 */
const COLUMNS: Record<ReportKind, string[]> = {
  inbox: ["Mobile", "Receiver", "Message", "Type", "Date"],
  outbox: ["Sender ID", "Mobile", "Message", "Billable", "Delivered Status", "SMS Count", "Date"],
  scheduled: ["Sender ID", "Mobile", "Message", "Campaign", "Schedule"],
  campaigns: ["Name", "Status", "Broadcast", "Created", "Scheduled"],
};

const inboxRow = (m: S["InboxMessage"], zone: string): Cell[] => [
  m.name,
  m.receiver_name ?? "",
  m.msg_content,
  m.receiver ? "Private" : "General",
  zonedIso(m.created_at, zone),
];
const outboxRow = (m: S["OutboxMessage"], zone: string): Cell[] => [
  m.callerid,
  m.name,
  m.msg_content,
  m.billable,
  m.delivered_st ?? "",
  m.sms_count,
  zonedIso(m.created_at, zone),
];
const scheduledRow = (m: S["ScheduledSms"], zone: string): Cell[] => [
  m.name,
  m.receiver,
  m.msg_content,
  m.campaign ?? "",
  zonedIso(m.schedule, zone),
];
const campaignRow = (c: S["Campaign"], zone: string): Cell[] => [
  c.name,
  c.status,
  c.broadcast_name ?? "",
  zonedIso(c.created_dtm, zone),
  zonedIso(c.scheduled_dtm, zone),
];

/** Writes rows to `<file>.part` as CSV or XLSX, respecting back-pressure; `finish` renames it to `file`. */
interface SheetWriter {
  write(cells: Cell[]): Promise<void>;
  finish(): Promise<void>;
  abort(): Promise<void>;
}

async function drained(out: NodeJS.WritableStream & { writableNeedDrain?: boolean }): Promise<void> {
  if (out.writableNeedDrain) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
}

function sheetWriter(file: string, format: "csv" | "xlsx", columns: string[], sheet: string): SheetWriter {
  const part = `${file}.part`;
  const safe = (cells: Cell[]) => cells.map((c) => (typeof c === "string" ? neutralise(c) : c));
  const abort = async () => {
    await rm(part, { force: true });
  };
  if (format === "csv") {
    const fileStream: WriteStream = createWriteStream(part, { mode: 0o600 });
    const csv = stringify({ bom: true, record_delimiter: "\r\n" });
    csv.pipe(fileStream);
    const failed = new Promise<never>((_, reject) => {
      fileStream.on("error", reject);
      csv.on("error", reject);
    });
    failed.catch(() => undefined);
    csv.write(columns);
    return {
      async write(cells) {
        if (!csv.write(safe(cells))) await Promise.race([drained(csv), failed]);
      },
      async finish() {
        csv.end();
        await Promise.race([new Promise<void>((r) => fileStream.on("close", () => r())), failed]);
        await rename(part, file);
      },
      abort: async () => {
        csv.destroy();
        fileStream.destroy();
        await abort();
      },
    };
  }
  const xlsx = xlsxSheetWriter(createWriteStream(part, { mode: 0o600 }), sheet, columns);
  return {
    async write(cells) {
      await xlsx.addRow(safe(cells));
    },
    async finish() {
      await xlsx.finish();
      await rename(part, file);
    },
    abort: async () => {
      xlsx.abort();
      await abort();
    },
  };
}

/**
 * `herald reports export inbox|outbox|scheduled|campaigns`: reads the report page by page (keyset paging, one
 * page in memory at a time) and streams it into a CSV or XLSX file, with a progress line on standard error.
 * Cells a spreadsheet would run as formulas get a leading '. An existing file is kept unless --yes; a failed
 * export leaves no file under the wanted name.
 */
export async function reportsExport(
  kind: string,
  opts: ReportExportOptions,
  ctx: CommandContext = {},
  hooks: ReportExportHooks = {},
): Promise<ReportExportResult> {
  if (!(REPORT_KINDS as readonly string[]).includes(kind))
    throw new CliError(`The report must be one of ${REPORT_KINDS.join(", ")} (got ${kind})`, 2);
  const report = kind as ReportKind;
  const format = formatOf(opts);
  // Checked before the server is asked (usage errors), then read in the company's zone.
  dateBound(opts.from, "start", "--from");
  dateBound(opts.to, "end", "--to");
  const file = opts.out ?? `${REPORT_FILE_NAMES[report]}.${format}`;
  await refuseOverwrite(file, opts.yes);
  const { url, client, token } = await signedInClient(ctx);
  const zone = await companyTimeZone(client);
  const startDate = dateBound(opts.from, "start", "--from", zone);
  const endDate = dateBound(opts.to, "end", "--to", zone);
  if (startDate && endDate && startDate > endDate) throw new CliError("--from must not be after --to", 2);
  const body = { ...(startDate ? { startDate } : {}), ...(endDate ? { endDate } : {}) };
  const progress = hooks.progress ?? progressLine({ tty: Boolean(process.stderr.isTTY), quiet: opts.json });
  if (format === "csv" && report !== "campaigns") {
    // The server streams the CSV (its pages read by keyset, formulas neutralised); rows are counted as it comes.
    const query = new URLSearchParams({ report, format });
    if (startDate) query.set("startDate", startDate);
    if (endDate) query.set("endDate", endDate);
    const target = `${url}/api/reports/export?${query}`;
    const headers = { authorization: `Bearer ${token}` };
    let res: { status: number; body: Readable | null };
    try {
      if (ctx.fetch) {
        const r = await ctx.fetch(target, { headers });
        res = {
          status: r.status,
          body: r.body ? Readable.fromWeb(r.body as WebReadableStream<Uint8Array>) : null,
        };
      } else {
        res = await streamGet(target, headers);
      }
    } catch (err) {
      throw new CliError(`Cannot reach ${url}: ${(err as Error).message}`);
    }
    if (res.status < 200 || res.status >= 300) {
      const b = (res.body ? await jsonOf(res.body).catch(() => null) : null) as { message?: string } | null;
      throw new CliError(b?.message ?? `Request failed with status ${res.status}`);
    }
    const counter = csvRecordCounter();
    let rows = 0;
    try {
      await bodyToFile(res.body, file, (chunk) => {
        rows = counter(chunk) - 1; // the header line
        progress.update(`Exporting ${report}: ${count(Math.max(rows, 0))} rows`);
      });
    } finally {
      progress.stop();
    }
    return { report, file, format, rows: Math.max(rows, 0) };
  }
  const limit = Math.min(Math.max(opts.pageSize ?? 5000, 1), 5000);

  // The first page before the file: a refusal (a bad date, 501) leaves nothing behind.
  type Page = { cells: Cell[][]; next: string | null; total?: number; exact?: boolean };
  const fetchPage = async (cursor: string | undefined): Promise<Page> => {
    const query = { limit, ...(cursor ? { cursor } : {}) };
    switch (report) {
      case "inbox": {
        const r = await call(url, () => client.POST("/inbox", { params: { query }, body }));
        return {
          cells: r.data.map((m) => inboxRow(m, zone)),
          next: r.nextCursor ?? null,
          total: r.total,
          exact: r.totalExact,
        };
      }
      case "outbox": {
        const r = await call(url, () => client.POST("/outbox", { params: { query }, body }));
        return {
          cells: r.outbox.map((m) => outboxRow(m, zone)),
          next: r.nextCursor ?? null,
          total: r.total,
          exact: r.totalExact,
        };
      }
      case "scheduled": {
        const r = await call(url, () => client.POST("/scheduledSms", { params: { query }, body }));
        return {
          cells: r.data.map((m) => scheduledRow(m, zone)),
          next: r.nextCursor ?? null,
          total: r.total,
          exact: r.totalExact,
        };
      }
      case "campaigns": {
        const r = await call(url, () => client.POST("/campaignList", { body }));
        return {
          cells: r.data.map((m) => campaignRow(m, zone)),
          next: null,
          total: r.data.length,
          exact: true,
        };
      }
    }
  };

  let page = await fetchPage(undefined);
  const total = page.total;
  const about = page.exact === false ? "more than " : "";
  const writer = sheetWriter(file, format, columnsOf(report, zone), REPORT_FILE_NAMES[report]);
  let rows = 0;
  try {
    for (;;) {
      for (const cells of page.cells) await writer.write(cells);
      rows += page.cells.length;
      progress.update(
        `Exporting ${report}: ${count(rows)}${total !== undefined ? ` of ${about}${count(Math.max(total, rows))}` : ""} rows`,
      );
      if (!page.next || page.cells.length === 0) break;
      page = await fetchPage(page.next);
    }
    await writer.finish();
  } catch (err) {
    await writer.abort();
    if (err instanceof CliError) throw err;
    throw new CliError(`Could not write ${file}: ${(err as Error).message}`);
  } finally {
    progress.stop();
  }
  return { report, file, format, rows };
}
