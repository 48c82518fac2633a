import { Command, CommanderError } from "commander";
import { login, logout } from "./commands/auth/login";
import { setUrl } from "./commands/config/set-url";
import { creditShow, formatCreditShow } from "./commands/credit/show";
import { creditStatement, formatStatement } from "./commands/credit/statement";
import { creditTopup, formatTopup } from "./commands/credit/topup";
import { health } from "./commands/server/health";
import { resolveUrl } from "./config";
import { CliError } from "./errors";
import type { CommandContext } from "./session";

export const VERSION = "0.1.0";

/** Declares every command; each action calls a plain async function that tests call directly. */
export function buildProgram(
  out: (s: string) => void = (s) => process.stdout.write(s),
  ctx: CommandContext = {},
): Command {
  const program = new Command()
    .name("herald")
    .description("Herald from the terminal: imports, broadcasts, top-ups and report exports")
    .version(VERSION)
    .option("--json", "print machine-readable results on stdout and nothing else")
    .exitOverride();

  program
    .command("health")
    .description("check that the server answers and which database it runs on")
    .action(async () => {
      const r = await health();
      if (program.opts().json) out(`${JSON.stringify(r)}\n`);
      else
        out(`${r.url}: ${r.status} (database ${r.database}${r.version ? `, version ${r.version}` : ""})\n`);
    });

  const config = program.command("config").description("where the CLI connects");
  config
    .command("set-url <url>")
    .description("set the server URL (HERALD_URL overrides it)")
    .action(async (url: string) => {
      const saved = await setUrl(url);
      out(program.opts().json ? `${JSON.stringify({ url: saved })}\n` : `Server URL set to ${saved}\n`);
    });
  config
    .command("show")
    .description("print the server URL in use")
    .action(async () => {
      const url = await resolveUrl();
      out(program.opts().json ? `${JSON.stringify({ url })}\n` : `${url}\n`);
    });

  program
    .command("login")
    .description("sign in and keep the session token (asks for what is missing on a terminal)")
    .option("--email <email>", "the account's e-mail address")
    .option("--password-stdin", "read the password from standard input")
    .action(async (o: { email?: string; passwordStdin?: boolean }) => {
      const r = await login(o, ctx);
      out(program.opts().json ? `${JSON.stringify(r)}\n` : `Signed in as ${r.email}\n`);
    });
  program
    .command("logout")
    .description("end the session and forget the token")
    .action(async () => {
      await logout(ctx);
      out(program.opts().json ? `${JSON.stringify({ signedOut: true })}\n` : "Signed out\n");
    });

  const credit = program.command("credit").description("credit balances and top-ups");
  credit
    .command("show")
    .description("my credit and, for admins, the corporate balance (SGD)")
    .action(async () => {
      const r = await creditShow(ctx);
      out(program.opts().json ? `${JSON.stringify(r)}\n` : formatCreditShow(r));
    });
  credit
    .command("topup")
    .description("add credit from the corporate balance to a user, or deduct it back (admins)")
    .option("--user <email>", "the user's e-mail address")
    .option("--amount <sgd>", "SGD, more than 0, at most two decimals")
    .option("--deduct", "move the amount from the user back to the corporate balance")
    .option("--yes", "do not ask for confirmation (required without a terminal)")
    .action(async (o: { user?: string; amount?: string; deduct?: boolean; yes?: boolean }) => {
      const r = await creditTopup(o, ctx);
      out(program.opts().json ? `${JSON.stringify(r)}\n` : formatTopup(r));
    });
  credit
    .command("statement")
    .description(
      "save the credit statement (corporate account, --user's, or your own) as CSV or XLSX; --json prints its first page",
    )
    .option("--user <email>", "a user's statement (admins: anyone of the company; others: only their own)")
    .option("--from <date>", "first day, YYYY-MM-DD (default: the first day of --to's month)")
    .option("--to <date>", "last day, YYYY-MM-DD (default: today)")
    .option("--format <format>", "csv or xlsx", "csv")
    .option("--out <file>", "where to save it (default: the server's name, statement-<from>-<to>.<format>)")
    .option("--yes", "overwrite an existing file without asking (required without a terminal)")
    .action(
      async (o: {
        user?: string;
        from?: string;
        to?: string;
        format?: string;
        out?: string;
        yes?: boolean;
      }) => {
        const json = Boolean(program.opts().json);
        const r = await creditStatement({ ...o, json }, ctx);
        if (!json) out(formatStatement(r));
        else
          out(
            `${JSON.stringify(r.kind === "json" ? r.statement : { file: r.file, bytes: r.bytes, format: r.format })}\n`,
          );
      },
    );
  return program;
}

export async function run(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv, { from: "user" });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      // help and version exit 0; usage errors exit 2 (commander already printed the message)
      return err.exitCode === 0 ? 0 : 2;
    }
    if (err instanceof CliError) {
      process.stderr.write(`herald: ${err.message}\n`);
      return err.exitCode;
    }
    if ((err as Error).name === "ExitPromptError") {
      process.stderr.write("herald: Cancelled\n");
      return 1;
    }
    process.stderr.write(`herald: ${(err as Error).message}\n`);
    return 1;
  }
}
