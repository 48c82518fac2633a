import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DataTableColumn, DataTableProps } from "./types";
import { type DataTableState, useDataTableState } from "./useDataTableState";

interface Person {
  id: string;
  name: string;
  age: number;
}

const people: Person[] = [
  { id: "p1", name: "Chen", age: 41 },
  { id: "p2", name: "ann", age: 9 },
  { id: "p3", name: "Bala", age: 30 },
  { id: "p4", name: "Dewi", age: 100 },
  { id: "p5", name: "Eko", age: 25 },
];

const columns: DataTableColumn<Person>[] = [
  { id: "name", header: "Name", value: (p) => p.name },
  { id: "age", header: "Age", value: (p) => p.age },
];

let container: HTMLDivElement;
let root: Root;
let state: DataTableState<Person>;

function Harness(props: DataTableProps<Person>) {
  state = useDataTableState(props);
  return null;
}

function render(props: Partial<DataTableProps<Person>> = {}) {
  const all = {
    label: "People",
    data: people,
    columns,
    getRowId: (p: Person) => p.id,
    ...props,
  } as DataTableProps<Person>;
  flushSync(() => root.render(<Harness {...all} />));
}

/** Runs a state change and lets React apply it. */
function act(change: () => void) {
  flushSync(change);
}

const names = () => state.pageRows.map((r) => r.original.name);

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  root.unmount();
  container.remove();
});

describe("useDataTableState, client mode", () => {
  it("sorts by a column ascending, then descending, numbers by value and text ignoring case", () => {
    render();
    expect(names()).toEqual(["Chen", "ann", "Bala", "Dewi", "Eko"]);
    act(() => state.table.getColumn("age")?.toggleSorting());
    expect(state.sorting).toEqual([{ id: "age", desc: false }]);
    expect(state.pageRows.map((r) => r.original.age)).toEqual([9, 25, 30, 41, 100]);
    act(() => state.table.getColumn("age")?.toggleSorting());
    expect(state.pageRows.map((r) => r.original.age)).toEqual([100, 41, 30, 25, 9]);
    act(() => state.table.getColumn("name")?.toggleSorting());
    expect(state.sorting).toEqual([{ id: "name", desc: false }]);
    expect(names()).toEqual(["ann", "Bala", "Chen", "Dewi", "Eko"]);
  });

  it("starts from defaultSorting and reports changes without owning a controlled sorting", () => {
    const onSortingChange = vi.fn();
    render({ sorting: [{ id: "age", desc: true }], onSortingChange });
    expect(names()[0]).toBe("Dewi");
    act(() => state.table.getColumn("name")?.toggleSorting());
    expect(onSortingChange).toHaveBeenCalledWith([{ id: "name", desc: false }]);
    // Controlled: the parent did not change the prop, so the order stays.
    expect(names()[0]).toBe("Dewi");
  });

  it("pages the rows, clamps page moves, and goes back to page 1 on a new page size or search", () => {
    render({ pageSizeOptions: [2, 4] });
    expect(state.pageSize).toBe(2);
    expect(state.pageCount).toBe(3);
    expect(state.total).toBe(5);
    expect(names()).toEqual(["Chen", "ann"]);
    act(() => state.goToPage(9));
    expect(state.pageIndex).toBe(2);
    expect(names()).toEqual(["Eko"]);
    act(() => state.goToPage(-3));
    expect(state.pageIndex).toBe(0);
    act(() => state.goToPage(1));
    act(() => state.setPageSize(4));
    expect(state.pageIndex).toBe(0);
    expect(state.pageCount).toBe(2);
    act(() => state.goToPage(1));
    act(() => state.setSearch("  E "));
    expect(state.pageIndex).toBe(0);
    expect(state.search).toBe("  E ");
    // Matches "Chen", "Dewi" and "Eko" by name; ages are matched as text too.
    expect(names()).toEqual(["Chen", "Dewi", "Eko"]);
    expect(state.total).toBe(3);
  });

  it("keeps the page in range when the data shrinks", async () => {
    render({ pageSizeOptions: [2] });
    act(() => state.goToPage(2));
    expect(state.pageIndex).toBe(2);
    render({ pageSizeOptions: [2], data: people.slice(0, 3) });
    await expect.poll(() => state.pageIndex).toBe(1);
    expect(names()).toEqual(["Bala"]);
  });

  it("shows every row when pagination is off", () => {
    render({ pageSizeOptions: [2], pagination: false });
    expect(state.paged).toBe(false);
    expect(names()).toHaveLength(5);
  });

  it("exports every filtered row, not only the page", () => {
    render({ pageSizeOptions: [2] });
    act(() => state.setSearch("e"));
    expect(names()).toEqual(["Chen", "Dewi"]);
    expect(state.exportRows().map((p) => p.name)).toEqual(["Chen", "Dewi", "Eko"]);
  });
});

