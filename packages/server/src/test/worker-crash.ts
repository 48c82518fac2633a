/**
 * Crash-safety harness for a worker in its own process (PostgreSQL only): a database of its own, the worker
 * bundled once, an app on that database to set the work up and read the outcome, and the rounds in which the
 * worker is started and killed (SIGKILL) at a random moment.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { expect, inject } from "vitest";
import { buildApp } from "../app";
import { type Database, openDatabase, runMigrations } from "../db/client";
import { testConfig } from "./harness";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface CrashWorkerHarness {
  /** False without TEST_DATABASE_URL: the crash tests are skipped. */
  readonly onPostgres: boolean;
  /** The app on the crash database (no job workers of its own); set by `start`. */
  readonly app: FastifyInstance;
  /** Creates and migrates the database, bundles the worker and builds the app (`config`: its overrides). */
  start(config?: Record<string, string>): Promise<void>;
  /** Removes the bundle, closes the app and drops the database. */
  stop(): Promise<void>;
  /** Starts the bundled worker on the crash database, with `env` on top of this process's environment. */
  worker(env: Record<string, string>): ChildProcess;
}

/**
 * `name` tells the database, data folder and bundle apart ("crash" → herald_crash_…); `entry` is the worker's
 * source, relative to packages/server.
 */
export function crashWorkerHarness(opts: { name: string; entry: string }): CrashWorkerHarness {
  const runDatabaseUrl = inject("databaseUrl");
  const onPostgres = Boolean(runDatabaseUrl);
  // A database of its own: the run's shared database also serves other test files whose apps run job workers,
  // and one of them could take this test's delivery jobs and send its rows through another gateway.
  const crashDb = `herald_${opts.name}_${process.pid}_${Date.now()}`;
  const databaseUrl = onPostgres
    ? (() => {
        const u = new URL(runDatabaseUrl);
        u.pathname = `/${crashDb}`;
        return u.toString();
      })()
    : "";
  // The worker is bundled once (next to the server's sources, so the packages left out resolve), and each round
  // starts plain node on it: a round then costs the crash, not a TypeScript compile.
  const workerBundle = path.join(serverDir, `.crash-worker-${opts.name}-${process.pid}.mjs`);
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: runDatabaseUrl });
    await client.connect();
    await client.query(text);
    await client.end();
  };

  let app: FastifyInstance | undefined;
  let database: Database | undefined;
  return {
    onPostgres,
    get app() {
      if (!app) throw new Error("crash harness not started");
      return app;
    },
    async start(config = {}) {
      if (!onPostgres) return;
      await admin(`create database ${crashDb}`);
      const dataDir = mkdtempSync(path.join(tmpdir(), `herald-${opts.name}-test-`));
      database = await openDatabase({ databaseUrl, dataDir });
      await runMigrations(database);
      await build({
        entryPoints: [path.join(serverDir, opts.entry)],
        outfile: workerBundle,
        bundle: true,
        platform: "node",
        format: "esm",
        target: "node22",
        external: ["@electric-sql/pglite", "pg-native", "@node-rs/*"],
        banner: {
          js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
        },
        logLevel: "error",
      });
      app = await buildApp({ config: { ...testConfig(config, dataDir), runWorkers: false }, database });
      await app.ready();
    },
    async stop() {
      rmSync(workerBundle, { force: true });
      await app?.close();
      await database?.close();
      if (!onPostgres) return;
      await admin(`drop database if exists ${crashDb} with (force)`);
    },
    worker(env) {
      return spawn(process.execPath, [workerBundle], {
        cwd: serverDir,
        env: { ...process.env, DATABASE_URL: databaseUrl, ...env },
        stdio: ["ignore", "ignore", "pipe"],
      });
    },
  };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });

const stderrOf = (child: ChildProcess) => {
  const out = { text: "" };
  child.stderr?.on("data", (d) => {
    out.text += String(d);
  });
  return out;
};

/**
 * `rounds` times: starts a worker and, once it has sent something (its start takes a while; `sent` is polled
 * every `pollMs`), kills it 0 to 1.5 s later; each round's worker must have died by the kill or ended well.
 * Returns the kills and, per round, `progress` (default `sent`) once its worker was gone.
 */
export async function killRounds(opts: {
  rounds: number;
  start: () => ChildProcess;
  sent: () => number | Promise<number>;
  progress?: () => number | Promise<number>;
  pollMs: number;
}): Promise<{ kills: number; progress: number[] }> {
  const progressOf = opts.progress ?? opts.sent;
  let kills = 0;
  const progress: number[] = [];
  for (let round = 0; round < opts.rounds; round++) {
    const child = opts.start();
    const stderr = stderrOf(child);
    const before = await opts.sent();
    const started = Date.now();
    while (child.exitCode === null && Date.now() - started < 120_000 && (await opts.sent()) <= before) {
      await new Promise((r) => setTimeout(r, opts.pollMs));
    }
    await new Promise((r) => setTimeout(r, Math.random() * 1500));
    if (child.exitCode === null) {
      child.kill("SIGKILL");
      kills++;
    }
    const code = await exited(child);
    expect(code === null || code === 0, stderr.text).toBe(true);
    progress.push(await progressOf());
  }
  return { kills, progress };
}

/** Runs one worker to its end: it must exit 0 (its stderr is the failure message). */
export async function runToEnd(child: ChildProcess): Promise<void> {
  const stderr = stderrOf(child);
  expect(await exited(child), stderr.text).toBe(0);
}
