import type { Row } from "@tanstack/react-table";
import { type KeyboardEvent, memo, type RefObject } from "react";
import type { Breakpoint } from "../../theme/tokens";
import { Button } from "../Button";
import { ClampedText } from "./ClampedText";
import * as s from "./DataTable.css";
import { RowMenu } from "./RowMenu";
import { SelectCheckbox } from "./selection";
import type { DataTableColumn, DataTableRowAction } from "./types";

export interface RowHandlers<T> {
  toggleRow: (rowId: string) => void;
  toggleExpanded: (rowId: string) => void;
  focus: (index: number) => void;
  keyDown: (event: KeyboardEvent<HTMLTableRowElement>, index: number, rowId: string) => void;
  label: (row: T) => string;
}

/** What every row shares; memoised so that rows re-render only when their own state changes. */
export interface RowEnv<T> {
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

/**
 * One row: its checkbox, expand toggle, cells and menu, then (when expanded) its hidden columns in a row
 * under it. With the table's `stackBelow`, the same row is drawn as a card on narrow screens — its cells one
 * under another — by the table's CSS (`stack` in DataTable.css.ts); the markup does not change.
 */
function DataTableRow<T>({ env, row, index, selected, expanded, focusable }: RowProps<T>) {
  const { columns, rowActions, selectable, widestPriority, handlers, cellText } = env;
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
      <RowDetails env={env} row={row} detailId={detailId} widestPriority={widestPriority} />
    </>
  );
}

/**
 * The row's columns hidden on this screen (`priority`), as a definition list in a row of its own under the
 * row, shown while the row is expanded and only below the widest priority's breakpoint.
 */
function RowDetails<T>({
  env,
  row,
  detailId,
  widestPriority,
}: {
  env: RowEnv<T>;
  row: Row<T>;
  detailId: string;
  widestPriority: Breakpoint;
}) {
  const { hiddenColumns, colCount, cellText } = env;
  const original = row.original;
  return (
    <tr id={detailId} data-detail-for={row.id} className={s.showBelow[widestPriority]}>
      <td className={s.detailCell} colSpan={colCount}>
        <dl className={s.detailList}>
          {hiddenColumns.map((col) => (
            <div key={col.id} className={`${s.detailItem} ${col.priority ? s.showBelow[col.priority] : ""}`}>
              <dt className={s.detailTerm}>{col.header}</dt>
              <dd className={s.detailValue}>{col.cell ? col.cell(original) : cellText(col, original)}</dd>
            </div>
          ))}
        </dl>
      </td>
    </tr>
  );
}

export const MemoRow = memo(DataTableRow) as typeof DataTableRow;
