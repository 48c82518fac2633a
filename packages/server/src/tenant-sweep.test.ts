/**
 * The tenant sweep: every operation of openapi.yaml, called by another company's users with the victim
 * company's ids (horizontal), and by the victim's own lower roles where the operation is above them (vertical).
 * Driven by the contract, so an operation is covered the day it is added, and must be classified in
 * tenant-sweep.rules.ts the same day (this file fails otherwise).
 *
 * Company A is the victim, B the attacker; both are seeded alike (tenant-sweep.fixtures.ts) with one of
 * everything a call can name. For each authenticated operation and each of B's roles:
 * - the request with A's ids in every id-like field answers 403 or 404 (or the contract's own refusal named in
 *   the rules, `OperationRule.invalid`), or a 2xx that holds none of A's ids and names; and it answers exactly
 *   as the same request with made-up ids does (no existence oracle);
 * - where a request has several id-like fields, each is also tried alone with A's id (the others B's own):
 *   no answer holds A's data and none is a 5xx;
 * - A's rows (every table with a company_id, A's company row and balances, and the rows of other tables that
 *   point at A's) are the same before and after the operation's calls, and no row links two companies.
 * Then: A's lower roles are refused what is above them (and A's agent outside the channel's departments gets
 * nothing of its rooms; A's admin nothing owner-protected on A's owner); calls without a session signed with B's
 * secrets change nothing; B's event streams, open while A is seeded and swept, carry nothing of A; A's names and
 * numbers are answered to B as made-up ones are; B claiming A's inbound number and sender ID gets none of A's
 * replies; B's audit log holds none of A's names.
 *
 * The operator's side (OPERATOR in the rules): every company user (each role of both companies) is refused every
 * operator operation with A's ids in every id field (A's own pending sender ID request, its open top-up request,
 * its number, its company), and changes nothing of A; the operator's token is refused by every company operation;
 * the operator's calls answer 404 for ids that name nothing (and 4xx, nothing changed, for A's row beside a
 * company that does not exist).
 *
 * TENANT_SWEEP_LOG=<file> writes every call and its answer to a file.
 */

import { randomUUID } from "node:crypto";
import { appendFileSync } from "node:fs";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { signSmsBody } from "./modules/sms/events";
import { signHeraldPayload } from "./providers/sms";
import { listOperations, loadSpec } from "./spec";
import {
  answerText,
  type BuiltRequest,
  catalog,
  changed,
  crossLinks,
  fingerprint,
  type IdField,
  leaked,
  madeUpName,
  multipart,
  PNG,
  ROLES,
  type Role,
  requestGenerator,
  SMS_WEBHOOK_SECRET,
  secretsOf,
  seedWorld,
  settle,
  uniqueMobile,
  type World,
} from "./tenant-sweep.fixtures";
import {
  AUTHENTICATED,
  isOperatorOperation,
  OPERATOR,
  type OperationRule,
  PUBLIC,
  type Rule,
  type Variant,
} from "./tenant-sweep.rules";
import {
  createOperator,
  eventually,
  privateDatabase,
  signIn,
  TEST_PASSWORD,
  type TestOperator,
  type TestUser,
  testConfig,
} from "./test/harness";

const spec = loadSpec();
const generator = requestGenerator(spec);

interface Operation {
  operationId: string;
  method: string;
  path: string;
  tags: string[];
  /** Names of the security schemes that admit a caller ([] for none). */
  security: string[];
}

const operations: Operation[] = listOperations(spec).map((op) => {
  const declared = spec.paths[op.path][op.method.toLowerCase()].security ?? spec.security ?? [];
  return { ...op, security: [...new Set<string>(declared.flatMap((s: object) => Object.keys(s)))] };
});
/** The operator's own calls (its sign-in, if it needs no session, is classified in PUBLIC like any other). */
const operatorOps = operations.filter((op) => isOperatorOperation(op) && op.security.length > 0);
const companyOps = operations.filter((op) => !isOperatorOperation(op) && op.security.includes("bearerAuth"));
const authenticatedOps = operations.filter((op) => op.security.length > 0);
/** logout ends the caller's session: last (its callers are signed in again after it). */
const sweepOrder = [...companyOps].sort(
  (a, b) => Number(a.operationId === "logout") - Number(b.operationId === "logout"),
);

/** Roles of the victim below each rule: they must be refused (the vertical sweep). */
const BELOW: Record<Rule, Role[]> = {
  member: [],
  self: [],
  "self-or-admin": ["supervisor", "agent"],
  "own-or-admin": ["supervisor", "agent"],
  "creator-or-admin": ["supervisor", "agent"],
  assignee: ["supervisor", "agent"],
  supervisor: ["agent"],
  admin: ["supervisor", "agent"],
  "admin-not-owner": ["admin", "supervisor", "agent"],
  owner: ["admin", "supervisor", "agent"],
  operator: [],
};

/** Rules that are a role's alone: a lower role is refused even on its own user. */
const ROLE_RULES = new Set<Rule>(["supervisor", "admin", "admin-not-owner", "owner"]);

/*
 * OPERATOR HOOK: an operator's token (the operator the harness creates, with a live session). The sweep checks
 * that it is refused (401/403) by every company operation, and that the operator's calls taking an id answer 404
 * for ids that name nothing.
 */
