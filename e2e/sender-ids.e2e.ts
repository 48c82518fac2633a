import path from "node:path";
import { fileURLToPath } from "node:url";
import { SENDER_ID_MESSAGES } from "@herald/domain";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, demoCredentials, signInByApi } from "./support/api";
import { axeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { sidewaysScrolling } from "./support/layout";
import { acknowledge } from "./support/notice";
import {
  activateByApi,
  DEMO_OPERATOR_EMAIL,
  demoOperatorLink,
  OPERATOR_PASSWORD,
  operatorCall,
  operatorSignInByApi,
  toast,
} from "./support/operator";
import { type SqlServer, startSqlServer } from "./support/restartable";

/**
 * A company's sender IDs, end to end: its admin asks for one, Herald's operator approves it (registered with
 * SSIR) or rejects another with a reason, the admin gives the approved one to a user, then gives it up and it
 * leaves the user; the company's numbers and audit log show what happened. The demo company already owns
 * HERALD (registered with SSIR) and DemoCo (not). The operator's side goes through the API (the console's
 * screens are operator.e2e.ts's), as the demo operator activated from the link the server's first start prints.
 */
/** Screenshots to look at (git-ignored), taken when HERALD_E2E_SHOTS is set. */
const ATTACHMENTS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../.vitest-attachments/e2e/console",
);
const AGENT_EMAIL = "agent@demo.herald.local";
const AGENT_NAME = "Daniel Wong";

