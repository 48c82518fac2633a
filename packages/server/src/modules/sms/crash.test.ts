import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { build } from "esbuild";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../../app";
import { type Database, openDatabase, runMigrations } from "../../db/client";
import { auth, createCompany, testConfig } from "../../test/harness";
import { rows } from "../contacts/contacts.service";
import { allocate } from "../credit/ledger";
import { WINDOW } from "./deliver";

/**
 * Crash safety on PostgreSQL: a worker process sending a 10,000-recipient send is killed (SIGKILL) at random
 * moments, then started again, several times (SMS_CRASH_ROUNDS, 20 by default); at the end every recipient was
 * accepted, each submitted once or — only for messages in flight at a kill — twice with the same key, and the
 * credit charged equals the accepted segments.
 */
const runDatabaseUrl = inject("databaseUrl");
const onPostgres = Boolean(runDatabaseUrl);
// A database of its own: the run's shared database also serves other test files whose apps run job workers,
// and one of them could take this send's delivery jobs and send its rows through another gateway.
const crashDb = `herald_crash_${process.pid}_${Date.now()}`;
const databaseUrl = onPostgres
  ? (() => {
      const u = new URL(runDatabaseUrl);
      u.pathname = `/${crashDb}`;
      return u.toString();
    })()
  : "";
const RECIPIENTS = 10_000;
const ROUNDS = Number(process.env.SMS_CRASH_ROUNDS ?? 20);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
// The worker is bundled once (next to the server's sources, so the packages left out resolve), and each round
// starts plain node on it: a round then costs the crash, not a TypeScript compile.
const workerBundle = path.join(serverDir, `.crash-worker-${process.pid}.mjs`);

