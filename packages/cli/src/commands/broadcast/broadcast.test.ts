import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { buildProgram } from "../../cli";
import type { CommandContext } from "../../session";
import { broadcastControl, broadcastExport, broadcastList, broadcastStatus, formatStatus } from "./manage";
import { checkRows, readTable, rowsFromTable } from "./recipients";
import { broadcastSend, formatBroadcastSend } from "./send";

const CHANNEL = { id: "0f8f1c9e-3c0b-4c55-9a51-6f7c2f1d0a01", name: "Sandbox WA", channelType: "WHATSAPP" };
const BID = "0f8f1c9e-3c0b-4c55-9a51-6f7c2f1d0a99";
const TEMPLATES = [
  {
    name: "order_update",
    language: "en_US",
    components: [
      { type: "HEADER", format: "TEXT", text: "Order {{1}}" },
      { type: "BODY", text: "Hi {{1}}, your order {{2}} is on its way and should arrive by {{3}}." },
    ],
  },
  {
    name: "promo_image",
    language: "en_US",
    components: [
      { type: "HEADER", format: "IMAGE" },
      { type: "BODY", text: "Hi {{1}}, use code {{2}}." },
    ],
  },
];
const CSV = [
  "mobile,name,first,order,day",
  "+6591110001,Siti,Siti,A1,Friday",
  "6591110002,Ahmad,Ahmad,A2,Monday",
  "123,Bad,Bad,A3,Monday",
  "6591110003,Gap,Gap,,Monday",
  "6591110001,Twice,Twice,A5,Monday",
].join("\n");
const ISSUES = [
  { row: 3, mobile: "123", name: "Bad", issue: "INVALID PHONE NUMBER" },
  { row: 4, mobile: "6591110003", name: "Gap", issue: "MISSING VALUE" },
  { row: 5, mobile: "6591110001", name: "Twice", issue: "DUPLICATED" },
];

const tmp = () => mkdtempSync(path.join(tmpdir(), "herald-broadcast-"));

/**
 * A stand-in server through `ctx.fetch`: records the calls; the broadcast runs through `states` (one per read of
 * the breakdown, the last one repeated).
 */
