import { createWriteStream } from "node:fs";
import { readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { MESSAGES, normalizeRecipient } from "@herald/domain";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import ExcelJS from "exceljs";
import { CliError } from "../../errors";

export const FILE_MIME = {
  ".csv": "text/csv",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;

export type Readiness =
  | typeof MESSAGES.recipientReady
  | typeof MESSAGES.recipientInvalidPhone
  | typeof MESSAGES.recipientMissingValue
  | typeof MESSAGES.recipientDuplicated;

/** One data row of a recipient file: mobile, name, then the template's body variables in column order. */
export interface FileRow {
  row: number;
  mobile: string;
  name: string;
  values: string[];
}

export interface CheckedRow extends FileRow {
  status: Readiness;
}

export interface ReadinessCounts {
  total: number;
  ready: number;
  invalidPhoneNumber: number;
  missingValue: number;
  duplicated: number;
}

/** The wizard's and the server's messages for a file without its first columns or without data. */
export const FILE_COLUMNS_MISSING = "Default Columns Not Found !";
export const FILE_EMPTY = "No valid data found in the file!";

const cell = (v: unknown): string => {
  if (v === null || v === undefined) return "";
  if (typeof v === "object" && "text" in (v as object)) return String((v as { text: unknown }).text).trim();
  if (typeof v === "object" && "result" in (v as object))
    return String((v as { result: unknown }).result).trim();
  return String(v).trim();
};

/** The table of a .csv or .xlsx file (first sheet), the header first. */
export async function readTable(file: string): Promise<string[][]> {
  const ext = path.extname(file).toLowerCase();
  if (!(ext in FILE_MIME))
    throw new CliError(`Unsupported file type: ${path.basename(file)} (a .csv or .xlsx file)`, 2);
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    throw new CliError(`Cannot read ${file}`, 2);
  }
  if (ext === ".csv") {
    try {
      return parse(bytes.toString("utf8").replace(/^\ufeff/, ""), {
        relax_column_count: true,
        skip_empty_lines: true,
      }) as string[][];
    } catch (err) {
      throw new CliError(`${path.basename(file)} is not a readable CSV file: ${(err as Error).message}`, 2);
    }
  }
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new CliError(`${path.basename(file)} is not a readable .xlsx file`, 2);
  }
  const sheet = book.worksheets[0];
  const table: string[][] = [];
  sheet?.eachRow({ includeEmpty: false }, (row) => {
    const values = row.values as unknown[];
    table.push(values.slice(1).map(cell));
  });
  return table;
}

/** Recipient rows of a table: the header must start with mobile and name (as the wizard and the server read it). */
export function rowsFromTable(table: readonly (readonly unknown[])[]): FileRow[] {
  const [head, ...data] = table;
  if (!head || cell(head[0]).toLowerCase() !== "mobile" || cell(head[1]).toLowerCase() !== "name")
    throw new CliError(FILE_COLUMNS_MISSING, 2);
  const rows = data
    .map((r, i) => ({ row: i + 1, mobile: cell(r[0]), name: cell(r[1]), values: r.slice(2).map(cell) }))
    .filter((r) => r.mobile !== "" || r.name !== "" || r.values.some((v) => v !== ""));
  if (rows.length === 0) throw new CliError(FILE_EMPTY, 2);
  return rows;
}

/**
 * Readiness of every row, as the wizard's Summary shows it and the server checks it on upload: an invalid
 * international number, then a missing body variable value, then (remove duplicates on) a repeated number.
 */
export function checkRows(rows: readonly FileRow[], bodyVariables: number): CheckedRow[] {
  const seen = new Set<string>();
  return rows.map((row) => {
    const number = normalizeRecipient(row.mobile);
    if (!number) return { ...row, status: MESSAGES.recipientInvalidPhone };
    const missing = Array.from({ length: bodyVariables }, (_, i) => row.values[i] ?? "").some(
      (v) => v.trim() === "",
    );
    if (missing) return { ...row, status: MESSAGES.recipientMissingValue };
    if (seen.has(number)) return { ...row, status: MESSAGES.recipientDuplicated };
    seen.add(number);
    return { ...row, status: MESSAGES.recipientReady };
  });
}

export function countReadiness(rows: readonly { status: string }[]): ReadinessCounts {
  const n = (s: string) => rows.filter((r) => r.status === s).length;
  return {
    total: rows.length,
    ready: n(MESSAGES.recipientReady),
    invalidPhoneNumber: n(MESSAGES.recipientInvalidPhone),
    missingValue: n(MESSAGES.recipientMissingValue),
    duplicated: n(MESSAGES.recipientDuplicated),
  };
}

/** The report file of the rows that are not READY: Row, Mobile, Name, Issue (written whole, then renamed). */
export async function writeIssueReport(
  file: string,
  issues: readonly { row: number; mobile: string; name: string; issue: string }[],
): Promise<void> {
  const neutralise = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
  const text = stringify([
    ["Row", "Mobile", "Name", "Issue"],
    ...issues.map((i) => [String(i.row), neutralise(i.mobile), neutralise(i.name), i.issue]),
  ]);
  const part = `${file}.part`;
  try {
    await new Promise<void>((resolve, reject) => {
      const out = createWriteStream(part, { mode: 0o600 });
      out.on("error", reject);
      out.end(text, () => resolve());
    });
    await rename(part, file);
  } catch (err) {
    await rm(part, { force: true });
    throw new CliError(`Could not write ${file}: ${(err as Error).message}`);
  }
}

/** Where the bad rows go by default: beside the file, `<name>.issues.csv`. */
export const defaultReportPath = (file: string) =>
  path.join(path.dirname(file), `${path.basename(file, path.extname(file))}.issues.csv`);
