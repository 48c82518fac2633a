import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, demoCredentials, signInByApi } from "./support/api";
import { axeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { sidewaysScrolling } from "./support/layout";
import { acknowledge } from "./support/notice";
import {
  activateByApi,
  consolePage,
  DEMO_OPERATOR_EMAIL,
  demoOperatorLink,
  OPERATOR_PASSWORD,
  operatorCall,
  operatorSignInByApi,
  signInCode,
  toast,
} from "./support/operator";
import { type SqlServer, startSqlServer } from "./support/restartable";
import { expectScreenshot } from "./support/screenshot";

/**
 * The operator's console, end to end: the demo operator activated from the one-time link the server's first start
 * prints (the same link `herald-server operator create` prints; the command itself is the server tests' concern),
 * signed in with the e-mailed code, and at work on the demo company: suspension, credit, top-up requests,
 * numbers and the audit log. One server and one browser; the operator signs in once, in the page.
 */
const OPERATOR_EMAIL = DEMO_OPERATOR_EMAIL;
/** Screenshots of the console to look at (git-ignored), taken when HERALD_E2E_SHOTS is set. */
const ATTACHMENTS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../.vitest-attachments/e2e/console",
);
const SHOTS = Boolean(process.env.HERALD_E2E_SHOTS);
const WIDTHS = [390, 768, 1440] as const;

