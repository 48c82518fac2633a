/**
 * A large SMS send on PostgreSQL through the sandbox gateway (`npm run bench -- sms-send`):
 *
 * 1. Enqueue: `POST /api/sms/send` to a group of BENCH_SEND_ROWS contacts (default 100,000, seeded with set-based
 *    SQL) against the built server in a process of its own (workers off, so nothing drains meanwhile). The send
 *    answers once its transaction (the send, the reservation, one `sms_messages` row per recipient and the
 *    `sms.deliver` jobs) has committed; its rows per second are printed beside a raw `INSERT … SELECT` of the
 *    same rows into the same table (goal: ratio >= 0.5).
 * 2. Drain: the same server restarted with its job workers on and HERALD_SMS_RATE=1000 submits the rows through
 *    the sandbox gateway (each accepted message charged from the send's reservation). Accepted messages per
 *    second (from the rows' recorded submit instants) beside the configured limit (goal: ratio >= 0.9, and not
 *    above it); the busiest second is printed for information.
 *
 * Every figure is printed beside its reference as a ratio; exits 1 when a goal is missed. BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres): a database of its own is created and dropped; skipped
 * when unreachable. Run `npm run build` first (the server bundle).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort, serverNodeFlags } from "../e2e/support/server";

const ROWS = Number(process.env.BENCH_SEND_ROWS ?? 100_000);
const RATE = 1000;
const ENQUEUE_GOAL = 0.5;
const DRAIN_GOAL = 0.9;
const secret = "bench-secret-bench-secret-bench-secret-0123456789";
const root = path.resolve(import.meta.dirname, "..");
const serverEntry = path.join(root, "packages/server/dist/main.js");
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

function rssOf(pid: number): number {
  try {
    const text = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/^VmHWM:\s+(\d+) kB/m.exec(text)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

async function postgresUrl(): Promise<string | undefined> {
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

/** The built server in a process of its own; resolves once it answers /api/healthz. */
async function startServerProcess(databaseUrl: string, dataDir: string, workers: boolean) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags(), serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      HERALD_DATA_DIR: dataDir,
      HERALD_JWT_SECRET: secret,
      HERALD_DEMO: "false",
      HERALD_WORKERS: String(workers),
      HERALD_SMS_RATE: String(RATE),
      SMS_PROVIDER: "sandbox",
      HERALD_PORTAL_DIR: path.join(tmpdir(), "herald-bench-no-portal"),
      HERALD_ENV: "development",
      LOG_LEVEL: "warn",
      HERALD_PUBLIC_RATE_LIMIT: "100000",
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

