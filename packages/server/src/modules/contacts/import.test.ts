import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { deflateRawSync } from "node:zlib";
import { MESSAGES } from "@herald/domain";
import ExcelJS from "exceljs";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { auth, createCompany, eventually, secondInstance, testApp } from "../../test/harness";
import {
  CONTACT_FILE_TOO_LARGE,
  FILE_REQUIRED,
  FORBIDDEN_COLUMN,
  IMPORT_INTERRUPTED,
  IMPORT_NOT_FOUND,
  ISSUE,
  UNREADABLE_CONTACT_FILE,
} from "./contacts.messages";
import { IMPORT_BATCH_ROWS, IMPORTS_PER_COMPANY, TOO_MANY_IMPORTS } from "./import.service";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

type Who = { token: string };
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

function multipartParts(fileName: string, type: string, field = "file") {
  const boundary = `----herald${Math.random().toString(16).slice(2)}`;
  return {
    boundary,
    head: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
  };
}

/** POST /addContacts with one file part (`content` a buffer, or chunks streamed one by one). */
function upload(
  who: Who,
  fileName: string,
  content: Buffer | string | (() => AsyncGenerator<Buffer>),
  query = "",
  type = fileName.endsWith(".xlsx") ? XLSX : "text/csv",
  field = "file",
) {
  const { boundary, head, tail } = multipartParts(fileName, type, field);
  const payload =
    typeof content === "function"
      ? Readable.from(
          (async function* () {
            yield head;
            yield* content();
            yield tail;
          })(),
        )
      : Buffer.concat([head, Buffer.from(content), tail]);
  return app.inject({
    method: "POST",
    url: `/api/addContacts${query}`,
    payload,
    headers: { ...auth(who), "content-type": `multipart/form-data; boundary=${boundary}` },
  });
}

const get = (url: string, who: Who) => app.inject({ method: "GET", url: `/api${url}`, headers: auth(who) });

async function companyCounts(companyId: string) {
  const [r] = await app.deps.database.query<{ contacts: string | number; imports: string | number }>(
    `select (select count(*) from contacts where company_id = $1) as contacts,
            (select count(*) from contact_imports where company_id = $1) as imports`,
    [companyId],
  );
  return { contacts: Number(r!.contacts), imports: Number(r!.imports) };
}

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Sheet1");
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function readXlsx(buf: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const out: string[][] = [];
  wb.worksheets[0]!.eachRow((row) => {
    out.push((row.values as unknown[]).slice(1).map((v) => String(v ?? "")));
  });
  return out;
}

/**
 * A ZIP archive (as an XLSX would be) with one entry that declares `size` bytes but holds only the deflated
 * first megabyte of zeros: what a zip bomb's directory looks like (a huge size from a tiny entry).
 */