describe("the operator's console", () => {
  let server: SqlServer;
  let browser: BrowserContext;
  let activation = "";
  let activated = false;
  let operatorToken = "";
  let owner: { email: string; password: string };
  let ownerToken: string;
  let companyId = "";
  let companyName = "";

  beforeAll(async () => {
    server = await startSqlServer();
    browser = await launchBrowser();
    owner = demoCredentials(server.output());
    ownerToken = await signInByApi(server.url, owner.email, owner.password);
    activation = demoOperatorLink(server.output());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("keeps a company user out: their session never opens the console, and the console's sign-in is its own", async () => {
    const page = await consolePage(browser, server.url, null, "/operator/companies", {
      userToken: ownerToken,
    });
    await page.getByRole("heading", { name: "Operator sign-in" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/operator/login");
    expect(await page.title()).toBe("Operator sign-in · Herald operator console");
    expect(await page.evaluate(() => localStorage.getItem("userToken"))).toBe(ownerToken);
    expect(await axeViolations(page)).toEqual([]);
    // A company user's token is refused by the console's calls.
    const refused = await operatorCall(server.url, "GET", "/operator/overview", undefined, ownerToken);
    expect(refused.status).toBe(401);
    await page.close();
  });

  it("shows the sign-in page at 390, 768 and 1440 px, light and dark, without sideways scrolling", async () => {
    for (const width of WIDTHS) {
      for (const colorScheme of ["light", "dark"] as const) {
        const page = await consolePage(browser, server.url, null, "/operator/login", { width, colorScheme });
        await page.getByRole("heading", { name: "Operator sign-in" }).waitFor();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${width} ${colorScheme}`).toBe(0);
        await expectScreenshot(page, `operator-login-${width}-${colorScheme}`);
        await page.close();
      }
    }
  });

  it("asks for the whole activation link when its token is missing", async () => {
    const page = await consolePage(browser, server.url, null, "/operator/activate");
    await page.getByRole("heading", { name: "This link is incomplete" }).waitFor();
    await page.getByRole("link", { name: "Go to operator sign-in" }).click();
    await page.getByRole("heading", { name: "Operator sign-in" }).waitFor();
    await page.close();
  });

  it("activates the operator from the one-time link, then signs in with the e-mailed code", async () => {
    const page = await consolePage(browser, server.url, null, activation);
    await page.getByRole("heading", { name: "Activate your operator account" }).waitFor();
    await page.getByRole("textbox", { name: "Your name" }).fill("Olive Ops");
    await page.getByRole("textbox", { name: "Password", exact: true }).fill("short");
    await page.getByRole("button", { name: "Activate account" }).click();
    await page.getByText("Password must be at least 12 characters long").waitFor();
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(OPERATOR_PASSWORD);
    await page.getByRole("textbox", { name: "Confirm password", exact: true }).fill(OPERATOR_PASSWORD);
    await page.getByRole("button", { name: "Activate account" }).click();
    await acknowledge(page, "Your operator account is ready");
    activated = true;
    await page.getByRole("heading", { name: "Operator sign-in" }).waitFor();

    // The link works once.
    const again = await operatorCall(server.url, "POST", "/operator/activate", {
      token: new URL(`http://x${activation}`).searchParams.get("token"),
      name: "Someone",
      password: OPERATOR_PASSWORD,
    });
    expect(again.status).toBe(400);

    const since = Date.now() - 1000;
    await page.getByRole("textbox", { name: "E-mail" }).fill(OPERATOR_EMAIL);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(OPERATOR_PASSWORD);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Enter your sign-in code" }).waitFor();
    const code = await signInCode(server.url, OPERATOR_EMAIL, since);
    await page.keyboard.type(code);
    await page.getByRole("heading", { name: "Overview" }).waitFor({ timeout: 15_000 });
    operatorToken = (await page.evaluate(() => localStorage.getItem("operatorToken"))) ?? "";
    expect(operatorToken).not.toBe("");
    expect(await page.evaluate(() => localStorage.getItem("userToken"))).toBeNull();
    // The header names the console; the queues are one row of sections.
    await page.getByText("Herald operator console").waitFor();
    const nav = page.getByRole("navigation", { name: "Sections" });
    for (const name of [
      "Overview",
      "Companies",
      "Top-up requests",
      "Sender IDs",
      "Numbers",
      "Unrouted",
      "Audit log",
    ])
      await nav.getByRole("link", { name: new RegExp(`^${name}`) }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // The operator's token opens no company call.
    const crossed = await apiPost(server.url, "/getProfile", {}, operatorToken);
    expect(crossed.status).toBe(401);
    await page.close();
  });

  /**
   * The operator's token for the journeys below: the page journey's, or (when it did not get that far) activated
   * and signed in through the API, so each journey below fails for its own reasons only.
   */
  async function token() {
    if (!activated) {
      await activateByApi(server.url, activation, "Olive Ops");
      activated = true;
    }
    if (!operatorToken)
      operatorToken = await operatorSignInByApi(server.url, OPERATOR_EMAIL, OPERATOR_PASSWORD);
    return operatorToken;
  }

  it("finds the demo company, suspends it with a reason (its users are refused), and resumes it", async () => {
    const page = await consolePage(browser, server.url, await token(), "/operator/companies");
    await page.getByRole("heading", { name: "Companies" }).waitFor();
    await page.getByRole("searchbox", { name: "Search" }).fill(owner.email);
    const link = page.getByRole("table", { name: "Companies" }).getByRole("link").first();
    await link.waitFor();
    companyName = (await link.textContent()) ?? "";
    await link.click();
    await page.waitForURL(/\/operator\/companies\/[0-9a-f-]{36}$/);
    companyId = new URL(page.url()).pathname.split("/").at(-1)!;
    await page.getByRole("heading", { level: 1, name: companyName }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Suspend company" }).click();
    const dialog = page.getByRole("dialog", { name: `Suspend ${companyName}?` });
    await dialog.getByRole("button", { name: "Suspend company" }).click();
    await dialog.getByText("Please give a reason.").waitFor();
    await dialog.getByRole("textbox", { name: /Reason/ }).fill("Unpaid invoices");
    await dialog.getByRole("button", { name: "Suspend company" }).click();
    await toast(page, `${companyName} is suspended`).waitFor();
    await page.getByText("Reason: Unpaid invoices").waitFor();
    const refused = await apiPost<{ message: string }>(server.url, "/login", owner);
    expect(refused.status).not.toBe(200);
    expect(refused.body.message.length).toBeGreaterThan(0);

    await page.getByRole("button", { name: "Resume company" }).click();
    const resume = page.getByRole("dialog", { name: `Resume ${companyName}?` });
    await resume.getByRole("textbox", { name: /Reason/ }).fill("Paid");
    await resume.getByRole("button", { name: "Resume company" }).click();
    await toast(page, `${companyName} is active again`).waitFor();
    ownerToken = await signInByApi(server.url, owner.email, owner.password);
    await page.close();
  });

  it("grants credit with a reason after seeing the balance before and after; a double click grants once", async () => {
    const balance = async () =>
      (await apiPost<{ companyCredit: number }>(server.url, "/getCompany", {}, ownerToken)).body
        .companyCredit;
    const before = await balance();
    const page = await consolePage(browser, server.url, await token(), `/operator/companies/${companyId}`);
    await page.getByRole("button", { name: "Grant or correct credit" }).click();
    const dialog = page.getByRole("dialog", { name: "Grant or correct credit" });
    await dialog.getByRole("spinbutton", { name: /^Amount/ }).fill("50");
    await dialog.getByRole("textbox", { name: /Reason/ }).fill("Goodwill for the outage of 27 Nov");
    await dialog.getByRole("button", { name: "Review" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm the adjustment" });
    await confirm.getByTestId("balance-change").waitFor();
    expect(await confirm.getByTestId("balance-change").textContent()).toContain("→");
    // Every grant the page sends, until it is answered.
    const grants = new Set<object>();
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith(`/operator/companies/${companyId}/credit`)) grants.add(r);
    });
    page.on("requestfinished", (r) => grants.delete(r));
    page.on("requestfailed", (r) => grants.delete(r));
    await confirm.getByRole("button", { name: "Grant SGD 50.00" }).dblclick();
    await toast(page, `SGD 50.00 granted to ${companyName}`).waitFor({ timeout: 15_000 });
    // Once, even after whatever the double click sent has been answered.
    await expect.poll(() => grants.size).toBe(0);
    expect(await balance()).toBeCloseTo(before + 50, 2);
    await page.close();
  });

  it("answers a top-up request: the amount asked for is prefilled, and the company sees the answer", async () => {
    const asked = await apiPost(
      server.url,
      "/topupReq",
      { topUpType: 1, amount: 120, note: "Campaign next week" },
      ownerToken,
    );
    expect(asked.status).toBe(200);
    const page = await consolePage(browser, server.url, await token(), "/operator/topups");
    await page.getByText("Campaign next week").waitFor();
    await page.getByRole("button", { name: `Grant ${companyName}'s request` }).click();
    const dialog = page.getByRole("dialog", { name: `Grant credit to ${companyName}` });
    expect(await dialog.getByRole("spinbutton", { name: /Amount to grant/ }).inputValue()).toBe("120.00");
    await dialog.getByRole("textbox", { name: /Message to the company/ }).fill("Enjoy the campaign");
    await dialog.getByRole("button", { name: "Grant SGD 120.00" }).click();
    await toast(page, `SGD 120.00 granted to ${companyName}`).waitFor();
    const answers = await fetch(`${server.url}/api/topupRequests`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    const list = (await answers.json()) as {
      data: { status: string; grantedAmount: number | null; answer: string | null }[];
    };
    expect(list.data[0]).toMatchObject({
      status: "granted",
      grantedAmount: 120,
      answer: "Enjoy the campaign",
    });

    // The company's admins see it on their credit summary.
    const summary = await consolePage(browser, server.url, null, "/credit-mgt/summary", {
      userToken: ownerToken,
    });
    await summary
      .getByRole("table", { name: "Top-up requests to Herald Support" })
      .getByText("Granted SGD 120.00")
      .waitFor();
    await summary.close();
    await page.close();
  });

  it("adds a shared number with a keyword for the company, and deletes it after a confirmation", async () => {
    const page = await consolePage(browser, server.url, await token(), "/operator/numbers");
    await page.getByRole("button", { name: "Add number" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a number" });
    await dialog.getByRole("textbox", { name: /^Number/ }).fill("72345");
    await dialog.getByRole("radio", { name: "Short code" }).click();
    await dialog.getByRole("radio", { name: "Shared by keyword" }).click();
    const picker = dialog.getByRole("combobox", { name: /Companies/ });
    await picker.fill(companyName.slice(0, 6));
    await page.getByRole("option", { name: companyName }).click();
    await picker.press("Escape");
    await dialog.getByRole("textbox", { name: `${companyName}'s keyword` }).fill("DEMO");
    await dialog.getByRole("button", { name: "Add number" }).click();
    await toast(page, "72345 is added").waitFor();
    const mine = await fetch(`${server.url}/api/inboundNumbers`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    expect(((await mine.json()) as { data: unknown[] }).data).toEqual([
      { number: "72345", kind: "short", shared: true, keyword: "DEMO" },
    ]);
    await page.getByRole("button", { name: "Actions for 72345" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page
      .getByRole("alertdialog", { name: "Stop receiving on 72345?" })
      .getByRole("button", { name: "Delete number" })
      .click();
    await toast(page, "72345 is deleted").waitFor();
    await page.close();
  });

  it("shows what was done in the audit log, with before and after, and exports it as CSV", async () => {
    const page = await consolePage(
      browser,
      server.url,
      await token(),
      `/operator/audit?companyId=${companyId}`,
    );
    const table = page.getByRole("table", { name: "Audit log" });
    await table.getByText("Goodwill for the outage of 27 Nov").first().waitFor({ timeout: 15_000 });
    await table.locator("del").first().waitFor();
    await table.locator("ins").first().waitFor();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it("lays the console out at 390, 768 and 1440 px, light and dark, without sideways scrolling", async () => {
    // Work waiting in every queue, so each screen is seen with rows in it: a top-up request, a sender ID to
    // review (the widest row: Approve and Reject), a number the company receives on.
    const op = await token();
    const asked = await apiPost(
      server.url,
      "/topupReq",
      { topUpType: 1, amount: 2500, note: "Year-end campaign for every branch in Singapore and Malaysia" },
      ownerToken,
    );
    expect(asked.status).toBe(200);
    const requested = await apiPost(
      server.url,
      "/requestSenderId",
      { senderId: "DemoCare", purpose: "Appointment reminders to our patients" },
      ownerToken,
    );
    expect(requested.status).toBe(200);
    const number = await operatorCall(
      server.url,
      "POST",
      "/operator/numbers",
      { number: "+6591234567", kind: "long", shared: false, owners: [{ companyId, keyword: null }] },
      op,
    );
    expect(number.status).toBe(200);
    // One page: each screen loaded once with the journeys' data, then looked at in every width and theme.
    const page = await consolePage(browser, server.url, op, "/operator");
    for (const path of [
      "/operator",
      "/operator/companies",
      `/operator/companies/${companyId}`,
      "/operator/topups",
      "/operator/sender-ids",
      "/operator/numbers",
      "/operator/unrouted",
      "/operator/audit",
    ]) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`${server.url}${path}`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await expect
        .poll(() => page.getByRole("status", { name: /^Loading/ }).count(), { message: path })
        .toBe(0);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        for (const colorScheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme });
          // To look at, on request (not compared: the figures depend on the journeys before).
          if (SHOTS) {
            // the theme's colours fully applied (its transitions over)
            await page.evaluate(async () => {
              await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
              await Promise.all(
                document
                  .getAnimations()
                  .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
                  .map((a) => a.finished.catch(() => undefined)),
              );
            });
            const name =
              path === `/operator/companies/${companyId}`
                ? "operator-company"
                : path.slice(1).replace("/", "-");
            await page.screenshot({
              path: `${ATTACHMENTS}/${name}-${width}-${colorScheme}.png`,
              fullPage: true,
              animations: "disabled",
            });
          }
          expect(await sidewaysScrolling(page), `${path} ${width} ${colorScheme}`).toEqual([]);
        }
      }
      await page.emulateMedia({ colorScheme: "light" });
    }
    await page.close();
  });

  it("signs out of the console only", async () => {
    const page: Page = await consolePage(browser, server.url, await token(), "/operator", {
      userToken: ownerToken,
    });
    await page.getByRole("button", { name: /Operator/ }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { name: "Operator sign-in" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("userToken"))).toBe(ownerToken);
    const after = await operatorCall(server.url, "GET", "/operator/me", undefined, operatorToken);
    expect(after.status).toBe(401);
    operatorToken = "";
    await page.close();
  });
});
