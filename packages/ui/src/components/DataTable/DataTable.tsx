import { MESSAGES, showingEntriesText } from "@herald/domain";
import {
  type ColumnDef,
  functionalUpdate,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type PaginationState,
  type Row,
  type RowSelectionState,
  type SortingState,
  type Updater,
  useReactTable,
} from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { format as formatDate } from "date-fns";
import { DropdownMenu, VisuallyHidden } from "radix-ui";
import {
  type KeyboardEvent,
  memo,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { type Breakpoint, breakpoints } from "../../theme/tokens";
import { Button } from "../Button";
import * as s from "./DataTable.css";
import { pageItems } from "./pagination";

/** A value a column exposes for sorting, searching and exporting. */
export type DataTableValue = string | number | boolean | Date | null | undefined;

export interface DataTableColumn<T> {
  /** Stable id; also the sort key reported in server mode. */
  id: string;
  /** Header text (also the term shown in the expanded row on narrow screens). */
  header: string;
  /** The cell's raw value: used to sort, search and export. */
  value?: (row: T) => DataTableValue;
  /** Plain text of the cell, for searching and the default cell. Defaults to the formatted `value`. */
  text?: (row: T) => string;
  /** Custom cell content. Defaults to `text`. */
  cell?: (row: T) => ReactNode;
  /** Defaults to true when the column has a `value`. */
  sortable?: boolean;
  /** Whether the search box matches this column. Defaults to true when the column has a `value` or `text`. */
  searchable?: boolean;
  /**
   * The narrowest screen that shows this column as a column. On narrower screens it is hidden and each row
   * gets an expand toggle that shows it in a definition list. Omit for columns that are always shown.
   */
  priority?: Breakpoint;
  align?: "start" | "center" | "end";
  /** CSS width of the column, e.g. "120px" or "20%". */
  width?: string;
  /**
   * How the column shares the table's width. "content": as wide as its widest value (header included), on
   * one line, never cut off — numbers, dates, statuses. "fill": takes the room the others leave and wraps —
   * a message or a description. Omitted: the browser's automatic share.
   */
  fit?: "content" | "fill";
  /**
   * Lines shown before the text is cut short (with "Show more" to read the rest, and the full text as a
   * tooltip). For long text such as a message.
   */
  clamp?: number;
}

export interface DataTableRowAction<T> {
  label: string;
  onSelect: (row: T) => void;
  /** Hide this item for some rows (e.g. Edit on a deleted record). */
  hidden?: (row: T) => boolean;
  disabled?: (row: T) => boolean;
  tone?: "default" | "danger";
}

export type DataTableSorting = { id: string; desc: boolean }[];
export type DataTableExportFormat = "csv" | "xlsx";

/** Pages with more rows than this are virtualised unless `virtualize` says otherwise. */
export const VIRTUALIZE_THRESHOLD = 100;
export const DEFAULT_PAGE_SIZES: readonly number[] = [1000, 2000, 5000];
export const DEFAULT_EMPTY_TEXT: string = MESSAGES.noRecords;

interface DataTableCommonProps<T> {
  /** Accessible name of the table (rendered as a visually hidden caption). */
  label: string;
  data: T[];
  columns: DataTableColumn<T>[];
  getRowId: (row: T) => string;
  /** Names a row for screen readers ("Select Jane", "Actions for Jane"). Defaults to the first column's text. */
  getRowLabel?: (row: T) => string;

  /** Show the search box (default true). */
  searchable?: boolean;
  /** Controlled search text. */
  search?: string;
  defaultSearch?: string;
  onSearchChange?: (value: string) => void;
  searchLabel?: string;
  searchPlaceholder?: string;

  sorting?: DataTableSorting;
  defaultSorting?: DataTableSorting;
  onSortingChange?: (sorting: DataTableSorting) => void;

  /**
   * false: no pager, no rows-per-page and no "Showing" line; every row given is shown (a list that loads more
   * rows at its foot, by keyset). Default true.
   */
  pagination?: boolean;
  /** Choices of the per-page selector. */
  pageSizeOptions?: readonly number[];
  /** Controlled page size. Defaults to the first option. */
  pageSize?: number;
  onPageSizeChange?: (pageSize: number) => void;
  /** Controlled 0-based page index. */
  pageIndex?: number;
  onPageChange?: (pageIndex: number) => void;

  /** Row checkboxes, select-all and Space on a focused row. */
  selectable?: boolean;
  /** Controlled selection (row ids). */
  selectedIds?: readonly string[];
  onSelectionChange?: (ids: string[], rows: T[]) => void;
  /** Content of the bulk-action bar, which shows "N selected". Rendered when `selectable`. */
  bulkActions?: (selectedRows: T[]) => ReactNode;

  /** Items of the per-row menu. */
  rowActions?: DataTableRowAction<T>[];
  /** Extra toolbar content (filters, an Add button, ...). */
  toolbar?: ReactNode;
  /** Shows CSV and Excel buttons; receives the rows to export (all filtered rows in client mode). */
  onExport?: (format: DataTableExportFormat, rows: T[]) => void;

  loading?: boolean;
  /** An error message replaces the rows; `onRetry` adds a Retry button. */
  error?: string | null;
  onRetry?: () => void;
  emptyText?: string;

  /** Force virtualised rows on or off. By default pages with more than 100 rows are virtualised. */
  virtualize?: boolean;
  /** Height of the scroll area (CSS length or px). Defaults to 600px when virtualised, otherwise unbounded. */
  height?: number | string;
  /** Row height estimate for virtualisation (px). */
  estimatedRowHeight?: number;
  /**
   * On screens narrower than this breakpoint each row becomes a card: its cells one under another between
   * the checkbox and the expand toggle (a phone's natural list), instead of columns side by side.
   */
  stackBelow?: Breakpoint;
}

export interface DataTableClientProps<T> extends DataTableCommonProps<T> {
  /** Client mode: `data` holds every row; the table sorts, filters and pages it. */
  mode?: "client";
}

export interface DataTableServerProps<T> extends DataTableCommonProps<T> {
  /** Server mode: `data` is the current page; sorting, search and paging are reported through the callbacks. */
  mode: "server";
  /** Number of rows matching on the server. */
  total: number;
  /** Number of pages; defaults to ceil(total / pageSize). */
  pageCount?: number;
}

export type DataTableProps<T> = DataTableClientProps<T> | DataTableServerProps<T>;

function useControllable<V>(
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

function formatValue(value: DataTableValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : formatDate(value, "dd/MM/yyyy");
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}

function compareValues(a: unknown, b: unknown): number {
  const empty = (v: unknown) => v === null || v === undefined || v === "";
  if (empty(a) || empty(b)) return empty(a) === empty(b) ? 0 : empty(a) ? 1 : -1;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: "base" });
}

