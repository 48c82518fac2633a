/**
 * What the PostgreSQL benchmarks share: the database they may use (BENCH_DATABASE_URL), a database of their own
 * created and dropped around the run (withBenchDatabase), the built server started in a process of its own on
 * it, the server's app in the bench process, companies, owners and access tokens seeded for them, the enqueue
 * and drain of the send benchmarks, runs of the built CLI, the memory and CPU of a process, and latency figures.
 * Lives in a folder so that `npm run bench` (which runs bench/*.ts) does not take it for a bench.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort, serverEntry, serverNodeFlags } from "../../e2e/support/server";
import type { Config } from "../../packages/server/src/config";

/** The JWT secret of benchmark servers and of the tokens benches sign for them. */
export const BENCH_SECRET = "bench-secret-bench-secret-bench-secret-0123456789";
const root = path.resolve(import.meta.dirname, "../..");
/** The built CLI (packages/cli/dist). */
const cliEntry = path.join(root, "packages/cli/dist/herald.js");

// ---------------------------------------------------------------- figures

export const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
export const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
/** Milliseconds, right-aligned in `width` columns. */
export const ms = (n: number, width = 8) => n.toFixed(2).padStart(width);
export const median = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

export interface Spread {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function spread(xs: readonly number[]): Spread {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted.length === 0
      ? Number.NaN
      : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
  return {
    n: sorted.length,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

// ---------------------------------------------------------------- processes

/** Peak resident set (VmHWM) of a process, 0 when it is gone. */
export function rssOf(pid: number): number {
  return procStatus(pid)?.hwm ?? 0;
}

/** CPU seconds (user + system) a process has used so far, 0 when it is gone. */
export function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Byte figures of /proc/PID/status (VmRSS, VmHWM); undefined once the process is gone. */
export function procStatus(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? 0) * 1024;
    return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
  } catch {
    return undefined;
  }
}

/**
 * Follows one process's peak RSS, sampled every 20 ms; with `resetHighWaterMark` the kernel's high-water mark
 * is reset first where allowed (else the samples still catch the peak within 20 ms).
 */
export function peakOf(pid: number, { resetHighWaterMark = false } = {}) {
  if (resetHighWaterMark) {
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, "5");
    } catch {
      /* not allowed here: the samples below still catch the peak within 20 ms */
    }
  }
  let peak = procStatus(pid)?.rss ?? 0;
  const read = () => {
    const s = procStatus(pid);
    if (s) peak = Math.max(peak, s.rss, s.hwm);
  };
  const timer = setInterval(read, 20);
  return {
    stop: () => {
      read();
      clearInterval(timer);
      return peak;
    },
  };
}

/**
 * The built CLI with `args` against `serverUrl` as `token` (its config in `dir`): its exit code and output, the
 * seconds it took and its peak RSS (with `resetHighWaterMark`, see peakOf).
 */
