import type { Virtualizer } from "@tanstack/react-virtual";
import { type KeyboardEvent, type RefObject, useState } from "react";

/**
 * Keyboard of selectable rows: one row is in the tab order (a roving tabindex); the arrows, Home and End move
 * between rows (scrolling a virtualised one into view first) and Space toggles the focused row's selection.
 */
export function useRowKeyboard({
  rowCount,
  tbodyRef,
  virtualizer,
  toggleRow,
}: {
  rowCount: number;
  tbodyRef: RefObject<HTMLTableSectionElement | null>;
  /** Set when the rows are virtualised. */
  virtualizer: Virtualizer<HTMLElement, HTMLTableRowElement> | undefined;
  toggleRow: (rowId: string) => void;
}) {
  const [focusIndex, setFocusIndex] = useState(0);
  const focusRow = (index: number) => {
    const target = Math.min(Math.max(index, 0), rowCount - 1);
    setFocusIndex(target);
    const find = () => tbodyRef.current?.querySelector<HTMLTableRowElement>(`tr[data-index="${target}"]`);
    const el = find();
    if (el) {
      el.focus();
      return;
    }
    if (virtualizer) {
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
        focusRow(rowCount - 1);
        break;
      default:
    }
  };
  /** The row in the tab order, kept within the page. */
  const rovingIndex = Math.min(focusIndex, Math.max(rowCount - 1, 0));
  return { rovingIndex, setFocusIndex, onRowKeyDown };
}