const cssLength = (v: number | string) => (typeof v === "number" ? `${v}px` : v);

function SortIcon({ direction }: { direction: false | "asc" | "desc" }) {
  return (
    <svg className={s.sortIcon} viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d="M6 1.5 9 5H3z" fill="currentColor" opacity={direction === "asc" ? 1 : 0.35} />
      <path d="M6 10.5 3 7h6z" fill="currentColor" opacity={direction === "desc" ? 1 : 0.35} />
    </svg>
  );
}

/**
 * Row selection uses the native checkbox rather than the Radix-based Checkbox component: a page can hold
 * 5,000 rows, and the native input is the cheapest accessible control to render that many times.
 */
function SelectCheckbox({
  checked,
  indeterminate = false,
  label,
  onChange,
}: {
  checked: boolean;
  indeterminate?: boolean;
  label: string;
  onChange: () => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={s.checkbox}
      checked={checked}
      aria-label={label}
      onChange={onChange}
    />
  );
}

const menuDots = (
  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
    <circle cx="3" cy="8" r="1.5" fill="currentColor" />
    <circle cx="8" cy="8" r="1.5" fill="currentColor" />
    <circle cx="13" cy="8" r="1.5" fill="currentColor" />
  </svg>
);

/**
 * The row menu. Big pages have thousands of rows, so the Radix menu is mounted only when a row's menu is
 * first opened; until then the trigger is a plain button.
 */
