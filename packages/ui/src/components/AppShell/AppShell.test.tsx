import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { page, userEvent } from "vitest/browser";
import { lightThemeClass } from "../../theme";
import { AppShell, type NavSection } from "./AppShell";

// What a story cannot show: the window being resized while the drawer is open (a story's viewport is fixed).

const sections: NavSection[] = [
  { id: "apps", entries: [{ label: "Campaign Management", href: "/campaign/campaign-mgt" }] },
];

let container: HTMLDivElement;
let root: Root;

beforeEach(async () => {
  await page.viewport(420, 800);
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  flushSync(() => root.render(<AppShell brand="Herald" sections={sections} />));
});

afterEach(async () => {
  root.unmount();
  container.remove();
  await page.viewport(1200, 900);
});

describe("AppShell drawer", () => {
  it("closes when the window grows past 992 px", async () => {
    await userEvent.click(page.getByRole("button", { name: "Open menu" }));
    await expect.element(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await page.viewport(1200, 800);
    await expect.poll(() => document.querySelector('[role="dialog"]')).toBeNull();
    // The fixed sidebar has taken over.
    await expect.element(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  });

  it("stays open while the window stays narrow", async () => {
    await userEvent.click(page.getByRole("button", { name: "Open menu" }));
    await page.viewport(900, 800);
    await expect.element(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
  });
});

describe("AppShell sidebar on a long page", () => {
  it("keeps the sidebar's colour down to the bottom of the page, scrolled to the end", async () => {
    document.documentElement.classList.add(lightThemeClass);
    await page.viewport(1200, 700);
    flushSync(() =>
      root.render(
        <AppShell brand="Herald" sections={sections}>
          <div style={{ height: "3000px" }}>A long page</div>
        </AppShell>,
      ),
    );
    window.scrollTo(0, document.documentElement.scrollHeight);
    await expect.poll(() => window.scrollY).toBeGreaterThan(1000);
    const aside = document.querySelector("aside") as HTMLElement;
    const sidebarColour = getComputedStyle(aside).backgroundColor;
    // the fixed sidebar reaches the bottom of the window
    expect(aside.getBoundingClientRect().bottom).toBeGreaterThanOrEqual(window.innerHeight);
    // and the page behind it carries the same colour down to the end of the document (what a capture of the
    // whole page, or an overscrolled window, shows)
    const shell = aside.parentElement as HTMLElement;
    expect(shell.getBoundingClientRect().bottom + window.scrollY).toBeGreaterThanOrEqual(
      document.documentElement.scrollHeight - 1,
    );
    const behind = getComputedStyle(shell).backgroundImage;
    expect(behind).toContain(sidebarColour);
    expect(behind).toContain("256px");
    window.scrollTo(0, 0);
  });
});