function zipBomb(size: number): Buffer {
  const compressed = deflateRawSync(Buffer.alloc(Math.min(size, 1024 * 1024)));
  const name = Buffer.from("xl/worksheets/sheet1.xml");
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(compressed.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(compressed.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(name.length, 28);
  const body = Buffer.concat([local, name, compressed]);
  const cd = Buffer.concat([central, name]);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(1, 8);
  eocd.writeUInt16LE(1, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(body.length, 16);
  return Buffer.concat([body, cd, eocd]);
}

async function waitForEnd(who: Who, id: string, timeoutMs = 120_000) {
  return eventually(async () => {
    const res = await get(`/contactImports/${id}`, who);
    const body = res.json();
    return ["done", "failed", "cancelled"].includes(body.status) ? body : undefined;
  }, timeoutMs);
}

const importsDir = () => path.join(app.deps.config.dataDir, "imports");
const leftovers = () => (existsSync(importsDir()) ? readdirSync(importsDir()) : []);

describe("addContacts: small files answer at once", () => {
  it("imports a CSV: E.164 numbers, e-mail, attributes, group by name; 200 with the counts", async () => {
    const { id, owner } = await createCompany(app);
    const csv =
      "Mobile , NAME,email,Age, City \n6591230001,Ann,ann@example.com,31,Jurong\n+65 9123 0002,Ben,,40,\n91230003,Cai,,,Bedok\n";
    const res = await upload(owner, "contacts.csv", csv, "?groupName=Imported");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Contacts uploaded successfully",
      inserted: 3,
      imported: 3,
      duplicates: 0,
      invalid: 0,
      rowsDone: 3,
      rowsTotal: 3,
      rowsFailed: 0,
    });
    const list = (await get("/contacts?search=ann", owner)).json();
    expect(list.data[0]).toMatchObject({
      mobile: "6591230001",
      email: "ann@example.com",
      attributes: { Age: "31", City: "Jurong" },
      groups: [{ name: "Imported" }],
    });
    expect((await get("/contacts?search=ben", owner)).json().data[0].attributes).toEqual({ Age: "40" });
    expect((await get("/groups", owner)).json().data[0]).toMatchObject({
      name: "Imported",
      total_recipients: 3,
    });
    expect((await companyCounts(id)).contacts).toBe(3);
    expect(leftovers()).toEqual([]);
  });

  it("reads semicolon-separated CSV and XLSX (numbers as numbers, first sheet)", async () => {
    const { owner } = await createCompany(app);
    const semi = await upload(owner, "c.csv", "mobile;name;note\n6591230011;Dee;a, b\n");
    expect(semi.statusCode, semi.body).toBe(200);
    expect((await get("/contacts", owner)).json().data[0].attributes).toEqual({ note: "a, b" });
    const file = await xlsx([
      ["mobile", "name", "tier"],
      [6591230012, "Eve", "gold"],
      ["6591230013", "Fay", 2],
    ]);
    const res = await upload(owner, "c.xlsx", file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().imported).toBe(2);
    const eve = (await get("/contacts?search=eve", owner)).json().data[0];
    expect(eve).toMatchObject({ mobile: "6591230012", attributes: { tier: "gold" } });
  });

  it("answers 409 with every problem row and offers them as report.xlsx", async () => {
    const { owner } = await createCompany(app);
    await upload(owner, "first.csv", "mobile,name\n6591230021,Old\n");
    const csv = [
      "mobile,name",
      "6591230022,Good",
      "12ab,Letters",
      "6591230023,",
      "6591230022,Again",
      "6591230021,Existing",
      "123,Short",
      "=cmd|'/C calc'!A0,Formula",
    ].join("\n");
    const res = await upload(owner, "issues.csv", csv);
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json();
    expect(body).toMatchObject({
      message: "6 Contacts uploaded with issues !",
      inserted: 1,
      imported: 1,
      duplicates: 2,
      invalid: 4,
      rowsTotal: 7,
    });
    expect(body.rows).toEqual([
      { row: 2, mobile: "12ab", name: "Letters", issue: MESSAGES.invalidContactNumber },
      { row: 3, mobile: "6591230023", name: "", issue: ISSUE.nameRequired },
      { row: 4, mobile: "6591230022", name: "Again", issue: ISSUE.duplicateInFile },
      { row: 5, mobile: "6591230021", name: "Existing", issue: ISSUE.alreadyExists },
      { row: 6, mobile: "123", name: "Short", issue: MESSAGES.contactNumberTooShort },
      { row: 7, mobile: "=cmd|'/C calc'!A0", name: "Formula", issue: MESSAGES.invalidContactNumber },
    ]);
    const report = await get(`/contactImports/${body.importId}/report.xlsx`, owner);
    expect(report.statusCode).toBe(200);
    expect(report.headers["content-disposition"]).toContain("report.xlsx");
    const sheet = await readXlsx(report.rawPayload);
    expect(sheet[0]).toEqual(["Row", "Mobile", "Name", "Reason"]);
    expect(sheet).toHaveLength(7);
    expect(sheet[6]).toEqual(["7", "'=cmd|'/C calc'!A0", "Formula", MESSAGES.invalidContactNumber]);
    const status = (await get(`/contactImports/${body.importId}`, owner)).json();
    expect(status).toMatchObject({
      status: "done",
      rowsFailed: 6,
      message: "6 Contacts uploaded with issues !",
    });
  });

  it("reports a number another writer added during the batch as existing, and keeps the rest", async () => {
    const { id, owner } = await createCompany(app);
    const db = app.deps.database;
    // another writer: inserting 6591230072 for this company first inserts it under another id
    await db.query(`create or replace function herald_test_race() returns trigger language plpgsql as $$
      begin
        if pg_trigger_depth() = 1 and new.company_id = '${id}' and new.mobile = '6591230072' then
          insert into contacts (id, company_id, mobile, name) values (gen_random_uuid(), new.company_id, new.mobile, 'Other writer');
        end if;
        return new;
      end $$`);
    await db.query(
      "create trigger herald_test_race before insert on contacts for each row execute function herald_test_race()",
    );
    try {
      const res = await upload(owner, "r.csv", "mobile,name\n6591230071,A\n6591230072,B\n6591230073,C\n");
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        imported: 2,
        duplicates: 1,
        rows: [{ row: 2, mobile: "6591230072", name: "B", issue: ISSUE.alreadyExists }],
      });
      expect((await companyCounts(id)).contacts).toBe(3);
    } finally {
      await db.query("drop trigger if exists herald_test_race on contacts");
    }
  });

  it("checks without writing with dryRun", async () => {
    const { id, owner } = await createCompany(app);
    const res = await upload(
      owner,
      "d.csv",
      "mobile,name\n6591230031,A\nbad,B\n",
      "?dryRun=true&groupName=Never",
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ imported: 1, invalid: 1 });
    expect((await companyCounts(id)).contacts).toBe(0);
    expect((await get("/groups", owner)).json().data).toEqual([]);
  });
});

