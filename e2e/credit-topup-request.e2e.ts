import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, demoCredentials, signInByApi } from "./support/api";
import { axeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { acknowledge } from "./support/notice";
import { type RunningServer, startServer } from "./support/server";

/** The portal's refresh knob (local storage `herald.pollMs`): one second here instead of 30. */
const POLL_MS = "1000";
const AGENT_EMAIL = "agent@demo.herald.local";
const AGENT_NAME = "Daniel Wong";
const OWNER_NAME = "Ada Tan";

/** "SGD 1,234.50" or "1,234.50" as cents. */
const cents = (text: string | null) => Math.round(Number((text ?? "").replace(/[^\d.-]/g, "")) * 100);

describe("top-up request: an agent asks, an admin follows the notification to the credit tab and tops up", () => {
  let server: RunningServer;
  let browser: BrowserContext;
  let password: string;
  let ownerEmail: string;
  let ownerToken: string;
  let agentToken: string;
  let agentId: string;
  let ownerId: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ email: ownerEmail, password } = demoCredentials(server.output()));
    ownerToken = await signInByApi(server.url, ownerEmail, password);
    agentToken = await signInByApi(server.url, AGENT_EMAIL, password);
    const agent = await apiPost<{ userId: string }>(server.url, "/getProfile", {}, agentToken);
    const owner = await apiPost<{ userId: string }>(server.url, "/getProfile", {}, ownerToken);
    agentId = agent.body.userId;
    ownerId = owner.body.userId;
    expect(agentId).toBeTruthy();
    expect(ownerId).toBeTruthy();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function pageAs(token: string, path: string): Promise<Page> {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/not-found`);
    await page.evaluate(
      ([t, ms]) => {
        localStorage.setItem("userToken", t!);
        localStorage.setItem("herald.pollMs", ms!);
      },
      [token, POLL_MS],
    );
    await page.goto(`${server.url}${path}`);
    return page;
  }

  /** The header's balance `label` ("My Credit", "Corporate Credit") in cents. */
  const headerFigure = (page: Page, label: string) =>
    page.getByRole("group", { name: label }).locator("span").nth(1).textContent().then(cents);

  it("agent: only My Credit, whose Top Up sends a request to the admins after a confirmation", async () => {
    const page = await pageAs(agentToken, "/admin/profile");
    await page.getByRole("heading", { name: "My Profile" }).waitFor();
    await page.getByRole("button", { name: "Top Up My Credit" }).waitFor();
    expect(await page.getByRole("button", { name: "Top Up Corporate Credit" }).count()).toBe(0);

    // Cancelling sends nothing.
    await page.getByRole("button", { name: "Top Up My Credit" }).click();
    let dialog = page.getByRole("alertdialog", { name: "Send top up request to Admin ?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    const none = await apiPost<{ count: number }>(server.url, "/getNotification", {}, ownerToken);
    expect(none.body.count).toBe(0);

    await page.getByRole("button", { name: "Top Up My Credit" }).click();
    dialog = page.getByRole("alertdialog", { name: "Send top up request to Admin ?" });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: /^(Send|Yes|OK|Confirm)/ }).click();
    await acknowledge(page, "Topup Request has been sent !");
    await page.close();
  });

  it("admin: the request shows in the notification panel and its link opens the agent's credit tab, where the admin tops up", async () => {
    const page = await pageAs(ownerToken, "/admin/profile");
    await page.getByRole("heading", { name: "My Profile" }).waitFor();
    await page.getByRole("button", { name: "Notifications, 1 unread" }).click();
    const panel = page.getByRole("dialog", { name: "Recent Notification" });
    await panel.waitFor();
    await panel.getByText(`${AGENT_NAME} requests a credit top up.`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const link = panel.getByRole("link", { name: `Top Up: ${AGENT_NAME} requests a credit top up.` });
    expect(await link.getAttribute("href")).toBe(`/user-manage/user-edit/${agentId}/user-credit`);
    await link.click();
    await page.waitForURL((u) => u.pathname === `/user-manage/user-edit/${agentId}/user-credit`);
    await panel.waitFor({ state: "detached" });
    await page.getByRole("heading", { level: 1, name: `Edit User: ${AGENT_NAME}` }).waitFor();
    // Following the link closed the panel and marked the request read.
    await page.getByRole("button", { name: "Notifications, no unread" }).waitFor({ timeout: 15_000 });

    const before = cents(await page.getByTestId("user-credit").textContent());
    await page.getByRole("spinbutton", { name: /^Amount/ }).fill("5");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to update the changes?" });
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Add", exact: true }).click();
    await acknowledge(page, "Data Update Successful !");
    await expect.poll(() => page.getByTestId("user-credit").textContent().then(cents)).toBe(before + 500);
    await page.close();

    // The agent's My Credit shows the new balance (refreshed without a reload).
    const agentPage = await pageAs(agentToken, "/admin/profile");
    await expect.poll(() => headerFigure(agentPage, "My Credit"), { timeout: 15_000 }).toBe(before + 500);
    await agentPage.close();
  });

  it("admin: My Credit's Top Up opens the admin's own credit tab; Corporate Credit's Buy credit opens the purchase; the summary asks the vendor's support", async () => {
    const page = await pageAs(ownerToken, "/admin/profile");
    await page.getByRole("heading", { name: "My Profile" }).waitFor();
    await page.getByRole("button", { name: "Top Up My Credit" }).click();
    await page.waitForURL((u) => u.pathname === `/user-manage/user-edit/${ownerId}/user-credit`);
    await page.getByRole("heading", { level: 1, name: `Edit User: ${OWNER_NAME}` }).waitFor();
    await page.getByTestId("user-credit").waitFor();
    await page.getByTestId("corporate-balance").waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The header's corporate button buys credit; asking Herald Support instead is the credit summary's Top Up.
    await page.getByRole("banner").getByRole("button", { name: "Buy credit for the company" }).click();
    await page.waitForURL((u) => u.pathname === "/credit-mgt/purchase-credit");
    await page.getByRole("heading", { level: 1, name: "Purchase Credit" }).waitFor();
    await page.goto(`${server.url}/credit-mgt/summary`);
    // The corporate request is a form: an optional amount and note for Herald Support.
    await page.getByRole("main").getByRole("button", { name: "Top Up Corporate Credit" }).click();
    const dialog = page.getByRole("dialog", { name: /^Send top up request to Herald Support/ });
    await dialog.waitFor();
    await dialog.getByRole("spinbutton", { name: /^Amount/ }).waitFor();
    await dialog.getByRole("textbox", { name: /^Note to Herald Support/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.close();
  });
});
