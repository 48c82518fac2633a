import { useState } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { expect, it } from "vitest";
import { lightThemeClass } from "../../theme";
import { DataTable, type DataTableColumn } from "./DataTable";

interface R {
  id: string;
  n: number;
}
const columns: DataTableColumn<R>[] = [{ id: "n", header: "No.", text: (r) => String(r.n) }];
const pageOf = (index: number, size: number, total: number): R[] =>
  Array.from({ length: Math.max(0, Math.min(size, total - index * size)) }, (_, i) => ({
    id: `r${index * size + i}`,
    n: index * size + i + 1,
  }));

let go: (i: number) => void = () => {};
function Screen() {
  const [pageIndex, setPageIndex] = useState(0);
  go = setPageIndex;
  return (
    <DataTable<R>
      label="Rows"
      mode="server"
      total={205}
      data={pageOf(pageIndex, 200, 205)}
      columns={columns}
      getRowId={(r) => r.id}
      pageSizeOptions={[200]}
      pageIndex={pageIndex}
      onPageChange={setPageIndex}
    />
  );
}

it("a server-paged table shows the next page's rows when its page changes (from a virtualised page to a short one)", async () => {
  const el = document.createElement("div");
  el.className = lightThemeClass;
  document.body.append(el);
  const root = createRoot(el);
  flushSync(() => root.render(<Screen />));
  await expect.poll(() => el.querySelectorAll("tbody tr td").length).toBeGreaterThan(5);
  flushSync(() => go(1));
  await expect
    .poll(() => [...el.querySelectorAll("tbody tr")].map((tr) => tr.textContent))
    .toEqual(["201", "202", "203", "204", "205"]);
  root.unmount();
  el.remove();
});
