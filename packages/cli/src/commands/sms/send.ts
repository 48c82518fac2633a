import { randomUUID } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { Schema } from "@herald/api-client";
import { fallbackExample, missingValueText, parseSenderId } from "@herald/domain";
import { CliError } from "../../errors";
import { type CommandContext, call, isInteractive, promptsOf, signedInClient } from "../../session";
import { findGroup, splitList } from "../contacts/resolve";
import { findTemplate } from "./templates";

export interface SmsSendOptions {
  /** Mobile numbers with country code, comma-separated (repeatable). */
  to?: string | string[];
  /** Group names (repeatable). */
  group?: string | string[];
  /** A .csv or .xlsx file: mobile, name, then variable columns. */
  file?: string;
  from?: string;
  text?: string;
  /** A message template of the company by name (instead of --text). */
  template?: string;
  /** "YYYY-MM-DD HH:mm" in the company's time zone (a 30-minute step): schedule instead of sending now. */
  at?: string;
  dryRun?: boolean;
  yes?: boolean;
}

export type SmsSendResult =
  | { dryRun: true; preview: Schema<"ComposePreview"> }
  | { dryRun: false; preview: Schema<"ComposePreview">; result: Schema<"ComposeSendResult"> };

const MIME = {
  ".csv": "text/csv",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};
const AT = /^(\d{4}-\d{2}-\d{2})[ T]([01]\d|2[0-3]):(00|30)$/;

/** Every refusal before the server is asked is a usage error (exit 2). */
function checkOptions(opts: SmsSendOptions) {
  const numbers = splitList(opts.to);
  const groups = splitList(opts.group);
  if (numbers.length === 0 && groups.length === 0 && !opts.file)
    throw new CliError("Give the recipients: --to NUMBERS, --group NAME or --file FILE", 2);
  if (opts.template !== undefined && opts.text !== undefined)
    throw new CliError("Give the message with --text or --template, not both", 2);
  if (opts.template !== undefined && !opts.template.trim())
    throw new CliError("Give the template's name with --template", 2);
  if (opts.template === undefined && !opts.text?.trim())
    throw new CliError("Give the message with --text or --template NAME", 2);
  if (opts.file && !(path.extname(opts.file).toLowerCase() in MIME))
    throw new CliError(`Unsupported file type: ${path.basename(opts.file)} (a .csv or .xlsx file)`, 2);
  if (opts.from !== undefined) {
    const from = parseSenderId(opts.from);
    if (!from.ok) throw new CliError(`--from: ${from.message}`, 2);
  }
  let schedule: { frequency: "once"; date: string; time: string } | undefined;
  if (opts.at !== undefined) {
    const m = AT.exec(opts.at.trim());
    if (!m) throw new CliError(`--at must be "YYYY-MM-DD HH:mm" on a 30-minute step (got ${opts.at})`, 2);
    schedule = { frequency: "once", date: m[1]!, time: `${m[2]}:${m[3]}` };
  }
  return { numbers, groups, schedule };
}

const NOT_A_TERMINAL = "Not a terminal: pass --yes to send without confirming (or --dry-run)";

/**
 * `herald sms send`: previews the send (recipients, segments, cost, the credit, and the server's warnings — e.g.
 * a sender ID not registered with Singapore's SMS Sender ID Registry, whose messages to +65 numbers may be shown
 * as Likely-SCAM), then — unless `--dry-run` — asks on a terminal, warnings first (without one, --yes is
 * required: a send that has warnings stops with them, exit 2), and sends or schedules it with a fresh
 * Idempotency-Key. With --yes the warnings are printed with the result and the send goes ahead.
 */
