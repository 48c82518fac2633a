import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { CommandContext } from "../../session";
import { formatSmsSend, smsSend } from "./send";

const GROUP = {
  id: "0f8f1c9e-3c0b-4c55-9a51-6f7c2f1d0a10",
  name: "VIP",
  group_name: "VIP",
  total_recipients: 1,
};
const PREVIEW = {
  rows: [
    {
      to: "6591234567",
      name: "Ann",
      text: "Hi Ann",
      encoding: "GSM-7",
      segments: 1,
      costCents: 5,
      cost: "0.05",
    },
  ],
  totals: {
    recipients: 1,
    skipped: { unsubscribed: 1, invalid: 0, duplicate: 0 },
    segments: 1,
    costCents: 5,
    cost: "0.05",
    balance: "10.00",
    enough: true,
    scheduledAt: null,
  },
};
const SENT = {
  id: "0f8f1c9e-3c0b-4c55-9a51-6f7c2f1d0a30",
  status: "sent",
  recipients: 1,
  segments: 1,
  cost: "0.05",
  message: "Processing complete!",
};

const SSIR =
  "DemoCo is not registered with Singapore's SMS Sender ID Registry: 1 message to Singapore numbers may be shown as Likely-SCAM.";

/** A stand-in server through `ctx.fetch`: records the calls. */
function fake(preview: object = PREVIEW) {
  const calls: { path: string; body: unknown; headers: Headers }[] = [];
  const fetch = (async (input: Request | string | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(req.url);
    const text = req.headers.get("content-type")?.includes("json") ? await req.text() : "";
    calls.push({ path: url.pathname, body: text ? JSON.parse(text) : null, headers: req.headers });
    const json = (status: number, data: unknown) =>
      new Response(JSON.stringify(data), { status, headers: { "content-type": "application/json" } });
    if (url.pathname === "/api/groups") return json(200, { data: [GROUP], nextCursor: null, total: 1 });
    if (url.pathname === "/api/sms/recipients-file")
      return json(200, { fileId: "0f8f1c9e-3c0b-4c55-9a51-6f7c2f1d0a40" });
    if (url.pathname === "/api/sms/preview") return json(200, preview);
    if (url.pathname === "/api/sms/send") return json(200, SENT);
    return json(404, { message: "Not found" });
  }) as typeof globalThis.fetch;
  const ctx: CommandContext = {
    env: {
      HERALD_URL: "http://herald.test",
      HERALD_TOKEN: "t",
      XDG_CONFIG_HOME: mkdtempSync(path.join(tmpdir(), "h-")),
    },
    fetch,
    interactive: false,
  };
  return { calls, ctx };
}

describe("herald sms send", () => {
  it("--dry-run previews numbers and a group and sends nothing", async () => {
    const { calls, ctx } = fake();
    const r = await smsSend(
      { to: ["+65 9123 4567,6598765432"], group: ["vip"], text: "Hi {name}", dryRun: true },
      ctx,
    );
    expect(r.dryRun).toBe(true);
    const preview = calls.find((c) => c.path === "/api/sms/preview")!;
    expect(preview.body).toMatchObject({
      channel: "SMS",
      recipients: { numbers: ["+65 9123 4567", "6598765432"], groupIds: [GROUP.id] },
      text: "Hi {name}",
      frequency: "now",
    });
    expect(calls.some((c) => c.path === "/api/sms/send")).toBe(false);
    expect(formatSmsSend(r)).toContain("Recipients: 1 (skipped: 1 unsubscribed, 0 invalid, 0 duplicate)");
  });

  it("sends with --yes and an Idempotency-Key; --at schedules; a file is uploaded first", async () => {
    const { calls, ctx } = fake();
    const dir = mkdtempSync(path.join(tmpdir(), "h-"));
    const file = path.join(dir, "r.csv");
    writeFileSync(file, "mobile,name,plan\n6591234567,Ann,Gold\n");
    const r = await smsSend({ file, text: "Hi {name} {plan}", at: "2030-01-31 09:30", yes: true }, ctx);
    expect(r.dryRun).toBe(false);
    const send = calls.find((c) => c.path === "/api/sms/send")!;
    expect(send.body).toMatchObject({
      recipients: { fileId: "0f8f1c9e-3c0b-4c55-9a51-6f7c2f1d0a40" },
      fileContent: "Contacts & Variables",
      frequency: "once",
      date: "2030-01-31",
      time: "09:30",
    });
    expect(send.headers.get("idempotency-key")).toBeTruthy();
    expect(formatSmsSend(r)).toContain("Processing complete!");
  });

  it("refuses usage errors with exit code 2 before calling the server", async () => {
    const { calls, ctx } = fake();
    await expect(smsSend({ text: "Hi" }, ctx)).rejects.toMatchObject({ exitCode: 2 });
    await expect(smsSend({ to: "6591234567" }, ctx)).rejects.toMatchObject({ exitCode: 2 });
    await expect(smsSend({ to: "6591234567", text: "x", at: "tomorrow" }, ctx)).rejects.toMatchObject({
      exitCode: 2,
    });
    await expect(smsSend({ to: "6591234567", text: "x" }, ctx)).rejects.toMatchObject({ exitCode: 2 }); // no --yes, no terminal
    expect(calls).toHaveLength(0);
  });

  it("refuses a malformed --from before calling the server (exit 2, the domain's words)", async () => {
    const { calls, ctx } = fake();
    await expect(
      smsSend({ to: "6591234567", text: "x", from: "Bad-Char", yes: true }, ctx),
    ).rejects.toMatchObject({
      exitCode: 2,
      message: "--from: A sender ID has only letters, digits and spaces (a number may start with +).",
    });
    expect(calls).toHaveLength(0);
  });
});

