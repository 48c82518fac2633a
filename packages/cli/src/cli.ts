import { Command, CommanderError } from "commander";
import { login, logout } from "./commands/auth/login";
import { formatWhoami, whoami } from "./commands/auth/whoami";
import { addBroadcastCommands } from "./commands/broadcast";
import { setUrl } from "./commands/config/set-url";
import { contactsDelete } from "./commands/contacts/delete";
import { contactsExport } from "./commands/contacts/export";
import { contactsImport, formatImport } from "./commands/contacts/import";
import { contactsList, formatContactList } from "./commands/contacts/list";
import { contactsShow, formatContact } from "./commands/contacts/show";
import { creditShow, formatCreditShow } from "./commands/credit/show";
import { creditStatement, formatStatement } from "./commands/credit/statement";
import { creditTopup, formatTopup } from "./commands/credit/topup";
import { groupsCreate } from "./commands/groups/create";
import { groupsDelete } from "./commands/groups/delete";
import { formatGroups, groupsList } from "./commands/groups/list";
import { formatAddMembers, groupsAddMembers, groupsRemoveMembers } from "./commands/groups/members";
import { groupsRename } from "./commands/groups/rename";
import { REPORT_KINDS, reportsExport } from "./commands/reports/export";
import { health } from "./commands/server/health";
import { addSmsCommands } from "./commands/sms";
import { resolveUrl } from "./config";
import { CliError } from "./errors";
import { counted } from "./lib/format";
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
    .option(
      "--token <token>",
      "keep this session token instead of signing in (- reads it from standard input)",
    )
    .action(async (o: { email?: string; passwordStdin?: boolean; token?: string }) => {
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

  program
    .command("whoami")
    .description("who the saved session signs in as, and on which server")
    .action(async () => {
      const r = await whoami(ctx);
      out(program.opts().json ? `${JSON.stringify(r)}\n` : formatWhoami(r));
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
  addContactCommands(program, out, ctx);
  addGroupCommands(program, out, ctx);
  addReportCommands(program, out, ctx);
  addSmsCommands(program, out, ctx);
  addBroadcastCommands(program, out, ctx);
  return program;
}

function addReportCommands(program: Command, out: (s: string) => void, ctx: CommandContext): void {
  const json = () => Boolean(program.opts().json);
  const reports = program.command("reports").description("SMS and campaign reports");
  reports
    .command("export <report>")
    .description(`stream a report (${REPORT_KINDS.join(", ")}) to a CSV or XLSX file, page by page`)
    .addHelpText(
      "after",
      "\nDates are days (yyyy-mm-dd, local time) or ISO date-times. Default file names: Incoming Messages,\nSent Messages, Scheduled Messages, Campaign (.csv or .xlsx). Cells starting with = + - @ get a leading '.",
    )
    .option("--from <date>", "first day (inbox/outbox: created; scheduled: schedule; campaigns: created)")
    .option("--to <date>", "last day")
    .option("--format <format>", "csv or xlsx (default: from --out, else csv)")
    .option("--out <file>", "the file to write")
    .option("--yes", "overwrite an existing file")
    .action(
      async (
        report: string,
        o: { from?: string; to?: string; format?: string; out?: string; yes?: boolean },
      ) => {
        const r = await reportsExport(report, { ...o, json: json() }, ctx);
        out(
          json()
            ? `${JSON.stringify(r)}\n`
            : `Exported ${counted(r.rows, "row")} of ${r.report} to ${r.file}\n`,
        );
      },
    );
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

function addContactCommands(program: Command, out: (s: string) => void, ctx: CommandContext): void {
  const json = () => Boolean(program.opts().json);
  const contacts = program.command("contacts").description("the company's contacts: import, export, list");
  contacts
    .command("import <file>")
    .description("upload a .csv or .xlsx file of contacts, follow the import and report the problem rows")
    .addHelpText(
      "after",
      "\nThe file's first columns are mobile then name; an email column and any other columns (attributes) follow.\nExit codes: 0 when the import finishes, even with problem rows (see the counts and --report);\n1 when it fails or is cancelled (Ctrl-C cancels it on the server; committed batches stay); 2 on usage errors.",
    )
    .option("--group <name>", "put the imported contacts into this group (created when missing)")
    .option("--country <code>", "country of numbers written without their country code (default SG)")
    .option("--dry-run", "check every row and report, writing nothing")
    .option(
      "--update",
      "numbers that are already contacts: update their name, e-mail and attributes (counted as updated, not problems)",
    )
    .option("--report <file>", "write the problem rows here (.xlsx as the server makes it, or .csv)")
    .option("--yes", "overwrite an existing report file")
    .action(
      async (
        file: string,
        o: {
          group?: string;
          country?: string;
          dryRun?: boolean;
          update?: boolean;
          report?: string;
          yes?: boolean;
        },
      ) => {
        const r = await contactsImport(file, { ...o, json: json() }, ctx);
        out(json() ? `${JSON.stringify(r)}\n` : formatImport(r));
        if (r.status === "cancelled")
          throw new CliError(
            `Cancelled: ${r.imported.toLocaleString("en-US")} contacts were committed before the stop and are kept`,
          );
        if (r.status === "failed") throw new CliError(`Import failed: ${r.message ?? "unknown error"}`);
      },
    );
  contacts
    .command("export")
    .description("stream every contact (or a group's) to a CSV or XLSX file")
    .option("--format <format>", "csv or xlsx (default: from --out, else csv)")
    .option("--out <file>", "the file to write (default contacts.csv or contacts.xlsx)")
    .option("--group <name>", "only the members of this group")
    .option("--search <text>", "only contacts whose name or number matches")
    .option("--yes", "overwrite an existing file")
    .action(async (o: { format?: string; out?: string; group?: string; search?: string; yes?: boolean }) => {
      const r = await contactsExport(o, ctx);
      out(
        json() ? `${JSON.stringify(r)}\n` : `Exported contacts to ${r.file} (${counted(r.bytes, "byte")})\n`,
      );
    });
  contacts
    .command("list")
    .description("the newest contacts, or those matching --search")
    .option("--search <text>", "name, or digits of the mobile number")
    .option(
      "--limit <n>",
      "how many contacts at most (default 100); with --page, the page's size (at most 1000)",
    )
    .option("--page <n>", "page N of --limit contacts, newest first (last: the oldest page)")
    .option("--all", "every contact (or every match of --search)")
    .action(async (o: { search?: string; limit?: string; page?: string; all?: boolean }) => {
      const r = await contactsList(o, ctx);
      out(json() ? `${JSON.stringify(r)}\n` : formatContactList(r));
    });
  contacts
    .command("show <contact>")
    .description("one contact, by id or mobile number, with its groups and attributes")
    .action(async (ref: string) => {
      const r = await contactsShow(ref, ctx);
      out(json() ? `${JSON.stringify(r)}\n` : formatContact(r));
    });
  contacts
    .command("delete <contacts...>")
    .description("delete contacts by id or mobile number (asks on a terminal; --yes otherwise)")
    .option("--yes", "do not ask for confirmation (required without a terminal)")
    .action(async (refs: string[], o: { yes?: boolean }) => {
      const r = await contactsDelete(refs, o, ctx);
      out(json() ? `${JSON.stringify(r)}\n` : `Deleted ${counted(r.deleted, "contact")}\n`);
    });
}

function addGroupCommands(program: Command, out: (s: string) => void, ctx: CommandContext): void {
  const json = () => Boolean(program.opts().json);
  const groups = program.command("groups").description("contact groups and their members (groups by name)");
  groups
    .command("list")
    .description("every group with its member count")
    .option("--search <text>", "only groups whose name contains the text")
    .action(async (o: { search?: string }) => {
      const r = await groupsList(o, ctx);
      out(json() ? `${JSON.stringify(r)}\n` : formatGroups(r));
    });
  groups
    .command("create <name>")
    .description("create an empty group")
    .action(async (name: string) => {
      const r = await groupsCreate(name, ctx);
      out(json() ? `${JSON.stringify(r)}\n` : `Created group ${r.name} (${r.id})\n`);
    });
  groups
    .command("rename <name> <newName>")
    .description("rename a group")
    .action(async (name: string, newName: string) => {
      const r = await groupsRename(name, newName, ctx);
      out(json() ? `${JSON.stringify(r)}\n` : `Renamed group ${name.trim()} to ${r.name}\n`);
    });
  groups
    .command("delete <name>")
    .description("delete a group; its members stay as contacts (asks on a terminal; --yes otherwise)")
    .option("--yes", "do not ask for confirmation (required without a terminal)")
    .action(async (name: string, o: { yes?: boolean }) => {
      const r = await groupsDelete(name, o, ctx);
      out(
        json()
          ? `${JSON.stringify(r)}\n`
          : `Deleted group ${r.name} (its ${counted(r.members, "contact")} ${r.members === 1 ? "is" : "are"} kept)\n`,
      );
    });
  groups
    .command("add-members <name>")
    .description("add contacts (ids or mobile numbers) into a group")
    .option("--contacts <list>", "comma-separated contact ids or mobile numbers (repeatable)", collect)
    .option("--file <file>", "a text file of contact ids or mobile numbers, one per line")
    .action(async (name: string, o: { contacts?: string[]; file?: string }) => {
      const r = await groupsAddMembers(name, o, ctx);
      out(json() ? `${JSON.stringify(r)}\n` : formatAddMembers(r));
    });
  groups
    .command("remove-members <name>")
    .description("remove contacts from a group (the contacts stay)")
    .option("--contacts <list>", "comma-separated contact ids or mobile numbers (repeatable)", collect)
    .option("--file <file>", "a text file of contact ids or mobile numbers, one per line")
    .action(async (name: string, o: { contacts?: string[]; file?: string }) => {
      const r = await groupsRemoveMembers(name, o, ctx);
      out(
        json()
          ? `${JSON.stringify(r)}\n`
          : `Removed ${counted(r.removed, "contact")} from ${r.group} (${counted(r.members, "member")} left)\n`,
      );
    });
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
