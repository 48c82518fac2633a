/**
 * Operator accounts and sign-in end to end: `operator create` prints a one-time link, the link sets name and
 * password once, sign-in is password then an e-mailed code (read from the sandbox mailbox), the session ends at
 * logout. Failures answer one message, are audited and rate limited; codes work once, for 10 minutes and 5 tries.
 * Company tokens and operator tokens never cross.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MESSAGES, PASSWORD_TOO_COMMON } from "@herald/domain";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "../../db/client";
import { listOperations, loadSpec } from "../../spec";
import {
  apiPost,
  auth,
  clientIp,
  createCompany,
  createOperator,
  lastMessageTo,
  testApp,
  uniqueEmail,
} from "../../test/harness";
import { serverProcessArgs } from "../../test/server-process";
import { OPERATOR_LOGIN_LIMITS } from "./accounts.service";
import { operatorCommand } from "./operator.command";
import { OPERATOR_MESSAGES as M } from "./operator.messages";

const here = path.dirname(fileURLToPath(import.meta.url));
const serverRoot = path.resolve(here, "../../..");
const PASSWORD = "HarbourLights42!quay";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

async function create(email: string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await operatorCommand(app.deps.database, app.deps.config, ["create", email], {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  const link = out.find((l) => l.includes("/operator/activate?token="));
  const token = link ? new URL(link).searchParams.get("token") : null;
  return { code, out: out.join("\n"), err: err.join("\n"), link, token };
}

/** An operator who set a password through the link, ready to sign in. */
async function activeOperator() {
  const email = uniqueEmail("op");
  const { token } = await create(email);
  const res = await apiPost(app, "/operator/activate", { token, name: "Olivia Ops", password: PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  return email;
}

/** Password, then the code from the sandbox mailbox: the session token. */
async function signIn(email: string, ip = clientIp()) {
  const before = new Date();
  const login = await apiPost(app, "/operator/login", { email, password: PASSWORD }, { ip });
  expect(login.statusCode, login.body).toBe(200);
  expect(login.json().message).toBe(M.codeSent);
  const mail = await lastMessageTo(app, email, before);
  const code = /(\d{6})/.exec(mail.subject ?? "")![1]!;
  const verified = await apiPost(
    app,
    "/operator/verifyOtp",
    { challenge: login.json().challenge, code },
    { ip },
  );
  return { login, code, verified };
}

const auditOf = (action: string, targetId: string) =>
  app.deps.database.query<{
    actor_type: string;
    actor_ip: string | null;
    company_id: string | null;
    after: unknown;
  }>("select actor_type, actor_ip, company_id, after from audit_log where action = $1 and target_id = $2", [
    action,
    targetId,
  ]);
const operatorId = async (email: string) =>
  (
    await app.deps.database.query<{ id: string }>("select id from operators where lower(email) = lower($1)", [
      email,
    ])
  )[0]!.id;

describe("herald-server operator create and activation", () => {
  it("prints a one-time link; the link sets name and password once, with the users' password rules", async () => {
    const email = uniqueEmail("op");
    const made = await create(email);
    expect(made.code).toBe(0);
    expect(made.out).toContain(`Operator ${email} created.`);
    expect(made.link).toMatch(
      new RegExp(`^${app.deps.config.publicUrl}/operator/activate\\?token=[A-Za-z0-9_-]{43}$`),
    );
    const id = await operatorId(email);
    expect(await auditOf("operator.created", id)).toMatchObject([{ actor_type: "system", company_id: null }]);
    // stored hashed, never as sent
    const [row] = await app.deps.database.query<{ token_hash: string; expires: boolean }>(
      "select token_hash, expires_at between now() + interval '23 hours' and now() + interval '25 hours' as expires from operator_sessions where operator_id = $1 and kind = 'activate'",
      [id],
    );
    expect(row!.token_hash).not.toContain(made.token!);
    expect(row!.expires).toBe(true);

    const common = await apiPost(app, "/operator/activate", {
      token: made.token,
      name: "Olivia",
      password: "Password123!",
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(PASSWORD_TOO_COMMON);
    const weak = await apiPost(app, "/operator/activate", {
      token: made.token,
      name: "Olivia",
      password: "short",
    });
    expect(weak.statusCode).toBe(400);

    const ok = await apiPost(app, "/operator/activate", {
      token: made.token,
      name: "Olivia Ops",
      password: PASSWORD,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ message: M.activated });
    const again = await apiPost(app, "/operator/activate", {
      token: made.token,
      name: "Mallory",
      password: PASSWORD,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(M.linkInvalid);
    const [op] = await app.deps.database.query<{ name: string; status: string }>(
      "select name, status from operators where id = $1",
      [id],
    );
    expect(op).toEqual({ name: "Olivia Ops", status: "active" });
  });

  it("for an existing address issues a new link and the older one stops working; bad input is refused", async () => {
    const email = uniqueEmail("op");
    const first = await create(email);
    const second = await create(email.toUpperCase());
    expect(second.code).toBe(0);
    expect(second.out).toContain("is already an operator");
    expect(second.token).not.toBe(first.token);
    const old = await apiPost(app, "/operator/activate", {
      token: first.token,
      name: "A",
      password: PASSWORD,
    });
    expect(old.json().message).toBe(M.linkInvalid);
    const ok = await apiPost(app, "/operator/activate", {
      token: second.token,
      name: "A",
      password: PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (await app.deps.database.query("select 1 from operators where lower(email) = lower($1)", [email]))
        .length,
    ).toBe(1);

    expect((await create("not-an-address")).code).toBe(1);
    const usage = await operatorCommand(app.deps.database, app.deps.config, ["delete", email], {
      out: () => {},
      err: () => {},
    });
    expect(usage).toBe(2);
  });

  it("runs as a process on the configured database", { timeout: 180_000 }, async () => {
    const databaseUrl = inject("databaseUrl") || undefined;
    const dataDir = mkdtempSync(path.join(tmpdir(), "herald-op-cmd-"));
    const env: Record<string, string | undefined> = {
      ...process.env,
      HERALD_ENV: "test",
      HERALD_DATA_DIR: dataDir,
      HERALD_PUBLIC_URL: "https://herald.example.com",
      HERALD_JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
      DATABASE_URL: databaseUrl ?? "",
    };
    if (!databaseUrl) delete env.DATABASE_URL;
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [...serverProcessArgs(), "operator", ...args], {
        cwd: serverRoot,
        env,
        encoding: "utf8",
        timeout: 80_000,
      });
    expect(cli("create").status).toBe(2);
    const bad = cli("create", "nobody");
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('Not an e-mail address: "nobody"');
    const email = uniqueEmail("op-cli");
    const ok = cli("create", email);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/https:\/\/herald\.example\.com\/operator\/activate\?token=[A-Za-z0-9_-]{43}/);
    const check = databaseUrl ? app.deps.database : await openDatabase({ dataDir });
    try {
      expect(
        await check.query<{ status: string }>("select status from operators where email = $1", [email]),
      ).toEqual([{ status: "invited" }]);
    } finally {
      if (!databaseUrl) await check.close();
    }
  });
});

describe("operator sign-in", () => {
  it("signs in with the password and the e-mailed code; me, overview, logout", async () => {
    await createCompany(app);
    const email = await activeOperator();
    const ip = clientIp();
    const { verified, login } = await signIn(email, ip);
    expect(verified.statusCode, verified.body).toBe(200);
    const { token, operator } = verified.json();
    expect(operator).toEqual({ id: await operatorId(email), email, name: "Olivia Ops" });
    const me = await app.inject({ method: "GET", url: "/api/operator/me", headers: auth({ token }) });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(email);
    const overview = await app.inject({
      method: "GET",
      url: "/api/operator/overview",
      headers: auth({ token }),
    });
    expect(overview.statusCode).toBe(200);
    expect(overview.json().companies).toBeGreaterThan(0);
    expect(await auditOf("operator.signed_in", operator.id)).toMatchObject([
      { actor_type: "operator", actor_ip: ip },
    ]);
    // the challenge was spent
    const mail = await lastMessageTo(app, email);
    const code = /(\d{6})/.exec(mail.subject ?? "")![1]!;
    const reuse = await apiPost(app, "/operator/verifyOtp", { challenge: login.json().challenge, code });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toBe(M.challengeEnded);

    const out = await app.inject({ method: "POST", url: "/api/operator/logout", headers: auth({ token }) });
    expect(out.statusCode).toBe(200);
    const after = await app.inject({ method: "GET", url: "/api/operator/me", headers: auth({ token }) });
    expect(after.statusCode).toBe(401);
  });

  it("answers one message for a wrong password, an unknown address and an account not yet activated", async () => {
    const email = await activeOperator();
    const invited = uniqueEmail("op");
    await create(invited);
    for (const body of [
      { email, password: "Wrong-Password-9!" },
      { email: uniqueEmail("nobody"), password: PASSWORD },
      { email: invited, password: PASSWORD },
    ]) {
      const res = await apiPost(app, "/operator/login", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(401);
      expect(res.json()).toEqual({ message: M.wrongCredentials });
    }
    expect(await auditOf("operator.sign_in_failed", await operatorId(email))).toMatchObject([
      { actor_type: "operator", company_id: null, after: { reason: "Wrong password" } },
    ]);
  });

  it("limits wrong passwords per address and account", async () => {
    const email = await activeOperator();
    const ip = clientIp();
    for (let i = 0; i < OPERATOR_LOGIN_LIMITS.accountIp.max; i++) {
      const r = await apiPost(app, "/operator/login", { email, password: `Wrong-${i}-Password!` }, { ip });
      expect(r.statusCode).toBe(401);
    }
    const limited = await apiPost(app, "/operator/login", { email, password: PASSWORD }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    // the right password from another address still signs in
    const other = await apiPost(app, "/operator/login", { email, password: PASSWORD });
    expect(other.statusCode).toBe(200);
  });

  it("a code works at most 5 tries and for 10 minutes", async () => {
    const email = await activeOperator();
    const ip = clientIp();
    const before = new Date();
    const login = await apiPost(app, "/operator/login", { email, password: PASSWORD }, { ip });
    const code = /(\d{6})/.exec((await lastMessageTo(app, email, before)).subject ?? "")![1]!;
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const r = await apiPost(
        app,
        "/operator/verifyOtp",
        { challenge: login.json().challenge, code: wrong },
        { ip },
      );
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe(M.wrongCode);
    }
    const sixth = await apiPost(
      app,
      "/operator/verifyOtp",
      { challenge: login.json().challenge, code },
      { ip },
    );
    expect(sixth.statusCode).toBe(401);
    expect(sixth.json().message).toBe(M.triesUsed);
    expect(
      (await auditOf("operator.sign_in_failed", await operatorId(email))).filter(
        (a) => (a.after as { reason: string }).reason === "Wrong sign-in code",
      ),
    ).toHaveLength(5);

    const { login: second, code: secondCode } = await (async () => {
      const at = new Date();
      const l = await apiPost(app, "/operator/login", { email, password: PASSWORD }, { ip });
      const c = /(\d{6})/.exec((await lastMessageTo(app, email, at)).subject ?? "")![1]!;
      return { login: l, code: c };
    })();
    await app.deps.database.query(
      "update operator_sessions set expires_at = now() - interval '1 second' where operator_id = $1 and kind = 'preauth' and used_at is null",
      [await operatorId(email)],
    );
    const late = await apiPost(
      app,
      "/operator/verifyOtp",
      { challenge: second.json().challenge, code: secondCode },
      { ip },
    );
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(M.challengeEnded);
  });
});

/** A minimal value a JSON schema of openapi.yaml accepts (required properties only). */
// biome-ignore lint/suspicious/noExplicitAny: parsed YAML document
function example(spec: any, schema: any): unknown {
  if (schema.$ref) return example(spec, spec.components.schemas[schema.$ref.split("/").pop()]);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s: unknown) => example(spec, s)));
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== "null") : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(
        (schema.required ?? []).map((k: string) => [k, example(spec, schema.properties[k])]),
      );
    case "array":
      return Array.from({ length: schema.minItems ?? 0 }, () => example(spec, schema.items));
    case "integer":
      return schema.minimum ?? 1;
    case "number":
      return 1;
    case "boolean":
      return true;
    default:
      if (schema.format === "uuid") return "00000000-0000-7000-8000-000000000000";
      if (schema.pattern === "^[0-9]{6}$") return "123456";
      return "x".repeat(Math.max(3, schema.minLength ?? 1));
  }
}

describe("operator and company tokens never cross", () => {
  it("a company user's token gets 401 from every operator operation; an operator's from company operations", async () => {
    const { owner } = await createCompany(app);
    const op = await createOperator(app);
    const spec = loadSpec();
    const ops = listOperations(spec);
    const securityOf = (o: { method: string; path: string }): Record<string, unknown>[] =>
      spec.paths[o.path][o.method.toLowerCase()].security ?? spec.security;
    const operatorOps = ops.filter((o) => securityOf(o).some((s) => "operatorAuth" in s));
    expect(operatorOps.length).toBeGreaterThan(20);
    const url = (p: string) => `/api${p.replace(/\{[^}]+\}/g, "00000000-0000-7000-8000-000000000000")}`;
    // A body the operation's schema accepts, so that only the token decides the answer.
    const bodyOf = (o: { method: string; path: string }) => {
      const schema =
        spec.paths[o.path][o.method.toLowerCase()].requestBody?.content?.["application/json"]?.schema;
      return schema ? example(spec, schema) : undefined;
    };
    for (const o of operatorOps) {
      const payload = bodyOf(o);
      const res = await app.inject({
        method: o.method as "GET",
        url: url(o.path),
        headers: auth(owner),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect(res.statusCode, `${o.method} ${o.path}`).toBe(401);
    }
    for (const p of ["/getProfile", "/getCompany", "/getNotification", "/summaryList", "/topupRequests"]) {
      const op2 = ops.find((o) => o.path === p)!;
      const payload = bodyOf(op2);
      const res = await app.inject({
        method: op2.method as "GET",
        url: url(p),
        headers: auth(op),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect(res.statusCode, p).toBe(401);
    }
    // and the operator's own token works on its own calls
    const me = await app.inject({ method: "GET", url: "/api/operator/me", headers: auth(op) });
    expect(me.statusCode).toBe(200);
    expect(MESSAGES.invalidEmailOrPassword).toBeTruthy();
  });
});
