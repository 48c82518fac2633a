import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseSenderId } from "@herald/domain";
import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import { buildApp } from "../app";
import { type Config, loadConfig } from "../config";
import { type Database, openDatabase, recordQueries, runMigrations } from "../db/client";
import {
  companies,
  inboundNumberOwners,
  inboundNumbers,
  operatorSessions,
  operators,
  senderIds,
  sessions,
  users,
} from "../db/schema";
import { hashPassword } from "../lib/passwords";
import { signToken } from "../lib/tokens";
import { signOperatorToken } from "../plugins/operator";

export const TEST_PASSWORD = "Correct-Horse7!battery";

let shared: Promise<{ database: Database; dataDir: string }> | undefined;

/**
 * A migrated in-memory PGlite: started from the run's template dump (global-setup.ts), or, when a test file runs
 * without that setup, opened and migrated here.
 */
async function migratedPglite(dataDir: string): Promise<Database> {
  const template = inject("pgliteTemplate");
  if (template) {
    return openDatabase({ dataDir, memory: true, loadDataDir: new Blob([readFileSync(template)]) });
  }
  const database = await openDatabase({ dataDir, memory: true });
  await runMigrations(database);
  return database;
}

/** The worker's one migrated database: in-memory PGlite, or the run's PostgreSQL database. */
export function sharedDatabase() {
  shared ??= (async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "herald-test-"));
    const databaseUrl = inject("databaseUrl") || undefined;
    const database = databaseUrl
      ? await openDatabase({ databaseUrl, dataDir })
      : await migratedPglite(dataDir);
    return { database, dataDir };
  })();
  return shared;
}

/**
 * A migrated database for one test file whose rows must not be touched by other files' job workers: on
 * PostgreSQL a fresh database of the run's server (the shared one also serves files running in the other worker
 * process, whose apps run job workers); on PGlite a fresh in-memory one (the worker's shared PGlite is also used
 * by apps of earlier files whose job workers still run, and would take this file's jobs). `drop` removes it.
 */