export async function smsSend(opts: SmsSendOptions, ctx: CommandContext = {}): Promise<SmsSendResult> {
  const { numbers, groups, schedule } = checkOptions(opts);
  const mustAsk = !opts.dryRun && !opts.yes;
  // Only a chosen sender ID can draw a warning: without --from the refusal needs no server.
  if (mustAsk && !isInteractive(ctx) && opts.from === undefined) throw new CliError(NOT_A_TERMINAL, 2);
  const { url, client, token } = await signedInClient(ctx);
  // A template's text is sent as typed; the server expands its variables per recipient, as for --text.
  const text =
    opts.template !== undefined ? (await findTemplate(url, client, opts.template)).content : opts.text!;
  const groupIds: string[] = [];
  for (const name of groups) groupIds.push((await findGroup(url, client, name)).id);
  let fileId: string | undefined;
  if (opts.file) fileId = await uploadFile(url, token, opts.file, ctx);
  const draft: Schema<"ComposeDraft"> = {
    channel: "SMS",
    recipients: {
      ...(numbers.length > 0 ? { numbers } : {}),
      ...(groupIds.length > 0 ? { groupIds } : {}),
      ...(fileId ? { fileId } : {}),
    },
    ...(fileId ? { fileContent: "Contacts & Variables" as const } : {}),
    ...(opts.from ? { senderId: opts.from } : {}),
    text,
    removeDuplicates: true,
    ...(schedule ?? { frequency: "now" as const }),
  };
  const preview = await call(url, () => client.POST("/sms/preview", { body: draft }));
  if (opts.dryRun) return { dryRun: true, preview };
  if (!preview.totals.enough)
    throw new CliError(
      `Not enough credit: the send costs SGD ${preview.totals.cost}, your credit is SGD ${preview.totals.balance}`,
    );
  const warnings = preview.warnings ?? [];
  if (mustAsk && !isInteractive(ctx)) {
    throw new CliError(warnings.length > 0 ? `${warnings.join("\n")}\n${NOT_A_TERMINAL}` : NOT_A_TERMINAL, 2);
  }
  if (mustAsk) {
    const t = preview.totals;
    const when = schedule ? ` on ${schedule.date} at ${schedule.time}` : " now";
    const question = `Send to ${t.recipients} recipients${when} (${t.segments} SMS, SGD ${t.cost})?`;
    const asked =
      warnings.length > 0 ? `${warnings.join(" ")} ${question.replace(/^Send/, "Send anyway")}` : question;
    if (!(await promptsOf(ctx).confirm(asked))) throw new CliError("Cancelled: nothing sent");
  }
  const result = await call(url, () =>
    client.POST("/sms/send", { body: draft, params: { header: { "Idempotency-Key": randomUUID() } } }),
  );
  return { dryRun: false, preview, result };
}

async function uploadFile(url: string, token: string, file: string, ctx: CommandContext): Promise<string> {
  try {
    if (!(await stat(file)).isFile()) throw new Error("not a file");
  } catch {
    throw new CliError(`Cannot read ${file}`, 2);
  }
  const ext = path.extname(file).toLowerCase() as keyof typeof MIME;
  const form = new FormData();
  form.append(
    "file",
    new Blob([new Uint8Array(await readFile(file))], { type: MIME[ext] }),
    path.basename(file),
  );
  const target = `${url.replace(/\/$/, "")}/api/sms/recipients-file?content=${encodeURIComponent("Contacts & Variables")}`;
  let res: Response;
  try {
    res = await (ctx.fetch ?? fetch)(target, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
  } catch (err) {
    throw new CliError(`Cannot reach ${url}: ${(err as Error).message}`);
  }
  const body = (await res.json().catch(() => ({}))) as { fileId?: string; message?: string };
  if (!res.ok || !body.fileId) throw new CliError(body.message ?? `The server answered ${res.status}`);
  return body.fileId;
}

/** The preview (and the outcome) as text. */
export function formatSmsSend(r: SmsSendResult): string {
  const t = r.preview.totals;
  const lines: string[] = [];
  for (const row of r.preview.rows) {
    lines.push(
      `${row.to}\t${row.encoding}\t${row.segments} SMS\tSGD ${row.cost}\t${row.text.replace(/\s+/g, " ").slice(0, 60)}`,
    );
  }
  if (t.recipients > r.preview.rows.length) lines.push(`… and ${t.recipients - r.preview.rows.length} more`);
  const s = t.skipped;
  lines.push(
    `Recipients: ${t.recipients} (skipped: ${s.unsubscribed} unsubscribed, ${s.invalid} invalid, ${s.duplicate} duplicate)`,
    `Segments: ${t.segments}  Cost: SGD ${t.cost}  Credit: SGD ${t.balance}${t.enough ? "" : "  (not enough)"}`,
  );
  for (const w of r.preview.warnings ?? []) lines.push(`Warning: ${w}`);
  for (const m of r.preview.missingValues ?? [])
    lines.push(
      `Note: ${missingValueText(m.variable, m.recipients, m.example)} A fallback such as ${fallbackExample(m.variable)} fills it.`,
    );
  if (!r.dryRun) {
    lines.push(
      r.result.status === "scheduled"
        ? `Scheduled for ${r.result.scheduledAt} (${r.result.id}): ${r.result.message}`
        : `Sent (${r.result.id}): ${r.result.message}`,
    );
  }
  return `${lines.join("\n")}\n`;
}
