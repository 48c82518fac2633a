import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ApiClient, Schema } from "@herald/api-client";
import { MESSAGES, normalizeRecipient, sgdToCents } from "@herald/domain";
import { CliError } from "../../errors";
import { refuseOverwrite } from "../../lib/files";
import { count, counted, money, sgd } from "../../lib/format";
import { type Progress, progressLine } from "../../lib/progress";
import { type CommandContext, call, isInteractive, promptsOf, signedInClient } from "../../session";
import { table } from "../contacts/list";
import { type BroadcastProgress, type FollowHooks, followBroadcast } from "./follow";
import {
  type CheckedRow,
  checkRows,
  countReadiness,
  defaultReportPath,
  FILE_MIME,
  type ReadinessCounts,
  readTable,
  rowsFromTable,
  writeIssueReport,
} from "./recipients";

export interface BroadcastSendOptions {
  channel?: string;
  file?: string;
  /** A WhatsApp template of the channel by name (with --lang); without it, --text sends a live text. */
  template?: string;
  lang?: string;
  /** Values of the template's header variables {{1}}, {{2}}… (repeatable). */
  headerVar?: string[];
  /** The image, video or document of a template whose header is media. */
  headerMedia?: string;
  /** Live text (recipients who wrote within the last 24 hours). */
  text?: string;
  campaign?: string;
  name?: string;
  description?: string;
  /** Where the rows that are not READY are written (default: beside the file, <name>.issues.csv). */
  report?: string;
  dryRun?: boolean;
  yes?: boolean;
  json?: boolean;
  /** Do not wait for the delivery to end. */
  noFollow?: boolean;
}

export interface BroadcastSendResult {
  dryRun: boolean;
  name: string;
  channelId: string;
  template: { name: string; language: string } | null;
  readiness: ReadinessCounts;
  /** The file of rows that are not READY (null when every row is READY). */
  report: string | null;
  broadcastId: string | null;
  /** "Broadcast Received" / "Broadcast Executed". */
  message: string | null;
  /** READY rows the server queued (unsubscribed numbers are skipped). */
  queued: number | null;
  /** The delivery as last seen (null on --dry-run or --no-follow). */
  progress: BroadcastProgress | null;
  /** False when following was stopped (Ctrl-C) before the broadcast ended. */
  followed: boolean;
  /** What was shown before sending: the file's first rows as each recipient will get them, and the price. */
  preview: BroadcastPreview;
}

export interface BroadcastPreviewRow {
  row: number;
  mobile: string;
  name: string;
  status: string;
  /** The message as this recipient gets it (the template's body with the row's values). */
  text: string;
}

export interface BroadcastPreview {
  /** The channel the messages go out on, e.g. "Sandbox WA (WHATSAPP)". */
  sender: string;
  /** The rows as checked before sending (the server's own check, after the upload, is in `readiness`). */
  readiness: ReadinessCounts;
  /** The file's first rows. */
  rows: BroadcastPreviewRow[];
  /** The price of one message on the channel, in cents (null when it could not be learnt before sending). */
  priceCents: number | null;
  /** The price of every READY row, in cents (unsubscribed numbers are skipped and not charged). */
  costCents: number | null;
  /** The caller's credit, SGD with two decimals (null when unknown). */
  balance: string | null;
}

export interface BroadcastSendHooksShow {
  /** Shows the preview before the question on a terminal (the command prints it; tests record it). */
  show?: (text: string) => void;
}

export interface SendHooks extends FollowHooks, BroadcastSendHooksShow {
  progress?: Progress;
  /** The moment the name is made of when --name is not given (tests). */
  now?: Date;
}