describe("herald sms send: the SSIR warning", () => {
  const warned = { ...PREVIEW, warnings: [SSIR] };

  it("without a terminal and without --yes, stops with the warning and exit code 2; nothing is sent", async () => {
    const { calls, ctx } = fake(warned);
    const err = await smsSend({ to: "6591234567", text: "Hi", from: "DemoCo" }, ctx).catch((e) => e);
    expect(err).toMatchObject({ exitCode: 2 });
    expect(err.message).toContain(SSIR);
    expect(err.message).toContain("pass --yes");
    expect(calls.find((c) => c.path === "/api/sms/preview")?.body).toMatchObject({ senderId: "DemoCo" });
    expect(calls.some((c) => c.path === "/api/sms/send")).toBe(false);
  });

  it("without a terminal, a chosen ID without warnings still needs --yes (exit 2), and nothing is sent", async () => {
    const { calls, ctx } = fake();
    await expect(smsSend({ to: "6591234567", text: "Hi", from: "HERALD" }, ctx)).rejects.toMatchObject({
      exitCode: 2,
      message: "Not a terminal: pass --yes to send without confirming (or --dry-run)",
    });
    expect(calls.some((c) => c.path === "/api/sms/send")).toBe(false);
  });

  it("on a terminal, asks with the warning first; no sends nothing, yes sends", async () => {
    const asked: string[] = [];
    let answer = false;
    const { calls, ctx } = fake(warned);
    const prompts = {
      input: async () => "",
      password: async () => "",
      confirm: async (q: string) => {
        asked.push(q);
        return answer;
      },
    };
    const terminal = { ...ctx, interactive: true, prompts };
    await expect(smsSend({ to: "6591234567", text: "Hi", from: "DemoCo" }, terminal)).rejects.toThrow(
      "Cancelled: nothing sent",
    );
    expect(asked[0]).toBe(`${SSIR} Send anyway to 1 recipients now (1 SMS, SGD 0.05)?`);
    expect(calls.some((c) => c.path === "/api/sms/send")).toBe(false);
    answer = true;
    const r = await smsSend({ to: "6591234567", text: "Hi", from: "DemoCo" }, terminal);
    expect(r.dryRun).toBe(false);
    expect(calls.filter((c) => c.path === "/api/sms/send")).toHaveLength(1);
  });

  it("with --yes, sends and prints the warning with the result; --dry-run prints it too", async () => {
    const { calls, ctx } = fake(warned);
    const r = await smsSend({ to: "6591234567", text: "Hi", from: "DemoCo", yes: true }, ctx);
    expect(calls.filter((c) => c.path === "/api/sms/send")).toHaveLength(1);
    expect(formatSmsSend(r)).toContain(`Warning: ${SSIR}`);
    const dry = await smsSend(
      { to: "6591234567", text: "Hi", from: "DemoCo", dryRun: true },
      fake(warned).ctx,
    );
    expect(formatSmsSend(dry)).toContain(`Warning: ${SSIR}`);
  });

  it("--dry-run says which recipients have no value for a variable and how a fallback fills it", async () => {
    const missing = {
      ...PREVIEW,
      missingValues: [{ variable: "name", recipients: 12, example: "Hi , 30% off" }],
    };
    const dry = await smsSend(
      { to: "6591234567", text: "Hi {name}, 30% off", dryRun: true },
      fake(missing).ctx,
    );
    expect(formatSmsSend(dry)).toContain(
      'Note: 12 recipients have no name; they will see "Hi , 30% off". A fallback such as {name|there} fills it.',
    );
  });
});
