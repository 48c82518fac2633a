import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login } from "./commands/auth/login";
import { whoami } from "./commands/auth/whoami";
import { contactsDelete } from "./commands/contacts/delete";
import { contactsExport } from "./commands/contacts/export";
import { contactsImport, formatImport, xlsxToCsv } from "./commands/contacts/import";
import { parseLimit } from "./commands/contacts/list";
import { splitList } from "./commands/contacts/resolve";
import { groupsRename } from "./commands/groups/rename";
import { resolveToken, resolveUrl, saveCredentials } from "./config";
import { duration, importProgressText } from "./lib/progress";
import type { Prompts } from "./session";

const tmp = () => mkdtempSync(path.join(tmpdir(), "herald-contacts-"));
const GROUP = {
  id: "0f8f1c9e-3c0b-4c55-9a51-6f7c2f1d0a10",
  name: "VIP",
  group_name: "VIP",
  total_recipients: 3,
};
const IMPORT_ID = "0f8f1c9e-3c0b-4c55-9a51-6f7c2f1d0a20";

async function reportXlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Report");
  ws.addRow(["Row", "Mobile", "Name", "Reason"]);
  ws.addRow([2, "123", 'Bad, "quoted"', "Invalid mobile number"]);
  ws.addRow([3, "6591234567", "Twice", "Duplicate in file"]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A stand-in server for the contact calls: records requests; imports run through `polls` answers. */
function fakeHerald() {
  const seen: {
    method: string;
    path: string;
    query: string;
    headers: IncomingMessage["headers"];
    body: Buffer;
  }[] = [];
  let polls = 0;
  let cancelled = false;
  let report: Buffer = Buffer.alloc(0);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      const body = Buffer.concat(chunks);
      seen.push({
        method: req.method ?? "",
        path: url.pathname,
        query: url.search,
        headers: req.headers,
        body,
      });
      const send = (status: number, data: unknown) => {
        res.statusCode = status;
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify(data));
      };
      const job = (status: string, rowsDone: number) => ({
        id: IMPORT_ID,
        importId: IMPORT_ID,
        status,
        rowsTotal: status === "done" ? 5000 : null,
        rowsDone,
        rowsFailed: 2,
        imported: rowsDone - 2,
        duplicates: 1,
        invalid: 1,
        message: status === "done" ? "2 Contacts uploaded with issues !" : null,
        rows: [],
      });
      switch (url.pathname) {
        case "/api/getProfile":
          return send(200, {
            userId: "u",
            email: "owner@x.test",
            firstName: "Ada",
            lastName: "Tan",
            userRole: "admin",
            companyId: "c",
            company: "Demo",
          });
        case "/api/addContacts":
          polls = 0;
          cancelled = false;
          return send(202, job("queued", 0));
        case `/api/contactImports/${IMPORT_ID}`:
          polls++;
          if (cancelled) return send(200, job("cancelled", 2000));
          return send(200, polls >= 3 ? job("done", 5000) : job("running", polls * 1000));
        case `/api/contactImports/${IMPORT_ID}/cancel`:
          cancelled = true;
          return send(200, job("running", 2000));
        case `/api/contactImports/${IMPORT_ID}/report.xlsx`:
          res.setHeader("content-type", "application/octet-stream");
          return res.end(report);
        case "/api/contacts/export":
          res.setHeader("content-type", "text/csv");
          return res.end("mobile,name,email,created_at\n6591234567,A,,2026-01-01\n");
        case "/api/groups":
          return send(200, { data: [GROUP], nextCursor: null, total: 1 });
        case "/api/editGroup":
          return send(200, { ...GROUP, name: JSON.parse(body.toString()).name });
        case "/api/deleteContacts":
          return send(200, { message: "Ok" });
        default:
          return send(404, { message: "Not Found" });
      }
    });
  });
  return {
    server,
    seen,
    setReport: (b: Buffer) => {
      report = b;
    },
  };
}