const pad = (n: number) => String(n).padStart(2, "0");
const stamp = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** Refusals before the server is asked: usage errors (exit 2). */
function checkOptions(o: BroadcastSendOptions) {
  if (!o.channel?.trim())
    throw new CliError("Give the channel with --channel ID (herald broadcast channels)", 2);
  if (!o.file)
    throw new CliError("Give the recipients with --file FILE (.csv or .xlsx: mobile, name, variables)", 2);
  if (!(path.extname(o.file).toLowerCase() in FILE_MIME))
    throw new CliError(`Unsupported file type: ${path.basename(o.file)} (a .csv or .xlsx file)`, 2);
  if (o.template !== undefined) {
    if (!o.template.trim()) throw new CliError("Give the template's name with --template", 2);
    if (!o.lang?.trim()) throw new CliError("Give the template's language with --lang (e.g. en_US)", 2);
    if (o.text !== undefined) throw new CliError("Give --template or --text, not both", 2);
  } else {
    if (!o.text?.trim()) throw new CliError("Give the message: --template NAME --lang xx, or --text TEXT", 2);
    if (o.lang !== undefined || o.headerVar?.length || o.headerMedia)
      throw new CliError("--lang, --header-var and --header-media go with --template", 2);
  }
  if (o.name !== undefined) {
    const name = o.name.trim();
    if (!name) throw new CliError("Broadcast Name is Required!", 2);
    if (name.length > 50) throw new CliError("Broadcast Name cannot exceeds 50 characters", 2);
  }
  if (o.description !== undefined && o.description.length > 255)
    throw new CliError("Broadcast Description cannot exceeds 255 characters", 2);
}

const PREVIEW_ROWS = 20;

/** The template's body (or the live text) with a row's values in place of {{1}}, {{2}}… */
const fillBody = (body: string, values: readonly string[]) =>
  body.replace(/\{\{\s*(\d)\s*\}\}/g, (whole, n: string) => values[Number(n) - 1] ?? whole);

/**
 * What one message on the channel costs the company, and the caller's credit: asked of the compose preview (the
 * same company price per social message the broadcast is charged), for a few of the READY numbers. Null when it
 * cannot tell (e.g. a Telegram channel whose subscribers are not known by number, or no channel price there).
 */
async function channelPrice(
  url: string,
  client: ApiClient,
  channel: Schema<"Channel">,
  numbers: string[],
): Promise<{ priceCents: number; balance: string } | null> {
  const type =
    channel.channelType === "WHATSAPP" ? "WhatsApp" : channel.channelType === "TELEGRAM" ? "Telegram" : null;
  if (!type || numbers.length === 0) return null;
  try {
    const p = await call(url, () =>
      client.POST("/sms/preview", {
        body: {
          channel: type,
          channelId: channel.id,
          recipients: { numbers: numbers.slice(0, 50) },
          text: "price",
          removeDuplicates: true,
          frequency: "now",
        },
      }),
    );
    const row = p.rows[0];
    return row ? { priceCents: row.costCents, balance: p.totals.balance } : null;
  } catch {
    return null;
  }
}

const countVariables = (text: string | null | undefined) => {
  let max = 0;
  for (const m of (text ?? "").matchAll(/\{\{\s*(\d)\s*\}\}/g)) max = Math.max(max, Number(m[1]));
  return max;
};

async function findChannel(url: string, client: ApiClient, id: string): Promise<Schema<"Channel">> {
  const list = await call(url, () => client.GET("/social-chat/channel/company-channel"));
  const wanted = id.trim().toLowerCase();
  const found = list.data.find((c) => c.id.toLowerCase() === wanted || c.name.toLowerCase() === wanted);
  if (!found) throw new CliError(`No channel ${id} (see the channels with herald broadcast channels)`);
  return found;
}

async function findCampaign(url: string, client: ApiClient, name: string): Promise<string> {
  const list = await call(url, () => client.GET("/social-chat/broadcast/campaigns"));
  const wanted = name.trim().toLowerCase();
  const found = list.data.find((c) => c.name.toLowerCase() === wanted || c.id === name.trim());
  if (!found) throw new CliError(`No campaign named ${name.trim()}`);
  return found.id;
}

async function upload(
  ctx: CommandContext,
  url: string,
  token: string,
  target: string,
  file: string,
  fields: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const ext = path.extname(file).toLowerCase();
  const type = FILE_MIME[ext as keyof typeof FILE_MIME] ?? "application/octet-stream";
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    throw new CliError(`Cannot read ${file}`, 2);
  }
  form.append("file", new Blob([new Uint8Array(bytes)], { type }), path.basename(file));
  let res: Response;
  try {
    res = await (ctx.fetch ?? fetch)(`${url.replace(/\/$/, "")}/api${target}`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
  } catch (err) {
    throw new CliError(`Cannot reach ${url}: ${(err as Error).message}`);
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok)
    throw new CliError(typeof body.message === "string" ? body.message : `The server answered ${res.status}`);
  return body;
}

