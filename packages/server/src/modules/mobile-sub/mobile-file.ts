/**
 * Reading an uploaded file of mobile numbers (/uploadMobileList): CSV or plain text (the first column of
 * each line) or XLSX (the first column of the workbook's first sheet). The file is at most 70KB and already
 * in memory; an XLSX is checked entry by entry (count, method, real inflated size, no hidden entries) before
 * ExcelJS's streaming reader opens it, so a crafted archive cannot make it inflate more than a few MB.
 */
import { Readable } from "node:stream";
import { stripNonDigits } from "@herald/domain";
import { parse as parseCsv } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { cellText } from "../../lib/spreadsheet";
import { checkZipBuffer, ZIP_MAGIC } from "../../lib/zip-check";

export type MobileFileKind = "csv" | "txt" | "xlsx";

/** More entries than this in one file are refused (a 70KB text file holds fewer than 9,000). */
export const MOBILE_FILE_MAX_ROWS = 50_000;
/** A cell longer than this is cut: no phone number is, and the job stores at most 32 digits. */
const MAX_CELL = 64;
/** XLSX limits checked before unzipping. */
export const XLSX_MAX_ENTRIES = 100;
export const XLSX_MAX_UNCOMPRESSED = 16 * 1024 * 1024;

export const UNSUPPORTED_MOBILE_FILE = "Unsupported file type. Please upload a .csv, .txt or .xlsx file.";
export const UNREADABLE_MOBILE_FILE =
  "The file could not be read. Please upload a valid .csv, .txt or .xlsx file.";
export const NO_NUMBERS_IN_FILE = "No mobile numbers were found in the file.";
export const TOO_MANY_ROWS = `The file has more than ${MOBILE_FILE_MAX_ROWS} numbers. Please split it into smaller files.`;

/** A file this module refuses, with the message the client shows. */
export class MobileFileError extends Error {}

const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The file's kind from its name, or from its declared media type when the name has no known extension. */
export function mobileFileKind(fileName: string, mimeType: string): MobileFileKind | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (ext === "csv" || ext === "txt" || ext === "xlsx") return ext;
  if (ext) return null;
  const type = mimeType.split(";")[0]!.trim().toLowerCase();
  if (type === "text/csv") return "csv";
  if (type === "text/plain") return "txt";
  if (type === XLSX_MIME) return "xlsx";
  return null;
}

/** The entries of a file of mobile numbers, as written there (trimmed), in file order. */
export async function readMobileFile(buffer: Buffer, kind: MobileFileKind): Promise<string[]> {
  const entries = kind === "xlsx" ? await readXlsx(buffer) : readText(buffer);
  const numbers = keepNumbers(entries);
  if (numbers.length === 0) throw new MobileFileError(NO_NUMBERS_IN_FILE);
  if (numbers.length > MOBILE_FILE_MAX_ROWS) throw new MobileFileError(TOO_MANY_ROWS);
  return numbers;
}

/** Drops empty cells and cells without a digit (a header row, a blank line); cuts overlong cells. */
function keepNumbers(cells: string[]): string[] {
  const out: string[] = [];
  for (const cell of cells) {
    const text = cell.trim();
    if (text.length === 0 || stripNonDigits(text).length === 0) continue;
    out.push(text.slice(0, MAX_CELL));
    if (out.length > MOBILE_FILE_MAX_ROWS) break;
  }
  return out;
}

/** UTF-8 text (or Latin-1 when it is not valid UTF-8); binary content is refused. */
function decodeText(buffer: Buffer): string {
  if (buffer.subarray(0, 4).equals(ZIP_MAGIC) || buffer.includes(0)) {
    throw new MobileFileError(UNREADABLE_MOBILE_FILE);
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(buffer);
  } catch {
    text = buffer.toString("latin1");
  }
  return text.replace(/^\uFEFF/, "");
}

/** The first column of each line; the separator may be a comma, a semicolon or a tab. */
function readText(buffer: Buffer): string[] {
  const text = decodeText(buffer);
  try {
    const rows = parseCsv(text, {
      delimiter: [",", ";", "\t"],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      to: MOBILE_FILE_MAX_ROWS + 10,
    }) as string[][];
    return rows.map((r) => r[0] ?? "");
  } catch {
    throw new MobileFileError(UNREADABLE_MOBILE_FILE);
  }
}

/** Checks an XLSX archive before any library unzips it (lib/zip-check.ts, with this upload's limits). */
export function checkXlsxArchive(buf: Buffer): void {
  try {
    checkZipBuffer(buf, { maxEntries: XLSX_MAX_ENTRIES, maxUncompressed: XLSX_MAX_UNCOMPRESSED });
  } catch {
    throw new MobileFileError(UNREADABLE_MOBILE_FILE);
  }
}

/** The first column of the workbook's first sheet (in workbook order). */
async function readXlsx(buffer: Buffer): Promise<string[]> {
  checkXlsxArchive(buffer);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), {
    worksheets: "emit",
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "ignore",
    entries: "ignore",
  });
  const sheets: { id: number; cells: string[] }[] = [];
  try {
    for await (const sheet of reader) {
      const cells: string[] = [];
      for await (const row of sheet) {
        if (cells.length <= MOBILE_FILE_MAX_ROWS) cells.push(cellText(row.getCell(1).value));
      }
      sheets.push({ id: Number((sheet as unknown as { id: unknown }).id), cells });
    }
  } catch {
    throw new MobileFileError(UNREADABLE_MOBILE_FILE);
  }
  const order = (reader as unknown as { model?: { sheets?: { id: number }[] } }).model?.sheets ?? [];
  const first = order.length > 0 ? sheets.find((s) => s.id === Number(order[0]!.id)) : undefined;
  const chosen = first ?? sheets[0];
  if (!chosen) throw new MobileFileError(UNREADABLE_MOBILE_FILE);
  return chosen.cells;
}