export async function privateDatabase(): Promise<{
  database: Database;
  dataDir: string;
  drop: () => Promise<void>;
}> {
  const runUrl = inject("databaseUrl") || undefined;
  if (!runUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "herald-test-"));
    const database = await migratedPglite(dataDir);
    return { database, dataDir, drop: () => database.close() };
  }
  const name = `herald_private_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const pg = (await import("pg")).default;
  const admin = new pg.Client({ connectionString: runUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(runUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "herald-test-"));
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir });
  await runMigrations(database);
  return {
    database,
    dataDir,
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: runUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}, dataDir?: string): Config {
  return loadConfig({
    HERALD_ENV: "test",
    HERALD_DATA_DIR: dataDir ?? mkdtempSync(path.join(tmpdir(), "herald-cfg-")),
    HERALD_JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
    HERALD_DEMO: "false",
    HERALD_PORTAL_DIR: path.join(tmpdir(), "herald-no-portal"),
    ...overrides,
  });
}

const apps = new Map<string, Promise<FastifyInstance>>();

/** A real app on the shared database, built once per worker (and per distinct config). */
export async function testApp(overrides: Record<string, string> = {}): Promise<FastifyInstance> {
  const key = JSON.stringify(overrides);
  let app = apps.get(key);
  if (!app) {
    app = (async () => {
      const { database, dataDir } = await sharedDatabase();
      const built = await buildApp({
        config: testConfig(overrides, dataDir),
        database,
        validateResponses: true,
      });
      await built.ready();
      return built;
    })();
    apps.set(key, app);
  }
  return app;
}

/**
 * Another API process on the worker's database, as a second server behind a load balancer would be: its own
 * pool (on PostgreSQL), session cache and invalidation listener. On PGlite it shares the embedded instance
 * (PGlite is one process's database) but keeps its own cache and listener. Close it when done.
 */
export async function secondInstance(): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const { database: shared, dataDir } = await sharedDatabase();
  const databaseUrl = inject("databaseUrl") || undefined;
  const database = databaseUrl ? await openDatabase({ databaseUrl, dataDir }) : shared;
  // No workers of its own (the first instance runs them); config refuses HERALD_WORKERS=false on PGlite.
  const app = await buildApp({ config: { ...testConfig({}, dataDir), runWorkers: false }, database });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      if (database !== shared) await database.close();
    },
  };
}

let seq = 0;
export const uniqueEmail = (prefix = "user") => `${prefix}.${process.pid}.${Date.now()}.${++seq}@example.com`;

export interface TestUser {
  id: string;
  email: string;
  token: string;
  sessionId: string;
}
export interface TestCompany {
  id: string;
  owner: TestUser;
}

/** A fresh company with an owner admin who is signed in: each test gets its own tenant. */
export async function createCompany(
  app: FastifyInstance,
  opts: { creditCents?: number } = {},
): Promise<TestCompany> {
  const { db } = app.deps.database;
  const [company] = await db
    .insert(companies)
    .values({ name: `Test Co ${++seq}`, creditCents: opts.creditCents ?? 100_000 })
    .returning();
  const owner = await createUser(app, company!.id, { role: "admin", isOwner: true });
  return { id: company!.id, owner };
}

export async function createUser(
  app: FastifyInstance,
  companyId: string,
  opts: { role?: "admin" | "supervisor" | "agent"; isOwner?: boolean; status?: string; email?: string } = {},
): Promise<TestUser> {
  const { db } = app.deps.database;
  const email = opts.email ?? uniqueEmail(opts.role ?? "agent");
  const [user] = await db
    .insert(users)
    .values({
      companyId,
      firstName: "Test",
      lastName: "User",
      email,
      passwordHash: await hashPassword(TEST_PASSWORD),
      contactNumber: "6591234567",
      userRole: opts.role ?? "agent",
      isOwner: opts.isOwner ?? false,
      status: opts.status ?? "active",
      emailVerifiedAt: new Date(),
    })
    .returning();
  const session = await signIn(app, user!.id, companyId, user!.userRole);
  return { id: user!.id, email, ...session };
}

/** Creates a session row and its access token, as sign-in does. */
export async function signIn(app: FastifyInstance, userId: string, companyId: string, role: string) {
  const { config, database } = app.deps;
  const [s] = await database.db
    .insert(sessions)
    .values({ userId, companyId, kind: "access", expiresAt: new Date(Date.now() + 3600_000) })
    .returning();
  const token = await signToken(
    config.jwtSecret,
    { user_id: userId, role, company_id: companyId, sid: s!.id, typ: "access" },
    3600,
  );
  return { token, sessionId: s!.id };
}

export interface TestOperator {
  id: string;
  email: string;
  token: string;
  sessionId: string;
}

/** An active platform operator (not a user of any company) with a live session, as /operator/verifyOtp makes. */
export async function createOperator(
  app: FastifyInstance,
  opts: { email?: string } = {},
): Promise<TestOperator> {
  const { config, database } = app.deps;
  const email = opts.email ?? uniqueEmail("operator");
  const [op] = await database.db
    .insert(operators)
    .values({
      email,
      name: "Test Operator",
      passwordHash: await hashPassword(TEST_PASSWORD),
      status: "active",
    })
    .returning();
  const [s] = await database.db
    .insert(operatorSessions)
    .values({ operatorId: op!.id, kind: "access", expiresAt: new Date(Date.now() + 3600_000) })
    .returning();
  const token = await signOperatorToken(config.jwtSecret, { op_id: op!.id, sid: s!.id }, 3600);
  return { id: op!.id, email, token, sessionId: s!.id };
}

/**
 * Sender IDs the company owns, as the operator's approval makes them (status 'approved'): tests that give users
 * sender IDs approve them for the company first. `ssirRegistered` defaults to true (no SSIR warning).
 */
export async function approveSenderIds(
  app: FastifyInstance,
  companyId: string,
  ids: string[],
  opts: { ssirRegistered?: boolean } = {},
): Promise<void> {
  if (ids.length === 0) return;
  await app.deps.database.db.insert(senderIds).values(
    ids.map((raw) => {
      const p = parseSenderId(raw);
      if (!p.ok) throw new Error(`${raw}: ${p.message}`);
      return {
        companyId,
        senderId: p.value,
        kind: p.kind,
        purpose: "Test",
        status: "approved",
        ssirRegistered: opts.ssirRegistered ?? true,
        decidedAt: new Date(),
      };
    }),
  );
}

/**
 * An inbound number (digits) as the operator assigns it: to one company (no keyword), or shared by companies each
 * with a keyword. Answers the number's id.
 */
export async function assignInboundNumber(
  app: FastifyInstance,
  number: string,
  owners: { companyId: string; keyword?: string }[],
  opts: { kind?: "long" | "short" } = {},
): Promise<string> {
  const { db } = app.deps.database;
  const shared = owners.some((o) => o.keyword);
  const [n] = await db
    .insert(inboundNumbers)
    .values({ number, kind: opts.kind ?? (number.length <= 8 ? "short" : "long"), shared })
    .returning();
  if (owners.length > 0) {
    await db
      .insert(inboundNumberOwners)
      .values(owners.map((o) => ({ numberId: n!.id, companyId: o.companyId, keyword: o.keyword ?? null })));
  }
  return n!.id;
}

export const auth = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` });