export async function runCli(
  args: string[],
  o: { serverUrl: string; token: string; dir: string; resetHighWaterMark?: boolean },
): Promise<{ code: number | null; out: string; seconds: number; peak: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [cliEntry, ...args], {
    env: {
      ...process.env,
      HERALD_URL: o.serverUrl,
      HERALD_TOKEN: o.token,
      XDG_CONFIG_HOME: path.join(o.dir, "cli-config"),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const cliPeak = peakOf(child.pid!, { resetHighWaterMark: o.resetHighWaterMark ?? false });
  let out = "";
  child.stdout!.on("data", (c: Buffer) => {
    out += c.toString();
  });
  const [code] = (await once(child, "exit")) as [number | null];
  const seconds = (performance.now() - started) / 1000;
  const peak = cliPeak.stop();
  return { code, out, seconds, peak };
}

/**
 * Milliseconds of `rounds` calls of `api` and of `raw` (the same work straight on the database), interleaved so
 * that background load hits both alike.
 */
export async function interleavedTimes(
  rounds: number,
  api: () => Promise<unknown>,
  raw: () => Promise<unknown>,
): Promise<{ apiTimes: number[]; rawTimes: number[] }> {
  const apiTimes: number[] = [];
  const rawTimes: number[] = [];
  for (let i = 0; i < rounds; i++) {
    let t = performance.now();
    await api();
    apiTimes.push(performance.now() - t);
    t = performance.now();
    await raw();
    rawTimes.push(performance.now() - t);
  }
  return { apiTimes, rawTimes };
}

/** Throws unless every built file of `entries` exists. */
function requireBuilt(...entries: string[]) {
  for (const entry of entries) {
    if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  }
}

// ---------------------------------------------------------------- the database and the server

/** BENCH_DATABASE_URL (default the local PostgreSQL), or undefined when it does not answer. */
export async function postgresUrl(): Promise<string | undefined> {
  const base = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const c = new pg.Client({ connectionString: base, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return base;
  } catch {
    return undefined;
  }
}

export interface BenchDatabase {
  /** The benchmark's own database. */
  url: string;
  name: string;
  /** A data directory of its own (HERALD_DATA_DIR). */
  dir: string;
  /** Drops the database (kept with BENCH_KEEP_DATABASE) and removes the data directory. */
  drop(): Promise<void>;
}

/** A fresh database `${prefix}_PID_TIME` on the server of `base`, and a data directory of its own. */
export async function benchDatabase(base: string, prefix: string): Promise<BenchDatabase> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix.replace(/_/g, "-")}-`));
  return {
    url: url.toString(),
    name,
    dir,
    async drop() {
      if (process.env.BENCH_KEEP_DATABASE) console.log(`kept database ${name}`);
      else await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The environment of a benchmark server on `databaseUrl` (development mode, no demo data, no job workers); also
 * what in-process imports of the server read.
 */
export function benchServerEnv(databaseUrl: string, dataDir: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    HERALD_DATA_DIR: dataDir,
    HERALD_JWT_SECRET: BENCH_SECRET,
    HERALD_DEMO: "false",
    HERALD_WORKERS: "false",
    HERALD_PORTAL_DIR: path.join(tmpdir(), "herald-bench-no-portal"),
    HERALD_ENV: "development",
    LOG_LEVEL: "warn",
    HERALD_PUBLIC_RATE_LIMIT: "100000",
  };
}

export interface ServerProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * The built server (packages/server/dist/main.js, with the Node flags of its shebang) in a process of its own,
 * migrating `databaseUrl` on start; resolves once it answers /api/healthz.
 */
export async function startServerProcess(
  databaseUrl: string,
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<ServerProcess> {
  requireBuilt(serverEntry);
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags(), serverEntry], {
    env: {
      ...process.env,
      ...benchServerEnv(databaseUrl, dataDir),
      PORT: String(port),
      HOST: "127.0.0.1",
      ...extraEnv,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (i > 600) throw new Error("server did not answer within 60 s");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    },
  };
}

export interface BenchRun extends BenchDatabase {
  /** The goals the run missed: printed afterwards, and the bench exits 1. */
  failures: string[];
  /** The built server on the database (stopped afterwards, if still running). */
  startServer(extraEnv?: Record<string, string>): Promise<ServerProcess>;
  /** A client connected to the database (closed afterwards). */
  client(): Promise<pg.Client>;
}

/**
 * Runs `body` on a PostgreSQL database of its own (`prefix`_PID_TIME on BENCH_DATABASE_URL) once the built server
 * (and with `cli` the built CLI) are found; says it is skipped when PostgreSQL does not answer. Afterwards stops
 * the servers `body` started, closes its clients and drops the database; then prints each goal it missed
 * (`failures`) and exits 1 when there is any.
 */
export async function withBenchDatabase(
  { prefix, cli = false }: { prefix: string; cli?: boolean },
  body: (run: BenchRun) => Promise<void>,
): Promise<void> {
  requireBuilt(serverEntry, ...(cli ? [cliEntry] : []));
  const base = await postgresUrl();
  if (!base) {
    console.log("PostgreSQL: not reachable (set BENCH_DATABASE_URL); skipped");
    return;
  }
  const bench = await benchDatabase(base, prefix);
  const servers: ServerProcess[] = [];
  const clients: pg.Client[] = [];
  const failures: string[] = [];
  try {
    await body({
      ...bench,
      failures,
      startServer: async (extraEnv = {}) => {
        const server = await startServerProcess(bench.url, bench.dir, extraEnv);
        servers.push(server);
        return server;
      },
      client: async () => {
        const c = new pg.Client({ connectionString: bench.url });
        clients.push(c);
        await c.connect();
        return c;
      },
    });
  } finally {
    for (const server of servers) await server.stop();
    for (const c of clients) await c.end().catch(() => undefined);
    await bench.drop();
  }
  if (failures.length > 0) {
    for (const f of failures) console.error(`goal missed: ${f}`);
    process.exit(1);
  }
}

// ---------------------------------------------------------------- the server's code in the bench process

/**
 * The server's app built in this process from process.env, with `env` set first (the bench's own: seeding,
 * recorded statements), and the server's `recordQueries`.
 */
export async function inProcessApp(env: Record<string, string> = {}) {
  Object.assign(process.env, env);
  const { buildApp } = await import("../../packages/server/src/app");
  const { loadConfig } = await import("../../packages/server/src/config");
  const { recordQueries } = await import("../../packages/server/src/db/client");
  const config = loadConfig(process.env);
  const app = await buildApp({ config });
  return { app, config, database: app.deps.database, recordQueries };
}

type ServerDatabase = Awaited<ReturnType<typeof inProcessApp>>["database"];

/** A company and its owner (admin, e-mail verified, first name "Bench"), inserted through the server's schema. */
export async function companyWithOwner(
  database: ServerDatabase,
  company: { name: string; totalUsersAllowed?: number },
  owner: { email: string; lastName?: string },
): Promise<{ companyId: string; userId: string }> {
  const { companies, users } = await import("../../packages/server/src/db/schema");
  const [c] = await database.db.insert(companies).values(company).returning();
  const [user] = await database.db
    .insert(users)
    .values({
      companyId: c!.id,
      firstName: "Bench",
      ...owner,
      passwordHash: "x",
      userRole: "admin",
      isOwner: true,
      emailVerifiedAt: new Date(),
    })
    .returning();
  return { companyId: c!.id, userId: user!.id };
}

/** A session of `user` and its access token, both valid for `seconds`. */
export async function accessToken(
  database: ServerDatabase,
  jwtSecret: Uint8Array,
  user: { id: string; companyId: string; role: "admin" | "supervisor" | "agent" },
  seconds: number,
): Promise<string> {
  const { sessions } = await import("../../packages/server/src/db/schema");
  const { signToken } = await import("../../packages/server/src/lib/tokens");
  const [session] = await database.db
    .insert(sessions)
    .values({ userId: user.id, companyId: user.companyId, expiresAt: new Date(Date.now() + seconds * 1000) })
    .returning();
  return signToken(
    jwtSecret,
    { user_id: user.id, role: user.role, company_id: user.companyId, sid: session!.id, typ: "access" },
    seconds,
  );
}

/** A company and its owner (admin) seeded by SQL, with a session and an access token (signed with the config's `jwtSecret`) for four hours. */
async function seedOwner(
  db: pg.Client,
  name: string,
  jwtSecret: Uint8Array,
): Promise<{ companyId: string; userId: string; token: string }> {
  const { signToken } = await import("../../packages/server/src/lib/tokens");
  const [company] = (
    await db.query<{ id: string }>(
      "insert into companies (id, name) values (gen_random_uuid(), $1) returning id",
      [name],
    )
  ).rows;
  const companyId = company!.id;
  const [user] = (
    await db.query<{ id: string }>(
      `insert into users (id, company_id, first_name, email, password_hash, user_role, is_owner, email_verified_at)
       values (gen_random_uuid(), $1, 'Bench', $2, 'x', 'admin', true, now()) returning id`,
      [companyId, `bench.${name.replace(/\W/g, "").toLowerCase()}.${process.pid}@example.com`],
    )
  ).rows;
  const [session] = (
    await db.query<{ id: string }>(
      "insert into sessions (id, user_id, company_id, expires_at) values (gen_random_uuid(), $1, $2, now() + interval '4 hours') returning id",
      [user!.id, companyId],
    )
  ).rows;
  const token = await signToken(
    jwtSecret,
    { user_id: user!.id, role: "admin", company_id: companyId, sid: session!.id, typ: "access" },
    4 * 3600,
  );
  return { companyId, userId: user!.id, token };
}

/**
 * The server's config, read in this process from the environment of the bench's server, and a company (seeded
 * by SQL) whose owner holds `creditOf(config)` cents, purchased and allocated through the ledger.
 */
async function fundedOwner(
  db: pg.Client,
  bench: BenchDatabase,
  name: string,
  creditOf: (config: Config) => number,
): Promise<{ config: Config; companyId: string; userId: string; token: string }> {
  Object.assign(process.env, benchServerEnv(bench.url, bench.dir));
  const { loadConfig } = await import("../../packages/server/src/config");
  const { openDatabase } = await import("../../packages/server/src/db/client");
  const { allocate, purchaseCredit } = await import("../../packages/server/src/modules/credit/ledger");
  const config = loadConfig(process.env);
  const database = await openDatabase({ databaseUrl: bench.url, dataDir: bench.dir });
  const owner = await seedOwner(db, name, config.jwtSecret);
  const credit = creditOf(config);
  await purchaseCredit(database.db, { companyId: owner.companyId, amountCents: credit });
  await allocate(database.db, { companyId: owner.companyId, userId: owner.userId, amountCents: credit });
  await database.close();
  return { config, ...owner };
}

/**
 * A contact group of `n` contacts numbered from `from` (mobiles 6580000000 + i, names "Person i"), seeded with
 * set-based SQL; answers its id.
 */
async function seedGroup(
  db: pg.Client,
  companyId: string,
  name: string,
  from: number,
  n: number,
): Promise<string> {
  const [g] = (
    await db.query<{ id: string }>(
      "insert into contact_groups (id, company_id, name, member_count) values (gen_random_uuid(), $1, $2, $3) returning id",
      [companyId, name, n],
    )
  ).rows;
  await db.query(
    `with c as (
       insert into contacts (id, company_id, mobile, name, attributes, created_at)
       select gen_random_uuid(), $1, (6580000000 + g)::text, 'Person ' || g, jsonb_build_object('code', (g % 9000 + 1000)::text),
              now() - (g || ' milliseconds')::interval
         from generate_series($2::int, $3::int) g
       returning id, created_at)
     insert into group_members (group_id, contact_id, created_at) select $4, id, created_at from c`,
    [companyId, from, from + n - 1, g!.id],
  );
  return g!.id;
}

/** A group "Everyone" of `rows` contacts and a "Warm-up" group of `warmRows` others, analyzed; says how long. */
async function seedSendGroups(
  db: pg.Client,
  companyId: string,
  rows: number,
  warmRows: number,
): Promise<{ warmGroup: string; bigGroup: string }> {
  const seedStarted = performance.now();
  const warmGroup = await seedGroup(db, companyId, "Warm-up", 9_000_001, warmRows);
  const bigGroup = await seedGroup(db, companyId, "Everyone", 1, rows);
  await db.query("analyze contacts");
  await db.query("analyze group_members");
  console.log(
    `seeded ${fmt(rows)} contacts in one group (and a ${fmt(warmRows)}-contact warm-up group) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );
  return { warmGroup, bigGroup };
}

