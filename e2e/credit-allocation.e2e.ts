import type { BrowserContext, Locator, Page } from "playwright-core";
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
const CONFIRM = "Are you sure you want to update the changes?";
const SUCCESS = "Data Update Successful !";

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Confirms the confirmation `title` with its button `action`. */
async function confirm(page: Page, title: string, action: string) {
  const dialog = page.getByRole("alertdialog", { name: title, exact: true });
  await dialog.waitFor();
  await dialog.getByRole("button", { name: action, exact: true }).click();
}

/** Cents as the portal writes them: 123450 -> "1,234.50". */
const sgd = (c: number) =>
  new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(c / 100);

/** "SGD 1,234.50" or "1,234.50" as cents. */
const cents = (text: string | null) => Math.round(Number((text ?? "").replace(/[^\d.-]/g, "")) * 100);

describe("credit allocation: the User Credit tab moves credit between the corporate balance and a user", () => {
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
    // a user added without credit has no top-up yet
    const depts = (await (
      await fetch(`${server.url}/api/departments`, { headers: { authorization: `Bearer ${ownerToken}` } })
    ).json()) as { data: { id: string }[] };
    const added = await apiPost(
      server.url,
      "/addUser",
      {
        firstName: "Nora",
        lastName: "Credit",
        email: "nora.credit@example.com",
        dept: [depts.data[0]!.id],
        contactNumber: "6591112222",
        password: "FreshStart7!river",
        confirmPass: "FreshStart7!river",
        userRole: "agent",
        login2fa: "N",
        amount: 0,
      },
      ownerToken,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function ownerPage(path: string, opts: { width?: number; dark?: boolean } = {}): Promise<Page> {
    const page = await browser.newPage();
    await page.setViewportSize({ width: opts.width ?? 1280, height: 800 });
    await page.emulateMedia({ colorScheme: opts.dark ? "dark" : "light" });
    await page.goto(`${server.url}/not-found`);
    await page.evaluate(
      ([t, ms]) => {
        localStorage.setItem("userToken", t!);
        localStorage.setItem("herald.pollMs", ms!);
      },
      [ownerToken, POLL_MS],
    );
    await page.goto(`${server.url}${path}`);
    return page;
  }

  const balances = async () => {
    const company = await apiPost<{ companyCredit: number }>(server.url, "/getCompany", {}, ownerToken);
    const user = await apiPost<{ totalCredit: number }>(server.url, "/getUser", { id: agentId }, ownerToken);
    expect(company.status).toBe(200);
    expect(user.status).toBe(200);
    return {
      company: Math.round(company.body.companyCredit * 100),
      user: Math.round(user.body.totalCredit * 100),
    };
  };

  const creditPath = () => `/user-manage/user-edit/${agentId}/user-credit`;
  const figure = (page: Page, testId: string) => page.getByTestId(testId).textContent().then(cents);
  const amountField = (page: Page) => page.getByRole("spinbutton", { name: /^Amount/ });
  const summaryRow = (page: Page, name: string): Locator =>
    page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });

  it("adds 5.00 to an agent: the corporate balance falls and the agent's credit rises by as much", async () => {
    const before = await balances();
    const page = await ownerPage(creditPath());
    await page.getByRole("heading", { level: 1, name: `Edit User: ${AGENT_NAME}` }).waitFor();
    expect(await page.getByRole("link", { name: "User Credit" }).getAttribute("aria-current")).toBe("page");
    expect(await page.getByRole("link", { name: "User Profile" }).getAttribute("href")).toBe(
      `/user-manage/user-edit/${agentId}`,
    );
    await expect.poll(() => figure(page, "user-credit")).toBe(before.user);
    await expect.poll(() => figure(page, "corporate-balance")).toBe(before.company);
    expect(await axeViolations(page)).toEqual([]);

    // required: Add with nothing entered says so and sends nothing
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByText("This is required").waitFor();
    expect(await balances()).toEqual(before);

    // more than the corporate balance: refused with the balance named; what was typed stays as typed (it
    // used to become the whole balance when the field was left, and Add then asked to move all of it)
    const over = before.company + 9_999_900;
    const overText = sgd(over);
    await amountField(page).fill(overText);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page
      .getByText(`You can allocate at most SGD ${sgd(before.company)}, the corporate balance.`)
      .waitFor();
    expect(await amountField(page).inputValue()).toBe(overText);
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    expect(await balances()).toEqual(before);

    const keys: (string | undefined)[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/editUserCredit")) keys.push(request.headers()["idempotency-key"]);
    });
    // from the keyboard: Enter in the amount adds (Add is the form's default button)
    await amountField(page).fill("5.00");
    await amountField(page).press("Enter");
    await confirm(page, CONFIRM, "Add");
    await acknowledge(page, SUCCESS);
    // each submission carries its own idempotency key
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(await balances()).toEqual({ company: before.company - 500, user: before.user + 500 });
    await expect.poll(() => figure(page, "user-credit")).toBe(before.user + 500);
    await expect.poll(() => figure(page, "corporate-balance")).toBe(before.company - 500);
    // the header's corporate figure follows
    await expect
      .poll(() => page.getByRole("banner").getByRole("group", { name: "Corporate Credit" }).textContent())
      .toContain(
        new Intl.NumberFormat("en-US", { minimumFractionDigits: 2 }).format((before.company - 500) / 100),
      );
    await page.close();
  });

  it("shows the allocation on the summary: credit, Total Last Top Up 5.00, its time, ME badge, depts, search", async () => {
    const now = await balances();
    const page = await ownerPage("/credit-mgt/summary");
    await page.getByRole("heading", { level: 1, name: "Credit Summary" }).waitFor();
    const main = page.getByRole("main");
    await expect
      .poll(() => main.getByRole("group", { name: "Corporate Credit" }).textContent().then(cents))
      .toBe(now.company);
    await main.getByRole("button", { name: "Top Up Corporate Credit" }).waitFor();

    const row = summaryRow(page, AGENT_NAME);
    await row.waitFor();
    const texts = await row.getByRole("cell").allTextContents();
    expect(texts).toContain((now.user / 100).toFixed(2));
    expect(texts).toContain("5.00");
    expect(texts.some((t) => /^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2}:\d{2} SGT$/.test(t.trim()))).toBe(true);
    expect(await row.getByRole("link", { name: AGENT_NAME, exact: true }).getAttribute("href")).toBe(
      `/user-manage/user-profile/${agentId}`,
    );
    expect(await row.getByRole("link", { name: /^Top Up/ }).getAttribute("href")).toBe(creditPath());

    // the owner's own row: ME badge, departments joined with " & ", and the demo allocation as last top-up
    const mine = summaryRow(page, "Ada Tan");
    expect(await mine.getByText("ME", { exact: true }).count()).toBe(1);
    const mineTexts = (await mine.getByRole("cell").allTextContents()).map((t) => t.trim());
    expect(mineTexts).toContain("Sales & Support");
    expect(mineTexts.filter((t) => t === "500.00")).toHaveLength(2);
    // a user never topped up shows "-"
    const fresh = (await summaryRow(page, "Nora Credit").getByRole("cell").allTextContents()).map((t) =>
      t.trim(),
    );
    expect(fresh).toContain("-");
    expect(await summaryRow(page, "Eve Koh").getByText("ME", { exact: true }).count()).toBe(0);

    // name search
    await page.getByRole("searchbox", { name: "Search by name" }).fill("Daniel");
    await expect
      .poll(() =>
        page
          .getByRole("row")
          .filter({ has: page.getByRole("link", { name: "Ada Tan" }) })
          .count(),
      )
      .toBe(0);
    await row.waitFor();
    await page.getByRole("searchbox", { name: "Search by name" }).fill("");
    await summaryRow(page, "Ada Tan").waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // the row's Top Up opens the agent's credit tab
    await row.getByRole("link", { name: /^Top Up/ }).click();
    await page.waitForURL(`**${creditPath()}`);
    await page.getByRole("heading", { level: 1, name: `Edit User: ${AGENT_NAME}` }).waitFor();
    await page.close();
  });

  it("refuses a deduction larger than the credit, with the client's message and with the server's", async () => {
    const page = await ownerPage(creditPath());
    const start = await balances();
    await expect.poll(() => figure(page, "user-credit")).toBe(start.user);

    // client check: more than the user's credit
    await amountField(page).fill(((start.user + 10_000) / 100).toFixed(2));
    await page.getByRole("button", { name: "Deduct", exact: true }).click();
    await page
      .getByText(`You cannot deduct more than the user's credit (SGD ${(start.user / 100).toFixed(2)}).`)
      .waitFor();
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    expect(await balances()).toEqual(start);

    // the server's refusal, as the API tells it
    const refused = await apiPost<{ message: string }>(
      server.url,
      "/editUserCredit",
      { id: agentId, amount: (start.user + 100) / 100, action: "deduct" },
      ownerToken,
    );
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBeTruthy();
    expect(await balances()).toEqual(start);

    // the page still shows the old credit while the server lowered it: its refusal is shown as is
    const taken = await apiPost(
      server.url,
      "/editUserCredit",
      { id: agentId, amount: (start.user - 100) / 100, action: "deduct" },
      ownerToken,
    );
    expect(taken.status).toBe(200);
    const lowered = await balances();
    expect(lowered.user).toBe(100);
    await amountField(page).fill("10.00");
    await page.getByRole("button", { name: "Deduct", exact: true }).click();
    await confirm(page, CONFIRM, "Deduct");
    await acknowledge(page, refused.body.message);
    expect(await balances()).toEqual(lowered);
    // the figures are fetched again after the failure
    await expect.poll(() => figure(page, "user-credit")).toBe(100);

    // give the credit back through the API so the next step starts from the allocation
    const back = await apiPost(
      server.url,
      "/editUserCredit",
      { id: agentId, amount: (start.user - 100) / 100, action: "add" },
      ownerToken,
    );
    expect(back.status).toBe(200);
    expect(await balances()).toEqual(start);
    await page.close();
  });

  it("deducts 2.00: the credit goes back to the corporate balance", async () => {
    const start = await balances();
    const page = await ownerPage(creditPath());
    await expect.poll(() => figure(page, "user-credit")).toBe(start.user);
    await amountField(page).fill("2.00");
    await page.getByRole("button", { name: "Deduct", exact: true }).click();
    await confirm(page, CONFIRM, "Deduct");
    await acknowledge(page, SUCCESS);
    expect(await balances()).toEqual({ company: start.company + 200, user: start.user - 200 });
    await expect.poll(() => figure(page, "user-credit")).toBe(start.user - 200);
    await expect.poll(() => figure(page, "corporate-balance")).toBe(start.company + 200);
    await page.close();

    const summary = await ownerPage("/credit-mgt/summary");
    const row = summaryRow(summary, AGENT_NAME);
    await row.waitFor();
    await expect
      .poll(() => row.getByRole("cell").allTextContents())
      .toContain(((start.user - 200) / 100).toFixed(2));
    await summary.close();
  });

  it("fits a 390 px phone and passes axe in dark mode on both screens", async () => {
    const screens: [path: string, heading: string][] = [
      [creditPath(), `Edit User: ${AGENT_NAME}`],
      ["/credit-mgt/summary", "Credit Summary"],
    ];
    for (const [path, heading] of screens) {
      const phone = await ownerPage(path, { width: 390 });
      await phone.getByRole("heading", { level: 1, name: heading }).waitFor();
      await phone
        .getByRole("link", { name: new RegExp(AGENT_NAME) })
        .first()
        .waitFor();
      expect(await scrollsSideways(phone), path).toBe(false);
      await phone.close();

      const dark = await ownerPage(path, { dark: true });
      await dark.getByRole("heading", { level: 1, name: heading }).waitFor();
      await dark
        .getByRole("link", { name: new RegExp(AGENT_NAME) })
        .first()
        .waitFor();
      expect(await dark.evaluate(() => document.documentElement.dataset.theme), path).toBe("dark");
      expect(await axeViolations(dark), path).toEqual([]);
      await dark.close();
    }
  });
});