/**
 * `herald broadcast send`: reads the file and checks every row as the wizard does (READY, INVALID PHONE NUMBER,
 * MISSING VALUE, DUPLICATED) against the channel's template, checks the name with the server, writes the rows
 * that are not READY to the report file, then — unless --dry-run — asks (without a terminal --yes is required),
 * creates the broadcast, uploads the file (the server checks the rows again and queues the READY ones) and
 * follows the delivery until it ends. Ctrl-C stops following; the broadcast goes on.
 */
export async function broadcastSend(
  o: BroadcastSendOptions,
  ctx: CommandContext = {},
  hooks: SendHooks = {},
): Promise<BroadcastSendResult> {
  checkOptions(o);
  if (!o.dryRun && !o.yes && !isInteractive(ctx))
    throw new CliError("Not a terminal: pass --yes to send without confirming (or --dry-run)", 2);
  const file = o.file!;
  const reportPath = o.report ?? defaultReportPath(file);
  if (o.report !== undefined) {
    if (path.extname(o.report).toLowerCase() !== ".csv")
      throw new CliError(`--report must name a .csv file (got ${o.report})`, 2);
    await refuseOverwrite(o.report, o.yes);
  }
  const rows = rowsFromTable(await readTable(file));
  const { url, client, token } = await signedInClient(ctx);
  const channel = await findChannel(url, client, o.channel!);

  let template: Schema<"WhatsappTemplate"> | undefined;
  let headerCount = 0;
  let bodyCount = 0;
  if (o.template !== undefined) {
    const list = await call(url, () =>
      client.GET("/social-chat/channel/{id}/whatsapp-templates", { params: { path: { id: channel.id } } }),
    );
    template = list.data.find((t) => t.name === o.template!.trim() && t.language === o.lang!.trim());
    if (!template) {
      const names = list.data.map((t) => `${t.name} (${t.language})`).join(", ");
      throw new CliError(
        `No template ${o.template.trim()} in ${o.lang!.trim()} on ${channel.name}${names ? `; it has ${names}` : ""}`,
      );
    }
    const header = template.components.find((c) => c.type === "HEADER");
    const media = !!header && !!header.format && header.format !== "TEXT";
    headerCount = header && !media ? countVariables(header.text) : 0;
    bodyCount = countVariables(template.components.find((c) => c.type === "BODY")?.text);
    if (media && !o.headerMedia)
      throw new CliError(
        `${template.name} has a ${header!.format} header: give it with --header-media FILE`,
        2,
      );
    if (!media && o.headerMedia) throw new CliError(`${template.name} has no media header`, 2);
    const given = (o.headerVar ?? []).filter((v) => v.trim() !== "");
    if (given.length < headerCount)
      throw new CliError(
        `${template.name}'s header needs ${headerCount} value${headerCount === 1 ? "" : "s"}: --header-var VALUE for each`,
        2,
      );
  }

  const checked: CheckedRow[] = checkRows(rows, bodyCount);
  const readiness = countReadiness(checked);
  const issuesOf = (list: CheckedRow[]) =>
    list
      .filter((r) => r.status !== MESSAGES.recipientReady)
      .map((r) => ({ row: r.row, mobile: r.mobile, name: r.name, issue: r.status }));
  const localIssues = issuesOf(checked);
  let report: string | null = null;
  if (localIssues.length > 0) {
    await writeIssueReport(reportPath, localIssues);
    report = reportPath;
  }

  const name = (o.name ?? `${path.basename(file, path.extname(file))} ${stamp(hooks.now ?? new Date())}`)
    .trim()
    .slice(0, 50);
  await call(url, () => client.GET("/social-chat/broadcast/validate/{name}", { params: { path: { name } } }));
  const campaignId = o.campaign ? await findCampaign(url, client, o.campaign) : null;
  const body = template ? (template.components.find((c) => c.type === "BODY")?.text ?? "") : o.text!.trim();
  const readyNumbers = checked
    .filter((r) => r.status === MESSAGES.recipientReady)
    .map((r) => normalizeRecipient(r.mobile))
    .filter((n): n is string => n !== null);
  const price = await channelPrice(url, client, channel, readyNumbers);
  const preview: BroadcastPreview = {
    sender: `${channel.name} (${channel.channelType})`,
    readiness,
    rows: checked.slice(0, PREVIEW_ROWS).map((r) => ({
      row: r.row,
      mobile: r.mobile,
      name: r.name,
      status: r.status,
      text: r.status === MESSAGES.recipientReady ? fillBody(body, r.values) : "",
    })),
    priceCents: price?.priceCents ?? null,
    costCents: price ? price.priceCents * readiness.ready : null,
    balance: price?.balance ?? null,
  };
  const base: BroadcastSendResult = {
    dryRun: Boolean(o.dryRun),
    name,
    channelId: channel.id,
    template: template ? { name: template.name, language: template.language } : null,
    readiness,
    report,
    broadcastId: null,
    message: null,
    queued: null,
    progress: null,
    followed: false,
    preview,
  };
  if (o.dryRun) return base;
  if (readiness.ready === 0) throw new CliError("No READY recipient: nothing to send (see the report)");
  if (!o.yes) {
    hooks.show?.(formatBroadcastPreview(base));
    const what = template ? `template ${template.name} (${template.language})` : "the text";
    const cost = preview.costCents !== null ? ` for ${money(preview.costCents)}` : "";
    const question = `Send broadcast "${name}" with ${what} on ${channel.name} to ${counted(readiness.ready, "READY recipient")}${cost}?`;
    if (!(await promptsOf(ctx).confirm(question))) throw new CliError("Cancelled: nothing sent");
  }

  const headerMedia = o.headerMedia
    ? String(
        (await upload(ctx, url, token, "/social-chat/attachment/upload", o.headerMedia)).attachmentId ?? "",
      )
    : undefined;
  const payload: Schema<"BroadcastPayload"> = {
    type: template ? "template" : "live",
    broadcastName: name,
    broadcastDescription: o.description?.trim() || null,
    campaignId,
    method: "file",
    subscribers: [],
    channelId: channel.id,
    ...(template
      ? {
          whatsappTemplate: {
            name: template.name,
            language: template.language,
            ...(headerCount > 0 || headerMedia
              ? {
                  header: {
                    ...(headerCount > 0
                      ? { variables: (o.headerVar ?? []).map((v) => v.trim()).slice(0, headerCount) }
                      : {}),
                    ...(headerMedia ? { attachmentId: headerMedia } : {}),
                  },
                }
              : {}),
          },
          metadata: { components: template.components },
        }
      : { text: o.text!.trim() }),
  };
  const sent = await call(url, () => client.POST("/social-chat/broadcast/send", { body: payload }));
  const stored = (await upload(ctx, url, token, "/social-chat/broadcast/file/yes", file, {
    broadcastId: sent.broadcastId,
  }).catch((err: unknown) => {
    if (err instanceof CliError)
      throw new CliError(
        `${err.message} (broadcast ${sent.broadcastId} was created without recipients: herald broadcast status ${sent.broadcastId})`,
        err.exitCode,
      );
    throw err;
  })) as unknown as Schema<"BroadcastFileResult">;
  // The server's check is the one that counts: its issues replace the local ones.
  const serverChecked = countReadiness(stored.issues.map((i) => ({ status: i.issue })));
  const result: BroadcastSendResult = {
    ...base,
    readiness: { ...serverChecked, total: stored.total, ready: stored.total - stored.issues.length },
    broadcastId: sent.broadcastId,
    message: sent.message,
    queued: stored.ready,
  };
  if (stored.issues.length > 0) {
    await writeIssueReport(reportPath, stored.issues);
    result.report = reportPath;
  }
  if (o.noFollow) return result;
  const progress = hooks.progress ?? progressLine({ tty: Boolean(process.stderr.isTTY), quiet: o.json });
  const followed = await followBroadcast(url, client, sent.broadcastId, progress, hooks);
  return { ...result, progress: followed.progress, followed: followed.ended };
}

