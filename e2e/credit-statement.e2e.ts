import { readFileSync } from "node:fs";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, demoCredentials, signInByApi } from "./support/api";
import { axeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

const AGENT_EMAIL = "agent@demo.herald.local";
const AGENT_NAME = "Daniel Wong";

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** "SGD 1,234.50", "+1,234.50" or "-5.00" as cents. */
const cents = (text: string | null) => Math.round(Number((text ?? "").replace(/[^\d.-]/g, "")) * 100);

describe("credit statement: where the credit went, filtered by date and exported", () => {
  let server: RunningServer;
  let browser: BrowserContext;
  let ownerToken: string;
  let agentId: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const owner = demoCredentials(server.output());
    ownerToken = await signInByApi(server.url, owner.email, owner.password);
    const list = await fetch(`${server.url}/api/userList?search=${encodeURIComponent(AGENT_EMAIL)}`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    const body = (await list.json()) as { data: { id: string; email: string }[] };
    agentId = body.data.find((u) => u.email === AGENT_EMAIL)?.id ?? "";
    expect(agentId).not.toBe("");
    for (const [amount, action] of [
      [25, "add"],
      [5, "deduct"],
    ] as const) {
      const r = await apiPost(server.url, "/editUserCredit", { id: agentId, amount, action }, ownerToken);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function ownerPage(
    path: string,
    opts: { width?: number; dark?: boolean; token?: string } = {},
  ): Promise<Page> {
    const page = await browser.newPage();
    await page.setViewportSize({ width: opts.width ?? 1280, height: 800 });
    await page.emulateMedia({ colorScheme: opts.dark ? "dark" : "light" });
    await page.goto(`${server.url}/not-found`);
    await page.evaluate((t) => localStorage.setItem("userToken", t), opts.token ?? ownerToken);
    await page.goto(`${server.url}${path}`);
    return page;
  }

  const table = (page: Page) => page.getByRole("table", { name: "Statement entries" });
  const bodyRows = (page: Page): Locator => table(page).locator("tbody tr");
  const card = (page: Page, label: string) => page.getByRole("group", { name: label, exact: true });
  // the first cell holds the row's "Show details" button (columns hidden on narrow screens)
  const cellText = (row: Locator, index: number) =>
    row
      .locator("td")
      .nth(index + 1)
      .textContent();

  it("shows the corporate account's allocation and deduction with running balances", async () => {
    const errors: string[] = [];
    const page = await ownerPage("/credit-mgt/summary");
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.getByRole("heading", { level: 1, name: "Credit Summary" }).waitFor();
    await page.getByRole("main").getByRole("link", { name: "Statement", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Credit Statement" }).waitFor();
    await bodyRows(page)
      .filter({ hasText: `Deducted from ${AGENT_NAME}` })
      .first()
      .waitFor();

    const first = bodyRows(page).nth(0);
    const second = bodyRows(page).nth(1);
    expect(await cellText(first, 1)).toBe(`Deducted from ${AGENT_NAME}`);
    expect(await cellText(first, 4)).toBe("+5.00");
    expect(await cellText(second, 1)).toBe(`Allocated to ${AGENT_NAME}`);
    expect(await cellText(second, 4)).toBe("-25.00");
    expect(await cellText(first, 0)).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2}:\d{2} SGT$/);
    // running balances: newest first, each the one below it plus its amount, the top one the closing
    const company = await apiPost<{ companyCredit: number }>(server.url, "/getCompany", {}, ownerToken);
    const closing = Math.round(company.body.companyCredit * 100);
    expect(cents(await card(page, "Closing balance").textContent())).toBe(closing);
    expect(cents(await cellText(first, 5))).toBe(closing);
    expect(cents(await cellText(second, 5))).toBe(closing - 500);
    const opening = cents(await card(page, "Opening balance").textContent());
    const totalIn = cents(await card(page, "In").textContent());
    const totalOut = cents(await card(page, "Out").textContent());
    expect(opening + totalIn - totalOut).toBe(closing);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("filters by date: last month has no entries and keeps the balance", async () => {
    const page = await ownerPage("/credit-mgt/statement");
    await bodyRows(page)
      .filter({ hasText: `Allocated to ${AGENT_NAME}` })
      .first()
      .waitFor();
    const closing = cents(await card(page, "Closing balance").textContent());
    await page.getByRole("button", { name: "Last month" }).click();
    await page.getByText("No credit moved in these dates.").waitFor();
    expect(await page.getByRole("button", { name: "Last month" }).getAttribute("aria-pressed")).toBe("true");
    expect(page.url()).toMatch(/from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}/);
    // the demo company's credit before this month: nothing after it moved
    const opening = cents(await card(page, "Opening balance").textContent());
    expect(cents(await card(page, "Closing balance").textContent())).toBe(opening);
    expect(opening).toBeLessThanOrEqual(closing + 2_000);
    // an end before the start is refused on the page
    const from = page.getByLabel("From", { exact: true });
    const to = page.getByLabel("To", { exact: true });
    await to.fill("2026-01-01");
    await from.fill("2026-02-01");
    await page.getByText("The start date must not be after the end date").first().waitFor();
    await page.getByRole("button", { name: "This month" }).click();
    await bodyRows(page)
      .filter({ hasText: `Allocated to ${AGENT_NAME}` })
      .first()
      .waitFor();
  });

  it("exports the statement as CSV with the entries and balances", async () => {
    const page = await ownerPage("/credit-mgt/statement");
    await bodyRows(page)
      .filter({ hasText: `Allocated to ${AGENT_NAME}` })
      .first()
      .waitFor();
    const closing = cents(await card(page, "Closing balance").textContent());
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await download.path())!, "utf8");
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe(
      "Date (Asia/Singapore),Description,Counterparty,Reference,By,Amount (SGD),Balance (SGD)",
    );
    expect(lines[1]).toMatch(/,Opening balance,,,,,\d+\.\d{2}$/);
    const allocated = lines.findLast((l) => l.includes(`Allocated to ${AGENT_NAME}`));
    const deducted = lines.findLast((l) => l.includes(`Deducted from ${AGENT_NAME}`));
    expect(allocated).toMatch(/,-25\.00,\d+\.\d{2}$/);
    expect(deducted).toMatch(/,5\.00,\d+\.\d{2}$/);
    expect(lines.at(-1)).toMatch(/,Closing balance,,,,,\d+\.\d{2}$/);
    expect(cents(lines.at(-1)!.split(",").at(-1)!)).toBe(closing);
  });

  it("opens a user's statement from their summary row, and works on a phone and in dark mode", async () => {
    const page = await ownerPage("/credit-mgt/summary");
    await page.getByRole("link", { name: `Statement of ${AGENT_NAME}` }).click();
    await page.waitForURL(/userId=/);
    await bodyRows(page)
      .filter({ hasText: `Allocated to ${AGENT_NAME}` })
      .first()
      .waitFor();
    expect(
      await cellText(
        bodyRows(page)
          .filter({ hasText: `Allocated to ${AGENT_NAME}` })
          .first(),
        4,
      ),
    ).toBe("+25.00");
    expect(
      await cellText(
        bodyRows(page)
          .filter({ hasText: `Deducted from ${AGENT_NAME}` })
          .first(),
        4,
      ),
    ).toBe("-5.00");
    expect(await page.getByRole("combobox", { name: "Account" }).textContent()).toContain(AGENT_NAME);
    // My Credit in the header links to the caller's own statement
    const mine = page.getByRole("link", { name: "Statement of My Credit" });
    expect(await mine.getAttribute("href")).toMatch(/^\/credit-mgt\/statement\?userId=/);

    for (const width of [390, 768]) {
      const small = await ownerPage(`/credit-mgt/statement?userId=${agentId}`, { width });
      await bodyRows(small).first().waitFor();
      expect(await scrollsSideways(small), String(width)).toBe(false);
      await small.close();
    }
    const dark = await ownerPage("/credit-mgt/statement", { dark: true, width: 1440 });
    await bodyRows(dark).first().waitFor();
    expect(await axeViolations(dark)).toEqual([]);
  });

  it("shows an agent their own statement from My Credit, without the account picker", async () => {
    const depts = (await (
      await fetch(`${server.url}/api/departments`, { headers: { authorization: `Bearer ${ownerToken}` } })
    ).json()) as { data: { id: string }[] };
    const password = "FreshStart7!river";
    const added = await apiPost<{ id?: string }>(
      server.url,
      "/addUser",
      {
        firstName: "Sara",
        lastName: "Statement",
        email: "sara.statement@example.com",
        dept: [depts.data[0]!.id],
        contactNumber: "6591113333",
        password,
        confirmPass: password,
        userRole: "agent",
        login2fa: "N",
        amount: 12.5,
      },
      ownerToken,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const agentToken = await signInByApi(server.url, "sara.statement@example.com", password);
    const page = await ownerPage("/admin/profile", { token: agentToken });
    // the header's My Credit leads to the agent's own statement
    await page.getByRole("link", { name: "Statement of My Credit" }).click();
    await page.getByRole("heading", { level: 1, name: "Credit Statement" }).waitFor();
    await bodyRows(page).filter({ hasText: "Allocated to Sara Statement" }).first().waitFor();
    expect(await cellText(bodyRows(page).first(), 4)).toBe("+12.50");
    expect(cents(await card(page, "Closing balance").textContent())).toBe(1250);
    expect(await page.getByRole("combobox", { name: "Account" }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    // the corporate account is not theirs to see
    const corporate = await fetch(`${server.url}/api/creditStatement`, {
      headers: { authorization: `Bearer ${agentToken}` },
    });
    expect(corporate.status).toBe(403);
  });
});
