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
import { existsSync } from "node:fs";
import pg from "pg";
import {
  benchDatabase,
  fmt,
  mb,
  postgresUrl,
  rssOf,
  type ServerProcess,
  seedGroup,
  seedOwner,
  serverEntry,
  serverEnv,
  startServerProcess,
} from "./support/pg";

const ROWS = Number(process.env.BENCH_SEND_ROWS ?? 100_000);
const RATE = 1000;
const ENQUEUE_GOAL = 0.5;
const DRAIN_GOAL = 0.9;
const rateEnv = { HERALD_SMS_RATE: String(RATE), SMS_PROVIDER: "sandbox" };

async function main() {
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run \`npm run build\` first`);
  const base = await postgresUrl();
  if (!base) {
    console.log("PostgreSQL: not reachable (set BENCH_DATABASE_URL); skipped");
    return;
  }
  const bench = await benchDatabase(base, "herald_bench_send");
  const failures: string[] = [];
  let server: ServerProcess | undefined;
  const db = new pg.Client({ connectionString: bench.url });
  try {
    // the server under test, workers off (it migrates the database)
    server = await startServerProcess(bench, rateEnv);
    await db.connect();
    Object.assign(process.env, serverEnv(bench));
    const { loadConfig } = await import("../packages/server/src/config");
    const { openDatabase } = await import("../packages/server/src/db/client");
    const { allocate, purchaseCredit } = await import("../packages/server/src/modules/credit/ledger");
    const config = loadConfig(process.env);
    const database = await openDatabase({ databaseUrl: bench.url, dataDir: bench.dir });

    // ---- a company, its owner with credit for the whole send, and groups seeded by SQL ----
    const { companyId, userId, token } = await seedOwner(db, "Send Co", config.jwtSecret);
    const credit = (ROWS + 2000) * config.sending.smsPriceCents * 3;
    await purchaseCredit(database.db, { companyId, amountCents: credit });
    await allocate(database.db, { companyId, userId, amountCents: credit });

    const seedStarted = performance.now();
    const warmGroup = await seedGroup(db, companyId, "Warm-up", 9_000_001, 2000);
    const bigGroup = await seedGroup(db, companyId, "Everyone", 1, ROWS);
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
    server = await startServerProcess(bench, { ...rateEnv, HERALD_WORKERS: "true" });
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
    await bench.drop();
  }
  if (failures.length > 0) {
    for (const f of failures) console.error(`goal missed: ${f}`);
    process.exit(1);
  }
}

await main();
