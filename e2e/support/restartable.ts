import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort, migratedTemplate, serverEntry, serverNodeFlags } from "./server";

export interface SqlServer {
  url: string;
  output: () => string;
  /**
   * Runs SQL on the server's database behind its back, as an operator would. On PostgreSQL it runs beside
   * the server; the embedded database (PGlite) allows one process only, so the server stops, the SQL runs on
   * its data directory, and the server starts again on the same port (open pages keep their origin, their
   * local storage and their session).
   */
  sql: (text: string, params?: unknown[]) => Promise<void>;
  /**
   * Runs a `herald-server` sub-command (`["operator", "create", "op@example.com"]`) on the server's database, as
   * an installation's operator would at a shell: beside the server on PostgreSQL; on the embedded database the
   * server stops for it and starts again on the same port. A command still running after `timeoutMs` is ended
   * (a build without the command starts a server instead of exiting).
   */
  command: (args: string[], timeoutMs?: number) => Promise<{ code: number | null; output: string }>;
  stop: () => Promise<void>;
}

/**
 * The built server on a fixed loopback port and data directory (a copy of the migrated embedded database, or
 * its own PostgreSQL database), with `env` added to its environment.
 */
export async function startSqlServer(env: Record<string, string> = {}): Promise<SqlServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "herald-e2e-sql-"));
  const url = `http://127.0.0.1:${port}`;
  let databaseUrl = "";
  let dbName = "";
  if (process.env.TEST_DATABASE_URL) {
    dbName = `herald_e2e_sql_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(process.env.TEST_DATABASE_URL);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  } else {
    cpSync(await migratedTemplate(), dataDir, { recursive: true });
  }
  let out = "";
  let child: ChildProcess | undefined;

  async function start() {
    child = spawn(process.execPath, [...serverNodeFlags(), serverEntry], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        HERALD_DATA_DIR: dataDir,
        HERALD_ENV: "development",
        LOG_LEVEL: "warn",
        DATABASE_URL: databaseUrl,
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.stderr?.on("data", (c: Buffer) => {
      out += c.toString();
    });
    const started = Date.now();
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${out}`);
      try {
        if ((await fetch(`${url}/api/healthz`)).ok) return;
      } catch {
        /* not listening yet */
      }
      if (Date.now() - started > 150_000) throw new Error(`server did not answer in time:\n${out}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async function halt() {
    const c = child;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once("exit", r));
    c.kill("SIGTERM");
    await exited;
  }

  await start();
  return {
    url,
    output: () => out,
    async sql(text, params = []) {
      if (databaseUrl) {
        const c = new pg.Client({ connectionString: databaseUrl });
        await c.connect();
        await c.query(text, params);
        await c.end();
        return;
      }
      await halt();
      const { PGlite } = await import("@electric-sql/pglite");
      // The extensions the server loads: tables with trigram or btree_gin indexes cannot be written without them.
      const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
      const { btree_gin } = await import("@electric-sql/pglite/contrib/btree_gin");
      const db = await PGlite.create(path.join(dataDir, "pgdata"), { extensions: { pg_trgm, btree_gin } });
      await db.query(text, params);
      await db.close();
      await start();
    },
    async command(args, timeoutMs = 60_000) {
      if (!databaseUrl) await halt();
      try {
        return await new Promise((resolve, reject) => {
          let text = "";
          const c = spawn(process.execPath, [...serverNodeFlags(), serverEntry, ...args], {
            env: {
              ...process.env,
              HERALD_DATA_DIR: dataDir,
              HERALD_ENV: "development",
              HERALD_DEMO: "false",
              LOG_LEVEL: "warn",
              DATABASE_URL: databaseUrl,
              // a build without the command would start a server: never on the journey's port
              PORT: "0",
              HOST: "127.0.0.1",
            },
            stdio: ["ignore", "pipe", "pipe"],
          });
          c.stdout?.on("data", (b: Buffer) => {
            text += b.toString();
          });
          c.stderr?.on("data", (b: Buffer) => {
            text += b.toString();
          });
          const timer = setTimeout(() => {
            c.kill("SIGKILL");
            reject(new Error(`herald-server ${args.join(" ")} did not finish in ${timeoutMs} ms:\n${text}`));
          }, timeoutMs);
          c.once("exit", (code) => {
            clearTimeout(timer);
            resolve({ code, output: text });
          });
        });
      } finally {
        if (!databaseUrl) await start();
      }
    },
    async stop() {
      await halt();
      if (dbName) {
        const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await c.connect();
        await c.query(`drop database if exists ${dbName} with (force)`);
        await c.end();
      }
    },
  };
}
