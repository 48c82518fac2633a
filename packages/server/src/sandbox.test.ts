import { describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { eventually, sharedDatabase, testApp, testConfig } from "./test/harness";

describe("sandbox mailbox", () => {
  it("delivers a queued e-mail through the worker and shows it newest first, with its links", async () => {
    const app = await testApp();
    const to = `sandbox.${Date.now()}@example.com`;
    await app.deps.queue.enqueue("email.send", {
      to,
      subject: "Verify your e-mail",
      text: "Open http://localhost:3000/auths/auth-register/abc/def to verify.",
      key: `k-${to}`,
    });
    await app.deps.queue.enqueue("sms.send", {
      to: "6591234567",
      text: `Your code is 123456 ${to}`,
      key: `s-${to}`,
    });
    const messages = await eventually(async () => {
      const res = await app.inject({ method: "GET", url: "/_sandbox/messages.json" });
      const list = res.json() as { to: string; text: string; kind: string }[];
      return list.some((m) => m.to === to) && list.some((m) => m.text.includes(to) && m.kind === "sms")
        ? list
        : null;
    });
    const mail = messages.find((m) => m.to === to)!;
    expect(mail).toMatchObject({
      kind: "email",
      subject: "Verify your e-mail",
      links: ["http://localhost:3000/auths/auth-register/abc/def"],
    });
    const times = messages.map((m) => Date.parse((m as unknown as { createdAt: string }).createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const api = await app.inject({ method: "GET", url: "/api/sandbox/messages" });
    expect(api.statusCode).toBe(200);
    expect((api.json().data as { to: string }[]).some((m) => m.to === to)).toBe(true);
  });

  it("lists only the kind, the recipient and the number of messages asked for", async () => {
    const app = await testApp();
    const stamp = Date.now().toString().slice(-6);
    const mailTo = `filter.${stamp}@example.com`;
    const smsTo = `6598${stamp}`;
    await app.deps.email.send({ to: mailTo, subject: "First", text: "one" });
    await app.deps.email.send({ to: mailTo, subject: "Second", text: "two" });
    await app.deps.email.send({ to: `other.${stamp}@example.com`, subject: "Other", text: "three" });
    await app.deps.sms.send({ to: smsTo, text: `code ${stamp}` });
    type Listed = { kind: string; to: string; subject: string | null };
    const list = async (query: string) => {
      const res = await app.inject({ method: "GET", url: `/api/sandbox/messages${query}` });
      expect(res.statusCode).toBe(200);
      return res.json().data as Listed[];
    };

    const toMail = await list(`?to=${encodeURIComponent(mailTo)}`);
    expect(toMail.map((m) => m.subject)).toEqual(["Second", "First"]);

    const sms = await list("?kind=sms");
    expect(sms.length).toBeGreaterThan(0);
    expect(sms.every((m) => m.kind === "sms")).toBe(true);
    expect(sms.some((m) => m.to === smsTo)).toBe(true);
    const emails = await list("?kind=email");
    expect(emails.every((m) => m.kind === "email")).toBe(true);
    expect(emails.some((m) => m.to === mailTo)).toBe(true);
    expect(await list(`?kind=email&to=${smsTo}`)).toEqual([]);

    const one = await list(`?to=${encodeURIComponent(mailTo)}&limit=1`);
    expect(one.map((m) => m.subject)).toEqual(["Second"]);
    expect(await list("?limit=2")).toHaveLength(2);

    const bad = await app.inject({ method: "GET", url: "/api/sandbox/messages?limit=0" });
    expect(bad.statusCode).toBe(400);
  });

  it("renders the page with user content escaped", async () => {
    const app = await testApp();
    await app.deps.email.send({
      to: "x@example.com",
      subject: "<script>alert(1)</script>",
      text: "<b>hi</b>",
    });
    const res = await app.inject({ method: "GET", url: "/_sandbox" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(res.body).not.toContain("<script>alert(1)</script>");
  });

  it("shows each SMS's encoding and parts as a handset receives it", async () => {
    const app = await testApp();
    const to = `6591${Date.now().toString().slice(-6)}`;
    await app.deps.sms.send({ to, text: "x".repeat(161) });
    await app.deps.sms.send({ to, text: "Chào bạn 😀" });
    const res = await app.inject({ method: "GET", url: "/_sandbox" });
    expect(res.body).toContain("GSM-7 · 2 parts");
    expect(res.body).toContain("UCS-2 · 1 part");
  });

  it("is never served in production", async () => {
    const { database, dataDir } = await sharedDatabase();
    const config = testConfig({ HERALD_ENV: "production", HERALD_ALLOW_SANDBOX: "true" }, dataDir);
    const app = await buildApp({ config: { ...config, runWorkers: false }, database });
    try {
      expect((await app.inject({ method: "GET", url: "/_sandbox" })).statusCode).toBe(404);
      expect((await app.inject({ method: "GET", url: "/_sandbox/messages.json" })).statusCode).toBe(404);
      expect((await app.inject({ method: "GET", url: "/api/sandbox/messages" })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
