import { mkdirSync } from "node:fs";
import path from "node:path";
import { countSms, ssirWarning } from "@herald/domain";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, demoCredentials, type SandboxMessage, signInByApi } from "./support/api";
import { axeViolations, settleAnimations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { acknowledge } from "./support/notice";
import { type RunningServer, startServer } from "./support/server";

/** Polls that wait for the server on a busy machine. */
const LOADED = { timeout: 15_000 };
/** Where the preview's screenshots go when set (for a person to look at; amounts and dates vary per run). */
const SHOTS = process.env.HERALD_SCREENSHOT_DIR;

describe("compose: an SMS to a group and a file with variables, previewed, sent once; and a scheduled one", () => {
  let server: RunningServer;
  let browser: BrowserContext;
  let token: string;
  const stamp = Date.now().toString(36);
  // Singapore mobile numbers unique to this run
  const base = 81_000_000 + (Date.now() % 8_000_000);
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
      if (m.type() === "error") problems.push(m.text());
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
    for (const width of [390, 768, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(width);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  const credit = async () =>
    (await apiPost<{ userCredit: number }>(server.url, "/getProfile", {}, token)).body.userCredit;

  async function pick(page: Page, combobox: string, option: string) {
    const main = page.getByRole("main");
    await main.getByRole("combobox", { name: combobox }).click();
    const choice = page.getByRole("option", { name: option, exact: true });
    await choice.click();
    // the list is closed and the page no longer hidden from assistive technology (Radix hides the rest of the
    // page while a list is open; on a loaded machine that can outlast the click). A click that landed while the
    // list was still opening (it ignores pointer-up then) is made again.
    const list = page.getByRole("listbox");
    await list.waitFor({ state: "detached", timeout: 10_000 }).catch(async () => {
      await choice.click();
      await list.waitFor({ state: "detached" });
    });
    await page.waitForFunction(() => !document.getElementById("root")?.hasAttribute("aria-hidden"));
  }

  /** Waits until the page shows `theme` and its colour transitions have finished (axe reads final colours). */
  async function settledTheme(page: Page, theme: "dark" | "light") {
    await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
    await settleAnimations(page);
  }

  async function stepOne(page: Page, senderId = "HERALD") {
    const main = page.getByRole("main");
    await main.getByRole("heading", { name: "Channel", exact: true }).waitFor(LOADED);
    // Next without a channel: the specification's message
    await main.getByRole("button", { name: "Next", exact: true }).click();
    await main.getByRole("alert").filter({ hasText: "Please select a Channel!" }).waitFor();
    await main.getByRole("radio", { name: "SMS", exact: true }).check();
    await main.getByRole("button", { name: "Next", exact: true }).click();
    await main.getByRole("alert").filter({ hasText: "Please select a Sender ID!" }).waitFor();
    await pick(page, "SMS Sender ID", senderId);
    await main.getByRole("button", { name: "Next", exact: true }).click();
    await main.getByRole("heading", { name: "Recipients", exact: true }).waitFor();
  }

  it("sends to a group and a file with variables: preview with segments and cost, one send on a double click", async () => {
    // a group with two members
    const group = (
      await apiPost<{ id: string }>(server.url, "/addGroup", { name: `Compose ${stamp}` }, token)
    ).body;
    for (const [n, name] of [
      [1, "Gina"],
      [2, "Hugo"],
    ] as const) {
      const r = await fetch(`${server.url}/api/addContact?groupId=${group.id}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({
          contactName: `${name} ${stamp}`,
          contactNumber: sg(n),
          email: null,
          // an attribute column of the company's contacts: offered as a variable in step 3
          ...(n === 1 ? { attributes: { [`tier${stamp}`]: "Gold" } } : {}),
        }),
      });
      expect(r.status).toBe(200);
    }
    const before = await credit();
    const since = Date.now();

    const page = await signedInPage("/sms/compose");
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    const main = page.getByRole("main");
    await stepOne(page);

    // ---- step 2: nothing chosen, then a group, a file with variables and a typed number
    await main.getByRole("button", { name: "Next", exact: true }).click();
    await main.getByRole("alert").filter({ hasText: "Please choose at least 1 recipient." }).waitFor();
    await main.getByRole("combobox", { name: "Groups" }).fill(`Compose ${stamp}`);
    await page.getByRole("option", { name: new RegExp(`Compose ${stamp}`) }).click();
    await page.keyboard.press("Escape");
    await main.getByRole("radio", { name: "Contacts & Variables", exact: true }).check();
    // a wrong type is refused in the browser
    await page.locator('input[type="file"]').setInputFiles({
      name: "recipients.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("x"),
    });
    await main.getByText("Unsupported file type").first().waitFor();
    const csv = ["mobile,name,city", `${sg(3)},Ivy ${stamp},Singapore`, `${sg(4)},Jay ${stamp},Penang`].join(
      "\n",
    );
    await page.locator('input[type="file"]').setInputFiles({
      name: "recipients.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv),
    });
    await main.getByText(/recipients\.csv: 2 recipients · variables: .*city/).waitFor(LOADED);
    // numbers as people write them: a pasted number with spaces is one chip, a pasted spreadsheet column one
    // chip per line (national numbers of the company's country); a number that is not one says why
    const tags = main.getByRole("textbox", { name: "Mobile Numbers" });
    await main
      .getByText("Press Enter or comma after each, or paste a column of numbers.", { exact: false })
      .waitFor();
    const paste = (text: string) =>
      tags.evaluate((el, t) => {
        const data = new DataTransfer();
        data.setData("text/plain", t);
        el.dispatchEvent(
          new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
        );
      }, text);
    const chips = main.getByRole("list", { name: "Tags" }).getByRole("listitem");
    await tags.focus();
    await paste("+65 9876 5432");
    await expect.poll(() => chips.allTextContents()).toEqual(["+6598765432"]);
    await paste("9123 4567\n(65) 8123-4567\n+65 9000 0001\n");
    await expect
      .poll(() => chips.allTextContents())
      .toEqual(["+6598765432", "+6591234567", "+6581234567", "+6590000001"]);
    expect(await main.locator("li[data-invalid]").count()).toBe(0);
    await tags.fill("12345");
    await tags.press("Enter");
    await main.getByText("12345: Too few digits for a Singapore number", { exact: true }).waitFor();
    expect(await main.locator("li[data-invalid]").allTextContents()).toEqual(["12345 (invalid)"]);
    await main.getByRole("button", { name: "Next", exact: true }).click();
    await main
      .getByRole("alert")
      .filter({ hasText: "Please correct or remove the invalid mobile numbers." })
      .waitFor();
    for (let i = 0; i < 5; i++) await tags.press("Backspace");
    await expect.poll(() => chips.count()).toBe(0);
    await tags.fill(`+${sg(5)}`);
    await tags.press("Enter");
    const sample = page.waitForEvent("download");
    await main.getByRole("button", { name: "Download the Contacts & Variables sample as CSV" }).click();
    expect((await sample).suggestedFilename()).toBe("Sample Contacts and Variables.csv");
    expect(await main.getByRole("radio", { name: "Yes", exact: true }).isChecked()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await main.getByRole("button", { name: "Next", exact: true }).click();

    // ---- step 3: the message with variables and its counter
    await main.getByRole("heading", { name: "Message", exact: true }).waitFor();
    await main.getByRole("button", { name: "Next", exact: true }).click();
    await main.getByRole("alert").filter({ hasText: "Please compose a message!" }).waitFor();
    const box = main.getByRole("textbox", { name: "Message Content" });
    await box.fill("Hi ");
    await main.getByRole("button", { name: "{name}", exact: true }).click();
    await box.press("End");
    await box.pressSequentially(", see you in ");
    await main.getByRole("button", { name: "{city}", exact: true }).click();
    await expect.poll(() => box.inputValue()).toBe("Hi {name}, see you in {city}");
    // the contacts' attribute columns are variables too
    await main.getByRole("button", { name: `{tier${stamp}}`, exact: true }).waitFor();
    const counter = main.getByRole("definition");
    // "{" and "}" are GSM-7 extension characters: two septets each, as typed
    await expect.poll(() => counter.allTextContents()).toEqual(["GSM-7", "32", "1", "128"]);
    await main.getByText("An emoji or another character outside GSM-7 makes", { exact: false }).waitFor();
    expect(await main.getByText(/specification/).count()).toBe(0);
    await box.fill(`${"x".repeat(150)}€€€€€ {name}`);
    // 169 septets: two parts, the escape of a "€" never split (152 + 17 of 153)
    await expect.poll(() => counter.allTextContents()).toEqual(["GSM-7", "169", "2", "136"]);
    const unicode = "Hi {name}, see you in {city} ☺";
    await box.fill(unicode);
    const ucs2 = countSms(unicode);
    await expect
      .poll(() => counter.allTextContents())
      .toEqual(["UCS-2 (Unicode)", "30", "1", String(ucs2.perSegment - ucs2.characters)]);
    await box.fill("Hi {name}, see you in {city}");
    expect(await axeViolations(page)).toEqual([]);
    await main.getByRole("button", { name: "Next", exact: true }).click();

    // ---- step 4: Send Now; the company's time zone is shown
    await main.getByRole("heading", { name: "Frequency", exact: true }).waitFor();
    await main.getByText("Asia/Singapore").waitFor();
    expect(await main.getByRole("radio", { name: "Send Now", exact: true }).isChecked()).toBe(true);
    await noSidewaysScroll(page);
    await main.getByRole("button", { name: "Next", exact: true }).click();

    // ---- step 5: the preview
    await page.waitForURL(/\/sms\/preview$/);
    const table = main.getByRole("table", { name: "Recipients preview" });
    await expect.poll(() => table.getByRole("row").count(), LOADED).toBe(6);
    const ivy = table.getByRole("row").filter({ hasText: sg(3) });
    await ivy.getByText(`Hi Ivy ${stamp}, see you in Singapore`).waitFor();
    await table
      .getByRole("row")
      .filter({ hasText: sg(4) })
      .getByText(`Hi Jay ${stamp}, see you in Penang`)
      .waitFor();
    await table
      .getByRole("row")
      .filter({ hasText: sg(1) })
      .getByText(`Hi Gina ${stamp}, see you in`)
      .waitFor();
    expect(await ivy.getByRole("cell", { name: "GSM-7" }).count()).toBeGreaterThan(0);
    const totals = main.getByRole("definition");
    const facts = await main.getByLabel("Totals").getByRole("term").allTextContents();
    expect(facts).toEqual(["Channel", "When", "Recipients", "SMS", "Cost", "Your credit"]);
    const values = await totals.allTextContents();
    expect(values[0]).toBe("SMS from HERALD");
    expect(values[1]).toBe("Now");
    expect(values[2]).toBe("5");
    expect(values[3]).toBe("5");
    const cost = values[4]!;
    expect(cost).toMatch(/^SGD \d+\.\d\d$/);
    await main.getByText("Skipped: 0 unsubscribed, 0 invalid, 0 duplicate.").waitFor();
    // the typed number has no name, the group's members and the typed number no city: the preview says so
    const missing = main.getByRole("heading", { name: "Some recipients have no value for a variable" });
    await missing.waitFor();
    await main.getByText('1 recipient has no name; they will see "Hi , see you in {city}".').waitFor();
    await main.getByText("3 recipients have no city;", { exact: false }).waitFor();
    // HERALD is registered with Singapore's SSIR: no warning, nothing to acknowledge
    expect(await main.getByText("Check before sending").count()).toBe(0);
    expect(await main.getByRole("checkbox", { name: "Send anyway" }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await settledTheme(page, "dark");
    expect(await axeViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: "light" });
    await settledTheme(page, "light");

    // Previous keeps the draft across the route change
    await main.getByRole("button", { name: "Previous", exact: true }).click();
    await page.waitForURL(/\/sms\/compose$/);
    await main.getByRole("heading", { name: "Frequency", exact: true }).waitFor();
    await main.getByRole("button", { name: "Next", exact: true }).click();
    await page.waitForURL(/\/sms\/preview$/);

    // the final button says what it does; twice in a row sends once
    const done = main.getByRole("button", { name: `Send 5 SMS · ${cost}`, exact: true });
    await expect.poll(() => done.isDisabled(), LOADED).toBe(false);
    await done.dblclick();
    await acknowledge(page, "Processing complete!");
    await page.waitForURL(/\/report\/outbox$/);
    const charged = Math.round(Number(cost.replace("SGD ", "")) * 100);
    const after = await credit();
    // userCredit is in SGD: the one send reserved its cost once
    expect(Math.round((before - after) * 100)).toBe(charged);
    // the sandbox gateway gets each recipient's own text
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${server.url}/_sandbox/messages.json`)).json()) as SandboxMessage[])
            .filter(
              (m) => m.kind === "sms" && m.to.replace("+", "") === sg(4) && Date.parse(m.createdAt) >= since,
            )
            .map((m) => m.text),
        { timeout: 30_000 },
      )
      .toEqual([`Hi Jay ${stamp}, see you in Penang`]);
    // the outbox follows the message until the sandbox gateway's delivery receipt: Delivered, 1 SMS
    const sentRow = main
      .getByRole("table", { name: "Outbox" })
      .getByRole("row")
      .filter({ hasText: `Hi Jay ${stamp}, see you in Penang` });
    await expect.poll(() => sentRow.count(), LOADED).toBe(1);
    await expect
      .poll(() => sentRow.getByText("Delivered", { exact: true }).count(), { timeout: 30_000 })
      .toBe(1);
    expect(consoleErrors(page)).toEqual([]);
    await page.close();
  }, 180_000);

  it("schedules a monthly send on the 31st from DemoCo (not SSIR-registered: Send anyway first); deleting it gives the credit back", async () => {
    const before = await credit();
    const page = await signedInPage("/sms/compose");
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    const main = page.getByRole("main");
    await stepOne(page, "DemoCo");
    const tags = main.getByRole("textbox", { name: "Mobile Numbers" });
    await tags.fill(`+${sg(6)}`);
    await tags.press("Enter");
    await main.getByRole("button", { name: "Next", exact: true }).click();
    // an emoji makes the message Unicode: 2 SMS instead of 1
    const statement = `Your monthly statement ${stamp} is ready. Log in to see it and pay by the due date 🧾`;
    await main.getByRole("textbox", { name: "Message Content" }).fill(statement);
    await main.getByRole("button", { name: "Next", exact: true }).click();
    await main.getByRole("radio", { name: "Monthly", exact: true }).check();
    await main.getByRole("button", { name: "Next", exact: true }).click();
    await main
      .getByRole("alert")
      .filter({ hasText: "Please select the Schedule Date and Schedule Time." })
      .waitFor();
    // the next 31st after today
    const next31 = (() => {
      const d = new Date();
      for (let i = 1; i < 400; i++) {
        const c = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + i));
        if (c.getUTCDate() === 31) return c.toISOString().slice(0, 10);
      }
      throw new Error("no 31st");
    })();
    await main.getByLabel("Schedule Date").fill(next31);
    await main.getByText("Months without a 31st get it on their last day", { exact: false }).waitFor();
    await main.getByRole("button", { name: "Next", exact: true }).click();
    await main
      .getByRole("alert")
      .filter({ hasText: "Please select the Schedule Date and Schedule Time." })
      .waitFor();
    await pick(page, "Schedule Time", "09:30");
    expect(await axeViolations(page)).toEqual([]);
    await main.getByRole("button", { name: "Next", exact: true }).click();

    await page.waitForURL(/\/sms\/preview$/);
    const values = main.getByLabel("Totals").getByRole("definition");
    await expect
      .poll(() => values.nth(1).textContent(), LOADED)
      .toBe(
        `Monthly, from ${new Date(`${next31}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).replace("Sept", "Sep")}, 09:30 SGT`,
      );
    await main.getByText("each run reserves its own credit", { exact: false }).waitFor();
    // the emoji that doubles the SMS is named, and the difference shown on request
    const unicode = main.getByRole("status").filter({ hasText: "Unicode makes this send cost more" });
    await unicode.getByText('"🧾" is not in the standard SMS alphabet', { exact: false }).waitFor();
    await unicode.getByText("Each recipient gets 2 SMS instead of 1.", { exact: false }).waitFor();
    await unicode.getByRole("button", { name: "See the difference" }).click();
    const difference = unicode.getByLabel("Unicode difference").getByRole("definition");
    await expect.poll(() => difference.count()).toBe(2);
    expect((await difference.allTextContents())[1]).toMatch(/^1 SMS · SGD \d+\.\d\d$/);
    // DemoCo is not registered with Singapore's SSIR: the preview says so before anything is sent
    const warning = main.getByRole("alert").filter({ hasText: "Check before sending" });
    await warning.getByText(ssirWarning("DemoCo", 1), { exact: true }).waitFor();
    const sendAnyway = warning.getByRole("checkbox", { name: "Send anyway" });
    expect(await sendAnyway.isChecked()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({
          path: path.join(SHOTS, `compose-preview-ssir-${width}.png`),
          fullPage: true,
        });
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    await page.emulateMedia({ colorScheme: "dark" });
    await settledTheme(page, "dark");
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS) {
      await page.setViewportSize({ width: 390, height: 900 });
      await page.screenshot({ path: path.join(SHOTS, "compose-preview-ssir-390-dark.png"), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    await page.emulateMedia({ colorScheme: "light" });
    await settledTheme(page, "light");
    // Done without the acknowledgement sends nothing: the checkbox says why and takes the focus
    let sends = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/sms/send")) sends++;
    });
    const done = main.getByRole("button", { name: /^Schedule 2 SMS · SGD \d+\.\d\d$/ });
    await expect.poll(() => done.isDisabled(), LOADED).toBe(false);
    await done.click();
    await warning.getByText('Tick "Send anyway" to send despite the warning', { exact: false }).waitFor();
    await expect.poll(() => sendAnyway.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(sends).toBe(0);
    if (SHOTS) {
      await page.setViewportSize({ width: 390, height: 900 });
      await page.screenshot({ path: path.join(SHOTS, "compose-preview-ssir-390-unticked.png") });
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    // Space ticks it; then Done sends
    await page.keyboard.press("Space");
    expect(await sendAnyway.isChecked()).toBe(true);
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/sms/send"));
    await done.click();
    const sent = (await (await answer).json()) as { status: string; scheduledAt: string | null };
    // 09:30 in Singapore (UTC+8) is 01:30 UTC
    expect(sent).toMatchObject({
      status: "scheduled",
      scheduledAt: expect.stringMatching(new RegExp(`^${next31}T01:30:00`)),
    });
    await acknowledge(page, "Processing complete!");
    // a schedule lands where it is listed
    await page.waitForURL(/\/report\/scheduled$/);
    // the draft is gone: a new compose starts empty
    await page.goto(`${server.url}/sms/compose`);
    await main.getByRole("heading", { name: "Channel", exact: true }).waitFor(LOADED);
    expect(await main.getByRole("radio", { name: "SMS", exact: true }).isChecked()).toBe(false);
    // the first run's credit is held from now on
    const held = await credit();
    expect(held).toBeLessThan(before);

    // deleting the scheduled message from the report gives its credit back
    await page.goto(`${server.url}/report/scheduled`);
    const row = main
      .getByRole("table", { name: "Scheduled SMS" })
      .getByRole("row")
      .filter({ hasText: `Your monthly statement ${stamp} is ready.` });
    await expect.poll(() => row.count(), LOADED).toBe(1);
    await row.getByRole("checkbox").check();
    await main.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure?", exact: true });
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await acknowledge(page, "Data Deleted Successful !");
    await expect.poll(() => row.count(), LOADED).toBe(0);
    await expect.poll(credit, LOADED).toBe(before);
    expect(consoleErrors(page)).toEqual([]);
    await page.close();
  }, 120_000);

  it("finds a contact beyond the 1,000 listed by searching the phone book, and keeps its name once chosen", async () => {
    // 1,001 contacts: the first one uploaded is not among the newest 1,000 that step 2 lists
    const lines = ["mobile,name"];
    for (let i = 0; i < 1001; i++)
      lines.push(`${sg(1000 + i)},${i === 0 ? `Oldest ${stamp}` : `Book ${stamp} ${i}`}`);
    const form = new FormData();
    form.append("file", new Blob([lines.join("\n")], { type: "text/csv" }), "book.csv");
    const up = await fetch(`${server.url}/api/addContacts`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect([200, 202]).toContain(up.status);
    if (up.status === 202) {
      const { id } = (await up.json()) as { id: string };
      await expect
        .poll(
          async () =>
            (
              (await (
                await fetch(`${server.url}/api/contactImports/${id}`, {
                  headers: { authorization: `Bearer ${token}` },
                })
              ).json()) as { status: string }
            ).status,
          { timeout: 60_000 },
        )
        .toBe("done");
    }

    const page = await signedInPage("/sms/compose");
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    const main = page.getByRole("main");
    await stepOne(page);
    const contacts = main.getByRole("combobox", { name: "Contacts" });
    await main.getByText("Type a name or number to search the whole phone book.").waitFor(LOADED);
    await contacts.fill(`Oldest ${stamp}`);
    await page.getByRole("option", { name: `Oldest ${stamp} (+${sg(1000)})` }).click({ timeout: 15_000 });
    await page.keyboard.press("Escape");
    // the chip keeps the name after the search is gone
    await expect
      .poll(() => main.getByRole("list", { name: "Selected" }).first().textContent(), LOADED)
      .toContain(`Oldest ${stamp}`);
    await main.getByRole("button", { name: "Next", exact: true }).click();
    await main.getByRole("textbox", { name: "Message Content" }).fill("Hello {name}");
    await main.getByRole("button", { name: "Next", exact: true }).click();
    await main.getByRole("radio", { name: "Send Now", exact: true }).check();
    await main.getByRole("button", { name: "Next", exact: true }).click();
    await page.waitForURL(/\/sms\/preview$/);
    await main.getByText(`Hello Oldest ${stamp}`).first().waitFor(LOADED);
    expect(consoleErrors(page)).toEqual([]);
    await page.close();
  }, 120_000);

  it("keeps the send button disabled with the ledger's words when the credit does not cover the send", async () => {
    const depts = (await (
      await fetch(`${server.url}/api/departments`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { data: { id: string }[] };
    const email = `broke.${stamp}@example.com`;
    const password = "FreshStart7!river";
    const added = await apiPost(
      server.url,
      "/addUser",
      {
        firstName: "Bo",
        lastName: "Broke",
        email,
        dept: [depts.data[0]!.id],
        contactNumber: `65${base + 90}`,
        password,
        confirmPass: password,
        userRole: "agent",
        login2fa: "N",
        amount: 0,
      },
      token,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const brokeToken = await signInByApi(server.url, email, password);
    const page = await browser.newPage();
    await page.goto(`${server.url}/not-found`);
    await page.evaluate((t) => localStorage.setItem("userToken", t), brokeToken);
    await page.goto(`${server.url}/sms/compose`);
    const main = page.getByRole("main");
    await main.getByRole("heading", { name: "Channel", exact: true }).waitFor(LOADED);
    await main.getByRole("radio", { name: "SMS", exact: true }).check();
    // an agent without sender IDs sends from the gateway's default sender
    await main.getByText("No sender ID is allowed for you yet", { exact: false }).waitFor();
    await main.getByRole("button", { name: "Next", exact: true }).click();
    const tags = main.getByRole("textbox", { name: "Mobile Numbers" });
    await tags.fill(`+${sg(7)}`);
    await tags.press("Enter");
    await main.getByRole("button", { name: "Next", exact: true }).click();
    await main.getByRole("textbox", { name: "Message Content" }).fill("Hello");
    await main.getByRole("button", { name: "Next", exact: true }).click();
    await main.getByRole("button", { name: "Next", exact: true }).click();
    await page.waitForURL(/\/sms\/preview$/);
    await main
      .getByRole("alert")
      .filter({
        hasText: /^Credit cannot go below 0: this send costs SGD \d+\.\d\d and your credit is SGD 0\.00\.$/,
      })
      .waitFor(LOADED);
    expect(await main.getByRole("button", { name: /^Send 1 SMS · SGD/ }).isDisabled()).toBe(true);
    await page.close();
  }, 120_000);

  it("sends an e-mail: subject required, addresses as tags, previewed and sent", async () => {
    const page = await signedInPage("/sms/compose");
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    const main = page.getByRole("main");
    await main.getByRole("heading", { name: "Channel", exact: true }).waitFor(LOADED);
    await main.getByRole("radio", { name: "Email", exact: true }).check();
    await main.getByRole("button", { name: "Next", exact: true }).click();
    await main.getByRole("alert").filter({ hasText: "Please enter the Email Subject." }).waitFor();
    await main.getByRole("textbox", { name: "Email Subject" }).fill(`News ${stamp}`);
    await main.getByRole("button", { name: "Next", exact: true }).click();
    const tags = main.getByRole("textbox", { name: "Email Addresses" });
    await tags.fill(`reader.${stamp}@example.com`);
    await tags.press("Enter");
    await main.getByRole("button", { name: "Next", exact: true }).click();
    await main.getByRole("textbox", { name: "Message Content" }).fill("Hello {email}");
    await main.getByRole("button", { name: "Next", exact: true }).click();
    await main.getByRole("button", { name: "Next", exact: true }).click();
    await page.waitForURL(/\/sms\/preview$/);
    const row = main
      .getByRole("table", { name: "Recipients preview" })
      .getByRole("row")
      .filter({ hasText: stamp });
    await row.getByText(`Hello reader.${stamp}@example.com`).waitFor(LOADED);
    const done = main.getByRole("button", { name: /^Send 1 e-mail · SGD \d+\.\d\d$/ });
    await expect.poll(() => done.isDisabled(), LOADED).toBe(false);
    await done.click();
    await acknowledge(page, "Processing complete!");
    await page.waitForURL(/\/report\/outbox$/);
    expect(consoleErrors(page)).toEqual([]);
    await page.close();
  }, 120_000);
});
