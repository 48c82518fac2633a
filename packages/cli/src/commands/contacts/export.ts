import path from "node:path";
import { resolveUrl } from "../../config";
import { CliError } from "../../errors";
import { refuseOverwrite, streamToFile } from "../../lib/files";
import { type CommandContext, signedInClient } from "../../session";
import { findGroup } from "./resolve";

export interface ExportOptions {
  format?: string;
  out?: string;
  group?: string;
  search?: string;
  yes?: boolean;
}

export interface ExportResult {
  file: string;
  format: "csv" | "xlsx";
  bytes: number;
  groupId: string | null;
}

/** The format: --format, else the --out extension, else csv. */
function formatOf(opts: ExportOptions): "csv" | "xlsx" {
  const given = opts.format?.toLowerCase();
  if (given !== undefined && given !== "csv" && given !== "xlsx")
    throw new CliError(`--format must be csv or xlsx (got ${opts.format})`, 2);
  const ext = opts.out ? path.extname(opts.out).toLowerCase().slice(1) : "";
  if (given && (ext === "csv" || ext === "xlsx") && ext !== given)
    throw new CliError(`--out ${opts.out} does not match --format ${given}`, 2);
  return (given ?? (ext === "xlsx" ? "xlsx" : "csv")) as "csv" | "xlsx";
}

/**
 * `herald contacts export`: streams GET /contacts/export into `<out>.part`, renamed when complete. The server
 * neutralises cells a spreadsheet would run as formulas. An existing file is kept unless --yes.
 */
export async function contactsExport(opts: ExportOptions, ctx: CommandContext = {}): Promise<ExportResult> {
  const format = formatOf(opts);
  const file = opts.out ?? `contacts.${format}`;
  await refuseOverwrite(file, opts.yes);
  const { url, client, token } = await signedInClient(ctx);
  const groupId = opts.group ? (await findGroup(url, client, opts.group)).id : null;
  const query = new URLSearchParams({ format });
  if (groupId) query.set("groupId", groupId);
  if (opts.search?.trim()) query.set("search", opts.search.trim());
  const res = await (ctx.fetch ?? fetch)(`${await resolveUrl(ctx.env)}/api/contacts/export?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  }).catch((err: Error) => {
    throw new CliError(`Cannot reach ${url}: ${err.message}`);
  });
  if (!res.ok) {
    const b = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new CliError(b?.message ?? `Request failed with status ${res.status}`);
  }
  const bytes = await streamToFile(res.body, file);
  return { file, format, bytes, groupId };
}