function RowMenu<T>({ row, label, actions }: { row: T; label: string; actions: DataTableRowAction<T>[] }) {
  const [armed, setArmed] = useState(false);
  const visible = actions.filter((a) => !a.hidden?.(row));
  if (visible.length === 0) return null;
  const triggerProps = {
    variant: "ghost" as const,
    tone: "secondary" as const,
    size: "sm" as const,
    "aria-label": `Actions for ${label}`,
    "aria-haspopup": "menu" as const,
    iconStart: menuDots,
  };
  if (!armed) {
    return (
      <Button
        {...triggerProps}
        aria-expanded={false}
        onClick={() => setArmed(true)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setArmed(true);
          }
        }}
      />
    );
  }
  return (
    <DropdownMenu.Root defaultOpen modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button {...triggerProps} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={s.menuContent} align="end" sideOffset={4}>
          {visible.map((action) => (
            <DropdownMenu.Item
              key={action.label}
              className={s.menuItem({ tone: action.tone ?? "default" })}
              disabled={action.disabled?.(row) ?? false}
              onSelect={() => action.onSelect(row)}
            >
              {action.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** One ResizeObserver for every clamped cell on the page (a page can render hundreds). */
const clampWatchers = new WeakMap<Element, () => void>();
let clampObserver: ResizeObserver | undefined;
function watchSize(el: Element, onResize: () => void): () => void {
  if (typeof ResizeObserver === "undefined") return () => {};
  clampObserver ??= new ResizeObserver((entries) => {
    for (const entry of entries) clampWatchers.get(entry.target)?.();
  });
  clampWatchers.set(el, onResize);
  clampObserver.observe(el);
  return () => {
    clampWatchers.delete(el);
    clampObserver?.unobserve(el);
  };
}

/**
 * Long text cut to a few lines. When it is cut, "Show more" (a button, so the keyboard reaches it) opens the
 * whole text in place, and the full text is also the tooltip.
 */
function ClampedText({
  id,
  lines,
  text,
  name,
  fill,
  children,
}: {
  id: string;
  lines: number;
  text: string;
  name: string;
  fill: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [cut, setCut] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measure again when the text changes
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || open) return;
    const measure = () => setCut(el.scrollHeight > el.clientHeight + 1);
    measure();
    return watchSize(el, measure);
  }, [open, text]);
  return (
    <div className={fill ? s.fillContent : undefined}>
      <div
        ref={ref}
        id={id}
        className={open ? s.clampOpen : s.clamp}
        style={open ? undefined : { WebkitLineClamp: lines }}
        title={cut && !open ? text : undefined}
        data-clamped={cut && !open ? "" : undefined}
      >
        {children}
      </div>
      {(cut || open) && (
        <button
          type="button"
          className={s.moreButton}
          aria-expanded={open}
          aria-controls={id}
          aria-label={`${open ? "Show less" : "Show more"}: ${name}`}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? "Show less" : "Show more"}
        </button>
      )}
    </div>
  );
}

/** Widths (px) of the "content" columns that hold every value of the page, so columns do not shift as a
 * virtualised table scrolls and other rows come into view. */
function useContentWidths<T>(
  columns: DataTableColumn<T>[],
  rows: Row<T>[],
  cellText: (col: DataTableColumn<T>, row: T) => string,
  enabled: boolean,
  fontRef: RefObject<HTMLElement | null>,
): Map<string, number> {
  const [widths, setWidths] = useState<Map<string, number>>(() => new Map());
  useLayoutEffect(() => {
    const fitted = columns.filter((c) => c.fit === "content");
    if (!enabled || fitted.length === 0 || typeof document === "undefined") return;
    const ctx = document.createElement("canvas").getContext("2d");
    const el = fontRef.current;
    if (!ctx || !el) return;
    const style = getComputedStyle(el);
    const next = new Map<string, number>();
    for (const col of fitted) {
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      let widest = 0;
      const seen = new Set<string>();
      for (const row of rows) {
        const text = cellText(col, row.original);
        if (seen.has(text)) continue;
        seen.add(text);
        widest = Math.max(widest, ctx.measureText(text).width);
      }
      // Cell padding, plus a badge's own padding and border when the cell draws one.
      next.set(col.id, Math.ceil(widest + 24 + (col.cell ? 24 : 0)));
    }
    setWidths((prev) => {
      const same = prev.size === next.size && [...next].every(([k, v]) => prev.get(k) === v);
      return same ? prev : next;
    });
  }, [columns, rows, cellText, enabled, fontRef]);
  return widths;
}

interface RowHandlers<T> {
  toggleRow: (rowId: string) => void;
  toggleExpanded: (rowId: string) => void;
  focus: (index: number) => void;
  keyDown: (event: KeyboardEvent<HTMLTableRowElement>, index: number, rowId: string) => void;
  label: (row: T) => string;
}

/** What every row shares; memoised so that rows re-render only when their own state changes. */
interface RowEnv<T> {
  id: string;
  columns: DataTableColumn<T>[];
  hiddenColumns: DataTableColumn<T>[];
  rowActions: DataTableRowAction<T>[] | undefined;
  selectable: boolean;
  widestPriority: Breakpoint | undefined;
  colCount: number;
  measure: ((el: HTMLTableRowElement | null) => void) | undefined;
  handlers: RefObject<RowHandlers<T>>;
  cellText: (col: DataTableColumn<T>, row: T) => string;
}

interface RowProps<T> {
  env: RowEnv<T>;
  row: Row<T>;
  index: number;
  selected: boolean;
  expanded: boolean;
  focusable: boolean;
}

function DataTableRow<T>({ env, row, index, selected, expanded, focusable }: RowProps<T>) {
  const { columns, hiddenColumns, rowActions, selectable, widestPriority, colCount, handlers, cellText } =
    env;
  const original = row.original;
  const rowLabel = handlers.current.label(original);
  const detailId = `${env.id}-detail-${row.id}`;
  const cells = (
    <tr
      ref={env.measure}
      data-index={index}
      data-row-id={row.id}
      data-selected={selected || undefined}
      aria-rowindex={env.measure ? index + 2 : undefined}
      className={s.row}
      tabIndex={selectable ? (focusable ? 0 : -1) : undefined}
      onFocus={selectable ? () => handlers.current.focus(index) : undefined}
      onKeyDown={selectable ? (e) => handlers.current.keyDown(e, index, row.id) : undefined}
    >
      {selectable && (
        <td className={`${s.td} ${s.narrowCell}`} data-utility="select">
          <SelectCheckbox
            checked={selected}
            label={`Select ${rowLabel}`}
            onChange={() => handlers.current.toggleRow(row.id)}
          />
        </td>
      )}
      {widestPriority && (
        <td className={`${s.td} ${s.narrowCell} ${s.showBelow[widestPriority]}`} data-utility="expand">
          <Button
            variant="ghost"
            tone="secondary"
            size="sm"
            aria-expanded={expanded}
            aria-controls={expanded ? detailId : undefined}
            aria-label={`Show details for ${rowLabel}`}
            onClick={() => handlers.current.toggleExpanded(row.id)}
            iconStart={
              <svg className={s.expandIcon({ open: expanded })} viewBox="0 0 14 14" aria-hidden="true">
                <path d="M5 3l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.6" />
              </svg>
            }
          />
        </td>
      )}
      {columns.map((col) => (
        <td
          key={col.id}
          data-column={col.id}
          className={[
            s.td,
            s.align[col.align ?? "start"],
            col.priority ? s.hideBelow[col.priority] : "",
            col.fit ? s.fit[col.fit] : "",
          ].join(" ")}
        >
          {col.clamp ? (
            <ClampedText
              id={`${env.id}-${row.id}-${col.id}`}
              lines={col.clamp}
              text={cellText(col, original)}
              name={`${col.header} of ${rowLabel}`}
              fill={col.fit === "fill"}
            >
              {col.cell ? col.cell(original) : cellText(col, original)}
            </ClampedText>
          ) : col.fit === "fill" ? (
            <div className={s.fillContent}>{col.cell ? col.cell(original) : cellText(col, original)}</div>
          ) : col.cell ? (
            col.cell(original)
          ) : (
            cellText(col, original)
          )}
        </td>
      ))}
      {rowActions && (
        <td className={`${s.td} ${s.narrowCell} ${s.align.end}`} data-utility="actions">
          <RowMenu row={original} label={rowLabel} actions={rowActions} />
        </td>
      )}
    </tr>
  );
  if (!widestPriority || !expanded) return cells;
  return (
    <>
      {cells}
      <tr id={detailId} data-detail-for={row.id} className={s.showBelow[widestPriority]}>
        <td className={s.detailCell} colSpan={colCount}>
          <dl className={s.detailList}>
            {hiddenColumns.map((col) => (
              <div
                key={col.id}
                className={`${s.detailItem} ${col.priority ? s.showBelow[col.priority] : ""}`}
              >
                <dt className={s.detailTerm}>{col.header}</dt>
                <dd className={s.detailValue}>{col.cell ? col.cell(original) : cellText(col, original)}</dd>
              </div>
            ))}
          </dl>
        </td>
      </tr>
    </>
  );
}

const MemoRow = memo(DataTableRow) as typeof DataTableRow;

const breakpointOrder = Object.keys(breakpoints) as Breakpoint[];

/**
 * A data table on TanStack Table: sorting, search, selection with a bulk-action bar, row menus, paging,
 * responsive expandable rows, loading and error states, export hooks, and virtualised rows for big pages.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const {
    label,
    data,
    columns,
    getRowId,
    getRowLabel,
    searchable = true,
    searchLabel = "Search",
    searchPlaceholder = "Search…",
    pageSizeOptions = DEFAULT_PAGE_SIZES,
    pagination: paged = true,
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
  const server = props.mode === "server";
  const id = useId();
  const captionId = `${id}-caption`;

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

  const columnDefs = useMemo<ColumnDef<T>[]>(
    () =>
      columns.map((col) => ({
        id: col.id,
        accessorFn: (row: T) => (col.value ? col.value(row) : col.text ? col.text(row) : null),
        enableSorting: col.sortable ?? col.value !== undefined,
        enableGlobalFilter: col.searchable ?? (col.value !== undefined || col.text !== undefined),
        sortingFn: (a: Row<T>, b: Row<T>, columnId: string) =>
          compareValues(a.getValue(columnId), b.getValue(columnId)),
      })),
    [columns],
  );
  const columnById = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const cellText = useCallback(
    (col: DataTableColumn<T>, row: T) => (col.text ? col.text(row) : formatValue(col.value?.(row))),
    [],
  );

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

  // Selection helpers
  const selectedSet = useMemo(() => new Set(selectedIds), [selectedIds]);
  const toggleRow = useCallback(
    (rowId: string) => {
      setSelection(selectedSet.has(rowId) ? selectedIds.filter((x) => x !== rowId) : [...selectedIds, rowId]);
    },
    [selectedIds, selectedSet, setSelection],
  );
  const pageIds = pageRows.map((r) => r.id);
  const pageSelectedCount = pageIds.filter((x) => selectedSet.has(x)).length;
  const allPageSelected = pageIds.length > 0 && pageSelectedCount === pageIds.length;
  const togglePage = () => {
    if (allPageSelected) {
      const onPage = new Set(pageIds);
      setSelection(selectedIds.filter((x) => !onPage.has(x)));
    } else {
      setSelection([...selectedIds, ...pageIds.filter((x) => !selectedSet.has(x))]);
    }
  };
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
  const [focusIndex, setFocusIndex] = useState(0);
  const handlers = useRef<RowHandlers<T>>(null as unknown as RowHandlers<T>);
  const focusRow = (index: number) => {
    const target = Math.min(Math.max(index, 0), pageRows.length - 1);
    setFocusIndex(target);
    const find = () => tbodyRef.current?.querySelector<HTMLTableRowElement>(`tr[data-index="${target}"]`);
    const el = find();
    if (el) {
      el.focus();
      return;
    }
    if (shouldVirtualize) {
      virtualizer.scrollToIndex(target);
      requestAnimationFrame(() => requestAnimationFrame(() => find()?.focus()));
    }
  };
  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number, rowId: string) => {
    if (event.target !== event.currentTarget) return;
    switch (event.key) {
      case " ":
        event.preventDefault();
        toggleRow(rowId);
        break;
      case "ArrowDown":
        event.preventDefault();
        focusRow(index + 1);
        break;
      case "ArrowUp":
        event.preventDefault();
        focusRow(index - 1);
        break;
      case "Home":
        event.preventDefault();
        focusRow(0);
        break;
      case "End":
        event.preventDefault();
        focusRow(pageRows.length - 1);
        break;
      default:
    }
  };
  const rovingIndex = Math.min(focusIndex, Math.max(pageRows.length - 1, 0));

  const setSearch = (value: string) => {
    setSearchValue(value);
    if (pageIndex !== 0) setPageIndexValue(0);
  };
  const goToPage = (index: number) => setPageIndexValue(Math.min(Math.max(index, 0), pageCount - 1));

  const exportRows = () => (server ? data : table.getPrePaginationRowModel().rows.map((r) => r.original));

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
  if (error) {
    body = (
      <tr>
        <td className={s.messageCell} colSpan={colCount}>
          <div className={s.errorBox}>
            <p role="alert">{error}</p>
            {onRetry && (
              <Button variant="outline" tone="danger" onClick={onRetry}>
                Retry
              </Button>
            )}
          </div>
        </td>
      </tr>
    );
  } else if (loading && pageRows.length === 0) {
    body = Array.from({ length: 5 }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
      // biome-ignore lint/a11y/noAriaHiddenOnFocusable: placeholder rows hold nothing focusable
      <tr key={i} aria-hidden="true">
        {Array.from({ length: colCount }, (_c, j) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder cells
          <td key={j} className={s.td}>
            <span className={s.skeleton} />
          </td>
        ))}
      </tr>
    ));
  } else if (pageRows.length === 0) {
    body = (
      <tr>
        <td className={s.messageCell} colSpan={colCount}>
          {emptyText}
        </td>
      </tr>
    );
  } else if (shouldVirtualize) {
    const items = virtualizer.getVirtualItems();
    const first = items[0];
    const last = items[items.length - 1];
    const paddingTop = first ? first.start : 0;
    const paddingBottom = last ? virtualizer.getTotalSize() - last.end : 0;
    body = (
      <>
        {paddingTop > 0 && (
          // biome-ignore lint/a11y/noAriaHiddenOnFocusable: spacer rows hold nothing focusable
          <tr aria-hidden="true">
            <td className={s.paddingCell} colSpan={colCount} style={{ height: paddingTop }} />
          </tr>
        )}
        {items.map((item) => {
          const row = pageRows[item.index];
          return row ? renderRow(row, item.index) : null;
        })}
        {paddingBottom > 0 && (
          // biome-ignore lint/a11y/noAriaHiddenOnFocusable: spacer rows hold nothing focusable
          <tr aria-hidden="true">
            <td className={s.paddingCell} colSpan={colCount} style={{ height: paddingBottom }} />
          </tr>
        )}
      </>
    );
  } else {
    body = pageRows.map((row, index) => renderRow(row, index));
  }

  const scrollHeight = height ?? (shouldVirtualize ? 600 : undefined);
  const summary = showingEntriesText(pageIndex + 1, pageSize, error ? 0 : total);
  const items = pageItems(pageIndex, pageCount);

  return (
    <div className={s.root}>
      {(searchable || toolbar || onExport) && (
        <div className={s.toolbar}>
          {searchable && (
            <label className={s.searchLabel}>
              <VisuallyHidden.Root>{searchLabel}</VisuallyHidden.Root>
              <input
                type="search"
                className={s.searchInput}
                value={search}
                placeholder={searchPlaceholder}
                onChange={(e) => setSearch(e.target.value)}
              />
            </label>
          )}
          {(toolbar || onExport) && (
            <div className={s.toolbarSlot}>
              {toolbar}
              {onExport && (
                // biome-ignore lint/a11y/useSemanticElements: a labelled group of export buttons
                <div className={s.exportGroup} role="group" aria-label="Export">
                  <Button
                    variant="outline"
                    tone="secondary"
                    size="sm"
                    onClick={() => onExport("csv", exportRows())}
                  >
                    CSV
                  </Button>
                  <Button
                    variant="outline"
                    tone="secondary"
                    size="sm"
                    onClick={() => onExport("xlsx", exportRows())}
                  >
                    Excel
                  </Button>
                </div>
              )}
            </div>
          )}
        </div>
      )}

      {selectable && bulkActions && (
        // biome-ignore lint/a11y/useSemanticElements: a labelled toolbar of bulk actions
        <div className={s.bulkBar} role="group" aria-label="Bulk actions">
          <span className={s.bulkCount} aria-live="polite">
            {selectedCount} selected
          </span>
          {bulkActions(selectedRows)}
        </div>
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
          <thead>
            <tr aria-rowindex={shouldVirtualize ? 1 : undefined}>
              {selectable && (
                <th scope="col" className={`${s.th} ${s.narrowCell} ${s.utilityWidth.select}`}>
                  <SelectCheckbox
                    checked={allPageSelected}
                    indeterminate={pageSelectedCount > 0 && !allPageSelected}
                    label="Select all rows on this page"
                    onChange={togglePage}
                  />
                </th>
              )}
              {widestPriority && (
                <th
                  scope="col"
                  className={`${s.th} ${s.narrowCell} ${s.utilityWidth.expand} ${s.showBelow[widestPriority]}`}
                >
                  <VisuallyHidden.Root>Details</VisuallyHidden.Root>
                </th>
              )}
              {columns.map((col) => {
                const column = table.getColumn(col.id);
                const canSort = column?.getCanSort() ?? false;
                const direction = column?.getIsSorted() ?? false;
                return (
                  <th
                    key={col.id}
                    scope="col"
                    data-column={col.id}
                    className={[
                      s.th,
                      s.align[col.align ?? "start"],
                      col.priority ? s.hideBelow[col.priority] : "",
                      col.fit ? s.fit[col.fit] : "",
                    ].join(" ")}
                    style={
                      col.width
                        ? { width: col.width }
                        : contentWidths.has(col.id)
                          ? { width: `${contentWidths.get(col.id)}px` }
                          : undefined
                    }
                    aria-sort={
                      canSort
                        ? direction === "asc"
                          ? "ascending"
                          : direction === "desc"
                            ? "descending"
                            : "none"
                        : undefined
                    }
                  >
                    {canSort && column ? (
                      <button
                        type="button"
                        className={s.sortButton}
                        onClick={column.getToggleSortingHandler()}
                      >
                        {col.header}
                        <SortIcon direction={direction} />
                      </button>
                    ) : (
                      col.header
                    )}
                  </th>
                );
              })}
              {hasActions && (
                <th scope="col" className={`${s.th} ${s.narrowCell} ${s.utilityWidth.actions}`}>
                  <VisuallyHidden.Root>Actions</VisuallyHidden.Root>
                </th>
              )}
            </tr>
          </thead>
          <tbody ref={tbodyRef}>{body}</tbody>
        </table>
        {loading && <VisuallyHidden.Root role="status">Loading…</VisuallyHidden.Root>}
      </section>

      {paged && (
        <div className={s.footer}>
          <label className={s.pageSize}>
            Rows per page
            <select
              className={s.select}
              value={pageSize}
              onChange={(e) => {
                setPageSizeValue(Number(e.target.value));
                setPageIndexValue(0);
              }}
            >
              {pageSizeOptions.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
          <p className={s.summary} aria-live="polite">
            {summary}
          </p>
          <nav aria-label={`Pagination for ${label}`}>
            <ul className={s.pager}>
              <li>
                <Button
                  variant="outline"
                  tone="secondary"
                  size="sm"
                  aria-label="First page"
                  disabled={pageIndex <= 0}
                  onClick={() => goToPage(0)}
                >
                  «
                </Button>
              </li>
              <li>
                <Button
                  variant="outline"
                  tone="secondary"
                  size="sm"
                  aria-label="Previous page"
                  disabled={pageIndex <= 0}
                  onClick={() => goToPage(pageIndex - 1)}
                >
                  ‹
                </Button>
              </li>
              {items.map((item) =>
                item.type === "ellipsis" ? (
                  <li key={`ellipsis-${item.position}`} className={s.ellipsis} aria-hidden="true">
                    …
                  </li>
                ) : (
                  <li key={item.index}>
                    <Button
                      variant={item.index === pageIndex ? "solid" : "outline"}
                      tone={item.index === pageIndex ? "primary" : "secondary"}
                      size="sm"
                      aria-label={`Page ${item.index + 1}`}
                      aria-current={item.index === pageIndex ? "page" : undefined}
                      onClick={() => goToPage(item.index)}
                    >
                      {item.index + 1}
                    </Button>
                  </li>
                ),
              )}
              <li>
                <Button
                  variant="outline"
                  tone="secondary"
                  size="sm"
                  aria-label="Next page"
                  disabled={pageIndex >= pageCount - 1}
                  onClick={() => goToPage(pageIndex + 1)}
                >
                  ›
                </Button>
              </li>
              <li>
                <Button
                  variant="outline"
                  tone="secondary"
                  size="sm"
                  aria-label="Last page"
                  disabled={pageIndex >= pageCount - 1}
                  onClick={() => goToPage(pageCount - 1)}
                >
                  »
                </Button>
              </li>
            </ul>
          </nav>
        </div>
      )}
    </div>
  );
}
