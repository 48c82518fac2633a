import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildProgram } from "../../cli";
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
function fake(preview: object = PREVIEW, sent: object = SENT, profile: object | null = null) {
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
    if (url.pathname === "/api/sms/send") return json(200, sent);
    if (url.pathname === "/api/getProfile" && profile) return json(200, profile);
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

  it("prints a scheduled time in the company's time zone, labelled, whatever the machine's zone", async () => {
    const scheduled = {
      ...SENT,
      status: "scheduled",
      scheduledAt: "2030-01-31T14:30:00.000Z",
      message: "Scheduled",
    };
    const { calls, ctx } = fake(PREVIEW, scheduled, { timeZone: "America/New_York" });
    const r = await smsSend({ to: "6591234567", text: "Hi", at: "2030-01-31 09:30", yes: true }, ctx);
    expect(calls.find((c) => c.path === "/api/sms/send")!.body).toMatchObject({
      date: "2030-01-31",
      time: "09:30",
    });
    expect(formatSmsSend(r)).toContain("Scheduled for 31 Jan 2030, 09:30 EST (America/New_York)");
    // a server that names no zone: Singapore, labelled
    const sg = fake(PREVIEW, { ...scheduled, scheduledAt: "2030-01-31T01:30:00.000Z" });
    const r2 = await smsSend({ to: "6591234567", text: "Hi", at: "2030-01-31 09:30", yes: true }, sg.ctx);
    expect(formatSmsSend(r2)).toContain("Scheduled for 31 Jan 2030, 09:30 SGT (Asia/Singapore)");
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
    expect(asked[0]).toBe(`${SSIR} Send anyway to 1 recipient now (1 SMS, SGD 0.05)?`);
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

describe("herald sms send: the preview comes before the question", () => {
  const BIG = {
    rows: [
      { ...PREVIEW.rows[0], text: "Hi Ann 😀", encoding: "UCS-2" },
      { ...PREVIEW.rows[0], to: "6598765432", name: "Ben", text: "Hi Ben" },
    ],
    totals: {
      ...PREVIEW.totals,
      recipients: 49_997,
      skipped: { unsubscribed: 1_204, invalid: 1, duplicate: 0 },
      segments: 49_997,
      costCents: 249_985,
      cost: "2499.85",
      balance: "10000.00",
    },
    warnings: [SSIR],
  };

  it("on a terminal, prints each recipient, the totals, sender, schedule and warnings, then asks; the outcome follows once", async () => {
    const { calls, ctx } = fake(BIG);
    const printed: string[] = [];
    const asked: { question: string; before: string }[] = [];
    const prompts = {
      input: async () => "",
      password: async () => "",
      confirm: async (question: string) => {
        asked.push({ question, before: printed.join("") });
        return true;
      },
    };
    const program = buildProgram((s) => printed.push(s), { ...ctx, interactive: true, prompts });
    await program.parseAsync(
      ["sms", "send", "--to", "+65 9123 4567,6598765432,12345", "--from", "DemoCo", "--text", "Hi {name}"],
      { from: "user" },
    );
    expect(asked).toHaveLength(1);
    const before = asked[0]!.before;
    expect(before).toMatch(
      /^TO +NAME +PARTS +COST +MESSAGE\n\+65 9123 4567 +Ann +1 \(Unicode\) +SGD 0\.05 +Hi Ann 😀\n/,
    );
    expect(before).toContain("+65 9876 5432");
    expect(before).toContain("… and 49,995 more recipients");
    expect(before).toContain("Sender: DemoCo\nWhen: now\n");
    expect(before).toContain("Recipients: 49,997 (skipped: 1,204 unsubscribed, 1 invalid, 0 duplicate)");
    expect(before).toContain("Parts: 49,997 SMS  Cost: SGD 2,499.85  Credit: SGD 10,000.00");
    expect(before).toContain(
      "Warning: 12345 is not a valid mobile number (too short: at least 7 digits): not sent",
    );
    expect(before).toContain(`Warning: ${SSIR}`);
    expect(before).toContain("Warning: Unicode characters");
    expect(asked[0]!.question).toBe("Send anyway to 49,997 recipients now (49,997 SMS, SGD 2,499.85)?");
    expect(calls.filter((c) => c.path === "/api/sms/send")).toHaveLength(1);
    const after = printed.join("").slice(before.length);
    expect(after).toBe(`Sent (${SENT.id}): Processing complete!\n`);
  });

  it("with --yes (no question) the preview is printed with the result, numbers formatted", async () => {
    const { ctx } = fake(BIG);
    const printed: string[] = [];
    await buildProgram((s) => printed.push(s), ctx).parseAsync(
      ["sms", "send", "--to", "6591234567", "--text", "Hi", "--at", "2030-01-31 09:30", "--yes"],
      { from: "user" },
    );
    const text = printed.join("");
    expect(text).toContain("Sender: the default sender ID\nWhen: 31 Jan 2030, 09:30 SGT (Asia/Singapore)\n");
    expect(text).toContain("Cost: SGD 2,499.85");
    expect(text).not.toMatch(/SGD \d{4}/);
    expect(text).not.toMatch(/\b\d{5}\b/);
  });

  it("names each refused --to number and why, exit 2, without asking the server", async () => {
    const { calls, ctx } = fake();
    const err = await smsSend(
      { to: ["12345, +65 12ab", "+1 555 0100 0000 00000"], text: "Hi", yes: true },
      ctx,
    ).catch((e) => e);
    expect(err).toMatchObject({ exitCode: 2 });
    expect(err.message).toBe(
      [
        "12345 is not a valid mobile number (too short: at least 7 digits)",
        "+65 12ab is not a valid mobile number (only digits, spaces, dashes and brackets)",
        "+1 555 0100 0000 00000 is not a valid mobile number (too long: at most 15 digits)",
      ].join("\n"),
    );
    expect(err.message).not.toContain("Please choose at least 1 recipient.");
    expect(calls).toHaveLength(0);
  });

  it("when everyone is skipped, says why instead of sending", async () => {
    const none = {
      rows: [],
      totals: { ...PREVIEW.totals, recipients: 0, segments: 0, costCents: 0, cost: "0.00" },
    };
    const { calls, ctx } = fake(none);
    await expect(smsSend({ group: ["vip"], text: "Hi", yes: true }, ctx)).rejects.toThrow(
      "Nobody to send to:\nSkipped: 1 unsubscribed",
    );
    expect(calls.some((c) => c.path === "/api/sms/send")).toBe(false);
  });
});
