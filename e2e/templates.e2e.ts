import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { countSms } from "@herald/domain";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, demoCredentials, signInByApi } from "./support/api";
import { axeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

const bin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../packages/cli/dist/herald.js");

/** Polls that wait for the server on a busy machine. */
const LOADED = { timeout: 15_000 };

describe("compose: message templates (choose, save as template, delete)", () => {
  let server: RunningServer;
  let browser: BrowserContext;
  let token: string;
  const stamp = Date.now().toString(36);
  const sg = `65${81_000_000 + (Date.now() % 8_000_000)}`;

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

  async function pick(page: Page, combobox: string, option: string) {
    const main = page.getByRole("main");
    await main.getByRole("combobox", { name: combobox }).click();
    await page.getByRole("option", { name: option, exact: true }).click();
    await page.getByRole("listbox").waitFor({ state: "detached" });
    await page.waitForFunction(() => !document.getElementById("root")?.hasAttribute("aria-hidden"));
  }

  /** The select's options, read from its open list (closed again with Escape). */
  async function templateNames(page: Page): Promise<string[]> {
    await page.getByRole("main").getByRole("combobox", { name: "Message Template" }).click();
    const list = page.getByRole("listbox");
    await list.waitFor();
    const names = await list.getByRole("option").allTextContents();
    await page.keyboard.press("Escape");
    await list.waitFor({ state: "detached" });
    await page.waitForFunction(() => !document.getElementById("root")?.hasAttribute("aria-hidden"));
    return names;
  }

  /** What the step's counter shows for `text`: encoding, characters, SMS, remaining. */
  const counterOf = (text: string) => {
    const c = countSms(text);
    return [c.encoding === "gsm7" ? "GSM-7" : "UCS-2 (Unicode)", c.characters, c.segments, c.remaining].map(
      String,
    );
  };

  it("offers the company's templates in step 3; saves, fills (asking before replacing typed text) and deletes them", async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" && !/status of 409/.test(m.text())) problems.push(m.text());
    });
    page.on("pageerror", (e) => problems.push(e.message));
    await page.goto(`${server.url}/not-found`);
    await page.evaluate((t) => {
      localStorage.setItem("userToken", t);
      sessionStorage.clear();
    }, token);
    await page.goto(`${server.url}/sms/compose`);
    const main = page.getByRole("main");

    // ---- steps 1 and 2: SMS from HERALD to one number
    await main.getByRole("heading", { name: "Channel", exact: true }).waitFor(LOADED);
    await main.getByRole("radio", { name: "SMS", exact: true }).check();
    await pick(page, "SMS Sender ID", "HERALD");
    await main.getByRole("button", { name: "Next", exact: true }).click();
    const tags = main.getByRole("textbox", { name: "Mobile Numbers" });
    await tags.fill(`+${sg}`);
    await tags.press("Enter");
    await main.getByRole("button", { name: "Next", exact: true }).click();

    // ---- step 3 with no template yet: the hint, a disabled select, nothing to save while the message is empty
    await main.getByRole("heading", { name: "Message", exact: true }).waitFor();
    await main.getByText("No templates yet — save this message as one", { exact: true }).waitFor();
    const select = main.getByRole("combobox", { name: "Message Template" });
    expect(await select.isDisabled()).toBe(true);
    const save = main.getByRole("button", { name: "Save as template", exact: true });
    expect(await save.isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // ---- Save as template: a name is required, then saved and chosen
    const box = main.getByRole("textbox", { name: "Message Content" });
    const orderText = `Hi {name}, your order ${stamp} is ready.`;
    await box.fill(orderText);
    await save.click();
    const dialog = page.getByRole("dialog", { name: "Save as template" });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await dialog.getByText("Template name is required").waitFor();
    await dialog.getByRole("textbox", { name: "Template Name" }).fill(`Order ready ${stamp}`);
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await dialog.waitFor({ state: "detached", ...LOADED });
    await expect.poll(() => select.textContent(), LOADED).toBe(`Order ready ${stamp}`);
    expect(await select.isDisabled()).toBe(false);
    expect(await main.getByText("No templates yet", { exact: false }).count()).toBe(0);

    // a name the company already uses, whatever its case: the server's 409 shown on the field
    await save.click();
    await dialog.waitFor();
    await dialog.getByRole("textbox", { name: "Template Name" }).fill(`ORDER READY ${stamp}`);
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await dialog.getByText("A template with this name already exists.").waitFor(LOADED);
    await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
    await dialog.waitFor({ state: "detached" });

    // ---- a template another user saved shows after a reload (the draft is kept)
    const reminderText = `Hi {name}, see you tomorrow at 10 (${stamp}) ☺`;
    const added = await apiPost<{ id: string }>(
      server.url,
      "/sms/templates",
      { name: `Reminder ${stamp}`, content: reminderText },
      token,
    );
    expect(added.status).toBe(200);
    await page.reload();
    await main.getByRole("heading", { name: "Message", exact: true }).waitFor(LOADED);
    expect(await templateNames(page)).toEqual([`Order ready ${stamp}`, `Reminder ${stamp}`]);

    // ---- typed text: choosing a template asks first; Cancel keeps the text and the choice
    await box.fill("Something I typed");
    await pick(page, "Message Template", `Reminder ${stamp}`);
    const replace = page.getByRole("alertdialog", { name: "Replace the message?" });
    await replace.waitFor();
    await replace.getByRole("button", { name: "Cancel", exact: true }).click();
    await replace.waitFor({ state: "detached" });
    expect(await box.inputValue()).toBe("Something I typed");
    expect(await select.textContent()).toBe(`Order ready ${stamp}`);
    await pick(page, "Message Template", `Reminder ${stamp}`);
    await replace.waitFor();
    await replace.getByRole("button", { name: "Replace", exact: true }).click();
    await expect.poll(() => box.inputValue()).toBe(reminderText);
    // the live counter follows the template's text (UCS-2 for the ☺)
    const counter = main.getByRole("definition");
    await expect.poll(() => counter.allTextContents()).toEqual(counterOf(reminderText));

    // an unchanged template's text is replaced without asking
    await pick(page, "Message Template", `Order ready ${stamp}`);
    await expect.poll(() => box.inputValue()).toBe(orderText);
    expect(await page.getByRole("alertdialog").count()).toBe(0);
    await expect.poll(() => counter.allTextContents()).toEqual(counterOf(orderText));

    // ---- Delete template: confirmed, gone from the list; the message stays
    await main.getByRole("button", { name: "Delete template", exact: true }).click();
    const confirm = page.getByRole("alertdialog", { name: `Delete the template "Order ready ${stamp}"?` });
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await confirm.waitFor({ state: "detached" });
    await expect.poll(() => select.textContent(), LOADED).toBe("Choose a template (optional)");
    expect(await box.inputValue()).toBe(orderText);
    expect(await main.getByRole("button", { name: "Delete template" }).count()).toBe(0);
    expect(await templateNames(page)).toEqual([`Reminder ${stamp}`]);
    const listed = await fetch(`${server.url}/api/sms/templates`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await listed.json()) as { data: { name: string }[] }).data.map((t) => t.name)).toEqual([
      `Reminder ${stamp}`,
    ]);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);

  it("herald sms templates add|list|delete and sms send --template: the template's text, filled per recipient", async () => {
    const configHome = mkdtempSync(path.join(tmpdir(), "herald-cli-templates-"));
    const herald = (args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          [bin, ...args],
          {
            env: { ...process.env, HERALD_URL: server.url, HERALD_TOKEN: token, XDG_CONFIG_HOME: configHome },
          },
          (err, stdout, stderr) =>
            resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        );
      });
    // a group of two contacts
    const group = (await apiPost<{ id: string }>(server.url, "/addGroup", { name: `Tpl ${stamp}` }, token))
      .body;
    for (const [n, name] of [
      [1, "Kim"],
      [2, "Lee"],
    ] as const) {
      const r = await fetch(`${server.url}/api/addContact?groupId=${group.id}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({
          contactName: `${name} ${stamp}`,
          contactNumber: `${Number(sg) + n}`,
          email: null,
        }),
      });
      expect(r.status).toBe(200);
    }

    const name = `Cli ${stamp}`;
    const add = await herald([
      "--json",
      "sms",
      "templates",
      "add",
      name,
      "--content",
      "Dear {name}, thanks!",
    ]);
    expect(add.code, add.stderr).toBe(0);
    expect(JSON.parse(add.stdout)).toMatchObject({ name, content: "Dear {name}, thanks!", canEdit: true });
    const again = await herald(["sms", "templates", "add", name.toUpperCase(), "--content", "x"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe("herald: A template with this name already exists.\n");
    const list = await herald(["--json", "sms", "templates", "list"]);
    expect(list.code, list.stderr).toBe(0);
    expect((JSON.parse(list.stdout) as { name: string }[]).map((t) => t.name)).toContain(name);

    const sent = await herald([
      "--json",
      "sms",
      "send",
      "--group",
      `Tpl ${stamp}`,
      "--from",
      "HERALD",
      "--template",
      name.toLowerCase(),
      "--dry-run",
    ]);
    expect(sent.code, sent.stderr).toBe(0);
    const preview = JSON.parse(sent.stdout) as { dryRun: boolean; preview: { rows: { text: string }[] } };
    expect(preview.dryRun).toBe(true);
    expect(preview.preview.rows.map((r) => r.text).sort()).toEqual([
      `Dear Kim ${stamp}, thanks!`,
      `Dear Lee ${stamp}, thanks!`,
    ]);
    const both = await herald(["sms", "send", "--group", `Tpl ${stamp}`, "--template", name, "--text", "x"]);
    expect(both.code).toBe(2);

    const del = await herald(["--json", "sms", "templates", "delete", name, "--yes"]);
    expect(del.code, del.stderr).toBe(0);
    expect(JSON.parse(del.stdout)).toMatchObject({ name });
    const gone = await herald(["sms", "send", "--group", `Tpl ${stamp}`, "--template", name, "--dry-run"]);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toBe(`herald: No template named ${name}\n`);
  }, 120_000);
});
