import type { Row } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { VisuallyHidden } from "radix-ui";
import { type ReactNode, useCallback, useId, useLayoutEffect, useMemo, useRef } from "react";
import { type Breakpoint, breakpoints } from "../../theme/tokens";
import * as s from "./DataTable.css";
import { StatusRows, VirtualRows } from "./DataTableBody";
import { DataTableHeader } from "./DataTableHeader";
import { DataTablePager } from "./DataTablePager";
import { MemoRow, type RowEnv, type RowHandlers } from "./DataTableRow";
import { DataTableBulkBar, DataTableToolbar } from "./DataTableToolbar";
import { type DataTableProps, DEFAULT_EMPTY_TEXT, DEFAULT_PAGE_SIZES, VIRTUALIZE_THRESHOLD } from "./types";
import { useContentWidths } from "./useContentWidths";
import { useDataTableState } from "./useDataTableState";
import { useRowKeyboard } from "./useRowKeyboard";

export {
  type DataTableClientProps,
  type DataTableColumn,
  type DataTableExportFormat,
  type DataTableProps,
  type DataTableRowAction,
  type DataTableServerProps,
  type DataTableSorting,
  type DataTableValue,
  DEFAULT_EMPTY_TEXT,
  DEFAULT_PAGE_SIZES,
  VIRTUALIZE_THRESHOLD,
} from "./types";

const cssLength = (v: number | string) => (typeof v === "number" ? `${v}px` : v);

const breakpointOrder = Object.keys(breakpoints) as Breakpoint[];

