import { MESSAGES } from "@herald/domain";
import type { ReactNode } from "react";
import type { Breakpoint } from "../../theme/tokens";

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
