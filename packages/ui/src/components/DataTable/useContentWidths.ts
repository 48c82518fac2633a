import type { Row } from "@tanstack/react-table";
import { type RefObject, useLayoutEffect, useState } from "react";
import type { DataTableColumn } from "./types";

/** Widths (px) of the "content" columns that hold every value of the page, so columns do not shift as a
 * virtualised table scrolls and other rows come into view. */
export function useContentWidths<T>(
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
