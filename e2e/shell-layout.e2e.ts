import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCredentials, signInByApi } from "./support/api";
import { launchBrowser } from "./support/browser";
import { lines, placedChars } from "./support/layout";
import { expectScreenshot } from "./support/screenshot";
import { type RunningServer, startServer } from "./support/server";

const WIDTHS = [390, 768, 1440] as const;
const HEIGHT = 900;

/** Brightness of a computed CSS colour, 0 (black) to 1 (white). */
function brightness(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return (0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)) / 255;
}

describe("signed-in shell at phone, tablet and desktop widths, light and dark", () => {
  let server: RunningServer;
  let browser: BrowserContext;
  let owner: { email: string; password: string };
  let ownerToken: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    owner = demoCredentials(server.output());
    ownerToken = await signInByApi(server.url, owner.email, owner.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(
    path: string,
    width: number,
    opts: { token?: string; colorScheme?: "light" | "dark" } = {},
  ): Promise<Page> {
    const page = await browser.newPage();
    await page.setViewportSize({ width, height: HEIGHT });
    await page.emulateMedia({ colorScheme: opts.colorScheme ?? "light" });
    await page.goto(`${server.url}/not-found`);
    await page.evaluate((t) => {
      localStorage.setItem("userToken", t);
      localStorage.removeItem("herald.theme");
    }, opts.token ?? ownerToken);
    await page.goto(`${server.url}${path}`);
    return page;
  }

  const openProfile = async (width: number, colorScheme?: "light" | "dark") => {
    const page = await open("/admin/profile", width, { colorScheme });
    await page.getByRole("heading", { name: "My Profile" }).waitFor();
    await page.getByText(owner.email).waitFor();
    return page;
  };

  const headerHeight = (page: Page) =>
    page.locator("header").evaluate((h) => h.getBoundingClientRect().height);

  it.each(WIDTHS)("keeps the header to one row (at most 64 px) at %i px", async (width) => {
    const page = await openProfile(width);
    await page.getByRole("button", { name: /Notifications/ }).waitFor();
    expect(await headerHeight(page)).toBeLessThanOrEqual(64);
    await page.close();
  });

  it("at 390 px nothing scrolls sideways, and credit, status, bell and avatar are reachable by keyboard", async () => {
    for (const path of ["/admin/profile", "/admin/profile-settings"]) {
      const page = await open(path, 390);
      await page.getByRole("button", { name: /Notifications/ }).waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBe(0);
      await page.close();
    }

    const page = await openProfile(390);
    const targets = {
      credit: page.getByRole("button", { name: "Credit", exact: true }),
      status: page.getByRole("combobox", { name: "Status" }),
      bell: page.getByRole("button", { name: /^Notifications, / }),
      avatar: page.getByRole("button", { name: /Ada Tan/ }),
    };
    const reached = new Set<string>();
    for (let i = 0; i < 24; i++) {
      await page.keyboard.press("Tab");
      for (const [name, target] of Object.entries(targets))
        if (await target.evaluate((el) => el === document.activeElement)) reached.add(name);
    }
    expect([...reached].sort()).toEqual(["avatar", "bell", "credit", "status"]);
    // The folded balances open with the keyboard, Top Up buttons included, and Escape closes them.
    const credit = page.getByRole("button", { name: "Credit", exact: true });
    await credit.focus();
    await page.keyboard.press("Enter");
    const popover = page.getByRole("dialog", { name: "Credit" });
    await popover.getByRole("group", { name: "Corporate Credit" }).waitFor();
    await popover.getByRole("button", { name: "Top Up My Credit" }).waitFor();
    await page.keyboard.press("Escape");
    await popover.waitFor({ state: "hidden" });
    // Radix gives focus back to the trigger in a task after the popover unmounts: wait for it, then check.
    await page
      .waitForFunction(() => document.activeElement?.textContent?.trim() === "Credit", undefined, {
        timeout: 5000,
      })
      .catch(() => undefined);
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Credit");
    await page.close();
  });

  it("on a 320 px phone the header still holds credit, status, bell and avatar in one row", async () => {
    const page = await openProfile(320);
    const controls = [
      page.getByRole("button", { name: "Credit", exact: true }),
      page.getByRole("combobox", { name: "Status" }),
      page.getByRole("button", { name: /^Notifications, / }),
      page.getByRole("button", { name: /Ada Tan/ }),
    ];
    const boxes = await Promise.all(controls.map((c) => c.boundingBox()));
    for (const box of boxes) {
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(320);
      expect(box!.y + box!.height).toBeLessThanOrEqual(64);
    }
    expect(await headerHeight(page)).toBeLessThanOrEqual(64);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBe(0);
    await page.close();
  });

  it("shows My Profile's labels above their values on a phone, and wraps the e-mail only between its parts", async () => {
    for (const width of [390, 768]) {
      const page = await openProfile(width);
      const email = page.locator("dd", { hasText: owner.email });
      const textLines = lines(await placedChars(email));
      expect(textLines.join(""), `${width}`).toBe(owner.email);
      // every line break falls after "@" or before "." (never inside a word)
      for (let i = 1; i < textLines.length; i++) {
        const before = textLines[i - 1]!;
        expect(before.endsWith("@") || textLines[i]!.startsWith("."), `${width}: ${textLines}`).toBe(true);
      }
      if (width === 390) {
        const [term, value] = await Promise.all([
          page.locator("dt", { hasText: "Email" }).boundingBox(),
          email.boundingBox(),
        ]);
        expect(value!.y).toBeGreaterThanOrEqual(term!.y + term!.height - 1);
      }
      await page.close();
    }
  });

  it("scrolls Account Settings' tabs sideways on a small phone (320 px), with an arrow marking the hidden tabs", async () => {
    const page = await open("/admin/profile-settings", 320);
    await page.getByRole("heading", { name: "Account Settings" }).waitFor();
    const tablist = page.getByRole("tablist", { name: "Account settings" });
    const clipped = await tablist.evaluate((l) => l.scrollWidth > l.clientWidth);
    expect(clipped).toBe(true);
    const toEnd = page.getByTestId("tabs-scroll-end");
    const toStart = page.getByTestId("tabs-scroll-start");
    await toEnd.waitFor({ state: "visible" });
    expect(await toStart.isVisible()).toBe(false);
    // each click scrolls part of the row (four tabs with Company): a few clicks reach the end
    await toEnd.click();
    await toStart.waitFor({ state: "visible" });
    for (let i = 0; i < 5 && (await toEnd.isVisible()); i++) {
      await toEnd.click();
      await page.waitForTimeout(400);
    }
    await toEnd.waitFor({ state: "hidden" });
    expect(await tablist.evaluate((l) => l.scrollLeft)).toBeGreaterThan(0);

    // Keyboard: Home goes back to the first tab and scrolls it into view; the last tab ends fully in view.
    await page.getByRole("tab", { name: "Notifications" }).focus();
    await page.keyboard.press("Home");
    await toStart.waitFor({ state: "hidden" });
    // the last tab is Company (the owner's company settings)
    await page.keyboard.press("End");
    await page.getByRole("tab", { name: "Company", selected: true }).waitFor();
    const fits = await page.getByRole("tab", { name: "Company" }).evaluate((tab) => {
      const list = tab.parentElement!.getBoundingClientRect();
      const r = tab.getBoundingClientRect();
      return r.left >= list.left - 1 && r.right <= list.right + 1;
    });
    expect(fits).toBe(true);
    await page.close();
  });

  it("follows prefers-color-scheme: dark", async () => {
    const page = await openProfile(1440, "dark");
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(brightness(bg)).toBeLessThan(0.2);
    const card = await page
      .getByRole("heading", { name: "My Profile" })
      .evaluate((h) => getComputedStyle(h).color);
    expect(brightness(card)).toBeGreaterThan(0.8);
    await page.close();
  });

  it("offers System, Light and Dark in the avatar menu, keeps the choice, and applies it before the first render", async () => {
    const page = await openProfile(1440, "light");
    const bodyBrightness = async () =>
      brightness(await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
    expect(await bodyBrightness()).toBeGreaterThan(0.8);
    await page.getByRole("button", { name: /Ada Tan/ }).click();
    const menu = page.getByRole("menu");
    await menu.getByRole("menuitemradio", { name: "System" }).waitFor();
    expect(await menu.getByRole("menuitemradio", { name: "System" }).getAttribute("aria-checked")).toBe(
      "true",
    );
    await menu.getByRole("menuitemradio", { name: "Dark" }).click();
    await expect.poll(bodyBrightness).toBeLessThan(0.2);
    expect(await page.evaluate(() => localStorage.getItem("herald.theme"))).toBe("dark");
    await page.keyboard.press("Escape");

    // A full load: the theme is on <html> by the time the first screen renders (no light flash).
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const root = document.getElementById("root");
        if (root?.firstChild) {
          (window as unknown as { themeAtFirstRender?: string }).themeAtFirstRender =
            document.documentElement.dataset.theme ?? "none";
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await page.getByRole("heading", { name: "My Profile" }).waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { themeAtFirstRender?: string }).themeAtFirstRender),
    ).toBe("dark");
    expect(await bodyBrightness()).toBeLessThan(0.2);

    // Back to System: follows the (light) system setting again.
    await page.getByRole("button", { name: /Ada Tan/ }).click();
    await page.getByRole("menuitemradio", { name: "System" }).click();
    await expect.poll(bodyBrightness).toBeGreaterThan(0.8);
    expect(await page.evaluate(() => localStorage.getItem("herald.theme"))).toBeNull();
    await page.close();
  });

  it("keeps the top-up question's '?' with the word before it at every phone width", async () => {
    const token = await signInByApi(server.url, "agent@demo.herald.local", owner.password);
    const page = await open("/admin/profile", 1440, { token });
    await page.getByRole("heading", { name: "My Profile" }).waitFor();
    await page.getByRole("button", { name: "Top Up" }).click();
    const dialog = page.getByRole("alertdialog");
    const title = dialog.getByRole("heading", { name: /Send top up request to Admin/ });
    await title.waitFor();
    for (let width = 280; width <= 480; width += 4) {
      await page.setViewportSize({ width, height: HEIGHT });
      const textLines = lines(await placedChars(title));
      expect(textLines.at(-1)?.trim(), `${width} px: ${JSON.stringify(textLines)}`).not.toBe("?");
    }
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page.close();
  });

  describe.each(["light", "dark"] as const)("screenshots, %s", (scheme) => {
    it.each(WIDTHS)(`shell with My Profile and Account Settings at %i px (${scheme})`, async (width) => {
      const profile = await openProfile(width, scheme);
      await profile.getByRole("button", { name: /Notifications/ }).waitFor();
      const volatile = (page: Page) => [
        page.locator('dt:text-is("Account ID") + dd'),
        page.locator('dt:text-is("Joining Date") + dd'),
        page.locator('dt:text-is("My Credit") + dd'),
        page.getByRole("group", { name: /Credit$/ }).getByText(/^SGD /),
        page.getByRole("button", { name: /^Notifications, / }).locator("span"),
        page.locator("footer"),
      ];
      await expectScreenshot(profile, `shell-my-profile-${width}-${scheme}`, volatile(profile));
      await profile.close();

      const settings = await open("/admin/profile-settings", width, { colorScheme: scheme });
      await settings.getByRole("heading", { name: "Account Settings" }).waitFor();
      await settings.getByRole("textbox", { name: "First Name" }).waitFor();
      await settings.getByRole("button", { name: /Notifications/ }).waitFor();
      await expectScreenshot(settings, `shell-account-settings-${width}-${scheme}`, volatile(settings));
      await settings.close();
    });
  });
});
