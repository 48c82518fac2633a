import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveCredentials } from "../../config";
import { csvRecordCounter, dateBound, neutralise, reportsExport } from "./export";

const tmp = () => mkdtempSync(path.join(tmpdir(), "herald-reports-"));
const uuid = (i: number) => `0f8f1c9e-3c0b-4c55-9a51-${String(i).padStart(12, "0")}`;
const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();

/** A stand-in server for the report calls on loopback: keyset pages over generated rows; records requests. */
function fakeHerald(rows: number) {
  const seen: { path: string; query: URLSearchParams; body: Record<string, unknown>; auth?: string }[] = [];
  const content = (i: number) =>
    i % 3 === 0 ? `=HYPERLINK("x${i}")` : i % 3 === 1 ? `-${i} left` : `Hi ${i}`;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : {};
      seen.push({ path: url.pathname, query: url.searchParams, body, auth: req.headers.authorization });
      const send = (status: number, data: unknown) => {
        res.statusCode = status;
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify(data));
      };
      if (body.endDate === "2099-01-01T00:00:00.000Z")
        return send(400, { message: "End date cannot be in the future." });
      const limit = Number(url.searchParams.get("limit") ?? 1000);
      const from = Number(url.searchParams.get("cursor") ?? 0);
      const to = Math.min(from + limit, rows);
      const ids = Array.from({ length: to - from }, (_, k) => from + k);
      const page = { nextCursor: to < rows ? String(to) : null, ...(from === 0 ? { total: rows } : {}) };
      switch (url.pathname) {
        case "/api/reports/export": {
          if (url.searchParams.get("endDate") === "2099-01-01T00:00:00.000Z")
            return send(400, { message: "End date cannot be in the future." });
          res.statusCode = 200;
          res.setHeader("content-type", "text/csv; charset=utf-8");
          // in several writes, one record with a line break inside a quoted cell
          res.write(`\ufeffSender ID,Mobile,Message\r\n`);
          for (let i = 0; i < rows; i += 1000) {
            const part: string[] = [];
            for (let k = i; k < Math.min(i + 1000, rows); k++)
              part.push(
                k === 5
                  ? `Herald,659${1000000 + k},"two\r\nlines ""quoted"""\r\n`
                  : `Herald,659${1000000 + k},'=x${k}\r\n`,
              );
            res.write(part.join(""));
          }
          return res.end();
        }
        case "/api/outbox":
          return send(200, {
            ...page,
            outbox: ids.map((i) => ({
              id: uuid(i),
              name: `659${String(1000000 + i)}`,
              callerid: i % 2 ? "+Herald" : "Herald",
              msg_content: content(i),
              billable: "yes",
              delivered_st: i % 2 ? "delivered" : null,
              created_at: at(i),
              sms_count: 1 + (i % 3),
            })),
            msg_status: [],
          });
        case "/api/inbox":
          return send(200, {
            ...page,
            data: ids.map((i) => ({
              id: uuid(i),
              name: `659${String(1000000 + i)}`,
              receiver_name: i % 2 ? "@agent" : null,
              receiver: i % 2 ? uuid(99) : null,
              msg_content: content(i),
              created_at: at(i),
            })),
          });
        case "/api/scheduledSms":
          return send(200, {
            ...page,
            data: ids.map((i) => ({
              id: uuid(i),
              name: "Herald",
              receiver: `659${String(1000000 + i)}`,
              msg_content: content(i),
              campaign: i % 2 ? "+Promo" : null,
              schedule: at(i),
            })),
          });
        case "/api/getProfile":
          return send(200, { timeZone: "Asia/Singapore" });
        default:
          return send(404, { message: "Not Found" });
      }
    });
  });
  return { server, seen };
}

