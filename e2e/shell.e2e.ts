import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, demoCredentials, signInByApi, waitForMessage } from "./support/api";
import { launchBrowser } from "./support/browser";
import { acknowledge } from "./support/notice";
import { type RunningServer, startServer } from "./support/server";

describe("signed-in shell, guards and session", () => {
  let server: RunningServer;
  let browser: BrowserContext;
  let owner: { email: string; password: string };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    owner = demoCredentials(server.output());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function pageWithToken(token: string, path: string): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(`${server.url}/not-found`);
    await page.evaluate((t) => localStorage.setItem("userToken", t), token);
    await page.goto(`${server.url}${path}`);
    return page;
  }

  it("shows the owner's shell: corporate credit, my credit, role label, profile details", async () => {
    const token = await signInByApi(server.url, owner.email, owner.password);
    const page = await pageWithToken(token, "/admin/profile");
    await page.getByRole("heading", { name: "My Profile" }).waitFor();
    await page.getByText("Corporate Credit").waitFor();
    await page.getByText("SGD 10,000.00").waitFor();
    await page.getByText("My Credit").first().waitFor();
    expect(await page.getByText("Owner & Admin").count()).toBeGreaterThan(0);
    await page.getByText(owner.email).waitFor();
    await page.getByRole("button", { name: "User Management" }).click();
    await page.getByRole("link", { name: "Departments" }).waitFor();
    await page.close();
  });

  it("an agent sees no Administrator section and no corporate credit, and an admin route says Invalid Access", async () => {
    const token = await signInByApi(server.url, "agent@demo.herald.local", owner.password);
    const page = await pageWithToken(token, "/admin/profile");
    await page.getByRole("heading", { name: "My Profile" }).waitFor();
    expect(await page.getByText("Corporate Credit").count()).toBe(0);
    await page.getByRole("button", { name: "Social Messaging" }).waitFor();
    expect(await page.getByText("Administrator").count()).toBe(0);
    expect(await page.getByRole("button", { name: "User Management" }).count()).toBe(0);
    await page.goto(`${server.url}/user-manage/users-list`);
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("Invalid Access").waitFor();
    await dialog.getByRole("button", { name: "OK" }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/user-manage"));
    await page.close();
  });

  it("an expired session shows 'Session Expired. Please login again.' once and goes to sign-in", async () => {
    const token = await signInByApi(server.url, owner.email, owner.password);
    const page = await pageWithToken(token, "/admin/profile");
    await page.getByRole("heading", { name: "My Profile" }).waitFor();
    // the token expires: its payload's exp is in the past (the client decodes it every 5 seconds)
    await page.evaluate(() => {
      const t = localStorage.getItem("userToken")!;
      const [h, p, s] = t.split(".");
      const payload = JSON.parse(atob(p!.replace(/-/g, "+").replace(/_/g, "/")));
      payload.exp = Math.floor(Date.now() / 1000) - 10;
      const enc = btoa(JSON.stringify(payload)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
      localStorage.setItem("userToken", `${h}.${enc}.${s}`);
    });
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("Session Expired. Please login again.").waitFor({ timeout: 15_000 });
    await dialog.getByRole("button", { name: "OK" }).click();
    await page.waitForURL((u) => u.pathname === "/login");
    expect(await page.evaluate(() => localStorage.getItem("userToken"))).toBeNull();
    await page.waitForTimeout(6000);
    expect(await page.getByText("Session Expired. Please login again.").count()).toBe(0);
    await page.close();
  });

  it("a session ended on the server (logout elsewhere) shows the dialog on the next call", async () => {
    const token = await signInByApi(server.url, owner.email, owner.password);
    const page = await pageWithToken(token, "/admin/profile");
    await page.getByRole("heading", { name: "My Profile" }).waitFor();
    expect((await apiPost(server.url, "/logout", {}, token)).status).toBe(200);
    await page.goto(`${server.url}/admin/profile-settings`);
    await page
      .getByRole("alertdialog")
      .getByText("Session Expired. Please login again.")
      .waitFor({ timeout: 15_000 });
    await page.close();
  });

  it("logs out after confirmation and ends the session on the server", async () => {
    const token = await signInByApi(server.url, owner.email, owner.password);
    const page = await pageWithToken(token, "/admin/profile");
    await page.getByRole("heading", { name: "My Profile" }).waitFor();
    await page.getByRole("button", { name: /Ada Tan/ }).click();
    await page.getByRole("menuitem", { name: "Log Out" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Log out of the product?").waitFor();
    await confirm.getByRole("button", { name: "Log Out" }).click();
    await page.waitForURL((u) => u.pathname === "/login");
    expect(await page.evaluate(() => localStorage.getItem("userToken"))).toBeNull();
    expect((await apiPost(server.url, "/getProfile", {}, token)).status).toBe(401);
    await page.close();
  });

  it("an agent's top-up request reaches the admins' notification panel, which marks it read on close", async () => {
    const agentToken = await signInByApi(server.url, "agent2@demo.herald.local", owner.password);
    const agentPage = await pageWithToken(agentToken, "/admin/profile");
    await agentPage.getByRole("heading", { name: "My Profile" }).waitFor();
    await agentPage.getByRole("button", { name: "Top Up" }).click();
    await agentPage.getByRole("alertdialog").getByText("Send top up request to Admin ?").waitFor();
    await agentPage.getByRole("alertdialog").getByRole("button", { name: "Send" }).click();
    await acknowledge(agentPage, "Topup Request has been sent !");
    await agentPage.close();

    const token = await signInByApi(server.url, owner.email, owner.password);
    const page = await pageWithToken(token, "/admin/profile");
    await page.getByRole("button", { name: "Notifications, 1 unread" }).click();
    await page.getByText("Eve Koh requests a credit top up.").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Notifications, no unread" }).waitFor({ timeout: 15_000 });
    const list = await apiPost<{ count: number }>(server.url, "/getNotification", {}, token);
    expect(list.body.count).toBe(0);
    await page.close();
  });

  it("turns on two-factor sign-in in Account Settings, then signs in with the e-mailed code", async () => {
    const email = "supervisor@demo.herald.local";
    const token = await signInByApi(server.url, email, owner.password);
    const page = await pageWithToken(token, "/admin/profile-settings");
    await page.getByRole("heading", { name: "Account Settings" }).waitFor();

    // Account tab: a name change saves after confirmation
    await page.getByRole("textbox", { name: "Last Name" }).fill("Nair-Rao");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByRole("alertdialog").getByText("Are you sure you want to update the changes?").waitFor();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes" }).click();
    await acknowledge(page, "Data Update Successful !");

    // Security tab: a wrong old password is refused with the server's message; cancelling clears the fields
    await page.getByRole("tab", { name: "Security" }).click();
    await page.getByRole("switch", { name: "Change password" }).click();
    await page.getByLabel("Old Password").fill("Wrong!Passw0rd1");
    await page.getByLabel("New Password").fill("Another!Passw0rd9");
    await page.getByLabel("Confirm Password").fill("Another!Passw0rd9");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes" }).click();
    await page.getByRole("alertdialog").getByText("Invalid old password").waitFor();
    await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
    await page.getByRole("switch", { name: "Change password" }).click();
    expect(await page.getByLabel("Old Password").count()).toBe(0);

    await page.getByRole("switch", { name: "Two-factor sign-in" }).click();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Yes" }).click();
    await acknowledge(page, "Data Update Successful !");

    // sign out through the avatar menu, then sign in through the form with the e-mailed code
    await page.getByRole("button", { name: /Chitra Nair-Rao/ }).click();
    await page.getByRole("menuitem", { name: "Log Out" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Log Out" }).click();
    await page.waitForURL((u) => u.pathname === "/login");
    const since = Date.now();
    await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(email);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(owner.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page
      .getByRole("alertdialog", { name: "Two-factor authentication" })
      .getByRole("button", { name: "Send code" })
      .click();
    await page.waitForURL(/\/auths\/fapage-email\//);
    const mail = await waitForMessage(server.url, email, since);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    await page.getByRole("textbox", { name: "Digit 1 of 6" }).click();
    await page.keyboard.type(code, { delay: 20 });
    await page.waitForURL(/\/apps\/social-chat$/);
    expect(await page.evaluate(() => localStorage.getItem("userToken"))).not.toBeNull();
    await page.close();
  });
});
