/**
 * SMS reports at volume on PostgreSQL (`npm run bench -- sms-outbox`):
 *
 * 1. Lists: one company with BENCH_OUTBOX_ROWS outbox rows (default 1,000,000, seeded with set-based SQL over
 *    100 sends of five users), 20,000 scheduled rows and 200,000 inbox rows. `POST /api/outbox` (first page with
 *    its totals and counts per delivery status, a page by cursor, a page in the middle, one user's, an agent's
 *    own, a two-day range), `/api/scheduledSms` and `/api/inbox`, each timed over HTTP (median of BENCH_ROUNDS)
 *    beside the very statements that request sent, replayed on their own connection. Fails when a list call's
 *    median is 100 ms or more, searches included (the trigram index `outbox_search`); the plan of each search
 *    statement is checked to use that index where it is selective (EXPLAIN).
 * 2. Export: `herald reports export outbox --out FILE` (the built CLI, page by page over HTTP against the built
 *    server in a process of its own) beside psql `\copy (select …) to FILE` of the same columns; prints rows
 *    per second and the ratio COPY time / CLI time (goal >= 0.5); the CLI's peak RSS for half of the rows
 *    (a date range) and for all of them (goal: flat, at most 1.25 times).
 *
 * BENCH_OUTBOX_PARTS=lists or =export runs one part. BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres): a database of its own is created and
 * dropped; skipped when unreachable. Run `npm run build` first (the server and CLI bundles).
 */
