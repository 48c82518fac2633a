import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { page } from "vitest/browser";
import { type ConsoleNavItem, ConsoleShell } from "./ConsoleShell";

// What a story cannot show: the window narrowed, or the row widened by counts arriving, while a section far along
// the row is the current one.

const items: ConsoleNavItem[] = [
  { label: "Overview", href: "/operator" },
  { label: "Companies", href: "/operator/companies" },
  { label: "Top-up requests", href: "/operator/topups", count: 3 },
  { label: "Sender IDs", href: "/operator/sender-ids", count: 12 },
  { label: "Numbers", href: "/operator/numbers" },
  { label: "Unrouted", href: "/operator/unrouted", count: 4 },
  { label: "Audit log", href: "/operator/audit" },
];

let container: HTMLDivElement;
let root: Root;
const render = (list: ConsoleNavItem[]) =>
  flushSync(() =>
    root.render(
      <ConsoleShell brand="Herald operator console" items={list} currentPath="/operator/audit">
        <p style={{ height: 2000 }}>Page</p>
      </ConsoleShell>,
    ),
  );
const current = () => {
  const nav = document.querySelector('nav[aria-label="Sections"]') as HTMLElement;
  const row = nav.getBoundingClientRect();
  const box = (nav.querySelector('[aria-current="page"]') as HTMLElement).getBoundingClientRect();
  return { nav, inView: box.left >= row.left - 1 && box.right <= row.right + 1 };
};

beforeEach(async () => {
  await page.viewport(1200, 800);
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  root.unmount();
  container.remove();
  await page.viewport(1200, 900);
});

describe("ConsoleShell's section row", () => {
  it("keeps the current section in view when the window is made narrow, without scrolling the page", async () => {
    render(items);
    window.scrollTo(0, 600);
    await page.viewport(420, 800);
    await expect.poll(() => current().nav.scrollLeft).toBeGreaterThan(0);
    expect(current().inView).toBe(true);
    expect(window.scrollY).toBeGreaterThan(0);
  });

  it("keeps it in view when counts arrive after the page and widen the row", async () => {
    await page.viewport(420, 800);
    render(items.map((i) => ({ ...i, count: undefined })));
    await expect.poll(() => current().inView).toBe(true);
    render(items.map((i) => ({ ...i, count: i.count ?? 1234 })));
    await expect.poll(() => current().inView).toBe(true);
  });
});