const operatorSignIn = async (app: FastifyInstance): Promise<string> => (await createOperator(app)).token;

let app: FastifyInstance;
let drop: () => Promise<void>;
let A: World;
let B: World;
let cat: Awaited<ReturnType<typeof catalog>>;
let secretsA: string[];
/** The operator who answers both companies' seeds (approves their sender IDs, assigns their numbers). */
let operator: TestOperator;
const streams: { role: Role; text: () => string; close: () => void }[] = [];

const stats = {
  operations: new Set<string>(),
  roleCalls: 0,
  calls: 0,
  denied: 0,
  /** Refused with the contract's answer for ids the company does not have (OperationRule.invalid). */
  invalid: 0,
  cleanSuccess: 0,
  vertical: 0,
  verticalOps: new Set<string>(),
  outsiderOps: new Set<string>(),
  nameOps: new Set<string>(),
  /** Company users calling operator operations (every role of both companies), all refused. */
  operatorRefusals: 0,
  /** The operator's token on company operations, all refused. */
  operatorTokenRefusals: 0,
  /** The operator's calls with ids that name nothing (404 where the call takes an id). */
  operatorMadeUp: 0,
  operatorMadeUp404: 0,
};

beforeAll(async () => {
  const started = Date.now();
  const db = await privateDatabase();
  drop = db.drop;
  app = await buildApp({
    config: testConfig({ SMS_WEBHOOK_SECRET, HERALD_PUBLIC_URL: "http://127.0.0.1" }, db.dataDir),
    database: db.database,
    validateResponses: true,
  });
  await app.ready();
  await app.listen({ port: 0, host: "127.0.0.1" });
  const addr = app.server.address();
  const base = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
  cat = await catalog(app);
  operator = await createOperator(app);
  B = await seedWorld(app, "B", operator);
  // B's event streams, open before A exists: whatever A's seed and the sweep publish must not reach them (on
  // sessions of their own: the sweep's logout ends only the sessions it is called with)
  for (const role of ROLES) {
    const controller = new AbortController();
    const session = await signIn(app, B.users[role].id, B.companyId, roleClaim(role));
    const res = await fetch(`${base}/api/events`, {
      headers: { accept: "text/event-stream", authorization: `Bearer ${session.token}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    let text = "";
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          text += decoder.decode(value, { stream: true });
        }
      } catch {
        /* closed */
      }
    })();
    streams.push({ role, text: () => text, close: () => controller.abort() });
  }
  A = await seedWorld(app, "A", operator);
  await settle(app, cat, A.companyId);
  secretsA = await secretsOf(app, A);
  console.log(`tenant sweep: seeded A and B in ${Date.now() - started} ms`);
});

afterAll(async () => {
  for (const s of streams) s.close();
  await app?.close();
  await drop?.();
});

/** TENANT_SWEEP_LOG=<file>: every call of the sweep and its answer, one line each (to review the sweep). */
const callLog = process.env.TENANT_SWEEP_LOG;
/** What the sweep is doing (for the log). */
let doing = "";

async function inject(opts: InjectOptions) {
  const res = await app.inject(opts);
  if (callLog) {
    const p = opts.payload;
    const body = Buffer.isBuffer(p) ? "<form>" : typeof p === "string" ? p : JSON.stringify(p ?? null);
    appendFileSync(
      callLog,
      `[${doing}] ${opts.method} ${opts.url} ${body.slice(0, 400)}\n  -> ${res.statusCode} ${res.body.slice(0, 300)}\n`,
    );
  }
  return res;
}

const send = (req: BuiltRequest, who: { token: string } | undefined) =>
  inject({
    method: req.method as "GET",
    url: req.url,
    headers: { ...(who ? { authorization: `Bearer ${who.token}` } : {}), ...req.headers },
    ...(req.payload !== undefined ? { payload: req.payload as object } : {}),
  });

const sentText = (req: BuiltRequest) =>
  `${req.url}\n${Buffer.isBuffer(req.payload) ? req.payload.toString("latin1") : JSON.stringify(req.payload ?? "")}`;

const isSuccess = (status: number) => status >= 200 && status < 300;
const messageOf = (res: LightMyRequestResponse) => {
  try {
    return (res.json() as { message?: string }).message ?? res.body;
  } catch {
    return res.body;
  }
};

/** A made-up value for an id-like field: what an id that names nothing answers. */
const madeUp = (f: IdField) =>
  f.kind === "broadcastName"
    ? `Sweep missing ${randomUUID().slice(0, 8)}`
    : f.kind === "connectToken"
      ? `${randomUUID()}.${randomUUID()}`
      : randomUUID();

const variantsOf = (rule: OperationRule): (Variant | undefined)[] => rule.variants ?? [undefined];
const label = (op: Operation, v: Variant | undefined, role: string) =>
  `${op.operationId}${v ? ` (${v.label})` : ""} as ${role}`;

/** The role claim of a sign-in (the owner is an admin). */
const roleClaim = (role: Role) => (role === "owner" ? "admin" : role);

/** A new session for a user whose session the sweep ended (logout). */
async function signInAgain(who: TestUser, companyId: string, role: Role) {
  Object.assign(who, await signIn(app, who.id, companyId, roleClaim(role)));
}

describe("the tenant sweep", () => {
  it("every operation of openapi.yaml is classified", () => {
    const problems: string[] = [];
    for (const op of operations) {
      const id = op.operationId;
      if (op.security.length > 0 && isOperatorOperation(op)) {
        for (const s of op.security)
          if (s !== "operatorAuth") problems.push(`${id}: an operator operation admits ${s}`);
        if (!OPERATOR[id]) problems.push(`${id}: not classified in OPERATOR (tenant-sweep.rules.ts)`);
        if (AUTHENTICATED[id] || PUBLIC[id]) problems.push(`${id}: an operator operation outside OPERATOR`);
        continue;
      }
      if (op.security.length === 0) {
        if (!PUBLIC[id]) problems.push(`${id}: needs no sign-in; list it in PUBLIC with the reason`);
        if (AUTHENTICATED[id]) problems.push(`${id}: needs no sign-in but is in AUTHENTICATED`);
        continue;
      }
      for (const s of op.security)
        if (s !== "bearerAuth") problems.push(`${id}: security scheme ${s} is not one the sweep knows`);
      if (!AUTHENTICATED[id]) problems.push(`${id}: not classified in AUTHENTICATED (tenant-sweep.rules.ts)`);
      if (PUBLIC[id]) problems.push(`${id}: needs a sign-in but is in PUBLIC`);
    }
    const ids = new Set(operations.map((o) => o.operationId));
    for (const id of [...Object.keys(AUTHENTICATED), ...Object.keys(PUBLIC), ...Object.keys(OPERATOR)])
      if (!ids.has(id)) problems.push(`${id}: classified but not in openapi.yaml`);
    expect(problems).toEqual([]);
  });

  it("A's fingerprint holds A's rows of the registry, the operator's console and the audit log", async () => {
    // tables the catalogue finds by company_id (or, for inbound_numbers, by A's owner rows pointing at them): each
    // with rows of A's, so that a change of any of them by B is seen
    const print = await fingerprint(app, cat, A.companyId);
    const empty = [
      "sender_ids",
      "topup_requests",
      "company_prices",
      "company_status",
      "inbound_number_owners",
      "inbound_numbers",
      "audit_log",
    ].filter((t) => !print.has(t) || print.get(t)!.startsWith("0:"));
    expect(empty, "tables without A's rows in A's fingerprint").toEqual([]);
  });

  it("another company's users get nothing of A and change nothing of A (horizontal)", async () => {
    const failures: string[] = [];
    const auditOfB = async () =>
      (
        await app.deps.database.query<{ n: number }>(
          "select count(*)::int as n from audit_log where company_id = $1",
          [B.companyId],
        )
      )[0]!.n;
    const auditBefore = await auditOfB();
    const idA = (f: IdField) => A.ids[f.kind];
    const idB = (f: IdField) => B.ids[f.kind];
    for (const op of sweepOrder) {
      const rule = AUTHENTICATED[op.operationId];
      if (!rule) continue; // reported by the classification test
      stats.operations.add(op.operationId);
      if (op.operationId === "streamEvents") {
        // checked on B's live streams (opened before A was seeded) at the end of the sweep
        stats.roleCalls += ROLES.length;
        stats.calls += ROLES.length;
        stats.cleanSuccess += ROLES.length;
        continue;
      }
      const before = await fingerprint(app, cat, A.companyId);
      for (const variant of variantsOf(rule)) {
        for (const role of ROLES) {
          const who = B.users[role];
          const name = label(op, variant, `B ${role}`);
          doing = name;
          stats.roleCalls++;
          let req: BuiltRequest;
          try {
            req = generator.build(op, rule, variant, idA);
          } catch (err) {
            failures.push(`${name}: ${(err as Error).message}`);
            continue;
          }
          const res = await send(req, who);
          stats.calls++;
          const leaks = leaked(await answerText(res), secretsA, sentText(req));
          if (leaks.length) failures.push(`${name}: answered ${res.statusCode} with A's ${leaks.join(", ")}`);
          if (isSuccess(res.statusCode)) stats.cleanSuccess++;
          else if (res.statusCode === 403 || res.statusCode === 404) stats.denied++;
          else if (rule.invalid?.status === res.statusCode && rule.invalid.message === messageOf(res))
            stats.invalid++;
          else failures.push(`${name}: answered ${res.statusCode} ${res.body.slice(0, 300)}`);

          // the same request naming nothing must answer alike: A's ids are worth no more than made-up ones
          if (req.ids.length > 0) {
            const blind = await send(generator.build(op, rule, variant, madeUp), who);
            stats.calls++;
            const same =
              isSuccess(blind.statusCode) === isSuccess(res.statusCode) &&
              (isSuccess(res.statusCode) ||
                (blind.statusCode === res.statusCode && messageOf(blind) === messageOf(res)));
            if (!same)
              failures.push(
                `${name}: A's ids answer ${res.statusCode} ${messageOf(res)} but made-up ids ${blind.statusCode} ${messageOf(blind)}`,
              );
          }

          // each id-like field alone with A's id, the others B's own
          const fields = [...new Set(req.ids.map((f) => f.at))];
          if (fields.length > 1) {
            for (const at of fields) {
              const one = generator.build(op, rule, variant, (f) => (f.at === at ? idA(f) : idB(f)));
              const r = await send(one, who);
              stats.calls++;
              const l = leaked(await answerText(r), secretsA, sentText(one));
              if (l.length)
                failures.push(`${name}, only ${at} A's: answered ${r.statusCode} with A's ${l.join(", ")}`);
              if (r.statusCode >= 500)
                failures.push(`${name}, only ${at} A's: answered ${r.statusCode} ${r.body}`);
            }
          }
          if (op.operationId === "logout") await signInAgain(who, B.companyId, role);
        }
      }
      const after = await fingerprint(app, cat, A.companyId);
      const diff = changed(before, after);
      if (diff.length) failures.push(`${op.operationId}: changed A's ${diff.join(", ")}`);
      const links = await crossLinks(app, cat);
      if (links.length) failures.push(`${op.operationId}: rows link two companies: ${links.join("; ")}`);
    }
    // B's audit log holds B's own actions (it grew: the check below has entries to search), with the ids B sent
    // but never A's names or other rows
    if ((await auditOfB()) <= auditBefore) failures.push("B's own actions left no audit entries");
    doing = "B's audit log after the sweep";
    const log = await inject({
      method: "GET",
      url: "/api/auditLog/export",
      headers: { authorization: `Bearer ${B.users.owner.token}` },
    });
    stats.calls++;
    if (log.statusCode !== 200) failures.push(`B's audit log export: answered ${log.statusCode}`);
    const inLog = leaked(log.body, secretsA, Object.values(A.ids).join("\n"));
    if (inLog.length) failures.push(`B's audit log names A's ${inLog.join(", ")}`);
    expect(failures, failures.join("\n")).toEqual([]);
  });

  it("A's lower roles are refused what is above them, and change nothing (vertical)", async () => {
    const failures: string[] = [];
    for (const op of companyOps) {
      const rule = AUTHENTICATED[op.operationId];
      if (!rule) continue;
      const below = BELOW[rule.rule];
      if (below.length === 0 && !rule.ownerProtected) continue;
      stats.verticalOps.add(op.operationId);
      const before = await fingerprint(app, cat, A.companyId);
      for (const variant of variantsOf(rule)) {
        // an owner-protected call: A's admin names A's owner (and only the owner)
        const cases: [Role, boolean][] = [
          ...below.map((r): [Role, boolean] => [r, false]),
          ...(rule.ownerProtected ? [["admin", true] as [Role, boolean]] : []),
        ];
        for (const [role, ownerOnly] of cases) {
          const who = A.users[role];
          // a user acted on: the target agent; an admin below the owner-protecting rule tries the owner. Where
          // the rule is a role's, the caller also names itself, so that no "only yourself" check stands in
          // for the role check.
          const other =
            ownerOnly || (rule.rule === "admin-not-owner" && role === "admin")
              ? A.users.owner.id
              : A.ids.user;
          const byRole = ROLE_RULES.has(rule.rule) && !rule.selfAllowed && !ownerOnly;
          const named = generator.build(op, rule, variant, (f) => A.ids[f.kind]).ids;
          const users = byRole && named.some((f) => f.kind === "user") ? [other, who.id] : [other];
          for (const user of users) {
            const name = label(
              op,
              variant,
              `A ${role}${user === who.id ? " naming itself" : ownerOnly ? " naming the owner" : ""}`,
            );
            doing = name;
            const req = generator.build(op, rule, variant, (f) => (f.kind === "user" ? user : A.ids[f.kind]));
            const res = await send(req, who);
            stats.calls++;
            stats.vertical++;
            if (res.statusCode === 403 || res.statusCode === 404) continue;
            if (rule.rule === "own-or-admin" && isSuccess(res.statusCode)) {
              const seen = leaked(await answerText(res), A.hiddenFromMembers, sentText(req));
              if (seen.length) failures.push(`${name}: shows the owner's ${seen.join(", ")}`);
              continue;
            }
            failures.push(`${name}: answered ${res.statusCode} ${res.body.slice(0, 300)}`);
          }
        }
      }
      const diff = changed(before, await fingerprint(app, cat, A.companyId));
      if (diff.length) failures.push(`${op.operationId}: changed A's ${diff.join(", ")}`);
    }
    expect(failures, failures.join("\n")).toEqual([]);
  });

  it("A's users outside the channel's departments get nothing of its rooms", async () => {
    const failures: string[] = [];
    const who = A.users.outsider;
    for (const op of companyOps) {
      const rule = AUTHENTICATED[op.operationId];
      if (!rule?.channelScoped) continue;
      stats.outsiderOps.add(op.operationId);
      const before = await fingerprint(app, cat, A.companyId);
      for (const variant of variantsOf(rule)) {
        const name = label(op, variant, "A's outsider agent");
        doing = name;
        const req = generator.build(op, rule, variant, (f) => A.ids[f.kind]);
        const res = await send(req, who);
        stats.calls++;
        stats.vertical++;
        const seen = leaked(await answerText(res), A.hiddenFromOutsiders, sentText(req));
        if (seen.length) failures.push(`${name}: answered ${res.statusCode} with ${seen.join(", ")}`);
        if (!isSuccess(res.statusCode) && res.statusCode !== 403 && res.statusCode !== 404)
          failures.push(`${name}: answered ${res.statusCode} ${res.body.slice(0, 300)}`);
      }
      const diff = changed(before, await fingerprint(app, cat, A.companyId));
      if (diff.length) failures.push(`${op.operationId}: changed A's ${diff.join(", ")}`);
    }
    expect(failures, failures.join("\n")).toEqual([]);
  });

  it("calls without a session, signed with B's secrets or forged, change nothing of A", async () => {
    doing = "calls without a session";
    const before = await fingerprint(app, cat, A.companyId);
    const failures: string[] = [];
    const expectRefused = (what: string, res: LightMyRequestResponse, allowed = [401, 403, 404]) => {
      stats.calls++;
      if (!allowed.includes(res.statusCode)) failures.push(`${what}: answered ${res.statusCode} ${res.body}`);
      const l = leaked(res.body, secretsA, "");
      if (l.length) failures.push(`${what}: answered with A's ${l.join(", ")}`);
    };
    const json = (url: string, body: object, headers: Record<string, string>) =>
      inject({
        method: "POST",
        url,
        payload: JSON.stringify(body),
        headers: { "content-type": "application/json", ...headers },
      });

    // A's sandbox channel's webhook, signed with B's channel secret
    const event = {
      eventId: `ev-${randomUUID()}`,
      kind: "message",
      platformId: `${A.tag}-p1`,
      text: "forged",
    };
    const raw = JSON.stringify(event);
    expectRefused(
      "channel webhook of A's channel signed with B's channel secret",
      await inject({
        method: "POST",
        url: `/api/webhooks/channels/${A.ids.channel}`,
        payload: raw,
        headers: {
          "content-type": "application/json",
          "x-herald-signature": signHeraldPayload(raw, B.channelSecret),
        },
      }),
    );
    expectRefused(
      "provider webhook check of A's channel",
      await inject({
        method: "GET",
        url: `/api/webhooks/channels/${A.ids.channel}?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1`,
      }),
    );
    // A's chatbot, signed with B's bot secret; and B's own bot naming A's room
    const reply = JSON.stringify({ subscriberId: A.ids.room, text: "forged bot reply" });
    expectRefused(
      "bot reply to A signed with B's bot secret",
      await inject({
        method: "POST",
        url: `/api/webhooks/bot/${A.companyId}`,
        payload: reply,
        headers: {
          "content-type": "application/json",
          "x-herald-signature": signHeraldPayload(reply, B.botSecret),
        },
      }),
    );
    expectRefused(
      "B's bot replying in A's room",
      await inject({
        method: "POST",
        url: `/api/webhooks/bot/${B.companyId}`,
        payload: reply,
        headers: {
          "content-type": "application/json",
          "x-herald-signature": signHeraldPayload(reply, B.botSecret),
        },
      }),
    );
    // SMS gateway webhooks about A's SMS, with a forged signature
    const [outbox] = await app.deps.database.query<{ provider_message_id: string }>(
      "select provider_message_id from sms_messages where id = $1",
      [A.ids.outboxSms],
    );
    const dlr = {
      eventId: `dlr-${randomUUID()}`,
      messageId: outbox?.provider_message_id ?? "x",
      status: "failed",
    };
    expectRefused(
      "forged SMS delivery report of A's SMS",
      await json("/api/webhooks/sms/sandbox/delivery", dlr, {
        "x-herald-signature": signHeraldPayload(JSON.stringify(dlr), B.botSecret),
      }),
    );
    const mo = { eventId: `mo-${randomUUID()}`, from: "6590000000", to: A.ids.ownedNumber, text: "STOP" };
    expectRefused(
      "forged inbound SMS",
      await json("/api/webhooks/sms/sandbox/inbound", mo, {
        "x-herald-signature": signHeraldPayload(JSON.stringify(mo), B.botSecret),
      }),
    );
    // the payment webhook about A's purchase, forged
    const paid = {
      id: `evt_${randomUUID()}`,
      type: "checkout.session.completed",
      data: {
        object: {
          id: "cs_forged",
          client_reference_id: A.paymentId,
          amount_total: 100_000,
          metadata: { company_id: A.companyId, purchase_id: A.paymentId },
        },
      },
    };
    expectRefused(
      "forged payment of A's purchase",
      await json("/api/webhooks/payments/sandbox", paid, {
        "x-herald-signature": signHeraldPayload(JSON.stringify(paid), B.botSecret),
      }),
    );
    // A's attachment with B's attachment's signature, and with none
    const form = multipart({}, { name: "b.png", type: "image/png", data: PNG });
    const uploaded = await inject({
      method: "POST",
      url: "/api/social-chat/attachment/upload",
      headers: { authorization: `Bearer ${B.users.agent.token}`, "content-type": form.contentType },
      payload: form.payload,
    });
    const bUrl = new URL(uploaded.json().attachment.url, "http://x").searchParams;
    expectRefused(
      "A's attachment with B's attachment's expiry and signature",
      await inject({
        method: "GET",
        url: `/api/social-chat/attachment/${A.ids.attachment}?exp=${bUrl.get("exp")}&sig=${bUrl.get("sig")}`,
      }),
      [400, 403, 404],
    );
    expectRefused(
      "A's attachment with B's signature and a later expiry",
      await inject({
        method: "GET",
        url: `/api/social-chat/attachment/${A.ids.attachment}?exp=${Number(bUrl.get("exp")) + 3600}&sig=${bUrl.get("sig")}`,
      }),
      [400, 403, 404],
    );
    expectRefused(
      "A's attachment without a signature",
      await inject({ method: "GET", url: `/api/social-chat/attachment/${A.ids.attachment}` }),
      [400, 403, 404],
    );
    // the operator's sign-in with the address and password of A's owner: no operator session
    expectRefused(
      "the operator's sign-in as A's owner",
      await json("/api/operator/login", { email: A.users.owner.email, password: TEST_PASSWORD }, {}),
      [400, 401],
    );
    const diff = changed(before, await fingerprint(app, cat, A.companyId));
    if (diff.length) failures.push(`changed A's ${diff.join(", ")}`);
    expect(failures, failures.join("\n")).toEqual([]);
  });

  it("B's event streams carried nothing of A", async () => {
    // the streams work: an event of B's own (an agent's top-up request rings the admins' bells) arrives
    const rang = await inject({
      method: "POST",
      url: "/api/topupReq",
      headers: { authorization: `Bearer ${B.users.supervisor.token}` },
      payload: { topUpType: 2 },
    });
    expect(rang.statusCode, rang.body).toBe(200);
    const owner = streams.find((s) => s.role === "owner")!;
    const start = Date.now();
    while (!owner.text().includes("event: notification") && Date.now() - start < 5000)
      await new Promise((r) => setTimeout(r, 25));
    expect(owner.text()).toContain("event: notification");
    for (const s of streams) {
      const l = leaked(s.text(), secretsA, "");
      expect(l, `B ${s.role}'s event stream`).toEqual([]);
    }
  });

  it("A's names and numbers are anyone's to choose: B gets the answer a made-up one gets", async () => {
    // last of the checks that search B's answers for A's names: B's rows now carry them. Edits go first, and each
    // is followed by the same edit with a made-up value, which takes A's value off B's row again; a create
    // leaves A's value in B, so later calls that would use it again (and meet B's own row) are left out.
    const failures: string[] = [];
    const who = B.users.owner;
    const before = await fingerprint(app, cat, A.companyId);
    const isEdit = (op: Operation) => op.operationId.startsWith("edit");
    const ordered = [...companyOps].sort((a, b) => Number(isEdit(b)) - Number(isEdit(a)));
    const heldByB = new Set<string>();
    for (const op of ordered) {
      const rule = AUTHENTICATED[op.operationId];
      if (!rule?.names) continue;
      stats.nameOps.add(op.operationId);
      const nameKinds = new Set(Object.values(rule.names));
      for (const variant of variantsOf(rule)) {
        if ([...nameKinds].some((k) => heldByB.has(k))) continue;
        const name = label(op, variant, "B owner with A's names");
        doing = name;
        // the values given, so that a message naming the value itself ("X is not one of ...") compares alike
        const given: string[] = [];
        const madeUpGiven: string[] = [];
        const req = generator.build(
          op,
          rule,
          variant,
          (f) => {
            if (!nameKinds.has(f.kind)) return B.ids[f.kind];
            given.push(A.ids[f.kind]);
            return A.ids[f.kind];
          },
          { names: true },
        );
        const res = await send(req, who);
        const other = generator.build(
          op,
          rule,
          variant,
          (f) => {
            if (!nameKinds.has(f.kind)) return B.ids[f.kind];
            const v = madeUpName(f.kind);
            madeUpGiven.push(v);
            return v;
          },
          { names: true },
        );
        const blind = await send(other, who);
        stats.calls += 2;
        if (!isEdit(op) && isSuccess(res.statusCode)) for (const k of nameKinds) heldByB.add(k);
        const without = (text: string, values: string[]) =>
          values.reduce((t, v) => t.split(v).join("<value>"), text);
        const same =
          isSuccess(blind.statusCode) === isSuccess(res.statusCode) &&
          (isSuccess(res.statusCode) ||
            (blind.statusCode === res.statusCode &&
              without(messageOf(blind), madeUpGiven) === without(messageOf(res), given)));
        if (!same)
          failures.push(
            `${name}: answered ${res.statusCode} ${messageOf(res)} but made-up ones ${blind.statusCode} ${messageOf(blind)}`,
          );
        const l = leaked(await answerText(res), secretsA, sentText(req));
        if (l.length) failures.push(`${name}: answered ${res.statusCode} with A's ${l.join(", ")}`);
      }
    }
    const diff = changed(before, await fingerprint(app, cat, A.companyId));
    if (diff.length) failures.push(`changed A's ${diff.join(", ")}`);
    expect(failures, failures.join("\n")).toEqual([]);
  });

  it("B claiming A's number and sender ID gets nothing of A's replies", async () => {
    doing = "B claiming A's number and sender ID";
    // Inbound SMS reach a company only through the numbers the operator assigned to it (modules/registry/routing.ts):
    // B can neither ask for A's number or ID, nor put them on its users, nor send from them; and even a B user
    // who lists them (a row from before the registry, written directly) receives none of the replies to A.
    const failures: string[] = [];
    const asB = { authorization: `Bearer ${B.users.owner.token}` };
    const number = A.ids.ownedNumber;
    const senderId = A.ids.senderId;
    for (const id of [number, senderId]) {
      const asked = await inject({
        method: "POST",
        url: "/api/requestSenderId",
        headers: asB,
        payload: { senderId: id, purpose: "Sweep: another company's ID" },
      });
      if (asked.statusCode !== 409)
        failures.push(`B asking for A's ${id}: answered ${asked.statusCode} ${asked.body}`);
    }
    const listed = await inject({
      method: "POST",
      url: "/api/editSenderId",
      headers: asB,
      payload: { id: B.users.owner.id, senderIds: [number, senderId], isAllowSID: 1 },
    });
    if (listed.statusCode !== 422)
      failures.push(`B putting A's number and ID on its owner: answered ${listed.statusCode} ${listed.body}`);
    const customer = uniqueMobile();
    for (const from of [number, senderId]) {
      const sent = await inject({
        method: "POST",
        url: "/api/sms/send",
        headers: asB,
        payload: {
          channel: "SMS",
          senderId: from,
          recipients: { numbers: [customer] },
          text: "Sweep from B",
        },
      });
      if (isSuccess(sent.statusCode))
        failures.push(`B sending from A's ${from}: answered ${sent.statusCode}`);
    }
    const [kept] = await app.deps.database.query<{ sender_ids: string[] }>(
      "select sender_ids from users where id = $1",
      [B.users.owner.id],
    );
    await app.deps.database.query("update users set sender_ids = array[$2, $3]::text[] where id = $1", [
      B.users.owner.id,
      number,
      senderId,
    ]);
    // A texts the customer from its number; the customer answers to the number and to A's sender ID, and someone
    // A never texted writes to the number
    const sent = await inject({
      method: "POST",
      url: "/api/sms/send",
      headers: { authorization: `Bearer ${A.users.owner.token}` },
      payload: { channel: "SMS", senderId: number, recipients: { numbers: [customer] }, text: "Hello" },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mo = async (from: string, to: string, text: string) => {
      const raw = JSON.stringify({ eventId: `mo-${randomUUID()}`, from, to, text });
      const res = await inject({
        method: "POST",
        url: "/api/webhooks/sms/sandbox/inbound",
        headers: {
          "content-type": "application/json",
          "x-herald-signature": signSmsBody(raw, SMS_WEBHOOK_SECRET),
        },
        payload: raw,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await mo(customer, number, "Sweep yes please");
    await mo(customer, senderId, "Sweep to the letters");
    await mo(uniqueMobile(), number, "Sweep who is this?");
    const inboxOf = (companyId: string) =>
      app.deps.database.query<{ text: string }>(
        "select text from sms_inbox where company_id = $1 and text like 'Sweep %' order by created_at",
        [companyId],
      );
    expect((await inboxOf(A.companyId)).map((r) => r.text)).toEqual([
      "Sweep yes please",
      "Sweep who is this?",
    ]);
    expect(await inboxOf(B.companyId)).toEqual([]);
    // the one to A's letters reaches no company: it waits for the operator
    const [unrouted] = await app.deps.database.query<{ n: number }>(
      "select count(*)::int as n from unrouted_inbound where to_address = $1 and text = 'Sweep to the letters'",
      [senderId],
    );
    expect(unrouted!.n).toBe(1);
    await app.deps.database.query("update users set sender_ids = $2::text[] where id = $1", [
      B.users.owner.id,
      kept!.sender_ids,
    ]);
    // A's SMS delivered before the next checks compare A's rows
    const sendId = (sent.json() as { id: string }).id;
    await eventually(async () => {
      const [r] = await app.deps.database.query<{ n: number }>(
        "select count(*)::int as n from sms_messages where send_id = $1 and status <> 'delivered'",
        [sendId],
      );
      return r!.n === 0;
    }, 30_000);
    await settle(app, cat, A.companyId);
    expect(failures, failures.join("\n")).toEqual([]);
  });

  it("operator operations refuse every company user, with A's ids in every id field", async () => {
    const failures: string[] = [];
    for (const op of operatorOps) {
      const rule = OPERATOR[op.operationId];
      if (!rule) continue; // reported by the classification test
      const before = await fingerprint(app, cat, A.companyId);
      for (const world of [A, B]) {
        for (const [role, who] of Object.entries(world.users)) {
          const name = `${op.operationId} as ${world.label} ${role}`;
          doing = name;
          let req: BuiltRequest;
          try {
            req = generator.build(op, rule, undefined, (f) => A.ids[f.kind]);
          } catch (err) {
            failures.push(`${name}: ${(err as Error).message}`);
            continue;
          }
          const res = await send(req, who);
          stats.calls++;
          stats.operatorRefusals++;
          if (res.statusCode !== 401 && res.statusCode !== 403)
            failures.push(`${name}: answered ${res.statusCode} ${res.body.slice(0, 300)}`);
          const l = leaked(await answerText(res), secretsA, sentText(req));
          if (l.length) failures.push(`${name}: answered with A's ${l.join(", ")}`);
        }
      }
      const diff = changed(before, await fingerprint(app, cat, A.companyId));
      if (diff.length) failures.push(`${op.operationId}: changed A's ${diff.join(", ")}`);
    }
    expect(failures, failures.join("\n")).toEqual([]);
  });

  it("an operator's token is refused by every company operation", async () => {
    await operatorTokenRefusedEverywhere(await operatorSignIn(app));
  });

  it("the operator's calls answer ids that name nothing with 404 (never a 5xx), and change nothing of A", async () => {
    const failures: string[] = [];
    const token = await operatorSignIn(app);
    const before = await fingerprint(app, cat, A.companyId);
    for (const op of operatorOps) {
      const rule = OPERATOR[op.operationId];
      if (!rule || op.operationId === "operatorLogout") continue;
      const req = generator.build(op, rule, undefined, () => randomUUID());
      if (req.ids.length === 0) continue;
      const name = `${op.operationId} as the operator with made-up ids`;
      doing = name;
      const res = await send(req, { token });
      stats.calls++;
      stats.operatorMadeUp++;
      // an id in the path names the row the call is about: 404; ids elsewhere filter (an empty answer) or name
      // the operator's choices (refused as the contract says, e.g. owners of a number: 400)
      const inPath = req.ids.some((f) => f.at.startsWith("path."));
      if (inPath) {
        if (res.statusCode === 404) stats.operatorMadeUp404++;
        else failures.push(`${name}: answered ${res.statusCode} ${res.body.slice(0, 300)}`);
      } else if (res.statusCode >= 500 || res.statusCode === 401 || res.statusCode === 403) {
        failures.push(`${name}: answered ${res.statusCode} ${res.body.slice(0, 300)}`);
      }
      const l = leaked(await answerText(res), secretsA, sentText(req));
      if (l.length) failures.push(`${name}: answered with A's ${l.join(", ")}`);
      // A's row with one made-up id beside it (a number of A's given to a company that does not exist): refused
      // as the contract says, and nothing of A changes (checked below)
      const fields = [...new Set(req.ids.map((f) => f.at))];
      if (fields.length < 2) continue;
      for (const at of fields) {
        const one = generator.build(op, rule, undefined, (f) => (f.at === at ? randomUUID() : A.ids[f.kind]));
        const r = await send(one, { token });
        stats.calls++;
        stats.operatorMadeUp++;
        if (r.statusCode < 400 || r.statusCode >= 500 || r.statusCode === 401 || r.statusCode === 403)
          failures.push(
            `${op.operationId} with A's ids but ${at} made up: answered ${r.statusCode} ${r.body}`,
          );
      }
    }
    const diff = changed(before, await fingerprint(app, cat, A.companyId));
    if (diff.length) failures.push(`changed A's ${diff.join(", ")}`);
    expect(failures, failures.join("\n")).toEqual([]);
  });

  it("covers every authenticated operation", () => {
    doing = "";
    const covered = stats.operations.size + operatorOps.length;
    const users = Object.keys(A.users).length + Object.keys(B.users).length;
    console.log(
      `tenant sweep: ${stats.operations.size} operations × ${ROLES.length} roles of B (${stats.roleCalls} operation-role pairs), ` +
        `${stats.verticalOps.size} operations above A's lower roles and ${stats.outsiderOps.size} on rooms of A's channel outside an agent's departments (${stats.vertical} calls), ${stats.nameOps.size} taking names B may share with A; ` +
        `${stats.calls} calls, ${stats.denied} denied (403/404), ${stats.invalid} refused as invalid (OperationRule.invalid), ${stats.cleanSuccess} 2xx without A's data; ` +
        `operator side: ${operatorOps.length} operator operations × ${users} company users (${stats.operatorRefusals} calls refused), ` +
        `the operator's token refused by ${stats.operatorTokenRefusals} company calls, ${stats.operatorMadeUp} operator calls with made-up ids (${stats.operatorMadeUp404} of them 404 by path id)`,
    );
    expect(covered).toBe(authenticatedOps.length);
  });
});

/** The operator's token against every company operation: 401 or 403, and nothing of A changed. */
async function operatorTokenRefusedEverywhere(token: string) {
  const failures: string[] = [];
  const before = await fingerprint(app, cat, A.companyId);
  for (const op of companyOps) {
    const rule = AUTHENTICATED[op.operationId];
    if (!rule || op.operationId === "streamEvents") continue;
    for (const variant of variantsOf(rule)) {
      const req = generator.build(op, rule, variant, (f) => A.ids[f.kind]);
      doing = label(op, variant, "the operator");
      const res = await send(req, { token });
      stats.calls++;
      if (res.statusCode === 401 || res.statusCode === 403) stats.operatorTokenRefusals++;
      else failures.push(`${label(op, variant, "the operator")}: answered ${res.statusCode}`);
      const l = leaked(await answerText(res), secretsA, sentText(req));
      if (l.length) failures.push(`${label(op, variant, "the operator")}: answered with A's ${l.join(", ")}`);
    }
  }
  const diff = changed(before, await fingerprint(app, cat, A.companyId));
  if (diff.length) failures.push(`changed A's ${diff.join(", ")}`);
  expect(failures, failures.join("\n")).toEqual([]);
}