import { spawnSync } from "node:child_process";
import { statSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import pg from "pg";
import {
  accessToken,
  benchServerEnv,
  inProcessApp,
  interleavedTimes,
  mb,
  median,
  runCli,
  withBenchDatabase,
} from "./support/bench-kit";

const OUTBOX_ROWS = Number(process.env.BENCH_OUTBOX_ROWS ?? 1_000_000);
const SCHEDULED_ROWS = 20_000;
const INBOX_ROWS = 200_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const LIMIT_MS = 100;
/** BENCH_OUTBOX_PARTS: "lists", "export" or both (default). */
const PARTS = (process.env.BENCH_OUTBOX_PARTS ?? "lists,export").split(",");

async function main() {
  let ok = true;
  await withBenchDatabase({ prefix: "herald_bench_outbox", cli: true }, async (bench) => {
    const { url, dir } = bench;
    const serverProcess = await bench.startServer();
    const { companies, users } = await import("../packages/server/src/db/schema");
    const { app, config, database, recordQueries } = await inProcessApp(benchServerEnv(url, dir));
    try {
      const [company] = await database.db.insert(companies).values({ name: "Outbox Co" }).returning();
      const companyId = company!.id;
      const people: { id: string; token: string }[] = [];
      for (let i = 0; i < 5; i++) {
        const role = i === 0 ? "admin" : "agent";
        const [user] = await database.db
          .insert(users)
          .values({
            companyId,
            firstName: `Bench ${i}`,
            email: `bench.outbox.${i}.${process.pid}@example.com`,
            passwordHash: "x",
            userRole: role,
            isOwner: i === 0,
            emailVerifiedAt: new Date(),
          })
          .returning();
        const token = await accessToken(database, config.jwtSecret, { id: user!.id, companyId, role }, 7200);
        people.push({ id: user!.id, token });
      }
      const userArray = `{${people.map((p) => p.id).join(",")}}`;

      // ---- seed by SQL: 100 sends, each one user's and one timestamp's worth of rows ----
      const seedStarted = performance.now();
      const sends = 100;
      await database.query(
        `insert into sms_sends (id, company_id, user_id, channel, sender_id, body, frequency, status, created_at)
         select gen_random_uuid(), $1, ($2::uuid[])[1 + s % 5], 'sms', 'Herald', 'Hello', 'now', 'sent',
                now() - (s || ' hours')::interval
           from generate_series(1, ${sends}) s`,
        [companyId, userArray],
      );
      await database.query(
        `insert into sms_messages (id, company_id, send_id, user_id, channel, sender_id, recipient, text, segments,
           cost_cents, status, billable, delivered_st, idempotency_key, created_at)
         select gen_random_uuid(), s.company_id, s.id, s.user_id, 'sms', 'Herald', (6580000000 + g)::text,
                case when g % 1000 = 0 then 'Big PROMO for ' else 'Hello ' end || g, 1 + g % 3, 5,
                case when g % 50 = 0 then 'failed' when g % 20 = 0 then 'accepted' else 'delivered' end,
                g % 50 <> 0, case when g % 50 = 0 then 'failed' when g % 20 = 0 then null else 'delivered' end,
                'b-' || g, s.created_at + ((g % 1000) || ' milliseconds')::interval
           from generate_series(1, ${OUTBOX_ROWS}) g
           join (select id, company_id, user_id, created_at,
                        row_number() over (order by created_at, id) - 1 as n
                   from sms_sends where company_id = $1) s on s.n = g % ${sends}`,
        [companyId],
      );
      await database.query(
        `insert into sms_messages (id, company_id, send_id, user_id, channel, sender_id, recipient, text, segments,
           cost_cents, status, billable, idempotency_key, scheduled_at)
         select gen_random_uuid(), s.company_id, s.id, s.user_id, 'sms', 'Herald', (6590000000 + g)::text,
                'Later ' || g, 1, 5, 'scheduled', true, 'sch-' || g, now() + ((1 + g % 40) || ' days')::interval
           from generate_series(1, ${SCHEDULED_ROWS}) g
           join (select id, company_id, user_id, created_at,
                        row_number() over (order by created_at, id) - 1 as n
                   from sms_sends where company_id = $1) s on s.n = g % ${sends}`,
        [companyId],
      );
      await database.query(
        `insert into sms_inbox (id, company_id, from_number, to_address, text, receiver_user_id, provider,
           provider_message_id, created_at)
         select gen_random_uuid(), $1, (6570000000 + g)::text, 'Herald', 'Reply ' || g,
                case when g % 10 = 0 then ($2::uuid[])[1 + g % 5] end, 'bench', 'mo-' || g,
                now() - (g || ' seconds')::interval
           from generate_series(1, ${INBOX_ROWS}) g`,
        [companyId, userArray],
      );
      await database.query("analyze sms_messages");
      await database.query("analyze sms_inbox");
      console.log(
        `seeded ${OUTBOX_ROWS.toLocaleString("en-US")} outbox, ${SCHEDULED_ROWS.toLocaleString("en-US")} scheduled and ${INBOX_ROWS.toLocaleString("en-US")} inbox rows in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
      );

      // ---- 1. list calls beside their statements ----
      const [adminUser, agent] = [people[0]!, people[1]!];
      if (PARTS.includes("lists")) {
        await app.listen({ port: 0, host: "127.0.0.1" });
        const listServer = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
        const call = async (p: string, body: object, token: string) => {
          const r = await fetch(`${listServer}/api${p}`, {
            method: "POST",
            headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
            body: JSON.stringify(body),
          });
          const b = (await r.json()) as {
            nextCursor?: string;
            message?: string;
            outbox?: unknown[];
            data?: unknown[];
          };
          if (r.status !== 200) throw new Error(`${p}: ${r.status} ${b.message}`);
          return b;
        };
        const first = await call("/outbox?limit=1000", {}, adminUser.token);
        const [deep] = await database.query<{ ck: string; id: string }>(
          `select created_at::text as ck, id from sms_messages where company_id = $1 and status <> 'scheduled'
          order by created_at desc, id desc offset ${Math.floor(OUTBOX_ROWS / 2)} limit 1`,
          [companyId],
        );
        const deepCursor = Buffer.from(`${deep!.ck}|${deep!.id}`).toString("base64url");
        const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
        const cases: [label: string, path: string, body: object, token: string, goal: boolean][] = [
          ["outbox first page (1000)", "/outbox?limit=1000", {}, adminUser.token, true],
          [
            "outbox page 2 by cursor",
            `/outbox?limit=1000&cursor=${first.nextCursor}`,
            {},
            adminUser.token,
            true,
          ],
          ["outbox middle (cursor)", `/outbox?limit=1000&cursor=${deepCursor}`, {}, adminUser.token, true],
          ["outbox first page (5000)", "/outbox?limit=5000", {}, adminUser.token, true],
          ["outbox one user (admin)", "/outbox?limit=1000", { userId: agent.id }, adminUser.token, true],
          ["outbox agent's own", "/outbox?limit=1000", {}, agent.token, true],
          ["outbox last 2 days", "/outbox?limit=1000", { startDate: twoDaysAgo }, adminUser.token, true],
          ["scheduled first page", "/scheduledSms?limit=1000", {}, adminUser.token, true],
          ["scheduled agent's own", "/scheduledSms?limit=1000", {}, agent.token, true],
          ["inbox first page", "/inbox?limit=1000", {}, adminUser.token, true],
          ["inbox agent", "/inbox?limit=1000", {}, agent.token, true],
          ["outbox search 'promo'", "/outbox?limit=100&search=promo", {}, adminUser.token, true],
          [
            "outbox search 'promo 42'",
            "/outbox?limit=100&search=promo%20for%2042",
            {},
            adminUser.token,
            true,
          ],
          ["outbox search digits", "/outbox?limit=100&search=6580012", {}, adminUser.token, true],
          ["outbox search common 'hello'", "/outbox?limit=100&search=hello", {}, adminUser.token, true],
          ["outbox search, agent's own", "/outbox?limit=100&search=promo", {}, agent.token, true],
        ];
        const raw = new pg.Client({ connectionString: url });
        await raw.connect();
        console.log(
          `\n${"list call".padEnd(32)}${"rows".padStart(6)}${"queries".padStart(9)}${"API ms".padStart(9)}${"raw ms".padStart(9)}  API / raw`,
        );
        for (const [label, p, body, token, goal] of cases) {
          for (let i = 0; i < 3; i++) await call(p, body, token);
          const { result, statements } = await recordQueries(() =>
            app.inject({
              method: "POST",
              url: `/api${p}`,
              headers: { authorization: `Bearer ${token}` },
              payload: body,
            }),
          );
          const answer = result.json() as { outbox?: unknown[]; data?: unknown[] };
          let plan = "";
          if (p.includes("search=")) {
            const s = statements[statements.length - 1]!;
            const explained = await raw.query(`explain ${s.text}`, s.params as unknown[]);
            const text = explained.rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n");
            plan = text.includes("outbox_search") ? "  [outbox_search]" : "  [no index: keyset scan]";
            if (!text.includes("outbox_search") && !p.includes("search=hello")) {
              ok = false;
              plan += " (expected outbox_search)";
            }
          }
          const rowsSeen = (answer.outbox ?? answer.data ?? []).length;
          const { apiTimes, rawTimes } = await interleavedTimes(
            ROUNDS,
            () => call(p, body, token),
            async () => {
              for (const s of statements) await raw.query(s.text, s.params as unknown[]);
            },
          );
          const api = median(apiTimes);
          const rawMs = median(rawTimes);
          if (goal && api >= LIMIT_MS) ok = false;
          console.log(
            `${label.padEnd(32)}${String(rowsSeen).padStart(6)}${String(statements.length).padStart(9)}${api.toFixed(2).padStart(9)}${rawMs.toFixed(2).padStart(9)}  ${(api / rawMs).toFixed(2)}×${goal && api >= LIMIT_MS ? "  (over 100 ms)" : ""}${plan}`,
          );
        }
        await raw.end();
      }

      // ---- 2. export through the CLI beside COPY ----
      if (PARTS.includes("export")) {
        /** `herald reports export outbox` into `file` (extra flags: a date range): seconds, peak RSS, rows. */
        const exportWithCli = async (file: string, extra: string[]) => {
          const { code, out, seconds, peak } = await runCli(
            ["reports", "export", "outbox", "--out", file, "--json", ...extra],
            { serverUrl: serverProcess.url, token: adminUser.token, dir },
          );
          const result = JSON.parse(out || "{}") as { rows?: number };
          if (code !== 0 || result.rows === undefined)
            throw new Error(`herald reports export exited ${code}: ${out}`);
          return { seconds, peak, rows: result.rows };
        };
        // memory at half the rows (the newest fifty of the hundred sends), then the whole outbox: a process's
        // RSS settles after its first few hundred thousand rows (heap and buffers), so half is the fair mark
        const small = await exportWithCli(path.join(dir, "half.csv"), [
          "--from",
          new Date(Date.now() - 50.5 * 3600_000).toISOString(),
        ]);
        const cliOut = path.join(dir, "Sent Messages.csv");
        const full = await exportWithCli(cliOut, []);
        const cliSeconds = full.seconds;
        const peak = full.peak;
        if (full.rows !== OUTBOX_ROWS)
          throw new Error(`the export wrote ${full.rows} of ${OUTBOX_ROWS} rows`);

        // the server's part alone: the same export read by curl into /dev/null
        const curlStarted = performance.now();
        const curl = spawnSync("curl", [
          "-sS",
          "-o",
          "/dev/null",
          "-H",
          `authorization: Bearer ${adminUser.token}`,
          `${serverProcess.url}/api/reports/export?report=outbox&format=csv`,
        ]);
        const curlSeconds = (performance.now() - curlStarted) / 1000;
        if (curl.status !== 0) throw new Error(`curl failed: ${curl.stderr}`);

        const copyOut = path.join(dir, "copy.csv");
        const copyStarted = performance.now();
        const psql = spawnSync(
          "psql",
          [
            url,
            "-q",
            "-c",
            `\\copy (select m.sender_id, m.recipient, m.text, case when m.billable then 'yes' else 'no' end, coalesce(m.delivered_st, ''), m.segments, m.created_at from sms_messages m where m.company_id = '${companyId}' and m.channel = 'sms' and m.status in ('queued', 'submitting', 'accepted', 'delivered', 'failed', 'rejected') order by m.created_at desc, m.id desc) to '${copyOut}' with (format csv, header)`,
          ],
          { encoding: "utf8" },
        );
        const copySeconds = (performance.now() - copyStarted) / 1000;
        if (psql.status !== 0) throw new Error(`psql \\copy failed: ${psql.stderr}`);
        console.log(`\nexport of ${OUTBOX_ROWS.toLocaleString("en-US")} outbox rows`);
        console.log(
          `  CLI (herald reports export outbox): ${(OUTBOX_ROWS / cliSeconds).toFixed(0).padStart(8)} rows/s, ${cliSeconds.toFixed(1)} s, ${mb(statSync(cliOut).size)}`,
        );
        console.log(
          `  server alone (curl > /dev/null):   ${(OUTBOX_ROWS / curlSeconds).toFixed(0).padStart(8)} rows/s, ${curlSeconds.toFixed(1)} s`,
        );
        console.log(
          `  COPY TO (psql \\copy):              ${(OUTBOX_ROWS / copySeconds).toFixed(0).padStart(8)} rows/s, ${copySeconds.toFixed(1)} s, ${mb(statSync(copyOut).size)}`,
        );
        const ratio = copySeconds / cliSeconds;
        console.log(`  ratio COPY time / CLI time: ${ratio.toFixed(2)} (goal >= 0.5)`);
        const growth = peak / small.peak;
        console.log(
          `  peak RSS of the CLI: ${mb(small.peak)} at ${small.rows.toLocaleString("en-US")} rows, ${mb(peak)} at ${OUTBOX_ROWS.toLocaleString("en-US")} rows (×${growth.toFixed(2)}, goal: flat, <= 1.25)`,
        );
        if (ratio < 0.5) {
          ok = false;
          console.error(`  the export is under half the speed of COPY`);
        }
        if (growth > 1.25) {
          ok = false;
          console.error(`  the CLI's memory grew with the rows`);
        }
        writeFileSync(path.join(dir, "done"), "");
      }
    } finally {
      await app.close();
    }
  });
  if (!ok) {
    console.error(`a goal was missed at ${OUTBOX_ROWS} outbox rows (see above)`);
    process.exit(1);
  }
}

await main();
