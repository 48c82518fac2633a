import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, demoCredentials, signInByApi, waitForMessage } from "./support/api";
import { launchBrowser } from "./support/browser";
import { acknowledge } from "./support/notice";
import { type RunningServer, startServer } from "./support/server";

const portalDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../packages/portal/dist");

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The signed-in home's critical path in the build's chunk graph (dist/.vite/manifest.json): the entry, the
 * inbox screen and the signed-in layout with every chunk they import statically (what must arrive before the
 * home can show its rows; lazily loaded parts such as the header's menus and the open room are not on it),
 * and the compressed bytes the server sends for them (the .br beside each file).
 */
function homeCriticalPath() {
  const manifest = JSON.parse(readFileSync(path.join(portalDist, ".vite/manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of ["index.html", "src/routes/social/social-chat.tsx", "src/shell/shell.tsx"]) visit(key);
  const files = [...seen].map((key) => manifest[key]!.file).filter((f) => f.endsWith(".js"));
  const bytes = files.reduce((sum, f) => sum + statSync(path.join(portalDist, `${f}.br`)).size, 0);
  return { files, bytes, screenChunk: manifest["src/routes/social/social-chat.tsx"]!.file };
}

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

  it("paints the home's layout from the first chunks and asks for its data beside its code, within 170 kB", async () => {
    const critical = homeCriticalPath();
    expect(critical.bytes, `critical path: ${critical.files.join(", ")}`).toBeLessThanOrEqual(170_000);

    const token = await signInByApi(server.url, owner.email, owner.password);
    const page = await browser.newPage();
    await page.addInitScript((t) => localStorage.setItem("userToken", t), token);
    const sent: string[] = [];
    page.on("request", (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith("/api/")) sent.push(u.pathname);
    });
    // The home's own code is held back until its data has been asked for (or 15 s have passed): a page
    // that asks for its data only after its code has arrived fails here, whatever the machine's speed.
    const asked = () => ["/api/getProfile", "/api/social-chat/chat/room"].every((p) => sent.includes(p));
    let heldWhileAsking = false;
    let painted = false;
    await page.route(`**/${critical.screenChunk}`, async (route) => {
      const started = Date.now();
      while (!asked() && Date.now() - started < 15_000) await new Promise((r) => setTimeout(r, 50));
      heldWhileAsking = asked();
      // Meanwhile the layout and the page's grey bars are on screen: the sidebar's links already work.
      painted =
        (await page.getByRole("navigation", { name: "Main" }).isVisible()) &&
        (await page.getByRole("status", { name: "Loading" }).isVisible());
      await route.continue();
    });
    await page.goto(`${server.url}/`);
    await page.getByRole("list", { name: "First steps" }).waitFor();
    expect(heldWhileAsking, `requests sent while the home's code was held: ${sent.join(", ")}`).toBe(true);
    expect(painted).toBe(true);
    await page.getByRole("link", { name: "Open Channels Management" }).waitFor();
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