describe("useDataTableState, selection and expanded rows", () => {
  it("selects rows one by one and a page at a time, reporting ids and rows", () => {
    const onSelectionChange = vi.fn();
    render({ pageSizeOptions: [2], selectable: true, onSelectionChange });
    act(() => state.toggleRow("p2"));
    expect(state.selectedIds).toEqual(["p2"]);
    expect(onSelectionChange).toHaveBeenLastCalledWith(["p2"], [people[1]]);
    expect(state.pageSelectedCount).toBe(1);
    expect(state.allPageSelected).toBe(false);
    act(() => state.togglePage());
    expect(state.selectedIds).toEqual(["p2", "p1"]);
    expect(state.allPageSelected).toBe(true);
    act(() => state.goToPage(1));
    expect(state.pageSelectedCount).toBe(0);
    act(() => state.togglePage());
    expect(state.selectedCount).toBe(4);
    act(() => state.togglePage());
    expect(state.selectedIds).toEqual(["p2", "p1"]);
    act(() => state.toggleRow("p1"));
    expect(state.selectedRows).toEqual([people[1]]);
  });

  it("follows a controlled selection and counts only rows it has, in client mode", () => {
    const onSelectionChange = vi.fn();
    render({ selectable: true, selectedIds: ["p3", "gone"], onSelectionChange });
    expect(state.selectedSet.has("p3")).toBe(true);
    expect(state.selectedCount).toBe(1);
    act(() => state.toggleRow("p1"));
    expect(onSelectionChange).toHaveBeenLastCalledWith(["p3", "gone", "p1"], [people[2], people[0]]);
    expect(state.selectedIds).toEqual(["p3", "gone"]);
  });

  it("expands and collapses a row", () => {
    render();
    act(() => state.toggleExpanded("p1"));
    expect([...state.expanded]).toEqual(["p1"]);
    act(() => state.toggleExpanded("p3"));
    act(() => state.toggleExpanded("p1"));
    expect([...state.expanded]).toEqual(["p3"]);
  });
});

describe("useDataTableState, server mode", () => {
  it("shows the page as given, reports sorting, search and paging, and counts pages from the total", () => {
    const onSortingChange = vi.fn();
    const onSearchChange = vi.fn();
    const onPageChange = vi.fn();
    render({
      mode: "server",
      total: 23,
      pageSizeOptions: [5],
      onSortingChange,
      onSearchChange,
      onPageChange,
      selectable: true,
      selectedIds: ["elsewhere", "p1"],
    });
    expect(state.server).toBe(true);
    expect(state.total).toBe(23);
    expect(state.pageCount).toBe(5);
    act(() => state.table.getColumn("age")?.toggleSorting());
    expect(onSortingChange).toHaveBeenCalledWith([{ id: "age", desc: false }]);
    expect(names()).toEqual(["Chen", "ann", "Bala", "Dewi", "Eko"]);
    act(() => state.setSearch("x"));
    expect(onSearchChange).toHaveBeenCalledWith("x");
    expect(names()).toHaveLength(5);
    act(() => state.goToPage(7));
    expect(onPageChange).toHaveBeenLastCalledWith(4);
    // Selected rows on other pages still count.
    expect(state.selectedCount).toBe(2);
    expect(state.exportRows()).toEqual(people);
  });

  it("takes an explicit page count over the total", () => {
    render({ mode: "server", total: 23, pageCount: 2, pageSizeOptions: [5] });
    expect(state.pageCount).toBe(2);
  });
});