describe("progress and parsing helpers", () => {
  it("formats rows done, rows per second and the estimate", () => {
    expect(importProgressText({ rowsDone: 12000, rowsTotal: null, estimatedTotal: null, rate: null })).toBe(
      "Importing: 12,000 rows",
    );
    expect(importProgressText({ rowsDone: 12000, rowsTotal: null, estimatedTotal: 100000, rate: 5400 })).toBe(
      "Importing: 12,000 of about 100,000 rows, 5,400 rows/s, about 16s left",
    );
    expect(importProgressText({ rowsDone: 10, rowsTotal: 70, estimatedTotal: 5, rate: 1 })).toBe(
      "Importing: 10 of 70 rows, 1 rows/s, about 1m 00s left",
    );
    expect(duration(3725)).toBe("1h 02m");
  });

  it("parses --limit and member lists", () => {
    expect(parseLimit(undefined)).toBe(100);
    expect(parseLimit("2500")).toBe(2500);
    for (const bad of ["0", "-1", "1.5", "abc", "100001"])
      expect(() => parseLimit(bad), bad).toThrow(expect.objectContaining({ exitCode: 2 }));
    expect(splitList(["a, b", "+65 9123 4567\n\nc"])).toEqual(["a", "b", "+65 9123 4567", "c"]);
  });

  it("converts a report workbook to CSV (quoted as needed), through a .part file", async () => {
    const dir = tmp();
    writeFileSync(path.join(dir, "r.xlsx"), await reportXlsx());
    await xlsxToCsv(path.join(dir, "r.xlsx"), path.join(dir, "r.csv"));
    expect(readFileSync(path.join(dir, "r.csv"), "utf8")).toBe(
      'Row,Mobile,Name,Reason\n2,123,"Bad, ""quoted""",Invalid mobile number\n3,6591234567,Twice,Duplicate in file\n',
    );
    expect(existsSync(path.join(dir, "r.csv.part"))).toBe(false);
  });
});

