/**
 * Files of contacts (/addContacts, `herald contacts import`): received as a stream into a private temporary
 * file while their size is counted, checked before any parser sees them (type by name, content matching the
 * type, an XLSX's entry count, real uncompressed size and compression ratio), then read row by row: CSV with
 * csv-parse's stream, XLSX with ExcelJS's streaming WorkbookReader (first sheet). Memory stays flat whatever
 * the file's size. The header row is read into a column plan with no object keys taken from the file.
 */
import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { open, readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { MESSAGES } from "@herald/domain";
import { parse as parseCsv } from "csv-parse";
import ExcelJS from "exceljs";
import type { FastifyRequest } from "fastify";
import { ensurePrivateDir } from "../../db/data-dir";
import { BadRequest, HttpError } from "../../errors";
import { cellText } from "../../lib/spreadsheet";
import { checkZipFile, ZIP_MAGIC, ZipCheckError } from "../../lib/zip-check";
import {
  CONTACT_FILE_TOO_LARGE,
  duplicateColumn,
  expectedColumns,
  FILE_REQUIRED,
  FORBIDDEN_COLUMN,
  TOO_MANY_COLUMNS,
  UNREADABLE_CONTACT_FILE,
} from "./contacts.messages";

/** The specification's upload limit (its message says 1.5 MB; the check is on this many bytes). */
export const CONTACT_UPLOAD_MAX_BYTES = 157_286_400;
/** XLSX limits checked before unzipping: entries, total inflated size, ratio of one entry. */
export const CONTACT_XLSX_LIMITS = { maxEntries: 100, maxUncompressed: 2 * 1024 ** 3, maxRatio: 100 };
/** Attribute columns (besides mobile, name and email). */
export const MAX_ATTRIBUTES = 50;
export const MAX_ATTRIBUTE_NAME = 64;
export const MAX_ATTRIBUTE_VALUE = 1000;
/** A CSV record longer than this is refused (an unterminated quote would otherwise swallow the file). */
const MAX_RECORD_BYTES = 64 * 1024;

export type ContactFileKind = "csv" | "xlsx";

export interface SpooledFile {
  path: string;
  fileName: string;
  mimeType: string;
  size: number;
  kind: ContactFileKind;
  /** The CSV's field separator (from its first line). */
  delimiter: string;
  /** Text fields of the form that came before the file part (e.g. a broadcast's `broadcastId`). */
  fields?: Record<string, string>;
  remove(): Promise<void>;
}

const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The file's kind from its name, or from its media type when the name has no extension. */
export function contactFileKind(fileName: string, mimeType: string): ContactFileKind | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (ext === "csv" || ext === "xlsx") return ext;
  if (ext) return null;
  const type = mimeType.split(";")[0]!.trim().toLowerCase();
  if (type === "text/csv") return "csv";
  if (type === XLSX_MIME) return "xlsx";
  return null;
}

/**
 * Streams the multipart part `file` into a private temporary file, at most CONTACT_UPLOAD_MAX_BYTES (the
 * parser stops keeping bytes past the limit and marks the part truncated, which is refused), then checks it.
 * Nothing is parsed here; a refused file is removed.
 */
export async function receiveContactFile(
  request: FastifyRequest,
  dataDir: string,
  maxBytes = CONTACT_UPLOAD_MAX_BYTES,
): Promise<SpooledFile> {
  let part: Awaited<ReturnType<FastifyRequest["file"]>>;
  try {
    part = await request.file({
      limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 20 },
      throwFileSizeLimit: false,
    });
  } catch {
    throw new BadRequest(FILE_REQUIRED);
  }
  if (part?.fieldname !== "file") throw new BadRequest(FILE_REQUIRED);
  const fileName = path.basename((part.filename ?? "").replace(/\\/g, "/")).slice(0, 255) || "upload";
  const mimeType = (part.mimetype || "application/octet-stream").slice(0, 100);
  const kind = contactFileKind(fileName, mimeType);
  if (!kind) {
    part.file.resume(); // drain the rest of the request
    throw new BadRequest(MESSAGES.unsupportedFileType);
  }
  const dir = path.join(dataDir, "imports");
  ensurePrivateDir(dir);
  await removeStale(dir);
  const file = path.join(dir, `${randomUUID()}.${kind}`);
  const remove = () => unlink(file).catch(() => undefined);
  const out = createWriteStream(file, { mode: 0o600 });
  try {
    await pipeline(part.file, out);
  } catch (err) {
    await remove();
    if (err instanceof HttpError) throw err;
    throw new BadRequest(MESSAGES.errorUploadingFile);
  }
  if (part.file.truncated) {
    await remove();
    throw new BadRequest(CONTACT_FILE_TOO_LARGE);
  }
  const size = out.bytesWritten;
  const fields: Record<string, string> = Object.create(null);
  for (const [key, value] of Object.entries(part.fields ?? {})) {
    const v = Array.isArray(value) ? value[0] : value;
    if (v && v.type === "field" && typeof v.value === "string") fields[key] = v.value;
  }
  const spooled: SpooledFile = { path: file, fileName, mimeType, size, kind, delimiter: ",", fields, remove };
  try {
    await checkContent(spooled);
  } catch (err) {
    await remove();
    throw err;
  }
  return spooled;
}