describe("addContacts refuses malformed files before parsing, writing nothing", () => {
  const refusals: [string, string, () => Promise<Buffer | string> | Buffer | string, string][] = [
    [
      "an unsupported type",
      "contacts.xls",
      () => "mobile,name\n6591230001,A\n",
      MESSAGES.unsupportedFileType,
    ],
    [
      "text named .xlsx (wrong magic bytes)",
      "contacts.xlsx",
      () => "mobile,name\n",
      MESSAGES.unsupportedFileType,
    ],
    ["an archive named .csv", "contacts.csv", () => zipBomb(1024), MESSAGES.unsupportedFileType],
    ["a zip bomb", "bomb.xlsx", () => zipBomb(200 * 1024 * 1024), UNREADABLE_CONTACT_FILE],
    [
      "a crafted __proto__ header",
      "p.csv",
      () => "mobile,name,__proto__\n6591230001,A,{}\n",
      FORBIDDEN_COLUMN,
    ],
    [
      "a constructor header in XLSX",
      "p.xlsx",
      () =>
        xlsx([
          ["mobile", "name", " Constructor "],
          [6591230001, "A", "x"],
        ]),
      FORBIDDEN_COLUMN,
    ],
    ["wrong columns", "w.csv", () => "name,mobile\nA,6591230001\n", MESSAGES.defaultColumnsNotFoundBang],
    ["an empty file", "e.csv", () => "", MESSAGES.noValidDataInFile],
    ["a header without rows", "h.csv", () => "mobile,name\n\n", MESSAGES.noValidDataInFile],
    ["an empty sheet", "e.xlsx", () => xlsx([]), MESSAGES.noValidDataInFile],
    [
      "an unterminated quote",
      "q.csv",
      () => `mobile,name\n6591230001,"A\n${"x".repeat(70_000)}`,
      UNREADABLE_CONTACT_FILE,
    ],
  ];
  for (const [what, name, content, message] of refusals) {
    it(`refuses ${what}`, async () => {
      const { id, owner } = await createCompany(app);
      const res = await upload(owner, name, await content());
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await companyCounts(id)).toEqual({ contacts: 0, imports: 0 });
      expect(leftovers()).toEqual([]);
    });
  }

  it("refuses another company's group and an unknown country, writing nothing", async () => {
    const { id, owner } = await createCompany(app);
    const other = await createCompany(app);
    const g = await app.inject({
      method: "POST",
      url: "/api/addGroup",
      payload: { name: "Theirs" },
      headers: auth(other.owner),
    });
    const res = await upload(owner, "c.csv", "mobile,name\n6591230061,A\n", `?groupId=${g.json().id}`);
    expect(res.statusCode).toBe(404);
    const country = await upload(owner, "c.csv", "mobile,name\n6591230061,A\n", "?country=ZZ");
    expect(country.statusCode).toBe(400);
    expect(await companyCounts(id)).toEqual({ contacts: 0, imports: 0 });
    expect(leftovers()).toEqual([]);
  });

  it("refuses a request without the file part", async () => {
    const { owner } = await createCompany(app);
    const res = await upload(owner, "c.csv", "mobile,name\n", "", "text/csv", "other");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(FILE_REQUIRED);
  });

  it("refuses a 160 MB file while it streams (never held in memory)", { timeout: 120_000 }, async () => {
    const { id, owner } = await createCompany(app);
    const line = Buffer.from("6591230001,Someone\n".repeat(55_000)); // about 1 MB, reused
    const before = process.memoryUsage().rss;
    const res = await upload(owner, "big.csv", async function* () {
      yield Buffer.from("mobile,name\n");
      for (let sent = 0; sent < 160 * 1024 * 1024; sent += line.length) yield line;
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(CONTACT_FILE_TOO_LARGE);
    expect(process.memoryUsage().rss - before).toBeLessThan(120 * 1024 * 1024);
    expect(await companyCounts(id)).toEqual({ contacts: 0, imports: 0 });
    expect(leftovers()).toEqual([]);
  });
});

/** 100k data rows: every 100th an invalid number, every 100th (offset 50) a repeat of the row before. */
function generated(rows: number): { csv: string; invalid: number[]; duplicates: number[] } {
  const lines = ["mobile,name,segment"];
  const invalid: number[] = [];
  const duplicates: number[] = [];
  for (let i = 1; i <= rows; i++) {
    if (i % 100 === 0) {
      lines.push(`65912ab${i},Bad ${i},x`);
      invalid.push(i);
    } else if (i % 100 === 50) {
      lines.push(`65${91_000_000 + i - 1},Dup ${i},y`);
      duplicates.push(i);
    } else {
      lines.push(`65${91_000_000 + i},Person ${i},z`);
    }
  }
  return { csv: `${lines.join("\n")}\n`, invalid, duplicates };
}

describe("large imports run in the background", () => {
  it("imports 100k rows with 1% bad numbers and 1% duplicates and reports exactly those", {
    timeout: 240_000,
  }, async () => {
    const { id, owner } = await createCompany(app);
    const { csv, invalid, duplicates } = generated(100_000);
    const res = await upload(owner, "big.csv", csv);
    expect(res.statusCode, res.body).toBe(202);
    const accepted = res.json();
    expect(res.headers.location).toBe(`/api/contactImports/${accepted.id}`);
    expect(["queued", "running"]).toContain(accepted.status);
    const done = await waitForEnd(owner, accepted.id, 200_000);
    expect(done).toMatchObject({
      status: "done",
      rowsTotal: 100_000,
      rowsDone: 100_000,
      imported: 98_000,
      duplicates: 1000,
      invalid: 1000,
      rowsFailed: 2000,
      message: "2000 Contacts uploaded with issues !",
    });
    expect(done.rows).toHaveLength(100);
    const issues = await app.deps.database.query<{ row: number; issue: string }>(
      "select row, issue from contact_import_issues where import_id = $1 order by row",
      [accepted.id],
    );
    expect(issues.filter((i) => i.issue === ISSUE.duplicateInFile).map((i) => i.row)).toEqual(duplicates);
    expect(issues.filter((i) => i.issue === MESSAGES.invalidContactNumber).map((i) => i.row)).toEqual(
      invalid,
    );
    expect(issues).toHaveLength(2000);
    expect((await companyCounts(id)).contacts).toBe(98_000);
    const report = await readXlsx(
      (await get(`/contactImports/${accepted.id}/report.xlsx`, owner)).rawPayload,
    );
    expect(report).toHaveLength(2001);
    expect(leftovers()).toEqual([]);
  });

  it("refuses a large import while the company has 3 unfinished ones, writing nothing", async () => {
    const { id, owner } = await createCompany(app);
    const db = app.deps.database;
    for (let i = 0; i < IMPORTS_PER_COMPANY; i++) {
      await db.query(
        `insert into contact_imports (id, company_id, user_id, file_name, size, status, dry_run, country, group_ids,
                                      started_at, heartbeat_at)
         values (gen_random_uuid(), $1, $2, 'other.csv', 1, $3, false, 'SG', '[]'::jsonb, now(), now())`,
        [id, owner.id, i === 0 ? "queued" : "running"],
      );
    }
    const refused = await upload(owner, "big.csv", generated(60_000).csv);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY_IMPORTS);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    const [n] = await db.query<{ n: number }>(
      "select count(*)::int as n from contact_imports where company_id = $1",
      [id],
    );
    expect(n!.n).toBe(IMPORTS_PER_COMPANY);
    expect((await companyCounts(id)).contacts).toBe(0);
    expect(leftovers()).toEqual([]);
    // another company is not held back by this one's imports
    const other = await createCompany(app);
    const accepted = await upload(other.owner, "big.csv", generated(60_000).csv);
    expect(accepted.statusCode).toBe(202);
    expect((await waitForEnd(other.owner, accepted.json().id)).status).toBe("done");
  });

  it("cancels after the batch being written: committed batches stay, counted as imported", {
    timeout: 120_000,
  }, async () => {
    const { id, owner } = await createCompany(app);
    const res = await upload(owner, "c.csv", generated(60_000).csv);
    expect(res.statusCode).toBe(202);
    const importId = res.json().id;
    const cancel = await app.inject({
      method: "POST",
      url: `/api/contactImports/${importId}/cancel`,
      headers: auth(owner),
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const end = await waitForEnd(owner, importId);
    expect(end.status).toBe("cancelled");
    expect((await companyCounts(id)).contacts).toBe(end.imported);
    expect(end.rowsDone % IMPORT_BATCH_ROWS === 0 || end.rowsDone < 60_000).toBe(true);
  });

  it("keeps committed batches and never half a batch when a batch fails", { timeout: 120_000 }, async () => {
    const { id, owner } = await createCompany(app);
    const db = app.deps.database;
    // a batch in the middle of the file fails inside the database
    await db.query(`create or replace function herald_test_fail_contact() returns trigger language plpgsql as $$
      begin
        if new.company_id = '${id}' and new.mobile = '6591030001' then raise exception 'injected failure'; end if;
        return new;
      end $$`);
    await db.query(
      "create trigger herald_test_fail before insert on contacts for each row execute function herald_test_fail_contact()",
    );
    try {
      const res = await upload(owner, "f.csv", generated(50_000).csv);
      expect(res.statusCode).toBe(202);
      const end = await waitForEnd(owner, res.json().id);
      expect(end.status).toBe("failed");
      const { contacts } = await companyCounts(id);
      expect(contacts).toBe(end.imported);
      // row 30001 holds 6591030001: the 15 batches before its batch were committed whole, nothing after
      expect(end.rowsDone).toBe(30_000);
      expect(end.rowsDone % IMPORT_BATCH_ROWS).toBe(0);
      expect(contacts).toBe(30_000 - 300 - 300);
      const [max] = await db.query<{ m: string }>(
        "select max(mobile) as m from contacts where company_id = $1",
        [id],
      );
      expect(Number(max!.m)).toBe(6591030000 - 1);
    } finally {
      await db.query("drop trigger if exists herald_test_fail on contacts");
    }
  });
});

describe("server shutdown", () => {
  it("lets a running import commit its batch and end failed, its committed rows counted", {
    timeout: 120_000,
  }, async () => {
    const { id, owner } = await createCompany(app);
    const second = await secondInstance();
    let closed = false;
    try {
      const { boundary, head, tail } = multipartParts("s.csv", "text/csv");
      const res = await second.app.inject({
        method: "POST",
        url: "/api/addContacts",
        payload: Buffer.concat([head, Buffer.from(generated(60_000).csv), tail]),
        headers: { ...auth(owner), "content-type": `multipart/form-data; boundary=${boundary}` },
      });
      expect(res.statusCode, res.body).toBe(202);
      await second.close();
      closed = true;
      const end = (await get(`/contactImports/${res.json().id}`, owner)).json();
      expect(end).toMatchObject({ status: "failed", message: IMPORT_INTERRUPTED });
      expect(end.rowsDone % IMPORT_BATCH_ROWS).toBe(0);
      expect((await companyCounts(id)).contacts).toBe(end.imported);
    } finally {
      if (!closed) await second.close();
    }
  });
});

describe("imports, export and template belong to their company", () => {
  it("answers 404 to another company's user for an import, its report and cancel", async () => {
    const { owner } = await createCompany(app);
    const res = await upload(owner, "c.csv", "mobile,name\n6591230041,A\nbad,B\n");
    const importId = res.json().importId;
    const other = await createCompany(app);
    for (const [method, url] of [
      ["GET", `/contactImports/${importId}`],
      ["GET", `/contactImports/${importId}/report.xlsx`],
      ["POST", `/contactImports/${importId}/cancel`],
    ] as const) {
      const r = await app.inject({
        method,
        url: `/api${url}`,
        headers: auth(other.owner),
        ...(method === "POST" ? { payload: {} } : {}),
      });
      expect(r.statusCode, url).toBe(404);
      expect(r.json().message).toBe(IMPORT_NOT_FOUND);
    }
  });

  it("exports CSV and XLSX with formulas neutralised, by group", async () => {
    const { owner } = await createCompany(app);
    await upload(
      owner,
      "c.csv",
      'mobile,name,note\n6591230051,"=HYPERLINK(""x"")",@sum\n6591230052,Plain,"a,b"\n',
      "?groupName=G1",
    );
    await upload(owner, "d.csv", "mobile,name\n6591230053,Other\n");
    const csv = await get("/contacts/export", owner);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toBe("mobile,name,email,created_at,note");
    expect(lines).toHaveLength(4);
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv.body).toContain("'@sum");
    const group = (await get("/groups", owner)).json().data.find((g: { name: string }) => g.name === "G1");
    const book = await get(`/contacts/export?format=xlsx&groupId=${group.id}`, owner);
    expect(book.statusCode).toBe(200);
    const rows = await readXlsx(book.rawPayload);
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r[1]).sort()).toEqual(['\'=HYPERLINK("x")', "Plain", "name"].sort());
  });

  it("serves the upload template", async () => {
    const { owner } = await createCompany(app);
    const res = await get("/downloads/UploadTemplate.xlsx", owner);
    expect(res.statusCode).toBe(200);
    expect((await readXlsx(res.rawPayload))[0]).toEqual(["mobile", "name", "age", "email"]);
    expect((await app.inject({ method: "GET", url: "/api/downloads/UploadTemplate.xlsx" })).statusCode).toBe(
      401,
    );
  });
});