function fake(
  opts: {
    interactive?: boolean;
    confirm?: boolean;
    states?: string[];
    takenName?: string;
    /** The channel's price per message (cents) the compose preview answers, and the caller's credit. */
    price?: { cents: number; balance: string };
  } = {},
) {
  const calls: { method: string; path: string; body: unknown; form?: FormData }[] = [];
  let reads = 0;
  const states = opts.states ?? ["running", "running", "done"];
  const fetch = (async (input: Request | string | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(req.url);
    const type = req.headers.get("content-type") ?? "";
    let body: unknown = null;
    let form: FormData | undefined;
    if (type.includes("json")) body = JSON.parse((await req.text()) || "null");
    else if (type.includes("multipart")) form = await req.formData();
    calls.push({ method: req.method, path: url.pathname + url.search, body, form });
    const json = (status: number, data: unknown) =>
      new Response(JSON.stringify(data), { status, headers: { "content-type": "application/json" } });
    const p = url.pathname.replace(/^\/api/, "");
    if (p === "/social-chat/channel/company-channel") return json(200, { data: [CHANNEL] });
    if (p === `/social-chat/channel/${CHANNEL.id}/whatsapp-templates`) return json(200, { data: TEMPLATES });
    if (p.startsWith("/social-chat/broadcast/validate/")) {
      const name = decodeURIComponent(p.split("/").pop()!);
      return name === opts.takenName
        ? json(409, { message: "Broadcast Name already exists. Please use another name." })
        : json(200, { message: "OK" });
    }
    if (p === "/sms/preview" && opts.price) {
      const numbers = (body as { recipients: { numbers: string[] } }).recipients.numbers;
      return json(200, {
        rows: numbers.map((to) => ({
          to: to.replace("+", ""),
          name: "",
          text: "price",
          encoding: "text",
          segments: 1,
          costCents: opts.price!.cents,
          cost: "",
        })),
        totals: {
          recipients: numbers.length,
          skipped: { unsubscribed: 0, invalid: 0, duplicate: 0 },
          segments: numbers.length,
          costCents: numbers.length * opts.price.cents,
          cost: "",
          balance: opts.price.balance,
          enough: true,
        },
      });
    }
    if (p === "/social-chat/broadcast/campaigns")
      return json(200, { data: [{ id: "0f8f1c9e-3c0b-4c55-9a51-6f7c2f1d0a55", name: "Spring" }] });
    if (p === "/social-chat/broadcast/send")
      return json(200, { broadcastId: BID, status: "received", message: "Broadcast Received" });
    if (p === "/social-chat/broadcast/file/yes")
      return json(200, { broadcastId: BID, total: 5, ready: 2, issues: ISSUES });
    if (p === `/social-chat/broadcast/${BID}`) {
      const status = states[Math.min(reads++, states.length - 1)]!;
      const sent = status === "done" ? 2 : Math.min(reads - 1, 2);
      return json(200, {
        id: BID,
        name: "Orders",
        status,
        stats: { total: 5, sent, delivered: sent, read: 0, failed: 0 },
      });
    }
    for (const action of ["pause", "resume", "cancel"]) {
      if (p === `/social-chat/broadcast/${BID}/${action}`) {
        const status = action === "pause" ? "paused" : action === "resume" ? "running" : "cancelled";
        return json(200, { id: BID, status });
      }
      if (p.endsWith(`/${action}`)) return json(404, { message: "Broadcast not found" });
    }
    if (p === "/social-chat/broadcast")
      return json(200, {
        data: [
          {
            id: BID,
            name: "Orders",
            description: null,
            campaignName: "Spring",
            total: 5,
            createdAt: "2026-11-24T08:00:00.000Z",
          },
        ],
      });
    if (p === `/social-chat/broadcast/${BID}/recipients/export`)
      return new Response("Row,Mobile,Name\r\n1,6591110001,Siti\r\n", {
        status: 200,
        headers: {
          "content-type": "text/csv",
          "content-disposition": `attachment; filename="Orders-recipients.csv"; filename*=UTF-8''Orders-recipients.csv`,
        },
      });
    return json(404, { message: "Broadcast not found" });
  }) as typeof globalThis.fetch;
  const asked: string[] = [];
  const ctx: CommandContext = {
    env: { HERALD_URL: "http://herald.test", HERALD_TOKEN: "t", XDG_CONFIG_HOME: tmp() },
    fetch,
    interactive: opts.interactive ?? false,
    prompts: {
      input: async () => "",
      password: async () => "",
      confirm: async (q) => {
        asked.push(q);
        return opts.confirm ?? true;
      },
    },
  };
  return { calls, ctx, asked };
}

const quiet = { update() {}, stop() {} };

function csvFile(text = CSV) {
  const dir = tmp();
  const file = path.join(dir, "customers.csv");
  writeFileSync(file, text);
  return { dir, file };
}

