import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import {
  checkXlsxArchive,
  MobileFileError,
  mobileFileKind,
  readMobileFile,
  UNREADABLE_MOBILE_FILE,
} from "./mobile-file";

async function xlsx(sheets: { name: string; rows: unknown[][] }[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const s of sheets) {
    const ws = wb.addWorksheet(s.name);
    for (const r of s.rows) ws.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Offsets of the central directory headers of a zip. */
function centralEntries(buf: Buffer): number[] {
  let eocd = buf.length - 22;
  while (buf.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    out.push(p);
    p += 46 + buf.readUInt16LE(p + 28) + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return out;
}

describe("mobileFileKind", () => {
  it("goes by the extension, then by the media type when there is none", () => {
    expect(mobileFileKind("a.CSV", "application/octet-stream")).toBe("csv");
    expect(mobileFileKind("a.txt", "text/csv")).toBe("txt");
    expect(mobileFileKind("a.xlsx", "text/plain")).toBe("xlsx");
    expect(mobileFileKind("a.xls", "text/csv")).toBeNull();
    expect(mobileFileKind("numbers", "text/plain; charset=utf-8")).toBe("txt");
    expect(mobileFileKind("numbers", "application/pdf")).toBeNull();
  });
});

describe("readMobileFile", () => {
  it("reads an XLSX holding numbers only (no shared strings) from its first sheet in workbook order", async () => {
    const file = await xlsx([
      { name: "First", rows: [[6591234567], [6581234567]] },
      { name: "Second", rows: [[6500000000]] },
    ]);
    expect(await readMobileFile(file, "xlsx")).toEqual(["6591234567", "6581234567"]);
  });

  it("reads formula results and rich text in the first column", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("S");
    ws.getCell("A1").value = { formula: "6591234567", result: 6591234567 };
    ws.getCell("A2").value = { richText: [{ text: "+65 " }, { text: "8123 4567" }] };
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    expect(await readMobileFile(file, "xlsx")).toEqual(["6591234567", "+65 8123 4567"]);
  });

  it("reads Latin-1 text with a header and quoted cells", async () => {
    const text = Buffer.from('Num\u00e9ro;Nom\n"6591234567";Ren\u00e9\n', "latin1");
    expect(await readMobileFile(text, "csv")).toEqual(["6591234567"]);
  });

  it("refuses binary content given as text", async () => {
    await expect(readMobileFile(Buffer.from([0x36, 0x35, 0x00, 0x39]), "txt")).rejects.toBeInstanceOf(
      MobileFileError,
    );
  });
});

describe("checkXlsxArchive", () => {
  it("accepts a workbook written by ExcelJS", async () => {
    expect(() => checkXlsxArchive(Buffer.alloc(0))).toThrow(UNREADABLE_MOBILE_FILE);
    const file = await xlsx([{ name: "S", rows: [[6591234567]] }]);
    expect(() => checkXlsxArchive(file)).not.toThrow();
  });

  it("refuses an entry that inflates past the size it declares", async () => {
    const file = await xlsx([{ name: "S", rows: [["6591234567", "x".repeat(50_000)]] }]);
    const lying = Buffer.from(file);
    for (const p of centralEntries(lying)) {
      if (lying.readUInt32LE(p + 24) > 1000) lying.writeUInt32LE(100, p + 24);
    }
    expect(() => checkXlsxArchive(lying)).toThrow(UNREADABLE_MOBILE_FILE);
    await expect(readMobileFile(lying, "xlsx")).rejects.toThrow(UNREADABLE_MOBILE_FILE);
  });

  it("refuses bytes hidden between the listed entries", async () => {
    const file = await xlsx([{ name: "S", rows: [[6591234567]] }]);
    const entries = centralEntries(file);
    // move every offset after the first entry by 4 bytes and insert 4 bytes: a gap a streaming reader would read
    const firstNext = entries.map((p) => file.readUInt32LE(p + 42)).sort((a, b) => a - b)[1]!;
    const padded = Buffer.concat([
      file.subarray(0, firstNext),
      Buffer.from("junk"),
      file.subarray(firstNext),
    ]);
    let eocd = padded.length - 22;
    while (padded.readUInt32LE(eocd) !== 0x06054b50) eocd--;
    padded.writeUInt32LE(padded.readUInt32LE(eocd + 16) + 4, eocd + 16);
    for (const p of centralEntries(padded)) {
      const offset = padded.readUInt32LE(p + 42);
      if (offset >= firstNext) padded.writeUInt32LE(offset + 4, p + 42);
    }
    expect(() => checkXlsxArchive(padded)).toThrow(UNREADABLE_MOBILE_FILE);
  });
});