export function formatReadiness(r: ReadinessCounts): string {
  return [
    `READY: ${count(r.ready)}`,
    `INVALID PHONE NUMBER: ${count(r.invalidPhoneNumber)}`,
    `MISSING VALUE: ${count(r.missingValue)}`,
    `DUPLICATED: ${count(r.duplicated)}`,
  ].join("  ");
}

const oneLine = (text: string, max = 60) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** The preview: the file's first rows as each recipient gets them, the counts, sender, schedule, cost and warnings. */
export function formatBroadcastPreview(r: BroadcastSendResult): string {
  const p = r.preview;
  const each = p.priceCents === null ? null : money(p.priceCents);
  const lines: string[] = [];
  if (p.rows.length > 0)
    lines.push(
      table(
        ["ROW", "MOBILE", "NAME", "STATUS", "COST", "MESSAGE"],
        p.rows.map((row) => [
          count(row.row),
          row.mobile,
          oneLine(row.name, 24),
          row.status,
          row.status === MESSAGES.recipientReady && each ? each : "-",
          oneLine(row.text),
        ]),
      ).trimEnd(),
    );
  if (p.readiness.total > p.rows.length)
    lines.push(`… and ${counted(p.readiness.total - p.rows.length, "more row")}`);
  lines.push(
    `Broadcast: ${r.name}${r.template ? `  Template: ${r.template.name} (${r.template.language})` : "  Text message"}`,
    `Sender: ${p.sender}`,
    "When: now",
    `${counted(p.readiness.total, "row")}: ${formatReadiness(p.readiness)}`,
    p.costCents === null
      ? "Cost: not known before sending (see the broadcast report)"
      : `Cost: ${each} per message, ${money(p.costCents)} for ${counted(p.readiness.ready, "READY recipient")}${p.balance !== null ? `  Credit: ${sgd(p.balance)}` : ""}`,
  );
  const notReady = p.readiness.total - p.readiness.ready;
  if (notReady > 0)
    lines.push(
      `Warning: ${counted(notReady, "row is", "rows are")} not READY and will not be sent${r.report ? ` (listed in ${r.report})` : ""}`,
    );
  if (p.costCents !== null && p.balance !== null && p.costCents > sgdToCents(p.balance))
    lines.push(`Warning: the broadcast costs more than your credit (${sgd(p.balance)})`);
  return `${lines.join("\n")}\n`;
}

