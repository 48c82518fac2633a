import ExcelJS from "exceljs";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { auth, createCompany, eventually, privateDatabase, testConfig } from "../../test/harness";
import { connectSandbox } from "../channels/channels.fixtures";
import { applyStatus } from "../chat/ingest";
import { EXPORT_PAGE, RECIPIENT_EXPORT_COLUMNS } from "./export";

let app: FastifyInstance;
let dropDatabase: (() => Promise<void>) | undefined;
beforeAll(async () => {
  // A database of its own on PostgreSQL: other files' job workers on a shared database would take the delivery jobs.
  const { database, dataDir, drop } = await privateDatabase();
  dropDatabase = drop;
  app = await buildApp({ config: testConfig({}, dataDir), database, validateResponses: true });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await dropDatabase?.();
});

type Who = { token: string };
const get = (url: string, who: Who) => app.inject({ method: "GET", url: `/api${url}`, headers: auth(who) });
const post = (url: string, who: Who, payload: object = {}) =>
  app.inject({ method: "POST", url: `/api${url}`, headers: auth(who), payload });
const q = <T>(text: string, params: unknown[] = []) => app.deps.database.query<T>(text, params);

let seq = 0;
const uniq = (p: string) => `${p} ${process.pid % 1000}-${++seq}`;

