import { randomUUID } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { Schema } from "@herald/api-client";
import {
  DEFAULT_TIME_ZONE,
  fallbackExample,
  formatInZone,
  instantInZone,
  missingValueText,
  parseSenderId,
} from "@herald/domain";
import { CliError } from "../../errors";
import { count, counted, money, sgd } from "../../lib/format";
import { checkMobile, refusedNumber, showMobile } from "../../lib/mobile";
import {
  type CommandContext,
  call,
  companyTimeZone,
  isInteractive,
  promptsOf,
  signedInClient,
} from "../../session";
import { table } from "../contacts/list";
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

/** A --to number the server will not send to, and why (in words). */
export interface RefusedNumber {
  number: string;
  reason: string;
}

interface SmsSendCommon {
  preview: Schema<"ComposePreview">;
  /** The --to numbers that are not valid mobile numbers (not sent to). */
  refused: RefusedNumber[];
  /** The sender ID chosen with --from (null: the default one). */
  sender: string | null;
  /** When --at schedules it, in the company's zone and labelled (null: now). */
  at: string | null;
  /** The company's zone, in which --at was read and the scheduled time is printed. */
  timeZone?: string;
}

export type SmsSendResult =
  | (SmsSendCommon & { dryRun: true })
  | (SmsSendCommon & { dryRun: false; result: Schema<"ComposeSendResult"> });

/** "31 Jan 2030, 09:30 SGT (Asia/Singapore)": an instant in the company's zone, labelled. */
export function whenText(instant: string | Date, zone: string): string {
  return `${formatInZone(instant, "d MMM yyyy, HH:mm", zone)} (${zone})`;
}

export interface SmsSendHooks {
  /** Shows the preview before the question on a terminal (the command prints it; tests record it). */
  show?: (text: string) => void;
}

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
 * `herald sms send`: checks each --to number first (a number that is not a valid mobile number is named with
 * the reason; when no valid recipient is left, nothing is asked of the server: exit 2), previews the send
 * (each recipient's message, parts and cost, the totals, the sender, the schedule and the warnings — e.g. a
 * sender ID not registered with Singapore's SMS Sender ID Registry, whose messages to +65 numbers may be shown
 * as Likely-SCAM), then — unless `--dry-run` — shows that preview and asks on a terminal (without one, --yes
 * is required: a send that has warnings stops with them, exit 2), and sends or schedules it with a fresh
 * Idempotency-Key. With --yes the preview and its warnings are printed with the result and the send goes ahead.
 */
