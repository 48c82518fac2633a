import type { Table } from "@tanstack/react-table";
import { VisuallyHidden } from "radix-ui";
import type { Breakpoint } from "../../theme/tokens";
import * as s from "./DataTable.css";
import { SelectCheckbox } from "./selection";
import { ariaSortOf } from "./sorting";
import type { DataTableColumn } from "./types";

function SortIcon({ direction }: { direction: false | "asc" | "desc" }) {
  return (
    <svg className={s.sortIcon} viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d="M6 1.5 9 5H3z" fill="currentColor" opacity={direction === "asc" ? 1 : 0.35} />
      <path d="M6 10.5 3 7h6z" fill="currentColor" opacity={direction === "desc" ? 1 : 0.35} />
    </svg>
  );
}

/** The header row: select-all, the expand column, the column headers (sort buttons) and the menu column. */
export function DataTableHeader<T>({
  table,
  columns,
  selectable,
  allPageSelected,
  pageSelectedCount,
  onTogglePage,
  widestPriority,
  hasActions,
  contentWidths,
  rowIndexed,
}: {
  table: Table<T>;
  columns: DataTableColumn<T>[];
  selectable: boolean;
  allPageSelected: boolean;
  pageSelectedCount: number;
  onTogglePage: () => void;
  widestPriority: Breakpoint | undefined;
  hasActions: boolean;
  /** Widths (px) measured for "content" columns of a virtualised page. */
  contentWidths: Map<string, number>;
  /** Virtualised: the header row carries aria-rowindex 1. */
  rowIndexed: boolean;
}) {
  return (
    <thead>
      <tr aria-rowindex={rowIndexed ? 1 : undefined}>
        {selectable && (
          <th scope="col" className={`${s.th} ${s.narrowCell} ${s.utilityWidth.select}`}>
            <SelectCheckbox
              checked={allPageSelected}
              indeterminate={pageSelectedCount > 0 && !allPageSelected}
              label="Select all rows on this page"
              onChange={onTogglePage}
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
          const width =
            col.width || (contentWidths.has(col.id) ? `${contentWidths.get(col.id)}px` : undefined);
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
              style={width ? { width } : undefined}
              aria-sort={ariaSortOf(canSort, direction)}
            >
              {canSort && column ? (
                <button type="button" className={s.sortButton} onClick={column.getToggleSortingHandler()}>
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
  );
}