// ---------------------------------------------------------------- enqueue and drain

/**
 * The start of a send benchmark: the server under test with its workers off (it migrates the database) and
 * `env` besides, a client on the database, a company `company` whose owner holds `creditOf(config)` cents,
 * and its groups of `rows` and `warmRows` contacts (see seedSendGroups).
 */
export async function startSendBench(
  bench: BenchRun,
  o: {
    env: Record<string, string>;
    company: string;
    creditOf: (config: Config) => number;
    rows: number;
    warmRows: number;
  },
) {
  const server = await bench.startServer(o.env);
  const db = await bench.client();
  const owner = await fundedOwner(db, bench, o.company, o.creditOf);
  const groups = await seedSendGroups(db, owner.companyId, o.rows, o.warmRows);
  return { server, db, ...owner, ...groups };
}

/**
 * The goals of the send benchmarks: enqueue / raw INSERT … SELECT, drained messages per second / limit, and the
 * busiest second of recorded submission instants / limit (never above the gateway's limit).
 */
export const ENQUEUE_GOAL = 0.5;
export const DRAIN_GOAL = 0.95;
export const BUSIEST_GOAL = 1;

/**
 * An enqueue against the server: `warmUp` first (code paths compiled, statements planned: not timed), then
 * `timed`; with the seconds it took, the server's peak RSS right after and the jobs of queue `job` it created.
 */