const ROWS = 12_345;
const fake = fakeHerald(ROWS);
let url = "";
beforeAll(async () => {
  await new Promise<void>((r) => fake.server.listen(0, "127.0.0.1", r));
  const address = fake.server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((r) => fake.server.close(() => r())));

async function signedIn(): Promise<NodeJS.ProcessEnv> {
  const env = { XDG_CONFIG_HOME: tmp(), HERALD_URL: url } as NodeJS.ProcessEnv;
  await saveCredentials({ token: "session-1" }, env);
  return env;
}

describe("herald reports export", () => {
  it("streams the outbox CSV the server makes into the file, counting its records, with progress", async () => {
    const dir = tmp();
    const out = path.join(dir, "sent.csv");
    const env = await signedIn();
    const updates: string[] = [];
    const before = fake.seen.length;
    const r = await reportsExport(
      "outbox",
      { from: "2026-01-01", to: "2026-01-31", out },
      { env },
      { progress: { update: (t) => updates.push(t), stop() {} } },
    );
    expect(r).toEqual({ report: "outbox", file: out, format: "csv", rows: ROWS });
    const calls = fake.seen.slice(before);
    expect(calls.map((c) => c.path)).toEqual(["/api/getProfile", "/api/reports/export"]);
    // the days are the company's (Asia/Singapore when the profile names no zone), not the machine's
    expect(Object.fromEntries(calls[1]!.query)).toEqual({
      report: "outbox",
      format: "csv",
      startDate: "2025-12-31T16:00:00.000Z",
      endDate: "2026-01-31T15:59:59.999Z",
    });
    expect(calls[1]!.auth).toBe("Bearer session-1");
    const text = readFileSync(out, "utf8");
    expect(text.startsWith("\ufeffSender ID,Mobile,Message\r\n")).toBe(true);
    expect(text).toContain(`"two\r\nlines ""quoted"""`);
    expect(text.trimEnd().split("\r\n")).toHaveLength(ROWS + 2); // the header, and one record on two lines
    expect(updates.at(-1)).toBe(`Exporting outbox: ${ROWS.toLocaleString("en-US")} rows`);
    expect(readdirSync(dir)).toEqual(["sent.csv"]);
  });

  it("counts CSV records across chunks, ignoring line breaks inside quoted cells", () => {
    const count = csvRecordCounter();
    const enc = (t: string) => new TextEncoder().encode(t);
    expect(count(enc('a,b\r\n"x\r'))).toBe(2);
    expect(count(enc('\ny""z",1\r\n'))).toBe(2);
    expect(count(enc("last,row"))).toBe(3);
  });

  it("writes the inbox as XLSX named Incoming Messages by default", async () => {
    const dir = tmp();
    const env = await signedIn();
    const cwd = process.cwd();
    process.chdir(dir);
    const before = fake.seen.length;
    try {
      const r = await reportsExport("inbox", { format: "xlsx", json: true }, { env });
      expect(r.file).toBe("Incoming Messages.xlsx");
      expect(r.rows).toBe(ROWS);
    } finally {
      process.chdir(cwd);
    }
    // page by page: keyset cursors, the largest page the server gives
    const calls = fake.seen.slice(before);
    expect(calls.map((c) => c.path)).toEqual(["/api/getProfile", "/api/inbox", "/api/inbox", "/api/inbox"]);
    expect(calls.slice(1).map((c) => c.query.get("limit"))).toEqual(["5000", "5000", "5000"]);
    expect(calls.slice(1).map((c) => c.query.get("cursor"))).toEqual([null, "5000", "10000"]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path.join(dir, "Incoming Messages.xlsx"));
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(ROWS + 1);
    expect(ws.getRow(1).values).toEqual([
      undefined,
      "Mobile",
      "Receiver",
      "Message",
      "Type",
      "Date (Asia/Singapore)",
    ]);
    expect(ws.getRow(2).values).toEqual([
      undefined,
      "6591000000",
      undefined,
      `'=HYPERLINK("x0")`,
      "General",
      "2026-01-01T08:00:00+08:00",
    ]);
    expect(ws.getRow(3).getCell(2).value).toBe("'@agent");
    expect(ws.getRow(3).getCell(4).value).toBe("Private");
  });

  it("refuses to overwrite without --yes (exit 2) and replaces the file with it", async () => {
    const out = path.join(tmp(), "scheduled.xlsx");
    writeFileSync(out, "keep me");
    const env = await signedIn();
    await expect(reportsExport("scheduled", { out }, { env })).rejects.toMatchObject({ exitCode: 2 });
    expect(readFileSync(out, "utf8")).toBe("keep me");
    const r = await reportsExport("scheduled", { out, yes: true, format: "xlsx" }, { env });
    expect(r.rows).toBe(ROWS);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(out);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([
      undefined,
      "Sender ID",
      "Mobile",
      "Message",
      "Campaign",
      "Schedule (Asia/Singapore)",
    ]);
    expect(ws.getRow(3).values).toEqual([
      undefined,
      "Herald",
      "6591000001",
      "'-1 left",
      "'+Promo",
      "2026-01-01T08:00:01+08:00",
    ]);
  });

  it("prints the server's refusal, exits 1 and leaves no file", async () => {
    const dir = tmp();
    const out = path.join(dir, "in.csv");
    const env = await signedIn();
    await expect(
      reportsExport("inbox", { to: "2099-01-01T00:00:00.000Z", out }, { env }),
    ).rejects.toMatchObject({ message: "End date cannot be in the future.", exitCode: 1 });
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("rejects unknown reports, formats and dates as usage errors", async () => {
    const env = await signedIn();
    await expect(reportsExport("broadcasts", {}, { env })).rejects.toMatchObject({ exitCode: 2 });
    await expect(reportsExport("inbox", { format: "pdf" }, { env })).rejects.toMatchObject({ exitCode: 2 });
    await expect(reportsExport("inbox", { from: "31/01/2026" }, { env })).rejects.toMatchObject({
      exitCode: 2,
    });
    await expect(
      reportsExport("inbox", { from: "2026-02-02", to: "2026-02-01" }, { env }),
    ).rejects.toMatchObject({ exitCode: 2 });
    expect(() => dateBound("2026-02-30", "start", "--from")).toThrow(/--from must be a date/);
    // a day is read in the company's zone
    expect(dateBound("2026-12-01", "start", "--from", "America/New_York")).toBe("2026-12-01T05:00:00.000Z");
    expect(dateBound("2026-12-01", "end", "--to", "America/New_York")).toBe("2026-12-02T04:59:59.999Z");
  });

  it("neutralises every formula trigger and nothing else", () => {
    for (const s of ["=1+1", "+65", "-x", "@SUM(A1)", "\tx", "\rx"]) expect(neutralise(s)).toBe(`'${s}`);
    for (const s of ["65 9123", "a=b", "", "'quoted"]) expect(neutralise(s)).toBe(s);
  });
});
