import { isValidEmail } from "@herald/domain";
import type { Config } from "../../config";
import { type Database, openDatabase, runMigrations } from "../../db/client";
import { issueOperatorLink } from "./accounts.service";

/**
 * `herald-server operator create EMAIL`: an operator of the operator console (the vendor's staff, not a user of
 * any company), invited with a one-time sign-in link printed here; for an existing operator, a new link (the
 * older ones stop working). Same environment as the server; with the embedded database the server must be
 * stopped (PGlite is one process's database).
 */

export const OPERATOR_USAGE = `Usage:
  herald-server operator create <e-mail>`;

interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Refuses what is not an e-mail address before the database is opened (exit 1). */
export function operatorEmailProblem(email: string | undefined): string | null {
  return email && isValidEmail(email.trim()) ? null : `Not an e-mail address: "${email ?? ""}".`;
}

/** Runs `operator <verb> ...` on an open database; answers the exit code (0 done, 1 refused, 2 usage). */
export async function operatorCommand(
  database: Database,
  config: Pick<Config, "publicUrl">,
  args: string[],
  io: Output,
): Promise<number> {
  const [verb, ...rest] = args;
  if (verb !== "create" || rest.length !== 1) {
    io.err(OPERATOR_USAGE);
    return 2;
  }
  const problem = operatorEmailProblem(rest[0]);
  if (problem) {
    io.err(problem);
    return 1;
  }
  const issued = await issueOperatorLink(database, config, rest[0]!);
  io.out(
    issued.created
      ? `Operator ${issued.email} created. Send them this one-time sign-in link (valid for 24 hours):`
      : `${issued.email} is already an operator: a new one-time sign-in link (valid for 24 hours; older links no longer work):`,
  );
  io.out(issued.link);
  return 0;
}

/** The process entry of `herald-server operator ...`: the configured database (PGlite data dir or DATABASE_URL). */
export async function runOperatorCommand(config: Config, args: string[]): Promise<number> {
  if (args[0] !== "create" || args.length !== 2) {
    console.error(OPERATOR_USAGE);
    return 2;
  }
  const problem = operatorEmailProblem(args[1]);
  if (problem) {
    console.error(problem);
    return 1;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(database);
    return await operatorCommand(database, config, args, {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
  } finally {
    await database.close();
  }
}
