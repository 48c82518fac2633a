import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { findControlCharacter, jsonDepthExceeds } from "./plugins/json-body";
import { redactUrl } from "./plugins/logging";
import { listOperations, loadSpec } from "./spec";
import {
  apiPost,
  auth,
  clientIp,
  createCompany,
  registration,
  sharedDatabase,
  testApp,
  testConfig,
} from "./test/harness";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

/** The operation's path with made-up values for its parameters. */
const concrete = (p: string) => `/api${p.replace(/\{[^}]+\}/g, "0190a8e2-0000-7000-8000-000000000000")}`;

describe("request content types", () => {
  const spec = loadSpec();
  const operations = listOperations(spec);
  const multipartBody = '--x\r\ncontent-disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n';

  it("refuses, on every operation of openapi.yaml, a body type the operation does not declare (415, never 500)", async () => {
    const { owner } = await createCompany(app);
    const failures: string[] = [];
    for (const op of operations) {
      // biome-ignore lint/suspicious/noExplicitAny: parsed YAML document
      const item = (spec.paths as any)[op.path][op.method.toLowerCase()];
      let rb = item.requestBody;
      if (rb?.$ref) rb = spec.components.requestBodies[rb.$ref.split("/").pop()];
      const declared = Object.keys(rb?.content ?? {});
      const tries = [
        { type: "text/plain", payload: '{"a":"b"}' },
        { type: "multipart/form-data; boundary=x", payload: multipartBody },
        { type: "application/x-www-form-urlencoded", payload: "a=b" },
      ].filter((t) => !declared.includes(t.type.split(";")[0]!));
      for (const t of tries) {
        for (const headers of [{}, auth(owner)]) {
          const res = await app.inject({
            method: op.method as "POST",
            url: concrete(op.path),
            headers: { ...headers, "content-type": t.type },
            payload: t.payload,
            remoteAddress: clientIp(),
          });
          if (res.statusCode !== 415) failures.push(`${op.method} ${op.path} ${t.type}: ${res.statusCode}`);
          else expect(res.json().message).toMatch(/content type/i);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("still accepts JSON, and JSON calls without a body", async () => {
    const { owner } = await createCompany(app);
    const res = await app.inject({ method: "POST", url: "/api/getProfile", headers: auth(owner) });
    expect(res.statusCode).toBe(200);
    const withJson = await app.inject({
      method: "POST",
      url: "/api/getProfile",
      headers: auth(owner),
      payload: {},
    });
    expect(withJson.statusCode).toBe(200);
  });

  it("topupReq sent as text/plain no longer bypasses its rules", async () => {
    const { owner } = await createCompany(app);
    const res = await app.inject({
      method: "POST",
      url: "/api/topupReq",
      headers: { ...auth(owner), "content-type": "text/plain" },
      payload: JSON.stringify({ topUpType: 1, amount: 1 }),
    });
    expect(res.statusCode).toBe(415);
  });

  it("multipart operations still take multipart and refuse JSON", async () => {
    const { owner } = await createCompany(app);
    const res = await app.inject({
      method: "POST",
      url: "/api/uploadMobileList",
      headers: auth(owner),
      payload: { file: "x" },
    });
    expect(res.statusCode).toBe(415);
  });
});

describe("JSON string inputs", () => {
  const post = (url: string, payload: unknown, token?: string) =>
    apiPost(app, url, payload, token ? { token } : {});

  it("refuses control characters in names with a 400 that names the field", async () => {
    for (const bad of ["Mei\u0000", "Mei\nLing", "Mei\u001b[31m", "Mei\u007f"]) {
      const res = await post("/register", registration({ firstName: bad }));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toBe("Invalid body: firstName must not contain control characters");
    }
    const { owner } = await createCompany(app);
    const res = await post(
      "/editMyProfile",
      { firstName: "Ann\u0000", lastName: "Lee", email: owner.email, contactNumber: "6591234567" },
      owner.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Invalid body: firstName must not contain control characters");
  });

  it("refuses NUL in nested and free-text strings but keeps tabs and line breaks in free text", async () => {
    const { owner } = await createCompany(app);
    const nested = await post(
      "/topupReq",
      { topUpType: 2, extra: { deep: ["ok", "a\u0000b"] } },
      owner.token,
    );
    expect(nested.statusCode).toBe(400);
    expect(nested.json().message).toBe("Invalid body: extra.deep[1] must not contain control characters");
    const nulInText = await post("/addDept", { name: "Sales", desc: "a\u0000b" }, owner.token);
    expect(nulInText.statusCode).toBe(400);
    expect(nulInText.json().message).toBe("Invalid body: desc must not contain control characters");
    const tabInName = await post("/addDept", { name: "Sa\tles" }, owner.token);
    expect(tabInName.json().message).toBe("Invalid body: name must not contain control characters");
    const res = await post("/addDept", { name: "Sales", desc: "line one\r\n\tline two" }, owner.token);
    expect(res.statusCode).not.toBe(400);
  });

  it("refuses a NUL byte on every administration, credit and contacts call, before anything is written", async () => {
    const { id: companyId, owner } = await createCompany(app);
    const bodies: [string, object][] = [
      ["/addDept", { name: "Ops\u0000" }],
      ["/editDept", { id: owner.id, name: "Ops\u0000" }],
      ["/addUser", { firstName: "Ann\u0000", email: "ann@example.com" }],
      ["/editUserProfile", { id: owner.id, firstName: "Ann\u0000" }],
      ["/editSenderId", { id: owner.id, senderIds: ["HER\u0000ALD"] }],
      ["/editSmsSetting", { autoReply: 1, autoForward: 0, autoReplyMessage: "hi\u0000" }],
      ["/addKeyword", { keyword: "JO\u0000IN", type: "sub", autoReplyStatus: "disable" }],
      ["/editKeyword", { id: owner.id, keyword: "JO\u0000IN", type: "sub", autoReplyStatus: "disable" }],
      ["/addMobileSub", { insertType: "manual", type: "sub", mobile: ["6591\u00001234"] }],
      ["/editMobileSub", { id: owner.id, contactNumber: "6591\u00001234", type: "sub" }],
      ["/editUserCredit", { id: owner.id, amount: 1, action: "add\u0000" }],
      ["/editCompanyThreshold", { firstThresh: 10, secondThresh: 5, note: "x\u0000" }],
      ["/checkout", { amount: 500, note: "x\u0000" }],
      ["/addContact", { contactName: "Ann\u0000", contactNumber: "6591234567" }],
      ["/editContact", { id: owner.id, name: "Ann\u0000", contactNumber: "6591234567" }],
      ["/addGroup", { name: "VIP\u0000" }],
      ["/editGroup", { id: owner.id, name: "VIP\u0000" }],
    ];
    for (const [url, body] of bodies) {
      const res = await post(url, body, owner.token);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(/must not contain control characters$/);
    }
    const [counts] = await app.deps.database.query<{
      d: number;
      k: number;
      m: number;
      e: number;
      c: number;
      g: number;
      p: number;
    }>(
      `select (select count(*)::int from departments where company_id = $1) as d,
              (select count(*)::int from keywords where company_id = $1) as k,
              (select count(*)::int from mobile_subscriptions where company_id = $1) as m,
              (select count(*)::int from ledger_entries where company_id = $1) as e,
              (select count(*)::int from contacts where company_id = $1) as c,
              (select count(*)::int from contact_groups where company_id = $1) as g,
              (select count(*)::int from payments where company_id = $1) as p`,
      [companyId],
    );
    expect(counts).toEqual({ d: 0, k: 0, m: 0, e: 0, c: 0, g: 0, p: 0 });
  });

  it("passes provider webhooks through with the subscriber's characters instead of refusing them", async () => {
    const res = await post("/webhooks/channels/0190a7c2-1111-7222-8333-444455556666", {
      text: "bell\u0007 and nul\u0000",
    });
    expect(res.statusCode).not.toBe(400);
    expect(res.json().message ?? "").not.toMatch(/control characters/);
  });

  it("answers names of only spaces with the specification's 'required' messages", async () => {
    const reg = await post("/register", registration({ firstName: "   " }));
    expect(reg.statusCode).toBe(400);
    expect(reg.json().message).toBe("First name is required");
    const company = await post("/register", registration({ companyName: "    " }));
    expect(company.json().message).toBe("Company name is required");
    const { owner } = await createCompany(app);
    const res = await post(
      "/editMyProfile",
      { firstName: "Ann", lastName: "  ", email: owner.email, contactNumber: "6591234567" },
      owner.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("This is required");
  });
});

describe("request size and depth", () => {
  it("counts nesting outside strings only", () => {
    expect(jsonDepthExceeds(`{"a":${"[".repeat(32)}${"]".repeat(32)}}`, 32)).toBe(true);
    expect(jsonDepthExceeds(`{"a":${"[".repeat(31)}${"]".repeat(31)}}`, 32)).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify({ a: "[".repeat(100), b: '\\"{{{{' }), 2)).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify([{ a: [1] }, { b: [2] }, { c: [3] }]), 3)).toBe(false);
  });

  it("names the first string holding a control character", () => {
    expect(findControlCharacter({ a: "fine", list: [{ name: "x\u0007" }] })).toBe("list[0].name");
    expect(findControlCharacter({ description: "one\r\n\ttwo", text: "a\nb" })).toBeUndefined();
    expect(findControlCharacter({ description: "one\u0000" })).toBe("description");
    expect(findControlCharacter({ subject: "one\ntwo" })).toBe("subject");
  });

  it("refuses deeply nested JSON before parsing it", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/json" },
      payload: `{"email":${"[".repeat(10_000)}${"]".repeat(10_000)}}`,
      remoteAddress: clientIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The request is nested too deeply.");
  });

  it("refuses a JSON body over 256 KB with 413", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@b.co", password: "x".repeat(300 * 1024) }),
      remoteAddress: clientIp(),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: "The request is too large." });
  });

  it("limits unauthenticated calls per client address, not signed-in ones", async () => {
    const limited = await testApp({ HERALD_PUBLIC_RATE_LIMIT: "3" });
    const ip = clientIp();
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await limited.inject({
        method: "POST",
        url: "/api/verify",
        payload: {},
        remoteAddress: ip,
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 429, 429]);
    const last = await limited.inject({ method: "POST", url: "/api/verify", payload: {}, remoteAddress: ip });
    expect(last.json()).toEqual({ message: "Too many requests. Please try again later." });
    expect(Number(last.headers["retry-after"])).toBeGreaterThan(0);

    const { owner } = await createCompany(limited);
    for (let i = 0; i < 5; i++) {
      const res = await limited.inject({
        method: "POST",
        url: "/api/getProfile",
        headers: auth(owner),
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe("caching", () => {
  it("marks every /api answer no-store", async () => {
    const { owner } = await createCompany(app);
    const answers = [
      await app.inject({ method: "POST", url: "/api/getProfile", headers: auth(owner) }),
      await app.inject({ method: "POST", url: "/api/getProfile" }),
      await app.inject({ method: "GET", url: "/api/healthz" }),
      await app.inject({ method: "GET", url: "/api/no-such-call" }),
      await app.inject({ method: "POST", url: "/api/login", payload: {}, remoteAddress: clientIp() }),
    ];
    for (const res of answers) expect(res.headers["cache-control"]).toBe("no-store");
  });
});

/** A stream that keeps every line written to it. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      lines.push(chunk.toString());
      cb();
    },
  });
  return { lines, stream };
}

describe("start-up", () => {
  it("logs no warning while the app is built", async () => {
    const { lines, stream } = capture();
    const { database, dataDir } = await sharedDatabase();
    const built = await buildApp({
      config: testConfig({ LOG_LEVEL: "info" }, dataDir),
      database,
      logStream: stream,
    });
    await built.ready();
    await built.inject({ method: "GET", url: "/api/healthz" });
    await built.close();
    expect(lines.join("")).toContain("request completed");
    const warnings = lines.map((l) => JSON.parse(l)).filter((l: { level: number }) => l.level >= 40);
    expect(warnings).toEqual([]);
  });

  it("prints readable lines, not JSON, in development", async () => {
    const { lines, stream } = capture();
    const { database, dataDir } = await sharedDatabase();
    const built = await buildApp({
      config: testConfig({ HERALD_ENV: "development", LOG_LEVEL: "info" }, dataDir),
      database,
      logStream: stream,
    });
    await built.inject({ method: "GET", url: "/api/healthz" });
    await built.close();
    const text = lines.join("");
    expect(text).toMatch(/INFO.*: request completed GET \/api\/healthz 200\n/);
    expect(text).not.toContain('{"level"');
  });

  it("keeps the embedded database and the JWT secret private to their owner", async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "herald-perm-")), "data");
    const built = await buildApp({
      config: testConfig({ HERALD_JWT_SECRET: "" }, dataDir),
    });
    const mode = (p: string) => statSync(p).mode & 0o777;
    const open: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) {
          if (mode(full) !== 0o700) open.push(`${full} ${mode(full).toString(8)}`);
          walk(full);
        } else if (mode(full) !== 0o600) open.push(`${full} ${mode(full).toString(8)}`);
      }
    };
    try {
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(path.join(dataDir, "pgdata"))).toBe(0o700);
      expect(mode(path.join(dataDir, "jwt-secret"))).toBe(0o600);
    } finally {
      await built.close();
    }
    walk(dataDir);
    expect(open).toEqual([]);
  });
});

describe("request logs", () => {
  it("redact tokens from URLs and leave other URLs alone", () => {
    expect(redactUrl("/auths/reset-pass/u1/t0k")).toBe("/auths/reset-pass/u1/[redacted]");
    expect(redactUrl("/auths/auth-register")).toBe("/auths/auth-register");
    expect(redactUrl("/auths/auth-register/u1/t0k?x=1")).toBe("/auths/auth-register/u1/[redacted]?x=1");
    expect(redactUrl("/auths/fapage-email/jwt/sess")).toBe("/auths/fapage-email/[redacted]/[redacted]");
    expect(redactUrl("/api/events?access_token=t0k&since=5")).toBe(
      "/api/events?access_token=[redacted]&since=5",
    );
    expect(redactUrl("/contacts?page=2")).toBe("/contacts?page=2");
  });

  it("never contain the tokens of reset, verification and two-factor links", async () => {
    const { lines, stream } = capture();
    const { database, dataDir } = await sharedDatabase();
    const logged = await buildApp({
      config: testConfig({ LOG_LEVEL: "info" }, dataDir),
      database,
      logStream: stream,
    });
    const secret = "s3cr3tT0kenValue_abcdefghijklmnopqrstuvwxyz012";
    try {
      for (const url of [
        `/auths/reset-pass/0190a8e2-0000-7000-8000-000000000000/${secret}`,
        `/auths/auth-register/0190a8e2-0000-7000-8000-000000000000/${secret}`,
        `/auths/fapage-email/${secret}/0190a8e2-0000-7000-8000-000000000000`,
        `/auths/fapage-sms/${secret}/0190a8e2-0000-7000-8000-000000000000`,
        `/api/events?token=${secret}`,
        `/api/healthz?jwttoken=${secret}&x=1`,
      ]) {
        await logged.inject({ method: "GET", url });
      }
    } finally {
      await logged.close();
    }
    const text = lines.join("");
    expect(text).toContain("/auths/reset-pass/0190a8e2-0000-7000-8000-000000000000/[redacted]");
    expect(text).toContain("/auths/fapage-sms/[redacted]");
    expect(text).toContain("token=[redacted]");
    expect(text).not.toContain(secret);
  });
});
