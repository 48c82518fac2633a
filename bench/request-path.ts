/**
 * The authenticated request path against a plain route, on the embedded PGlite and on PostgreSQL.
 *
 * For each database a server process is started on loopback (the real app from packages/server, its default
 * logging written to /dev/null) with two extra routes for reference: `GET /bench/plain` (no database) and
 * `GET /bench/reference`, a plain Fastify route that runs one indexed SELECT (`select id from users where
 * id = $1`) through the same pool or PGlite instance. autocannon then drives 32 connections at each route
 * in turn and the table shows req/s and p99 latency beside the reference and their ratio. It fails when an
 * authenticated route (`POST /api/getProfile`) or `GET /api/healthz` reaches less than half the reference.
 *
 * PostgreSQL is used when BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) answers;
 * a database of its own is created there and dropped afterwards. BENCH_SECONDS sets the duration of each
 * measurement (default 4), BENCH_CONNECTIONS the connections (default 32), BENCH_DATABASES which databases
 * to run (default "pglite,postgres").
 */
import { type ChildProcess, fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import {
  accessToken,
  BENCH_SECRET,
  benchDatabase,
  companyWithOwner,
  inProcessApp,
  postgresUrl,
} from "./support/bench-kit";

const MIN_RATIO = 0.5;
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

interface Ready {
  port: number;
  token: string;
  userId: string;
}

// ───────────────────────────── server side (a child process) ─────────────────────────────
async function serve() {
  const { app, config, database } = await inProcessApp();
  const { companyId, userId } = await companyWithOwner(
    database,
    { name: "Bench Co" },
    { lastName: "User", email: `bench.${process.pid}@example.com` },
  );
  const token = await accessToken(database, config.jwtSecret, { id: userId, companyId, role: "admin" }, 3600);

  app.get("/bench/plain", async () => ({ id: userId }));
  app.get("/bench/reference", async () => {
    const rows = await database.query<{ id: string }>("select id from users where id = $1", [userId]);
    return { id: rows[0]!.id };
  });
  // The same SELECT as a prepared statement (as the actor and getProfile use), for information.
  const prepared = database.prepared?.<{ id: string }>(
    "bench_reference",
    "select id from users where id = $1",
  );
  app.get("/bench/reference-prepared", async () => {
    const rows = prepared ? await prepared([userId]) : await database.query<{ id: string }>("select 1 as id");
    return { id: rows[0]!.id };
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  process.send?.({ port, token, userId } satisfies Ready);
  process.on("disconnect", () => {
    void app.close().then(() => process.exit(0));
  });
}

// ───────────────────────────── load side (the parent) ─────────────────────────────
interface Figure {
  label: string;
  rps: number;
  p99: number;
  errors: number;
}

async function load(
  label: string,
  url: string,
  opts: { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string },
  duration: number,
): Promise<Figure> {
  const result = await autocannon({
    url,
    connections,
    duration,
    method: opts.method ?? "GET",
    headers: opts.headers,
    body: opts.body,
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { label, rps: result.requests.average, p99: result.latency.p99, errors };
}

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; ready: Ready }> {
  const self = fileURLToPath(import.meta.url);
  const child = fork(self, [], {
    env: { ...process.env, ...env, BENCH_ROLE: "server" },
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once("message", (m) => resolve(m as Ready));
    child.once("exit", (code) => reject(new Error(`bench server exited (${code}) before it was ready`)));
  });
  return { child, ready };
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((r) => child.once("exit", r));
  child.disconnect();
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(9);

async function benchRoutes(name: string, env: Record<string, string>): Promise<boolean> {
  const { child, ready } = await startServer(env);
  const base = `http://127.0.0.1:${ready.port}`;
  const authed = {
    method: "POST" as const,
    headers: { authorization: `Bearer ${ready.token}`, "content-type": "application/json" },
    body: "{}",
  };
  const routes = [
    { label: "GET /bench/plain (no database)", url: `${base}/bench/plain`, opts: {} },
    { label: "GET /bench/reference (1 SELECT)", url: `${base}/bench/reference`, opts: {} },
    { label: "GET /bench/reference-prepared", url: `${base}/bench/reference-prepared`, opts: {} },
    { label: "POST /api/getProfile", url: `${base}/api/getProfile`, opts: authed },
    { label: "GET /api/healthz", url: `${base}/api/healthz`, opts: {} },
  ];
  try {
    // Warm up every route (JIT, caches, pool connections), then measure twice in turn and keep each
    // route's best round, so that load from other processes on the machine hits all routes alike.
    for (const r of routes) await load(r.label, r.url, r.opts, 1);
    const best = new Map<string, Figure>();
    for (let round = 0; round < 2; round++) {
      for (const r of routes) {
        const f = await load(r.label, r.url, r.opts, seconds);
        const prev = best.get(r.label);
        if (!prev || f.rps > prev.rps) best.set(r.label, f);
      }
    }
    const reference = best.get(routes[1]!.label)!;
    console.log(
      `\n${name}: ${connections} connections, ${seconds} s per measurement (best of 2); reference = ${reference.label}`,
    );
    console.log(`${"route".padEnd(36)}${"req/s".padStart(9)}${"p99 ms".padStart(9)}  ratio to reference`);
    let ok = true;
    for (const r of routes) {
      const f = best.get(r.label)!;
      const ratio = f.rps / reference.rps;
      const gated = r.label.startsWith("POST /api/getProfile") || r.label.startsWith("GET /api/healthz");
      const pass = ratio >= MIN_RATIO && f.errors === 0;
      if (gated && !pass) ok = false;
      const note =
        f === reference
          ? "(reference)"
          : `${ratio.toFixed(2)}×${gated ? (pass ? `  ok (≥ ${MIN_RATIO})` : `  FAIL (< ${MIN_RATIO})`) : ""}`;
      console.log(
        `${r.label.padEnd(36)}${fmt(f.rps)}${fmt(f.p99, 1)}  ${note}${f.errors ? `  ${f.errors} errors` : ""}`,
      );
    }
    return ok;
  } finally {
    await stopServer(child);
  }
}

/**
 * JWT verification per request, in this process: jose's HS256 verification (WebCrypto) against an HMAC
 * with node:crypto and against the verified-token cache the auth hook keeps (a Map lookup and the expiry
 * check). Informational: the request figures above already include whichever the server uses.
 */
async function jwtFigures() {
  const { createHmac, timingSafeEqual } = await import("node:crypto");
  const { signToken, verifyToken } = await import("../packages/server/src/lib/tokens");
  const { SessionCache } = await import("../packages/server/src/lib/session-cache");
  const key = new TextEncoder().encode(BENCH_SECRET);
  const claims = { user_id: "u", role: "admin", company_id: "c", sid: "s", typ: "access" as const };
  const token = await signToken(key, claims, 3600);
  const cache = new SessionCache();
  cache.rememberToken(token, claims, Math.floor(Date.now() / 1000) + 3600);
  const perOp = async (fn: () => unknown, n = 20_000) => {
    for (let i = 0; i < 1000; i++) await fn();
    const t = performance.now();
    for (let i = 0; i < n; i++) await fn();
    return ((performance.now() - t) * 1000) / n;
  };
  const jose = await perOp(() => verifyToken(key, token));
  const hmac = await perOp(() => {
    const [h, p, sig] = token.split(".");
    const mac = createHmac("sha256", key).update(`${h}.${p}`).digest();
    return (
      timingSafeEqual(mac, Buffer.from(sig ?? "", "base64url")) &&
      JSON.parse(Buffer.from(p ?? "", "base64url").toString())
    );
  });
  const cached = await perOp(() => cache.verifiedToken(token));
  console.log("\nJWT verification per request (reference = jose HS256 verify)");
  console.log(`${"jose jwtVerify (reference)".padEnd(36)}${fmt(jose, 1)} µs  1.00×`);
  console.log(
    `${"node:crypto HMAC + JSON.parse".padEnd(36)}${fmt(hmac, 1)} µs  ${(hmac / jose).toPrecision(2)}× the time`,
  );
  console.log(
    `${"verified-token cache hit".padEnd(36)}${fmt(cached, 1)} µs  ${(cached / jose).toPrecision(2)}× the time`,
  );
}

async function main() {
  const common = {
    HERALD_JWT_SECRET: BENCH_SECRET,
    HERALD_DEMO: "false",
    HERALD_PORTAL_DIR: path.join(tmpdir(), "herald-bench-no-portal"),
    HERALD_ENV: "development",
  };
  let ok = true;
  const only = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",");

  const dataDir = mkdtempSync(path.join(tmpdir(), "herald-bench-"));
  try {
    if (only.includes("pglite"))
      ok = (await benchRoutes("PGlite (embedded)", { ...common, HERALD_DATA_DIR: dataDir })) && ok;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const pgBase = only.includes("postgres") ? await postgresUrl() : undefined;
  if (!only.includes("postgres")) {
    // not asked for
  } else if (!pgBase) {
    console.log("\nPostgreSQL: not reachable (set BENCH_DATABASE_URL); skipped");
  } else {
    const bench = await benchDatabase(pgBase, "herald_bench");
    try {
      ok =
        (await benchRoutes("PostgreSQL", {
          ...common,
          HERALD_DATA_DIR: bench.dir,
          DATABASE_URL: bench.url,
        })) && ok;
    } finally {
      await bench.drop();
    }
  }
  await jwtFigures();
  if (!ok) {
    console.error(`\nAn authenticated route reached less than ${MIN_RATIO}× its reference.`);
    process.exit(1);
  }
}

if (process.env.BENCH_ROLE === "server") {
  serve().catch((err) => {
    console.error(err);
    process.exit(1);
  });
} else {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