describe("herald broadcast send", () => {
  it("checks every row like the wizard, writes the bad rows beside the file and sends nothing on --dry-run", async () => {
    const { calls, ctx } = fake();
    const { dir, file } = csvFile();
    const r = await broadcastSend(
      { channel: CHANNEL.id, file, template: "order_update", lang: "en_US", headerVar: ["A1"], dryRun: true },
      ctx,
      { now: new Date(2026, 10, 24, 9, 30) },
    );
    expect(r.readiness).toEqual({
      total: 5,
      ready: 2,
      invalidPhoneNumber: 1,
      missingValue: 1,
      duplicated: 1,
    });
    expect(r.report).toBe(path.join(dir, "customers.issues.csv"));
    expect(readFileSync(r.report!, "utf8").trim().split("\n")).toEqual([
      "Row,Mobile,Name,Issue",
      "3,123,Bad,INVALID PHONE NUMBER",
      "4,6591110003,Gap,MISSING VALUE",
      "5,6591110001,Twice,DUPLICATED",
    ]);
    expect(r.name).toBe("customers 2026-11-24 09:30");
    expect(calls.map((c) => c.path)).toContain(
      `/api/social-chat/broadcast/validate/${encodeURIComponent("customers 2026-11-24 09:30")}`,
    );
    expect(calls.some((c) => c.path.includes("/send") || c.path.includes("/file/"))).toBe(false);
    const text = formatBroadcastSend(r);
    expect(text).toContain("READY: 2  INVALID PHONE NUMBER: 1  MISSING VALUE: 1  DUPLICATED: 1");
    expect(text).toContain(`Rows that are not READY written to ${r.report}`);
  });

  it("sends with --yes: creates the file broadcast, uploads the file and follows it until done", async () => {
    const { calls, ctx } = fake();
    const { file } = csvFile();
    const r = await broadcastSend(
      {
        channel: "sandbox wa",
        file,
        template: "order_update",
        lang: "en_US",
        headerVar: ["A1"],
        campaign: "spring",
        name: "Orders",
        yes: true,
      },
      ctx,
      { progress: quiet, pollMs: 1 },
    );
    const send = calls.find((c) => c.path === "/api/social-chat/broadcast/send")!;
    expect(send.body).toMatchObject({
      type: "template",
      broadcastName: "Orders",
      method: "file",
      channelId: CHANNEL.id,
      campaignId: "0f8f1c9e-3c0b-4c55-9a51-6f7c2f1d0a55",
      whatsappTemplate: { name: "order_update", language: "en_US", header: { variables: ["A1"] } },
    });
    const upload = calls.find((c) => c.path === "/api/social-chat/broadcast/file/yes")!;
    expect(upload.form?.get("broadcastId")).toBe(BID);
    const sentFile = upload.form?.get("file") as File;
    expect(await sentFile.text()).toBe(CSV);
    expect(r).toMatchObject({ broadcastId: BID, queued: 2, followed: true, message: "Broadcast Received" });
    expect(r.progress).toMatchObject({ status: "done", stats: { sent: 2, delivered: 2 } });
    expect(formatBroadcastSend(r)).toContain("done: Total 5  Sent 2  Delivered 2  Read 0  Failed 0");
  });

  it("asks on a terminal and sends nothing when the answer is no", async () => {
    const { calls, ctx, asked } = fake({ interactive: true, confirm: false });
    const { file } = csvFile();
    await expect(
      broadcastSend({ channel: CHANNEL.id, file, text: "Hello", name: "Hi" }, ctx, { progress: quiet }),
    ).rejects.toMatchObject({ message: "Cancelled: nothing sent", exitCode: 1 });
    expect(asked[0]).toContain('Send broadcast "Hi" with the text on Sandbox WA to 3 READY recipients?');
    expect(calls.some((c) => c.path.endsWith("/send"))).toBe(false);
  });

  it("on a terminal, shows each row's message, the counts, sender, cost and warnings before asking", async () => {
    const { ctx, asked } = fake({
      interactive: true,
      confirm: true,
      price: { cents: 123_456, balance: "2499.85" },
    });
    const { file } = csvFile();
    const printed: string[] = [];
    let before = "";
    const prompts = {
      ...ctx.prompts!,
      confirm: async (q: string) => {
        before = printed.join("");
        return ctx.prompts!.confirm(q);
      },
    };
    const program = buildProgram((t) => printed.push(t), { ...ctx, prompts });
    await program.parseAsync(
      [
        "broadcast",
        "send",
        "--channel",
        CHANNEL.id,
        "--file",
        file,
        "--template",
        "order_update",
        "--lang",
        "en_US",
        "--header-var",
        "A1",
        "--name",
        "Orders",
        "--no-follow",
      ],
      { from: "user" },
    );
    expect(asked).toEqual([
      'Send broadcast "Orders" with template order_update (en_US) on Sandbox WA to 2 READY recipients for SGD 2,469.12?',
    ]);
    expect(before).toMatch(/^ROW +MOBILE +NAME +STATUS +COST +MESSAGE\n/);
    expect(before).toMatch(
      /1 +\+6591110001 +Siti +READY +SGD 1,234\.56 +Hi Siti, your order A1 is on its way and should arrive by F…\n/,
    );
    expect(before).toMatch(/3 +123 +Bad +INVALID PHONE NUMBER +- *\n/);
    expect(before).toContain(
      "Broadcast: Orders  Template: order_update (en_US)\nSender: Sandbox WA (WHATSAPP)\nWhen: now\n",
    );
    expect(before).toContain("5 rows: READY: 2  INVALID PHONE NUMBER: 1  MISSING VALUE: 1  DUPLICATED: 1");
    expect(before).toContain(
      "Cost: SGD 1,234.56 per message, SGD 2,469.12 for 2 READY recipients  Credit: SGD 2,499.85",
    );
    expect(before).toContain("Warning: 3 rows are not READY and will not be sent (listed in ");
    const after = printed.join("").slice(before.length);
    expect(after).not.toContain("ROW ");
    expect(after).toContain(`Broadcast Received: Orders (${BID}), 2 queued`);
  });

  it("Ctrl-C stops following, not the broadcast", async () => {
    const { calls, ctx } = fake({ states: ["running"] });
    const { file } = csvFile();
    const stop = new AbortController();
    let reads = 0;
    const progress = {
      update() {
        if (++reads === 2) stop.abort();
      },
      stop() {},
    };
    const r = await broadcastSend({ channel: CHANNEL.id, file, text: "Hello", name: "Hi", yes: true }, ctx, {
      progress,
      signal: stop.signal,
      pollMs: 1,
    });
    expect(r.followed).toBe(false);
    expect(calls.some((c) => c.path.endsWith("/cancel") || c.path.endsWith("/pause"))).toBe(false);
    expect(formatBroadcastSend(r)).toContain(`herald broadcast status ${BID} --watch`);
  });

  it("refuses usage errors with exit code 2 before sending, and the server's refusals with exit code 1", async () => {
    const { calls, ctx } = fake();
    const { file } = csvFile();
    const usage = [
      { file, text: "x", yes: true },
      { channel: CHANNEL.id, text: "x", yes: true },
      { channel: CHANNEL.id, file: "list.txt", text: "x", yes: true },
      { channel: CHANNEL.id, file, yes: true },
      { channel: CHANNEL.id, file, template: "order_update", yes: true },
      { channel: CHANNEL.id, file, text: "x", name: "n".repeat(51), yes: true },
      { channel: CHANNEL.id, file, text: "x" }, // no terminal, no --yes
    ];
    for (const o of usage) await expect(broadcastSend(o, ctx)).rejects.toMatchObject({ exitCode: 2 });
    expect(calls).toHaveLength(0);
    await expect(
      broadcastSend(
        { channel: CHANNEL.id, file: csvFile("phone,who\n1,2\n").file, text: "x", yes: true },
        ctx,
      ),
    ).rejects.toMatchObject({ message: "Default Columns Not Found !", exitCode: 2 });
    await expect(
      broadcastSend({ channel: CHANNEL.id, file, template: "promo_image", lang: "en_US", yes: true }, ctx),
    ).rejects.toMatchObject({ message: expect.stringContaining("--header-media"), exitCode: 2 });
    await expect(
      broadcastSend({ channel: CHANNEL.id, file, template: "order_update", lang: "en_US", yes: true }, ctx),
    ).rejects.toMatchObject({ message: expect.stringContaining("--header-var"), exitCode: 2 });
    await expect(
      broadcastSend({ channel: CHANNEL.id, file, template: "nope", lang: "en_US", yes: true }, ctx),
    ).rejects.toMatchObject({ message: expect.stringContaining("No template nope in en_US"), exitCode: 1 });
    await expect(
      broadcastSend({ channel: "elsewhere", file, text: "x", yes: true }, ctx),
    ).rejects.toMatchObject({ message: expect.stringContaining("No channel elsewhere"), exitCode: 1 });
    const taken = fake({ takenName: "Orders" });
    await expect(
      broadcastSend({ channel: CHANNEL.id, file, text: "x", name: "Orders", yes: true }, taken.ctx),
    ).rejects.toMatchObject({
      message: "Broadcast Name already exists. Please use another name.",
      exitCode: 1,
    });
    expect(taken.calls.some((c) => c.path.endsWith("/send"))).toBe(false);
  });

  it("reads .xlsx files with the same rules", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Recipients");
    for (const line of CSV.split("\n")) sheet.addRow(line.split(","));
    const file = path.join(tmp(), "r.xlsx");
    await book.xlsx.writeFile(file);
    const rows = checkRows(rowsFromTable(await readTable(file)), 3);
    expect(rows.map((r) => r.status)).toEqual([
      "READY",
      "READY",
      "INVALID PHONE NUMBER",
      "MISSING VALUE",
      "DUPLICATED",
    ]);
  });
});

