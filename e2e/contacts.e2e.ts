import { readFile } from "node:fs/promises";
import ExcelJS from "exceljs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, demoCredentials, signInByApi } from "./support/api";
import { axeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { acknowledge } from "./support/notice";
import { type RunningServer, startServer } from "./support/server";

interface ContactBody {
  id: string;
  name: string;
  mobile: string;
  groups: { id: string; name: string }[];
}
/** Polls that wait for the server (a list, a form's data) on a busy machine. */
const LOADED = { timeout: 15_000 };

interface GroupBody {
  id: string;
  name: string;
  total_recipients: number;
}

describe("contacts and groups: upload with issues, report.xlsx, groups, members, edits", () => {
  let server: RunningServer;
  let browser: BrowserContext;
  let token: string;
  const stamp = Date.now().toString(36);
  // Singapore mobile numbers unique to this run
  const base = 90_000_000 + (Date.now() % 9_000_000);
  const sg = (n: number) => `65${base + n}`;

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
      // a refused request the screen answers with a dialog (409) is logged by the browser itself
      if (m.type() === "error" && !/status of 409/.test(m.text())) problems.push(m.text());
    });
    page.on("pageerror", (e) => problems.push(e.message));
    (page as Page & { problems?: string[] }).problems = problems;
    await page.goto(`${server.url}/not-found`);
    await page.evaluate((t) => localStorage.setItem("userToken", t), token);
    await page.goto(`${server.url}${path}`);
    return page;
  }
  const consoleErrors = (page: Page) => (page as Page & { problems?: string[] }).problems ?? [];

  async function confirm(page: Page, title: string, button = "Yes") {
    const dialog = page.getByRole("alertdialog", { name: title, exact: true });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: button, exact: true }).click();
  }

  async function noSidewaysScroll(page: Page) {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  const contactsMatching = async (search: string) =>
    (await fetch(`${server.url}/api/contacts?search=${encodeURIComponent(search)}&limit=100`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json())) as { data: ContactBody[] };

  const addGroup = async (name: string) => {
    const r = await apiPost<GroupBody>(server.url, "/addGroup", { name }, token);
    expect(r.status).toBe(200);
    return r.body;
  };

  it("uploads a CSV with issues, downloads report.xlsx, groups the contacts and removes a member", async () => {
    const group = await addGroup(`Journey ${stamp}`);
    const page = await signedInPage("/contact/contact-add");
    const main = page.getByRole("main");
    await main.getByRole("heading", { name: "Add Contact" }).waitFor();
    await main.getByRole("tab", { name: "Upload From File" }).click();
    const uploadButton = main.getByRole("button", { name: "Upload Contact" });
    await uploadButton.waitFor();
    expect(await uploadButton.isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);

    // the template comes from the server
    const templateDownload = page.waitForEvent("download");
    await main.getByRole("button", { name: "Download template" }).click();
    expect((await templateDownload).suggestedFilename()).toBe("UploadTemplate.xlsx");

    const csv = [
      "mobile,name,city",
      `${sg(1)},Alice ${stamp},Singapore`,
      `${sg(2)},Bob ${stamp},Singapore`,
      `12,Bad ${stamp},Nowhere`,
      `${sg(1)},Again ${stamp},Singapore`,
      `${sg(3)},,Nowhere`,
    ].join("\n");
    await page.locator('input[type="file"]').setInputFiles({
      name: "contacts.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv),
    });
    expect(await uploadButton.isDisabled()).toBe(false);
    await uploadButton.click();

    const issues = page.getByRole("alertdialog", { name: "3 Contacts uploaded with issues !", exact: true });
    await issues.waitFor();
    // the report counts what was imported and what was not, and each reason reads as a line of words
    await issues
      .getByText("2 contacts were added. 3 rows were not imported: see the reasons below.")
      .waitFor();
    expect(await issues.getByRole("row").count()).toBe(4);
    for (const width of [390, 768, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const reasons = await issues.locator("tbody tr").evaluateAll((rows) =>
        rows.map((tr) => {
          const cell = (tr as HTMLTableRowElement).cells[2]!;
          const range = document.createRange();
          range.selectNodeContents(cell);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          return { text: cell.textContent, lines: tops.size, width: cell.getBoundingClientRect().width };
        }),
      );
      expect(reasons.map((r) => r.text)).toEqual([
        "Contact Number cannot be less than 7 digits",
        "Duplicate in file",
        "Name is required",
      ]);
      for (const r of reasons)
        expect(r.lines, `${width}px: ${r.text} (${r.width}px wide)`).toBeLessThanOrEqual(2);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    const download = page.waitForEvent("download");
    await issues.getByRole("button", { name: "Download error log (report.xlsx)" }).click();
    const report = await download;
    expect(report.suggestedFilename()).toBe("report.xlsx");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(
      (await readFile((await report.path()) as string)) as unknown as Parameters<typeof book.xlsx.load>[0],
    );
    const sheet = book.worksheets[0]!;
    const rows: string[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? "")));
    });
    expect(rows[0]).toEqual(["Row", "Mobile", "Name", "Reason"]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(["3", "4", "5"]);
    expect(rows[1]![1]).toBe("12");
    expect(rows[3]![1]).toBe(sg(3));
    await issues.getByRole("button", { name: "OK", exact: true }).click();
    await page.waitForURL(/\/contact\/individual$/);

    const imported = (await contactsMatching(stamp)).data;
    expect(imported.map((c) => c.name).sort()).toEqual([`Alice ${stamp}`, `Bob ${stamp}`]);

    // ---- the list: search, select both, Add into Group
    const table = main.getByRole("table", { name: "Contacts" });
    await main.getByRole("searchbox", { name: "Search contacts" }).fill(stamp);
    await expect.poll(() => table.getByRole("row").filter({ hasText: stamp }).count(), LOADED).toBe(2);
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);
    // the visible table exported in the browser, as CSV and as a workbook
    const csvDownload = page.waitForEvent("download");
    await main.getByRole("button", { name: "CSV", exact: true }).click();
    const csvFile = await csvDownload;
    expect(csvFile.suggestedFilename()).toBe("contacts.csv");
    const exported = (await readFile((await csvFile.path()) as string, "utf8"))
      .replace(/^\ufeff/, "")
      .trim()
      .split(/\r?\n/);
    expect(exported[0]).toBe("Name,Mobile,Email,Groups,Created Date");
    expect(
      exported
        .slice(1)
        .map((l) => l.split(",")[1])
        .sort(),
    ).toEqual([sg(1), sg(2)]);
    const xlsxDownload = page.waitForEvent("download");
    await main.getByRole("button", { name: "Excel", exact: true }).click();
    const xlsxFile = await xlsxDownload;
    expect(xlsxFile.suggestedFilename()).toBe("contacts.xlsx");
    const exportedBook = new ExcelJS.Workbook();
    await exportedBook.xlsx.load(
      (await readFile((await xlsxFile.path()) as string)) as unknown as Parameters<typeof book.xlsx.load>[0],
    );
    expect(exportedBook.worksheets[0]!.rowCount).toBe(3);
    await table.getByRole("checkbox", { name: `Select Alice ${stamp}` }).check();
    await table.getByRole("checkbox", { name: `Select Bob ${stamp}` }).check();
    await main.getByRole("button", { name: "Add into Group" }).click();
    const modal = page.getByRole("dialog", { name: "Add into Group" });
    await modal.waitFor();
    await modal.getByRole("combobox", { name: "Groups" }).fill(`Journey ${stamp}`);
    await page.getByRole("option", { name: `Journey ${stamp}` }).click();
    await page.keyboard.press("Escape");
    await modal.getByRole("button", { name: "Save" }).click();
    await acknowledge(page, "Data Update Successful !");

    // adding them again reports both as issues
    await table.getByRole("checkbox", { name: `Select Alice ${stamp}` }).check();
    await table.getByRole("checkbox", { name: `Select Bob ${stamp}` }).check();
    await main.getByRole("button", { name: "Add into Group" }).click();
    await modal.getByRole("combobox", { name: "Groups" }).fill(`Journey ${stamp}`);
    await page.getByRole("option", { name: `Journey ${stamp}` }).click();
    await page.keyboard.press("Escape");
    await modal.getByRole("button", { name: "Save" }).click();
    await acknowledge(page, "2 Contacts with issues !");

    // ---- the group's members; remove one
    await page.goto(`${server.url}/contact/group`);
    const groups = main.getByRole("table", { name: "Groups" });
    const groupRow = groups.getByRole("row").filter({ hasText: `Journey ${stamp}` });
    await groupRow.waitFor();
    await groupRow.getByText("2", { exact: true }).waitFor();
    await groupRow.getByRole("button", { name: `Actions for Journey ${stamp}` }).click();
    await page.getByRole("menuitem", { name: "View Details" }).click();
    await page.waitForURL(new RegExp(`/contact/group/${group.id}$`));
    const members = main.getByRole("table", { name: "Group members" });
    await expect.poll(() => members.getByRole("row").filter({ hasText: stamp }).count(), LOADED).toBe(2);
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);
    await members.getByRole("button", { name: `Actions for Alice ${stamp}` }).click();
    await page.getByRole("menuitem", { name: "Remove from Group" }).click();
    await confirm(page, "Are you sure?", "Remove");
    await acknowledge(page, "Data Deleted Successful !");
    await expect.poll(() => members.getByRole("row").filter({ hasText: stamp }).count(), LOADED).toBe(1);
    const detail = await apiPost<{ total_recipients: number; groupMembers: ContactBody[] }>(
      server.url,
      "/getGroup",
      { id: group.id },
      token,
    );
    expect(detail.body.total_recipients).toBe(1);
    expect(detail.body.groupMembers.map((m) => m.name)).toEqual([`Bob ${stamp}`]);

    // bulk removal leaves the group empty
    await members.getByRole("checkbox", { name: `Select Bob ${stamp}` }).check();
    await main.getByRole("button", { name: "Remove from Group" }).click();
    await confirm(page, "Are you sure?", "Remove");
    await acknowledge(page, "Data Deleted Successful !");
    await main.getByText("There are no recipients in this group").waitFor();

    // dark mode
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await main.getByText("There are no recipients in this group").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(consoleErrors(page)).toEqual([]);
    await page.close();
  });

  it("adds, edits and deletes one contact; a group rename to a taken name is refused", async () => {
    const page = await signedInPage("/contact/contact-add");
    const main = page.getByRole("main");
    await main.getByRole("heading", { name: "Add Contact" }).waitFor();
    // the rules in the form
    await main.getByRole("button", { name: "Save" }).click();
    await main.getByText("This is required").waitFor();
    await main.getByText("Contact Number is required").waitFor();
    await main.getByRole("textbox", { name: "Name" }).fill(`Carol ${stamp}`);
    const number = main.getByRole("textbox", { name: "Contact Number" });
    await number.fill("123");
    await main.getByRole("button", { name: "Save" }).click();
    await main.getByText("Contact Number cannot be less than 7 digits").waitFor();
    await number.fill(String(base + 10));
    await main.getByRole("textbox", { name: "Email" }).fill(`carol.${stamp}@example.com`);
    expect(await axeViolations(page)).toEqual([]);
    await main.getByRole("button", { name: "Save" }).click();
    await acknowledge(page, "Data Update Successful !");
    await page.waitForURL(/\/contact\/individual$/);
    const [carol] = (await contactsMatching(`Carol ${stamp}`)).data;
    expect(carol).toMatchObject({ name: `Carol ${stamp}`, mobile: sg(10) });

    // the same number again: the server's text
    await page.goto(`${server.url}/contact/contact-add`);
    await main.getByRole("textbox", { name: "Name" }).fill(`Twin ${stamp}`);
    await number.fill(String(base + 10));
    await main.getByRole("button", { name: "Save" }).click();
    await acknowledge(page, "This contact number already exists.");

    // ---- details, then edit
    await page.goto(`${server.url}/contact/individual`);
    const table = main.getByRole("table", { name: "Contacts" });
    await main.getByRole("searchbox", { name: "Search contacts" }).fill(`Carol ${stamp}`);
    const row = table.getByRole("row").filter({ hasText: `Carol ${stamp}` });
    await row.waitFor();
    await row.getByRole("button", { name: `Actions for Carol ${stamp}` }).click();
    await page.getByRole("menuitem", { name: "View Details" }).click();
    await page.waitForURL(new RegExp(`/contact/individual/${carol!.id}$`));
    await main.getByText(`carol.${stamp}@example.com`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);
    await main.getByRole("button", { name: "Edit Contact" }).click();
    await page.waitForURL(new RegExp(`/contact/individual-edit/${carol!.id}$`));
    const name = main.getByRole("textbox", { name: "Name" });
    await expect.poll(() => name.inputValue(), LOADED).toBe(`Carol ${stamp}`);
    await name.fill(`Caroline ${stamp}`);
    await main.getByRole("button", { name: "Save" }).click();
    await confirm(page, "Are you sure the data is correct?");
    await acknowledge(page, "Contact Successfully Edited !");
    await page.waitForURL(new RegExp(`/contact/individual/${carol!.id}$`));
    await main.getByText(`Caroline ${stamp}`).waitFor();

    // ---- delete from the list
    await page.goto(`${server.url}/contact/individual`);
    await main.getByRole("searchbox", { name: "Search contacts" }).fill(`Caroline ${stamp}`);
    const edited = table.getByRole("row").filter({ hasText: `Caroline ${stamp}` });
    await edited.waitFor();
    await edited.getByRole("button", { name: `Actions for Caroline ${stamp}` }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await confirm(page, "Are you sure?", "Delete");
    await acknowledge(page, "Data Deleted Successful !");
    await edited.waitFor({ state: "detached" });
    expect((await contactsMatching(`Caroline ${stamp}`)).data).toEqual([]);

    // ---- groups: add one in the portal, then rename another to its name
    await page.goto(`${server.url}/contact/group-add`);
    await main.getByRole("heading", { name: "Add Group" }).waitFor();
    await main.getByRole("textbox", { name: "Group Name" }).fill(`Alpha ${stamp}`);
    await main.getByRole("button", { name: "Save" }).click();
    await acknowledge(page, "Data Update Successful !");
    await page.waitForURL(/\/contact\/group$/);
    const beta = await addGroup(`Beta ${stamp}`);
    await page.goto(`${server.url}/contact/group-edit/${beta.id}`);
    const groupName = main.getByRole("textbox", { name: "Group Name" });
    await expect.poll(() => groupName.inputValue(), LOADED).toBe(`Beta ${stamp}`);
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);
    await groupName.fill(`alpha ${stamp}`);
    await main.getByRole("button", { name: "Save" }).click();
    await main.getByText("The group name already exists. Please use another name.").waitFor();
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    expect(page.url()).toMatch(new RegExp(`/contact/group-edit/${beta.id}$`));
    // at most 100 characters
    expect(await groupName.getAttribute("maxlength")).toBe("100");

    // the groups list in dark mode at phone width
    await page.goto(`${server.url}/contact/group`);
    await page.emulateMedia({ colorScheme: "dark" });
    await main
      .getByRole("table", { name: "Groups" })
      .getByRole("row")
      .filter({ hasText: `Beta ${stamp}` })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);
    expect(consoleErrors(page)).toEqual([]);
    await page.close();
  });
  it("follows a large import with a progress bar, then pages the list by cursor", async () => {
    const first = 93_000_000 + (Date.now() % 800_000);
    const lines = ["mobile,name,note"];
    const padding = "x".repeat(48);
    for (let i = 0; i < 15_000; i++) lines.push(`65${first + i},Bulk ${stamp} ${i},${padding}`);
    for (let i = 0; i < 5; i++) lines.push(`12,Broken ${stamp} ${i},${padding}`);
    const csv = Buffer.from(lines.join("\n"));
    expect(csv.length).toBeGreaterThan(1_048_576);

    const page = await signedInPage("/contact/contact-add");
    const main = page.getByRole("main");
    await main.getByRole("tab", { name: "Upload From File" }).click();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "big.csv", mimeType: "text/csv", buffer: csv });
    await main.getByRole("button", { name: "Upload Contact" }).click();
    // a large file answers at once and is followed with a progress bar
    await main.getByRole("progressbar", { name: "Importing big.csv" }).waitFor();
    await main.getByRole("button", { name: /Cancel import|Stopping/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const issues = page.getByRole("alertdialog", { name: "5 Contacts uploaded with issues !", exact: true });
    await issues.waitFor({ timeout: 120_000 });
    await issues.getByText("15,000 contacts were added.").waitFor();
    await issues.getByRole("button", { name: "Download error log (report.xlsx)" }).waitFor();
    await issues.getByRole("button", { name: "OK", exact: true }).click();
    await page.waitForURL(/\/contact\/individual$/);

    // keyset paging: Next page loads the following 100 by cursor, Previous comes back
    await main.getByRole("searchbox", { name: "Search contacts" }).fill(`Bulk ${stamp}`);
    await main.getByText("Showing 1 to 100 of 10000 entries").waitFor();
    await main.getByText("10,000+ contacts matching").waitFor();
    const table = main.getByRole("table", { name: "Contacts" });
    const firstName = () => table.getByRole("row").nth(1).textContent();
    const onFirstPage = await firstName();
    await main.getByRole("button", { name: "Next page" }).click();
    await main.getByText("Showing 101 to 200 of 10000 entries").waitFor();
    await expect.poll(firstName, LOADED).not.toBe(onFirstPage);
    await main.getByRole("button", { name: "Previous page" }).click();
    await main.getByText("Showing 1 to 100 of 10000 entries").waitFor();
    await expect.poll(firstName, LOADED).toBe(onFirstPage);

    // the whole phone book: its exact size, and its last page one click away
    await main.getByRole("searchbox", { name: "Search contacts" }).fill("");
    const { total } = (await fetch(`${server.url}/api/contacts?limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json())) as { total: number };
    expect(total).toBeGreaterThan(15_000);
    await main.getByText(`${total.toLocaleString("en-US")} contacts`, { exact: true }).waitFor(LOADED);
    const pages = Math.ceil(total / 100);
    const lastPage = (await fetch(`${server.url}/api/contacts?limit=100&page=${pages}`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json())) as { data: ContactBody[] };
    await main.getByRole("button", { name: "Last page" }).click();
    await main.getByText(`Showing ${(pages - 1) * 100 + 1} to ${total} of ${total} entries`).waitFor(LOADED);
    const lastRow = () => table.getByRole("row").last().textContent();
    await expect.poll(lastRow, LOADED).toContain(lastPage.data.at(-1)!.name);
    expect(await main.getByRole("button", { name: `Page ${pages}` }).getAttribute("aria-current")).toBe(
      "page",
    );
    expect(consoleErrors(page)).toEqual([]);
    await page.close();
  }, 240_000);
  it("cancels a large import: the committed batches stay and the screen says so", async () => {
    const first = 94_000_000 + (Date.now() % 800_000);
    const lines = ["mobile,name,note"];
    const padding = "y".repeat(60);
    for (let i = 0; i < 40_000; i++) lines.push(`65${first + i},Stop ${stamp} ${i},${padding}`);
    const page = await signedInPage("/contact/contact-add");
    const main = page.getByRole("main");
    await main.getByRole("tab", { name: "Upload From File" }).click();
    await page.locator('input[type="file"]').setInputFiles({
      name: "stop.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(lines.join("\n")),
    });
    await main.getByRole("button", { name: "Upload Contact" }).click();
    await main.getByRole("progressbar", { name: /Importing/ }).waitFor();
    const cancel = main.getByRole("button", { name: "Cancel import" });
    await cancel.click();
    const stopped = page.getByRole("alertdialog", { name: "Import cancelled", exact: true });
    await stopped.waitFor({ timeout: 60_000 });
    const text = (await stopped.textContent()) ?? "";
    const added = Number(/([\d,]+) contacts added before it stopped/.exec(text)?.[1]?.replace(/,/g, ""));
    expect(added).toBeLessThan(40_000);
    await stopped.getByRole("button", { name: "OK", exact: true }).click();
    await page.waitForURL(/\/contact\/individual$/);
    expect(consoleErrors(page)).toEqual([]);
    await page.close();
  }, 180_000);
});
