import type { DataTableSorting } from "@herald/ui";
import { useEffect, useMemo, useState } from "react";

export interface ServerTableOptions {
  /** Page sizes of the specification for this table (the first is the default). */
  pageSizes: readonly number[];
  /** The column sorted by when the user has not chosen one (sent as no `sort`: the server's default). */
  defaultSorting?: DataTableSorting;
  /** Wait after the last keystroke before searching on the server (ms). */
  debounceMs?: number;
}

/** The query parameters of a paged admin list (page, pageSize, search, sort, order of openapi.yaml). */
export interface ServerTableQuery {
  page: number;
  pageSize: number;
  search?: string;
  sort?: string;
  order?: "asc" | "desc";
}

/**
 * State of a DataTable in server mode: paging, sorting and a debounced search become the list call's query
 * parameters; a new search or sort goes back to the first page. Spread `tableProps` into DataTable (with
 * `mode="server"`, `data` and `total`) and pass `query` to the list call.
 */
export function useServerTable({ pageSizes, defaultSorting = [], debounceMs = 250 }: ServerTableOptions) {
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(pageSizes[0] ?? 100);
  const [search, setSearch] = useState("");
  const [debounced, setDebounced] = useState("");
  const [sorting, setSorting] = useState<DataTableSorting>(defaultSorting);

  // A new search (once typing pauses) goes back to the first page; nothing happens while the words are the
  // same — on the first render too, so a page chosen in the first moments is not taken back.
  useEffect(() => {
    const next = search.trim();
    if (next === debounced) return;
    const t = setTimeout(() => {
      setDebounced(next);
      setPageIndex(0);
    }, debounceMs);
    return () => clearTimeout(t);
  }, [search, debounced, debounceMs]);

  const query = useMemo<ServerTableQuery>(() => {
    const q: ServerTableQuery = { page: pageIndex + 1, pageSize };
    if (debounced) q.search = debounced;
    const first = sorting[0];
    if (first) {
      q.sort = first.id;
      q.order = first.desc ? "desc" : "asc";
    }
    return q;
  }, [pageIndex, pageSize, debounced, sorting]);

  const tableProps = {
    pageSizeOptions: pageSizes,
    pageIndex,
    onPageChange: setPageIndex,
    pageSize,
    onPageSizeChange: (size: number) => {
      setPageSize(size);
      setPageIndex(0);
    },
    search,
    onSearchChange: setSearch,
    sorting,
    onSortingChange: (next: DataTableSorting) => {
      setSorting(next);
      setPageIndex(0);
    },
  };
  return { query, tableProps, resetPage: () => setPageIndex(0) };
}

/** Table page sizes of the specification (section 9). */
export const PAGE_SIZES = {
  /** Users, departments and contacts. */
  people: [100, 200, 500] as const,
  /** Keywords, mobile lists and other tables. */
  other: [1000, 2000, 5000] as const,
};
