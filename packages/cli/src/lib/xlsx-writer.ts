import type { WriteStream } from "node:fs";
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from "fflate";

/**
 * A one-sheet .xlsx file written row by row into a stream: only the current batch of rows is in memory, however
 * long the sheet. Cells are text (inline strings, so no shared-string table has to be held) or numbers.
 *
 * exceljs's streaming writer is not used for this: it zips through archiver 5, whose archiver-utils 2 calls the
 * deprecated `Buffer()` constructor, and Node prints its DEP0005 warning to the user's terminal on every export
 * (archiver 7 does not accept exceljs's streams, and exceljs 4.4 is its latest release).
 */
export interface XlsxSheetWriter {
  addRow(cells: readonly (string | number)[]): Promise<void>;
  finish(): Promise<void>;
  abort(): void;
}

const NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships";
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// Characters XML 1.0 cannot carry at all (they would make the file unreadable): dropped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters to remove
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export const escapeXml = (text: string) =>
  text
    .replace(INVALID_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

/** A sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (name: string) => name.replace(/[:\\/?*[\]]/g, " ").slice(0, 31) || "Sheet1";

/** "A", "B", … "Z", "AA", …: the column's letters. */
export function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** One row, numbered (readers such as exceljs need each row's and cell's reference). */
function rowXml(row: number, cells: readonly (string | number)[]): string {
  const xml = cells.map((value, i) => {
    const ref = `${columnName(i)}${row}`;
    if (typeof value === "number" && Number.isFinite(value)) return `<c r="${ref}"><v>${value}</v></c>`;
    return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(String(value))}</t></is></c>`;
  });
  return `<row r="${row}">${xml.join("")}</row>`;
}

const FLUSH_AT = 64 * 1024;

/** `header`: the first row (column names). */
export function xlsxSheetWriter(
  out: WriteStream,
  sheet: string,
  header: readonly string[] = [],
): XlsxSheetWriter {
  let failure: Error | null = null;
  const done = new Promise<void>((resolve, reject) => {
    out.on("error", (err) => {
      failure = err;
      reject(err);
    });
    out.on("close", () => resolve());
  });
  done.catch(() => undefined);
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      failure = err;
      out.destroy(err);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const fixed = (name: string, xml: string) => {
    const entry = new ZipPassThrough(name);
    zip.add(entry);
    entry.push(strToU8(HEAD + xml), true);
  };
  fixed(
    "[Content_Types].xml",
    `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
  );
  fixed(
    "_rels/.rels",
    `<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  fixed(
    "xl/workbook.xml",
    `<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="${escapeXml(sheetName(sheet))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  fixed(
    "xl/_rels/workbook.xml.rels",
    `<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  );
  const data = new ZipDeflate("xl/worksheets/sheet1.xml", { level: 6 });
  zip.add(data);
  let pending = `${HEAD}<worksheet xmlns="${NS}"><sheetData>`;
  let rows = 0;
  if (header.length > 0) pending += rowXml(++rows, header);
  const flush = (final: boolean) => {
    data.push(strToU8(pending), final);
    pending = "";
  };
  const drained = () =>
    out.writableNeedDrain
      ? Promise.race([new Promise<void>((resolve) => out.once("drain", () => resolve())), done])
      : Promise.resolve();
  return {
    async addRow(cells) {
      if (failure) throw failure;
      pending += rowXml(++rows, cells);
      if (pending.length >= FLUSH_AT) {
        flush(false);
        await drained();
      }
    },
    async finish() {
      if (failure) throw failure;
      pending += "</sheetData></worksheet>";
      flush(true);
      zip.end();
      await done;
      if (failure) throw failure;
    },
    abort() {
      zip.terminate();
      out.destroy();
    },
  };
}
