/**
 * The shared social inbox under its polling load, on PostgreSQL (`npm run bench -- social-inbox`).
 *
 * Run `npm run build` first (the bench starts the built server, packages/server/dist/main.js, in a process of its
 * own). PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a database of its
 * own is created and dropped (BENCH_KEEP_DATABASE=1 keeps it); skipped when unreachable.
 *
 * Seed (set-based SQL, no API calls): one company with 10 departments and BENCH_AGENTS agents (default 1,000;
 * every fifth agent is in two departments), 21 sandbox channels (two per department and one that every
 * department holds), BENCH_ROOMS rooms (default 50,000) and BENCH_MESSAGES messages (default 1,000,000) spread
 * over them, a status log per room.
 *
 * 0. One agent alone: its two calls over HTTP beside their statements on one connection (p50 of 30), the
 *    cost of a call without load.
 * 1. Polling: every agent polls the first page of its room list (`GET /social-chat/chat/room`) and the
 *    messages of its open room (`GET /social-chat/chat/room/message/{roomId}`, a room of its list) every 1.5 s
 *    for BENCH_SECONDS (default 30), as the portal asks (full answers: they are `no-store`; `Accept-Encoding` as
 *    browsers send it, so unchanged pages come gzip-compressed; read to the last byte, not inflated, which a
 *    browser does in its own process), over keep-alive
 *    HTTP on loopback; meanwhile subscribers write in at BENCH_INBOUND_PER_SEC (default 10) through the sandbox
 *    channel's inbound call, so lists and rooms change. Then the same agents on the same schedule run the very
 *    statements the server sends for their two calls when the page changed since the last poll (recorded with
 *    `recordQueries` while the page cache is out of the way, prepared under a name as the server does) directly
 *    on the database, through a pool of the server's size: what every poll cost before the page cache
 *    (lib/chat-cache.ts), and what a poll costs whose page did change. Printed per call: p50/p95/p99 over HTTP
 *    beside the raw SQL, and their ratio (goals: HTTP p95 < 50 ms; overhead HTTP p95 / SQL p95 - 1 < 30 %),
 *    and the database work each run caused. Each agent's first poll (the first 1.5 s, when the server has not
 *    yet seen the agent's token and session and the page cache is empty) is printed apart, without goals;
 *    the goals apply to the BENCH_SECONDS of polling that follow.
 * 2. SSE fan-out: every agent opens the event stream (`GET /api/events?access_token=…`, as the portal's
 *    EventSource does); a subscriber writes in on the channel every department holds, BENCH_SSE_ROUNDS times
 *    (default 5): time from the post until each connection received its `message` event (p50/p95/max), beside
 *    the time until a plain LISTEN connection of the bench got the same notification and the NOTIFY round trip
 *    alone (pg_notify on one connection to LISTEN on another).
 *
 * Simulated agents are concurrent requests of this one process (runs on 2 cores); timings include this
 * process's own event-loop delays in both the HTTP and the SQL runs. The bench fails when an HTTP p95 is 50 ms
 * or more, or when any request fails.
 *
 * BENCH_PROF_DIR=DIR writes a CPU profile of the server process there (when it stops).
 *
 *   npm run build && npm run bench -- social-inbox
 *   BENCH_SECONDS=10 BENCH_AGENTS=200 npm run bench -- social-inbox     # a shorter run
 */

import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { Pool } from "undici";
import {
  benchDatabase,
  benchServerEnv,
  ms,
  postgresUrl,
  type Spread,
  spread,
  startServerProcess,
} from "./support/bench-kit";