describe("herald broadcast status, pause, resume, cancel, list, export", () => {
  it("status reads the counts; --watch follows until done", async () => {
    const { ctx } = fake({ states: ["running", "running", "done"] });
    const once = await broadcastStatus(BID, {}, ctx);
    expect(once).toMatchObject({ status: "running", ended: false, stats: { total: 5 } });
    expect(formatStatus(once)).toContain(`Still running: herald broadcast status ${BID} --watch`);
    const watched = await broadcastStatus(BID, { watch: true }, ctx, { progress: quiet, pollMs: 1 });
    expect(watched).toMatchObject({ status: "done", ended: true, stats: { sent: 2 } });
    await expect(broadcastStatus("nope", {}, ctx)).rejects.toMatchObject({ exitCode: 2 });
  });

  it("pause, resume and cancel (cancel confirms on a terminal, needs --yes without one)", async () => {
    const { calls, ctx } = fake();
    expect(await broadcastControl("pause", BID, {}, ctx)).toEqual({ id: BID, status: "paused" });
    expect(await broadcastControl("resume", BID, {}, ctx)).toEqual({ id: BID, status: "running" });
    await expect(broadcastControl("cancel", BID, {}, ctx)).rejects.toMatchObject({ exitCode: 2 });
    expect(calls.some((c) => c.path.endsWith("/cancel"))).toBe(false);
    expect(await broadcastControl("cancel", BID, { yes: true }, ctx)).toEqual({
      id: BID,
      status: "cancelled",
    });
    const no = fake({ interactive: true, confirm: false });
    await expect(broadcastControl("cancel", BID, {}, no.ctx)).rejects.toMatchObject({
      message: "Not cancelled",
    });
    expect(no.asked[0]).toContain('Cancel broadcast "Orders"?');
    expect(no.calls.some((c) => c.path.endsWith("/cancel"))).toBe(false);
    await expect(
      broadcastControl("pause", "0f8f1c9e-3c0b-4c55-9a51-6f7c2f1d0a00", {}, ctx),
    ).rejects.toMatchObject({ message: "Broadcast not found", exitCode: 1 });
  });

  it("list prints the broadcasts; --json through the program", async () => {
    const { ctx } = fake();
    const list = await broadcastList({}, ctx);
    expect(list[0]).toMatchObject({ id: BID, name: "Orders", total: 5 });
    let printed = "";
    const program = buildProgram((s) => {
      printed += s;
    }, ctx);
    await program.parseAsync(["broadcast", "list", "--json"], { from: "user" });
    expect(JSON.parse(printed)).toEqual(list);
    printed = "";
    await buildProgram((s) => {
      printed += s;
    }, ctx).parseAsync(["broadcast", "list"], { from: "user" });
    expect(printed).toContain(`${BID}\t2026-11-24 08:00\t5 recipients\tOrders\tSpring`);
  });

  it("export saves the file under the server's name or --out and keeps an existing file without --yes", async () => {
    const { ctx } = fake();
    const dir = tmp();
    const out = path.join(dir, "r.csv");
    const r = await broadcastExport(BID, { out }, ctx);
    expect(r).toMatchObject({ file: out, format: "csv" });
    expect(readFileSync(out, "utf8")).toContain("1,6591110001,Siti");
    await expect(broadcastExport(BID, { out }, ctx)).rejects.toMatchObject({ exitCode: 2 });
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const named = await broadcastExport(BID, {}, ctx);
      expect(named.file).toBe("Orders-recipients.csv");
      expect(existsSync(path.join(dir, "Orders-recipients.csv"))).toBe(true);
    } finally {
      process.chdir(cwd);
    }
    await expect(
      broadcastExport("0f8f1c9e-3c0b-4c55-9a51-6f7c2f1d0a00", { out: path.join(dir, "x.csv") }, ctx),
    ).rejects.toMatchObject({ message: "Broadcast not found", exitCode: 1 });
    await expect(
      broadcastExport(BID, { out: path.join(dir, "x.csv"), format: "pdf" }, ctx),
    ).rejects.toMatchObject({
      exitCode: 2,
    });
  });
});