/** Waits until `check` returns a truthy value (jobs run asynchronously). */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() - start > timeoutMs) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}

let ipSeq = 0;
/** A distinct client address per test, so per-IP rate limits of one test never touch another. */
export const clientIp = () => {
  ipSeq += 1;
  // 10.<worker>.<seq high>.<seq low>: 65,536 distinct addresses per worker before any repeats
  const worker = Number(process.env.VITEST_POOL_ID ?? process.pid % 250) % 256;
  return `10.${worker}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

/** Newest sandbox message to an address (e-mail or SMS), waiting for the worker to deliver it. */
export async function lastMessageTo(app: FastifyInstance, to: string, after = new Date(0)) {
  return eventually(async () => {
    const rows = await app.deps.database.query<{
      subject: string | null;
      text: string;
      links: string[];
      created_at: Date;
    }>(
      `select subject, text, links, created_at from sandbox_messages where "to" = $1 and created_at > $2 order by created_at desc, id desc limit 1`,
      [to, after],
    );
    return rows[0];
  });
}

/** Transaction control is sent by some drivers and not by others: it is not counted as a query. */
const TRANSACTION_CONTROL = /^\s*(begin|start transaction|commit|rollback|savepoint|release)\b/i;

export interface QueryCount<T> {
  /** Statements sent to the database while `fn` ran (transaction control excluded). */
  count: number;
  /** Their SQL texts, in order: put them in failure messages. */
  queries: string[];
  result: T;
}

/**
 * Counts the queries one request (or any piece of work) sends to the database: the rule "one query for
 * the actor, a bounded number for the work, never one per row" as a test helper. Use it for every new
 * endpoint, with a list long enough to show that the count does not grow with the rows:
 *
 *   const { count, queries, result } = await countQueries(() =>
 *     app.inject({ method: "POST", url: "/api/getProfile", headers: auth(owner) }));
 *   expect(count, queries.join("\n")).toBeLessThanOrEqual(2);
 *
 * Only work started inside `fn` is counted (it follows the async context), so job workers and other tests'
 * requests running at the same time are not. The actor is cached per session (src/lib/session-cache.ts):
 * a token's first request costs one query for the actor and later ones none, until the session or its user
 * changes; call `countQueries` on a second request to count the work alone, or on a fresh token to count
 * both.
 */
export async function countQueries<T>(fn: () => PromiseLike<T>): Promise<QueryCount<T>> {
  const { result, queries } = await recordQueries(fn);
  const counted = queries.filter((q) => !TRANSACTION_CONTROL.test(q));
  return { count: counted.length, queries: counted, result };
}

/** POST to `/api<url>` from a distinct client address (per-IP limits of one test never touch another). */
export const apiPost = (
  app: FastifyInstance,
  url: string,
  payload: unknown,
  opts: { token?: string; ip?: string } = {},
) =>
  app.inject({
    method: "POST",
    url: `/api${url}`,
    payload: payload as object,
    remoteAddress: opts.ip ?? clientIp(),
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
  });

/** A valid registration body with a fresh address; `over` replaces fields. */
export const registration = (over: Record<string, unknown> = {}) => ({
  firstName: "Mei",
  lastName: "Ling",
  companyName: "Lion City Traders",
  email: uniqueEmail("owner"),
  password: "Str0ng!Passw0rd",
  confirmPass: "Str0ng!Passw0rd",
  country: "Singapore",
  contactNumber: "6591234567",
  ...over,
});