/** Files of imports that a stopped process left behind (older than a day). */
async function removeStale(dir: string): Promise<void> {
  const before = Date.now() - 24 * 3600_000;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && info.mtimeMs < before) await unlink(file).catch(() => undefined);
  }
}

/** Content that matches the type: an XLSX is a ZIP that passes the archive checks, a CSV is text. */
async function checkContent(f: SpooledFile): Promise<void> {
  if (f.size === 0) throw new BadRequest(MESSAGES.noValidDataInFile);
  const handle = await open(f.path, "r");
  try {
    const head = Buffer.alloc(Math.min(f.size, 64 * 1024));
    await handle.read(head, 0, head.length, 0);
    const zip = head.subarray(0, 4).equals(ZIP_MAGIC);
    if (f.kind === "csv") {
      // binary content (an archive, a legacy .xls, an image) named .csv
      if (zip || head.includes(0)) throw new BadRequest(MESSAGES.unsupportedFileType);
      f.delimiter = guessDelimiter(head.toString("utf8"));
      return;
    }
    if (!zip) throw new BadRequest(MESSAGES.unsupportedFileType);
    try {
      await checkZipFile(handle, f.path, CONTACT_XLSX_LIMITS);
    } catch (err) {
      if (err instanceof ZipCheckError) throw new BadRequest(UNREADABLE_CONTACT_FILE);
      throw err;
    }
  } finally {
    await handle.close();
  }
}

/** The separator of the first line: comma, semicolon or tab, whichever it holds most (comma on a tie). */
function guessDelimiter(text: string): string {
  const line = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const count = (c: string) => line.split(c).length - 1;
  const candidates = [",", ";", "\t"].map((c) => ({ c, n: count(c) }));
  candidates.sort((a, b) => b.n - a.n);
  return candidates[0]!.n > 0 ? candidates[0]!.c : ",";
}

/** A file's rows as trimmed text cells; blank rows skipped. Errors: BadRequest(UNREADABLE_CONTACT_FILE). */
export async function* fileRows(f: SpooledFile): AsyncGenerator<string[]> {
  if (f.kind === "csv") yield* csvRows(f);
  else yield* xlsxRows(f);
}

async function* csvRows(f: SpooledFile): AsyncGenerator<string[]> {
  const input = createReadStream(f.path);
  const parser = parseCsv({
    bom: true,
    delimiter: f.delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
    max_record_size: MAX_RECORD_BYTES,
  });
  input.on("error", (err) => parser.destroy(err));
  input.pipe(parser);
  try {
    for await (const record of parser) {
      const cells = record as string[];
      if (cells.every((c) => c === "")) continue;
      yield cells;
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new BadRequest(UNREADABLE_CONTACT_FILE);
  } finally {
    input.destroy();
    parser.destroy();
  }
}

async function* xlsxRows(f: SpooledFile): AsyncGenerator<string[]> {
  const input = createReadStream(f.path);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: "emit",
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "ignore",
    entries: "ignore",
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = (row as ExcelJS.Row).values as ExcelJS.CellValue[];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i] ?? null).trim());
        if (cells.every((c) => c === "")) continue;
        yield cells;
      }
      return; // the first sheet only
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new BadRequest(UNREADABLE_CONTACT_FILE);
  } finally {
    input.destroy();
  }
}

/** Where a row's values go: mobile (0), name (1), an optional e-mail column and the attribute columns. */
export interface ColumnPlan {
  email: number | null;
  attributes: { index: number; key: string }[];
}

const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * The header row: `mobile` then `name` ("Default Columns Not Found !" otherwise), then optional columns.
 * Header names are trimmed, inner spaces collapsed and cut at 64 characters; blank headers drop their
 * column; `__proto__`, `constructor`, `prototype` and repeated names refuse the file.
 */
export function columnPlan(header: string[]): ColumnPlan {
  const norm = (s: string | undefined) => (s ?? "").trim().toLowerCase();
  if (norm(header[0]) !== "mobile" || norm(header[1]) !== "name") {
    throw new BadRequest(MESSAGES.defaultColumnsNotFoundBang, expectedColumns(header));
  }
  const plan: ColumnPlan = { email: null, attributes: [] };
  const seen = new Set<string>(["mobile", "name"]);
  for (let i = 2; i < header.length; i++) {
    const key = (header[i] ?? "").trim().replace(/\s+/g, " ").slice(0, MAX_ATTRIBUTE_NAME);
    if (!key) continue;
    const lower = key.toLowerCase();
    if (FORBIDDEN_KEYS.has(lower)) throw new BadRequest(FORBIDDEN_COLUMN);
    if (seen.has(lower)) throw new BadRequest(duplicateColumn(key));
    seen.add(lower);
    if (lower === "email" && plan.email === null) {
      plan.email = i;
      continue;
    }
    plan.attributes.push({ index: i, key });
  }
  if (plan.attributes.length > MAX_ATTRIBUTES) throw new BadRequest(TOO_MANY_COLUMNS);
  return plan;
}

/** A row's attributes, on an object without prototype (no key of the file is special). */
export function rowAttributes(plan: ColumnPlan, cells: string[]): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const { index, key } of plan.attributes) {
    const value = cells[index];
    if (value !== undefined && value !== "") out[key] = value.slice(0, MAX_ATTRIBUTE_VALUE);
  }
  return out;
}