export async function smsSend(
  opts: SmsSendOptions,
  ctx: CommandContext = {},
  hooks: SmsSendHooks = {},
): Promise<SmsSendResult> {
  const { numbers, groups, schedule } = checkOptions(opts);
  const refused: RefusedNumber[] = [];
  for (const number of numbers) {
    const checked = checkMobile(number);
    if (!checked.ok) refused.push({ number: number.trim(), reason: checked.reason });
  }
  if (refused.length > 0 && refused.length === numbers.length && groups.length === 0 && !opts.file)
    throw new CliError(refused.map((r) => refusedNumber(r.number, r.reason)).join("\n"), 2);
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
  // --at is read by the server in the company's zone; it is named (and labelled) wherever the time is shown.
  const timeZone = schedule ? await companyTimeZone(client) : undefined;
  const at = schedule && timeZone ? instantInZone(schedule.date, schedule.time, timeZone) : null;
  const base = {
    preview,
    refused,
    sender: opts.from?.trim() || null,
    at: schedule ? (at && timeZone ? whenText(at, timeZone) : `${schedule.date} ${schedule.time}`) : null,
    ...(timeZone ? { timeZone } : {}),
  };
  if (opts.dryRun) return { ...base, dryRun: true };
  const t = preview.totals;
  if (t.recipients === 0) throw new CliError(nobodyToSendTo({ ...base, dryRun: true }));
  if (!t.enough)
    throw new CliError(
      `Not enough credit: the send costs ${money(t.costCents)}, your credit is ${sgd(t.balance)}`,
    );
  const warnings = previewWarnings({ ...base, dryRun: true });
  if (mustAsk && !isInteractive(ctx)) {
    throw new CliError(warnings.length > 0 ? `${warnings.join("\n")}\n${NOT_A_TERMINAL}` : NOT_A_TERMINAL, 2);
  }
  if (mustAsk) {
    const when = base.at ? ` on ${base.at}` : " now";
    const question = `Send to ${counted(t.recipients, "recipient")}${when} (${count(t.segments)} SMS, ${money(t.costCents)})?`;
    let asked = question;
    if (hooks.show) hooks.show(formatSmsPreview({ ...base, dryRun: true }));
    // Without a preview on screen the warnings go into the question itself.
    if (warnings.length > 0)
      asked = `${hooks.show ? "" : `${warnings.join(" ")} `}${question.replace(/^Send/, "Send anyway")}`;
    if (!(await promptsOf(ctx).confirm(asked))) throw new CliError("Cancelled: nothing sent");
  }
  const result = await call(url, () =>
    client.POST("/sms/send", { body: draft, params: { header: { "Idempotency-Key": randomUUID() } } }),
  );
  return { ...base, dryRun: false, result };
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

const UNICODE_WARNING =
  "Unicode characters (such as emoji or curly quotes) in some messages: a part holds 70 characters instead of 160, so they need more parts and cost more";

/** What to know before sending: refused numbers, the server's warnings, Unicode making parts shorter. */
export function previewWarnings(r: SmsSendResult): string[] {
  const warnings = r.refused.map((n) => `${refusedNumber(n.number, n.reason)}: not sent`);
  warnings.push(...(r.preview.warnings ?? []));
  if (r.preview.rows.some((row) => row.encoding === "UCS-2")) warnings.push(UNICODE_WARNING);
  return warnings;
}

/** Why a send has no recipient left: the numbers refused and what was skipped. */
function nobodyToSendTo(r: SmsSendResult): string {
  const s = r.preview.totals.skipped;
  const skipped = [
    s.unsubscribed > 0 && `${count(s.unsubscribed)} unsubscribed`,
    s.invalid > r.refused.length && `${count(s.invalid - r.refused.length)} invalid`,
    s.duplicate > 0 && `${count(s.duplicate)} duplicate`,
  ].filter(Boolean);
  const lines = r.refused.map((n) => refusedNumber(n.number, n.reason));
  if (skipped.length > 0) lines.push(`Skipped: ${skipped.join(", ")}`);
  return lines.length > 0 ? `Nobody to send to:\n${lines.join("\n")}` : "Please choose at least 1 recipient.";
}

const oneLine = (text: string, max = 60) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** The preview as text: each recipient (the first 100), then the totals, the sender, the schedule and the warnings. */
export function formatSmsPreview(r: SmsSendResult): string {
  const t = r.preview.totals;
  const rows = r.preview.rows.map((row) => [
    showMobile(row.to),
    oneLine(row.name, 24),
    row.encoding === "UCS-2" ? `${count(row.segments)} (Unicode)` : count(row.segments),
    money(row.costCents),
    oneLine(row.text),
  ]);
  const lines: string[] = [];
  if (rows.length > 0) lines.push(table(["TO", "NAME", "PARTS", "COST", "MESSAGE"], rows).trimEnd());
  if (t.recipients > r.preview.rows.length)
    lines.push(`… and ${counted(t.recipients - r.preview.rows.length, "more recipient")}`);
  const s = t.skipped;
  lines.push(
    `Sender: ${r.sender ?? "the default sender ID"}`,
    `When: ${r.at ?? "now"}`,
    `Recipients: ${count(t.recipients)} (skipped: ${count(s.unsubscribed)} unsubscribed, ${count(s.invalid)} invalid, ${count(s.duplicate)} duplicate)`,
    `Parts: ${count(t.segments)} SMS  Cost: ${money(t.costCents)}  Credit: ${sgd(t.balance)}${t.enough ? "" : "  (not enough)"}`,
  );
  for (const w of previewWarnings(r)) lines.push(`Warning: ${w}`);
  for (const m of r.preview.missingValues ?? [])
    lines.push(
      `Note: ${missingValueText(m.variable, m.recipients, m.example)} A fallback such as ${fallbackExample(m.variable)} fills it.`,
    );
  return `${lines.join("\n")}\n`;
}

/** The outcome of a send that was made. */
export function formatSmsOutcome(r: SmsSendResult): string {
  if (r.dryRun) return "Dry run: nothing sent\n";
  return r.result.status === "scheduled"
    ? `Scheduled for ${r.result.scheduledAt ? whenText(r.result.scheduledAt, r.timeZone ?? DEFAULT_TIME_ZONE) : "-"} (${r.result.id}): ${r.result.message}\n`
    : `Sent (${r.result.id}): ${r.result.message}\n`;
}

/** The preview and the outcome as text. */
export function formatSmsSend(r: SmsSendResult): string {
  return formatSmsPreview(r) + formatSmsOutcome(r);
}
