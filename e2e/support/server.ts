import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const serverEntry = path.join(root, "packages/server/dist/main.js");

/**
 * The Node.js flags of the server's shebang (`#!/usr/bin/env -S node FLAGS`, src/main.ts): tests and benches
 * start the server with them, as `npm start` and the `herald-server` bin do.
 */
export function serverNodeFlags(): string[] {
  const first = readFileSync(serverEntry, "utf8").split("\n", 1)[0] ?? "";
  const m = /^#!\/usr\/bin\/env -S node(.*)$/.exec(first);
  return m ? m[1]!.trim().split(/\s+/).filter(Boolean) : [];
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  output: () => string;
  stop: () => Promise<number | null>;
  dataDir: string;
}

const migrationsDir = path.join(root, "packages/server/src/db/migrations");

/**
 * A migrated, empty embedded database (and pg-boss schema) to copy into each journey's data dir: migrating a
 * fresh PGlite takes ~15 s on a loaded 2-core machine, copying the result well under one. Kept in the temp dir
 * under a name derived from the migrations and the PGlite version, so it is rebuilt whenever they change; built
 * by starting the real server once (HERALD_DEMO=false) and stopping it cleanly.
 */
export async function migratedTemplate(): Promise<string> {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else hash.update(e.name).update(readFileSync(full));
    }
  };
  walk(migrationsDir);
  hash.update(readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json")));
  hash.update(readFileSync(serverEntry));
  const template = path.join(tmpdir(), `herald-e2e-template-${hash.digest("hex").slice(0, 16)}`);
  if (existsSync(path.join(template, "pgdata"))) return template;
  const building = mkdtempSync(path.join(tmpdir(), "herald-e2e-template-build-"));
  const port = await freePort();
  const child = spawn(process.execPath, [...serverNodeFlags(), serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      HERALD_DATA_DIR: building,
      HERALD_ENV: "development",
      HERALD_DEMO: "false",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`template server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/healthz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 150_000) {
      child.kill("SIGKILL");
      throw new Error("template server did not answer in time");
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
  try {
    renameSync(building, template);
  } catch {
    rmSync(building, { recursive: true, force: true }); // another run built it first
  }
  return template;
}

/**
 * Starts the built server (`npm test` builds it first) on a free loopback port with a fresh data dir, on
 * PGlite (a copy of the migrated template), or on a fresh PostgreSQL database when TEST_DATABASE_URL is set.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run \`npm run build\` first`);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "herald-e2e-"));
  if (!process.env.TEST_DATABASE_URL && !env.DATABASE_URL) {
    cpSync(await migratedTemplate(), dataDir, { recursive: true });
  }
  let dropDatabase: (() => Promise<void>) | undefined;
  const extra: Record<string, string> = {};
  if (process.env.TEST_DATABASE_URL) {
    const name = `herald_e2e_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(process.env.TEST_DATABASE_URL);
    u.pathname = `/${name}`;
    extra.DATABASE_URL = u.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const child: ChildProcess = spawn(process.execPath, [...serverNodeFlags(), serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      HERALD_DATA_DIR: dataDir,
      HERALD_ENV: "development",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      ...extra,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (c: Buffer) => {
    out += c.toString();
  });
  child.stderr?.on("data", (c: Buffer) => {
    out += c.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${out}`);
    try {
      const res = await fetch(`${url}/api/healthz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 150_000) {
      child.kill("SIGKILL");
      throw new Error(`server did not answer in time:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
        child.kill("SIGTERM");
        const code = await exited;
        await dropDatabase?.();
        return code;
      }
      await dropDatabase?.();
      return child.exitCode;
    },
  };
}
