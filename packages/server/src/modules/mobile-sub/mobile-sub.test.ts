import { MESSAGES } from "@herald/domain";
import ExcelJS from "exceljs";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { mobileSubscriptions, mobileUploads } from "../../db/schema";
import {
  auth,
  countQueries,
  createCompany,
  createUser,
  eventually,
  type TestCompany,
  type TestUser,
  testApp,
} from "../../test/harness";
import { UNREADABLE_MOBILE_FILE, UNSUPPORTED_MOBILE_FILE } from "./mobile-file";
import {
  ALREADY_DELETED,
  addNumbersJob,
  duplicateMessage,
  FILE_REQUIRED,
  INSERT_BATCH,
  isSuppressed,
  RECORD_DELETED,
  UPLOAD_NOT_FOUND,
} from "./mobile-sub.service";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

interface Row {
  id: string;
  contact_number: string;
  created_by: string;
  type: "sub" | "unsub";
  status: "active" | "deleted" | "invalid";
  created_dtm: string;
  deleted_dtm: string | null;
}

const post = (url: string, u: { token: string }, payload: unknown) =>
  app.inject({ method: "POST", url: `/api${url}`, headers: auth(u), payload: payload as object });

const list = (u: { token: string }, query: Record<string, string | number> = {}) =>
  app.inject({
    method: "GET",
    url: "/api/mobileSubList",
    headers: auth(u),
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });

