import { useEffect, useRef } from "react";
import * as s from "./DataTable.css";

/** The ids with `rowId` added, or removed when it is already there. */
export function toggleId(ids: readonly string[], rowId: string, selected: ReadonlySet<string>): string[] {
  return selected.has(rowId) ? ids.filter((x) => x !== rowId) : [...ids, rowId];
}

/** How much of the page is selected: the header checkbox is checked when all of it is, mixed when some. */
export function pageSelectionOf(pageIds: readonly string[], selected: ReadonlySet<string>) {
  const count = pageIds.filter((x) => selected.has(x)).length;
  return { count, all: pageIds.length > 0 && count === pageIds.length };
}

/** The header checkbox: unselects the page when all of it is selected, else adds the rest of the page. */
export function togglePageIds(
  ids: readonly string[],
  pageIds: readonly string[],
  selected: ReadonlySet<string>,
): string[] {
  if (pageSelectionOf(pageIds, selected).all) {
    const onPage = new Set(pageIds);
    return ids.filter((x) => !onPage.has(x));
  }
  return [...ids, ...pageIds.filter((x) => !selected.has(x))];
}

/**
 * Row selection uses the native checkbox rather than the Radix-based Checkbox component: a page can hold
 * 5,000 rows, and the native input is the cheapest accessible control to render that many times.
 */
export function SelectCheckbox({
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