/**
 * A data table on TanStack Table: sorting, search, selection with a bulk-action bar, row menus, paging,
 * responsive expandable rows, loading and error states, export hooks, and virtualised rows for big pages.
 *
 * Its parts: the state (`useDataTableState`: search, sorting, paging, selection, expanded rows), the sorting
 * and selection helpers, the toolbar and bulk bar, the header, the rows (`DataTableRow`) and the pager.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const {
    label,
    columns,
    getRowId,
    getRowLabel,
    searchable = true,
    searchLabel = "Search",
    searchPlaceholder = "Search…",
    pageSizeOptions = DEFAULT_PAGE_SIZES,
    selectable = false,
    bulkActions,
    rowActions,
    toolbar,
    onExport,
    loading = false,
    error = null,
    onRetry,
    emptyText = DEFAULT_EMPTY_TEXT,
    virtualize,
    height,
    estimatedRowHeight = 41,
    stackBelow,
  } = props;
  const id = useId();
  const captionId = `${id}-caption`;
  const state = useDataTableState(props);
  const { table, cellText, pageRows, expanded, selectedSet, toggleRow, toggleExpanded } = state;

  const showRows = !error && !(loading && pageRows.length === 0);
  const shouldVirtualize = showRows && (virtualize ?? pageRows.length > VIRTUALIZE_THRESHOLD);

  const hiddenColumns = useMemo(() => columns.filter((c) => c.priority !== undefined), [columns]);
  const widestPriority = hiddenColumns.reduce<Breakpoint | undefined>((acc, c) => {
    if (c.priority === undefined) return acc;
    if (acc === undefined) return c.priority;
    return breakpointOrder.indexOf(c.priority) > breakpointOrder.indexOf(acc) ? c.priority : acc;
  }, undefined);
  const hasActions = (rowActions?.length ?? 0) > 0;
  const colCount = columns.length + (selectable ? 1 : 0) + (widestPriority ? 1 : 0) + (hasActions ? 1 : 0);

  const labelOf = useCallback(
    (row: T) => {
      if (getRowLabel) return getRowLabel(row);
      const first = columns.find((c) => c.value || c.text);
      return first ? cellText(first, row) : getRowId(row);
    },
    [getRowLabel, columns, cellText, getRowId],
  );

  // Virtualisation
  const scrollRef = useRef<HTMLElement>(null);
  const tbodyRef = useRef<HTMLTableSectionElement>(null);
  const virtualizer = useVirtualizer<HTMLElement, HTMLTableRowElement>({
    count: shouldVirtualize ? pageRows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimatedRowHeight,
    overscan: 10,
    enabled: shouldVirtualize,
    getItemKey: (index) => pageRows[index]?.id ?? index,
    measureElement: (el) => {
      let h = el.getBoundingClientRect().height;
      const next = el.nextElementSibling;
      if (next instanceof HTMLElement && next.dataset.detailFor === el.dataset.rowId) {
        h += next.getBoundingClientRect().height;
      }
      return h;
    },
  });
  // Columns that say how they share the width keep the automatic layout even when virtualised: "content"
  // columns are given the width of the page's widest value, so nothing shifts as rows scroll into view.
  const fitted = columns.some((c) => c.fit !== undefined);
  const contentWidths = useContentWidths(columns, pageRows, cellText, shouldVirtualize && fitted, tbodyRef);
  useLayoutEffect(() => {
    if (!shouldVirtualize || !tbodyRef.current || expanded.size === 0) return;
    for (const el of tbodyRef.current.querySelectorAll<HTMLTableRowElement>("tr[data-index]")) {
      virtualizer.measureElement(el);
    }
  }, [expanded, shouldVirtualize, virtualizer]);

  // Keyboard: one focusable row (roving tabindex) when rows are selectable
  const { rovingIndex, setFocusIndex, onRowKeyDown } = useRowKeyboard({
    rowCount: pageRows.length,
    tbodyRef,
    virtualizer: shouldVirtualize ? virtualizer : undefined,
    toggleRow,
  });

  // Rows read their handlers through a ref, so that a new handler does not re-render every row.
  const handlers = useRef<RowHandlers<T>>(null as unknown as RowHandlers<T>);
  handlers.current = {
    toggleRow,
    toggleExpanded,
    focus: setFocusIndex,
    keyDown: onRowKeyDown,
    label: labelOf,
  };
  const env = useMemo<RowEnv<T>>(
    () => ({
      id,
      columns,
      hiddenColumns,
      rowActions: hasActions ? rowActions : undefined,
      selectable,
      widestPriority,
      colCount,
      measure: shouldVirtualize ? virtualizer.measureElement : undefined,
      handlers,
      cellText,
    }),
    [
      id,
      columns,
      hiddenColumns,
      hasActions,
      rowActions,
      selectable,
      widestPriority,
      colCount,
      shouldVirtualize,
      virtualizer,
      cellText,
    ],
  );
  const renderRow = (row: Row<T>, index: number) => (
    <MemoRow
      key={row.id}
      env={env as RowEnv<unknown>}
      row={row as Row<unknown>}
      index={index}
      selected={selectedSet.has(row.id)}
      expanded={expanded.has(row.id)}
      focusable={index === rovingIndex}
    />
  );

  let body: ReactNode;
  if (!showRows || pageRows.length === 0) {
    body = (
      <StatusRows
        error={error}
        onRetry={onRetry}
        loading={loading}
        emptyText={emptyText}
        colCount={colCount}
      />
    );
  } else if (shouldVirtualize) {
    body = (
      <VirtualRows
        virtualizer={virtualizer}
        colCount={colCount}
        renderRow={(index) => {
          const row = pageRows[index];
          return row ? renderRow(row, index) : null;
        }}
      />
    );
  } else {
    body = pageRows.map((row, index) => renderRow(row, index));
  }

  const scrollHeight = height ?? (shouldVirtualize ? 600 : undefined);

  return (
    <div className={s.root}>
      <DataTableToolbar
        searchable={searchable}
        search={state.search}
        onSearch={state.setSearch}
        searchLabel={searchLabel}
        searchPlaceholder={searchPlaceholder}
        toolbar={toolbar}
        onExport={onExport && ((format) => onExport(format, state.exportRows()))}
      />

      {selectable && bulkActions && (
        <DataTableBulkBar count={state.selectedCount}>{bulkActions(state.selectedRows)}</DataTableBulkBar>
      )}

      <section
        ref={scrollRef}
        className={s.scroll}
        style={scrollHeight !== undefined ? { maxHeight: cssLength(scrollHeight) } : undefined}
        aria-labelledby={captionId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll area must be reachable by keyboard
        tabIndex={0}
      >
        <table
          className={`${s.table({ layout: shouldVirtualize && !fitted ? "fixed" : "auto" })} ${stackBelow ? s.stack[stackBelow] : ""}`}
          aria-busy={loading || undefined}
          aria-rowcount={shouldVirtualize ? pageRows.length + 1 : undefined}
        >
          <caption id={captionId}>
            <VisuallyHidden.Root>{label}</VisuallyHidden.Root>
          </caption>
          <DataTableHeader
            table={table}
            columns={columns}
            selectable={selectable}
            allPageSelected={state.allPageSelected}
            pageSelectedCount={state.pageSelectedCount}
            onTogglePage={state.togglePage}
            widestPriority={widestPriority}
            hasActions={hasActions}
            contentWidths={contentWidths}
            rowIndexed={shouldVirtualize}
          />
          <tbody ref={tbodyRef}>{body}</tbody>
        </table>
        {loading && <VisuallyHidden.Root role="status">Loading…</VisuallyHidden.Root>}
      </section>

      {state.paged && (
        <DataTablePager
          label={label}
          pageIndex={state.pageIndex}
          pageCount={state.pageCount}
          pageSize={state.pageSize}
          pageSizeOptions={pageSizeOptions}
          total={error ? 0 : state.total}
          onPageSize={state.setPageSize}
          onPage={state.goToPage}
        />
      )}
    </div>
  );
}
