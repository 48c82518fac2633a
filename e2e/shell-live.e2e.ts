import type { BrowserContext, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, demoCredentials, signInByApi } from "./support/api";
import { launchBrowser } from "./support/browser";
import { type SqlServer, startSqlServer } from "./support/restartable";

/** The portal's refresh knob (local storage `herald.pollMs`): one second here instead of 30. */
const POLL_MS = "1000";
const SESSION_EXPIRED = "Session Expired. Please login again.";

describe("signed-in shell: live figures, other tabs, revoked sessions, role changes", () => {
  let server: SqlServer;
  let browser: BrowserContext;
  let password: string;
  let ownerEmail: string;

  beforeAll(async () => {
    // a role written straight into PostgreSQL applies once the session cache's entry ends: 2 s here, not 30
    server = await startSqlServer({ HERALD_SESSION_CACHE_MS: "2000" });
    browser = await launchBrowser();
    ({ email: ownerEmail, password } = demoCredentials(server.output()));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const signIn = (email: string) => signInByApi(server.url, email, password);

  /** A page signed in with `token`, refreshing every second, at `path`. */
  async function pageWithToken(token: string, path: string, onRequest?: (r: Request) => void): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(`${server.url}/not-found`);
    await page.evaluate(
      ([t, ms]) => {
        localStorage.setItem("userToken", t!);
        localStorage.setItem("herald.pollMs", ms!);
      },
      [token, POLL_MS],
    );
    if (onRequest) page.on("request", onRequest);
    await page.goto(`${server.url}${path}`);
    return page;
  }

  it("loads signed-in and public screens without React Router's HydrateFallback warning", async () => {
    const messages: string[] = [];
    const page = await browser.newPage();
    page.on("console", (m) => messages.push(`${m.type()}: ${m.text()}`));
    await page.goto(`${server.url}/not-found`);
    await page.evaluate(
      (t) => localStorage.setItem("userToken", t),
      await signIn("supervisor@demo.herald.local"),
    );
    await page.goto(`${server.url}/admin/profile`);
    await page.getByRole("heading", { name: "My Profile" }).waitFor();
    await page.goto(`${server.url}/login`);
    await page.getByRole("button", { name: "Sign in", exact: true }).waitFor();
    expect(messages.filter((m) => m.includes("HydrateFallback"))).toEqual([]);
    await page.close();
  });

  it("labels a supervisor 'Supervisor' in the avatar menu and on My Profile", async () => {
    const page = await pageWithToken(await signIn("supervisor@demo.herald.local"), "/admin/profile");
    await page.getByRole("heading", { name: "My Profile" }).waitFor();
    expect(await page.locator('dt:text-is("Role") + dd').textContent()).toBe("Supervisor");
    await page.getByRole("button", { name: "Chitra Nair Supervisor" }).waitFor();
    await page.close();
  });

  it("shows a new notification without reloading after an agent's top-up request", async () => {
    const page = await pageWithToken(await signIn(ownerEmail), "/admin/profile");
    await page.getByRole("heading", { name: "My Profile" }).waitFor();
    await page.getByRole("button", { name: "Notifications, no unread" }).waitFor();
    const agent = await signIn("agent2@demo.herald.local");
    expect((await apiPost(server.url, "/topupReq", { topUpType: 2 }, agent)).status).toBe(200);
    await page.getByRole("button", { name: "Notifications, 1 unread" }).waitFor({ timeout: 20_000 });
    await page.close();
  });

  it("a sign-out in another tab sends this tab to /login at once; a sign-in as someone else there switches it", async () => {
    const token = await signIn(ownerEmail);
    const first = await pageWithToken(token, "/admin/profile");
    await first.getByRole("heading", { name: "My Profile" }).waitFor();
    const second = await browser.newPage();
    await second.goto(`${server.url}/admin/profile`);
    await second.getByRole("button", { name: /Ada Tan/ }).click();
    await second.getByRole("menuitem", { name: "Log Out" }).click();
    await second.getByRole("alertdialog").getByRole("button", { name: "Log Out" }).click();
    await second.waitForURL((u) => u.pathname === "/login");
    await first.waitForURL((u) => u.pathname === "/login", { timeout: 10_000 });
    expect(await first.getByText(SESSION_EXPIRED).count()).toBe(0);

    // Signed in as the owner in one tab; another tab signs in as Eve: the first follows, without a reload.
    const again = await pageWithToken(await signIn(ownerEmail), "/admin/profile");
    await again.getByRole("button", { name: /Ada Tan/ }).waitFor();
    const eve = await signIn("agent2@demo.herald.local");
    await second.evaluate((t) => localStorage.setItem("userToken", t), eve);
    await again.getByRole("button", { name: /Eve Koh/ }).waitFor({ timeout: 10_000 });
    expect(await again.getByRole("heading", { name: "Administrator" }).count()).toBe(0);
    await Promise.all([first.close(), second.close(), again.close()]);
  });

  it("a session revoked before the page loads costs one refused call, then the dialog once", async () => {
    const token = await signIn(ownerEmail);
    expect((await apiPost(server.url, "/logout", {}, token)).status).toBe(200);
    const signedCalls: string[] = [];
    const page = await pageWithToken(token, "/admin/profile", (r) => {
      if (r.url().includes("/api/") && r.headers().authorization) signedCalls.push(new URL(r.url()).pathname);
    });
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText(SESSION_EXPIRED).waitFor({ timeout: 15_000 });
    expect(signedCalls).toEqual(["/api/getProfile"]);
    await dialog.getByRole("button", { name: "OK" }).click();
    await page.waitForURL((u) => u.pathname === "/login");
    // several refresh intervals later: nothing more was sent, and the dialog did not come back
    await page.waitForTimeout(3000);
    expect(signedCalls).toEqual(["/api/getProfile"]);
    expect(await page.getByText(SESSION_EXPIRED).count()).toBe(0);
    await page.close();
  });

  it("a session revoked while the page is open: the next refresh is refused once, the dialog shows once", async () => {
    const token = await signIn(ownerEmail);
    const refused: string[] = [];
    const page = await pageWithToken(token, "/admin/profile");
    await page.getByRole("heading", { name: "My Profile" }).waitFor();
    await page.getByRole("button", { name: /Notifications, / }).waitFor();
    page.on("response", (r) => {
      if (r.url().includes("/api/") && r.status() === 401) refused.push(new URL(r.url()).pathname);
    });
    expect((await apiPost(server.url, "/logout", {}, token)).status).toBe(200);
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText(SESSION_EXPIRED).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(2500);
    expect(refused).toEqual(["/api/getProfile"]);
    expect(await page.getByRole("alertdialog").count()).toBe(1);
    await dialog.getByRole("button", { name: "OK" }).click();
    await page.waitForURL((u) => u.pathname === "/login");
    await page.close();
  });

  it("a role and credit change made in the database shows after the next profile refresh, without signing in", async () => {
    const email = "agent@demo.herald.local";
    const page = await pageWithToken(await signIn(email), "/admin/profile");
    await page.getByRole("heading", { name: "My Profile" }).waitFor();
    await page.getByRole("button", { name: "Daniel Wong Agent" }).waitFor();
    expect(await page.getByRole("heading", { name: "Administrator" }).count()).toBe(0);

    await server.sql(
      `with company as (
         update companies set credit_cents = 777700 where id = (select company_id from users where email = $1)
       )
       update users set user_role = 'admin', credit_cents = 12345 where email = $1`,
      [email],
    );
    await page.getByRole("heading", { name: "Administrator" }).waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: /Daniel Wong Admin/ }).waitFor();
    // the balances follow too: My Credit (header and page) and, now that he is an admin, Corporate Credit
    await page.locator('dt:text-is("My Credit") + dd', { hasText: "SGD 123.45" }).waitFor();
    await page.getByRole("group", { name: "My Credit" }).getByText("SGD 123.45").waitFor();
    await page.getByRole("group", { name: "Corporate Credit" }).getByText("SGD 7,777.00").waitFor();
    // the server follows the new role too: an admin screen opens
    await page.getByRole("button", { name: "User Management" }).click();
    await page.getByRole("link", { name: "Users" }).click();
    await page.waitForURL((u) => u.pathname === "/user-manage/users-list");
    expect(await page.getByText("Invalid Access").count()).toBe(0);

    await server.sql("update users set user_role = 'agent' where email = $1", [email]);
    await page.getByRole("alertdialog").getByText("Invalid Access").waitFor({ timeout: 30_000 });
    await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
    await page.getByRole("heading", { name: "Administrator" }).waitFor({ state: "detached" });
    await page.close();
  });
});