const AGENTS = Number(process.env.BENCH_AGENTS ?? 1000);
const ROOMS = Number(process.env.BENCH_ROOMS ?? 50_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const INBOUND_PER_SEC = Number(process.env.BENCH_INBOUND_PER_SEC ?? 10);
const SSE_ROUNDS = Number(process.env.BENCH_SSE_ROUNDS ?? 5);
const POLL_MS = 1500;
/** What Chromium sends in Accept-Encoding. */
const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";
const SOLO_ROUNDS = 30;
const DEPARTMENTS = 10;
/** Two channels per department, and the last one held by every department. */
const CHANNELS = DEPARTMENTS * 2 + 1;
const P95_GOAL_MS = 50;
const OVERHEAD_GOAL = 0.3;
/** The server's pool size (db/client.ts): the raw SQL run gets as many connections. */
const POOL = 10;

const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

interface Answer {
  status: number;
  body: string;
}

/**
 * One GET over the agent's keep-alive connections (a browser tab keeps its connections open), read to its last
 * byte; the body is kept as text only when the answer is not a 200 (for the error message), as the raw SQL
 * run keeps its rows. Each agent has an undici Pool (the client behind Node's fetch) of two connections.
 */
async function get(pool: Pool, p: string, headers: Record<string, string>): Promise<Answer> {
  const r = await pool.request({ path: p, method: "GET", headers });
  if (r.statusCode === 200) {
    await r.body.arrayBuffer();
    return { status: 200, body: "" };
  }
  return { status: r.statusCode, body: await r.body.text() };
}

function post(base: URL, p: string, body: object): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: p,
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(data) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    req.on("error", reject);
    req.end(data);
  });
}

interface Agent {
  id: string;
  token: string;
  http: Pool;
  roomId: string;
  /** The statements the server sends for the agent's two calls, replayed in the raw SQL run. */
  listSql: { text: string; params: unknown[] }[];
  messagesSql: { text: string; params: unknown[] }[];
}

interface Tally {
  list: number[];
  messages: number[];
  statuses: Map<string, number>;
  scheduled: number;
  done: number;
}

/**
 * Runs `tick(agent)` for every agent every POLL_MS for SECONDS, agents spread evenly over the interval; a tick
 * whose previous one has not finished is skipped (as a polling client does), and counted.
 */
async function pollFor(
  agents: Agent[],
  tick: (a: Agent, t: Tally) => Promise<void>,
): Promise<{ measured: Tally; first: Tally }> {
  const tally = (): Tally => ({ list: [], messages: [], statuses: new Map(), scheduled: 0, done: 0 });
  const t = tally();
  const first = tally();
  const started = performance.now();
  // the first poll of each agent (the first POLL_MS) is counted apart: caches are cold then
  const end = started + POLL_MS + SECONDS * 1000;
  await Promise.all(
    agents.map(async (a, i) => {
      let next = started + (i / agents.length) * POLL_MS;
      let into = first;
      while (next < end) {
        const wait = next - performance.now();
        if (wait > 0) await sleep(wait);
        into.scheduled += 1;
        await tick(a, into);
        into.done += 1;
        into = t;
        next += POLL_MS;
        // slots missed while the tick ran are skipped, as react-query's interval does
        while (next < performance.now() && next < end) {
          next += POLL_MS;
          t.scheduled += 1;
        }
      }
    }),
  );
  return { measured: t, first };
}

/**
 * A recorded statement as the server sends it: the polled chat statements are named prepared statements
 * (planned once per connection), so the raw run prepares them too.
 */
const named = (s: { text: string; params: unknown[] }): pg.QueryConfig => ({
  name: `raw_${createHash("sha1").update(s.text).digest("hex").slice(0, 16)}`,
  text: s.text,
  values: s.params,
});

const note = (t: Tally, key: string) => t.statuses.set(key, (t.statuses.get(key) ?? 0) + 1);

