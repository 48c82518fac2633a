/**
 * The administration lists at volume: one company with 10,000 users, 2,000 departments, 1,000 keywords and
 * 100,000 mobile-list numbers. Each list call (`GET /api/userList`, `/api/departments`, `/api/keywordList`,
 * `/api/mobileSubList` with paging, search, sorting and filters) is timed over loopback HTTP against the real
 * app, beside "raw SQL": the very statements that request sent (recorded with their parameters) replayed on
 * their own connection to the same database, so the ratio is the cost of everything around the query (HTTP,
 * auth, validation, JSON). The gate is the issue's: every list call answers in under 100 ms (median) on
 * PostgreSQL, in one query for its page. PGlite figures are printed for information (BENCH_DATABASES).
 *
 * PostgreSQL is used when BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) answers;
 * a database of its own is created there and dropped afterwards. BENCH_ROUNDS sets the timed calls per list
 * (default 30, after 5 warm-up calls); BENCH_LISTS picks lists by the start of their label ("userList,departments").
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import {
  accessToken,
  BENCH_SECRET,
  benchDatabase,
  companyWithOwner,
  inProcessApp,
  interleavedTimes,
  median,
  ms,
  postgresUrl,
} from "./support/bench-kit";

const LIMIT_MS = 100;
const rounds = Number(process.env.BENCH_ROUNDS ?? 30);
const USERS = 10_000;
const DEPARTMENTS = 2_000;
const KEYWORDS = 1_000;
const NUMBERS = 100_000;

type Statement = { text: string; params: unknown[] };

const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] ?? Number.NaN;
};

async function seed(query: (text: string, params?: unknown[]) => Promise<unknown>, companyId: string) {
  // All with set-based SQL: the company, its departments, users (two departments each), keywords, numbers.
  await query(
    `insert into departments (id, company_id, name, description, created_at)
     select gen_random_uuid(), $1, 'Department ' || lpad(g::text, 4, '0'), 'Description of department ' || g,
            now() - (g || ' minutes')::interval
       from generate_series(1, ${DEPARTMENTS}) g`,
    [companyId],
  );
  await query(
    `insert into users (id, company_id, first_name, last_name, email, password_hash, contact_number, user_role,
                        credit_cents, created_at, email_verified_at)
     select gen_random_uuid(), $1, 'User', 'Number ' || g, 'bench.user.' || g || '.' || $2 || '@example.com', 'x',
            '6591' || lpad(g::text, 6, '0'), (array['agent', 'supervisor', 'admin'])[1 + g % 3], g * 10,
            now() - (g || ' seconds')::interval, now()
       from generate_series(1, ${USERS}) g`,
    [companyId, `${process.pid}${Date.now()}`],
  );
  await query(
    `insert into user_departments (user_id, department_id)
     select u.id, d.id from
       (select id, row_number() over (order by created_at) as n from users where company_id = $1) u
       join (select id, row_number() over (order by name) as n from departments where company_id = $1) d
         on d.n = 1 + (u.n % ${DEPARTMENTS}) or d.n = 1 + ((u.n * 7 + 3) % ${DEPARTMENTS})
     on conflict do nothing`,
    [companyId],
  );
  await query(
    `insert into keywords (id, company_id, keyword, type, status, auto_reply_status, auto_reply, created_at)
     select gen_random_uuid(), $1, 'KEY' || g, (array['sub', 'unsub'])[1 + g % 2], 'active',
            (array['enable', 'disable'])[1 + g % 2], case when g % 2 = 0 then 'Thanks ' || g end,
            now() - (g || ' seconds')::interval
       from generate_series(1, ${KEYWORDS}) g`,
    [companyId],
  );
  await query(
    `insert into mobile_subscriptions (id, company_id, contact_number, type, status, created_at)
     select gen_random_uuid(), $1, '659' || lpad(g::text, 7, '0'), (array['sub', 'unsub'])[1 + g % 2], 'active',
            now() - (g || ' seconds')::interval
       from generate_series(1, ${NUMBERS}) g`,
    [companyId],
  );
  await query("analyze");
}

interface Row {
  label: string;
  rows: number;
  queries: number;
  api: number;
  apiP95: number;
  raw: number;
}

async function benchLists(name: string, env: Record<string, string>): Promise<Row[]> {
  const { app, config, database, recordQueries } = await inProcessApp(env);
  try {
    const { companyId, userId } = await companyWithOwner(
      database,
      { name: "Bench Co", totalUsersAllowed: USERS + 10 },
      { lastName: "Admin", email: `bench.admin.${process.pid}.${Date.now()}@example.com` },
    );
    const started = performance.now();
    await seed((text, params) => database.query(text, params), companyId);
    // the admin shares a department with some users ("Show own department")
    await database.query(
      `insert into user_departments (user_id, department_id)
       select $1, id from departments where company_id = $2 and name = 'Department 0001'`,
      [userId, companyId],
    );
    console.log(
      `\n${name}: seeded ${USERS} users, ${DEPARTMENTS} departments, ${KEYWORDS} keywords, ${NUMBERS} numbers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const token = await accessToken(
      database,
      config.jwtSecret,
      { id: userId, companyId, role: "admin" },
      3600,
    );
    await app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const headers = { authorization: `Bearer ${token}` };

    const calls: [string, string][] = [
      ["userList page 1 (100)", "/api/userList?page=1&pageSize=100"],
      ["userList page 50 (100)", "/api/userList?page=50&pageSize=100"],
      ["userList page 1 (500)", "/api/userList?page=1&pageSize=500"],
      ["userList search 'number 12'", "/api/userList?pageSize=100&search=number%2012"],
      ["userList sort name", "/api/userList?pageSize=100&sort=name&order=asc"],
      ["userList sort departments", "/api/userList?pageSize=100&sort=dept&order=asc"],
      ["userList own department", "/api/userList?pageSize=100&ownDept=true"],
      ["departments page 1 (100)", "/api/departments?page=1&pageSize=100"],
      ["departments page 20 (100)", "/api/departments?page=20&pageSize=100"],
      ["departments all (picker, 5000)", "/api/departments?pageSize=5000"],
      ["departments search", "/api/departments?pageSize=100&search=department%2019"],
      ["keywordList page 1 (1000)", "/api/keywordList?page=1&pageSize=1000"],
      ["keywordList search", "/api/keywordList?pageSize=1000&search=KEY99"],
      ["mobileSubList page 1 (1000)", "/api/mobileSubList?page=1&pageSize=1000"],
      ["mobileSubList page 20 (1000)", "/api/mobileSubList?page=20&pageSize=1000"],
      ["mobileSubList last page (1000)", "/api/mobileSubList?page=100&pageSize=1000"],
      ["mobileSubList unsub search", "/api/mobileSubList?pageSize=1000&type=unsub&search=6590001"],
    ];

    const only = process.env.BENCH_LISTS?.split(",");
    const chosen = only ? calls.filter(([label]) => only.some((o) => label.startsWith(o))) : calls;
    // The raw database: a connection of its own (PostgreSQL), or the same PGlite instance.
    const rawClient =
      database.kind === "postgres" ? new pg.Client({ connectionString: env.DATABASE_URL }) : undefined;
    await rawClient?.connect();
    const raw = async (s: Statement) => {
      if (rawClient) await rawClient.query(s.text, s.params);
      else await database.pglite!.query(s.text, s.params);
    };

    const results: Row[] = [];
    for (const [label, url] of chosen) {
      const get = async () => {
        const r = await fetch(`${base}${url}`, { headers });
        const body = (await r.json()) as { data?: unknown[]; message?: string };
        if (r.status !== 200) throw new Error(`${label}: ${r.status} ${body.message ?? ""}`);
        return body;
      };
      for (let i = 0; i < 5; i++) await get();
      // the statements of one request, recorded in-process (the actor is cached: these are the list's own)
      const { result: injected, statements } = await recordQueries(() =>
        app.inject({ method: "GET", url, headers }),
      );
      const result = injected.json() as { data?: unknown[] };
      const work = statements.filter((s) => !/^\s*(begin|commit|rollback)/i.test(s.text));
      for (let i = 0; i < 3; i++) for (const s of work) await raw(s);
      // interleave API calls and raw replays, so background load hits both alike
      const { apiTimes, rawTimes } = await interleavedTimes(rounds, get, async () => {
        for (const s of work) await raw(s);
      });
      results.push({
        label,
        rows: result.data?.length ?? 0,
        queries: work.length,
        api: median(apiTimes),
        apiP95: p95(apiTimes),
        raw: median(rawTimes),
      });
    }
    await rawClient?.end();
    console.log(
      `${"list call".padEnd(34)}${"rows".padStart(6)}${"queries".padStart(9)}${"API ms".padStart(9)}${"p95".padStart(8)}${"raw SQL".padStart(9)}  API / raw SQL`,
    );
    for (const r of results) {
      console.log(
        `${r.label.padEnd(34)}${String(r.rows).padStart(6)}${String(r.queries).padStart(9)}${ms(r.api)} ${ms(r.apiP95)}${ms(r.raw)}  ${(r.api / r.raw).toFixed(2)}×`,
      );
    }
    return results;
  } finally {
    await app.close();
  }
}

async function main() {
  const common = {
    HERALD_JWT_SECRET: BENCH_SECRET,
    HERALD_DEMO: "false",
    HERALD_PORTAL_DIR: path.join(tmpdir(), "herald-bench-no-portal"),
    HERALD_ENV: "development",
    LOG_LEVEL: "warn",
    HERALD_PUBLIC_RATE_LIMIT: "100000",
  };
  const only = (process.env.BENCH_DATABASES ?? "postgres,pglite").split(",");
  let ok = true;

  const pgBase = only.includes("postgres") ? await postgresUrl() : undefined;
  if (only.includes("postgres") && !pgBase) {
    console.log("\nPostgreSQL: not reachable (set BENCH_DATABASE_URL); skipped");
  } else if (pgBase) {
    const bench = await benchDatabase(pgBase, "herald_bench_lists");
    try {
      const rows = await benchLists("PostgreSQL", {
        ...common,
        HERALD_DATA_DIR: bench.dir,
        DATABASE_URL: bench.url,
      });
      for (const r of rows) {
        if (r.api >= LIMIT_MS) {
          console.error(`FAIL ${r.label}: median ${r.api.toFixed(1)} ms (limit ${LIMIT_MS} ms)`);
          ok = false;
        }
        if (r.queries !== 1) {
          console.error(`FAIL ${r.label}: ${r.queries} queries for one page (expected 1)`);
          ok = false;
        }
      }
      if (ok) console.log(`every list call: one query, median under ${LIMIT_MS} ms on PostgreSQL`);
    } finally {
      await bench.drop();
    }
  }
  if (only.includes("pglite")) {
    // A second app in this process: PGlite in a directory of its own (informational).
    const dataDir = mkdtempSync(path.join(tmpdir(), "herald-bench-"));
    try {
      const env = { ...common, HERALD_DATA_DIR: dataDir };
      delete (process.env as Record<string, string | undefined>).DATABASE_URL;
      await benchLists("PGlite (embedded, for information)", env);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (!ok) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
