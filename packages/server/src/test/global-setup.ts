import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase, runMigrations } from "../db/client";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    /** On PGlite: a file holding a dump of a migrated database's data dir, for each worker to start from. */
    pgliteTemplate: string;
  }
}

/**
 * With TEST_DATABASE_URL set, the server suite runs against that PostgreSQL: a fresh database is created and
 * migrated once for the run, shared by the workers, and dropped at the end. Without it, each worker opens
 * its own in-memory PGlite (see harness.ts).
 */
export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    // Starting PGlite from a dump skips initdb and the migrations: ~2 s against ~13 s on a loaded 2-core
    // machine, paid by every worker's shared database and by every file that asks for a private one.
    const dir = mkdtempSync(path.join(tmpdir(), "herald-test-template-"));
    const database = await openDatabase({ dataDir: dir, memory: true });
    await runMigrations(database);
    const dump = await database.pglite!.dumpDataDir("none");
    await database.close();
    const file = path.join(dir, "pgdata.tar");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide("databaseUrl", "");
    project.provide("pgliteTemplate", file);
    return () => rmSync(dir, { recursive: true, force: true });
  }
  project.provide("pgliteTemplate", "");
  const name = `herald_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "/tmp" });
  await runMigrations(database);
  await database.close();
  project.provide("databaseUrl", url.toString());
  return async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}
