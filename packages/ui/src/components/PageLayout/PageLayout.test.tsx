import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { page } from "vitest/browser";
import { lightThemeClass } from "../../theme";
import { Button } from "../Button";
import { PageHeader } from "./PageHeader";
import { PageLayout, type PageLayoutProps } from "./PageLayout";

// What a story cannot show: the page's and its header's widths as the window goes from a phone to a desktop.

const LONG_NAME = "Kopi Kedai Sejahtera Holdings Private Limited (Tanjong Pagar Branch Office)";
const DESCRIPTION =
  "Who did what and when, in every company and in this console. Entries are never changed or removed, and each shows the values before and after the change.";

let container: HTMLDivElement;
let root: Root;

async function show(width: number, props: Partial<PageLayoutProps> = {}, title = "Sender IDs & Numbers") {
  await page.viewport(width, 900);
  flushSync(() =>
    root.render(
      <PageLayout data-testid="page" {...props}>
        <PageHeader
          title={title}
          description={DESCRIPTION}
          actions={
            <>
              <Button variant="outline">Export</Button>
              <Button>Request sender ID</Button>
            </>
          }
        />
        <div data-testid="content" style={{ height: 40 }} />
      </PageLayout>,
    ),
  );
}

const box = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)!.getBoundingClientRect();
const rectOf = (el: Element | null) => el!.getBoundingClientRect();
const heading = () => rectOf(document.querySelector("h1"));
const button = (name: string) =>
  rectOf([...document.querySelectorAll("button")].find((b) => b.textContent === name) ?? null);

beforeEach(() => {
  document.documentElement.classList.add(lightThemeClass);
  document.body.style.margin = "0";
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  root.unmount();
  container.remove();
  document.body.style.margin = "";
  await page.viewport(1200, 900);
});

describe("PageLayout and PageHeader widths", () => {
  for (const [width, inset] of [
    [390, 0],
    [768, 24],
    [1440, 24],
  ] as const) {
    it(`fills ${width} px, padded ${inset} px by itself in the shell, none in the console's frame`, async () => {
      await show(width);
      const content = box("content");
      expect(box("page").width).toBe(width);
      expect(content.left).toBe(inset);
      expect(content.width).toBe(width - 2 * inset);
      await show(width, { inset: "none" });
      expect(box("content").left).toBe(0);
      expect(box("content").width).toBe(width);
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width);
    });
  }

  it("keeps the actions on the title's line at the end from 768 px, and wraps them under it at 390 px", async () => {
    for (const width of [768, 1440]) {
      await show(width);
      const title = heading();
      const primary = button("Request sender ID");
      expect(primary.top, `${width}`).toBeLessThan(title.bottom);
      expect(Math.round(primary.right), `${width}`).toBe(width - 24);
    }
    await show(390);
    const title = heading();
    const secondary = button("Export");
    const primary = button("Request sender ID");
    expect(secondary.top).toBeGreaterThanOrEqual(title.bottom);
    // The two buttons still sit side by side, on a line of their own from the page's start.
    expect(primary.top).toBe(secondary.top);
    expect(Math.round(secondary.left)).toBe(0);
    expect(primary.right).toBeLessThanOrEqual(390);
  });

  it("keeps the description to a readable measure and under the header row, 16 px below", async () => {
    await show(1440);
    const description = rectOf(
      document.querySelector("h1")!.closest("div")!.parentElement!.nextElementSibling,
    );
    const em = Number.parseFloat(getComputedStyle(document.querySelector("p")!).fontSize);
    expect(description.width).toBeLessThan(1440 - 48);
    expect(description.width).toBeLessThanOrEqual(72 * em);
    expect(Math.round(description.top - button("Request sender ID").bottom)).toBe(16);
  });

  it("breaks a long title instead of widening a phone's page", async () => {
    await show(390, {}, LONG_NAME);
    expect(heading().width).toBeLessThanOrEqual(390);
    expect(heading().height).toBeGreaterThan(40);
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390);
  });

  it("caps a form page's width and keeps it at the start", async () => {
    await show(1440, { maxWidth: 720 });
    expect(box("page").width).toBe(720);
    expect(box("page").left).toBe(0);
    expect(box("content").width).toBe(720 - 48);
  });
});