/** A multipart/form-data body with one file part. */
function multipart(fileName: string, content: Buffer | string, type = "text/csv", field = "file") {
  const boundary = `----herald${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(content), tail]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (
  u: { token: string },
  fileName: string,
  content: Buffer | string,
  type?: string,
  field?: string,
) => {
  const body = multipart(fileName, content, type, field);
  return app.inject({
    method: "POST",
    url: "/api/uploadMobileList",
    headers: { ...auth(u), ...body.headers },
    payload: body.payload,
  });
};

/** The company's rows straight from the table (type, number, status), sorted. */
async function stored(companyId: string) {
  const rows = await app.deps.database.query<{ contact_number: string; type: string; status: string }>(
    "select contact_number, type, status from mobile_subscriptions where company_id = $1 order by contact_number, type, status",
    [companyId],
  );
  return rows.map((r) => `${r.type}:${r.contact_number}:${r.status}`);
}

/** Waits for the add job: until the company holds `n` rows. */
const rowsAppear = (companyId: string, n: number) =>
  eventually(async () => {
    const rows = await stored(companyId);
    return rows.length >= n ? rows : undefined;
  });

/** Inserts rows directly (fixtures for list, edit, delete and suppression tests). */
async function seed(
  company: TestCompany,
  rows: { n: string; type?: "sub" | "unsub"; status?: "active" | "deleted" | "invalid"; at?: Date }[],
) {
  return app.deps.database.db
    .insert(mobileSubscriptions)
    .values(
      rows.map((r) => ({
        companyId: company.id,
        contactNumber: r.n,
        type: r.type ?? "sub",
        status: r.status ?? "active",
        createdBy: company.owner.id,
        ...(r.at ? { createdAt: r.at } : {}),
        ...(r.status === "deleted" ? { deletedAt: new Date() } : {}),
      })),
    )
    .returning({ id: mobileSubscriptions.id });
}

async function xlsx(sheets: { name: string; rows: unknown[][] }[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const s of sheets) {
    const ws = wb.addWorksheet(s.name);
    for (const r of s.rows) ws.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe("permissions and tenancy", () => {
  let company: TestCompany;
  let other: TestCompany;
  let rowId: string;
  let supervisor: TestUser;
  let agent: TestUser;
  beforeAll(async () => {
    company = await createCompany(app);
    other = await createCompany(app);
    supervisor = await createUser(app, company.id, { role: "supervisor" });
    agent = await createUser(app, company.id, { role: "agent" });
    [{ id: rowId }] = (await seed(company, [{ n: "6591234567", type: "unsub" }])) as [{ id: string }];
  });

  it("refuses every call to a supervisor and to an agent with 403 Invalid Access", async () => {
    for (const u of [supervisor, agent]) {
      const answers = [
        await list(u),
        await post("/getMobileSub", u, { id: rowId }),
        await post("/addMobileSub", u, { insertType: "manual", type: "sub", mobile: ["6581234567"] }),
        await post("/editMobileSub", u, { id: rowId, contactNumber: "6581234567", type: "sub" }),
        await post("/deleteMobileSub", u, { id: rowId }),
        await upload(u, "list.csv", "6581234567\n"),
      ];
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().message).toBe("Invalid Access");
      }
    }
    expect(await stored(company.id)).toEqual(["unsub:6591234567:active"]);
  });

  it("answers another company's admin 404 and shows them nothing", async () => {
    const o = other.owner;
    const get = await post("/getMobileSub", o, { id: rowId });
    expect(get.statusCode).toBe(404);
    expect(get.body).not.toContain("6591234567");
    expect(
      (await post("/editMobileSub", o, { id: rowId, contactNumber: "6581234567", type: "sub" })).statusCode,
    ).toBe(404);
    expect((await post("/deleteMobileSub", o, { id: rowId })).statusCode).toBe(404);
    const theirs = await list(o);
    expect(theirs.json()).toEqual({ data: [], total: 0 });
    expect(await stored(company.id)).toEqual(["unsub:6591234567:active"]);
  });

  it("does not let another company's admin add from this company's upload", async () => {
    const up = await upload(company.owner, "list.csv", "6581234567\n6598765432\n");
    expect(up.statusCode, up.body).toBe(200);
    const res = await post("/addMobileSub", other.owner, {
      insertType: "file",
      type: "sub",
      fileInfo: { fileId: up.json().fileId },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(UPLOAD_NOT_FOUND);
    await new Promise((r) => setTimeout(r, 700));
    expect(await stored(other.id)).toEqual([]);
    // the upload is still usable by its own company
    const own = await post("/addMobileSub", company.owner, {
      insertType: "file",
      type: "sub",
      fileInfo: { fileId: up.json().fileId },
    });
    expect(own.statusCode).toBe(202);
  });
});

describe("uploadMobileList", () => {
  it("reads a CSV: first column, header skipped, and answers its FileInfo", async () => {
    const { owner } = await createCompany(app);
    const csv = 'mobile,name\r\n6591234567,Ann\r\n"+65 8123 4567",Bob\r\n\r\n6512345,Bad\r\n';
    const res = await upload(owner, "numbers.csv", csv);
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json();
    expect(info).toMatchObject({
      fileName: "numbers.csv",
      size: Buffer.byteLength(csv),
      mimeType: "text/csv",
      rows: 3,
    });
    const [row] = await app.deps.database.query<{ numbers: string[]; expires_at: Date }>(
      "select numbers, expires_at from mobile_uploads where id = $1",
      [info.fileId],
    );
    expect(row!.numbers).toEqual(["6591234567", "+65 8123 4567", "6512345"]);
    const hours = (new Date(row!.expires_at).getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it("reads a semicolon-separated CSV and a plain text file with one number per line", async () => {
    const { owner } = await createCompany(app);
    const semi = await upload(owner, "eu.csv", "Number;Name\n6591234567;Ann\n6581234567;Bob\n");
    expect(semi.json().rows).toBe(2);
    const txt = await upload(
      owner,
      "list.txt",
      "\uFEFF6591234567\n+65 9876 5432\n\n(65) 8765-4321\n",
      "text/plain",
    );
    expect(txt.statusCode, txt.body).toBe(200);
    expect(txt.json()).toMatchObject({ fileName: "list.txt", mimeType: "text/plain", rows: 3 });
    const [row] = await app.deps.database.query<{ numbers: string[] }>(
      "select numbers from mobile_uploads where id = $1",
      [txt.json().fileId],
    );
    expect(row!.numbers).toEqual(["6591234567", "+65 9876 5432", "(65) 8765-4321"]);
  });

  it("reads the first column of the first sheet of an XLSX (numeric and text cells, header skipped)", async () => {
    const { owner } = await createCompany(app);
    const file = await xlsx([
      {
        name: "Numbers",
        rows: [["Mobile", "Name"], [6591234567, "Ann"], ["+65 8123 4567", "Bob"], [], [6598765432, "Cy"]],
      },
      { name: "Other", rows: [[6500000000], [6511111111]] },
    ]);
    const res = await upload(
      owner,
      "book.xlsx",
      file,
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows).toBe(3);
    const [row] = await app.deps.database.query<{ numbers: string[] }>(
      "select numbers from mobile_uploads where id = $1",
      [res.json().fileId],
    );
    expect(row!.numbers).toEqual(["6591234567", "+65 8123 4567", "6598765432"]);
  });

  it("reads an XLSX written by ExcelJS's streaming writer (entries with data descriptors)", async () => {
    const { owner } = await createCompany(app);
    const { PassThrough } = await import("node:stream");
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on("data", (c: Buffer) => chunks.push(c));
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
    const ws = wb.addWorksheet("List");
    ws.addRow(["mobile"]).commit();
    for (const n of ["6591234567", "6581234567"]) ws.addRow([n]).commit();
    ws.commit();
    await wb.commit();
    const res = await upload(owner, "stream.xlsx", Buffer.concat(chunks), "application/octet-stream");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows).toBe(2);
  });

  it("accepts 71680 bytes and refuses 71681 with the specification's message", async () => {
    const { id, owner } = await createCompany(app);
    const body = (size: number) => {
      const lines: string[] = ["mobile"];
      let n = 0;
      while (lines.join("\n").length + 12 < size) lines.push(`6591${String(n++).padStart(6, "0")}`);
      const text = `${lines.join("\n")}\n`;
      return text + "\n".repeat(size - text.length);
    };
    const exact = body(71680);
    expect(Buffer.byteLength(exact)).toBe(71680);
    const ok = await upload(owner, "big.csv", exact);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().size).toBe(71680);
    expect(ok.json().rows).toBeGreaterThan(6000);

    const over = body(71681);
    expect(Buffer.byteLength(over)).toBe(71681);
    const refused = await upload(owner, "big.csv", over);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("File size cannot be greater than 70KB !");
    const far = await upload(owner, "huge.csv", Buffer.alloc(3 * 1024 * 1024, "6591234567\n"));
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toBe(MESSAGES.mobileFileTooLarge);
    const uploads = await app.deps.database.query("select id from mobile_uploads where company_id = $1", [
      id,
    ]);
    expect(uploads).toHaveLength(1);
  });

  it("refuses unsupported, unreadable, empty and missing files with a clear message", async () => {
    const { id, owner } = await createCompany(app);
    const cases: [string, Buffer | string, string | undefined, string][] = [
      ["list.pdf", "%PDF-1.4 6591234567", "application/pdf", UNSUPPORTED_MOBILE_FILE],
      ["old.xls", "6591234567", "application/vnd.ms-excel", UNSUPPORTED_MOBILE_FILE],
      ["broken.xlsx", "this is not a zip 6591234567", undefined, UNREADABLE_MOBILE_FILE],
      [
        "zip.csv",
        Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from("6591234567")]),
        undefined,
        UNREADABLE_MOBILE_FILE,
      ],
      ["names.csv", "name\nAnn\nBob\n", undefined, "No mobile numbers were found in the file."],
      ["empty.csv", "", undefined, "The file is empty."],
    ];
    for (const [name, content, type, message] of cases) {
      const res = await upload(owner, name, content, type);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message, name).toBe(message);
    }
    const wrongField = await upload(owner, "list.csv", "6591234567\n", "text/csv", "document");
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe(FILE_REQUIRED);
    const noBody = await app.inject({ method: "POST", url: "/api/uploadMobileList", headers: auth(owner) });
    expect(noBody.statusCode).toBe(400);
    const json = await post("/uploadMobileList", owner, { file: "6591234567" });
    expect(json.statusCode).toBe(415);
    const uploads = await app.deps.database.query("select id from mobile_uploads where company_id = $1", [
      id,
    ]);
    expect(uploads).toEqual([]);
  });

  it("refuses an XLSX that would inflate past the limit before reading it", async () => {
    const { owner } = await createCompany(app);
    const bomb = await xlsx([{ name: "S", rows: [["6591234567", "x".repeat(17 * 1024 * 1024)]] }]);
    expect(bomb.length).toBeLessThan(71680);
    const res = await upload(owner, "bomb.xlsx", bomb);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UNREADABLE_MOBILE_FILE);
  });
});

describe("addMobileSub and its job", () => {
  it("adds tags: normalised, deduplicated, invalid ones kept as invalid", async () => {
    const company = await createCompany(app);
    const res = await post("/addMobileSub", company.owner, {
      id: company.owner.id,
      insertType: "manual",
      type: "sub",
      mobile: ["6591234567", "600123456789", "6591234567", "6512345"],
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: "Mobile List Add Successful !", received: 4 });
    const jobs = await app.deps.database.query(
      "select id from pgboss.job where name = 'mobile-sub.add' and data->>'companyId' = $1",
      [company.id],
    );
    expect(jobs).toHaveLength(1);
    const rows = await rowsAppear(company.id, 3);
    expect(rows).toEqual(["sub:60123456789:active", "sub:6512345:invalid", "sub:6591234567:active"]);
    const page = (await list(company.owner)).json();
    expect(page.total).toBe(3);
    expect(page.data.every((r: Row) => r.created_by === "Test" && r.deleted_dtm === null)).toBe(true);
  });

  it("adds the numbers of an uploaded file once, and refuses the same upload again", async () => {
    const company = await createCompany(app);
    const up = await upload(company.owner, "n.csv", "mobile\n+65 9123 4567\n6581234567\n65 8123 4567\n");
    const fileInfo = up.json();
    const res = await post("/addMobileSub", company.owner, { insertType: "file", type: "unsub", fileInfo });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: MESSAGES.mobileListAdded, received: 3 });
    expect(await rowsAppear(company.id, 2)).toEqual(["unsub:6581234567:active", "unsub:6591234567:active"]);
    const again = await post("/addMobileSub", company.owner, { insertType: "file", type: "unsub", fileInfo });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(UPLOAD_NOT_FOUND);
  });

  it("refuses an expired or unknown upload and writes nothing", async () => {
    const company = await createCompany(app);
    const up = await upload(company.owner, "n.csv", "6591234567\n");
    await app.deps.database.query(
      "update mobile_uploads set expires_at = now() - interval '1 minute' where id = $1",
      [up.json().fileId],
    );
    for (const fileId of [up.json().fileId, "01900000-0000-7000-8000-000000000000"]) {
      const res = await post("/addMobileSub", company.owner, {
        insertType: "file",
        type: "sub",
        fileInfo: { fileId },
      });
      expect(res.statusCode).toBe(404);
    }
    const [u] = await app.deps.database.query<{ used_at: Date | null }>(
      "select used_at from mobile_uploads where id = $1",
      [up.json().fileId],
    );
    expect(u!.used_at).toBeNull();
    const jobs = await app.deps.database.query(
      "select id from pgboss.job where name = 'mobile-sub.add' and data->>'companyId' = $1",
      [company.id],
    );
    expect(jobs).toEqual([]);
  });

  it("skips numbers already listed with the same type, keeps the other type apart, and re-adds deleted ones", async () => {
    const company = await createCompany(app);
    await seed(company, [
      { n: "6591234567", type: "sub" },
      { n: "6581234567", type: "sub", status: "deleted" },
    ]);
    const run = (type: "sub" | "unsub") =>
      addNumbersJob(app.deps.database, {
        companyId: company.id,
        userId: company.owner.id,
        type,
        numbers: ["6591234567", "6581234567", "6598765432"],
      });
    expect((await run("sub")).inserted).toBe(2);
    expect((await run("unsub")).inserted).toBe(3);
    expect(await stored(company.id)).toEqual([
      "sub:6581234567:active",
      "sub:6581234567:deleted",
      "unsub:6581234567:active",
      "sub:6591234567:active",
      "unsub:6591234567:active",
      "sub:6598765432:active",
      "unsub:6598765432:active",
    ]);
  });

  it("is idempotent: running the same job again inserts nothing", async () => {
    const company = await createCompany(app);
    const data = {
      companyId: company.id,
      userId: company.owner.id,
      type: "sub" as const,
      numbers: ["6591234567", "6512345", "6581234567"],
    };
    expect(await addNumbersJob(app.deps.database, data)).toEqual({ inserted: 3, received: 3 });
    expect(await addNumbersJob(app.deps.database, data)).toEqual({ inserted: 0, received: 3 });
    expect(await stored(company.id)).toHaveLength(3);
  });

  it("inserts in batches: one statement per batch of rows, not one per number", async () => {
    const company = await createCompany(app);
    const numbers = Array.from(
      { length: 2 * INSERT_BATCH + 500 },
      (_, i) => `6591${String(i).padStart(6, "0")}`,
    );
    const { count, queries, result } = await countQueries(() =>
      addNumbersJob(app.deps.database, {
        companyId: company.id,
        userId: company.owner.id,
        type: "sub",
        numbers,
      }),
    );
    expect(result.inserted).toBe(numbers.length);
    expect(count, queries.join("\n")).toBe(3);
    const total = await list(company.owner, { pageSize: 1 });
    expect(total.json().total).toBe(numbers.length);
  });

  it("explains validation failures", async () => {
    const { owner } = await createCompany(app);
    const cases: [unknown, string][] = [
      [{ insertType: "manual", mobile: ["6591234567"] }, "Please select a type (Subscribe or Unsubscribe)."],
      [{ type: "sub", mobile: ["6591234567"] }, "Please select an insert type (Manual or File upload)."],
      [{ insertType: "manual", type: "sub" }, "Please enter at least one mobile number."],
      [{ insertType: "manual", type: "sub", mobile: [] }, "Please enter at least one mobile number."],
      [
        { insertType: "manual", type: "sub", mobile: ["6591234567", "12345"] },
        "Invalid mobile number 12345: Contact Number cannot be less than 7 digits",
      ],
      [{ insertType: "file", type: "sub" }, "Please upload a file first."],
    ];
    for (const [body, message] of cases) {
      const res = await post("/addMobileSub", owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe("mobileSubList", () => {
  let company: TestCompany;
  beforeAll(async () => {
    company = await createCompany(app);
    const t = Date.now();
    await seed(company, [
      { n: "6591234567", type: "sub", at: new Date(t - 5000) },
      { n: "6581234567", type: "unsub", at: new Date(t - 4000) },
      { n: "6598765432", type: "sub", status: "deleted", at: new Date(t - 3000) },
      { n: "6512345", type: "sub", status: "invalid", at: new Date(t - 2000) },
      { n: "60123456789", type: "unsub", at: new Date(t - 1000) },
    ]);
  });

  it("lists newest first with deleted rows, the creator's first name and the total", async () => {
    const res = await list(company.owner);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Row[]; total: number };
    expect(body.total).toBe(5);
    expect(body.data.map((r) => r.contact_number)).toEqual([
      "60123456789",
      "6512345",
      "6598765432",
      "6581234567",
      "6591234567",
    ]);
    const deleted = body.data.find((r) => r.status === "deleted")!;
    expect(deleted.deleted_dtm).not.toBeNull();
    expect(body.data[0]).toMatchObject({
      created_by: "Test",
      type: "unsub",
      status: "active",
      deleted_dtm: null,
    });
  });

  it("pages, filters by type, searches the digits and sorts", async () => {
    const p2 = (await list(company.owner, { page: 2, pageSize: 2 })).json();
    expect(p2.total).toBe(5);
    expect(p2.data.map((r: Row) => r.contact_number)).toEqual(["6598765432", "6581234567"]);
    const past = (await list(company.owner, { page: 9, pageSize: 2 })).json();
    expect(past).toEqual({ data: [], total: 5 });
    const unsub = (await list(company.owner, { type: "unsub" })).json();
    expect(unsub.data.map((r: Row) => r.contact_number)).toEqual(["60123456789", "6581234567"]);
    const search = (await list(company.owner, { search: "+65 9" })).json();
    expect(search.data.map((r: Row) => r.contact_number).sort()).toEqual(["6591234567", "6598765432"]);
    expect((await list(company.owner, { search: "abc" })).json()).toEqual({ data: [], total: 0 });
    const sorted = (await list(company.owner, { sort: "contact_number", order: "asc" })).json();
    expect(sorted.data.map((r: Row) => r.contact_number)).toEqual([
      "60123456789",
      "6512345",
      "6581234567",
      "6591234567",
      "6598765432",
    ]);
    const bad = await list(company.owner, { type: "other" });
    expect(bad.statusCode).toBe(400);
  });

  it("costs one query per page, whatever the page size", async () => {
    const big = await createCompany(app);
    await addNumbersJob(app.deps.database, {
      companyId: big.id,
      userId: big.owner.id,
      type: "sub",
      numbers: Array.from({ length: 300 }, (_, i) => `6581${String(i).padStart(6, "0")}`),
    });
    await list(big.owner); // caches the session's actor
    const pages: Record<string, string | number>[] = [
      { pageSize: 10 },
      { pageSize: 300, search: "658100" },
      { page: 3, pageSize: 100, type: "sub" },
    ];
    for (const query of pages) {
      const { count, queries, result } = await countQueries(() => list(big.owner, query));
      expect(result.statusCode).toBe(200);
      expect(result.json().total).toBeGreaterThan(0);
      expect(count, queries.join("\n")).toBe(1);
    }
  });
});

describe("getMobileSub, editMobileSub, deleteMobileSub", () => {
  it("reads one record", async () => {
    const company = await createCompany(app);
    const [{ id }] = (await seed(company, [{ n: "6591234567", type: "unsub" }])) as [{ id: string }];
    const res = await post("/getMobileSub", company.owner, { id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, contact_number: "6591234567", type: "unsub", status: "active" });
    const missing = await post("/getMobileSub", company.owner, {
      id: "01900000-0000-7000-8000-000000000000",
    });
    expect(missing.statusCode).toBe(404);
  });

  it("edits the number (normalised) and the type; an invalid record becomes active", async () => {
    const company = await createCompany(app);
    const [a, b] = await seed(company, [
      { n: "6591234567", type: "sub" },
      { n: "6512345", type: "sub", status: "invalid" },
    ]);
    const res = await post("/editMobileSub", company.owner, {
      id: a!.id,
      contactNumber: "600123456789",
      type: "unsub",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("Data Update Successful !");
    const fixed = await post("/editMobileSub", company.owner, {
      id: b!.id,
      contactNumber: "6581234567",
      type: "sub",
    });
    expect(fixed.statusCode).toBe(200);
    expect(await stored(company.id)).toEqual(["unsub:60123456789:active", "sub:6581234567:active"]);
  });

  it("refuses a duplicate of the same type, an invalid number and a deleted record", async () => {
    const company = await createCompany(app);
    const [a, b, c] = await seed(company, [
      { n: "6591234567", type: "sub" },
      { n: "6581234567", type: "sub" },
      { n: "6598765432", type: "sub", status: "deleted" },
    ]);
    const dup = await post("/editMobileSub", company.owner, {
      id: b!.id,
      contactNumber: "6591234567",
      type: "sub",
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(duplicateMessage("6591234567", "sub"));
    expect(dup.json().message).toBe("+6591234567 is already in the Subscribe list.");
    const otherType = await post("/editMobileSub", company.owner, {
      id: b!.id,
      contactNumber: "6591234567",
      type: "unsub",
    });
    expect(otherType.statusCode).toBe(200);
    const same = await post("/editMobileSub", company.owner, {
      id: a!.id,
      contactNumber: "6591234567",
      type: "sub",
    });
    expect(same.statusCode).toBe(200);
    const invalid = await post("/editMobileSub", company.owner, {
      id: a!.id,
      contactNumber: "6512345",
      type: "sub",
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(MESSAGES.invalidContactNumber);
    const short = await post("/editMobileSub", company.owner, {
      id: a!.id,
      contactNumber: "123",
      type: "sub",
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("Contact Number cannot be less than 7 digits");
    const noType = await post("/editMobileSub", company.owner, { id: a!.id, contactNumber: "6591234567" });
    expect(noType.json().message).toBe("Please select a type (Subscribe or Unsubscribe).");
    const deleted = await post("/editMobileSub", company.owner, {
      id: c!.id,
      contactNumber: "6598765432",
      type: "sub",
    });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(RECORD_DELETED);
    expect(await stored(company.id)).toEqual([
      "sub:6591234567:active",
      "unsub:6591234567:active",
      "sub:6598765432:deleted",
    ]);
  });

  it("deletes softly: the row stays, marked deleted with its time; a second delete is refused", async () => {
    const company = await createCompany(app);
    const [{ id }] = (await seed(company, [{ n: "6591234567", type: "unsub" }])) as [{ id: string }];
    const res = await post("/deleteMobileSub", company.owner, { id });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Mobile Sub deleted Successfully !");
    const row = (await post("/getMobileSub", company.owner, { id })).json();
    expect(row.status).toBe("deleted");
    expect(Date.now() - new Date(row.deleted_dtm).getTime()).toBeLessThan(60_000);
    const again = await post("/deleteMobileSub", company.owner, { id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_DELETED);
    expect((await list(company.owner)).json().total).toBe(1);
  });
});

describe("isSuppressed", () => {
  it("is true only for an active unsubscribe row of the same company", async () => {
    const company = await createCompany(app);
    const other = await createCompany(app);
    await seed(company, [
      { n: "6591234567", type: "unsub" },
      { n: "6581234567", type: "sub" },
      { n: "6598765432", type: "unsub", status: "deleted" },
      { n: "6512345", type: "unsub", status: "invalid" },
    ]);
    const { db } = app.deps.database;
    expect(await isSuppressed(db, company.id, "6591234567")).toBe(true);
    expect(await isSuppressed(db, company.id, "+6591234567")).toBe(true);
    expect(await isSuppressed(db, company.id, "6581234567")).toBe(false);
    expect(await isSuppressed(db, company.id, "6598765432")).toBe(false);
    expect(await isSuppressed(db, company.id, "6512345")).toBe(false);
    expect(await isSuppressed(db, company.id, "")).toBe(false);
    expect(await isSuppressed(db, other.id, "6591234567")).toBe(false);
    expect(await db.transaction((tx) => isSuppressed(tx, company.id, "6591234567"))).toBe(true);
  });

  it("is one query", async () => {
    const company = await createCompany(app);
    const { count } = await countQueries(() => isSuppressed(app.deps.database.db, company.id, "6591234567"));
    expect(count).toBe(1);
  });

  it("uses the suppression index (EXPLAIN)", async () => {
    const company = await createCompany(app);
    await addNumbersJob(app.deps.database, {
      companyId: company.id,
      userId: company.owner.id,
      type: "unsub",
      numbers: Array.from({ length: 2000 }, (_, i) => `6591${String(i).padStart(6, "0")}`),
    });
    await app.deps.database.query("analyze mobile_subscriptions");
    const plan = await app.deps.database.query<{ "QUERY PLAN": string }>(
      `explain select 1 as hit from mobile_subscriptions
        where company_id = $1 and contact_number = $2 and type = 'unsub' and status = 'active' limit 1`,
      [company.id, "6591000010"],
    );
    const text = plan.map((r) => r["QUERY PLAN"]).join("\n");
    expect(text).toContain("mobile_subscriptions_suppression_idx");
  });
});

describe("mobile_uploads table", () => {
  it("removes a company's expired uploads on its next upload", async () => {
    const company = await createCompany(app);
    const first = await upload(company.owner, "a.csv", "6591234567\n");
    await app.deps.database.query(
      "update mobile_uploads set expires_at = now() - interval '1 hour' where id = $1",
      [first.json().fileId],
    );
    await upload(company.owner, "b.csv", "6581234567\n");
    const rows = await app.deps.database.db.select({ id: mobileUploads.id }).from(mobileUploads);
    expect(rows.map((r) => r.id)).not.toContain(first.json().fileId);
  });
});