describe("sender IDs and numbers, company side", () => {
  let server: SqlServer;
  let browser: BrowserContext;
  let owner: { email: string; password: string };
  let ownerToken: string;
  let agentToken: string;
  let agentId: string;
  let operatorToken = "";

  beforeAll(async () => {
    server = await startSqlServer();
    browser = await launchBrowser();
    owner = demoCredentials(server.output());
    ownerToken = await signInByApi(server.url, owner.email, owner.password);
    agentToken = await signInByApi(server.url, AGENT_EMAIL, owner.password);
    agentId = (await apiPost<{ userId: string }>(server.url, "/getProfile", {}, agentToken)).body.userId;
    await activateByApi(server.url, demoOperatorLink(server.output()), "Registry Op");
    operatorToken = await operatorSignInByApi(server.url, DEMO_OPERATOR_EMAIL, OPERATOR_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function pageAs(token: string, path: string, width = 1440): Promise<Page> {
    const page = await browser.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${server.url}/not-found`);
    await page.evaluate((t) => {
      localStorage.clear();
      localStorage.setItem("userToken", t);
    }, token);
    await page.goto(`${server.url}${path}`);
    return page;
  }
  /** A screenshot to look at (git-ignored), when HERALD_E2E_SHOTS is set. */
  const shot = async (page: Page, name: string) => {
    if (process.env.HERALD_E2E_SHOTS)
      await page.screenshot({ path: path.join(ATTACHMENTS, `${name}.png`), fullPage: true });
  };
  const registry = async () => {
    const res = await fetch(`${server.url}/api/senderIdRegistry`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    });
    return (
      (await res.json()) as {
        data: { id: string; senderId: string; status: string; reason: string | null }[];
      }
    ).data;
  };

  it("is for admins: an agent is told Invalid Access", async () => {
    const page = await pageAs(agentToken, "/sms-mgt/sender-ids");
    await page.getByRole("alertdialog", { name: /Invalid Access/i }).waitFor({ timeout: 15_000 });
    await page.close();
  });

  it("is in the admin menu, and checks a sender ID's format and purpose before anything is sent", async () => {
    const page = await pageAs(ownerToken, "/user-manage/users-list");
    await page.getByRole("link", { name: "Sender IDs & Numbers" }).first().click();
    await page.waitForURL((u) => u.pathname === "/sms-mgt/sender-ids");
    await page.getByRole("heading", { level: 1, name: "Sender IDs & Numbers" }).waitFor();
    await page.getByRole("button", { name: "Request sender ID" }).click();
    const dialog = page.getByRole("dialog", { name: "Request a sender ID" });
    await dialog.getByRole("button", { name: "Send request" }).click();
    await dialog.getByText(SENDER_ID_MESSAGES.required).waitFor();
    await dialog.getByText(SENDER_ID_MESSAGES.purposeRequired).waitFor();
    const id = dialog.getByRole("textbox", { name: /^Sender ID/ });
    await id.fill("Herald Demo Co");
    await dialog.getByText(SENDER_ID_MESSAGES.tooLong).waitFor();
    await id.fill("12");
    await dialog.getByText(SENDER_ID_MESSAGES.numberLength).waitFor();
    await id.fill("ACME!");
    await dialog.getByText(SENDER_ID_MESSAGES.characters).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.close();
  });

  it("requests an ID; Herald approves it with SSIR and rejects another with a reason the admin reads", async () => {
    const page = await pageAs(ownerToken, "/sms-mgt/sender-ids");
    for (const [senderId, purpose] of [
      ["DEMOCARE", "Appointment reminders"],
      ["DEMOSALE", "Flash sales"],
    ] as const) {
      await page.getByRole("button", { name: "Request sender ID" }).click();
      const dialog = page.getByRole("dialog", { name: "Request a sender ID" });
      await dialog.getByRole("textbox", { name: /^Sender ID/ }).fill(senderId);
      await dialog.getByRole("textbox", { name: /What you will send/ }).fill(purpose);
      await dialog.getByRole("button", { name: "Send request" }).click();
      await toast(page, `${senderId} is requested`).waitFor();
    }
    const table = page.getByRole("table", { name: "Sender IDs" });
    await expect.poll(() => table.getByText("Waiting for approval").count()).toBe(2);

    // Asking again for the same ID is refused, said under the ID.
    await page.getByRole("button", { name: "Request sender ID" }).click();
    const dialog = page.getByRole("dialog", { name: "Request a sender ID" });
    await dialog.getByRole("textbox", { name: /^Sender ID/ }).fill("democare");
    await dialog.getByRole("textbox", { name: /What you will send/ }).fill("Again");
    await dialog.getByRole("button", { name: "Send request" }).click();
    await expect
      .poll(() => dialog.getByRole("textbox", { name: /^Sender ID/ }).getAttribute("aria-invalid"))
      .toBe("true");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    const rows = await registry();
    const care = rows.find((r) => r.senderId === "DEMOCARE")!;
    const sale = rows.find((r) => r.senderId === "DEMOSALE")!;
    expect(
      (
        await operatorCall(
          server.url,
          "POST",
          `/operator/sender-ids/${care.id}/approve`,
          { ssirRegistered: true },
          operatorToken,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await operatorCall(
          server.url,
          "POST",
          `/operator/sender-ids/${sale.id}/reject`,
          { reason: "Promotions need a registered brand" },
          operatorToken,
        )
      ).status,
    ).toBe(200);
    await page.reload();
    await table
      .getByRole("row", { name: /DEMOCARE/ })
      .getByText("Registered with SSIR", { exact: true })
      .waitFor();
    await table
      .getByRole("row", { name: /DEMOSALE/ })
      .getByText("Herald: Promotions need a registered brand")
      .waitFor();
    // The demo company's own: HERALD registered with SSIR, DemoCo not.
    await table
      .getByRole("row", { name: /HERALD/ })
      .getByText("Registered with SSIR", { exact: true })
      .waitFor();
    await table
      .getByRole("row", { name: /DemoCo/ })
      .getByText("Not registered with SSIR", { exact: true })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it("gives the approved ID to a user, chosen from the approved ones; giving it up takes it off the user", async () => {
    const page = await pageAs(ownerToken, `/user-manage/user-edit/${agentId}`);
    await page.getByRole("heading", { level: 1, name: `Edit User: ${AGENT_NAME}` }).waitFor();
    const field = page.getByRole("combobox", { name: "Allowed Sender IDs" });
    await field.click();
    await page.getByRole("option", { name: "DEMOCARE", exact: true }).waitFor();
    expect(await page.getByRole("option", { name: "DEMOSALE" }).count()).toBe(0);
    await page.getByRole("option", { name: "DEMOCARE", exact: true }).click();
    await field.press("Escape");
    await page.getByRole("button", { name: "Save Sender IDs" }).click();
    await page
      .getByRole("alertdialog", { name: "Are you sure you want to update the changes?" })
      .getByRole("button", { name: "Yes" })
      .click();
    await acknowledge(page, "Data Update Successful !");
    const user = async () =>
      (await apiPost<{ senderIds?: string[] }>(server.url, "/getUser", { id: agentId }, ownerToken)).body
        .senderIds ?? [];
    expect(await user()).toContain("DEMOCARE");

    const list = await pageAs(ownerToken, "/sms-mgt/sender-ids");
    await list.getByRole("button", { name: "Give up DEMOCARE" }).click();
    await list
      .getByRole("alertdialog", { name: "Give up the sender ID DEMOCARE?" })
      .getByRole("button", { name: "Give up sender ID" })
      .click();
    await toast(list, "DEMOCARE is given up").waitFor();
    await expect.poll(user).not.toContain("DEMOCARE");
    await list.close();
    await page.close();
  });

  it("shows the numbers the company receives SMS on, and its audit log with what changed", async () => {
    const me = await apiPost<{ companyId: string }>(server.url, "/getProfile", {}, ownerToken);
    const added = await operatorCall(
      server.url,
      "POST",
      "/operator/numbers",
      {
        number: "+6563001234",
        kind: "long",
        shared: false,
        owners: [{ companyId: me.body.companyId, keyword: null }],
      },
      operatorToken,
    );
    expect(added.status).toBe(200);
    const page = await pageAs(ownerToken, "/sms-mgt/sender-ids", 390);
    const numbers = page.getByRole("table", { name: "Numbers you receive SMS on" });
    await numbers.getByText("+65 6300 1234").waitFor();
    await numbers.getByText("Every message to this number").waitFor();
    await shot(page, "company-sender-ids-390");
    expect(await sidewaysScrolling(page)).toEqual([]);
    await page.close();

    const audit = await pageAs(ownerToken, "/user-manage/audit-log?action=sender_id.");
    const table = audit.getByRole("table", { name: "Audit log" });
    await table.getByText("Approved sender ID DEMOCARE").waitFor({ timeout: 15_000 });
    await table.getByText("Rejected sender ID DEMOSALE").waitFor();
    await table.getByText("Withdrew sender ID DEMOCARE").waitFor();
    await shot(audit, "company-audit-sender-ids-1440");
    const download = audit.waitForEvent("download");
    await audit.getByRole("button", { name: "Export CSV" }).click();
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);
    expect(await axeViolations(audit)).toEqual([]);
    await audit.close();
  });
});
