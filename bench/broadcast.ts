/**
 * A large WhatsApp template broadcast on PostgreSQL through a sandbox channel (`npm run bench -- broadcast`):
 *
 * 1. Enqueue: `POST /api/social-chat/broadcast/send` (method groups) to a group of BENCH_BROADCAST_ROWS contacts
 *    (default 300,000; seeded with set-based SQL) against the built server in a process of its own (workers off,
 *    so nothing drains meanwhile). The call answers once its transaction (the broadcast, one
 *    `broadcast_recipients` row per contact with its readiness and idempotency key, and the `broadcast.deliver`
 *    job) has committed; its rows per second are printed beside a raw `INSERT … SELECT` of the same rows into the
 *    same table in the same run (goal: ratio >= 0.5).
 * 2. Drain: the same server restarted with its job workers on and HERALD_BROADCAST_RATE_WHATSAPP=5000 sends the
 *    rows through the sandbox channel (each as a message of the subscriber's chat room, delivered at once by the
 *    sandbox). Messages per second (from the room messages' instants: when each send started, within its rate
 *    slot's second) beside the configured limit (goal: ratio >= 0.95, and not above it), and the busiest clock
 *    second of those instants beside the limit (goal: ratio <= 1.00).
 *
 * Every figure is printed beside its reference as a ratio; exits 1 when a goal is missed. Quick run:
 * BENCH_BROADCAST_ROWS=20000 npm run bench -- broadcast. BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres): a database of its own is created and dropped (kept with
 * BENCH_KEEP_DATABASE=1); skipped when unreachable. Run `npm run build` first (the server bundle).
 */
