import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, signInByApi, waitForMessage } from "./support/api";
import { launchBrowser } from "./support/browser";
import { acknowledge } from "./support/notice";
import { type RunningServer, startServer } from "./support/server";

const PASSWORD = "Str0ng!Passw0rd";
let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}${counter++}@example.com`;
/** A Singapore mobile number (8 digits starting with 9), different for every user of the run. */
const uniqueMobile = () => `9${String(Date.now() % 1_000_000).padStart(6, "0")}${counter++ % 10}`;

describe("Account Settings: sensitive changes, e-mail change and one contact-number rule", () => {
  let server: RunningServer;
  let browser: BrowserContext;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A verified owner registered through the API; its contact number as given. */
  async function verifiedUser(contactNumber = `65${uniqueMobile()}`) {
    const email = uniqueEmail("owner");
    const since = Date.now();
    const registered = await apiPost(server.url, "/register", {
      firstName: "Mei",
      lastName: "Ling",
      companyName: "Lion City Traders",
      email,
      password: PASSWORD,
      confirmPass: PASSWORD,
      country: "Singapore",
      contactNumber,
    });
    expect(registered.status).toBe(201);
    const mail = await waitForMessage(server.url, email, since);
    const [, id, token] = /auth-register\/([^/]+)\/([^/\s]+)$/.exec(mail.links[0] ?? "") ?? [];
    expect((await apiPost(server.url, "/verify", { id, token })).status).toBe(200);
    return { email, token: await signInByApi(server.url, email, PASSWORD) };
  }

  async function settingsPage(token: string): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(`${server.url}/not-found`);
    await page.evaluate((t) => localStorage.setItem("userToken", t), token);
    await page.goto(`${server.url}/admin/profile-settings`);
    await page.getByRole("heading", { name: "Account Settings" }).waitFor();
    return page;
  }

  async function saveAndConfirm(page: Page) {
    await page.getByRole("button", { name: "Save Changes" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Are you sure you want to update the changes?").waitFor();
    await confirm.getByRole("button", { name: "Yes" }).click();
  }

  const profile = async (token: string) =>
    (
      await apiPost<{ email: string; lastName: string; login2fa: string; contactNumber: string }>(
        server.url,
        "/getProfile",
        {},
        token,
      )
    ).body;

  it("a user registered with a 15-digit national number saves own profile again", async () => {
    const long = `65${"9".repeat(15)}`;
    const { token } = await verifiedUser(long);
    const page = await settingsPage(token);
    await page.getByRole("textbox", { name: "Last Name" }).fill("Tan");
    await saveAndConfirm(page);
    await acknowledge(page, "Data Update Successful !");
    expect(await profile(token)).toMatchObject({ lastName: "Tan", contactNumber: long });
    await page.close();
  });

  it("a name error goes away as soon as the name is filled in again", async () => {
    const { token } = await verifiedUser();
    const page = await settingsPage(token);
    const first = page.getByRole("textbox", { name: "First Name" });
    await first.fill("");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("This is required").waitFor();
    await first.fill("Mei");
    await page.getByText("This is required").waitFor({ state: "detached" });
    expect(await first.getAttribute("aria-invalid")).not.toBe("true");
    await page.close();
  });

  it("changes the e-mail with the current password: signed in throughout, switched only by the link", async () => {
    const { email, token } = await verifiedUser();
    const newEmail = uniqueEmail("moved");
    const page = await settingsPage(token);
    expect(await page.getByLabel("Current Password").count()).toBe(0);
    await page.getByRole("textbox", { name: "Email" }).fill(newEmail);
    const current = page.getByLabel("Current Password");
    await current.waitFor();

    // asked for before anything is sent
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Please enter your current password to confirm this change.").waitFor();

    await current.fill("Wrong!Passw0rd1");
    await saveAndConfirm(page);
    await acknowledge(page, "Your current password is not correct.");

    const since = Date.now();
    await current.fill(PASSWORD);
    await saveAndConfirm(page);
    await acknowledge(
      page,
      "A verification link has been sent to your new e-mail.",
      "Your e-mail address changes once you open that link. Until then, keep signing in with your current address.",
    );
    // still signed in on the same page, still the old address
    expect(new URL(page.url()).pathname).toBe("/admin/profile-settings");
    expect(await page.evaluate(() => localStorage.getItem("userToken"))).toBe(token);
    expect((await profile(token)).email).toBe(email);
    await page.getByText(`Waiting for verification of ${newEmail}`, { exact: false }).waitFor();
    // The pending change comes from the server, so it is still shown after a reload.
    await page.reload();
    await page.getByText(`Waiting for verification of ${newEmail}`, { exact: false }).waitFor();

    const notice = await waitForMessage(server.url, email, since);
    expect(notice.subject).toBe("Your e-mail address is being changed");
    expect(notice.text).toContain(newEmail);
    const mail = await waitForMessage(server.url, newEmail, since);
    expect(mail.subject).toBe("Confirm your new e-mail address");
    const link = new URL(mail.links[0] ?? "");
    await page.goto(`${server.url}${link.pathname}`);
    await acknowledge(page, "Verify Successful !");
    expect((await profile(token)).email).toBe(newEmail);
    expect(await signInByApi(server.url, newEmail, PASSWORD)).toBeTruthy();
    await page.close();
  });

  it("turns two-factor sign-in off only with the current password", async () => {
    const { token } = await verifiedUser();
    expect(
      (await apiPost(server.url, "/editMySecurity", { changePass: false, login2fa: "Y" }, token)).status,
    ).toBe(200);
    const page = await settingsPage(token);
    await page.getByRole("tab", { name: "Security" }).click();
    await page.getByRole("switch", { name: "Two-factor sign-in" }).click();
    const current = page.getByLabel("Current Password");
    await current.waitFor();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Please enter your current password to confirm this change.").waitFor();
    expect((await profile(token)).login2fa).toBe("Y");

    await current.fill(PASSWORD);
    await page.getByText("Please enter your current password to confirm this change.").waitFor({
      state: "detached",
    });
    await saveAndConfirm(page);
    await acknowledge(page, "Data Update Successful !");
    expect((await profile(token)).login2fa).toBe("N");
    await page.close();
  });

  it("sends an old password that does not follow today's rules to the server instead of refusing it", async () => {
    const { token } = await verifiedUser();
    const page = await settingsPage(token);
    await page.getByRole("tab", { name: "Security" }).click();
    await page.getByRole("switch", { name: "Change password" }).click();
    // lowercase only: an old password from before the composition rule is checked against the stored one
    await page.getByLabel("Old Password").fill("oldlowercase12");
    await page.getByLabel("New Password").fill("Another!Passw0rd9");
    await page.getByLabel("Confirm Password").fill("Another!Passw0rd9");
    await saveAndConfirm(page);
    await acknowledge(page, "Invalid old password");

    await page.getByLabel("Old Password").fill(PASSWORD);
    await saveAndConfirm(page);
    await acknowledge(page, "Data Update Successful !");
    expect(await signInByApi(server.url, (await profile(token)).email, "Another!Passw0rd9")).toBeTruthy();
    await page.close();
  });
});
