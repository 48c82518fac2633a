import {
  functionalUpdate,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type PaginationState,
  type RowSelectionState,
  type SortingState,
  type Updater,
  useReactTable,
} from "@tanstack/react-table";
import { useCallback, useEffect, useMemo, useState } from "react";
import { pageSelectionOf, toggleId, togglePageIds } from "./selection";
import { cellTextOf, formatValue, toColumnDefs } from "./sorting";
import {
  type DataTableColumn,
  type DataTableProps,
  type DataTableSorting,
  DEFAULT_PAGE_SIZES,
} from "./types";

/** A value the parent may control (`controlled` defined) or leave to the table; `onChange` hears every change. */
export function useControllable<V>(
  controlled: V | undefined,
  initial: V,
  onChange: ((value: V) => void) | undefined,
): [V, (value: V) => void] {
  const [inner, setInner] = useState(initial);
  const value = controlled !== undefined ? controlled : inner;
  const set = useCallback(
    (next: V) => {
      if (controlled === undefined) setInner(next);
      onChange?.(next);
    },
    [controlled, onChange],
  );
  return [value, set];
}

/**
 * The state of a DataTable and the TanStack table over it: search, sorting, page and page size (each
 * controlled or not), the selection, and the rows expanded on narrow screens. In client mode the table sorts,
 * filters and pages `data`; in server mode `data` is the page and changes are only reported.
 */