import { availableParallelism, loadavg } from "node:os";
import {
  BUSIEST_GOAL,
  busiestRatio,
  cpuSecondsOf,
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

const ROWS = Number(process.env.BENCH_BROADCAST_ROWS ?? 300_000);
const WARM_ROWS = 2000;
const RATE = 5000;
const rateEnv = { HERALD_BROADCAST_RATE_WHATSAPP: String(RATE) };

async function main() {
  await withBenchDatabase({ prefix: "herald_bench_broadcast" }, async (bench) => {
    const { failures } = bench;
    // ---- the server (workers off), a company, its owner with credit, groups, a sandbox WhatsApp channel ----
    const { server, db, token, warmGroup, bigGroup } = await startSendBench(bench, {
      env: rateEnv,
      company: "Broadcast Co",
      creditOf: (config) => (ROWS + WARM_ROWS + 2000) * Math.max(1, config.sending.smsPriceCents) * 3,
      rows: ROWS,
      warmRows: WARM_ROWS,
    });
    const call = async <T>(path: string, body: object): Promise<T> => {
      const r = await fetch(`${server.url}/api${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const b = (await r.json()) as T & { message?: string };
      if (r.status !== 200 && r.status !== 201) throw new Error(`${path}: ${r.status} ${b.message}`);
      return b;
    };
    const link = await call<{ link: string }>("/social-chat/channel/connect-channel", {
      channelType: "WHATSAPP",
    });
    const channel = await call<{ id: string }>("/social-chat/channel/connect", {
      token: new URL(link.link).searchParams.get("token"),
      channelType: "WHATSAPP",
      name: "Sandbox WhatsApp",
      mode: "sandbox",
      departmentIds: [],
    });
    await call(`/social-chat/channel/${channel.id}/sync-ws-templates`, {});

    const send = (name: string, groupId: string) =>
      call<{ broadcastId: string; status: string }>("/social-chat/broadcast/send", {
        type: "template",
        broadcastName: name,
        method: "groups",
        subscribers: [groupId],
        channelId: channel.id,
        whatsappTemplate: {
          name: "order_update",
          language: "en_US",
          header: { variables: ["A1"] },
          body: { variables: ["there", "A1-778", "Friday"] },
        },
      });

    // ---- 1. enqueue: the real send beside INSERT … SELECT of the same rows ----
    const { warm, sent, sendSeconds, serverPeak, jobs } = await timeEnqueue(
      db,
      server,
      "broadcast.deliver",
      () => send("Warm-up", warmGroup),
      () => send("Everyone", bigGroup),
    );
    const [counted] = (
      await db.query<{ n: string }>(
        "select count(*) as n from broadcast_recipients where broadcast_id = $1 and status = 'pending'",
        [sent.broadcastId],
      )
    ).rows;
    if (Number(counted!.n) !== ROWS)
      throw new Error(`the send wrote ${counted!.n} pending recipient rows, not ${fmt(ROWS)}`);

    const columns = `company_id, broadcast_id, row, mobile, name, subscriber_id, variables, readiness, status, remark`;
    const rawSeconds = await rawInsertSeconds(
      db,
      "broadcast_recipients",
      "broadcast_id",
      columns,
      sent.broadcastId,
    );
    await db.query("vacuum analyze broadcast_recipients");

    const enqueue = enqueueRatio(rawSeconds, sendSeconds, failures);
    console.log(
      `\nenqueue of a ${fmt(ROWS)}-recipient template broadcast (one group, sandbox WhatsApp channel)`,
    );
    console.log(
      `  POST /api/social-chat/broadcast/send (check, ${fmt(ROWS)} rows, ${fmt(jobs)} job): ${fmt(ROWS / sendSeconds).padStart(9)} rows/s`,
    );
    console.log(
      `  raw INSERT … SELECT of the same rows:                   ${fmt(ROWS / rawSeconds).padStart(9)} rows/s`,
    );
    console.log(`  ratio send / raw INSERT: ${enqueue.toFixed(2)} (goal >= ${ENQUEUE_GOAL})`);
    console.log(`  peak RSS of the server process: ${mb(serverPeak)}`);

    // ---- 2. drain: the server with its workers, HERALD_BROADCAST_RATE_WHATSAPP=5000 ----
    const ids = [sent.broadcastId, warm.broadcastId];
    const total = ROWS + WARM_ROWS;
    const drain = await drainWithWorkers(bench, server, rateEnv, {
      db,
      leftSql: `select (select count(*) from broadcast_recipients where broadcast_id = any($1::uuid[])
                          and status in ('pending', 'sending')) as left,
                       (select count(*) from broadcasts where id = any($1::uuid[]) and status <> 'done') as running`,
      params: [ids],
      limitMs: (total / RATE) * 5000 + 60_000,
      total,
      verb: "sent",
    });
    const drainPeak = rssOf(drain.server.pid);
    const drainCpu = cpuSecondsOf(drain.server.pid);
    const drainWall = (performance.now() - drain.started) / 1000;
    await drain.server.stop();
    const [d] = (
      await db.query<{ n: string; delivered: string; span: string | null; others: string }>(
        `select count(*) filter (where r.status = 'sent') as n,
                count(*) filter (where m.delivery_status = 'delivered') as delivered,
                extract(epoch from max(m.created_at) - min(m.created_at)) as span,
                count(*) filter (where r.status <> 'sent') as others
           from broadcast_recipients r left join chat_messages m on m.id = r.chat_message_id
          where r.broadcast_id = $1`,
        [sent.broadcastId],
      )
    ).rows;
    const [busiest] = (
      await db.query<{ n: string }>(
        `select coalesce(max(n), 0) as n from (select count(*) as n from broadcast_recipients r
            join chat_messages m on m.id = r.chat_message_id
          where r.broadcast_id = any($1::uuid[]) group by date_trunc('second', m.created_at)) x`,
        [ids],
      )
    ).rows;
    const accepted = Number(d!.n);
    const span = Number(d!.span ?? 0);
    const drained = drainRate(accepted, span, RATE, failures);
    if (accepted !== ROWS)
      failures.push(`${fmt(accepted)} of ${fmt(ROWS)} sent (${d!.others} in other states)`);
    console.log(`\ndrain through the sandbox WhatsApp channel (HERALD_BROADCAST_RATE_WHATSAPP=${RATE})`);
    console.log(
      `  sent:  ${fmt(drained.rate).padStart(6)} msg/s (${fmt(accepted)} messages over ${span.toFixed(1)} s, ${fmt(Number(d!.delivered))} delivered)`,
    );
    console.log(`  limit: ${fmt(RATE).padStart(6)} msg/s`);
    console.log(`  ratio sent / limit: ${drained.ratio.toFixed(2)} (goal >= ${DRAIN_GOAL})`);
    const busiestOf = busiestRatio(Number(busiest!.n), RATE, failures);
    console.log(
      `  busiest second by message instant: ${fmt(Number(busiest!.n))} messages, ratio to the limit ${busiestOf.toFixed(2)} (goal <= ${BUSIEST_GOAL.toFixed(2)})`,
    );
    console.log(`  peak RSS of the server process while draining: ${mb(drainPeak)}`);
    console.log(
      `  CPU of the server process: ${drainCpu.toFixed(1)} s over ${drainWall.toFixed(1)} s (load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} on ${availableParallelism()} cores)`,
    );
  });
}

await main();
