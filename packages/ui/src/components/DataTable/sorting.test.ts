import type { Row } from "@tanstack/react-table";
import { describe, expect, it } from "vitest";
import { pageSelectionOf, toggleId, togglePageIds } from "./selection";
import { ariaSortOf, cellTextOf, compareValues, formatValue, toColumnDefs } from "./sorting";
import type { DataTableColumn } from "./types";

const sorted = (values: unknown[]) => [...values].sort(compareValues);

describe("compareValues", () => {
  it("puts empty values last, whatever the others are", () => {
    expect(sorted([null, "b", "", "a"])).toEqual(["a", "b", null, ""]);
    expect(sorted([3, null, 1])).toEqual([1, 3, null]);
    expect(compareValues(undefined, "a")).toBeGreaterThan(0);
    expect(compareValues("a", undefined)).toBeLessThan(0);
    expect(compareValues(null, undefined)).toBe(0);
    expect(compareValues("", null)).toBe(0);
  });

  it("orders numbers by value, not as text", () => {
    expect(sorted([10, 9, 100, -1])).toEqual([-1, 9, 10, 100]);
  });

  it("orders text case-insensitively, with numbers inside the text in numeric order", () => {
    expect(sorted(["item 10", "Item 2", "item 1"])).toEqual(["item 1", "Item 2", "item 10"]);
    expect(compareValues("apple", "APPLE")).toBe(0);
  });

  it("orders dates by time and booleans false first", () => {
    const a = new Date("2026-01-02T00:00:00Z");
    const b = new Date("2025-12-31T00:00:00Z");
    expect(sorted([a, b])).toEqual([b, a]);
    expect(sorted([true, false])).toEqual([false, true]);
  });
});

describe("formatValue and cellTextOf", () => {
  it("writes dates as dd/MM/yyyy, booleans as Yes/No and nothing as empty", () => {
    expect(formatValue(new Date(2026, 10, 28, 5, 9))).toBe("28/11/2026");
    expect(formatValue(new Date(Number.NaN))).toBe("");
    expect(formatValue(true)).toBe("Yes");
    expect(formatValue(false)).toBe("No");
    expect(formatValue(null)).toBe("");
    expect(formatValue(undefined)).toBe("");
    expect(formatValue(0)).toBe("0");
  });

  it("prefers a column's text to its formatted value", () => {
    const row = { n: 5 };
    expect(cellTextOf({ id: "n", header: "N", value: (r: typeof row) => r.n }, row)).toBe("5");
    expect(
      cellTextOf({ id: "n", header: "N", value: (r: typeof row) => r.n, text: (r) => `${r.n} pcs` }, row),
    ).toBe("5 pcs");
    expect(cellTextOf({ id: "x", header: "X" }, row)).toBe("");
  });
});

describe("toColumnDefs", () => {
  interface R {
    name: string;
    n: number;
  }
  const columns: DataTableColumn<R>[] = [
    { id: "name", header: "Name", text: (r) => r.name },
    { id: "n", header: "N", value: (r) => r.n },
    { id: "raw", header: "Raw", cell: () => null },
    { id: "forced", header: "Forced", text: (r) => r.name, sortable: true, searchable: false },
  ];
  const defs = toColumnDefs(columns);

  it("sorts columns with a value, searches columns with a value or text, unless told otherwise", () => {
    expect(defs.map((d) => d.enableSorting)).toEqual([false, true, false, true]);
    expect(defs.map((d) => d.enableGlobalFilter)).toEqual([true, true, false, false]);
  });

  it("reads the value, else the text, and sorts with compareValues", () => {
    const row: R = { name: "Ann", n: 10 };
    const access = (i: number) =>
      (defs[i] as { accessorFn: (r: R, i: number) => unknown }).accessorFn(row, 0);
    expect(access(0)).toBe("Ann");
    expect(access(1)).toBe(10);
    expect(access(2)).toBeNull();
    const rowOf = (v: unknown) => ({ getValue: () => v }) as unknown as Row<R>;
    const sortingFn = defs[1]?.sortingFn as (a: Row<R>, b: Row<R>, id: string) => number;
    expect(sortingFn(rowOf(9), rowOf(10), "n")).toBeLessThan(0);
    expect(sortingFn(rowOf(null), rowOf(10), "n")).toBeGreaterThan(0);
  });
});

describe("ariaSortOf", () => {
  it("says none for an unsorted sortable column and nothing for one that does not sort", () => {
    expect(ariaSortOf(true, false)).toBe("none");
    expect(ariaSortOf(true, "asc")).toBe("ascending");
    expect(ariaSortOf(true, "desc")).toBe("descending");
    expect(ariaSortOf(false, "asc")).toBeUndefined();
  });
});

describe("selection helpers", () => {
  it("toggles one id in and out, keeping the order of the others", () => {
    expect(toggleId(["a", "b"], "c", new Set(["a", "b"]))).toEqual(["a", "b", "c"]);
    expect(toggleId(["a", "b", "c"], "b", new Set(["a", "b", "c"]))).toEqual(["a", "c"]);
  });

  it("counts the page's selected rows: all, some or none", () => {
    expect(pageSelectionOf(["a", "b"], new Set(["a", "b", "z"]))).toEqual({ count: 2, all: true });
    expect(pageSelectionOf(["a", "b"], new Set(["a"]))).toEqual({ count: 1, all: false });
    expect(pageSelectionOf([], new Set())).toEqual({ count: 0, all: false });
  });

  it("adds the rest of a partly selected page, and clears a fully selected one, keeping other pages", () => {
    expect(togglePageIds(["z", "a"], ["a", "b"], new Set(["z", "a"]))).toEqual(["z", "a", "b"]);
    expect(togglePageIds(["z", "a", "b"], ["a", "b"], new Set(["z", "a", "b"]))).toEqual(["z"]);
  });
});
