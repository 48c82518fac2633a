// Benchmark page: one DataTable with a 5,000-row page, mounted virtualised or plain on request.
// window.__bench.mount(mode) renders it and answers when the first frame with rows is painted;
// window.__bench.scroll(steps) scrolls the table to the bottom in `steps` frames and reports frame times.

import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import "../../packages/ui/src/theme";
import { DataTable, type DataTableColumn } from "../../packages/ui/src/components/DataTable";

interface Row {
  id: string;
  name: string;
  mobile: string;
  email: string;
  status: "active" | "deleted";
  createdAt: Date;
  credit: number;
}

const ROWS = 5000;
const rows: Row[] = Array.from({ length: ROWS }, (_, i) => ({
  id: `r${i}`,
  name: `Contact ${i + 1}`,
  mobile: `+65 ${String(80000000 + i * 7)}`,
  email: `contact${i + 1}@example.com`,
  status: i % 9 === 0 ? "deleted" : "active",
  createdAt: new Date(Date.UTC(2025, 0, 1 + (i % 365), 8, i % 60)),
  credit: (i * 137) % 10000,
}));

const columns: DataTableColumn<Row>[] = [
  { id: "name", header: "Name", value: (r) => r.name },
  { id: "mobile", header: "Mobile", value: (r) => r.mobile },
  { id: "email", header: "Email", value: (r) => r.email },
  { id: "status", header: "Status", value: (r) => r.status },
  { id: "createdAt", header: "Created", value: (r) => r.createdAt },
  { id: "credit", header: "Credit", value: (r) => r.credit, align: "end" },
];

const rowActions = [
  { label: "View Details", onSelect: () => {} },
  { label: "Edit", onSelect: () => {}, hidden: (r: Row) => r.status === "deleted" },
  { label: "Delete", onSelect: () => {}, tone: "danger" as const },
];

const nextFrame = () =>
  new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now())));

let root: Root | null = null;
const container = document.getElementById("root") as HTMLElement;

function scroller(): HTMLElement {
  const el = container.querySelector<HTMLElement>("section[aria-labelledby]");
  if (!el) throw new Error("scroll area not found");
  return el;
}

async function mount(mode: "virtual" | "plain") {
  root?.unmount();
  root = createRoot(container);
  const t0 = performance.now();
  flushSync(() => {
    root?.render(
      <DataTable
        label="Contacts"
        data={rows}
        columns={columns}
        getRowId={(r) => r.id}
        pageSizeOptions={[1000, 2000, 5000]}
        pageSize={5000}
        selectable
        rowActions={rowActions}
        height={600}
        virtualize={mode === "virtual"}
      />,
    );
  });
  const committed = performance.now();
  // The first frame after the commit is laid out and painted before the second animation frame starts.
  await nextFrame();
  const painted = await nextFrame();
  const firstRow = container.querySelector("tbody tr[data-row-id]");
  return {
    rowHeight: firstRow ? firstRow.getBoundingClientRect().height : 0,
    commitMs: committed - t0,
    firstRenderMs: painted - t0,
    domRows: container.querySelectorAll("tbody tr[data-row-id]").length,
  };
}

async function scroll(steps: number) {
  const el = scroller();
  const frames: number[] = [];
  const t0 = performance.now();
  let last = await nextFrame();
  for (let i = 1; i <= steps; i += 1) {
    // Measured rows may change the total height, so aim at the current bottom each step.
    const max = el.scrollHeight - el.clientHeight;
    el.scrollTop = Math.round((max * i) / steps);
    // The next animation frame comes after the scroll event (and React's re-render of the row window)
    // and after the previous frame's layout and paint: the gap between frames is the frame time.
    const now = await nextFrame();
    frames.push(now - last);
    last = now;
  }
  const total = performance.now() - t0;
  return {
    totalMs: total,
    frames,
    reachedEnd: container.querySelector('tr[data-index="4999"]') !== null,
    domRows: container.querySelectorAll("tbody tr[data-row-id]").length,
  };
}

(window as unknown as { __bench: unknown }).__bench = { mount, scroll, ready: true };