async function main() {
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run \`npm run build\` first`);
  const base = await postgresUrl();
  if (!base) {
    console.log("PostgreSQL: not reachable (set BENCH_DATABASE_URL); skipped");
    return;
  }
  const dbName = `herald_bench_send_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  const dir = mkdtempSync(path.join(tmpdir(), "herald-bench-send-"));
  const failures: string[] = [];
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  const db = new pg.Client({ connectionString: url.toString() });
  try {
    // the server under test, workers off (it migrates the database)
    server = await startServerProcess(url.toString(), dir, false);
    await db.connect();
    Object.assign(process.env, {
      DATABASE_URL: url.toString(),
      HERALD_DATA_DIR: dir,
      HERALD_JWT_SECRET: secret,
      HERALD_DEMO: "false",
      HERALD_PORTAL_DIR: path.join(tmpdir(), "herald-bench-no-portal"),
      HERALD_ENV: "development",
      HERALD_WORKERS: "false",
      LOG_LEVEL: "warn",
    });
    const { loadConfig } = await import("../packages/server/src/config");
    const { signToken } = await import("../packages/server/src/lib/tokens");
    const { openDatabase } = await import("../packages/server/src/db/client");
    const { allocate, purchaseCredit } = await import("../packages/server/src/modules/credit/ledger");
    const config = loadConfig(process.env);
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: dir });

    // ---- a company, its owner with credit for the whole send, and groups seeded by SQL ----
    const [company] = (
      await db.query<{ id: string }>(
        "insert into companies (id, name) values (gen_random_uuid(), 'Send Co') returning id",
      )
    ).rows;
    const companyId = company!.id;
    const [user] = (
      await db.query<{ id: string }>(
        `insert into users (id, company_id, first_name, email, password_hash, user_role, is_owner, email_verified_at)
         values (gen_random_uuid(), $1, 'Bench', $2, 'x', 'admin', true, now()) returning id`,
        [companyId, `bench.send.${process.pid}@example.com`],
      )
    ).rows;
    const [session] = (
      await db.query<{ id: string }>(
        "insert into sessions (id, user_id, company_id, expires_at) values (gen_random_uuid(), $1, $2, now() + interval '4 hours') returning id",
        [user!.id, companyId],
      )
    ).rows;
    const token = await signToken(
      config.jwtSecret,
      { user_id: user!.id, role: "admin", company_id: companyId, sid: session!.id, typ: "access" },
      4 * 3600,
    );
    const credit = (ROWS + 2000) * config.sending.smsPriceCents * 3;
    await purchaseCredit(database.db, { companyId, amountCents: credit });
    await allocate(database.db, { companyId, userId: user!.id, amountCents: credit });

    const seedStarted = performance.now();
    const group = async (name: string, from: number, n: number) => {
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
    };
    const warmGroup = await group("Warm-up", 9_000_001, 2000);
    const bigGroup = await group("Everyone", 1, ROWS);
    await db.query("analyze contacts");
    await db.query("analyze group_members");
    console.log(
      `seeded ${fmt(ROWS)} contacts in one group (and a 2,000-contact warm-up group) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    const send = async (groupId: string) => {
      const r = await fetch(`${server!.url}/api/sms/send`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({
          channel: "SMS",
          recipients: { groupIds: [groupId] },
          text: "Hello {name}, your code is {code}. Reply STOP to opt out.",
          frequency: "now",
        }),
      });
      const b = (await r.json()) as { id?: string; recipients?: number; message?: string };
      if (r.status !== 200 && r.status !== 201) throw new Error(`/sms/send: ${r.status} ${b.message}`);
      return b as { id: string; recipients: number };
    };
    const jobsOf = async () =>
      Number(
        (
          await db.query<{ n: string }>(
            "select count(*) as n from pgboss.job where name = 'sms.deliver' and state = 'created'",
          )
        ).rows[0]!.n,
      );

    // ---- 1. enqueue: the real send beside INSERT … SELECT of the same rows ----
    const warm = await send(warmGroup); // code paths compiled, statements planned: not timed
    const jobsBefore = await jobsOf();
    const started = performance.now();
    const sent = await send(bigGroup);
    const sendSeconds = (performance.now() - started) / 1000;
    const serverPeak = rssOf(server.pid);
    const [counted] = (
      await db.query<{ n: string }>(
        "select count(*) as n from sms_messages where send_id = $1 and status = 'queued'",
        [sent.id],
      )
    ).rows;
    const jobs = (await jobsOf()) - jobsBefore;
    if (sent.recipients !== ROWS || Number(counted!.n) !== ROWS)
      throw new Error(
        `the send wrote ${counted!.n} queued rows for ${sent.recipients} recipients, not ${ROWS}`,
      );

    const columns = `company_id, send_id, user_id, campaign_id, channel, sender_id, subject, recipient,
      recipient_name, text, encoding, segments, cost_cents, status, reservation_id, scheduled_at`;
    await db.query("begin");
    const rawStarted = performance.now();
    await db.query(
      `insert into sms_messages (id, ${columns}, idempotency_key)
       select gen_random_uuid(), ${columns}, 'raw:' || id from sms_messages where send_id = $1`,
      [sent.id],
    );
    await db.query("commit");
    const rawSeconds = (performance.now() - rawStarted) / 1000;
    // the copies go again (the drain must see the send's rows only)
    await db.query("delete from sms_messages where send_id = $1 and idempotency_key like 'raw:%'", [sent.id]);

    const enqueueRatio = rawSeconds / sendSeconds;
    if (enqueueRatio < ENQUEUE_GOAL)
      failures.push(`enqueue ratio ${enqueueRatio.toFixed(2)} < ${ENQUEUE_GOAL}`);
    console.log(`\nenqueue of a ${fmt(ROWS)}-recipient send (group, one GSM-7 text with two variables)`);
    console.log(
      `  POST /api/sms/send (plan, reserve, ${fmt(ROWS)} rows, ${fmt(jobs)} jobs): ${fmt(ROWS / sendSeconds).padStart(9)} rows/s`,
    );
    console.log(`  raw INSERT … SELECT of the same rows:      ${fmt(ROWS / rawSeconds).padStart(9)} rows/s`);
    console.log(`  ratio send / raw INSERT: ${enqueueRatio.toFixed(2)} (goal >= ${ENQUEUE_GOAL})`);
    console.log(`  peak RSS of the server process: ${mb(serverPeak)}`);

    // ---- 2. drain: the server with its workers, HERALD_SMS_RATE=1000 ----
    await server.stop();
    server = undefined;
    const drainStarted = performance.now();
    server = await startServerProcess(url.toString(), dir, true);
    const total = ROWS + warm.recipients;
    const limitMs = (total / RATE) * 4000 + 60_000;
    let left = total;
    let lastReport = performance.now();
    for (;;) {
      const [r] = (
        await db.query<{ left: string }>(
          "select count(*) as left from sms_messages where send_id = any($1::uuid[]) and status in ('queued', 'submitting')",
          [[sent.id, warm.id]],
        )
      ).rows;
      left = Number(r!.left);
      if (left === 0) break;
      if (performance.now() - drainStarted > limitMs) {
        failures.push(`the drain did not finish within ${(limitMs / 1000).toFixed(0)} s (${fmt(left)} left)`);
        break;
      }
      if (performance.now() - lastReport > 15_000) {
        lastReport = performance.now();
        console.log(`  … ${fmt(total - left)} of ${fmt(total)} submitted`);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    const drainPeak = rssOf(server.pid);
    await server.stop();
    server = undefined;
    const [d] = (
      await db.query<{ n: string; span: string | null; others: string }>(
        `select count(*) filter (where status in ('accepted', 'delivered')) as n,
                extract(epoch from max(submitted_at) - min(submitted_at)) as span,
                count(*) filter (where status not in ('accepted', 'delivered')) as others
           from sms_messages where send_id = $1`,
        [sent.id],
      )
    ).rows;
    const [busiest] = (
      await db.query<{ n: string }>(
        `select coalesce(max(n), 0) as n from (select count(*) as n from sms_messages
          where send_id = any($1::uuid[]) and submitted_at is not null
          group by date_trunc('second', submitted_at)) x`,
        [[sent.id, warm.id]],
      )
    ).rows;
    const [charged] = (
      await db.query<{ c: string | null; n: string | null }>(
        `select sum(cost_cents) as c, sum(segments) as n from sms_messages where send_id = $1 and status = 'accepted'`,
        [sent.id],
      )
    ).rows;
    const accepted = Number(d!.n);
    const span = Number(d!.span ?? 0);
    const drainRate = span > 0 ? (accepted - 1) / span : 0;
    const drainRatio = drainRate / RATE;
    if (drainRatio < DRAIN_GOAL) failures.push(`drain ratio ${drainRatio.toFixed(2)} < ${DRAIN_GOAL}`);
    // Sustained: over the whole drain the limit holds (slots are counted by second when a worker takes its
    // window's sends; the rows' instants are written after the window, so one clock second may show more).
    if (drainRate > RATE * 1.02) failures.push(`${fmt(drainRate)} msg/s, over the ${RATE}/s limit`);
    if (accepted !== ROWS)
      failures.push(`${fmt(accepted)} of ${fmt(ROWS)} accepted (${d!.others} in other states)`);
    console.log(`\ndrain through the sandbox gateway (HERALD_SMS_RATE=${RATE})`);
    console.log(
      `  accepted: ${fmt(drainRate).padStart(6)} msg/s (${fmt(accepted)} messages over ${span.toFixed(1)} s, charged ${fmt(Number(charged?.c ?? 0))} cents for ${fmt(Number(charged?.n ?? 0))} segments)`,
    );
    console.log(`  limit:    ${fmt(RATE).padStart(6)} msg/s`);
    console.log(`  ratio accepted / limit: ${drainRatio.toFixed(2)} (goal >= ${DRAIN_GOAL})`);
    console.log(
      `  busiest second by recorded instant: ${busiest!.n} messages (ratio to the limit ${(Number(busiest!.n) / RATE).toFixed(2)}; slots are taken per window before the submissions, so a second can show a window more)`,
    );
    console.log(`  peak RSS of the server process while draining: ${mb(drainPeak)}`);
    await database.close();
  } finally {
    await server?.stop();
    await db.end().catch(() => undefined);
    if (process.env.BENCH_KEEP_DATABASE) console.log(`kept database ${dbName}`);
    else await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
  if (failures.length > 0) {
    for (const f of failures) console.error(`goal missed: ${f}`);
    process.exit(1);
  }
}

await main();
