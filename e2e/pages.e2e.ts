import { createServer, type Server } from "node:http";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentTitle, laterIssue, routeTable } from "../packages/portal/src/route-table";
import { demoCredentials, signInByApi } from "./support/api";
import { axeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { freePort, type RunningServer, startServer } from "./support/server";

/** Screens an open issue builds show their empty state (none left since the broadcast screens, issue 13). */
const comingSoon = (path: string) => laterIssue(path) !== undefined;
const SAMPLE_ID = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";
const concrete = (pattern: string) =>
  pattern
    .replace(/\/:[A-Za-z]+\?/g, "")
    .replace(/:[A-Za-z]+/g, SAMPLE_ID)
    .replace(/\/$/, "") || "/";

describe("pages: screens not built yet, home, legal pages and titles", () => {
  let server: RunningServer;
  let browser: BrowserContext;
  let token: string;
  let owner: { email: string; password: string };

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

  async function signedInPage(): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(`${server.url}/not-found`);
    await page.evaluate((t) => localStorage.setItem("userToken", t), token);
    return page;
  }

  it("every signed-in screen not built yet shows an empty state: title, what it will do, the way home", async () => {
    const page = await signedInPage();
    const pending = routeTable.filter((r) => comingSoon(r.path));
    // Every screen is built now; the loop below still holds any screen a future issue leaves pending.
    expect(pending.length).toBeGreaterThanOrEqual(0);
    for (const entry of pending) {
      const path = concrete(entry.path);
      await page.goto(`${server.url}${path}`);
      const main = page.getByRole("main");
      const heading = main.getByRole("heading", { level: 2, name: entry.title, exact: true });
      await heading.waitFor({ timeout: 15_000 });
      expect(await main.getByText(entry.about ?? "-", { exact: false }).count(), path).toBe(1);
      expect(await main.getByText("Coming soon").count(), path).toBe(1);
      expect(await main.getByRole("link", { name: "Back to Home" }).getAttribute("href")).toBe(
        "/apps/social-chat",
      );
      expect(await page.title(), path).toBe(documentTitle(entry.title));
      // the screen's name in the route table ("bot forwarding switch") is no longer the page
      if (entry.screen !== entry.title) {
        expect(await main.getByRole("heading", { name: entry.screen, exact: true }).count(), path).toBe(0);
      }
    }
    await page.goto(`${server.url}/campaign/campaign-mgt`);
    await page.getByRole("heading", { name: "Campaigns", exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it("home (the inbox of a company with no chat yet) greets it with first steps, at phone, tablet and desktop widths", async () => {
    const profile = (await (
      await fetch(`${server.url}/api/getProfile`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: "{}",
      })
    ).json()) as { firstName: string };
    const page = await signedInPage();
    for (const path of ["/", "/apps/social-chat"]) {
      await page.goto(`${server.url}${path}`);
      await page
        .getByRole("heading", { level: 1, name: `Welcome to Herald, ${profile.firstName}` })
        .waitFor();
      expect(await page.title()).toBe("Home · Herald");
    }
    for (const [path, title] of [
      ["/admin/profile", "My profile · Herald"],
      ["/admin/profile-settings", "Account settings · Herald"],
    ]) {
      await page.goto(`${server.url}${path}`);
      await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(title);
    }
    await page.goto(`${server.url}/`);
    const steps = page.getByRole("list", { name: "First steps" });
    for (const title of [
      "Connect your first channel",
      "Complete your profile",
      "Turn on two-factor sign-in",
      "Invite your team",
      "Top up credit",
      "Try the sandbox mailbox",
    ]) {
      await steps.getByRole("heading", { name: new RegExp(`^${title}`) }).waitFor();
    }
    expect(
      await steps.getByRole("link", { name: "Open Account Settings" }).first().getAttribute("href"),
    ).toBe("/admin/profile-settings");
    expect(await steps.getByRole("link", { name: /sandbox mailbox/ }).getAttribute("href")).toBe("/_sandbox");
    expect(await steps.getByText("Coming soon").count()).toBe(0);
    expect(await steps.getByRole("link", { name: "Open Channels Management" }).getAttribute("href")).toBe(
      "/apps/channel-management",
    );
    expect(await steps.getByRole("link", { name: "Open Users" }).getAttribute("href")).toBe(
      "/user-manage/users-list",
    );
    for (const width of [390, 768, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${server.dataDir}/home-${width}.png`, fullPage: true });
      // nothing spills sideways on a phone
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await axeViolations(page)).toEqual([]);
    await page.close();

    // an agent is not asked to invite the team
    const agentToken = await signInByApi(server.url, "agent@demo.herald.local", owner.password);
    const agent = await browser.newPage();
    await agent.goto(`${server.url}/not-found`);
    await agent.evaluate((t) => localStorage.setItem("userToken", t), agentToken);
    await agent.goto(`${server.url}/`);
    await agent.getByRole("heading", { level: 1, name: /^Welcome to Herald, / }).waitFor();
    await agent.getByRole("heading", { name: "Top up credit" }).waitFor();
    expect(await agent.getByRole("heading", { name: /Invite your team/ }).count()).toBe(0);
    await agent.close();
  });

  it("names every public page and the not-found page in the title", async () => {
    const page = await browser.newPage();
    const expectations: [string, string][] = [
      ["/login", "Sign in · Herald"],
      ["/auths/auth-register", "Create an account · Herald"],
      ["/auths/auth-reset", "Forgot password · Herald"],
      ["/legal/terms", "Terms of Service · Herald"],
      ["/legal/privacy", "Privacy Policy · Herald"],
      ["/not-found", "Page not found · Herald"],
      ["/no/such/page", "Page not found · Herald"],
    ];
    for (const [path, title] of expectations) {
      await page.goto(`${server.url}${path}`);
      await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(title);
    }
    await page.close();
  });

  it("shows the built-in Terms of Service and Privacy Policy", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/legal/terms`);
    await page.getByRole("heading", { name: "Terms of Service" }).waitFor();
    await page.getByRole("heading", { name: "5. Acceptable use" }).waitFor();
    expect(await page.getByText("[Operator name]").count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${server.url}/legal/privacy`);
    await page.getByRole("heading", { name: "Privacy Policy" }).waitFor();
    await page.getByRole("heading", { name: "2. What we collect" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it("shows the registration form's country flags as SVG images, not emoji", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/auths/auth-register`);
    const country = page.getByRole("combobox", { name: "Country" });
    const flag = country.locator("[data-flag] img");
    await flag.waitFor();
    await expect
      .poll(() => flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const phone = page.getByRole("button", { name: /^Country code: / });
    await phone.locator("[data-flag] img").waitFor();
    const text = await page.locator("form").textContent();
    expect(text).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);
    await page.close();
  });

  it("opens the legal pages from the registration form in a new tab and keeps what was typed", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/auths/auth-register`);
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Lovelace");
    await page.getByLabel("Company name").fill("Analytical Engines");
    await page.getByLabel("E-mail").fill("ada@example.com");
    await page.getByRole("textbox", { name: "Contact number" }).fill("91234567");
    for (const [name, path, heading] of [
      ["Terms of Service", "/legal/terms", "Terms of Service"],
      ["Privacy Policy", "/legal/privacy", "Privacy Policy"],
    ] as const) {
      const link = page.getByRole("link", { name });
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("rel")).toContain("noopener");
      const [opened] = await Promise.all([browser.waitForEvent("page"), link.click()]);
      await opened.waitForURL((u) => u.pathname === path);
      await opened.getByRole("heading", { name: heading }).waitFor();
      await opened.close();
      expect(page.url()).toBe(`${server.url}/auths/auth-register`);
      expect(await page.getByLabel("First name").inputValue()).toBe("Ada");
      expect(await page.getByLabel("Last name").inputValue()).toBe("Lovelace");
      expect(await page.getByLabel("Company name").inputValue()).toBe("Analytical Engines");
      expect(await page.getByLabel("E-mail").inputValue()).toBe("ada@example.com");
      expect(await page.getByRole("textbox", { name: "Contact number" }).inputValue()).toBe("91234567");
    }
    await page.close();
  });
});

describe("pages: the operator's own legal pages (HERALD_TERMS_URL, HERALD_PRIVACY_URL)", () => {
  let server: RunningServer;
  let browser: BrowserContext;
  let operator: { url: string; server: Server };

  beforeAll(async () => {
    const port = await freePort();
    const site = createServer((req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end(`<!doctype html><title>Operator ${req.url}</title><h1>Operator page ${req.url}</h1>`);
    });
    await new Promise<void>((r) => site.listen(port, "127.0.0.1", r));
    operator = { url: `http://127.0.0.1:${port}`, server: site };
    server = await startServer({
      HERALD_DEMO: "false",
      HERALD_TERMS_URL: `${operator.url}/our-terms`,
      HERALD_PRIVACY_URL: `${operator.url}/our-privacy`,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise<void>((r) => operator?.server.close(() => r()));
  });

  it("links the registration form to the operator's pages, and sends /legal/* there", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/auths/auth-register`);
    const terms = page.getByRole("link", { name: "Terms of Service" });
    await expect.poll(() => terms.getAttribute("href")).toBe(`${operator.url}/our-terms`);
    expect(await page.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe(
      `${operator.url}/our-privacy`,
    );
    await page.goto(`${server.url}/legal/privacy`);
    await page.waitForURL(`${operator.url}/our-privacy`);
    await page.getByRole("heading", { name: "Operator page /our-privacy" }).waitFor();
    await page.close();
  });
});