/** What happened after the question: the send, the server's check of the rows and the delivery. */
export function formatBroadcastOutcome(r: BroadcastSendResult): string {
  const lines: string[] = [];
  if (r.dryRun) {
    if (r.report) lines.push(`Rows that are not READY written to ${r.report}`);
    lines.push(`Dry run: broadcast "${r.name}" not sent`);
    return `${lines.join("\n")}\n`;
  }
  lines.push(`${counted(r.readiness.total, "row")} checked by the server: ${formatReadiness(r.readiness)}`);
  if (r.report) lines.push(`Rows that are not READY written to ${r.report}`);
  lines.push(`${r.message}: ${r.name} (${r.broadcastId}), ${count(r.queued ?? 0)} queued`);
  if (r.queued !== null && r.queued < r.readiness.ready)
    lines.push(`${count(r.readiness.ready - r.queued)} READY numbers skipped (unsubscribed)`);
  if (r.progress) lines.push(formatProgressLine(r.progress));
  if (!r.followed && r.broadcastId)
    lines.push(`Still sending: follow it with herald broadcast status ${r.broadcastId} --watch`);
  return `${lines.join("\n")}\n`;
}

/** The preview and the outcome. */
export function formatBroadcastSend(r: BroadcastSendResult): string {
  return formatBroadcastPreview(r) + formatBroadcastOutcome(r);
}

export function formatProgressLine(p: BroadcastProgress): string {
  const s = p.stats;
  return `${p.status}: Total ${count(s.total)}  Sent ${count(s.sent)}  Delivered ${count(s.delivered)}  Read ${count(s.read)}  Failed ${count(s.failed)}`;
}