async function main() {
  const base = await postgresUrl();
  if (!base) {
    console.log("PostgreSQL: not reachable (set BENCH_DATABASE_URL); skipped");
    return;
  }
  const database = await benchDatabase(base, "herald_bench_inbox");
  const dir = mkdtempSync(path.join(tmpdir(), "herald-bench-inbox-"));
  let failed = false;
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  const raw = new pg.Pool({ connectionString: database.url, max: POOL });
  try {
    const profDir = process.env.BENCH_PROF_DIR;
    server = await startServerProcess(
      database.url,
      dir,
      profDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profDir}` } : {},
    );
    const serverUrl = new URL(server.url);
    Object.assign(process.env, benchServerEnv(database.url, dir));
    const { buildApp } = await import("../packages/server/src/app");
    const { loadConfig } = await import("../packages/server/src/config");
    const { recordQueries } = await import("../packages/server/src/db/client");
    const { signToken } = await import("../packages/server/src/lib/tokens");
    const config = loadConfig(process.env);
    const app = await buildApp({ config });
    try {
      // ---- seed ----
      const seedStarted = performance.now();
      const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
        (await raw.query(text, params)).rows as T[];
      const [company] = await q<{ id: string }>(
        "insert into companies (id, name, credit_cents) values (gen_random_uuid(), 'Inbox Co', 100000000) returning id",
      );
      const companyId = company!.id;
      await q(
        `insert into users (id, company_id, first_name, last_name, email, password_hash, user_role, is_owner, email_verified_at)
         values (gen_random_uuid(), $1, 'Olive', 'Owner', $2, 'x', 'admin', true, now())`,
        [companyId, `owner.${process.pid}@inbox.example.com`],
      );
      await q(
        `insert into departments (id, company_id, name)
         select gen_random_uuid(), $1, 'Team ' || d from generate_series(0, ${DEPARTMENTS - 1}) d`,
        [companyId],
      );
      await q(
        `insert into users (id, company_id, first_name, last_name, email, password_hash, user_role, user_status, email_verified_at)
         select gen_random_uuid(), $1, 'Agent', g::text, 'agent.' || g || '.' || $2 || '@inbox.example.com', 'x',
                case when g % 50 = 0 then 'supervisor' else 'agent' end,
                case when g % 3 = 0 then 'online' else 'offline' end, now()
           from generate_series(0, ${AGENTS - 1}) g`,
        [companyId, process.pid],
      );
      // agent g: department g % 10, every fifth also the next one
      await q(
        `with d as (select id, (row_number() over (order by name) - 1)::int as n from departments where company_id = $1),
              u as (select id, last_name::int as g from users where company_id = $1 and first_name = 'Agent')
         insert into user_departments (user_id, department_id)
         select u.id, d.id from u join d on d.n = u.g % ${DEPARTMENTS}
         union all
         select u.id, d.id from u join d on d.n = (u.g + 1) % ${DEPARTMENTS} where u.g % 5 = 0`,
        [companyId],
      );
      await q(
        `insert into channels (id, company_id, channel_type, driver, name)
         select gen_random_uuid(), $1, (array['WHATSAPP', 'TELEGRAM', 'FACEBOOK MESSENGER', 'LINE'])[1 + c % 4], 'sandbox', 'Line ' || lpad(c::text, 2, '0')
           from generate_series(0, ${CHANNELS - 1}) c`,
        [companyId],
      );
      await q(
        `with c as (select id, (row_number() over (order by name) - 1)::int as n from channels where company_id = $1),
              d as (select id, (row_number() over (order by name) - 1)::int as n from departments where company_id = $1)
         insert into channel_departments (channel_id, department_id)
         select c.id, d.id from c join d on d.n = c.n / 2 where c.n < ${CHANNELS - 1}
         union all
         select c.id, d.id from c cross join d where c.n = ${CHANNELS - 1}`,
        [companyId],
      );
      // room g on channel g % 21; room g's last activity g * 7 s ago; message j of a room (j * 1 min) before it
      await q(
        `with c as (select id, (row_number() over (order by name) - 1)::int as n from channels where company_id = $1)
         insert into subscribers (id, company_id, channel_id, platform_id, name)
         select gen_random_uuid(), $1, c.id, 'p' || g, 'Subscriber ' || g from generate_series(0, ${ROOMS - 1}) g
           join c on c.n = g % ${CHANNELS}`,
        [companyId],
      );
      await q(
        `with a as (select id, (row_number() over (order by id) - 1)::int as n from users
                     where company_id = $1 and first_name = 'Agent')
         insert into chat_rooms (subscriber_id, company_id, channel_id, status, agent_id, unread_count, last_message_at,
                                 last_message_text, last_inbound_at)
         select s.id, $1, s.channel_id,
                (array['open', 'assigned', 'in-progress', 'closed'])[1 + g % 4],
                case when g % 4 in (1, 2) then a.id end, g % 3,
                date_trunc('milliseconds', now()) - make_interval(secs => g * 7),
                'Message 0 of room ' || g, date_trunc('milliseconds', now()) - make_interval(secs => g * 7)
           from (select id, channel_id, substr(platform_id, 2)::int as g from subscribers where company_id = $1) s
           left join a on a.n = s.g % ${AGENTS}`,
        [companyId],
      );
      const perRoom = Math.max(1, Math.floor(MESSAGES / ROOMS));
      await q(
        `insert into chat_messages (id, company_id, subscriber_id, channel_id, type, text, message_status, delivery_status,
                                    provider_message_id, read_at, created_at)
         select gen_random_uuid(), $1, r.subscriber_id, r.channel_id, case when j % 2 = 0 then 'inbox' else 'outbox' end,
                'Message ' || j || ' of room ' || r.g,
                case when j % 2 = 1 then 'yes' end, case when j % 2 = 1 then 'read' end,
                case when j % 2 = 0 then 'seed-' || r.g || '-' || j end,
                case when j % 2 = 0 and j >= 2 * (r.g % 3) then now() end,
                r.last_message_at - make_interval(mins => j)
           from (select subscriber_id, channel_id, last_message_at,
                        (row_number() over (order by last_message_at desc) - 1)::int as g
                   from chat_rooms where company_id = $1) r
          cross join generate_series(0, ${perRoom - 1}) j`,
        [companyId],
      );
      await q(
        `insert into chat_room_status_logs (id, company_id, subscriber_id, status, created_at)
         select gen_random_uuid(), $1, subscriber_id, 'open', last_message_at - interval '1 day' from chat_rooms where company_id = $1`,
        [companyId],
      );
      await q("vacuum analyze");
      const [counts] = await q<{ rooms: number; messages: number }>(
        `select (select count(*)::int from chat_rooms) as rooms, (select count(*)::int from chat_messages) as messages`,
      );
      console.log(
        `seeded ${AGENTS.toLocaleString("en-US")} agents in ${DEPARTMENTS} departments, ${CHANNELS} channels, ${counts!.rooms.toLocaleString("en-US")} rooms and ${counts!.messages.toLocaleString("en-US")} messages in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
      );

      // ---- agents: a session and token each, the open room from their first page ----
      const people = await q<{ id: string; role: string }>(
        `select id, user_role as role from users where company_id = $1 and first_name = 'Agent' order by id`,
        [companyId],
      );
      const sessionIds = await q<{ id: string; user_id: string }>(
        `insert into sessions (id, user_id, company_id, expires_at)
         select gen_random_uuid(), id, company_id, now() + interval '2 hours' from users where company_id = $1 and first_name = 'Agent'
         returning id, user_id`,
        [companyId],
      );
      const sessionOf = new Map(sessionIds.map((s) => [s.user_id, s.id]));
      const agents: Agent[] = [];
      for (const [i, p] of people.entries()) {
        const token = await signToken(
          config.jwtSecret,
          { user_id: p.id, role: p.role, company_id: companyId, sid: sessionOf.get(p.id)!, typ: "access" },
          7200,
        );
        const first = await app.inject({
          method: "GET",
          url: "/api/social-chat/chat/room",
          headers: { authorization: `Bearer ${token}` },
        });
        if (first.statusCode !== 200) throw new Error(`room list: ${first.statusCode} ${first.body}`);
        const rooms = (first.json() as { data: { subscriberId: string }[] }).data;
        if (rooms.length === 0) throw new Error("an agent sees no room");
        const roomId = rooms[i % rooms.length]!.subscriberId;
        const headers = { authorization: `Bearer ${token}` };
        // the statements of a poll whose page changed since the last one: recorded with the page cache
        // (lib/chat-cache.ts) out of the way, as every poll would run them without it
        const cache = app.deps.chatCache;
        app.deps.chatCache = undefined;
        const list = await recordQueries(() =>
          app.inject({ method: "GET", url: "/api/social-chat/chat/room", headers }),
        );
        const messages = await recordQueries(() =>
          app.inject({ method: "GET", url: `/api/social-chat/chat/room/message/${roomId}`, headers }),
        );
        app.deps.chatCache = cache;
        if (messages.result.statusCode !== 200) throw new Error(`messages: ${messages.result.statusCode}`);
        agents.push({
          id: p.id,
          token,
          http: new Pool(serverUrl.origin, { connections: 2, pipelining: 1 }),
          roomId,
          listSql: list.statements,
          messagesSql: messages.statements,
        });
      }
      console.log(
        `${agents.length} agents; per poll the server sends ${agents[0]!.listSql.length} statement(s) for the room list and ${agents[0]!.messagesSql.length} for the message page`,
      );

      // ---- 0. one agent alone: the cost of a call without load ----
      {
        const solo = agents[0]!;
        const c = await raw.connect();
        console.log(
          `\none agent alone, ${SOLO_ROUNDS} calls each (p50, HTTP beside its statements on one connection):`,
        );
        try {
          for (const which of ["list", "messages"] as const) {
            const p =
              which === "list"
                ? "/api/social-chat/chat/room"
                : `/api/social-chat/chat/room/message/${solo.roomId}`;
            const statements = which === "list" ? solo.listSql : solo.messagesSql;
            const overHttp: number[] = [];
            const onDb: number[] = [];
            for (let i = 0; i < SOLO_ROUNDS + 3; i++) {
              let t = performance.now();
              const r = await get(solo.http, p, {
                authorization: `Bearer ${solo.token}`,
                "accept-encoding": BROWSER_ENCODINGS,
              });
              if (r.status !== 200) throw new Error(`${p}: ${r.status}`);
              if (i >= 3) overHttp.push(performance.now() - t);
              t = performance.now();
              for (const st of statements) await c.query(named(st));
              if (i >= 3) onDb.push(performance.now() - t);
            }
            const h = spread(overHttp).p50;
            const d = spread(onDb).p50;
            console.log(
              `  ${(which === "list" ? "room list (first page)" : "open room's messages").padEnd(24)} HTTP ${ms(h)} ms   SQL ${ms(d)} ms   ${(h / d).toFixed(2)}×`,
            );
          }
        } finally {
          c.release();
        }
      }

      // ---- subscribers writing in while the agents poll ----
      const channels = await q<{ id: string }>(
        "select id from channels where company_id = $1 order by name",
        [companyId],
      );
      let writing = false;
      let written = 0;
      const writer = async () => {
        let k = 0;
        while (writing) {
          const g = Math.floor(Math.random() * ROOMS);
          const r = await post(serverUrl, `/api/sandbox/channels/${channels[g % CHANNELS]!.id}/inbound`, {
            subscriberName: `Subscriber ${g}`,
            platformId: `p${g}`,
            text: `Live ${k++}`,
          });
          if (r.status !== 200) {
            failed = true;
            console.error(`inbound: ${r.status} ${r.body}`);
          } else written += 1;
          await sleep(1000 / INBOUND_PER_SEC);
        }
      };
      const withWriter = async <T>(fn: () => Promise<T>): Promise<T> => {
        writing = INBOUND_PER_SEC > 0;
        written = 0;
        const w = writing ? writer() : Promise.resolve();
        try {
          return await fn();
        } finally {
          writing = false;
          await w;
        }
      };

      // ---- 1a. polling over HTTP ----
      const timed = async (a: Agent, t: Tally, which: "list" | "messages") => {
        const p =
          which === "list" ? "/api/social-chat/chat/room" : `/api/social-chat/chat/room/message/${a.roomId}`;
        // as the portal asks: the answers are `no-store`, so a browser keeps no copy to revalidate
        const headers: Record<string, string> = {
          authorization: `Bearer ${a.token}`,
          "accept-encoding": BROWSER_ENCODINGS,
        };
        const started = performance.now();
        try {
          const r = await get(a.http, p, headers);
          t[which].push(performance.now() - started);
          note(t, `${which} ${r.status}`);
          if (r.status !== 200) failed = true;
        } catch (err) {
          note(t, `${which} ${(err as Error).message}`);
          failed = true;
        }
      };
      console.log(
        `\npolling for ${SECONDS} s: ${agents.length} agents, every ${POLL_MS} ms, ${INBOUND_PER_SEC} inbound/s`,
      );
      // database transactions (every statement outside a transaction is one) while each run lasts, and how
      // often the polls' statements ran: only the room list reads chat_room_counts, and the message page's
      // second statement is the only index read of chat_room_status_logs
      const counters = async () => {
        await sleep(1500); // backends report their counts about once a second
        const [t] = await q<{ tx: string; lists: string; logs: string }>(
          `select (select (xact_commit + xact_rollback)::text from pg_stat_database where datname = current_database()) as tx,
                  (select (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::text from pg_stat_user_tables where relname = 'chat_room_counts') as lists,
                  (select coalesce(idx_scan, 0)::text from pg_stat_user_tables where relname = 'chat_room_status_logs') as logs`,
        );
        return { tx: Number(t!.tx), lists: Number(t!.lists), logs: Number(t!.logs) };
      };
      const since = async (b: Awaited<ReturnType<typeof counters>>) => {
        const a = await counters();
        return { tx: a.tx - b.tx, lists: a.lists - b.lists, logs: a.logs - b.logs };
      };
      let before = await counters();
      const { measured: overHttp, first: firstHttp } = await withWriter(() =>
        pollFor(agents, async (a, t) => {
          await Promise.all([timed(a, t, "list"), timed(a, t, "messages")]);
        }),
      );
      const httpWritten = written;
      const httpCounts = await since(before);

      // ---- 1b. the same statements on the database ----
      const replay = async (a: Agent, t: Tally, which: "list" | "messages") => {
        const statements = which === "list" ? a.listSql : a.messagesSql;
        const started = performance.now();
        const c = await raw.connect();
        try {
          for (const s of statements) await c.query(named(s));
          t[which].push(performance.now() - started);
          note(t, `${which} ok`);
        } catch (err) {
          note(t, `${which} ${(err as Error).message}`);
          failed = true;
        } finally {
          c.release();
        }
      };
      before = await counters();
      const { measured: onDatabase, first: firstSql } = await withWriter(() =>
        pollFor(agents, async (a, t) => {
          await Promise.all([replay(a, t, "list"), replay(a, t, "messages")]);
        }),
      );
      const sqlCounts = await since(before);
      await Promise.all(agents.map((a) => a.http.close()));

      const row = (label: string, h: Spread, s: Spread, goals = true) => {
        const overhead = h.p95 / s.p95 - 1;
        const missed: string[] = [];
        if (h.p95 >= P95_GOAL_MS) missed.push(`p95 over ${P95_GOAL_MS} ms`);
        if (overhead >= OVERHEAD_GOAL) missed.push(`overhead over ${OVERHEAD_GOAL * 100} %`);
        if (goals && missed.length > 0) failed = true;
        console.log(
          `${label.padEnd(34)}${String(h.n).padStart(7)}${ms(h.p50)}${ms(h.p95)}${ms(h.p99)} |${ms(s.p50)}${ms(s.p95)}${ms(s.p99)} | ${(h.p50 / s.p50).toFixed(2).padStart(5)}× ${(h.p95 / s.p95).toFixed(2).padStart(5)}× ${(h.p99 / s.p99).toFixed(2).padStart(5)}×  ${goals ? (missed.length ? `missed: ${missed.join(", ")}` : "goals met") : "(no goal)"}`,
        );
      };
      console.log(
        `\n${"call".padEnd(34)}${"calls".padStart(7)}${"HTTP p50".padStart(8)}${"p95".padStart(8)}${"p99".padStart(8)} |${"SQL p50".padStart(8)}${"p95".padStart(8)}${"p99".padStart(8)} | HTTP / SQL (p50, p95, p99)`,
      );
      row("room list, first poll of each", spread(firstHttp.list), spread(firstSql.list), false);
      row("messages, first poll of each", spread(firstHttp.messages), spread(firstSql.messages), false);
      row(`room list, next ${SECONDS} s`, spread(overHttp.list), spread(onDatabase.list));
      row(`open room's messages, next ${SECONDS} s`, spread(overHttp.messages), spread(onDatabase.messages));
      const statuses = (t: Tally) =>
        [...t.statuses.entries()]
          .sort()
          .map(([k, v]) => `${k}: ${v}`)
          .join(", ");
      const work = (c: Awaited<ReturnType<typeof since>>, polls: number) =>
        `${c.lists.toLocaleString("en-US")} room-list statements (${((100 * c.lists) / polls).toFixed(1)} % of polls), ${c.logs.toLocaleString("en-US")} message-page log reads (${((100 * c.logs) / polls).toFixed(1)} %), ${c.tx.toLocaleString("en-US")} database transactions (${(c.tx / polls).toFixed(2)} per poll of two calls; the inbound messages', the job queue's and the session checks' included)`;
      const polls = (x: Tally, y: Tally) => Math.max(1, x.done + y.done);
      console.log(
        `HTTP: ${overHttp.done} of ${overHttp.scheduled} polls made after the first (${statuses(overHttp)}), ${httpWritten} inbound messages; over the whole run ${work(httpCounts, polls(overHttp, firstHttp))}`,
      );
      console.log(
        `SQL:  ${onDatabase.done} of ${onDatabase.scheduled} polls made after the first (${statuses(onDatabase)}), ${written} inbound messages; over the whole run ${work(sqlCounts, polls(onDatabase, firstSql))}`,
      );
      console.log(
        `goals: HTTP p95 < ${P95_GOAL_MS} ms; overhead (HTTP p95 / SQL p95 - 1) < ${OVERHEAD_GOAL * 100} %`,
      );

      // ---- 2. SSE fan-out ----
      const shared = channels[CHANNELS - 1]!.id;
      const listener = new pg.Client({ connectionString: database.url });
      await listener.connect();
      await listener.query("listen herald_events");
      const notified = new Map<string, number>();
      let pingAt = 0;
      const pings: number[] = [];
      listener.on("notification", (n) => {
        if (n.channel === "herald_events_bench") {
          pings.push(performance.now() - pingAt);
          return;
        }
        const e = JSON.parse(n.payload ?? "{}") as { event?: string; data?: { messageId?: string } };
        if (e.event === "message" && e.data?.messageId) notified.set(e.data.messageId, performance.now());
      });
      await listener.query("listen herald_events_bench");
      const pinger = new pg.Client({ connectionString: database.url });
      await pinger.connect();
      for (let i = 0; i < 20; i++) {
        const before = pings.length;
        pingAt = performance.now();
        await pinger.query("select pg_notify('herald_events_bench', 'x')");
        while (pings.length === before) await sleep(1);
      }
      await pinger.end();

      const received: Map<string, number>[] = []; // per connection: messageId -> time
      const streams: http.ClientRequest[] = [];
      let open = 0;
      await Promise.all(
        agents.map(
          (a) =>
            new Promise<void>((resolve, reject) => {
              const seen = new Map<string, number>();
              received.push(seen);
              const req = http.request({
                host: serverUrl.hostname,
                port: serverUrl.port,
                path: `/api/events?access_token=${encodeURIComponent(a.token)}`,
                headers: { accept: "text/event-stream" },
                agent: false,
              });
              streams.push(req);
              req.on("response", (res) => {
                if (res.statusCode !== 200) {
                  reject(new Error(`event stream: ${res.statusCode}`));
                  return;
                }
                open += 1;
                resolve();
                let buffer = "";
                res.setEncoding("utf8");
                res.on("data", (chunk: string) => {
                  buffer += chunk;
                  let end = buffer.indexOf("\n\n");
                  while (end >= 0) {
                    const block = buffer.slice(0, end);
                    buffer = buffer.slice(end + 2);
                    if (block.includes("event: message")) {
                      const data = /^data: (.*)$/m.exec(block)?.[1];
                      const id = data ? (JSON.parse(data) as { messageId?: string }).messageId : undefined;
                      if (id) seen.set(id, performance.now());
                    }
                    end = buffer.indexOf("\n\n");
                  }
                });
              });
              req.on("error", (err) => {
                if (open < agents.length) reject(err);
              });
              req.end();
            }),
        ),
      );
      console.log(`\nSSE fan-out: ${open} event streams open (one per agent)`);
      console.log(
        `${"post".padEnd(8)}${"received".padStart(10)}${"p50".padStart(8)}${"p95".padStart(8)}${"max".padStart(8)} | post -> LISTEN of the bench`,
      );
      const allFanOut: number[] = [];
      const allListen: number[] = [];
      for (let round = 1; round <= SSE_ROUNDS; round++) {
        await sleep(500);
        const postedAt = performance.now();
        const r = await post(serverUrl, `/api/sandbox/channels/${shared}/inbound`, {
          subscriberName: "Fan Out",
          platformId: `fan-out-${round}`,
          text: `Fan-out ${round}`,
        });
        if (r.status !== 200) throw new Error(`inbound: ${r.status} ${r.body}`);
        const { messageId } = JSON.parse(r.body) as { messageId: string };
        const deadline = performance.now() + 30_000;
        while (received.some((m) => !m.has(messageId)) && performance.now() < deadline) await sleep(5);
        const times = received.map((m) => m.get(messageId)).filter((x): x is number => x !== undefined);
        const lags = times.map((x) => x - postedAt);
        const heard = notified.get(messageId);
        const listen = heard === undefined ? Number.NaN : heard - postedAt;
        allFanOut.push(...lags);
        if (heard !== undefined) allListen.push(listen);
        const s = spread(lags);
        if (times.length !== agents.length) failed = true;
        console.log(
          `${`#${round}`.padEnd(8)}${`${times.length}/${agents.length}`.padStart(10)}${ms(s.p50)}${ms(s.p95)}${ms(s.max)} | ${Number.isNaN(listen) ? "     n/a" : ms(listen)}${round === 1 ? "  (first event: each stream checks the channel's visibility once)" : ""}`,
        );
      }
      const all = spread(allFanOut);
      const ping = spread(pings);
      console.log(
        `all rounds: fan-out p50 ${all.p50.toFixed(2)} ms, p95 ${all.p95.toFixed(2)} ms, max ${all.max.toFixed(2)} ms; post -> LISTEN p50 ${spread(allListen).p50.toFixed(2)} ms; NOTIFY round trip alone p50 ${ping.p50.toFixed(2)} ms, p95 ${ping.p95.toFixed(2)} ms (${ping.n} pings)`,
      );
      for (const s of streams) s.destroy();
      await listener.end();
    } finally {
      await app.close();
    }
  } finally {
    await raw.end().catch(() => {});
    await server?.stop();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
  if (failed) {
    console.error("a goal was missed or a request failed (see above)");
    process.exit(1);
  }
}

await main();