export async function timeEnqueue<T>(
  db: pg.Client,
  server: ServerProcess,
  job: string,
  warmUp: () => Promise<T>,
  timed: () => Promise<T>,
): Promise<{ warm: T; sent: T; sendSeconds: number; serverPeak: number; jobs: number }> {
  const warm = await warmUp();
  const jobsBefore = await createdJobs(db, job);
  const started = performance.now();
  const sent = await timed();
  const sendSeconds = (performance.now() - started) / 1000;
  const serverPeak = rssOf(server.pid);
  const jobs = (await createdJobs(db, job)) - jobsBefore;
  return { warm, sent, sendSeconds, serverPeak, jobs };
}

/** raw / send seconds, a failure under ENQUEUE_GOAL. */
export function enqueueRatio(rawSeconds: number, sendSeconds: number, failures: string[]): number {
  const ratio = rawSeconds / sendSeconds;
  if (ratio < ENQUEUE_GOAL) failures.push(`enqueue ratio ${ratio.toFixed(2)} < ${ENQUEUE_GOAL}`);
  return ratio;
}

/** Jobs of queue `name` waiting in pg-boss (state 'created'). */
async function createdJobs(db: pg.Client, name: string): Promise<number> {
  const [r] = (
    await db.query<{ n: string }>(
      "select count(*) as n from pgboss.job where name = $1 and state = 'created'",
      [name],
    )
  ).rows;
  return Number(r!.n);
}

