import type { Command } from "commander";
import { CliError } from "../../errors";
import { counted } from "../../lib/format";
import { type CommandContext, call, signedInClient } from "../../session";
import {
  broadcastControl,
  broadcastExport,
  broadcastList,
  broadcastStatus,
  formatBroadcastList,
  formatStatus,
} from "./manage";
import {
  type BroadcastSendOptions,
  broadcastSend,
  formatBroadcastOutcome,
  formatBroadcastSend,
} from "./send";

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** `herald broadcast …`: social broadcasts from a file, their progress, pause/resume/cancel and the export. */
export function addBroadcastCommands(program: Command, out: (s: string) => void, ctx: CommandContext): void {
  const json = () => Boolean(program.opts().json);
  const broadcast = program
    .command("broadcast")
    .description("social broadcasts: send a file of recipients, follow, pause, resume, cancel, export");
  broadcast
    .command("send")
    .description(
      "check every row of a file, then send a WhatsApp template (or a text) and follow the delivery",
    )
    .addHelpText(
      "after",
      [
        "",
        "The file (.csv or .xlsx) has mobile and name first, then the template's body variables {{1}}, {{2}}… in",
        "column order. Every row is checked first: READY, INVALID PHONE NUMBER, MISSING VALUE, DUPLICATED; the rows",
        "that are not READY are written to --report (default: beside the file, <file>.issues.csv) and only READY",
        "rows are sent. Ctrl-C stops following the delivery; the broadcast goes on (herald broadcast status ID).",
        "Exit codes: 0 sent (and followed until done); 1 refused or cancelled; 2 usage errors.",
      ].join("\n"),
    )
    .option("--channel <id>", "the channel (id or name) to send on")
    .option("--file <file>", "a .csv or .xlsx file: mobile, name, then the body variables")
    .option("--template <name>", "a WhatsApp template of the channel (with --lang)")
    .option("--lang <code>", "the template's language, e.g. en_US")
    .option(
      "--header-var <value>",
      "a value of the template's header variables, in order (repeatable)",
      collect,
    )
    .option("--header-media <file>", "the image, video or document of a template with a media header")
    .option("--text <text>", "a text message instead of a template (reaches who wrote within 24 hours)")
    .option("--campaign <name>", "file the broadcast under this campaign")
    .option("--name <name>", "the broadcast's name, unique (default: the file's name and the time)")
    .option("--description <text>", "the broadcast's description")
    .option("--report <file>", "where to write the rows that are not READY (.csv)")
    .option("--no-follow", "do not wait for the delivery to end")
    .option("--dry-run", "check the rows and print the counts; send nothing")
    .option("--yes", "do not ask for confirmation (required without a terminal)")
    .option("--json", "print machine-readable results on stdout and nothing else")
    .action(async (o: BroadcastSendOptions & { follow?: boolean; json?: boolean }) => {
      const asJson = json() || Boolean(o.json);
      // On a terminal the preview is shown before the question (on standard error with --json); the
      // outcome then follows it.
      let shown = false;
      const show = (text: string) => {
        shown = true;
        if (asJson) process.stderr.write(text);
        else out(text);
      };
      const r = await broadcastSend({ ...o, noFollow: o.follow === false, json: asJson }, ctx, { show });
      out(asJson ? `${JSON.stringify(r)}\n` : shown ? formatBroadcastOutcome(r) : formatBroadcastSend(r));
      if (r.progress?.status === "cancelled") throw new CliError("The broadcast was cancelled");
    });
  broadcast
    .command("status <id>")
    .description("a broadcast's state and counts (Total, Sent, Delivered, Read, Failed)")
    .option("--watch", "follow it until it is done or cancelled (Ctrl-C stops following)")
    .option("--json", "print machine-readable results on stdout and nothing else")
    .action(async (id: string, o: { watch?: boolean; json?: boolean }) => {
      const asJson = json() || Boolean(o.json);
      const r = await broadcastStatus(id, { watch: o.watch, json: asJson }, ctx);
      out(asJson ? `${JSON.stringify(r)}\n` : formatStatus(r));
    });
  for (const action of ["pause", "resume", "cancel"] as const) {
    const c = broadcast
      .command(`${action} <id>`)
      .description(
        action === "pause"
          ? "stop sending after the messages in flight (resume continues)"
          : action === "resume"
            ? "continue a paused broadcast"
            : "end a broadcast: recipients not sent yet are never sent (asks on a terminal; --yes otherwise)",
      )
      .option("--json", "print machine-readable results on stdout and nothing else");
    if (action === "cancel") c.option("--yes", "do not ask for confirmation (required without a terminal)");
    c.action(async (id: string, o: { yes?: boolean; json?: boolean }) => {
      const r = await broadcastControl(action, id, o, ctx);
      out(json() || o.json ? `${JSON.stringify(r)}\n` : `Broadcast ${r.id} is ${r.status}\n`);
    });
  }
  broadcast
    .command("list")
    .description("the company's broadcasts, newest first")
    .option("--campaign <name>", "only this campaign's broadcasts")
    .option("--json", "print machine-readable results on stdout and nothing else")
    .action(async (o: { campaign?: string; json?: boolean }) => {
      const r = await broadcastList(o, ctx);
      out(json() || o.json ? `${JSON.stringify(r)}\n` : formatBroadcastList(r));
    });
  broadcast
    .command("export <id>")
    .description("save a broadcast's recipients with their status, remark and times as CSV or XLSX")
    .option("--out <file>", "the file to write (default: the broadcast's name-recipients.csv)")
    .option("--format <format>", "csv or xlsx (default: from --out, else csv)")
    .option("--yes", "overwrite an existing file")
    .option("--json", "print machine-readable results on stdout and nothing else")
    .action(async (id: string, o: { out?: string; format?: string; yes?: boolean; json?: boolean }) => {
      const r = await broadcastExport(id, o, ctx);
      out(
        json() || o.json
          ? `${JSON.stringify(r)}\n`
          : `Exported the recipients of ${r.id} to ${r.file} (${counted(r.bytes, "byte")})\n`,
      );
    });
  broadcast
    .command("channels")
    .description("the channels you can broadcast on (id, type, name)")
    .option("--json", "print machine-readable results on stdout and nothing else")
    .action(async (o: { json?: boolean }) => {
      const { url, client } = await signedInClient(ctx);
      const r = (await call(url, () => client.GET("/social-chat/channel/company-channel"))).data;
      out(
        json() || o.json
          ? `${JSON.stringify(r.map((c) => ({ id: c.id, name: c.name, channelType: c.channelType })))}\n`
          : r.length === 0
            ? "No channels\n"
            : `${r.map((c) => `${c.id}\t${c.channelType}\t${c.name}`).join("\n")}\n`,
      );
    });
}
