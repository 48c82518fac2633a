import { sql } from "drizzle-orm";
import type { Config } from "../../config";
import { type Database, type DbOrTx, openDatabase, runMigrations } from "../../db/client";

/** Operator commands on companies: `herald-server company list` and `company set-user-limit`. */

export class CommandError extends Error {}

export interface CompanySummary {
  id: string;
  name: string;
  totalUsersAllowed: number;
  users: number;
}

export interface UserLimitChange {
  id: string;
  name: string;
  oldLimit: number;
  newLimit: number;
  users: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_LIMIT = 2_147_483_647;

interface CompanyRow {
  id: string;
  name: string;
  total_users_allowed: number;
  users: number | string;
}

const SELECT_COMPANY = `select c.id, c.name, c.total_users_allowed,
       (select count(*) from users u where u.company_id = c.id and u.status <> 'deleted') as users
  from companies c`;

const summary = (r: CompanyRow): CompanySummary => ({
  id: r.id,
  name: r.name,
  totalUsersAllowed: Number(r.total_users_allowed),
  users: Number(r.users),
});

export async function listCompanies(database: Database): Promise<CompanySummary[]> {
  const rows = await database.query<CompanyRow>(`${SELECT_COMPANY} order by lower(c.name), c.id`);
  return rows.map(summary);
}

/** A limit as typed by the operator: a whole number from 0. */
export function parseLimit(text: string | undefined): number {
  const t = (text ?? "").trim();
  if (!/^[0-9]+$/.test(t) || Number(t) > MAX_LIMIT)
    throw new CommandError(
      `The user limit must be a whole number from 0 to ${MAX_LIMIT} (got "${text ?? ""}").`,
    );
  return Number(t);
}

/** One company by id, or by its exact name when that name is not shared. */
async function findCompany(database: Database, ref: string): Promise<CompanySummary> {
  if (UUID.test(ref)) {
    const [byId] = await database.query<CompanyRow>(`${SELECT_COMPANY} where c.id = $1`, [ref]);
    if (byId) return summary(byId);
  }
  const byName = await database.query<CompanyRow>(`${SELECT_COMPANY} where c.name = $1 order by c.id`, [ref]);
  if (byName.length === 1) return summary(byName[0]!);
  if (byName.length > 1)
    throw new CommandError(
      `${byName.length} companies are named "${ref}"; give the id instead:\n${byName.map((r) => `  ${r.id}`).join("\n")}`,
    );
  throw new CommandError(`No company with the id or name "${ref}". See: herald-server company list`);
}

/**
 * Sets a company's user limit (this command and the operator console, modules/operator): answers the limit it
 * had, or null when there is no such company. Existing users stay; only new additions are refused above it.
 */
export async function changeUserLimit(tx: DbOrTx, companyId: string, limit: number): Promise<number | null> {
  const result = await tx.execute(sql`update companies c set total_users_allowed = ${limit}
       from (select id, total_users_allowed from companies where id = ${companyId}::uuid for update) prev
      where c.id = prev.id
      returning prev.total_users_allowed`);
  const [old] = ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as {
    total_users_allowed: number | string;
  }[];
  return old ? Number(old.total_users_allowed) : null;
}

/** Sets one company's user limit; existing users stay, only new additions are refused above it. */
export async function setUserLimit(
  database: Database,
  ref: string,
  limitText: string,
): Promise<UserLimitChange> {
  const newLimit = parseLimit(limitText);
  const company = await findCompany(database, ref);
  const oldLimit = await changeUserLimit(database.db, company.id, newLimit);
  if (oldLimit === null) throw new CommandError(`The company "${ref}" no longer exists.`);
  return {
    id: company.id,
    name: company.name,
    oldLimit,
    newLimit,
    users: company.users,
  };
}

export const COMPANY_USAGE = `Usage:
  herald-server company list
  herald-server company set-user-limit <company id or exact name> <N>`;

interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Runs `company <verb> ...` on an open database; answers the exit code (0 done, 1 refused, 2 usage). */
export async function companyCommand(database: Database, args: string[], io: Output): Promise<number> {
  const [verb, ...rest] = args;
  try {
    if (verb === "list" && rest.length === 0) {
      const rows = await listCompanies(database);
      if (rows.length === 0) io.out("No companies.");
      for (const c of rows) io.out(`${c.id}  ${c.name}  users ${c.users}/${c.totalUsersAllowed}`);
      return 0;
    }
    if (verb === "set-user-limit" && rest.length === 2) {
      const change = await setUserLimit(database, rest[0]!, rest[1]!);
      io.out(
        `${change.name} (${change.id}): user limit ${change.oldLimit} -> ${change.newLimit} (${change.users} users now)`,
      );
      if (change.users > change.newLimit)
        io.out("The company has more users than the new limit: existing users stay, new users are refused.");
      return 0;
    }
  } catch (err) {
    if (err instanceof CommandError) {
      io.err(err.message);
      return 1;
    }
    throw err;
  }
  io.err(COMPANY_USAGE);
  return 2;
}

/** The process entry of `herald-server company ...`: the configured database (PGlite data dir or DATABASE_URL). */
export async function runCompanyCommand(config: Config, args: string[]): Promise<number> {
  const usage = !(
    (args[0] === "list" && args.length === 1) ||
    (args[0] === "set-user-limit" && args.length === 3)
  );
  if (usage) {
    console.error(COMPANY_USAGE);
    return 2;
  }
  // A bad limit is refused before the database is opened.
  if (args[0] === "set-user-limit") {
    try {
      parseLimit(args[2]);
    } catch (err) {
      if (!(err instanceof CommandError)) throw err;
      console.error(err.message);
      return 1;
    }
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(database);
    return await companyCommand(database, args, {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
  } finally {
    await database.close();
  }
}
