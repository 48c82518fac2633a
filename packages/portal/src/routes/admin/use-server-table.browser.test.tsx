import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { expect, it } from "vitest";
import { useServerTable } from "./use-server-table";

let table!: ReturnType<typeof useServerTable>;
function Probe() {
  table = useServerTable({ pageSizes: [1000], debounceMs: 50 });
  return null;
}

it("keeps a page chosen at once after the first render (only a new search goes back to the first page)", async () => {
  const el = document.createElement("div");
  document.body.append(el);
  const root = createRoot(el);
  flushSync(() => root.render(<Probe />));
  flushSync(() => table.tableProps.onPageChange(1));
  await new Promise((r) => setTimeout(r, 200));
  expect(table.query).toEqual({ page: 2, pageSize: 1000 });

  // typing a search goes back to the first page once the typing pauses
  flushSync(() => table.tableProps.onSearchChange("bulk"));
  await expect.poll(() => table.query).toEqual({ page: 1, pageSize: 1000, search: "bulk" });
  // a page chosen afterwards stays
  flushSync(() => table.tableProps.onPageChange(1));
  await new Promise((r) => setTimeout(r, 200));
  expect(table.query).toEqual({ page: 2, pageSize: 1000, search: "bulk" });
  root.unmount();
  el.remove();
});
