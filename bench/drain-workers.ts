/**
 * How the SMS drain scales with server processes (`npm run bench -- drain-workers`): a send of BENCH_DRAIN_ROWS
 * recipients (default 20,000; seeded with set-based SQL) drained through the sandbox gateway without a limit
 * (HERALD_SMS_RATE=1000000, far above what any process reaches: the governor's statement still runs for every
 * window, as in production, but never waits) by 1 and then by 2 built server processes with their job workers
 * on, all on the same PostgreSQL database.
 *
 * Each run starts its processes, drains a warm-up send of 2,000 (code paths compiled, statements planned), then
 * sends the group through the first process's API and waits until no row is left queued or submitting; its
 * figure is the accepted messages per second between the first and the last recorded submission instant. Printed:
 * messages per second with 1 and with 2 processes and the ratio 2 processes / 1 process (the reference is the
 * 1-process run of the same bench; no goal, the machine's cores decide it). BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres): a database of its own is created and dropped; skipped when
 * unreachable. Run `npm run build` first (the server bundle).
 */
import { availableParallelism, loadavg } from "node:os";
import type pg from "pg";
import { fmt, type ServerProcess, startSendBench, withBenchDatabase } from "./support/bench-kit";

const ROWS = Number(process.env.BENCH_DRAIN_ROWS ?? 20_000);
const WARM_ROWS = 2000;
const PROCESSES = [1, 2];
const env = { HERALD_SMS_RATE: "1000000", SMS_PROVIDER: "sandbox" };

async function main() {
  await withBenchDatabase({ prefix: "herald_bench_drainw" }, async (bench) => {
    // ---- the server (workers off: it migrates), a company with credit for every run, its groups ----
    const seeded = await startSendBench(bench, {
      env,
      company: "Drain Co",
      creditOf: (config) =>
        (ROWS + WARM_ROWS) * (PROCESSES.length + 1) * Math.max(1, config.sending.smsPriceCents) * 3,
      rows: ROWS,
      warmRows: WARM_ROWS,
    });
    const { db, token, warmGroup, bigGroup } = seeded;
    await seeded.server.stop();

    const send = async (server: ServerProcess, groupId: string) => {
      const r = await fetch(`${server.url}/api/sms/send`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({
          channel: "SMS",
          recipients: { groupIds: [groupId] },
          text: "Hello {name}, your code is {code}.",
          frequency: "now",
        }),
      });
      const b = (await r.json()) as { id?: string; recipients?: number; message?: string };
      if (r.status !== 200 && r.status !== 201) throw new Error(`/sms/send: ${r.status} ${b.message}`);
      return b as { id: string; recipients: number };
    };

    const results: { processes: number; rate: number; accepted: number; span: number }[] = [];
    for (const processes of PROCESSES) {
      const servers: ServerProcess[] = [];
      for (let i = 0; i < processes; i++)
        servers.push(await bench.startServer({ ...env, HERALD_WORKERS: "true" }));
      const warm = await send(servers[0]!, warmGroup);
      await drained(db, warm.id, WARM_ROWS, bench.failures);
      const sent = await send(servers[0]!, bigGroup);
      if (sent.recipients !== ROWS)
        throw new Error(`the send has ${sent.recipients} recipients, not ${ROWS}`);
      await drained(db, sent.id, ROWS, bench.failures);
      for (const s of servers) await s.stop();
      const [d] = (
        await db.query<{ n: string; span: string | null }>(
          `select count(*) filter (where status in ('accepted', 'delivered')) as n,
                  extract(epoch from max(submitted_at) - min(submitted_at)) as span
             from sms_messages where send_id = $1`,
          [sent.id],
        )
      ).rows;
      const accepted = Number(d!.n);
      const span = Number(d!.span ?? 0);
      if (accepted !== ROWS)
        bench.failures.push(`${processes} process(es): ${fmt(accepted)} of ${fmt(ROWS)} accepted`);
      results.push({ processes, accepted, span, rate: span > 0 ? (accepted - 1) / span : 0 });
    }

    console.log(
      `\ndrain of a ${fmt(ROWS)}-recipient SMS send through the sandbox gateway, no rate limit (HERALD_SMS_RATE=${env.HERALD_SMS_RATE})`,
    );
    for (const r of results) {
      console.log(
        `  ${r.processes} server process${r.processes === 1 ? ": " : "es:"} ${fmt(r.rate).padStart(6)} msg/s (${fmt(r.accepted)} messages over ${r.span.toFixed(1)} s)`,
      );
    }
    const one = results.find((r) => r.processes === 1)!;
    const two = results.find((r) => r.processes === 2)!;
    console.log(`  ratio 2 processes / 1 process: ${(two.rate / one.rate).toFixed(2)}`);
    console.log(
      `  (load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} on ${availableParallelism()} cores, PostgreSQL on the same machine)`,
    );
  });
}

/** Waits until no row of the send is queued or submitting (a failure after 10 minutes). */
async function drained(db: pg.Client, sendId: string, total: number, failures: string[]) {
  const started = performance.now();
  let lastReport = started;
  for (;;) {
    const [r] = (
      await db.query<{ left: string }>(
        "select count(*) as left from sms_messages where send_id = $1 and status in ('queued', 'submitting')",
        [sendId],
      )
    ).rows;
    const left = Number(r!.left);
    if (left === 0) return;
    if (performance.now() - started > 600_000) {
      failures.push(`the drain did not finish within 600 s (${fmt(left)} left)`);
      return;
    }
    if (performance.now() - lastReport > 15_000) {
      lastReport = performance.now();
      console.log(`  … ${fmt(total - left)} of ${fmt(total)} submitted`);
    }
    await new Promise((res) => setTimeout(res, 250));
  }
}

await main();
