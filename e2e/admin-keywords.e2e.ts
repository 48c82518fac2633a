import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, demoCredentials, signInByApi } from "./support/api";
import { axeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { acknowledge } from "./support/notice";
import { type RunningServer, startServer } from "./support/server";

interface KeywordBody {
  id: string;
  keyword: string;
  type: string;
  status: string;
  auto_reply_status: string;
  auto_reply: string | null;
}

describe("keywords: an admin adds, edits, disables and deletes a keyword", () => {
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

  async function signedInPage(path: string): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(`${server.url}/not-found`);
    await page.evaluate((t) => localStorage.setItem("userToken", t), token);
    await page.goto(`${server.url}${path}`);
    return page;
  }

  async function confirm(page: Page, title: string, button = "Yes") {
    const dialog = page.getByRole("alertdialog", { name: title, exact: true });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: button, exact: true }).click();
  }

  const keywordsOf = async () =>
    (await fetch(`${server.url}/api/keywordList`, { headers: { authorization: `Bearer ${token}` } }).then(
      (r) => r.json(),
    )) as { data: KeywordBody[]; total: number };

  async function noSidewaysScroll(page: Page) {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  it("add with auto-reply, edit (type, disable, re-enable), duplicate refused, soft delete", async () => {
    const word = `Join${Date.now().toString(36)}`;
    const demoKeywords = (await keywordsOf()).total;
    const page = await signedInPage("/keyword-mgt/keyword-list");
    const main = page.getByRole("main");
    await main.getByRole("heading", { name: "Keywords", exact: true }).waitFor();
    // the demo company's keywords are listed
    await main
      .getByRole("table", { name: "Keywords" })
      .getByRole("row")
      .filter({ hasText: "STOP" })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);

    // ---- add, auto-reply enabled
    await main.getByRole("button", { name: "Add Keyword" }).click();
    await main.getByRole("heading", { name: "Add Keyword" }).waitFor();
    expect(await page.getByRole("textbox", { name: "Auto Reply Message" }).count()).toBe(0);
    // nothing chosen yet: the form says what is missing
    await main.getByRole("button", { name: "Add Keyword" }).click();
    expect(await main.getByText("This is required").count()).toBe(3);
    await main.getByRole("textbox", { name: "Keyword" }).fill("two words");
    await main.getByText("A keyword is one word, without spaces").waitFor();
    await main.getByRole("textbox", { name: "Keyword" }).fill(word);
    await main.getByText(`${word.length}/50`).waitFor();
    await main.getByRole("radio", { name: "Subscribe", exact: true }).check();
    await main.getByRole("radio", { name: "Enable" }).check();
    const message = main.getByRole("textbox", { name: "Auto Reply Message" });
    await message.fill("Thanks for joining!");
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);
    await main.getByRole("button", { name: "Add Keyword" }).click();
    await confirm(page, "Are you sure the data is correct?");
    await acknowledge(page, "Keyword Add Successful !");
    await page.waitForURL(/\/keyword-mgt\/keyword-list$/);
    const table = main.getByRole("table", { name: "Keywords" });
    const row = table.getByRole("row").filter({ hasText: word });
    await row.waitFor();
    await row.getByText("Active").waitFor();
    expect(await row.getByRole("cell").first().textContent()).toBe("1");
    const added = (await keywordsOf()).data.find((k) => k.keyword === word);
    expect(added).toMatchObject({
      type: "sub",
      auto_reply_status: "enable",
      auto_reply: "Thanks for joining!",
    });

    // ---- edit: change type, disable (the box goes), re-enable (it comes back empty)
    await row.getByRole("button", { name: `Actions for ${word}` }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    await main.getByRole("heading", { name: "Edit Keyword" }).waitFor();
    await page.waitForURL(new RegExp(`/keyword-mgt/keyword-edit/${added!.id}$`));
    expect(await message.inputValue()).toBe("Thanks for joining!");
    await main.getByRole("radio", { name: "Unsubscribe" }).check();
    await main.getByRole("radio", { name: "Disable" }).check();
    await message.waitFor({ state: "detached" });
    await main.getByRole("radio", { name: "Enable" }).check();
    await message.waitFor();
    expect(await message.inputValue()).toBe("");
    // enabled on edit: the message is required
    await main.getByRole("button", { name: "Update Keyword" }).click();
    await main.getByText("This is required").waitFor();
    await message.fill("You will no longer receive messages.");
    await main.getByRole("button", { name: "Update Keyword" }).click();
    await confirm(page, "Are you sure you want to update the changes?");
    await acknowledge(page, "Data Update Successful !");
    await page.waitForURL(/\/keyword-mgt\/keyword-list$/);
    await row.getByText("Unsubscribe").waitFor();
    expect((await keywordsOf()).data.find((k) => k.id === added!.id)).toMatchObject({
      type: "unsub",
      auto_reply_status: "enable",
      auto_reply: "You will no longer receive messages.",
    });

    // ---- the same keyword in another case is refused with the server's message
    await main.getByRole("button", { name: "Add Keyword" }).click();
    await main.getByRole("textbox", { name: "Keyword" }).fill(word.toUpperCase());
    await main.getByRole("radio", { name: "Subscribe", exact: true }).check();
    await main.getByRole("radio", { name: "Disable" }).check();
    await main.getByRole("button", { name: "Add Keyword" }).click();
    await confirm(page, "Are you sure the data is correct?");
    await acknowledge(page, "Keyword already exists");
    expect(page.url()).toMatch(/\/keyword-mgt\/keyword-add$/);
    expect((await keywordsOf()).total).toBe(demoKeywords + 1);

    // ---- soft delete: the row stays, marked deleted, without actions
    await page.goto(`${server.url}/keyword-mgt/keyword-list`);
    await row.waitFor();
    await row.getByRole("button", { name: `Actions for ${word}` }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await confirm(page, "Are you sure?", "Delete");
    await acknowledge(page, "Keyword deleted Successfully !");
    // the status badge and the auto-reply column both say Deleted
    await expect.poll(() => row.getByText("Deleted", { exact: true }).count()).toBe(2);
    expect(await row.getByText("Active", { exact: true }).count()).toBe(0);
    expect(await row.getByRole("button", { name: `Actions for ${word}` }).count()).toBe(0);
    expect((await keywordsOf()).data.find((k) => k.id === added!.id)).toMatchObject({
      status: "deleted",
      auto_reply_status: "deleted",
    });

    // dark mode and phone width
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await row.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);
    await page.close();
  });

  it("numbering continues on the next page; sorting and search ask the server", async () => {
    // 1,001 more keywords: the second page of 1,000 starts at No. 1001
    const before = (await keywordsOf()).total;
    const names = Array.from({ length: 1001 }, (_, i) => `bulk${String(i).padStart(4, "0")}`);
    for (let i = 0; i < names.length; i += 50) {
      const answers = await Promise.all(
        names
          .slice(i, i + 50)
          .map((keyword) =>
            apiPost(server.url, "/addKeyword", { keyword, type: "sub", autoReplyStatus: "disable" }, token),
          ),
      );
      expect(answers.every((a) => a.status === 201)).toBe(true);
    }
    const total = before + names.length;
    const page = await signedInPage("/keyword-mgt/keyword-list");
    const main = page.getByRole("main");
    const table = main.getByRole("table", { name: "Keywords" });
    await main.getByText(`Showing 1 to 1000 of ${total} entries`).waitFor();
    await main.getByRole("button", { name: "Page 2" }).click();
    await main.getByText(`Showing 1001 to ${total} of ${total} entries`).waitFor();
    const firstCells = async () =>
      table
        .getByRole("row")
        .evaluateAll((rows) =>
          rows
            .slice(1)
            .map((r) =>
              [...r.querySelectorAll("td")]
                .filter((td) => getComputedStyle(td).display !== "none")
                .map((td) => td.textContent ?? ""),
            ),
        );
    await expect
      .poll(async () => (await firstCells()).map((cells) => cells[0]))
      .toEqual(Array.from({ length: total - 1000 }, (_, i) => String(1001 + i)));

    // sorting by keyword goes back to the first page, in the server's order
    await table.getByRole("button", { name: "Keyword", exact: true }).click();
    await main.getByText(`Showing 1 to 1000 of ${total} entries`).waitFor();
    await expect.poll(async () => (await firstCells())[0]?.slice(0, 2)).toEqual(["1", "bulk0000"]);
    await table.getByRole("button", { name: "Keyword", exact: true }).click();
    const descending = (await fetch(`${server.url}/api/keywordList?sort=keyword&order=desc&pageSize=3`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json())) as { data: KeywordBody[] };
    await expect
      .poll(async () => (await firstCells()).slice(0, 3).map((cells) => cells[1]))
      .toEqual(descending.data.map((k) => k.keyword));

    await main
      .getByRole("searchbox")
      .or(main.getByRole("textbox", { name: "Search keywords" }))
      .fill("bulk0007");
    await main.getByText("Showing 1 to 1 of 1 entries").waitFor();
    await expect
      .poll(async () => (await firstCells()).map((cells) => cells.slice(0, 2)))
      .toEqual([["1", "bulk0007"]]);
    await main
      .getByRole("searchbox")
      .or(main.getByRole("textbox", { name: "Search keywords" }))
      .fill("nothing-like-it");
    await main.getByText("There are no records found.").waitFor();
    await page.close();
  }, 120_000);

  it("a keyword that does not exist: 'Something went wrong', then home", async () => {
    const page = await signedInPage("/keyword-mgt/keyword-edit/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b");
    await acknowledge(page, "Something went wrong");
    await page.waitForURL((u) => u.pathname === "/" || u.pathname === "/apps/social-chat");
    await page.close();
  });

  it("an agent is refused by the server", async () => {
    const owner = demoCredentials(server.output());
    const agent = await signInByApi(server.url, "agent@demo.herald.local", owner.password);
    const res = await apiPost<{ message: string }>(
      server.url,
      "/addKeyword",
      { keyword: "Sneaky", type: "sub", autoReplyStatus: "disable" },
      agent,
    );
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Invalid Access");
  });
});
