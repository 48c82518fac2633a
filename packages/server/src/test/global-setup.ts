import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase, runMigrations } from "../db/client";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
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
    project.provide("databaseUrl", "");
    return;
  }
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
