/**
 * What the PostgreSQL benchmarks share: the database they may use (BENCH_DATABASE_URL), a database of their own
 * created and dropped around the run, the built server started in a process of its own on it, and latency
 * percentiles. Lives in a folder so that `npm run bench` (which runs bench/*.ts) does not take it for a bench.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort, serverEntry, serverNodeFlags } from "../../e2e/support/server";

export { serverEntry };

/** The JWT secret of benchmark servers and of the tokens benches sign for them. */
export const BENCH_SECRET = "bench-secret-bench-secret-bench-secret-0123456789";

/** BENCH_DATABASE_URL (default the local PostgreSQL), or undefined when it does not answer. */
export async function postgresUrl(): Promise<string | undefined> {
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

/** A fresh database on the server of `base`; `drop` removes it (kept when BENCH_KEEP_DATABASE is set). */
export async function benchDatabase(
  base: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      if (process.env.BENCH_KEEP_DATABASE) {
        console.log(`kept database ${name}`);
        return;
      }
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** The environment of a benchmark server on `databaseUrl` (development mode, no demo data, no job workers). */
export function benchServerEnv(databaseUrl: string, dataDir: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    HERALD_DATA_DIR: dataDir,
    HERALD_JWT_SECRET: BENCH_SECRET,
    HERALD_DEMO: "false",
    HERALD_WORKERS: "false",
    HERALD_PORTAL_DIR: path.join(tmpdir(), "herald-bench-no-portal"),
    HERALD_ENV: "development",
    LOG_LEVEL: "warn",
    HERALD_PUBLIC_RATE_LIMIT: "100000",
  };
}

/**
 * The built server (packages/server/dist/main.js, with the Node flags of its shebang) in a process of its own,
 * migrating `databaseUrl` on start; resolves once it answers /api/healthz.
 */
export async function startServerProcess(
  databaseUrl: string,
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run \`npm run build\` first`);
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags(), serverEntry], {
    env: {
      ...process.env,
      ...benchServerEnv(databaseUrl, dataDir),
      PORT: String(port),
      HOST: "127.0.0.1",
      ...extraEnv,
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

export interface Spread {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function spread(xs: readonly number[]): Spread {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted.length === 0
      ? Number.NaN
      : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
  return {
    n: sorted.length,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

/** Milliseconds, right-aligned in `width` columns. */
export const ms = (n: number, width = 8) => n.toFixed(2).padStart(width);
