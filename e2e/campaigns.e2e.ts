import { readFile } from "node:fs/promises";
import ExcelJS from "exceljs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, demoCredentials, signInByApi } from "./support/api";
import { axeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { acknowledge } from "./support/notice";
import { type RunningServer, startServer } from "./support/server";

interface CampaignBody {
  id: string;
  name: string;
  status: string;
  broadcast_id: string | null;
}
/** Polls that wait for the server (a list, a form's data) on a busy machine. */
const LOADED = { timeout: 15_000 };
const NAME_EXISTS = "The campaign name already exists. Please use another name.";

describe("campaigns: add, duplicate name, edit, details, export, bulk delete", () => {
  let server: RunningServer;
  let browser: BrowserContext;
  let token: string;
  const stamp = Date.now().toString(36);

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const owner = demoCredentials(server.output());
    token = await signInByApi(server.url, owner.email, owner.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signedInPage(path: string): Promise<Page> {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("console", (m) => {
      // a refused request the screen answers with a dialog (422) is logged by the browser itself
      if (m.type() === "error" && !/status of 422/.test(m.text())) problems.push(m.text());
    });
    page.on("pageerror", (e) => problems.push(e.message));
    (page as Page & { problems?: string[] }).problems = problems;
    await page.goto(`${server.url}/not-found`);
    await page.evaluate((t) => localStorage.setItem("userToken", t), token);
    await page.goto(`${server.url}${path}`);
    return page;
  }
  const consoleErrors = (page: Page) => (page as Page & { problems?: string[] }).problems ?? [];

  async function noSidewaysScroll(page: Page) {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  const campaigns = async () => {
    const r = await apiPost<{ data: CampaignBody[] }>(server.url, "/campaignList", {}, token);
    expect(r.status).toBe(200);
    return r.body.data.filter((c) => c.name.includes(stamp));
  };

  it("walks a campaign from creation to deletion", async () => {
    // ---- add in the portal
    const page = await signedInPage("/campaign/campaign-add");
    const main = page.getByRole("main");
    await main.getByRole("heading", { name: "Add Campaign" }).waitFor();
    const name = main.getByRole("textbox", { name: "Campaign Name" });
    await main.getByRole("button", { name: "Save" }).click();
    await main.getByText("This is required").waitFor();
    expect(await name.getAttribute("maxlength")).toBe("50");
    await name.fill(`Launch ${stamp}`);
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);
    await main.getByRole("button", { name: "Save" }).click();
    await acknowledge(page, "Data Update Successful !");
    await page.waitForURL(/\/campaign\/campaign-mgt$/);
    const [launch] = await campaigns();
    expect(launch).toMatchObject({ name: `Launch ${stamp}`, status: "ready" });

    // ---- the same name again, in another case: the specification's 422 text, in a dialog and on the field
    await page.goto(`${server.url}/campaign/campaign-add`);
    await name.fill(`LAUNCH ${stamp}`);
    await main.getByRole("button", { name: "Save" }).click();
    await main.getByText(NAME_EXISTS).waitFor();
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    expect(await campaigns()).toHaveLength(1);

    const second = await apiPost<CampaignBody>(
      server.url,
      "/addCampaign",
      { name: `Second ${stamp}` },
      token,
    );
    expect(second.status).toBe(200);

    // ---- the list (the last 2 days by default), search, edit from the row
    await page.goto(`${server.url}/campaign/campaign-mgt`);
    const table = main.getByRole("table", { name: "Campaigns" });
    await main.getByRole("searchbox", { name: "Search campaigns" }).fill(stamp);
    await expect.poll(() => table.getByRole("row").filter({ hasText: stamp }).count(), LOADED).toBe(2);
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);
    const launchRow = table.getByRole("row").filter({ hasText: `Launch ${stamp}` });
    await launchRow.getByRole("button", { name: `Actions for Launch ${stamp}` }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    await page.waitForURL(new RegExp(`/campaign/campaign-edit/${launch!.id}$`));
    await main.getByRole("heading", { name: "Edit Campaign" }).waitFor();
    await expect.poll(() => name.inputValue(), LOADED).toBe(`Launch ${stamp}`);
    // renaming onto the other campaign's name is refused with the same text
    await name.fill(`second ${stamp}`);
    await main.getByRole("button", { name: "Save" }).click();
    await main.getByText(NAME_EXISTS).waitFor();
    await name.fill(`Launch Day ${stamp}`);
    await main.getByRole("button", { name: "Save" }).click();
    await acknowledge(page, "Data Update Successful !");
    await page.waitForURL(/\/campaign\/campaign-mgt$/);

    // ---- details: nothing sent yet, so View Outgoing Report is disabled with a hint
    await main.getByRole("searchbox", { name: "Search campaigns" }).fill(`Launch Day ${stamp}`);
    const renamed = table.getByRole("row").filter({ hasText: `Launch Day ${stamp}` });
    await renamed.waitFor(LOADED);
    await renamed.getByRole("button", { name: `Actions for Launch Day ${stamp}` }).click();
    await page.getByRole("menuitem", { name: "View Details" }).click();
    await page.waitForURL(new RegExp(`/campaign/campaign-view/${launch!.id}$`));
    await main.getByText(`Launch Day ${stamp}`).waitFor();
    await main.getByText("Ready", { exact: true }).waitFor();
    const report = main.getByRole("button", { name: "View Outgoing Report" });
    expect(await report.isDisabled()).toBe(true);
    await main.getByText("Nothing has been sent in this campaign yet.").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);

    // ---- export the visible table as Campaign.csv and Campaign.xlsx
    await page.goto(`${server.url}/campaign/campaign-mgt`);
    await main.getByRole("searchbox", { name: "Search campaigns" }).fill(stamp);
    await expect.poll(() => table.getByRole("row").filter({ hasText: stamp }).count(), LOADED).toBe(2);
    const csvDownload = page.waitForEvent("download");
    await main.getByRole("button", { name: "CSV", exact: true }).click();
    const csvFile = await csvDownload;
    expect(csvFile.suggestedFilename()).toBe("Campaign.csv");
    const exported = (await readFile((await csvFile.path()) as string, "utf8"))
      .replace(/^\ufeff/, "")
      .trim()
      .split(/\r?\n/);
    expect(exported[0]).toBe("Campaign Name,Status,Created Date,Scheduled Date,Broadcast");
    expect(
      exported
        .slice(1)
        .map((l) => l.split(",")[0])
        .sort(),
    ).toEqual([`Launch Day ${stamp}`, `Second ${stamp}`]);
    const xlsxDownload = page.waitForEvent("download");
    await main.getByRole("button", { name: "Excel", exact: true }).click();
    const xlsxFile = await xlsxDownload;
    expect(xlsxFile.suggestedFilename()).toBe("Campaign.xlsx");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(
      (await readFile((await xlsxFile.path()) as string)) as unknown as Parameters<typeof book.xlsx.load>[0],
    );
    expect(book.worksheets[0]!.rowCount).toBe(3);

    // ---- bulk delete behind a confirmation: cancelling keeps both, confirming marks both deleted
    const deleteButton = main.getByRole("button", { name: "Delete", exact: true });
    await table.getByRole("checkbox", { name: `Select Launch Day ${stamp}` }).check();
    await table.getByRole("checkbox", { name: `Select Second ${stamp}` }).check();
    await deleteButton.click();
    let dialog = page.getByRole("alertdialog", { name: "Are you sure?", exact: true });
    await dialog.waitFor();
    await dialog.getByText("2 campaigns will be deleted, with their broadcasts.").waitFor();
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    expect((await campaigns()).map((c) => c.status)).toEqual(["ready", "ready"]);
    await deleteButton.click();
    dialog = page.getByRole("alertdialog", { name: "Are you sure?", exact: true });
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await acknowledge(page, "Data Deleted Successful !");
    await expect
      .poll(async () => (await campaigns()).map((c) => c.status), LOADED)
      .toEqual(["deleted", "deleted"]);

    // deleted rows stay listed with status Deleted and offer View Details but no Edit
    await expect
      .poll(
        () => table.getByRole("row").filter({ hasText: "Deleted" }).filter({ hasText: stamp }).count(),
        LOADED,
      )
      .toBe(2);
    const gone = table.getByRole("row").filter({ hasText: `Second ${stamp}` });
    await gone.getByRole("button", { name: `Actions for Second ${stamp}` }).click();
    await page.getByRole("menuitem", { name: "View Details" }).waitFor();
    expect(await page.getByRole("menuitem", { name: "Edit" }).count()).toBe(0);
    await page.keyboard.press("Escape");

    expect(consoleErrors(page)).toEqual([]);
    await page.close();
  });

  it("shows what a campaign sent: status, totals, funnel, its sends and View Outgoing Report", async () => {
    // ---- a campaign that sent messages: its status follows them to Sent, its figures add up, and View
    // Outgoing Report lists its messages
    const sale = await apiPost<CampaignBody>(server.url, "/addCampaign", { name: `Sale ${stamp}` }, token);
    expect(sale.status).toBe(200);
    const numbers = ["6591230001", "6591230002"];
    const sms = await apiPost(
      server.url,
      "/sms/send",
      {
        channel: "SMS",
        recipients: { numbers },
        text: `Sale starts today ${stamp}`,
        campaignId: sale.body.id,
      },
      token,
    );
    expect(sms.status, JSON.stringify(sms.body)).toBe(200);
    const page = await signedInPage(`/campaign/campaign-view/${sale.body.id}`);
    const main = page.getByRole("main");
    const figures = main.getByRole("region", { name: "Delivery" });
    const figure = async (label: string) =>
      ((await figures.getByRole("group", { name: label, exact: true }).textContent()) ?? "")
        .replace(label, "")
        .trim();
    // the status badge of the details follows the messages (Processing while they go out) to Sent
    await expect
      .poll(
        () =>
          main
            .getByRole("definition")
            .filter({ hasText: /^Sent$/ })
            .count(),
        { timeout: 30_000 },
      )
      .toBe(1);
    await expect.poll(() => figure("Pending"), { timeout: 30_000 }).toBe("0");
    expect(await figure("Recipients")).toBe("2");
    expect(await figure("Sent")).toBe("2");
    expect(await figure("Failed")).toBe("0");
    expect(await figure("Cost (SGD)")).toMatch(/^\d[\d,]*\.\d{2}$/);
    await main.getByRole("heading", { name: "Delivery funnel" }).waitFor();
    await main
      .getByRole("table", { name: "Sends and broadcasts" })
      .getByText("SMS message", { exact: false })
      .waitFor();
    expect(await main.getByRole("status", { name: /^Loading/ }).count()).toBe(0);
    const outgoing = main.getByRole("button", { name: "View Outgoing Report" });
    expect(await outgoing.isDisabled()).toBe(false);
    await outgoing.click();
    await page.waitForURL(/\?report=outgoing$/);
    const messages = main.getByRole("table", { name: "Outgoing messages" });
    for (const n of numbers)
      await messages
        .getByRole("row")
        .filter({ hasText: `+${n}` })
        .waitFor(LOADED);
    expect(
      await messages
        .getByRole("row")
        .filter({ hasText: `Sale starts today ${stamp}` })
        .count(),
    ).toBe(2);
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);

    expect(consoleErrors(page)).toEqual([]);
    await page.close();
  });

  it("filters the list by created date (the last 2 days by default), in dark mode at every width", async () => {
    const made = await apiPost<CampaignBody>(server.url, "/addCampaign", { name: `Range ${stamp}` }, token);
    expect(made.status).toBe(200);
    const page = await signedInPage("/campaign/campaign-mgt");
    await page.emulateMedia({ colorScheme: "dark" });
    const main = page.getByRole("main");
    const table = main.getByRole("table", { name: "Campaigns" });
    const row = table.getByRole("row").filter({ hasText: `Range ${stamp}` });
    await row.waitFor(LOADED);
    // days long past: nothing to show
    await main.getByLabel("From", { exact: true }).fill("2000-01-01");
    await main.getByLabel("To", { exact: true }).fill("2000-01-02");
    await main.getByText("There are no records found.").waitFor(LOADED);
    expect(await row.count()).toBe(0);
    // back to the default range
    await main.getByRole("button", { name: "Last 2 days" }).click();
    await row.waitFor(LOADED);
    expect(await axeViolations(page)).toEqual([]);
    for (const width of [390, 768, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await row.waitFor();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(width);
    }
    expect(consoleErrors(page)).toEqual([]);
    await page.close();
  });
});
