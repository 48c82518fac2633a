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
 *    second (from the rows' recorded submit instants) beside the configured limit (goal: ratio >= 0.95, and not
 *    above it), and the busiest clock second of those instants beside the limit (goal: ratio <= 1.00).
 *
 * Every figure is printed beside its reference as a ratio; exits 1 when a goal is missed. BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres): a database of its own is created and dropped; skipped
 * when unreachable. Run `npm run build` first (the server bundle).
 */
import {
  BUSIEST_GOAL,
  busiestRatio,
  DRAIN_GOAL,
  drainRate,
  drainWithWorkers,
  ENQUEUE_GOAL,
  enqueueRatio,
  fmt,
  mb,
  rawInsertSeconds,
  rssOf,
  startSendBench,
  timeEnqueue,
  withBenchDatabase,
} from "./support/bench-kit";

const ROWS = Number(process.env.BENCH_SEND_ROWS ?? 100_000);
const RATE = 1000;
const rateEnv = { HERALD_SMS_RATE: String(RATE), SMS_PROVIDER: "sandbox" };

async function main() {
  await withBenchDatabase({ prefix: "herald_bench_send" }, async (bench) => {
    const { failures } = bench;
    // ---- the server (workers off), a company, its owner with credit for the whole send, groups ----
    const { server, db, token, warmGroup, bigGroup } = await startSendBench(bench, {
      env: rateEnv,
      company: "Send Co",
      creditOf: (config) => (ROWS + 2000) * config.sending.smsPriceCents * 3,
      rows: ROWS,
      warmRows: 2000,
    });

    const send = async (groupId: string) => {
      const r = await fetch(`${server.url}/api/sms/send`, {
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

    // ---- 1. enqueue: the real send beside INSERT … SELECT of the same rows ----
    const { warm, sent, sendSeconds, serverPeak, jobs } = await timeEnqueue(
      db,
      server,
      "sms.deliver",
      () => send(warmGroup),
      () => send(bigGroup),
    );
    const [counted] = (
      await db.query<{ n: string }>(
        "select count(*) as n from sms_messages where send_id = $1 and status = 'queued'",
        [sent.id],
      )
    ).rows;
    if (sent.recipients !== ROWS || Number(counted!.n) !== ROWS)
      throw new Error(
        `the send wrote ${counted!.n} queued rows for ${sent.recipients} recipients, not ${ROWS}`,
      );

    const columns = `company_id, send_id, user_id, campaign_id, channel, sender_id, subject, recipient,
      recipient_name, text, encoding, segments, cost_cents, status, reservation_id, scheduled_at`;
    const rawSeconds = await rawInsertSeconds(db, "sms_messages", "send_id", columns, sent.id);

    const enqueue = enqueueRatio(rawSeconds, sendSeconds, failures);
    console.log(`\nenqueue of a ${fmt(ROWS)}-recipient send (group, one GSM-7 text with two variables)`);
    console.log(
      `  POST /api/sms/send (plan, reserve, ${fmt(ROWS)} rows, ${fmt(jobs)} jobs): ${fmt(ROWS / sendSeconds).padStart(9)} rows/s`,
    );
    console.log(`  raw INSERT … SELECT of the same rows:      ${fmt(ROWS / rawSeconds).padStart(9)} rows/s`);
    console.log(`  ratio send / raw INSERT: ${enqueue.toFixed(2)} (goal >= ${ENQUEUE_GOAL})`);
    console.log(`  peak RSS of the server process: ${mb(serverPeak)}`);

    // ---- 2. drain: the server with its workers, HERALD_SMS_RATE=1000 ----
    const total = ROWS + warm.recipients;
    const drain = await drainWithWorkers(bench, server, rateEnv, {
      db,
      leftSql:
        "select count(*) as left from sms_messages where send_id = any($1::uuid[]) and status in ('queued', 'submitting')",
      params: [[sent.id, warm.id]],
      limitMs: (total / RATE) * 4000 + 60_000,
      total,
      verb: "submitted",
    });
    const drainPeak = rssOf(drain.server.pid);
    await drain.server.stop();
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
    const drained = drainRate(accepted, span, RATE, failures);
    if (accepted !== ROWS)
      failures.push(`${fmt(accepted)} of ${fmt(ROWS)} accepted (${d!.others} in other states)`);
    console.log(`\ndrain through the sandbox gateway (HERALD_SMS_RATE=${RATE})`);
    console.log(
      `  accepted: ${fmt(drained.rate).padStart(6)} msg/s (${fmt(accepted)} messages over ${span.toFixed(1)} s, charged ${fmt(Number(charged?.c ?? 0))} cents for ${fmt(Number(charged?.n ?? 0))} segments)`,
    );
    console.log(`  limit:    ${fmt(RATE).padStart(6)} msg/s`);
    console.log(`  ratio accepted / limit: ${drained.ratio.toFixed(2)} (goal >= ${DRAIN_GOAL})`);
    const busiestOf = busiestRatio(Number(busiest!.n), RATE, failures);
    console.log(
      `  busiest second by recorded submit instant: ${fmt(Number(busiest!.n))} messages, ratio to the limit ${busiestOf.toFixed(2)} (goal <= ${BUSIEST_GOAL.toFixed(2)})`,
    );
    console.log(`  peak RSS of the server process while draining: ${mb(drainPeak)}`);
  });
}

await main();