/**
 * Seconds of a raw `INSERT … SELECT` of the rows of `table` where `key` = `id` (`columns`, new ids, idempotency
 * keys 'raw:' || id) in a transaction of its own: the reference of an enqueue. The copies are deleted again.
 */
export async function rawInsertSeconds(
  db: pg.Client,
  table: string,
  key: string,
  columns: string,
  id: string,
): Promise<number> {
  await db.query("begin");
  const rawStarted = performance.now();
  await db.query(
    `insert into ${table} (id, ${columns}, idempotency_key)
       select gen_random_uuid(), ${columns}, 'raw:' || id from ${table} where ${key} = $1`,
    [id],
  );
  await db.query("commit");
  const rawSeconds = (performance.now() - rawStarted) / 1000;
  // the copies go again (the drain must see the real rows only)
  await db.query(`delete from ${table} where ${key} = $1 and idempotency_key like 'raw:%'`, [id]);
  return rawSeconds;
}

/**
 * The drain: stops `server` and starts it again with its job workers on (and `env`), then runs `leftSql` (with
 * `params`: the rows `left`, optionally the sends still `running`) on `db` every 500 ms until both are 0, or
 * until `limitMs` after the restart began (a failure); reports `… N of TOTAL VERB` every 15 s. Answers the
 * server that drained and when its start began.
 */
export async function drainWithWorkers(
  bench: BenchRun,
  server: ServerProcess,
  env: Record<string, string>,
  o: {
    db: pg.Client;
    leftSql: string;
    params: unknown[];
    limitMs: number;
    total: number;
    verb: string;
  },
): Promise<{ server: ServerProcess; started: number }> {
  await server.stop();
  const started = performance.now();
  const drainer = await bench.startServer({ ...env, HERALD_WORKERS: "true" });
  let lastReport = performance.now();
  for (;;) {
    const [r] = (await o.db.query<{ left: string; running?: string }>(o.leftSql, o.params)).rows;
    const left = Number(r!.left);
    if (left === 0 && Number(r!.running ?? 0) === 0) break;
    if (performance.now() - started > o.limitMs) {
      bench.failures.push(
        `the drain did not finish within ${(o.limitMs / 1000).toFixed(0)} s (${fmt(left)} left)`,
      );
      break;
    }
    if (performance.now() - lastReport > 15_000) {
      lastReport = performance.now();
      console.log(`  … ${fmt(o.total - left)} of ${fmt(o.total)} ${o.verb}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { server: drainer, started };
}

/**
 * The sustained rate of a drain, `accepted` messages over `span` seconds between the first and the last,
 * against the configured `limit`: fails under DRAIN_GOAL times the limit, or above it.
 */
export function drainRate(accepted: number, span: number, limit: number, failures: string[]) {
  const rate = span > 0 ? (accepted - 1) / span : 0;
  const ratio = rate / limit;
  if (ratio < DRAIN_GOAL) failures.push(`drain ratio ${ratio.toFixed(2)} < ${DRAIN_GOAL}`);
  if (rate > limit * 1.02) failures.push(`${fmt(rate)} msg/s, over the ${limit}/s limit`);
  return { rate, ratio };
}

/**
 * The busiest clock second of a drain's recorded submission instants (`busiest` messages) against the configured
 * `limit`: fails above BUSIEST_GOAL times the limit (a gateway throttles any second over its limit).
 */
export function busiestRatio(busiest: number, limit: number, failures: string[]): number {
  const ratio = busiest / limit;
  if (ratio > BUSIEST_GOAL)
    failures.push(
      `busiest second ${fmt(busiest)} messages, ratio ${ratio.toFixed(2)} > ${BUSIEST_GOAL.toFixed(2)}`,
    );
  return ratio;
}