export function useDataTableState<T>(props: DataTableProps<T>) {
  const {
    data,
    columns,
    getRowId,
    pageSizeOptions = DEFAULT_PAGE_SIZES,
    pagination: paged = true,
    selectable = false,
  } = props;
  const server = props.mode === "server";

  const [search, setSearchValue] = useControllable(
    props.search,
    props.defaultSearch ?? "",
    props.onSearchChange,
  );
  const [sorting, setSortingValue] = useControllable<DataTableSorting>(
    props.sorting,
    props.defaultSorting ?? [],
    props.onSortingChange,
  );
  const [pageSize, setPageSizeValue] = useControllable(
    props.pageSize,
    pageSizeOptions[0] ?? 10,
    props.onPageSizeChange,
  );
  const [pageIndex, setPageIndexValue] = useControllable(props.pageIndex, 0, props.onPageChange);

  // Selection (row ids), controlled by `selectedIds` or kept here
  const [innerSelection, setInnerSelection] = useState<readonly string[]>([]);
  const selectedIds = props.selectedIds ?? innerSelection;
  const rowSelection = useMemo<RowSelectionState>(
    () => Object.fromEntries(selectedIds.map((rowId) => [rowId, true])),
    [selectedIds],
  );
  const rowById = useMemo(() => new Map(data.map((row) => [getRowId(row), row])), [data, getRowId]);
  const setSelection = useCallback(
    (ids: string[]) => {
      if (props.selectedIds === undefined) setInnerSelection(ids);
      props.onSelectionChange?.(
        ids,
        ids.flatMap((rowId) => {
          const row = rowById.get(rowId);
          return row === undefined ? [] : [row];
        }),
      );
    },
    [props.selectedIds, props.onSelectionChange, rowById],
  );

  const columnDefs = useMemo(() => toColumnDefs(columns), [columns]);
  const columnById = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const cellText = useCallback((col: DataTableColumn<T>, row: T) => cellTextOf(col, row), []);

  const serverPageCount = server
    ? (props.pageCount ?? Math.max(1, Math.ceil(props.total / Math.max(pageSize, 1))))
    : undefined;

  const pagination = useMemo(
    () => (paged ? { pageIndex, pageSize } : { pageIndex: 0, pageSize: Math.max(data.length, 1) }),
    [paged, pageIndex, pageSize, data.length],
  );
  const table = useReactTable<T>({
    data,
    columns: columnDefs,
    getRowId: (row) => getRowId(row),
    state: {
      sorting: sorting as SortingState,
      globalFilter: search,
      pagination,
      rowSelection,
    },
    onSortingChange: (updater: Updater<SortingState>) => {
      setSortingValue(functionalUpdate(updater, sorting as SortingState));
    },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = functionalUpdate(updater, { pageIndex, pageSize });
      if (next.pageSize !== pageSize) setPageSizeValue(next.pageSize);
      if (next.pageIndex !== pageIndex) setPageIndexValue(next.pageIndex);
    },
    globalFilterFn: (row, columnId, filterValue: string) => {
      const needle = filterValue.trim().toLowerCase();
      if (needle === "") return true;
      const col = columnById.get(columnId);
      const text = col ? cellText(col, row.original) : formatValue(row.getValue(columnId));
      return text.toLowerCase().includes(needle);
    },
    getColumnCanGlobalFilter: (column) => column.columnDef.enableGlobalFilter !== false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: server ? undefined : getSortedRowModel(),
    getFilteredRowModel: server ? undefined : getFilteredRowModel(),
    getPaginationRowModel: server ? undefined : getPaginationRowModel(),
    manualSorting: server,
    manualFiltering: server,
    manualPagination: server,
    pageCount: serverPageCount,
    rowCount: server ? props.total : undefined,
    sortDescFirst: false,
    isMultiSortEvent: () => false,
    autoResetPageIndex: false,
    enableRowSelection: selectable,
  });

  const total = server ? props.total : table.getFilteredRowModel().rows.length;
  const pageCount = server ? (serverPageCount ?? 1) : Math.max(1, Math.ceil(total / Math.max(pageSize, 1)));

  // Keep the page in range when data shrinks (client mode).
  useEffect(() => {
    if (!server && pageIndex > pageCount - 1) setPageIndexValue(Math.max(0, pageCount - 1));
  }, [server, pageIndex, pageCount, setPageIndexValue]);

  const pageRows = table.getRowModel().rows;

  // Selection helpers
  const selectedSet = useMemo(() => new Set(selectedIds), [selectedIds]);
  const toggleRow = useCallback(
    (rowId: string) => setSelection(toggleId(selectedIds, rowId, selectedSet)),
    [selectedIds, selectedSet, setSelection],
  );
  const pageIds = pageRows.map((r) => r.id);
  const pageSelection = pageSelectionOf(pageIds, selectedSet);
  const togglePage = () => setSelection(togglePageIds(selectedIds, pageIds, selectedSet));
  const selectedRows = useMemo(
    () =>
      selectedIds.flatMap((rowId) => {
        const row = rowById.get(rowId);
        return row === undefined ? [] : [row];
      }),
    [selectedIds, rowById],
  );
  const selectedCount = server ? selectedIds.length : selectedRows.length;

  // Expanded rows (narrow screens)
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const toggleExpanded = (rowId: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(rowId)) next.delete(rowId);
      else next.add(rowId);
      return next;
    });

  /** A new search goes back to the first page. */
  const setSearch = (value: string) => {
    setSearchValue(value);
    if (pageIndex !== 0) setPageIndexValue(0);
  };
  /** A new page size goes back to the first page. */
  const setPageSize = (size: number) => {
    setPageSizeValue(size);
    setPageIndexValue(0);
  };
  const goToPage = (index: number) => setPageIndexValue(Math.min(Math.max(index, 0), pageCount - 1));
  /** The rows to export: every filtered row in client mode, the page in server mode. */
  const exportRows = () => (server ? data : table.getPrePaginationRowModel().rows.map((r) => r.original));

  return {
    server,
    paged,
    table,
    cellText,
    search,
    setSearch,
    sorting,
    pageSize,
    setPageSize,
    pageIndex,
    goToPage,
    pageCount,
    total,
    pageRows,
    exportRows,
    selectedIds,
    selectedSet,
    selectedRows,
    selectedCount,
    toggleRow,
    togglePage,
    pageSelectedCount: pageSelection.count,
    allPageSelected: pageSelection.all,
    expanded,
    toggleExpanded,
  };
}

export type DataTableState<T> = ReturnType<typeof useDataTableState<T>>;
