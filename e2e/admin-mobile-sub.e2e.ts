import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCredentials, signInByApi } from "./support/api";
import { axeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { acknowledge } from "./support/notice";
import { type RunningServer, startServer } from "./support/server";

const LIST = "/mobile-sub/mobile-list";
const ADD = "/mobile-sub/mobile-add";
const MISSING_ID = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";

describe("mobile subscription lists: tags, files, the 70KB limit, edit and soft delete", () => {
  let server: RunningServer;
  let browser: BrowserContext;
  let token: string;

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

  async function open(path: string, opts: { width?: number; colorScheme?: "light" | "dark" } = {}) {
    const page = await browser.newPage();
    await page.setViewportSize({ width: opts.width ?? 1280, height: 900 });
    await page.emulateMedia({ colorScheme: opts.colorScheme ?? "light" });
    await page.goto(`${server.url}/not-found`);
    await page.evaluate((t) => {
      localStorage.setItem("userToken", t);
      localStorage.removeItem("herald.theme");
    }, token);
    await page.goto(`${server.url}${path}`);
    return page;
  }

  async function confirm(page: Page, question: string, button = "Yes") {
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText(question, { exact: true }).waitFor();
    await dialog.getByRole("button", { name: button, exact: true }).click();
  }

  /** Reloads the list until `number` (as shown, e.g. "+65 9123 4567") is in it: the add job runs in the background. */
  async function waitForRow(page: Page, number: string) {
    const table = page.getByRole("table", { name: "Mobile subscriptions" });
    for (let i = 0; i < 30; i++) {
      await table.waitFor();
      if ((await table.getByText(number, { exact: true }).count()) > 0) return;
      await page.waitForTimeout(500);
      await page.reload();
    }
    throw new Error(`${number} did not appear in the list`);
  }

  const row = (page: Page, number: string) =>
    page.getByRole("row").filter({ has: page.getByText(number, { exact: true }) });

  async function startAdd(page: Page, type: "Subscribe" | "Unsubscribe", insert: "Manual" | "File upload") {
    await page.getByRole("heading", { name: "Add Mobile Numbers" }).waitFor();
    await page.getByRole("radio", { name: type, exact: true }).click();
    await page.getByRole("radio", { name: new RegExp(`^${insert}`) }).click();
  }

  async function saveAdd(page: Page) {
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await confirm(page, "Are you sure the data is correct?");
    await acknowledge(
      page,
      "Mobile List Add Successful !",
      "The numbers may take a while to appear in the list.",
    );
    await page.waitForURL(`**${LIST}`);
  }

  /** Rows of the list now (the demo company starts with a few numbers), optionally of one type. */
  const listed = async (type?: "sub" | "unsub") =>
    (
      (await fetch(`${server.url}/api/mobileSubList?pageSize=1${type ? `&type=${type}` : ""}`, {
        headers: { authorization: `Bearer ${token}` },
      }).then((r) => r.json())) as { total: number }
    ).total;

  it("adds a list from tags (a repeat and a number already listed are kept once) and shows it", async () => {
    const before = await listed();
    const page = await open(LIST);
    await page.getByRole("heading", { name: "Mobile Subscriptions", level: 2 }).waitFor();
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.waitForURL(`**${ADD}`);
    await startAdd(page, "Subscribe", "Manual");
    const tags = page.getByRole("textbox", { name: /Mobile Numbers/ });
    await tags.fill("6591234567 6581234567 6591234567 123 ");
    // the short one is shown as invalid and blocks saving until removed
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText(/Remove or correct the invalid numbers: 123/).waitFor();
    await page.getByRole("button", { name: /Remove 123/ }).click();
    await saveAdd(page);
    await waitForRow(page, "+65 9123 4567");
    await waitForRow(page, "+65 8123 4567");
    await page.getByText(`Showing 1 to ${before + 2} of ${before + 2} entries`).waitFor();
    const first = row(page, "+65 9123 4567");
    await first.getByText("Subscribe", { exact: true }).waitFor();
    await first.getByText("Active", { exact: true }).waitFor();

    // the same number again is skipped by the server
    const again = await fetch(`${server.url}/api/addMobileSub`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ insertType: "manual", type: "sub", mobile: ["6591234567"] }),
    });
    expect(again.status).toBe(202);
    await page.waitForTimeout(1500);
    await page.reload();
    await page.getByText(`Showing 1 to ${before + 2} of ${before + 2} entries`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it("adds a list from a CSV file: uploaded first, its info shown, then added", async () => {
    const unsubscribed = await listed("unsub");
    const page = await open(ADD);
    await startAdd(page, "Unsubscribe", "File upload");
    await page.getByRole("link", { name: "Download a sample file" }).waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: "unsubscribe.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("mobile,name\n+65 9876 5432,Ann\n6587654321,Bob\n"),
    });
    const info = page.getByRole("definition").filter({ hasText: /^2$/ });
    await info.waitFor();
    await page.getByText("unsubscribe.csv", { exact: true }).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveAdd(page);
    await waitForRow(page, "+65 9876 5432");
    await waitForRow(page, "+65 8765 4321");
    await row(page, "+65 9876 5432").getByText("Unsubscribe", { exact: true }).waitFor();
    // the type filter keeps one list
    await page.getByRole("combobox", { name: "Type" }).click();
    await page.getByRole("option", { name: "Unsubscribe" }).click();
    await page.getByText(`Showing 1 to ${unsubscribed + 2} of ${unsubscribed + 2} entries`).waitFor();
    expect(await row(page, "+65 9123 4567").count()).toBe(0);
    await page.close();
  });

  it("refuses a file over 70KB in the browser before uploading it, and explains a file the server refuses", async () => {
    const page = await open(ADD);
    const uploads: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/uploadMobileList")) uploads.push(r.url());
    });
    await startAdd(page, "Subscribe", "File upload");
    await page.locator('input[type="file"]').setInputFiles({
      name: "big.csv",
      mimeType: "text/csv",
      buffer: Buffer.alloc(71681, "6591234567\n"),
    });
    await page.getByText("File size cannot be greater than 70KB !", { exact: true }).waitFor();
    await page.waitForTimeout(300);
    expect(uploads).toEqual([]);
    // a file the server cannot use: its reason under the catalogue's title
    await page.locator('input[type="file"]').setInputFiles({
      name: "names.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("name\nAnn\nBob\n"),
    });
    await acknowledge(page, "Error Uploading File", "No mobile numbers were found in the file.");
    expect(uploads).toHaveLength(1);
    // without a file nothing is added
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Please upload a file", { exact: true }).waitFor();
    await page.close();
  });

  it("edits a row's type", async () => {
    const page = await open(LIST);
    await waitForRow(page, "+65 8123 4567");
    await page.getByRole("button", { name: "Actions for +65 8123 4567" }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    await page.getByRole("heading", { name: "Edit Mobile Number" }).waitFor();
    expect(await page.getByRole("textbox", { name: /Mobile Number/ }).inputValue()).toBe("81234567");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("radio", { name: "Unsubscribe", exact: true }).click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await confirm(page, "Are you sure you want to update the changes?");
    await acknowledge(page, "Data Update Successful !");
    await page.waitForURL(`**${LIST}`);
    await row(page, "+65 8123 4567").getByText("Unsubscribe", { exact: true }).waitFor();
    await page.close();
  });

  it("deletes a row after confirmation: it stays, marked Deleted, without actions", async () => {
    const page = await open(LIST);
    await waitForRow(page, "+65 9123 4567");
    await page.getByRole("button", { name: "Actions for +65 9123 4567" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await confirm(page, "Are you sure?", "Delete");
    await acknowledge(page, "Mobile Sub deleted Successfully !");
    const deleted = row(page, "+65 9123 4567");
    await deleted.getByText("Deleted", { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Actions for +65 9123 4567" }).count()).toBe(0);
    await page.close();
  });

  it("a missing record says 'Something went wrong' and goes home", async () => {
    const page = await open(`/mobile-sub/mobile-edit/${MISSING_ID}`);
    await acknowledge(page, "Something went wrong");
    await expect.poll(() => new URL(page.url()).pathname).not.toContain("/mobile-sub/");
    await page.close();
  });

  it("fits 390 px without sideways scrolling and passes axe in dark mode", async () => {
    for (const path of [LIST, ADD]) {
      const page = await open(path, { width: 390 });
      await page
        .getByRole("heading", {
          name: path === LIST ? "Mobile Subscriptions" : "Add Mobile Numbers",
          level: 2,
        })
        .waitFor();
      if (path === LIST) await page.getByText(/Showing \d+ to \d+ of \d+ entries/).waitFor();
      else await page.getByRole("radio", { name: /^File upload/ }).click();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.close();
    }
    const dark = await open(LIST, { colorScheme: "dark" });
    await dark.getByText(/Showing \d+ to \d+ of \d+ entries/).waitFor();
    expect(await axeViolations(dark)).toEqual([]);
    await dark.close();
  });
});