describe("herald contacts and groups against a stand-in server", () => {
  const fake = fakeHerald();
  let url = "";
  beforeAll(async () => {
    fake.setReport(await reportXlsx());
    await new Promise<void>((r) => fake.server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(fake.server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((r) => fake.server.close(() => r())));
  const signedIn = async () => {
    const env = { XDG_CONFIG_HOME: tmp(), HERALD_URL: url } as NodeJS.ProcessEnv;
    await saveCredentials({ token: "session-1" }, env);
    return env;
  };
  const quiet = () => {
    const texts: string[] = [];
    return { texts, progress: { update: (t: string) => texts.push(t), stop() {} } };
  };

  it("login --token (with --url) checks the token, then keeps it and the server URL", async () => {
    const env = { XDG_CONFIG_HOME: tmp() } as NodeJS.ProcessEnv;
    expect(await login({ token: "-", url }, { env, readStdin: async () => "session-9\n" })).toEqual({
      email: "owner@x.test",
    });
    expect(await resolveUrl(env)).toBe(url);
    expect(await resolveToken(env)).toBe("session-9");
    expect(fake.seen.at(-1)).toMatchObject({ path: "/api/getProfile" });
    expect(fake.seen.at(-1)?.headers.authorization).toBe("Bearer session-9");
    await expect(login({ token: "t", email: "a@x.test" }, { env })).rejects.toMatchObject({ exitCode: 2 });
    await expect(login({ token: "" }, { env })).rejects.toMatchObject({ exitCode: 2 });
  });

  it("whoami names the signed-in user and the server", async () => {
    expect(await whoami({ env: await signedIn() })).toEqual({
      url,
      userId: "u",
      email: "owner@x.test",
      name: "Ada Tan",
      role: "admin",
      companyId: "c",
      company: "Demo",
    });
  });

  it("refuses bad options with exit 2 before sending anything", async () => {
    const env = await signedIn();
    const dir = tmp();
    const csv = path.join(dir, "a.csv");
    writeFileSync(csv, "mobile,name\n6591234567,A\n");
    writeFileSync(path.join(dir, "taken.xlsx"), "x");
    const before = fake.seen.length;
    for (const [file, opts] of [
      [path.join(dir, "a.txt"), {}],
      [path.join(dir, "none.csv"), {}],
      [csv, { country: "SGP" }],
      [csv, { report: path.join(dir, "r.pdf") }],
      [csv, { report: path.join(dir, "taken.xlsx") }],
      [csv, { group: " " }],
    ] as const)
      await expect(contactsImport(file, opts, { env })).rejects.toMatchObject({ exitCode: 2 });
    expect(fake.seen.length).toBe(before);
  });

  it("streams the file as multipart with its length, follows the import and writes the report as CSV", async () => {
    const env = await signedIn();
    const dir = tmp();
    const csv = path.join(dir, "people.csv");
    const content = `mobile,name\n${Array.from({ length: 5000 }, (_, i) => `659${String(i).padStart(7, "0")},P${i}`).join("\n")}\n`;
    writeFileSync(csv, content);
    const p = quiet();
    const r = await contactsImport(
      csv,
      { group: "VIP", country: "sg", report: path.join(dir, "problems.csv") },
      { env },
      { pollMs: 5, progress: p.progress, signal: new AbortController().signal },
    );
    expect(r).toMatchObject({
      status: "done",
      importId: IMPORT_ID,
      imported: 4998,
      duplicates: 1,
      invalid: 1,
    });
    const upload = fake.seen.find((s) => s.path === "/api/addContacts");
    expect(upload?.query).toBe("?groupName=VIP&country=SG");
    expect(upload?.headers.authorization).toBe("Bearer session-1");
    expect(Number(upload?.headers["content-length"])).toBe(upload?.body.length);
    const boundary = /boundary=(.+)$/.exec(upload?.headers["content-type"] ?? "")?.[1];
    const text = upload?.body.toString() ?? "";
    expect(
      text.startsWith(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="people.csv"`),
    ).toBe(true);
    expect(text).toContain(`Content-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`);
    expect(p.texts.some((t) => t.startsWith("Uploading people.csv"))).toBe(true);
    expect(p.texts.some((t) => /^Importing: [\d,]+ of about 5,0\d\d rows/.test(t))).toBe(true);
    expect(readFileSync(path.join(dir, "problems.csv"), "utf8")).toContain(
      "3,6591234567,Twice,Duplicate in file",
    );
    expect(formatImport(r)).toBe(
      `Imported: 4,998\nDuplicates: 1\nInvalid: 1\nRows read: 5,000\nProblem rows (2) written to ${r.report}\n`,
    );
  });

  it("Ctrl-C (the abort signal) cancels the import on the server and answers what was committed", async () => {
    const env = await signedIn();
    const dir = tmp();
    writeFileSync(path.join(dir, "a.csv"), "mobile,name\n6591234567,A\n");
    const stop = new AbortController();
    const p = quiet();
    const pending = contactsImport(
      path.join(dir, "a.csv"),
      {},
      { env },
      {
        pollMs: 20,
        progress: {
          update: (t) => {
            p.texts.push(t);
            if (t.startsWith("Importing")) stop.abort();
          },
          stop() {},
        },
        signal: stop.signal,
      },
    );
    const r = await pending;
    expect(r).toMatchObject({ status: "cancelled", imported: 1998 });
    expect(
      fake.seen.some((s) => s.path === `/api/contactImports/${IMPORT_ID}/cancel` && s.method === "POST"),
    ).toBe(true);
    expect(formatImport(r)).toContain("Import cancelled: the batches committed before the stop are kept");
  });

  it("export streams to a .part file renamed when complete, and keeps an existing file without --yes", async () => {
    const env = await signedIn();
    const dir = tmp();
    const out = path.join(dir, "c.csv");
    const r = await contactsExport({ out, group: "vip" }, { env });
    expect(r).toMatchObject({ file: out, format: "csv", groupId: GROUP.id });
    expect(fake.seen.at(-1)?.query).toBe(`?format=csv&groupId=${GROUP.id}`);
    expect(readFileSync(out, "utf8")).toContain("6591234567,A");
    await expect(contactsExport({ out }, { env })).rejects.toMatchObject({ exitCode: 2 });
    await expect(
      contactsExport({ out: path.join(dir, "c.xlsx"), format: "csv" }, { env }),
    ).rejects.toMatchObject({
      exitCode: 2,
    });
    expect((await contactsExport({ out, yes: true }, { env })).file).toBe(out);
  });

  it("groups are found by name without regard to case; an unknown name fails (exit 1)", async () => {
    const env = await signedIn();
    expect((await groupsRename(" vip ", "Gold", { env })).name).toBe("Gold");
    expect(JSON.parse(fake.seen.at(-1)?.body.toString() ?? "")).toEqual({ id: GROUP.id, name: "Gold" });
    await expect(groupsRename("Nope", "Gold", { env })).rejects.toMatchObject({
      exitCode: 1,
      message: "No group named Nope",
    });
    await expect(groupsRename("VIP", "", { env })).rejects.toMatchObject({ exitCode: 2 });
  });

  it("contacts delete: exit 2 without a terminal or --yes; a no on the terminal deletes nothing", async () => {
    const env = await signedIn();
    const id = "0f8f1c9e-3c0b-4c55-9a51-6f7c2f1d0a30";
    const before = fake.seen.length;
    await expect(contactsDelete([id], {}, { env, interactive: false })).rejects.toMatchObject({
      exitCode: 2,
    });
    expect(fake.seen.length).toBe(before);
    const asked: string[] = [];
    const prompts = {
      confirm: async (m: string) => {
        asked.push(m);
        return false;
      },
    } as unknown as Prompts;
    await expect(contactsDelete([id], {}, { env, interactive: true, prompts })).rejects.toMatchObject({
      message: "Cancelled: nothing deleted",
    });
    expect(asked).toEqual(["Delete 1 contact?"]);
    expect(fake.seen.some((s) => s.path === "/api/deleteContacts")).toBe(false);
    expect(await contactsDelete([id, id], { yes: true }, { env, interactive: false })).toEqual({
      deleted: 1,
      ids: [id],
    });
  });
});