function upload(who: Who, broadcastId: string, csv: string) {
  const boundary = `----herald${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="broadcastId"\r\n\r\n${broadcastId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: "POST",
    url: "/api/social-chat/broadcast/file/yes",
    headers: { ...auth(who), "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

/** CSV text as rows of cells (quoted cells may hold commas and quotes; no line breaks in these files). */
function parseCsv(text: string): string[][] {
  return text
    .split("\r\n")
    .filter((l) => l !== "")
    .map((line) => {
      const cells: string[] = [];
      let cell = "";
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const ch = line[i]!;
        if (quoted && ch === '"' && line[i + 1] === '"') {
          cell += '"';
          i++;
        } else if (ch === '"') quoted = !quoted;
        else if (ch === "," && !quoted) {
          cells.push(cell);
          cell = "";
        } else cell += ch;
      }
      cells.push(cell);
      return cells;
    });
}

async function world() {
  const { id: companyId, owner } = await createCompany(app);
  const wa = await connectSandbox(app, owner, { channelType: "WHATSAPP" });
  const sync = await post(`/social-chat/channel/${wa.id}/sync-ws-templates`, owner);
  expect(sync.statusCode, sync.body).toBe(200);
  return { companyId, owner, wa };
}

const template = (channelId: string, name: string) => ({
  type: "template",
  broadcastName: name,
  method: "file",
  channelId,
  whatsappTemplate: {
    name: "order_update",
    language: "en_US",
    header: { variables: ["A1"] },
    body: { variables: ["x", "y", "z"] },
  },
});

describe("GET /social-chat/broadcast/{id}/recipients/export", () => {
  it("exports every row with readiness, status, remark and the sent/delivered/read times (CSV and XLSX)", async () => {
    const w = await world();
    const name = uniq("Orders/Q3");
    const sent = await post("/social-chat/broadcast/send", w.owner, template(w.wa.id, name));
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json().broadcastId as string;
    const csv = [
      "mobile,name,first,order,day",
      "+6591110001,Siti,Siti,A1,Friday",
      "6591110002,=cmd,Ahmad,A2,Monday",
      "123,Bad,Bad,A3,Monday",
      "6591110003,Gap,Gap,,Monday",
      "6591110001,Twice,Twice,A5,Monday",
    ].join("\n");
    const res = await upload(w.owner, id, csv);
    expect(res.statusCode, res.body).toBe(200);
    await eventually(async () => {
      const r = (await get(`/social-chat/broadcast/${id}`, w.owner)).json();
      return r.status === "done" && r.stats.delivered === 2;
    });
    const [siti] = await q<{ provider_message_id: string }>(
      "select provider_message_id from broadcast_recipients where broadcast_id = $1 and name = 'Siti'",
      [id],
    );
    await applyStatus(app.deps, {
      channelId: w.wa.id,
      providerMessageId: siti!.provider_message_id,
      status: "read",
    });

    const file = await get(`/social-chat/broadcast/${id}/recipients/export`, w.owner);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers["content-type"]).toContain("text/csv");
    expect(file.headers["content-disposition"]).toContain(`${name.replace("/", "_")}-recipients.csv`);
    const [header, ...lines] = parseCsv(file.body);
    expect(header).toEqual([...RECIPIENT_EXPORT_COLUMNS]);
    expect(lines.map((l) => l.slice(0, 6))).toEqual([
      ["1", "6591110001", "Siti", "READY", "Read", ""],
      ["2", "6591110002", "'=cmd", "READY", "Delivered", ""],
      ["3", "123", "Bad", "INVALID PHONE NUMBER", "Skipped", "INVALID PHONE NUMBER"],
      ["4", "6591110003", "Gap", "MISSING VALUE", "Skipped", "MISSING VALUE"],
      ["5", "6591110001", "Twice", "DUPLICATED", "Skipped", "DUPLICATED"],
    ]);
    const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
    // Siti: sent, delivered and read; Ahmad: sent and delivered; skipped rows: no times
    expect(lines[0]!.slice(6).every((t) => isoTime.test(t))).toBe(true);
    expect(lines[1]![6]).toMatch(isoTime);
    expect(lines[1]![7]).toMatch(isoTime);
    expect(lines[1]![8]).toBe("");
    expect(lines[2]!.slice(6)).toEqual(["", "", ""]);

    const xlsx = await get(`/social-chat/broadcast/${id}/recipients/export?format=xlsx`, w.owner);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-type"]).toContain("spreadsheetml");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(6);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...RECIPIENT_EXPORT_COLUMNS]);
    expect((sheet.getRow(4).values as unknown[]).slice(1, 6)).toEqual([
      "3",
      "123",
      "Bad",
      "INVALID PHONE NUMBER",
      "Skipped",
    ]);
  });

  it("answers 404 for another company's broadcast and an unknown id, 400 for a bad format, 401 without a token", async () => {
    const w = await world();
    const other = await createCompany(app);
    const sent = await post("/social-chat/broadcast/send", w.owner, template(w.wa.id, uniq("Mine")));
    const id = sent.json().broadcastId as string;
    const theirs = await get(`/social-chat/broadcast/${id}/recipients/export`, other.owner);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe("Broadcast not found");
    expect(theirs.body).not.toContain("mobile");
    const unknown = await get(
      "/social-chat/broadcast/0190a000-0000-7000-8000-000000000000/recipients/export",
      w.owner,
    );
    expect(unknown.statusCode).toBe(404);
    const bad = await get(`/social-chat/broadcast/${id}/recipients/export?format=pdf`, w.owner);
    expect(bad.statusCode).toBe(400);
    const anonymous = await app.inject({
      method: "GET",
      url: `/api/social-chat/broadcast/${id}/recipients/export`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("streams a broadcast larger than one page in row order", async () => {
    const w = await world();
    const sent = await post("/social-chat/broadcast/send", w.owner, template(w.wa.id, uniq("Big")));
    const id = sent.json().broadcastId as string;
    const total = EXPORT_PAGE * 2 + 123;
    // Rows written directly (already cancelled: nothing is sent), in reverse insertion order of their numbers.
    await q(
      `insert into broadcast_recipients (id, company_id, broadcast_id, row, mobile, name, readiness, status,
                                         idempotency_key)
       select gen_random_uuid(), $1, $2, n, (6590000000 + n)::text, 'Contact ' || n, 'READY', 'cancelled',
              'broadcast:big:' || n
         from generate_series($3::int, 1, -1) n`,
      [w.companyId, id, total],
    );
    const file = await get(`/social-chat/broadcast/${id}/recipients/export`, w.owner);
    expect(file.statusCode).toBe(200);
    const [, ...lines] = parseCsv(file.body);
    expect(lines).toHaveLength(total);
    expect(lines.map((l) => Number(l[0]))).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(lines[EXPORT_PAGE]!.slice(0, 5)).toEqual([
      String(EXPORT_PAGE + 1),
      String(6590000000 + EXPORT_PAGE + 1),
      `Contact ${EXPORT_PAGE + 1}`,
      "READY",
      "Cancelled",
    ]);
    const xlsx = await get(`/social-chat/broadcast/${id}/recipients/export?format=xlsx`, w.owner);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(total + 1);
  });
});
