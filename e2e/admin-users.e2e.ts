import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, demoCredentials, signInByApi, waitForMessage } from "./support/api";
import { axeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { acknowledge } from "./support/notice";
import { type RunningServer, startServer } from "./support/server";

/** The portal's refresh knob (local storage `herald.pollMs`): one second here instead of 30. */
const POLL_MS = "1000";
const AGENT_PASSWORD = "Welcome!Herald2026";
const AGENT_FIRST = "Farah";
const AGENT_LAST = "Aziz";
const AGENT_NAME = `${AGENT_FIRST} ${AGENT_LAST}`;
/** The demo company has 5 users: a limit of 6 leaves room for exactly one more. */
const USER_LIMIT = "6";

/** Nothing on the page is wider than the viewport. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Confirms the confirmation `title` with its button `action`. */
async function confirm(page: Page, title: string, action: string) {
  const dialog = page.getByRole("alertdialog", { name: title, exact: true });
  await dialog.waitFor();
  await dialog.getByRole("button", { name: action, exact: true }).click();
}

describe("users administration: add an agent with credit, their sign-in, bulk 2FA, deletion ends their session", () => {
  let server: RunningServer;
  let admin: BrowserContext;
  let agentBrowser: BrowserContext;
  let owner: { email: string; password: string };
  let ownerToken: string;
  const agentEmail = `farah.${Date.now().toString(36)}@example.com`;
  let agentPage: Page;
  let addedAt = 0;

  beforeAll(async () => {
    server = await startServer({ HERALD_USER_LIMIT: USER_LIMIT });
    [admin, agentBrowser] = await Promise.all([launchBrowser(), launchBrowser()]);
    owner = demoCredentials(server.output());
    ownerToken = await signInByApi(server.url, owner.email, owner.password);
  });
  afterAll(async () => {
    await Promise.all([admin?.close(), agentBrowser?.close()]);
    await server?.stop();
  });

  /** The session in the admin browser's local storage, which its pages share: set again only to change it. */
  let storedToken = "";

  async function adminPage(
    path: string,
    opts: { width?: number; dark?: boolean; token?: string } = {},
  ): Promise<Page> {
    const page = await admin.newPage();
    await page.setViewportSize({ width: opts.width ?? 1280, height: 800 });
    await page.emulateMedia({ colorScheme: opts.dark ? "dark" : "light" });
    const token = opts.token ?? ownerToken;
    if (token !== storedToken) {
      await page.goto(`${server.url}/not-found`);
      await page.evaluate(
        ([t, ms]) => {
          localStorage.setItem("userToken", t!);
          localStorage.setItem("herald.pollMs", ms!);
        },
        [token, POLL_MS],
      );
      storedToken = token;
    }
    await page.goto(`${server.url}${path}`);
    return page;
  }

  const corporateCents = async () => {
    const r = await apiPost<{ companyCredit: number }>(server.url, "/getCompany", {}, ownerToken);
    expect(r.status).toBe(200);
    return Math.round(r.body.companyCredit * 100);
  };

  const userRow = (page: Page, name: string): Locator =>
    page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });

  const findUser = async (email: string) => {
    const list = await fetch(`${server.url}/api/userList?search=${encodeURIComponent(email)}`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    const body = (await list.json()) as {
      data: { id: string; email: string; login2fa: string; status: string }[];
    };
    return body.data.find((u) => u.email === email);
  };

  it("lists the users with the limit boxes, the ME badge and no menu on your own row", async () => {
    const page = await adminPage("/user-manage/users-list");
    await page.getByRole("heading", { name: "Users", exact: true }).waitFor();
    await userRow(page, "Ada Tan").waitFor();
    const allowed = page.getByRole("group", { name: "Total Users Allowed" });
    const count = page.getByRole("group", { name: "Number of Users" });
    const figure = async (box: Locator) => (await box.textContent())?.replace(/\D+/g, "");
    await expect.poll(() => figure(allowed)).toBe(USER_LIMIT);
    await expect.poll(() => figure(count)).toBe("5");
    await page.getByRole("link", { name: "Add User" }).waitFor();

    const me = userRow(page, "Ada Tan");
    expect(await me.getByText("ME", { exact: true }).count()).toBe(1);
    expect(await me.getByRole("cell", { name: "Owner & Admin" }).count()).toBe(1);
    expect(await me.getByRole("button", { name: "Actions for Ada Tan" }).count()).toBe(0);
    expect(await userRow(page, "Ben Lim").getByText("ME", { exact: true }).count()).toBe(0);
    expect(await userRow(page, "Ben Lim").getByRole("button", { name: "Actions for Ben Lim" }).count()).toBe(
      1,
    );
    for (const header of [
      "Users",
      "Roles",
      "Depts",
      "Contact No.",
      "Credit (SGD)",
      "Joined",
      "2FA Enabled",
    ]) {
      expect(await page.getByRole("columnheader", { name: header }).count(), header).toBe(1);
    }

    // search by name, then "Show own department" (Ada is in Sales and Support; Ben only in Marketing)
    await page.getByRole("searchbox", { name: "Search by name" }).fill("chitra");
    await expect.poll(() => page.getByRole("link", { name: "Ada Tan" }).count()).toBe(0);
    await userRow(page, "Chitra Nair").waitFor();
    await page.getByRole("searchbox", { name: "Search by name" }).fill("nobody by this name");
    await page.getByRole("cell", { name: "There are no records found." }).waitFor();
    await page.getByRole("searchbox", { name: "Search by name" }).fill("");
    await userRow(page, "Ben Lim").waitFor();
    await page.getByRole("checkbox", { name: "Show own department" }).click();
    await expect.poll(() => page.getByRole("link", { name: "Ben Lim" }).count()).toBe(0);
    await userRow(page, "Eve Koh").waitFor();
    await page.getByRole("checkbox", { name: "Show own department" }).click();
    await userRow(page, "Ben Lim").waitFor();

    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it("another admin gets no Edit or Delete on the owner's row, and the owner's edit page says why", async () => {
    const benToken = await signInByApi(server.url, "admin@demo.herald.local", owner.password);
    const page = await adminPage("/user-manage/users-list", { token: benToken });
    const ownerRow = userRow(page, "Ada Tan");
    await ownerRow.waitFor();
    expect(await ownerRow.getByText("ME", { exact: true }).count()).toBe(0);
    await userRow(page, "Ben Lim").getByText("ME", { exact: true }).waitFor();
    await ownerRow.getByRole("button", { name: "Actions for Ada Tan" }).click();
    await page.getByRole("menuitem", { name: "View Details" }).waitFor();
    expect(await page.getByRole("menuitem", { name: "Edit" }).count()).toBe(0);
    expect(await page.getByRole("menuitem", { name: "Delete" }).count()).toBe(0);
    await page.getByRole("menuitem", { name: "View Details" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/user-manage/user-profile/"));
    await page.locator('dt:text-is("Role") + dd').getByText("Owner & Admin").waitFor();
    expect(await page.getByRole("link", { name: "Edit Profile" }).count()).toBe(0);
    const ownerId = page.url().split("/").at(-1);
    await page.goto(`${server.url}/user-manage/user-edit/${ownerId}`);
    await page.getByRole("heading", { name: "This user cannot be edited" }).waitFor();
    await page.getByText("The owner's profile can be changed only by the owner.").waitFor();
    await page.close();
  });

  it("the admin adds an agent with an initial credit: the form's rules, then the corporate balance drops", async () => {
    const before = await corporateCents();
    const page = await adminPage("/user-manage/users-list");
    await page.getByRole("link", { name: "Add User" }).click();
    await page.waitForURL((u) => u.pathname === "/user-manage/user-add");
    await page.getByRole("heading", { name: "Add User" }).waitFor();
    await page.getByText(/Corporate balance: SGD [\d,]+\.\d\d/).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // nothing filled in: the specification's messages, and nothing is sent
    await page.getByRole("button", { name: "Create New User" }).click();
    await page.getByText("This is required").first().waitFor();
    await page.getByText("Contact Number is required").waitFor();
    await page.getByText("Password is required").waitFor();
    await page.getByText("Please confirm your password").waitFor();
    expect(await page.getByRole("alertdialog").count()).toBe(0);

    await page.getByRole("textbox", { name: "First Name" }).fill(AGENT_FIRST);
    await page.getByRole("textbox", { name: "Last Name" }).fill(AGENT_LAST);
    await page.getByRole("textbox", { name: "Email" }).fill(agentEmail);
    // the phone starts with the company's country (Singapore), as Add Contact's does
    await page.getByRole("button", { name: "Country code: Singapore +65" }).waitFor();
    await page.getByRole("textbox", { name: "Contact Number" }).fill("91234567");
    await page.getByRole("combobox", { name: "Department" }).click();
    await page.getByRole("option", { name: "Support" }).click();
    await page.keyboard.press("Escape");
    await page.getByRole("combobox", { name: "Role" }).click();
    await page.getByRole("option", { name: "Agent" }).click();
    await page.getByRole("textbox", { name: "Password", exact: true }).fill("short");
    await page.getByRole("textbox", { name: "Confirm Password", exact: true }).fill("different");
    await page.getByRole("button", { name: "Create New User" }).click();
    await page.getByText("Password must be at least 12 characters long").waitFor();
    await page.getByText("Passwords do not match").waitFor();
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(AGENT_PASSWORD);
    await page.getByRole("textbox", { name: "Confirm Password", exact: true }).fill(AGENT_PASSWORD);

    // the initial credit cannot exceed the corporate balance: refused with the balance named, the typed amount
    // kept as typed (it used to become the whole balance when the field was left), and nothing is sent
    const credit = page.getByRole("spinbutton", { name: "Initial Credit" });
    await credit.fill("99,999,999.00");
    await credit.blur();
    const balance = (before / 100).toLocaleString("en-US", { minimumFractionDigits: 2 });
    await page.getByRole("button", { name: "Create New User" }).click();
    await page
      .getByText(`The initial credit cannot be more than the corporate balance (SGD ${balance}).`)
      .waitFor();
    expect(await credit.inputValue()).toBe("99,999,999.00");
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    await credit.fill("5.00");
    await credit.blur();
    expect(await credit.inputValue()).toBe("5.00");

    // an address already in use: the server's message, and the form stays
    await page.getByRole("textbox", { name: "Email" }).fill("agent@demo.herald.local");
    await page.getByRole("button", { name: "Create New User" }).click();
    await confirm(page, "Are you sure the user's data is correct?", "Create New User");
    await acknowledge(page, "That email is taken, please try another");
    expect(await corporateCents()).toBe(before);
    await page.getByRole("textbox", { name: "Email" }).fill(agentEmail);

    addedAt = Date.now();
    await page.getByRole("button", { name: "Create New User" }).click();
    await confirm(page, "Are you sure the user's data is correct?", "Create New User");
    await acknowledge(page, "User Successfully Added !");
    await page.waitForURL((u) => u.pathname === "/user-manage/users-list");
    const row = userRow(page, AGENT_NAME);
    await row.waitFor();
    expect(await row.getByRole("cell", { name: "Agent", exact: true }).count()).toBe(1);
    expect(await row.getByRole("cell", { name: "5.00", exact: true }).count()).toBe(1);
    expect(await row.getByRole("cell", { name: "Support", exact: true }).count()).toBe(1);

    expect(await corporateCents()).toBe(before - 500);
    // the limit is reached: Add User is no longer offered, and the add page says why
    await expect.poll(() => page.getByRole("link", { name: "Add User" }).count()).toBe(0);
    await page.goto(`${server.url}/user-manage/user-add`);
    await acknowledge(page, "Your account has surpassed the total allowed user count limit.");
    await page.waitForURL((u) => u.pathname === "/user-manage/users-list");
    await page.close();
  });

  it("welcomes the agent by e-mail with the company and sign-in address, never the password", async () => {
    const mail = await waitForMessage(server.url, agentEmail, addedAt);
    expect(mail.text).toContain("Demo Company");
    expect(mail.text).toContain(agentEmail);
    expect(mail.text).not.toContain(AGENT_PASSWORD);
    expect(mail.subject ?? "").not.toContain(AGENT_PASSWORD);
  });

  it("the agent signs in with the password the admin set: no Administrator section, Invalid Access on the users list", async () => {
    agentPage = await agentBrowser.newPage();
    await agentPage.goto(`${server.url}/login`);
    await agentPage.evaluate((ms) => localStorage.setItem("herald.pollMs", ms), POLL_MS);
    await agentPage.getByRole("textbox", { name: "E-mail", exact: true }).fill(agentEmail);
    await agentPage.getByRole("textbox", { name: "Password", exact: true }).fill(AGENT_PASSWORD);
    await agentPage.getByRole("button", { name: "Sign in", exact: true }).click();
    await agentPage.waitForURL(/\/apps\/social-chat$/);
    await agentPage.getByRole("button", { name: `${AGENT_NAME} Agent` }).waitFor();
    await agentPage.getByRole("button", { name: "Social Messaging" }).waitFor();
    expect(await agentPage.getByRole("heading", { name: "Administrator" }).count()).toBe(0);
    expect(await agentPage.getByRole("button", { name: "User Management" }).count()).toBe(0);

    await agentPage.goto(`${server.url}/user-manage/users-list`);
    const dialog = agentPage.getByRole("alertdialog");
    await dialog.getByText("Invalid Access").waitFor();
    await dialog.getByRole("button", { name: "OK" }).click();
    await agentPage.waitForURL((u) => !u.pathname.startsWith("/user-manage"));
    expect(await agentPage.getByRole("table", { name: "Users" }).count()).toBe(0);
  });

  it("the admin enables 2FA for the selected agent after confirming", async () => {
    const page = await adminPage("/user-manage/users-list");
    const row = userRow(page, AGENT_NAME);
    await row.waitFor();
    expect(await row.getByRole("cell", { name: "No", exact: true }).count()).toBe(1);
    const actions = page.getByRole("button", { name: "Actions", exact: true });
    expect(await actions.isDisabled()).toBe(true);
    await page.getByRole("checkbox", { name: `Select ${AGENT_NAME}` }).check();
    await actions.click();
    await page.getByRole("button", { name: "Enable 2FA" }).click();
    // cancelling changes nothing
    const ask = page.getByRole("alertdialog", { name: "Enable 2FA for this user?" });
    await ask.getByRole("button", { name: "Cancel" }).click();
    await ask.waitFor({ state: "detached" });
    expect((await findUser(agentEmail))?.login2fa).toBe("N");

    await actions.click();
    await page.getByRole("button", { name: "Enable 2FA" }).click();
    await confirm(page, "Enable 2FA for this user?", "Enable 2FA");
    await acknowledge(page, "User Login 2FA updated !");
    await row.getByRole("cell", { name: "Yes", exact: true }).waitFor();
    expect((await findUser(agentEmail))?.login2fa).toBe("Y");

    // the menu works from the keyboard: Enter opens it on its first action, arrows move, Escape cancels
    await page.getByRole("checkbox", { name: `Select ${AGENT_NAME}` }).check();
    await actions.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Enable 2FA");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    const disable = page.getByRole("alertdialog", { name: "Disable 2FA for this user?" });
    await disable.waitFor();
    // focus has moved into the confirmation, where Escape cancels it
    await expect.poll(() => disable.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await disable.waitFor({ state: "detached" });
    expect((await findUser(agentEmail))?.login2fa).toBe("Y");
    await page.close();
  });

  it("shows the agent's profile and edit page, and saves SMS settings with their rules", async () => {
    const agent = await findUser(agentEmail);
    const page = await adminPage(`/user-manage/user-profile/${agent!.id}`);
    await page.getByRole("heading", { name: "User Profile" }).waitFor();
    const value = (term: string) => page.locator(`dt:text-is("${term}") + dd`);
    await expect.poll(() => value("Email").textContent()).toBe(agentEmail);
    expect(await value("Role").textContent()).toBe("Agent");
    expect(await value("Credit").textContent()).toBe("SGD 5.00");
    expect(await value("Contact Number").textContent()).toBe("+65 9123 4567");
    expect(await page.locator('dt:text-is("Deleted at")').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "Edit Profile" }).click();
    await page.waitForURL((u) => u.pathname === `/user-manage/user-edit/${agent!.id}`);
    await page.getByRole("link", { name: "User Credit" }).waitFor();
    const lastName = page.getByRole("textbox", { name: "Last Name" });
    await expect.poll(() => lastName.inputValue()).toBe(AGENT_LAST);
    expect(await axeViolations(page)).toEqual([]);

    // auto-reply needs its message
    await page.getByRole("switch", { name: "Auto-reply" }).click();
    await page.getByRole("button", { name: "Save SMS Settings" }).click();
    await page.getByText("This is required").waitFor();
    await page.getByRole("textbox", { name: "Auto-reply Message" }).fill("Thanks, we will reply soon.");
    await page.getByRole("button", { name: "Save SMS Settings" }).click();
    await confirm(page, "Are you sure you want to update the changes?", "Yes");
    await acknowledge(page, "Data Update Successful !");

    // sender IDs are chosen among the company's approved ones, never typed (sender-ids.e2e.ts gives one to a
    // user); here the agent, who has none, is allowed to use them
    await page.getByRole("combobox", { name: "Allowed Sender IDs" }).waitFor();
    await page.getByRole("switch", { name: "Allow sender IDs" }).click();
    await page.getByRole("button", { name: "Save Sender IDs" }).click();
    await confirm(page, "Are you sure you want to update the changes?", "Yes");
    await acknowledge(page, "Data Update Successful !");

    const saved = await apiPost<{
      senderIds?: string[];
      isAllowSID?: number;
      autoReply?: number;
      autoReplyMessage?: string | null;
    }>(server.url, "/getUser", { id: agent!.id }, ownerToken);
    expect(saved.body).toMatchObject({
      senderIds: [],
      isAllowSID: 1,
      autoReply: 1,
      autoReplyMessage: "Thanks, we will reply soon.",
    });
    await page.close();
  });

  it("the admin deletes the agent: the row stays marked deleted, and the agent's open page ends with Session Expired", async () => {
    const page = await adminPage("/user-manage/users-list");
    const row = userRow(page, AGENT_NAME);
    await row.waitFor();
    await row.getByRole("button", { name: `Actions for ${AGENT_NAME}` }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await confirm(page, "Are you sure you want to delete this user ?", "Delete");
    await acknowledge(page, "User deleted Successfully !");
    await row.getByText("Deleted", { exact: true }).waitFor();
    await row.getByRole("button", { name: `Actions for ${AGENT_NAME}` }).click();
    await page.getByRole("menuitem", { name: "View Details" }).waitFor();
    expect(await page.getByRole("menuitem", { name: "Edit" }).count()).toBe(0);
    expect(await page.getByRole("menuitem", { name: "Delete" }).count()).toBe(0);
    await page.keyboard.press("Escape");
    // below the limit again: Add User is back
    await page.getByRole("link", { name: "Add User" }).waitFor();
    expect((await findUser(agentEmail))?.status).toBe("deleted");

    // the agent's page, still open, hears of it on its next call
    const dialog = agentPage.getByRole("alertdialog");
    await dialog.getByText("Session Expired. Please login again.").waitFor({ timeout: 20_000 });
    await dialog.getByRole("button", { name: "OK" }).click();
    await agentPage.waitForURL((u) => u.pathname === "/" || u.pathname === "/login");
    await agentPage.close();

    // the profile shows when; neither the profile nor the edit page offers a change
    const agent = await findUser(agentEmail);
    await page.goto(`${server.url}/user-manage/user-profile/${agent!.id}`);
    await page.locator('dt:text-is("Deleted at")').waitFor();
    expect(await page.getByRole("link", { name: "Edit Profile" }).count()).toBe(0);
    await page.goto(`${server.url}/user-manage/user-edit/${agent!.id}`);
    await page.getByRole("heading", { name: "This user cannot be edited" }).waitFor();
    expect(await page.getByRole("textbox", { name: "First Name" }).count()).toBe(0);
    await page.close();
  });

  it("an unknown user id says 'Invalid or expired token' and leads back to the users list", async () => {
    const page = await adminPage("/user-manage/user-profile/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b");
    await acknowledge(page, "Invalid or expired token");
    await page.waitForURL((u) => u.pathname === "/user-manage/users-list");
    await page.close();
  });

  it("at 390 px in dark mode nothing scrolls sideways and the screens stay axe-clean", async () => {
    const ben = await findUser("admin@demo.herald.local");
    const paths = [
      "/user-manage/users-list",
      "/user-manage/user-add",
      `/user-manage/user-profile/${ben!.id}`,
      `/user-manage/user-edit/${ben!.id}`,
    ];
    const ready = ["Users", "Add User", "User Profile", "User Profile"];
    for (const [i, path] of paths.entries()) {
      const page = await adminPage(path, { width: 390, dark: true });
      await page.getByRole("heading", { name: ready[i], exact: true }).first().waitFor();
      await page.waitForLoadState("networkidle");
      expect(await page.evaluate(() => document.documentElement.dataset.theme), path).toBe("dark");
      expect(await scrollsSideways(page), path).toBe(false);
      expect(await axeViolations(page), path).toEqual([]);
      await page.close();
    }
  });
});
