import path from "node:path";
import type { Schema } from "@herald/api-client";
import { resolveUrl } from "../../config";
import { CliError } from "../../errors";
import { refuseOverwrite, streamToFile } from "../../lib/files";
import { count, type Progress, progressLine } from "../../lib/progress";
import { type CommandContext, call, isInteractive, promptsOf, signedInClient } from "../../session";
import { type BroadcastProgress, ENDED, type FollowHooks, followBroadcast, readProgress } from "./follow";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function checkId(id: string): string {
  const v = id.trim();
  if (!UUID.test(v)) throw new CliError(`Not a broadcast id: ${id} (see herald broadcast list)`, 2);
  return v;
}

/** `herald broadcast status ID [--watch]`: the broadcast's state and counts, followed until it ends with --watch. */
export async function broadcastStatus(
  id: string,
  o: { watch?: boolean; json?: boolean },
  ctx: CommandContext = {},
  hooks: FollowHooks & { progress?: Progress } = {},
): Promise<BroadcastProgress & { ended: boolean }> {
  const bid = checkId(id);
  const { url, client } = await signedInClient(ctx);
  if (!o.watch) {
    const p = await readProgress(url, client, bid);
    return { ...p, ended: ENDED.has(p.status) };
  }
  const progress = hooks.progress ?? progressLine({ tty: Boolean(process.stderr.isTTY), quiet: o.json });
  const r = await followBroadcast(url, client, bid, progress, hooks);
  return { ...r.progress, ended: r.ended };
}

export function formatStatus(p: BroadcastProgress & { ended?: boolean }): string {
  const s = p.stats;
  const lines = [
    `${p.name} (${p.id}): ${p.status}`,
    `Total ${count(s.total)}  Sent ${count(s.sent)}  Delivered ${count(s.delivered)}  Read ${count(s.read)}  Failed ${count(s.failed)}`,
  ];
  if (p.ended === false && !ENDED.has(p.status))
    lines.push(`Still ${p.status}: herald broadcast status ${p.id} --watch`);
  return `${lines.join("\n")}\n`;
}

/** `herald broadcast pause|resume|cancel ID` (cancel asks on a terminal; --yes otherwise). */
export async function broadcastControl(
  action: "pause" | "resume" | "cancel",
  id: string,
  o: { yes?: boolean } = {},
  ctx: CommandContext = {},
): Promise<Schema<"BroadcastControlResult">> {
  const bid = checkId(id);
  if (action === "cancel" && !o.yes && !isInteractive(ctx))
    throw new CliError("Not a terminal: pass --yes to cancel the broadcast", 2);
  const { url, client } = await signedInClient(ctx);
  if (action === "cancel" && !o.yes) {
    const p = await readProgress(url, client, bid);
    const ok = await promptsOf(ctx).confirm(
      `Cancel broadcast "${p.name}"? Its recipients not sent yet are never sent.`,
    );
    if (!ok) throw new CliError("Not cancelled");
  }
  const params = { params: { path: { id: bid } } };
  if (action === "pause") return call(url, () => client.POST("/social-chat/broadcast/{id}/pause", params));
  if (action === "resume") return call(url, () => client.POST("/social-chat/broadcast/{id}/resume", params));
  return call(url, () => client.POST("/social-chat/broadcast/{id}/cancel", params));
}

/** `herald broadcast list`: the company's broadcasts, newest first. */
export async function broadcastList(
  o: { campaign?: string } = {},
  ctx: CommandContext = {},
): Promise<Schema<"BroadcastListItem">[]> {
  const { url, client } = await signedInClient(ctx);
  let campaignId: string | undefined;
  if (o.campaign) {
    const list = await call(url, () => client.GET("/social-chat/broadcast/campaigns"));
    const found = list.data.find((c) => c.name.toLowerCase() === o.campaign!.trim().toLowerCase());
    if (!found) throw new CliError(`No campaign named ${o.campaign.trim()}`);
    campaignId = found.id;
  }
  const r = await call(url, () =>
    client.GET("/social-chat/broadcast", { params: { query: campaignId ? { campaignId } : {} } }),
  );
  return r.data;
}

export function formatBroadcastList(list: Schema<"BroadcastListItem">[]): string {
  if (list.length === 0) return "No broadcasts\n";
  return `${list
    .map((b) =>
      [
        b.id,
        b.createdAt.slice(0, 16).replace("T", " "),
        `${count(b.total)} recipients`,
        b.name,
        b.campaignName ?? "",
      ]
        .filter((x) => x !== "")
        .join("\t"),
    )
    .join("\n")}\n`;
}

export interface BroadcastExportResult {
  id: string;
  file: string;
  format: "csv" | "xlsx";
  bytes: number;
}

/**
 * `herald broadcast export ID [--out FILE]`: streams the recipients (row, mobile, name, readiness, status,
 * remark, sent/delivered/read times) into `<out>.part`, renamed when complete. An existing file is kept unless --yes.
 */
export async function broadcastExport(
  id: string,
  o: { out?: string; format?: string; yes?: boolean },
  ctx: CommandContext = {},
): Promise<BroadcastExportResult> {
  const bid = checkId(id);
  const given = o.format?.toLowerCase();
  if (given !== undefined && given !== "csv" && given !== "xlsx")
    throw new CliError(`--format must be csv or xlsx (got ${o.format})`, 2);
  const ext = o.out ? path.extname(o.out).toLowerCase().slice(1) : "";
  if (given && (ext === "csv" || ext === "xlsx") && ext !== given)
    throw new CliError(`--out ${o.out} does not match --format ${given}`, 2);
  const format = (given ?? (ext === "xlsx" ? "xlsx" : "csv")) as "csv" | "xlsx";
  const { url, token } = await signedInClient(ctx);
  const res = await (ctx.fetch ?? fetch)(
    `${await resolveUrl(ctx.env)}/api/social-chat/broadcast/${bid}/recipients/export?format=${format}`,
    { headers: { authorization: `Bearer ${token}` } },
  ).catch((err: Error) => {
    throw new CliError(`Cannot reach ${url}: ${err.message}`);
  });
  if (!res.ok) {
    const b = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new CliError(b?.message ?? `Request failed with status ${res.status}`);
  }
  // Default name: the server's (the broadcast's name with -recipients).
  const disposition = res.headers.get("content-disposition") ?? "";
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="([^"]+)"/i.exec(disposition)?.[1];
  const suggested = path.basename(star ? decodeURIComponent(star) : (plain ?? `${bid}-recipients.${format}`));
  const file = o.out ?? suggested;
  try {
    await refuseOverwrite(file, o.yes);
  } catch (err) {
    await res.body?.cancel();
    throw err;
  }
  const bytes = await streamToFile(res.body, file);
  return { id: bid, file, format, bytes };
}
