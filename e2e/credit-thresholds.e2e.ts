import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, demoCredentials, signInByApi } from "./support/api";
import { axeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { acknowledge } from "./support/notice";
import { type RunningServer, startServer } from "./support/server";

const PAGE = "/credit-mgt/low-credit-mgt";
const RULE = "Second threshold must be smaller than the first threshold";

/** Brightness of a computed CSS colour, 0 (black) to 1 (white). */
function brightness(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return (0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)) / 255;
}

describe("Administrator > Credit Management > Low Credit Management", () => {
  let server: RunningServer;
  let browser: BrowserContext;
  let owner: { email: string; password: string };
  let token: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    owner = demoCredentials(server.output());
    token = await signInByApi(server.url, owner.email, owner.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(
    opts: { token?: string; width?: number; colorScheme?: "light" | "dark" } = {},
  ): Promise<Page> {
    const page = await browser.newPage();
    await page.setViewportSize({ width: opts.width ?? 1280, height: 900 });
    await page.emulateMedia({ colorScheme: opts.colorScheme ?? "light" });
    await page.goto(`${server.url}/not-found`);
    await page.evaluate((t) => {
      localStorage.setItem("userToken", t);
      localStorage.removeItem("herald.theme");
    }, opts.token ?? token);
    await page.goto(`${server.url}${PAGE}`);
    return page;
  }

  const first = (page: Page) => page.getByRole("spinbutton", { name: "First Threshold" });
  const second = (page: Page) => page.getByRole("spinbutton", { name: "Second Threshold" });
  const thresholds = async () =>
    (
      await apiPost<{ first_thresh: number | null; second_thresh: number | null }>(
        server.url,
        "/getCompanyThreshold",
        {},
        token,
      )
    ).body;

  it("shows the saved thresholds, saves new ones after confirmation, and keeps them after a reload", async () => {
    const page = await open();
    await page.getByRole("heading", { level: 2, name: "Low Credit Management" }).waitFor();
    await page
      .getByText(/every administrator is e-mailed once when the corporate balance falls below/i)
      .waitFor();
    const nav = page.getByRole("navigation", { name: /breadcrumb/i });
    expect(await nav.getByRole("link", { name: "Home" }).getAttribute("href")).toBe("/apps/social-chat");
    // the demo company's thresholds
    await expect.poll(() => first(page).inputValue()).toBe("200.00");
    expect(await second(page).inputValue()).toBe("50.00");

    await first(page).fill("300");
    await second(page).fill("120.5");
    await second(page).blur();
    await page.getByRole("button", { name: "Save Changes" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Are you sure you want to update the changes?").waitFor();
    await confirm.getByRole("button", { name: "Yes" }).click();
    await acknowledge(page, "Data Update Successful !");
    expect(await thresholds()).toEqual({ first_thresh: 300, second_thresh: 120.5 });

    await page.reload();
    await expect.poll(() => first(page).inputValue()).toBe("300.00");
    expect(await second(page).inputValue()).toBe("120.50");
    await page.close();
  });

  it("checks the order live and both amounts on save, and saves nothing while either is wrong", async () => {
    const before = await thresholds();
    const page = await open();
    await expect.poll(() => first(page).inputValue()).not.toBe("");

    await second(page).fill("9999");
    await page.getByText(RULE, { exact: true }).waitFor();
    await second(page).fill("10");
    await page.getByText(RULE, { exact: true }).waitFor({ state: "detached" });
    await second(page).fill("9999");
    await page.getByRole("button", { name: "Save Changes" }).click();
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    expect(await second(page).getAttribute("aria-invalid")).toBe("true");

    await first(page).fill("");
    await second(page).fill("");
    await page.getByRole("button", { name: "Save Changes" }).click();
    expect(await page.getByText("This is required", { exact: true }).count()).toBe(2);
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    expect(await thresholds()).toEqual(before);

    // the server applies the same rule
    const refused = await apiPost<{ message: string }>(
      server.url,
      "/editCompanyThreshold",
      { firstThresh: 10, secondThresh: 10 },
      token,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(RULE);
    await page.close();
  });

  it("refuses agents: Invalid Access in the portal and 403 from the server", async () => {
    const agentToken = await signInByApi(server.url, "agent@demo.herald.local", owner.password);
    const page = await open({ token: agentToken });
    await acknowledge(page, "Invalid Access");
    expect(await page.getByRole("heading", { name: "Low Credit Management" }).count()).toBe(0);
    expect((await apiPost(server.url, "/getCompanyThreshold", {}, agentToken)).status).toBe(403);
    const write = await apiPost(
      server.url,
      "/editCompanyThreshold",
      { firstThresh: 5, secondThresh: 1 },
      agentToken,
    );
    expect(write.status).toBe(403);
    await page.close();
  });

  it("passes axe, fits a phone (390 px) without sideways scrolling, and renders in dark mode", async () => {
    const light = await open();
    await expect.poll(() => first(light).inputValue()).not.toBe("");
    expect(await axeViolations(light)).toEqual([]);
    await light.close();

    const phone = await open({ width: 390 });
    await expect.poll(() => first(phone).inputValue()).not.toBe("");
    expect(
      await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await phone.getByRole("button", { name: "Save Changes" }).scrollIntoViewIfNeeded();
    expect(await phone.getByRole("button", { name: "Save Changes" }).isVisible()).toBe(true);
    await phone.close();

    const dark = await open({ colorScheme: "dark" });
    await expect.poll(() => first(dark).inputValue()).not.toBe("");
    expect(await dark.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(
      brightness(await dark.evaluate(() => getComputedStyle(document.body).backgroundColor)),
    ).toBeLessThan(0.2);
    const heading = await dark
      .getByRole("heading", { level: 1, name: "Low credit alerts" })
      .evaluate((h) => getComputedStyle(h).color);
    expect(brightness(heading)).toBeGreaterThan(0.8);
    expect(await axeViolations(dark)).toEqual([]);
    await dark.close();
  });
});
