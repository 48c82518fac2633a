import type { Command } from "commander";
import type { CommandContext } from "../../session";
import { formatSmsOutcome, formatSmsSend, type SmsSendOptions, smsSend } from "./send";
import { formatTemplates, templatesAdd, templatesDelete, templatesList } from "./templates";

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** `herald sms …`: sending SMS (as every command: --json output on stdout, usage errors exit with code 2). */
export function addSmsCommands(program: Command, out: (s: string) => void, ctx: CommandContext): void {
  const json = () => Boolean(program.opts().json);
  const sms = program.command("sms").description("send SMS to numbers, groups or a file of recipients");
  sms
    .command("send")
    .description(
      "preview and send (or schedule) an SMS; variables {name} and the file's columns are filled per recipient",
    )
    .option("--to <numbers>", "mobile numbers with country code, comma-separated (repeatable)", collect)
    .option("--group <name>", "a contact group by name (repeatable)", collect)
    .option("--file <file>", "a .csv or .xlsx file: mobile, name, then variable columns")
    .option(
      "--from <sender>",
      "one of your company's approved SMS sender IDs (warns when it is not registered with Singapore's SSIR)",
    )
    .option("--text <text>", "the message")
    .option("--template <name>", "a message template of the company by name (instead of --text)")
    .option("--at <time>", 'schedule for "YYYY-MM-DD HH:mm" in the company\'s time zone (30-minute steps)')
    .option("--dry-run", "print the recipients, segments, cost and warnings; send nothing")
    .option("--yes", "do not ask for confirmation, despite warnings (required without a terminal)")
    .action(async (o: SmsSendOptions) => {
      // On a terminal the preview is shown before the question (on standard error with --json, whose
      // standard output is the result alone); the outcome then follows it.
      let shown = false;
      const show = (text: string) => {
        shown = true;
        if (json()) process.stderr.write(text);
        else out(text);
      };
      const r = await smsSend(o, ctx, { show });
      out(json() ? `${JSON.stringify(r)}\n` : shown ? formatSmsOutcome(r) : formatSmsSend(r));
    });

  const templates = sms.command("templates").description("the company's message templates (by name)");
  templates
    .command("list")
    .description("every message template of the company")
    .action(async () => {
      const r = await templatesList(ctx);
      out(json() ? `${JSON.stringify(r)}\n` : formatTemplates(r));
    });
  templates
    .command("add <name>")
    .description("save a message template; variables such as {name} are filled per recipient when sent")
    .requiredOption("--content <text>", "the template's message text")
    .action(async (name: string, o: { content?: string }) => {
      const r = await templatesAdd(name, o, ctx);
      out(json() ? `${JSON.stringify(r)}\n` : `Added template ${r.name}\n`);
    });
  templates
    .command("delete <name>")
    .description("delete a message template (admins, or its creator; asks on a terminal, --yes otherwise)")
    .option("--yes", "do not ask for confirmation (required without a terminal)")
    .action(async (name: string, o: { yes?: boolean }) => {
      const r = await templatesDelete(name, o, ctx);
      out(json() ? `${JSON.stringify(r)}\n` : `Deleted template ${r.name}\n`);
    });
}
