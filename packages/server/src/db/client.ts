import { AsyncLocalStorage } from "node:async_hooks";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, parse as pgliteParse, protocol } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { ensurePrivateDir, restrictTree } from "./data-dir";
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
  /**
   * A read statement prepared once (per connection on PostgreSQL, once on PGlite) and reused: no parse
   * and, after a few calls, no planning per call, which is most of the cost of a small query. For the hot
   * read paths (the actor, getProfile). Outside transactions only: on PGlite it waits for a running
   * transaction to end. Parameters are strings, numbers, booleans, Dates or null.
   */
  prepared<T = Record<string, unknown>>(name: string, text: string): (params: unknown[]) => Promise<T[]>;
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

/**
 * Query counting. Every statement the app sends through `Database.query` or through Drizzle (`db`, its
 * transactions, and jobs enqueued with a transaction) is reported to the recorder of the async context it
 * runs in, if any. `recordQueries(fn)` runs `fn` in a fresh context and returns the SQL texts sent while it
 * ran; background work (job workers, the session-invalidation listener) runs in other contexts and is not
 * counted. Tests use it through `countQueries` in src/test/harness.ts to hold a request to a bounded number
 * of queries (no query per row). Outside a recorder it costs one AsyncLocalStorage lookup per query.
 */
/** A statement as sent: its SQL text and parameters (benchmarks replay them against the raw database). */
export interface RecordedStatement {
  text: string;
  params: unknown[];
}

const queryRecorder = new AsyncLocalStorage<RecordedStatement[]>();

function noteQuery(text: string, params: unknown[] = []) {
  queryRecorder.getStore()?.push({ text, params });
}

export async function recordQueries<T>(
  fn: () => PromiseLike<T>,
): Promise<{ result: T; queries: string[]; statements: RecordedStatement[] }> {
  const statements: RecordedStatement[] = [];
  // `then` is called inside the context: a lazy thenable (Fastify's inject starts the request in `then`)
  // would otherwise run in the context of whoever awaits it.
  const result = await queryRecorder.run(
    statements,
    () => new Promise<T>((resolve, reject) => fn().then(resolve, reject)),
  );
  return { result, queries: statements.map((s) => s.text), statements };
}

/** Drizzle reports each statement it executes (on both drivers, in and out of transactions) here. */
const drizzleLogger = { logQuery: (query: string, params: unknown[]) => noteQuery(query, params) };

// bigint columns (money in cents, counts) come back as numbers: all our values fit in 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** In-memory PGlite (tests). */
  memory?: boolean;
  /** In-memory PGlite started from a dump of another one's data dir (tests: a migrated template). */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    pool.on("error", () => {
      /* idle client errors are reported on next use */
    });
    const db = drizzlePg(pool, { schema, logger: drizzleLogger }) as unknown as Db;
    return {
      kind: "postgres",
      db,
      pool,
      connectionString: opts.databaseUrl,
      async query<T>(text: string, params: unknown[] = []) {
        noteQuery(text, params);
        const r = await pool.query(text, params);
        return r.rows as T[];
      },
      prepared<T>(name: string, text: string) {
        return async (params: unknown[]) => {
          noteQuery(text, params);
          const r = await pool.query({ name, text, values: params });
          return r.rows as T[];
        };
      },
      close: () => pool.end(),
    };
  }
  let dir: string | undefined;
  if (!opts.memory) {
    dir = path.join(opts.dataDir, "pgdata");
    ensurePrivateDir(opts.dataDir);
    ensurePrivateDir(dir);
  }
  // pg_trgm and btree_gin: the contacts search indexes (migration 0006)
  const pglite = await PGlite.create(dir, {
    extensions: { pg_trgm, btree_gin },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  if (dir) restrictTree(dir);
  const db = drizzlePglite(pglite, { schema, logger: drizzleLogger }) as unknown as Db;
  return {
    kind: "pglite",
    db,
    pglite,
    async query<T>(text: string, params: unknown[] = []) {
      noteQuery(text, params);
      const r = await pglite.query<T>(text, params);
      return r.rows;
    },
    prepared: <T>(name: string, text: string) => pglitePrepared<T>(pglite, name, text),
    close: async () => {
      await pglite.close();
      if (dir) restrictTree(dir);
    },
  };
}

const pgliteStatements = new WeakMap<PGlite, Map<string, string>>();
const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const asText = (v: unknown): string | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : String(v);

/**
 * PGlite's `query` parses, describes and plans every statement; a named statement is parsed once and then
 * only bound and executed (one call into PostgreSQL instead of five). Runs under both of PGlite's locks,
 * like `query`, so it never interleaves with another query or a transaction.
 */
function pglitePrepared<T>(pglite: PGlite, name: string, text: string) {
  const known = pgliteStatements.get(pglite) ?? new Map<string, string>();
  pgliteStatements.set(pglite, known);
  return async (params: unknown[]): Promise<T[]> => {
    noteQuery(text, params);
    return pglite._runExclusiveTransaction(() =>
      pglite.runExclusive(async () => {
        const prepared = known.get(name);
        if (prepared !== undefined && prepared !== text) throw new Error(`statement ${name} prepared twice`);
        if (prepared === undefined) {
          await pglite.execProtocol(concat([serialize.parse({ name, text }), serialize.sync()]), {
            syncToFs: false,
          });
          known.set(name, text);
        }
        const r = await pglite.execProtocol(
          concat([
            serialize.bind({ statement: name, values: params.map(asText) }),
            serialize.describe({ type: "P" }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
        return (pgliteParse.parseResults(r.messages, pglite.parsers)[0]?.rows ?? []) as T[];
      }),
    );
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
