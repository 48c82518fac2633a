import type { Schema } from "@herald/api-client";
import { CliError } from "../../errors";
import { type CommandContext, call, signedInClient } from "../../session";

export interface ListOptions {
  search?: string;
  limit?: string;
}

export interface ContactListResult {
  contacts: Schema<"Contact">[];
  /** Matching contacts counted up to 10,000 by the server. */
  total: number | null;
  totalExact: boolean;
}

export function parseLimit(text: string | undefined, fallback = 100): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text.trim()) || Number(text) < 1 || Number(text) > 100_000)
    throw new CliError(`--limit must be a whole number from 1 to 100000 (got ${text})`, 2);
  return Number(text);
}

/** `herald contacts list`: the newest contacts (or those matching --search), up to --limit (default 100). */
export async function contactsList(opts: ListOptions, ctx: CommandContext = {}): Promise<ContactListResult> {
  const limit = parseLimit(opts.limit);
  const search = opts.search?.trim() || undefined;
  if (search && search.length > 100) throw new CliError("--search is at most 100 characters", 2);
  const { url, client } = await signedInClient(ctx);
  const contacts: Schema<"Contact">[] = [];
  let cursor: string | undefined;
  let total: number | null = null;
  let totalExact = true;
  while (contacts.length < limit) {
    const page = await call(url, () =>
      client.GET("/contacts", {
        params: {
          query: {
            limit: Math.min(1000, limit - contacts.length),
            ...(search ? { search } : {}),
            ...(cursor ? { cursor } : {}),
          },
        },
      }),
    );
    if (total === null) {
      total = page.total ?? null;
      totalExact = page.totalExact ?? true;
    }
    contacts.push(...page.data);
    if (!page.nextCursor || page.data.length === 0) break;
    cursor = page.nextCursor;
  }
  return { contacts, total, totalExact };
}

/** Columns padded to their widest cell. */
export function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  return `${[line(head), ...rows.map(line)].join("\n")}\n`;
}

export function formatContactList(r: ContactListResult): string {
  if (r.contacts.length === 0) return "No contacts\n";
  const rows = r.contacts.map((c) => [
    c.id,
    `+${c.mobile}`,
    c.name,
    c.email ?? "",
    c.groups.map((g) => g.name).join(", "),
  ]);
  const of = r.total === null ? "" : ` of ${r.total.toLocaleString("en-US")}${r.totalExact ? "" : "+"}`;
  return `${table(["ID", "MOBILE", "NAME", "EMAIL", "GROUPS"], rows)}${r.contacts.length.toLocaleString("en-US")}${of} contacts\n`;
}
