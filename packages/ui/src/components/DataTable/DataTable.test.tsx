import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { page, userEvent } from "vitest/browser";
import { lightThemeClass } from "../../theme";
import { Badge } from "../Badge";
import { DataTable, type DataTableColumn } from "./DataTable";

// What a story cannot show: what a person sees of a report-like table at 1440, 768 and 390 px — the widths
// the columns get, how many lines a long message takes, and whether one cell is drawn over another.

interface Sent {
  id: string;
  no: number;
  sender: string;
  mobile: string;
  text: string;
  status: string;
  parts: number;
  date: string;
}

const MESSAGE =
  "Flash sale this weekend only: 30% off all items in store and online. Show this SMS at the counter or use code WEEKEND30 at checkout. Reply STOP to opt out now.";

// 120 rows: more than a page of 100, so the rows are virtualised (where every column once got the same width).
const rows: Sent[] = Array.from({ length: 120 }, (_, i) => ({
  id: `m${i}`,
  no: i + 1,
  sender: "Herald",
  mobile: `+65 9100 ${String(i).padStart(4, "0")}`,
  text: MESSAGE,
  status: i % 3 === 0 ? "Delivered" : i % 3 === 1 ? "Pending" : "Undelivered",
  parts: 2,
  date: "28/11/2026 05:09 AM",
}));

const columns: DataTableColumn<Sent>[] = [
  { id: "no", header: "No.", text: (r) => String(r.no), fit: "content", align: "end", priority: "lg" },
  { id: "sender", header: "Sender ID", text: (r) => r.sender, fit: "content", priority: "lg" },
  { id: "mobile", header: "Mobile", text: (r) => r.mobile, fit: "content" },
  { id: "text", header: "Message", text: (r) => r.text, fit: "fill", clamp: 3 },
  {
    id: "status",
    header: "Delivered Status",
    text: (r) => r.status,
    cell: (r) => (
      <Badge tone="info" variant="soft">
        {r.status}
      </Badge>
    ),
    fit: "content",
  },
  {
    id: "parts",
    header: "SMS Count",
    text: (r) => String(r.parts),
    fit: "content",
    align: "end",
    priority: "lg",
  },
  { id: "date", header: "Date", text: (r) => r.date, fit: "content", priority: "lg" },
];

let container: HTMLDivElement;
let root: Root;

/** The page's content column: the viewport less the sidebar (from 992 px) and the page and card padding. */
async function show(width: number) {
  await page.viewport(width, 900);
  container.style.width = `${width - (width >= 992 ? 256 : 0) - 130}px`;
  flushSync(() =>
    root.render(
      <DataTable<Sent>
        label="Outbox"
        data={rows}
        columns={columns}
        getRowId={(r) => r.id}
        getRowLabel={(r) => r.mobile}
        selectable
        pagination={false}
        stackBelow="sm"
      />,
    ),
  );
  await expect.poll(() => container.querySelectorAll("tbody tr[data-index]").length).toBeGreaterThan(5);
}

const cell = (column: string, row = 0) =>
  container.querySelector<HTMLElement>(`tr[data-index="${row}"] td[data-column="${column}"]`)!;
const box = (el: Element) => el.getBoundingClientRect();

/** Lines of the message shown: its text box's height over the height of one line of the same font. */
function messageLines(row = 0): number {
  const text = cell("text", row).querySelector<HTMLElement>("[id]")!;
  const probe = document.createElement("span");
  probe.textContent = "X";
  probe.style.display = "inline-block";
  text.parentElement!.append(probe);
  const line = box(probe).height;
  probe.remove();
  return Math.round(box(text).height / line);
}

beforeEach(() => {
  document.documentElement.classList.add(lightThemeClass);
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  root.unmount();
  container.remove();
  await page.viewport(1200, 900);
});

describe("DataTable column widths", () => {
  for (const width of [1440, 768]) {
    it(`gives the message the room and keeps number and status whole at ${width} px`, async () => {
      await show(width);
      const message = box(cell("text"));
      const status = cell("status");
      const mobile = cell("mobile");
      expect(message.width).toBeGreaterThan(box(status).width);
      expect(message.width).toBeGreaterThan(box(mobile).width);
      // Nothing cut off, nothing drawn over its neighbour.
      for (let i = 0; i < 3; i++) {
        expect(cell("status", i).scrollWidth).toBeLessThanOrEqual(cell("status", i).clientWidth);
        expect(cell("mobile", i).scrollWidth).toBeLessThanOrEqual(cell("mobile", i).clientWidth);
      }
      const header = container.querySelector<HTMLElement>('th[data-column="status"]')!;
      expect(header.scrollWidth).toBeLessThanOrEqual(header.clientWidth);
      const number = mobile.firstChild instanceof Text ? mobile : mobile.firstElementChild!;
      expect(box(number).right).toBeLessThanOrEqual(message.left);
      expect(messageLines()).toBeLessThanOrEqual(3);
      // The table fits its box: no sideways scrolling at these widths.
      const scroll = container.querySelector<HTMLElement>("section")!;
      expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.clientWidth);
    });
  }

  it("shows rows as cards at 390 px: number, message and status one under another", async () => {
    await show(390);
    const mobile = box(cell("mobile"));
    const message = box(cell("text"));
    const status = box(cell("status"));
    expect(mobile.bottom).toBeLessThanOrEqual(message.top + 1);
    expect(message.bottom).toBeLessThanOrEqual(status.top + 1);
    expect(messageLines()).toBeLessThanOrEqual(3);
    const scroll = container.querySelector<HTMLElement>("section")!;
    expect(scroll.scrollWidth).toBeLessThanOrEqual(scroll.clientWidth);
    expect(cell("status").scrollWidth).toBeLessThanOrEqual(cell("status").clientWidth);
  });

  it("opens the whole message from the keyboard and closes it again", async () => {
    await show(768);
    const more = page.getByRole("button", { name: `Show more: Message of ${rows[0]!.mobile}` });
    await expect.element(more).toBeVisible();
    expect(cell("text").querySelector("[title]")?.getAttribute("title")).toBe(MESSAGE);
    (more.element() as HTMLElement).focus();
    await userEvent.keyboard("{Enter}");
    const less = page.getByRole("button", { name: `Show less: Message of ${rows[0]!.mobile}` });
    await expect.element(less).toHaveAttribute("aria-expanded", "true");
    expect(messageLines()).toBeGreaterThan(3);
    await userEvent.keyboard("{Enter}");
    await expect.element(more).toHaveAttribute("aria-expanded", "false");
    expect(messageLines()).toBeLessThanOrEqual(3);
  });
});