let app: FastifyInstance;
let database: Database | undefined;
beforeAll(async () => {
  if (!onPostgres) return;
  const admin = new pg.Client({ connectionString: runDatabaseUrl });
  await admin.connect();
  await admin.query(`create database ${crashDb}`);
  await admin.end();
  const dataDir = mkdtempSync(path.join(tmpdir(), "herald-crash-test-"));
  database = await openDatabase({ databaseUrl, dataDir });
  await runMigrations(database);
  await build({
    entryPoints: [path.join(serverDir, "src/modules/sms/crash-worker.ts")],
    outfile: workerBundle,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    external: ["@electric-sql/pglite", "pg-native", "@node-rs/*"],
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: "error",
  });
  app = await buildApp({ config: { ...testConfig({}, dataDir), runWorkers: false }, database });
  await app.ready();
});
afterAll(async () => {
  rmSync(workerBundle, { force: true });
  await app?.close();
  await database?.close();
  if (!onPostgres) return;
  const admin = new pg.Client({ connectionString: runDatabaseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${crashDb} with (force)`);
  await admin.end();
});

function worker(sendId: string): ChildProcess {
  return spawn(process.execPath, [workerBundle], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SEND_ID: sendId,
      HERALD_SMS_RATE: "100000",
      HERALD_SMS_SUBMIT_TIMEOUT: "1",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });

describe.skipIf(!onPostgres)("worker crash safety (PostgreSQL)", () => {
  it("kills the worker at random points; every row is sent once (or twice only inside the accept window), charged = accepted", {
    timeout: 900_000,
  }, async () => {
    const { db } = app.deps.database;
    await db.execute(sql`create table if not exists crash_gateway (key text not null,
        created_at timestamptz not null default now())`);
    const { id: companyId, owner } = await createCompany(app, { creditCents: 2_000_000 });
    await allocate(db, { companyId, userId: owner.id, amountCents: 1_000_000 });
    const base = 91_000_000 + Math.floor(Math.random() * 5_000_000);
    const numbers = Array.from({ length: RECIPIENTS }, (_, i) => `65${base + i}`);
    const res = await app.inject({
      method: "POST",
      url: "/api/sms/send",
      payload: { channel: "SMS", recipients: { numbers }, text: "Hello {name}, your order is ready." },
      headers: auth(owner),
    });
    expect(res.statusCode, res.body).toBe(200);
    const sendId: string = res.json().id;
    expect(res.json().recipients).toBe(RECIPIENTS);

    let kills = 0;

    const progress: number[] = [];
    const accepted = async () =>
      Number(
        (
          await rows<{ n: string }>(
            db,
            sql`select count(*) as n from sms_messages where send_id = ${sendId}::uuid and status = 'accepted'`,
          )
        )[0]!.n,
      );
    for (let round = 0; round < ROUNDS; round++) {
      const child = worker(sendId);
      let stderr = "";
      child.stderr?.on("data", (d) => {
        stderr += String(d);
      });
      // Once this worker has sent something (its start takes a while), kill it 0 to 1.5 s later.
      const before = await accepted();
      const started = Date.now();
      while (child.exitCode === null && Date.now() - started < 120_000 && (await accepted()) <= before) {
        await new Promise((r) => setTimeout(r, 50));
      }
      await new Promise((r) => setTimeout(r, Math.random() * 1500));
      if (child.exitCode === null) {
        child.kill("SIGKILL");
        kills++;
      }
      const code = await exited(child);
      expect(code === null || code === 0, stderr).toBe(true);
      progress.push(await accepted());
    }
    // the kills landed while the send was under way (some rows sent, others not yet)
    expect(
      progress.some((n) => n > 0 && n < RECIPIENTS),
      progress.join(","),
    ).toBe(true);
    const last = worker(sendId);
    let stderr = "";
    last.stderr?.on("data", (d) => {
      stderr += String(d);
    });
    expect(await exited(last), stderr).toBe(0);

    const [counts] = await rows<{ accepted: string; other: string; segments: string; cost: string }>(
      db,
      sql`select count(*) filter (where status = 'accepted') as accepted,
                   count(*) filter (where status <> 'accepted') as other,
                   coalesce(sum(segments) filter (where status = 'accepted'), 0) as segments,
                   coalesce(sum(cost_cents) filter (where status = 'accepted'), 0) as cost
              from sms_messages where send_id = ${sendId}::uuid`,
    );
    expect(Number(counts!.accepted)).toBe(RECIPIENTS);
    expect(Number(counts!.other)).toBe(0);
    // every row reached the gateway; more than once only for rows in flight when a worker was killed
    const [sent] = await rows<{ distinct_keys: string; duplicates: string; missing: string }>(
      db,
      sql`select (select count(distinct g.key) from crash_gateway g join sms_messages m on m.idempotency_key = g.key
                     where m.send_id = ${sendId}::uuid) as distinct_keys,
                   (select count(*) - count(distinct g.key) from crash_gateway g join sms_messages m
                       on m.idempotency_key = g.key where m.send_id = ${sendId}::uuid) as duplicates,
                   (select count(*) from sms_messages m where m.send_id = ${sendId}::uuid
                       and not exists (select 1 from crash_gateway g where g.key = m.idempotency_key)) as missing`,
    );
    expect(Number(sent!.missing)).toBe(0);
    expect(Number(sent!.distinct_keys)).toBe(RECIPIENTS);
    // at most the submissions not yet recorded (one window per worker) at each kill
    expect(Number(sent!.duplicates)).toBeLessThanOrEqual(kills * WINDOW);
    // charged = accepted segments x price, and the reservation's rest went back
    const [charged] = await rows<{ captured: string }>(
      db,
      sql`select coalesce(sum(e.amount_cents), 0) as captured from ledger_entries e
             where e.company_id = ${companyId}::uuid and e.account = 'usage'`,
    );
    expect(Number(charged!.captured)).toBe(Number(counts!.cost));
    expect(Number(counts!.cost)).toBe(Number(counts!.segments) * app.deps.config.sending.smsPriceCents);
    const [u] = await rows<{ c: string }>(
      db,
      sql`select credit_cents as c from users where id = ${owner.id}::uuid`,
    );
    expect(Number(u!.c)).toBe(1_000_000 - Number(counts!.cost));
  });
});
