import type { ColumnDef, Row } from "@tanstack/react-table";
import { format as formatDate } from "date-fns";
import type { DataTableColumn, DataTableValue } from "./types";

/** The text of a value: a date as dd/MM/yyyy, a boolean as Yes/No, nothing as "". */
export function formatValue(value: DataTableValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : formatDate(value, "dd/MM/yyyy");
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
}

/**
 * Ascending order of two cell values: empty values last, dates by time, numbers and booleans by value,
 * anything else as text, case-insensitively and with numbers inside the text in numeric order ("2" before "10").
 */
export function compareValues(a: unknown, b: unknown): number {
  const empty = (v: unknown) => v === null || v === undefined || v === "";
  if (empty(a) || empty(b)) return empty(a) === empty(b) ? 0 : empty(a) ? 1 : -1;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: "base" });
}

/** The plain text of a cell: the column's `text`, else its formatted `value`. */
export function cellTextOf<T>(col: DataTableColumn<T>, row: T): string {
  return col.text ? col.text(row) : formatValue(col.value?.(row));
}

/** Whether a column sorts: as it says, else when it has a `value`. */
export function isSortable<T>(col: DataTableColumn<T>): boolean {
  return col.sortable ?? col.value !== undefined;
}

/** Whether the search box matches a column: as it says, else when it has a `value` or `text`. */
export function isSearchable<T>(col: DataTableColumn<T>): boolean {
  return col.searchable ?? (col.value !== undefined || col.text !== undefined);
}

/** TanStack column definitions of the table's columns, sorted by `compareValues`. */
export function toColumnDefs<T>(columns: DataTableColumn<T>[]): ColumnDef<T>[] {
  return columns.map((col) => ({
    id: col.id,
    accessorFn: (row: T) => (col.value ? col.value(row) : col.text ? col.text(row) : null),
    enableSorting: isSortable(col),
    enableGlobalFilter: isSearchable(col),
    sortingFn: (a: Row<T>, b: Row<T>, columnId: string) =>
      compareValues(a.getValue(columnId), b.getValue(columnId)),
  }));
}

/** The `aria-sort` of a header: none when sortable and unsorted, nothing when not sortable. */
export function ariaSortOf(
  canSort: boolean,
  direction: false | "asc" | "desc",
): "ascending" | "descending" | "none" | undefined {
  if (!canSort) return undefined;
  return direction === "asc" ? "ascending" : direction === "desc" ? "descending" : "none";
}
