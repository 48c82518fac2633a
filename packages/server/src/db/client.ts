import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; has the same query surface as Db. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  /** Raw SQL with positional parameters ($1, $2 ...). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** The PGlite instance when embedded (the job queue runs on it). */
  pglite?: PGlite;
  /** The pg pool when on PostgreSQL. */
  pool?: pg.Pool;
  connectionString?: string;
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** Migrations live in src/db/migrations; the built server (dist/) resolves them from the package root. */
export function migrationsFolder(): string {
  const candidates = [path.resolve(here, "migrations"), path.resolve(here, "../src/db/migrations")];
  const found = candidates.find((c) => existsSync(path.join(c, "meta", "_journal.json")));
  if (!found) throw new Error(`migrations not found (looked in ${candidates.join(", ")})`);
  return found;
}

// bigint columns (money in cents, counts) come back as numbers: all our values fit in 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** In-memory PGlite (tests). */
  memory?: boolean;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    pool.on("error", () => {
      /* idle client errors are reported on next use */
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      kind: "postgres",
      db,
      pool,
      connectionString: opts.databaseUrl,
      async query<T>(text: string, params: unknown[] = []) {
        const r = await pool.query(text, params);
        return r.rows as T[];
      },
      close: () => pool.end(),
    };
  }
  let dir: string | undefined;
  if (!opts.memory) {
    dir = path.join(opts.dataDir, "pgdata");
    mkdirSync(dir, { recursive: true });
  }
  const pglite = await PGlite.create(dir);
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    kind: "pglite",
    db,
    pglite,
    async query<T>(text: string, params: unknown[] = []) {
      const r = await pglite.query<T>(text, params);
      return r.rows;
    },
    close: () => pglite.close(),
  };
}

export async function runMigrations(database: Database): Promise<void> {
  const folder = migrationsFolder();
  if (database.kind === "pglite") {
    await migratePglite(database.db as never, { migrationsFolder: folder });
  } else {
    await migratePg(database.db as never, { migrationsFolder: folder });
  }
}
