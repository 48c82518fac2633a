import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, open, rename, rm, stat } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Schema } from "@herald/api-client";
import { stringify } from "csv-stringify";
import ExcelJS from "exceljs";
import { resolveUrl } from "../../config";
import { CliError } from "../../errors";
import { refuseOverwrite, streamToFile } from "../../lib/files";
import { count, importProgressText, type Progress, progressLine } from "../../lib/progress";
import { type CommandContext, call, signedInClient } from "../../session";

export interface ImportOptions {
  group?: string;
  country?: string;
  dryRun?: boolean;
  /** Existing numbers update their contact instead of being problem rows. */
  update?: boolean;
  report?: string;
  /** Overwrite an existing report file. */
  yes?: boolean;
  /** No progress output (the result goes to stdout as JSON). */
  json?: boolean;
}

export interface ImportHooks {
  /** Aborted to stop the import (Ctrl-C); by default SIGINT aborts it. */
  signal?: AbortSignal;
  /** How often the import is polled (ms). */
  pollMs?: number;
  progress?: Progress;
}

export interface ImportResult {
  importId: string | null;
  status: "done" | "failed" | "cancelled";
  dryRun: boolean;
  rowsTotal: number | null;
  rowsDone: number;
  imported: number;
  /** Existing contacts updated (--update). */
  updated: number;
  duplicates: number;
  invalid: number;
  rowsFailed: number;
  message: string | null;
  /** Where the problem rows were written (--report), else null. */
  report: string | null;
}

const TERMINAL = new Set(["done", "failed", "cancelled"]);
const MIME = { csv: "text/csv", xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" };

function fileKind(file: string): "csv" | "xlsx" {
  const ext = path.extname(file).toLowerCase();
  if (ext === ".csv") return "csv";
  if (ext === ".xlsx") return "xlsx";
  throw new CliError(`Unsupported file type: ${path.basename(file)} (a .csv or .xlsx file)`, 2);
}

/** Checks the options before anything is sent: every refusal here is a usage error (exit 2). */
async function checkOptions(
  file: string,
  opts: ImportOptions,
): Promise<{ kind: "csv" | "xlsx"; size: number }> {
  const kind = fileKind(file);
  let size: number;
  try {
    const s = await stat(file);
    if (!s.isFile()) throw new Error("not a file");
    size = s.size;
  } catch {
    throw new CliError(`Cannot read ${file}`, 2);
  }
  if (opts.country !== undefined && !/^[A-Za-z]{2}$/.test(opts.country))
    throw new CliError(`--country must be a two-letter country code such as SG (got ${opts.country})`, 2);
  if (opts.group !== undefined && (!opts.group.trim() || opts.group.trim().length > 100))
    throw new CliError("--group must be a name of 1 to 100 characters", 2);
  if (opts.report !== undefined) {
    const ext = path.extname(opts.report).toLowerCase();
    if (ext !== ".xlsx" && ext !== ".csv")
      throw new CliError(`--report must name a .xlsx or .csv file (got ${opts.report})`, 2);
    await refuseOverwrite(opts.report, opts.yes);
  }
  return { kind, size };
}

/** Rows of a CSV estimated from the line length of its first 64 KB (for the estimate before the server knows). */
async function estimateCsvRows(file: string, size: number): Promise<number | null> {
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(Math.min(size, 64 * 1024));
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const text = head.subarray(0, bytesRead);
    let lines = 0;
    for (const b of text) if (b === 10) lines++;
    if (lines < 2) return null;
    return Math.max(0, Math.round((size / bytesRead) * lines) - 1);
  } finally {
    await handle.close();
  }
}

/** The multipart body (one part `file`) around a stream of the file: the file is never held in memory. */
function multipartBody(
  file: string,
  kind: "csv" | "xlsx",
  size: number,
  onBytes: (sent: number) => void,
): { body: AsyncIterable<Uint8Array>; contentType: string; length: number } {
  const boundary = `----herald${randomBytes(12).toString("hex")}`;
  const name = path.basename(file).replace(/["\r\n\\]/g, "_");
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${MIME[kind]}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* parts() {
    yield new Uint8Array(head);
    let sent = 0;
    for await (const chunk of createReadStream(file, { highWaterMark: 256 * 1024 })) {
      sent += (chunk as Buffer).length;
      onBytes(sent);
      yield chunk as Buffer; // a Buffer is a Uint8Array: no copy
    }
    yield new Uint8Array(tail);
  }
  return {
    body: parts(),
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + size + tail.length,
  };
}

/**
 * POSTs a streamed body with node:http(s), whose pipeline waits for the socket (back-pressure): memory stays
 * flat whatever the file's size (fetch with a stream body kept every chunk sent in memory). Answers the
 * status and the JSON body.
 */
function postStream(
  target: string,
  headers: Record<string, string>,
  body: AsyncIterable<Uint8Array>,
  signal: AbortSignal,
): Promise<{ status: number; body: Record<string, unknown> | null }> {
  const url = new URL(target);
  const request = (url.protocol === "https:" ? https : http).request;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", headers, signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        let parsed: Record<string, unknown> | null = null;
        try {
          parsed = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
        } catch {
          parsed = null;
        }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    // the server may answer (a refusal) before the whole body is sent: the answer wins
    pipeline(Readable.from(body), req).catch(() => undefined);
  });
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });

const megabytes = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

function resultOf(
  r: Schema<"ContactImportCounts"> & { message?: string | null },
  status: ImportResult["status"],
  dryRun: boolean,
): ImportResult {
  return {
    importId: r.importId,
    status,
    dryRun,
    rowsTotal: r.rowsTotal ?? null,
    rowsDone: r.rowsDone,
    imported: r.imported,
    updated: r.updated ?? 0,
    duplicates: r.duplicates,
    invalid: r.invalid,
    rowsFailed: r.rowsFailed,
    message: r.message ?? null,
    report: null,
  };
}

/**
 * `herald contacts import FILE`: streams the file to /addContacts, follows the import with a progress line,
 * writes the problem rows to --report (report.xlsx as the server makes it, or the same rows as CSV) and answers
 * the counts. A finished import with problem rows is a success (exit 0; the counts and the report tell them);
 * a failed or cancelled one is returned with its status for the caller to exit 1. Ctrl-C cancels it on the
 * server: committed batches stay, nothing of a half batch is written.
 */
export async function contactsImport(
  file: string,
  opts: ImportOptions,
  ctx: CommandContext = {},
  hooks: ImportHooks = {},
): Promise<ImportResult> {
  const { kind, size } = await checkOptions(file, opts);
  const { url, client, token } = await signedInClient(ctx);
  const dryRun = Boolean(opts.dryRun);
  const progress = hooks.progress ?? progressLine({ tty: Boolean(process.stderr.isTTY), quiet: opts.json });

  // Ctrl-C: abort the upload, or cancel the import on the server once it has an id
  const stop = new AbortController();
  const onSigint = () => {
    if (stop.signal.aborted) process.exit(130); // a second Ctrl-C leaves at once
    stop.abort();
  };
  if (hooks.signal) {
    if (hooks.signal.aborted) stop.abort();
    else hooks.signal.addEventListener("abort", () => stop.abort(), { once: true });
  } else process.on("SIGINT", onSigint);

  try {
    let sent = 0;
    const upload = multipartBody(file, kind, size, (n) => {
      sent = n;
      progress.update(
        `Uploading ${path.basename(file)}: ${Math.floor((n / Math.max(size, 1)) * 100)}% of ${megabytes(size)}`,
      );
    });
    const query = new URLSearchParams();
    if (opts.group) query.set("groupName", opts.group.trim());
    if (opts.country) query.set("country", opts.country.toUpperCase());
    if (dryRun) query.set("dryRun", "true");
    if (opts.update) query.set("update", "true");
    const target = `${await resolveUrl(ctx.env)}/api/addContacts${query.size ? `?${query}` : ""}`;
    let answer: { status: number; body: Record<string, unknown> | null };
    try {
      answer = await postStream(
        target,
        {
          authorization: `Bearer ${token}`,
          "content-type": upload.contentType,
          "content-length": String(upload.length),
        },
        upload.body,
        stop.signal,
      );
    } catch (err) {
      progress.stop();
      if (stop.signal.aborted) {
        throw new CliError(
          sent < size
            ? "Cancelled during the upload: the server writes nothing from an incomplete file"
            : "Cancelled while the server was reading the file: a file of up to 1 MB may still be imported whole (see herald contacts list)",
        );
      }
      throw new CliError(`Cannot reach ${url}: ${(err as Error).message}`);
    }
    const { body } = answer;
    const response = { status: answer.status };
    let result: ImportResult;
    if (response.status === 200 || response.status === 409) {
      const r = body as unknown as Schema<"ContactUploadResult">;
      result = resultOf(r, "done", dryRun);
    } else if (response.status === 202) {
      result = await follow(body as unknown as Schema<"ContactImport">);
    } else {
      progress.stop();
      const message =
        typeof body?.message === "string" ? body.message : `Request failed with status ${response.status}`;
      throw new CliError(typeof body?.detail === "string" ? `${message}\n${body.detail}` : message);
    }
    progress.stop();
    if (opts.report && result.importId) {
      await writeReport(result.importId, opts.report);
      result.report = opts.report;
    }
    return result;

    async function follow(first: Schema<"ContactImport">): Promise<ImportResult> {
      const id = first.id;
      const estimate = kind === "csv" ? await estimateCsvRows(file, size) : null;
      let current = first;
      let cancelling = false;
      let since: { at: number; rows: number } | null = null;
      for (;;) {
        if (TERMINAL.has(current.status)) break;
        if (stop.signal.aborted && !cancelling) {
          cancelling = true;
          progress.update("Cancelling: the batch being written is finished first…");
          current = await call(url, () =>
            client.POST("/contactImports/{id}/cancel", { params: { path: { id } } }),
          );
          continue;
        }
        if (!cancelling) {
          const now = Date.now();
          if (!since && current.status === "running") since = { at: now, rows: current.rowsDone };
          const seconds = since ? (now - since.at) / 1000 : 0;
          const rate = since && seconds >= 1 ? (current.rowsDone - since.rows) / seconds : null;
          progress.update(
            current.status === "queued"
              ? "Waiting for the server to start the import…"
              : importProgressText({
                  rowsDone: current.rowsDone,
                  rowsTotal: current.rowsTotal ?? null,
                  estimatedTotal: estimate,
                  rate,
                }),
          );
        }
        await sleep(hooks.pollMs ?? 500, cancelling ? undefined : stop.signal);
        current = await call(url, () => client.GET("/contactImports/{id}", { params: { path: { id } } }));
      }
      return resultOf(current, current.status as ImportResult["status"], dryRun);
    }

    async function writeReport(id: string, out: string): Promise<void> {
      const res = await (ctx.fetch ?? fetch)(
        `${await resolveUrl(ctx.env)}/api/contactImports/${id}/report.xlsx`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      ).catch((err: Error) => {
        throw new CliError(`Cannot reach ${url}: ${err.message}`);
      });
      if (!res.ok) {
        const b = (await res.json().catch(() => null)) as { message?: string } | null;
        throw new CliError(`The report could not be downloaded: ${b?.message ?? res.status}`);
      }
      if (path.extname(out).toLowerCase() === ".xlsx") {
        await streamToFile(res.body, out);
        return;
      }
      const dir = await mkdtemp(path.join(tmpdir(), "herald-report-"));
      try {
        const xlsx = path.join(dir, "report.xlsx");
        await streamToFile(res.body, xlsx);
        await xlsxToCsv(xlsx, out);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
  } finally {
    if (!hooks.signal) process.off("SIGINT", onSigint);
  }
}

/** The first sheet of a workbook as CSV, both streamed (a report of a million rows stays flat in memory). */
export async function xlsxToCsv(xlsx: string, csv: string): Promise<void> {
  const part = `${csv}.part`;
  const out = stringify();
  const done = pipeline(out, createWriteStream(part, { mode: 0o600 }));
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(xlsx, {
      worksheets: "emit",
      sharedStrings: "cache",
      styles: "ignore",
      hyperlinks: "ignore",
    });
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        const values = (row.values as unknown[]).slice(1).map((v) => cellText(v));
        if (!out.write(values)) await new Promise((r) => out.once("drain", r));
      }
      break;
    }
    out.end();
    await done;
    await rename(part, csv);
  } catch (err) {
    out.destroy();
    await done.catch(() => undefined);
    await rm(part, { force: true });
    throw new CliError(`Could not write ${csv}: ${(err as Error).message}`);
  }
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "object") {
    const o = v as { text?: unknown; richText?: { text: string }[]; result?: unknown };
    if (o.richText) return o.richText.map((t) => t.text).join("");
    if (o.text !== undefined) return String(o.text);
    if (o.result !== undefined) return String(o.result);
    if (v instanceof Date) return v.toISOString();
  }
  return String(v);
}

export function formatImport(r: ImportResult): string {
  const lines: string[] = [];
  if (r.dryRun) lines.push("Dry run: nothing was written");
  if (r.status === "cancelled")
    lines.push("Import cancelled: the batches committed before the stop are kept");
  if (r.status === "failed")
    lines.push(`Import failed: ${r.message ?? "unknown error"} (committed batches are kept)`);
  lines.push(
    `${r.dryRun ? "Would import" : "Imported"}: ${count(r.imported)}`,
    ...(r.updated > 0 ? [`${r.dryRun ? "Would update" : "Updated"}: ${count(r.updated)}`] : []),
    `Duplicates: ${count(r.duplicates)}`,
    `Invalid: ${count(r.invalid)}`,
    `Rows read: ${count(r.rowsDone)}${r.rowsTotal !== null && r.rowsTotal !== r.rowsDone ? ` of ${count(r.rowsTotal)}` : ""}`,
  );
  if (r.report) lines.push(`Problem rows (${count(r.rowsFailed)}) written to ${r.report}`);
  else if (r.rowsFailed > 0)
    lines.push(`${count(r.rowsFailed)} problem rows: pass --report FILE to save them`);
  return `${lines.join("\n")}\n`;
}
