import type { Virtualizer } from "@tanstack/react-virtual";
import type { ReactNode } from "react";
import { Button } from "../Button";
import * as s from "./DataTable.css";

/** What the body shows instead of rows: the error (with Retry), grey placeholder rows while loading, or the empty text. */
export function StatusRows({
  error,
  onRetry,
  loading,
  emptyText,
  colCount,
}: {
  error: string | null;
  onRetry?: () => void;
  loading: boolean;
  emptyText: string;
  colCount: number;
}) {
  if (error) {
    return (
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
  }
  if (loading) {
    return Array.from({ length: 5 }, (_, i) => (
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
  }
  return (
    <tr>
      <td className={s.messageCell} colSpan={colCount}>
        {emptyText}
      </td>
    </tr>
  );
}

/** The rows in view of a virtualised page, between spacer rows that stand for the rows above and below. */
export function VirtualRows({
  virtualizer,
  colCount,
  renderRow,
}: {
  virtualizer: Virtualizer<HTMLElement, HTMLTableRowElement>;
  colCount: number;
  renderRow: (index: number) => ReactNode;
}) {
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const paddingTop = first ? first.start : 0;
  const paddingBottom = last ? virtualizer.getTotalSize() - last.end : 0;
  return (
    <>
      {paddingTop > 0 && (
        // biome-ignore lint/a11y/noAriaHiddenOnFocusable: spacer rows hold nothing focusable
        <tr aria-hidden="true">
          <td className={s.paddingCell} colSpan={colCount} style={{ height: paddingTop }} />
        </tr>
      )}
      {items.map((item) => renderRow(item.index))}
      {paddingBottom > 0 && (
        // biome-ignore lint/a11y/noAriaHiddenOnFocusable: spacer rows hold nothing focusable
        <tr aria-hidden="true">
          <td className={s.paddingCell} colSpan={colCount} style={{ height: paddingBottom }} />
        </tr>
      )}
    </>
  );
}
