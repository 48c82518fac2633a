import { createWriteStream } from "node:fs";
import { access, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { Schema } from "@herald/api-client";
import { CliError } from "../../errors";
import { count } from "../../lib/format";
import { type CommandContext, call, isInteractive, promptsOf, signedInClient } from "../../session";
import { sgd } from "./show";

export interface StatementOptions {
  user?: string;
  from?: string;
  to?: string;
  format?: string;
  out?: string;
  /** Overwrite --out without asking. */
  yes?: boolean;
  /** Print the statement's first page (up to 1000 entries) as JSON instead of saving a file. */
  json?: boolean;
  /** Where a default file name goes (the current directory). */
  cwd?: string;
}

export type StatementResult =
  | { kind: "file"; file: string; bytes: number; format: "csv" | "xlsx" }
  | { kind: "json"; statement: Schema<"CreditStatement"> };

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function checkDate(flag: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  const d = new Date(`${v}T00:00:00Z`);
  if (!DATE.test(v) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v)
    throw new CliError(`${flag} must be a date as YYYY-MM-DD (got ${value})`, 2);
  return v;
}

/** The file name the server proposes (Content-Disposition), if it is a plain name. */
function suggestedName(disposition: string | null): string | undefined {
  const m = /filename="([^"/\\]+)"/.exec(disposition ?? "");
  return m?.[1];
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/**
 * `herald credit statement`: the ledger entries of the corporate account (admins, without --user), of one
 * user (--user EMAIL; admins for anyone of their company), or the caller's own (others, without --user).
 * Saves the server's CSV or XLSX export, streamed to a temporary file beside --out and renamed when
 * complete, so a failed download never leaves a partial statement. An existing file is kept unless --yes
 * (or a confirmation on a terminal). With --json, prints the first page as JSON instead.
 */
export async function creditStatement(
  opts: StatementOptions,
  ctx: CommandContext = {},
): Promise<StatementResult> {
  const from = checkDate("--from", opts.from);
  const to = checkDate("--to", opts.to);
  if (from && to && from > to) throw new CliError("--from must not be after --to", 2);
  const format = (opts.format ?? "csv").trim().toLowerCase();
  if (format !== "csv" && format !== "xlsx")
    throw new CliError(`--format must be csv or xlsx (got ${opts.format})`, 2);
  const email = opts.user?.trim();
  if (opts.user !== undefined && !email) throw new CliError("--user needs an e-mail address", 2);

  const { url, client } = await signedInClient(ctx);
  const me = await call(url, () => client.POST("/getProfile"));
  let userId: string | undefined;
  if (email && email.toLowerCase() !== me.email.toLowerCase()) {
    if (me.userRole !== "admin") throw new CliError("Only admins can see another user's statement");
    const list = await call(url, () =>
      client.GET("/userList", { params: { query: { search: email, pageSize: 100 } } }),
    );
    const user = list.data.find((u) => u.email.toLowerCase() === email.toLowerCase());
    if (!user) throw new CliError(`No user with the e-mail ${email}`);
    userId = user.id;
  } else if (email || me.userRole !== "admin") {
    userId = me.userId;
  }
  const query = { ...(userId ? { userId } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) };

  if (opts.json && !opts.out) {
    const statement = await call(url, () =>
      client.GET("/creditStatement", { params: { query: { ...query, limit: 1000 } } }),
    );
    return { kind: "json", statement };
  }

  // The file: the asked-for name is checked before anything is downloaded.
  const cwd = opts.cwd ?? process.cwd();
  const confirmOverwrite = async (file: string) => {
    if (opts.yes || !(await exists(file))) return;
    if (!isInteractive(ctx)) throw new CliError(`${file} exists: pass --yes to overwrite it`, 2);
    if (!(await promptsOf(ctx).confirm(`${file} exists. Overwrite it?`)))
      throw new CliError("Cancelled: nothing saved");
  };
  let file = opts.out ? path.resolve(cwd, opts.out) : undefined;
  if (file) await confirmOverwrite(file);

  let result: { response: Response; error?: unknown; data?: unknown };
  try {
    result = await client.GET("/creditStatement/export", {
      params: { query: { ...query, format } },
      parseAs: "stream",
    });
  } catch (err) {
    throw new CliError(`Cannot reach ${url}: ${(err as Error).message}`);
  }
  const { response } = result;
  if (!response.ok) {
    // openapi-fetch reads an error's body itself (the server's { message }); read it here if it did not.
    let body = result.error;
    if (body === undefined && !response.bodyUsed)
      body = await response
        .text()
        .then((t) => JSON.parse(t) as unknown)
        .catch(() => undefined);
    const message =
      body && typeof body === "object" && "message" in body && typeof body.message === "string"
        ? body.message
        : `Request failed with status ${response.status}`;
    throw new CliError(message);
  }
  if (!file) {
    const name =
      suggestedName(response.headers.get("content-disposition")) ??
      `statement-${from ?? "start"}-${to ?? "today"}.${format}`;
    file = path.resolve(cwd, name);
    await confirmOverwrite(file);
  }
  if (!response.body) throw new CliError("The server sent an empty statement");
  const part = `${file}.part`;
  try {
    await pipeline(
      Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>),
      createWriteStream(part, { mode: 0o600 }),
    );
    await rename(part, file);
  } catch (err) {
    await rm(part, { force: true });
    throw new CliError(`Could not save ${file}: ${(err as Error).message}`);
  }
  return { kind: "file", file, bytes: (await stat(file)).size, format };
}

export function formatStatement(r: StatementResult): string {
  if (r.kind === "file") return `Saved ${r.file} (${count(r.bytes)} bytes)\n`;
  const s = r.statement;
  const lines = [
    `${s.account.type === "company" ? "Corporate account" : s.account.name}: ${s.from} to ${s.to} (${s.timeZone})`,
    `Opening ${sgd(s.openingBalance)}  In ${sgd(s.totalIn)}  Out ${sgd(s.totalOut)}  Closing ${sgd(s.closingBalance)}`,
  ];
  return `${lines.join("\n")}\n`;
}
