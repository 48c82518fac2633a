import { ApiError, type Schema } from "@herald/api-client";
import { MESSAGES } from "@herald/domain";
import type { DataTableColumn } from "@herald/ui";
import type { QueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useDialogs } from "../../dialogs";
import { getToken } from "../../session";
import { neutraliseCell, recordPage, toCsv } from "./contacts-rules";

export type Contact = Schema<"Contact">;
export type Group = Schema<"Group">;
export type GroupMember = Schema<"GroupMember">;
export type ContactImport = Schema<"ContactImport">;
export type ContactIssueRow = Schema<"ContactIssueRow">;

export const CONTACTS_PATH = "/contact/individual";
export const CONTACT_ADD_PATH = "/contact/contact-add";
export const contactPath = (id: string) => `/contact/individual/${id}`;
export const contactEditPath = (id: string) => `/contact/individual-edit/${id}`;
export const GROUPS_PATH = "/contact/group";
export const GROUP_ADD_PATH = "/contact/group-add";
export const groupPath = (id: string) => `/contact/group/${id}`;
export const groupEditPath = (id: string) => `/contact/group-edit/${id}`;

export const HOME_CRUMB = { label: "Home", href: "/apps/social-chat" };

/** Every cached contact and group read is stale after a change. */
export const refreshContacts = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ["get", "/contacts"] }),
    queryClient.invalidateQueries({ queryKey: ["post", "/getContact"] }),
    queryClient.invalidateQueries({ queryKey: ["get", "/groups"] }),
    queryClient.invalidateQueries({ queryKey: ["post", "/getGroup"] }),
  ]);

/**
 * Title and text of a failed change: the server's text for 404/409/422; for 400 the catalogue's title
 * (`badRequest`) over the server's text; the catalogue's 'Something went wrong' otherwise.
 */
export function failure(err: unknown, badRequest: string = MESSAGES.errorUpdatingData) {
  if (err instanceof ApiError) {
    if (err.status === 400)
      return { title: badRequest, text: err.message !== badRequest ? err.message : undefined };
    if (err.status === 404 || err.status === 409 || err.status === 422) return { title: err.message };
  }
  return { title: MESSAGES.somethingWentWrong };
}

/** The problem rows of a 409 answer (bulk upload, add members), or null for any other failure. */
export function issueRows(err: unknown): ContactIssueRow[] | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const body = err.body as { rows?: unknown } | null;
  return Array.isArray(body?.rows) ? (body.rows as ContactIssueRow[]) : null;
}

