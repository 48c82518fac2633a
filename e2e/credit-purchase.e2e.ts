import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, demoCredentials, type SandboxMessage, signInByApi, waitForMessage } from "./support/api";
import { axeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { acknowledge } from "./support/notice";
import { type RunningServer, startServer } from "./support/server";

const POLL_MS = "1000";
const CONFIRM = "Are you sure you want to update the changes?";
const SUCCESS = "Data Update Successful !";
const USER = {
  firstName: "Paula",
  lastName: "Purchase",
  email: "paula.purchase@example.com",
  password: "BuyCredit7!harbour",
};

async function confirm(page: Page, title: string, action: string) {
  const dialog = page.getByRole("alertdialog", { name: title, exact: true });
  await dialog.waitFor();
  await dialog.getByRole("button", { name: action, exact: true }).click();
}

const money = (cents: number) =>
  new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);

describe("credit purchase: sandbox checkout, then the credit flows to a user and back, with one threshold e-mail", () => {
  let server: RunningServer;
  /**
   * The address the admin opens: the one the server listens on (http://127.0.0.1:PORT), not its public URL
   * (HERALD_PUBLIC_URL's default, http://localhost:PORT): a different origin, with its own local storage.
   * Checkout must come back here.
   */
  let base: string;
  let browser: BrowserContext;
  let ownerEmail: string;
  let ownerToken: string;
  let userId: string;
  let userToken: string;

  beforeAll(async () => {
    server = await startServer();
    base = server.url;
    expect(new URL(base).hostname).toBe("127.0.0.1");
    browser = await launchBrowser();
    const owner = demoCredentials(server.output());
    ownerEmail = owner.email;
    ownerToken = await signInByApi(server.url, owner.email, owner.password);
    const depts = (await (
      await fetch(`${server.url}/api/departments`, { headers: { authorization: `Bearer ${ownerToken}` } })
    ).json()) as { data: { id: string }[] };
    const added = await apiPost(
      server.url,
      "/addUser",
      {
        ...USER,
        confirmPass: USER.password,
        dept: [depts.data[0]!.id],
        contactNumber: "6591113333",
        userRole: "agent",
        login2fa: "N",
        amount: 0,
      },
      ownerToken,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const list = await fetch(`${server.url}/api/userList?search=${encodeURIComponent(USER.email)}`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    userId = ((await list.json()) as { data: { id: string; email: string }[] }).data.find(
      (u) => u.email === USER.email,
    )!.id;
    userToken = await signInByApi(server.url, USER.email, USER.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function pageAs(
    token: string,
    path: string,
    opts: { width?: number; dark?: boolean; context?: BrowserContext } = {},
  ) {
    const page = await (opts.context ?? browser).newPage();
    await page.setViewportSize({ width: opts.width ?? 1280, height: 800 });
    await page.emulateMedia({ colorScheme: opts.dark ? "dark" : "light" });
    await page.goto(`${base}/not-found`);
    await page.evaluate(
      ([t, ms]) => {
        localStorage.setItem("userToken", t!);
        localStorage.setItem("herald.pollMs", ms!);
      },
      [token, POLL_MS],
    );
    await page.goto(`${base}${path}`);
    return page;
  }

  const companyCents = async () => {
    const r = await apiPost<{ companyCredit: number }>(server.url, "/getCompany", {}, ownerToken);
    expect(r.status).toBe(200);
    return Math.round(r.body.companyCredit * 100);
  };
  const userCents = async () => {
    const r = await apiPost<{ totalCredit: number }>(server.url, "/getUser", { id: userId }, ownerToken);
    expect(r.status).toBe(200);
    return Math.round(r.body.totalCredit * 100);
  };
  const mainBalance = (page: Page) =>
    page.getByRole("main").getByRole("group", { name: "Corporate Credit" }).textContent();

  it("buys 500 SGD through the sandbox checkout: 'Payment Success' and the corporate balance rises by exactly 500.00", async () => {
    const before = await companyCents();
    // Buying starts from the header: the admin's Corporate Credit offers Buy credit, straight to the purchase.
    const page = await pageAs(ownerToken, "/admin/profile");
    await page.getByRole("heading", { name: "My Profile" }).waitFor();
    const buy = page.getByRole("banner").getByRole("button", { name: "Buy credit for the company" });
    expect(await buy.textContent()).toBe("Buy credit");
    await buy.click();
    await page.waitForURL((u) => u.pathname === "/credit-mgt/purchase-credit");
    await page.getByRole("heading", { level: 1, name: "Purchase Credit" }).waitFor();
    const origin = new URL(page.url()).origin;
    await expect.poll(() => mainBalance(page), { timeout: 15_000 }).toContain(money(before));
    expect(
      await page.getByRole("link", { name: "Credit Management", exact: true }).getAttribute("href"),
    ).toBe("/user-manage/users-list");
    expect(await axeViolations(page)).toEqual([]);

    // Nothing picked, or a custom amount that is not a whole number: refused, nothing sent.
    const checkoutCalls: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/checkout")) checkoutCalls.push(r.postData() ?? "");
    });
    await page.getByRole("button", { name: "Checkout", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "Please select or enter amount" }).waitFor();
    await page.getByRole("textbox", { name: /Custom amount/ }).fill("12.5");
    await page.getByRole("button", { name: "Checkout", exact: true }).click();
    // the specification's words, then the rule the amount breaks
    await page
      .getByRole("alert")
      .filter({
        hasText: "Please select or enter amount. Amounts are whole SGD, without cents: enter 12 or 13.",
      })
      .waitFor();
    expect(checkoutCalls).toEqual([]);

    // The 500 card, from the keyboard's point of view a radio button.
    await page.getByRole("radio", { name: "SGD 500", exact: true }).check();
    await page.getByText("You pay SGD 500.00").waitFor();
    await page.getByRole("button", { name: "Checkout", exact: true }).click();
    await page.waitForURL(/\/_sandbox\/checkout\/[0-9a-f-]+\?token=/);
    expect(checkoutCalls.map((b) => JSON.parse(b))).toEqual([{ amount: 500 }]);
    await page.getByText("SGD 500.00").first().waitFor();
    expect(await companyCents()).toBe(before); // nothing until the payment is confirmed

    await page.getByRole("button", { name: "Pay SGD 500.00" }).click();
    await page.waitForURL(/\/credit-mgt\/purchase-credit/);
    // back where the admin left from (same origin, so same session): still signed in, and told
    expect(new URL(page.url()).origin).toBe(origin);
    await acknowledge(page, "Payment Success");
    await page.getByRole("heading", { level: 1, name: "Purchase Credit" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("userToken"))).toBe(ownerToken);
    expect(new URL(page.url()).pathname).toBe("/credit-mgt/purchase-credit");
    expect(new URL(page.url()).search).toBe("");
    expect(await companyCents()).toBe(before + 50_000);
    await expect.poll(() => mainBalance(page), { timeout: 15_000 }).toContain(money(before + 50_000));
    await page.close();
  });

  it("a cancelled purchase says 'Payment Cancelled' and leaves the balance unchanged", async () => {
    const before = await companyCents();
    const page = await pageAs(ownerToken, "/credit-mgt/purchase-credit", { width: 390, dark: true });
    await page.getByRole("heading", { level: 1, name: "Purchase Credit" }).waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth),
    ).toBe(false);
    await page.getByRole("textbox", { name: /Custom amount/ }).fill("750");
    await page.getByRole("textbox", { name: /Custom amount/ }).press("Enter");
    await page.waitForURL(/\/_sandbox\/checkout\//);
    await page.getByText("SGD 750.00").first().waitFor();
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await page.waitForURL(/\/credit-mgt\/purchase-credit/);
    await acknowledge(page, "Payment Cancelled");
    expect(new URL(page.url()).search).toBe("");
    expect(await companyCents()).toBe(before);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it("Payment History opens the sandbox billing portal with both purchases", async () => {
    const page = await pageAs(ownerToken, "/credit-mgt/payment-history");
    await page.waitForURL(/\/_sandbox\/payments\//);
    await page.getByRole("heading", { name: "Payment history" }).waitFor();
    const rows = await page.getByRole("row").allTextContents();
    expect(rows.some((r) => r.includes("SGD 500.00") && r.includes("Paid"))).toBe(true);
    expect(rows.some((r) => r.includes("SGD 750.00") && r.includes("Cancelled"))).toBe(true);
    await page.close();
  });

  it("allocates to a user, who sees it as My Credit; a deduction across their threshold e-mails them once", async () => {
    const company = await companyCents();
    expect(await userCents()).toBe(0);
    const admin = await pageAs(ownerToken, `/user-manage/user-edit/${userId}/user-credit`);
    const amount = admin.getByRole("spinbutton", { name: /^Amount/ });
    await amount.fill("300.00");
    await admin.getByRole("button", { name: "Add", exact: true }).click();
    await confirm(admin, CONFIRM, "Add");
    await acknowledge(admin, SUCCESS);
    expect(await userCents()).toBe(30_000);
    expect(await companyCents()).toBe(company - 30_000);

    // The user signs in (their own browser: the session lives in local storage) and sees it in My Credit.
    const userBrowser = await launchBrowser();
    const user = await pageAs(userToken, "/admin/profile", { context: userBrowser });
    await expect
      .poll(() => user.getByRole("banner").getByRole("group", { name: "My Credit" }).textContent(), {
        timeout: 15_000,
      })
      .toContain("300.00");
    // Their own alert thresholds (Notifications tab's call): 250 and 100.
    const saved = await apiPost(
      server.url,
      "/editMyNotification",
      { firstThresh: 250, secondThresh: 100 },
      userToken,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await userBrowser.close();

    // The admin deducts 60.00: 300 -> 240 falls below 250.
    const since = Date.now();
    await amount.fill("60.00");
    await admin.getByRole("button", { name: "Deduct", exact: true }).click();
    await confirm(admin, CONFIRM, "Deduct");
    await acknowledge(admin, SUCCESS);
    expect(await userCents()).toBe(24_000);
    const subject = `Low credit: ${USER.firstName} ${USER.lastName} is below SGD 250.00`;
    const mail = await waitForMessage(server.url, USER.email, since);
    expect(mail.subject).toBe(subject);
    // A second deduction that stays between the thresholds sends nothing new (once per crossing).
    await amount.fill("10.00");
    await admin.getByRole("button", { name: "Deduct", exact: true }).click();
    await confirm(admin, CONFIRM, "Deduct");
    await acknowledge(admin, SUCCESS);
    await new Promise((r) => setTimeout(r, 3_000));
    const all = (await (await fetch(`${server.url}/_sandbox/messages.json`)).json()) as SandboxMessage[];
    const alerts = all.filter((m) => m.subject === subject && Date.parse(m.createdAt) >= since);
    expect(alerts.filter((m) => m.to === USER.email)).toHaveLength(1);
    expect(alerts.filter((m) => m.to === ownerEmail)).toHaveLength(1);
    await admin.close();
  });
});
