import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { page, userEvent } from "vitest/browser";
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