/** Saves a blob as a download with the given file name. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.rel = "noopener";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Downloads a file the server sends only with the session's token (template, report.xlsx). */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const token = getToken();
  const res = await fetch(`/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new ApiError(res.status, MESSAGES.somethingWentWrong, null);
  saveBlob(await res.blob(), fileName);
}

export const reportPath = (importId: string) => `/contactImports/${importId}/report.xlsx`;

/**
 * Export of the rows a table shows, in the browser: CSV, or XLSX written by SheetJS (loaded on first use;
 * only its write path is used, never to read a file). Cells are neutralised against formulas.
 */
export async function exportRows(
  format: "csv" | "xlsx",
  header: readonly string[],
  rows: readonly (readonly string[])[],
  baseName: string,
): Promise<void> {
  const table = [header, ...rows];
  if (format === "csv") {
    saveBlob(new Blob([`\ufeff${toCsv(table)}`], { type: "text/csv;charset=utf-8" }), `${baseName}.csv`);
    return;
  }
  const XLSX = await import("xlsx");
  const sheet = XLSX.utils.aoa_to_sheet(table.map((r) => r.map(neutraliseCell)));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "Sheet1");
  const data = XLSX.write(book, { bookType: "xlsx", type: "array", compression: true }) as ArrayBuffer;
  saveBlob(
    new Blob([data], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }),
    `${baseName}.xlsx`,
  );
}

/** A keyset page as the contract answers it. */
export interface KeysetAnswer {
  nextCursor: string | null;
  total?: number;
  totalExact?: boolean;
  /** The page served after a page jump (a page past the end gives the last). */
  page?: number;
}

/**
 * State of a DataTable in server mode over a keyset-paged list: a page whose cursor is known (every page seen,
 * and the one after it) is read by its cursor; with `jumps` (lists that take `page`, such as /contacts) any other
 * page, the last one included, is read by its number, and the pager offers every page of the total. Without
 * `jumps` the page links run over the known pages only. A new search or page size starts again at the first
 * page. Call `observe` with each answer that is not a placeholder; spread `tableProps` into DataTable with
 * `mode="server"`.
 */
export function useCursorTable({
  pageSizes,
  debounceMs = 250,
  jumps = false,
}: {
  pageSizes: readonly number[];
  debounceMs?: number;
  jumps?: boolean;
}) {
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(pageSizes[0] ?? 100);
  const [search, setSearch] = useState("");
  const [debounced, setDebounced] = useState("");
  /** cursors[i] loads page i (undefined: the first page, or not known yet). */
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [total, setTotal] = useState<{ count: number; exact: boolean }>({ count: 0, exact: true });

  const restart = useCallback(() => {
    setPageIndex(0);
    setCursors([undefined]);
  }, []);

  useEffect(() => {
    const next = search.trim();
    if (next === debounced) return;
    const t = setTimeout(() => {
      setDebounced(next);
      restart();
    }, debounceMs);
    return () => clearTimeout(t);
  }, [search, debounced, debounceMs, restart]);

  const cursor = cursors[pageIndex];
  const query = useMemo(
    () => ({
      limit: pageSize,
      ...(cursor ? { cursor } : jumps && pageIndex > 0 ? { page: pageIndex + 1 } : {}),
      ...(debounced ? { search: debounced } : {}),
    }),
    [pageSize, cursor, debounced, jumps, pageIndex],
  );

  const observe = useCallback(
    (answer: KeysetAnswer | undefined) => {
      if (!answer) return;
      const served = answer.page !== undefined ? answer.page - 1 : pageIndex;
      if (served !== pageIndex) setPageIndex(served);
      setCursors((current) => recordPage(current, served, answer.nextCursor, jumps));
      if (answer.total !== undefined) setTotal({ count: answer.total, exact: answer.totalExact !== false });
    },
    [pageIndex, jumps],
  );

  const known = cursors.length;
  const pageCount = jumps ? Math.max(1, Math.ceil(total.count / pageSize), known) : known;
  const tableProps = {
    pageSizeOptions: pageSizes,
    pageIndex,
    onPageChange: (index: number) => setPageIndex(Math.min(Math.max(index, 0), pageCount - 1)),
    pageSize,
    onPageSizeChange: (size: number) => {
      setPageSize(size);
      restart();
    },
    search,
    onSearchChange: setSearch,
    pageCount,
    total: total.count,
  };
  return { query, observe, tableProps, total, restart, pageIndex };
}

/** The "No." column of a paged table: each row's place in the whole list (`offset` rows come before the page). */
export function numberColumn<T extends { id: string }>(
  rows: readonly T[] | undefined,
  offset: number,
  priority: DataTableColumn<T>["priority"],
): DataTableColumn<T> {
  const numbers = new Map((rows ?? []).map((r, i) => [r.id, offset + i + 1]));
  return {
    id: "no",
    header: "No.",
    text: (r) => String(numbers.get(r.id) ?? ""),
    sortable: false,
    width: "64px",
    priority,
  };
}

/** A record that is not there (another company's, deleted) says so, once, and the page goes back to `backTo`. */
export function useGoBackOnError(error: { message?: string } | null | undefined, backTo: string) {
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const told = useRef(false);
  useEffect(() => {
    if (!error || told.current) return;
    told.current = true;
    void dialogs
      .message("error", error.message ?? MESSAGES.somethingWentWrong)
      .then(() => navigate(backTo, { replace: true }));
  }, [error, dialogs, navigate, backTo]);
}

/** Fills a form's name from its record when the record first arrives; later refetches keep what was typed. */
export function useLoadedName(record: { name: string } | undefined, setName: (name: string) => void) {
  const loaded = useRef(false);
  useEffect(() => {
    if (record && !loaded.current) {
      loaded.current = true;
      setName(record.name);
    }
  }, [record, setName]);
}
