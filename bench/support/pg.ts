/**
 * Shared scaffolding of the PostgreSQL benchmarks that drive the built server in a process of its own: a
 * database of the benchmark's own (created, dropped afterwards), the server started on it and stopped, a company
 * with its owner and an access token seeded by SQL, and the peak RSS of a process.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort, serverNodeFlags } from "../../e2e/support/server";

export const BENCH_SECRET = "bench-secret-bench-secret-bench-secret-0123456789";
export const root = path.resolve(import.meta.dirname, "../..");
export const serverEntry = path.join(root, "packages/server/dist/main.js");
export const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
export const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

/** Peak resident set (VmHWM) of a process, 0 when it is gone. */
export function rssOf(pid: number): number {
  try {
    const text = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/^VmHWM:\s+(\d+) kB/m.exec(text)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** CPU seconds (user + system) a process has used so far, 0 when it is gone. */
export function cpuSecondsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) when it answers. */
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

export interface BenchDatabase {
  /** The benchmark's own database. */
  url: string;
  name: string;
  /** A data directory of its own (HERALD_DATA_DIR). */
  dir: string;
  /** Drops the database (kept with BENCH_KEEP_DATABASE) and removes the data directory. */
  drop(): Promise<void>;
}

/** A database of the benchmark's own on the server at `base`. */
export async function benchDatabase(base: string, prefix: string): Promise<BenchDatabase> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix.replace(/_/g, "-")}-`));
  return {
    url: url.toString(),
    name,
    dir,
    async drop() {
      if (process.env.BENCH_KEEP_DATABASE) console.log(`kept database ${name}`);
      else await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The environment of a server on the bench database (also what in-process imports of the server read). */
export function serverEnv(db: BenchDatabase, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: db.url,
    HERALD_DATA_DIR: db.dir,
    HERALD_JWT_SECRET: BENCH_SECRET,
    HERALD_DEMO: "false",
    HERALD_WORKERS: "false",
    HERALD_PORTAL_DIR: path.join(tmpdir(), "herald-bench-no-portal"),
    HERALD_ENV: "development",
    LOG_LEVEL: "warn",
    HERALD_PUBLIC_RATE_LIMIT: "100000",
    ...extra,
  };
}

export interface ServerProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** The built server in a process of its own; resolves once it answers /api/healthz. */
export async function startServerProcess(
  db: BenchDatabase,
  extra: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags(), serverEntry], {
    env: { ...process.env, ...serverEnv(db, extra), PORT: String(port), HOST: "127.0.0.1" },
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

/** A company and its owner (admin) seeded by SQL, with a session and an access token (signed with the config's `jwtSecret`) for four hours. */
export async function seedOwner(
  db: pg.Client,
  name: string,
  jwtSecret: Uint8Array,
): Promise<{ companyId: string; userId: string; token: string }> {
  const { signToken } = await import("../../packages/server/src/lib/tokens");
  const [company] = (
    await db.query<{ id: string }>(
      "insert into companies (id, name) values (gen_random_uuid(), $1) returning id",
      [name],
    )
  ).rows;
  const companyId = company!.id;
  const [user] = (
    await db.query<{ id: string }>(
      `insert into users (id, company_id, first_name, email, password_hash, user_role, is_owner, email_verified_at)
       values (gen_random_uuid(), $1, 'Bench', $2, 'x', 'admin', true, now()) returning id`,
      [companyId, `bench.${name.replace(/\W/g, "").toLowerCase()}.${process.pid}@example.com`],
    )
  ).rows;
  const [session] = (
    await db.query<{ id: string }>(
      "insert into sessions (id, user_id, company_id, expires_at) values (gen_random_uuid(), $1, $2, now() + interval '4 hours') returning id",
      [user!.id, companyId],
    )
  ).rows;
  const token = await signToken(
    jwtSecret,
    { user_id: user!.id, role: "admin", company_id: companyId, sid: session!.id, typ: "access" },
    4 * 3600,
  );
  return { companyId, userId: user!.id, token };
}

/**
 * A contact group of `n` contacts numbered from `from` (mobiles 6580000000 + i, names "Person i"), seeded with
 * set-based SQL; answers its id.
 */
export async function seedGroup(
  db: pg.Client,
  companyId: string,
  name: string,
  from: number,
  n: number,
): Promise<string> {
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
}
