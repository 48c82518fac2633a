import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, demoCredentials, signInByApi } from "./support/api";
import { axeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { acknowledge } from "./support/notice";
import { type RunningServer, startServer } from "./support/server";

const LIST = "/user-manage/department-list";

/** Brightness of a computed CSS colour, 0 (black) to 1 (white). */
function brightness(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return (0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)) / 255;
}

interface Dept {
  id: string;
  name: string;
  desc: string | null;
}

describe("Administrator > Departments", () => {
  let server: RunningServer;
  let browser: BrowserContext;
  let owner: { email: string; password: string };
  let token: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    owner = demoCredentials(server.output());
    token = await signInByApi(server.url, owner.email, owner.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(
    path: string,
    opts: { token?: string; width?: number; colorScheme?: "light" | "dark" } = {},
  ): Promise<Page> {
    const page = await browser.newPage();
    await page.setViewportSize({ width: opts.width ?? 1280, height: 900 });
    await page.emulateMedia({ colorScheme: opts.colorScheme ?? "light" });
    await page.goto(`${server.url}/not-found`);
    await page.evaluate((t) => {
      localStorage.setItem("userToken", t);
      localStorage.removeItem("herald.theme");
    }, opts.token ?? token);
    await page.goto(`${server.url}${path}`);
    return page;
  }

  const departments = async (search?: string) => {
    const q = search ? `?search=${encodeURIComponent(search)}&pageSize=500` : "?pageSize=500";
    const res = await fetch(`${server.url}/api/departments${q}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await res.json()) as { data: Dept[] }).data;
  };

  async function confirm(page: Page, question: string, button: string) {
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText(question, { exact: true }).waitFor();
    await dialog.getByRole("button", { name: button, exact: true }).click();
  }

  const table = (page: Page) => page.getByRole("table", { name: "Departments" });
  const search = (page: Page) => page.getByRole("searchbox", { name: "Search departments" });

  it("adds a department through the dialog, finds it, edits it and deletes only an empty one", async () => {
    const page = await open(LIST);
    await page.getByRole("heading", { level: 1, name: "Departments" }).waitFor();
    // the demo's departments with their creator's first name and a dd/MM/yyyy date
    const sales = table(page).getByRole("row").filter({ hasText: "Sales" }).first();
    await sales.waitFor();
    expect(await sales.textContent()).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    const del = page.getByRole("button", { name: "Delete", exact: true });
    expect(await del.isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // Add Department: required name, live counters
    await page.getByRole("button", { name: "Add Department" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Department" });
    await dialog.waitFor();
    await dialog.getByText("0/50").waitFor();
    await dialog.getByText("0/255").waitFor();
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("This is required").waitFor();
    await dialog.getByRole("textbox", { name: "Department Name" }).fill("Logistics");
    await dialog.getByText("9/50").waitFor();
    await dialog.getByRole("textbox", { name: "Description" }).fill("Trucks and vans");
    await dialog.getByText("15/255").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Save" }).click();
    await acknowledge(page, "Data Update Successful !");
    await dialog.waitFor({ state: "detached" });
    const added = (await departments("Logistics"))[0];
    expect(added).toMatchObject({ name: "Logistics", desc: "Trucks and vans" });

    // a name the company already has (in another case) is refused with the server's message
    await page.getByRole("button", { name: "Add Department" }).click();
    await dialog.getByRole("textbox", { name: "Department Name" }).fill("SALES");
    await dialog.getByRole("button", { name: "Save" }).click();
    // said once, under the name in the form (no second dialog stacked on the form's)
    await dialog.getByText("Department name already exists").waitFor();
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });

    // search on the server by description
    await search(page).fill("vans");
    await expect
      .poll(async () => (await table(page).getByRole("row").allTextContents()).join("|"))
      .toMatch(/Logistics/);
    await expect.poll(() => table(page).getByRole("row").filter({ hasText: "Sales" }).count()).toBe(0);
    await search(page).fill("no department is called this");
    await page.getByText("There are no records found.").waitFor();
    await search(page).fill("Logistics");
    await table(page).getByRole("row").filter({ hasText: "Logistics" }).waitFor();

    // row menu Edit -> the edit page
    await page.getByRole("button", { name: "Actions for Logistics" }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    await page.waitForURL(`**/user-manage/department-edit/${added!.id}`);
    await page
      .getByRole("navigation", { name: /breadcrumb/i })
      .getByRole("link", { name: "Home" })
      .waitFor();
    const name = page.getByRole("textbox", { name: "Department Name" });
    await expect.poll(() => name.inputValue()).toBe("Logistics");
    await page.getByText("9/50").waitFor();
    await page.getByText("15/255").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await name.fill("");
    await page.getByRole("button", { name: "Update Department" }).click();
    await page.getByText("Department name is required").waitFor();
    await name.fill("Logistics & Fleet");
    await page.getByRole("button", { name: "Update Department" }).click();
    await confirm(page, "Are you sure you want to update the changes?", "Yes");
    await acknowledge(page, "Data Update Successful !");
    await page.waitForURL(`**${LIST}`);
    expect((await departments("Fleet"))[0]).toMatchObject({ id: added!.id, name: "Logistics & Fleet" });

    // Delete: a department with users is refused with the server's message; an empty one goes
    await page.getByRole("heading", { level: 1, name: "Departments" }).waitFor();
    await search(page).fill("Support");
    await expect.poll(() => table(page).getByRole("row").filter({ hasText: "Sales" }).count()).toBe(0);
    await page.getByRole("checkbox", { name: "Select Support" }).check();
    expect(await del.isDisabled()).toBe(false);
    await del.click();
    await confirm(page, "Are you sure?", "Delete");
    await acknowledge(page, "Support still has 3 users. Move them to another department first.");
    expect(await departments("Support")).toHaveLength(1);

    // a new search shows other rows: the selection is cleared rather than kept out of sight
    await search(page).fill("Fleet");
    await expect.poll(() => del.isDisabled()).toBe(true);
    await table(page).getByRole("row").filter({ hasText: "Logistics & Fleet" }).waitFor();
    await page.getByRole("checkbox", { name: "Select Logistics & Fleet" }).check();
    // cancelling asks nothing of the server
    await del.click();
    await confirm(page, "Are you sure?", "Cancel");
    expect(await departments("Fleet")).toHaveLength(1);
    await del.click();
    await confirm(page, "Are you sure?", "Delete");
    await acknowledge(page, "Data Deleted Successful !");
    expect(await departments("Fleet")).toHaveLength(0);
    await page.getByText("There are no records found.").waitFor();
    expect(await del.isDisabled()).toBe(true);
    await page.close();
  });

  it("an unknown department on the edit page shows an error and goes back to the list", async () => {
    const page = await open("/user-manage/department-edit/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b");
    await acknowledge(page, "Invalid or expired token");
    await page.waitForURL(`**${LIST}`);
    await page.getByRole("heading", { level: 1, name: "Departments" }).waitFor();
    await page.close();
  });

  it("Cancel on the edit page goes back one page", async () => {
    const [marketing] = await departments("Marketing");
    const page = await open(LIST);
    await page.getByRole("button", { name: "Actions for Marketing" }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    await page.waitForURL(`**/department-edit/${marketing!.id}`);
    await page.getByRole("textbox", { name: "Department Name" }).fill("Not saved");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL(`**${LIST}`);
    expect((await departments("Marketing"))[0]?.name).toBe("Marketing");
    await page.close();
  });

  it("fits a phone (390 px) without sideways scrolling, and renders in dark mode", async () => {
    const phone = await open(LIST, { width: 390 });
    await table(phone).getByRole("row").filter({ hasText: "Sales" }).first().waitFor();
    expect(
      await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    const [sales] = await departments("Sales");
    await phone.goto(`${server.url}/user-manage/department-edit/${sales!.id}`);
    await phone.getByRole("button", { name: "Update Department" }).waitFor();
    expect(
      await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await phone.close();

    const dark = await open(LIST, { colorScheme: "dark" });
    await table(dark).getByRole("row").filter({ hasText: "Sales" }).first().waitFor();
    expect(await dark.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    const bg = await dark.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(brightness(bg)).toBeLessThan(0.2);
    const heading = await dark
      .getByRole("heading", { level: 1, name: "Departments" })
      .evaluate((h) => getComputedStyle(h).color);
    expect(brightness(heading)).toBeGreaterThan(0.8);
    expect(await axeViolations(dark)).toEqual([]);
    await dark.goto(`${server.url}/user-manage/department-edit/${sales!.id}`);
    await dark.getByRole("button", { name: "Update Department" }).waitFor();
    expect(await axeViolations(dark)).toEqual([]);
    await dark.close();
  });

  it("an agent opening the list sees Invalid Access, and the server refuses the agent", async () => {
    const agentToken = await signInByApi(server.url, "agent@demo.herald.local", owner.password);
    const page = await open(LIST, { token: agentToken });
    await acknowledge(page, "Invalid Access");
    expect(await page.getByRole("heading", { level: 1, name: "Departments" }).count()).toBe(0);
    const refused = await apiPost(server.url, "/addDept", { name: "By agent" }, agentToken);
    expect(refused.status).toBe(403);
    await page.close();
  });
});
