import type { Schema } from "@herald/api-client";
import { CliError } from "../../errors";
import { type CommandContext, call, signedInClient } from "../../session";

export interface ListOptions {
  search?: string;
  limit?: string;
  /** A page of --limit rows (1-based), or "last". */
  page?: string;
  /** Every contact (or every match of --search). */
  all?: boolean;
}

export interface ContactListResult {
  contacts: Schema<"Contact">[];
  /** Every contact of the company (exact), or the matches of --search counted up to 10,000. */
  total: number | null;
  totalExact: boolean;
  /** With --page: the page shown, the number of pages, and the place of its first row (1-based). */
  page?: number;
  pages?: number;
  from?: number;
}

export function parseLimit(text: string | undefined, fallback = 100, max = 100_000): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text.trim()) || Number(text) < 1 || Number(text) > max)
    throw new CliError(`--limit must be a whole number from 1 to ${max} (got ${text})`, 2);
  return Number(text);
}

/** --page: a whole number from 1, or "last". */
export function parsePage(text: string | undefined): number | "last" | undefined {
  if (text === undefined) return undefined;
  const t = text.trim().toLowerCase();
  if (t === "last") return "last";
  if (!/^\d+$/.test(t) || Number(t) < 1 || Number(t) > 1_000_000)
    throw new CliError(`--page must be a page number from 1, or last (got ${text})`, 2);
  return Number(t);
}

/**
 * `herald contacts list`: the newest contacts (or those matching --search), up to --limit (default 100); with
 * --page N (or last), page N of --limit rows; with --all, every one. The total is printed with the rows.
 */
export async function contactsList(opts: ListOptions, ctx: CommandContext = {}): Promise<ContactListResult> {
  const page = parsePage(opts.page);
  if (opts.all && (page !== undefined || opts.limit !== undefined))
    throw new CliError("--all lists every contact: leave out --limit and --page", 2);
  const limit = opts.all
    ? Number.POSITIVE_INFINITY
    : parseLimit(opts.limit, 100, page === undefined ? 100_000 : 1000);
  const search = opts.search?.trim() || undefined;
  if (search && search.length > 100) throw new CliError("--search is at most 100 characters", 2);
  const { url, client } = await signedInClient(ctx);
  const get = (query: { limit: number; cursor?: string; page?: number }) =>
    call(url, () =>
      client.GET("/contacts", { params: { query: { ...query, ...(search ? { search } : {}) } } }),
    );

  if (page !== undefined) {
    // the last page needs the total first: the first page carries it
    let wanted = page;
    if (page === "last") {
      const first = await get({ limit });
      wanted = Math.max(1, Math.ceil((first.total ?? 0) / limit));
    }
    const answer = await get({ limit, page: wanted as number });
    const total = answer.total ?? null;
    const served = answer.page ?? (wanted as number);
    return {
      contacts: answer.data,
      total,
      totalExact: answer.totalExact ?? true,
      page: served,
      pages: Math.max(1, Math.ceil((total ?? 0) / limit)),
      from: (served - 1) * limit + 1,
    };
  }

  const contacts: Schema<"Contact">[] = [];
  let cursor: string | undefined;
  let total: number | null = null;
  let totalExact = true;
  while (contacts.length < limit) {
    const answer = await get({
      limit: Math.min(1000, limit - contacts.length),
      ...(cursor ? { cursor } : {}),
    });
    if (total === null) {
      total = answer.total ?? null;
      totalExact = answer.totalExact ?? true;
    }
    contacts.push(...answer.data);
    if (!answer.nextCursor || answer.data.length === 0) break;
    cursor = answer.nextCursor;
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
  const n = (v: number) => v.toLocaleString("en-US");
  const total = r.total === null ? null : `${n(r.total)}${r.totalExact ? "" : "+"}`;
  const noun = r.total === 1 ? "contact" : "contacts";
  if (r.contacts.length === 0)
    return r.page !== undefined && total !== null && r.total
      ? `No contacts on page ${n(r.page)} (${total} ${noun})\n`
      : "No contacts\n";
  const rows = r.contacts.map((c) => [
    c.id,
    `+${c.mobile}`,
    c.name,
    c.email ?? "",
    c.groups.map((g) => g.name).join(", "),
  ]);
  const head = table(["ID", "MOBILE", "NAME", "EMAIL", "GROUPS"], rows);
  if (r.page !== undefined && r.from !== undefined) {
    const to = r.from + r.contacts.length - 1;
    return `${head}Showing ${n(r.from)}–${n(to)} of ${total ?? "?"} ${noun} · page ${n(r.page)} of ${n(r.pages ?? 1)}${r.totalExact ? "" : "+"}\n`;
  }
  const of = total === null ? "" : ` of ${total}`;
  const more =
    r.total !== null && r.contacts.length < r.total ? " (--page N, --page last or --all for the rest)" : "";
  return `${head}${n(r.contacts.length)}${of} ${r.total === null ? "contacts" : noun}${more}\n`;
}
