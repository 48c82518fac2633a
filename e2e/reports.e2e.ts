import { readFile } from "node:fs/promises";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, demoCredentials, signInByApi } from "./support/api";
import { launchBrowser } from "./support/browser";
import { acknowledge } from "./support/notice";
import { type SqlServer, startSqlServer } from "./support/restartable";

/** Polls that wait for the server on a busy machine. */
const LOADED = { timeout: 15_000 };

describe("SMS reports: outbox filter and export, scheduled delete and the 30-minute refusal, inbox export", () => {
  let server: SqlServer;
  let browser: BrowserContext;
  let token: string;
  let ownerEmail: string;
  const stamp = `r${Date.now().toString(36)}`;

  beforeAll(async () => {
    server = await startSqlServer();
    browser = await launchBrowser();
    const owner = demoCredentials(server.output());
    ownerEmail = owner.email;
    // Rows as the send pipeline and the gateway leave them: three sent, two scheduled (one due in ten
    // minutes), two received.
    await server.sql(
      `with u as (select id, company_id from users where email = $1),
            s as (insert into sms_sends (id, company_id, user_id, channel, sender_id, body, frequency, status)
                  select gen_random_uuid(), company_id, id, 'sms', 'Herald', 'x', 'once', 'scheduled' from u
                  returning id, company_id, user_id)
       insert into sms_messages (id, company_id, send_id, user_id, channel, sender_id, recipient, text, segments,
                                 status, delivered_st, idempotency_key, scheduled_at, created_at)
       select gen_random_uuid(), s.company_id, s.id, s.user_id, 'sms', 'Herald', v.recipient, v.text || ' ' || $2,
              v.segments, v.status, v.delivered_st, 'e2e-' || v.n || '-' || $2,
              case when v.status = 'scheduled' then now() + (v.minutes || ' minutes')::interval end,
              now() - (v.n || ' minutes')::interval
         from s, (values (1, '6591000001', 'Delivered hello', 1, 'delivered', 'delivered', 0),
                         (2, '6591000002', '=Failed hello', 2, 'failed', 'failed', 0),
                         (3, '6591000003', 'Accepted hello', 1, 'accepted', null, 0),
                         (4, '6591000004', 'Later hello', 1, 'scheduled', null, 120),
                         (5, '6591000005', 'Soon hello', 1, 'scheduled', null, 10))
              as v(n, recipient, text, segments, status, delivered_st, minutes)`,
      [ownerEmail, stamp],
    );
    await server.sql(
      `insert into sms_inbox (id, company_id, from_number, to_address, text, provider, provider_message_id)
       select gen_random_uuid(), company_id, v.f, 'Herald', v.t || ' ' || $2, 'sandbox', v.f || $2
         from users, (values ('6598000001', 'Inbound one'), ('6598000002', 'Inbound two')) as v(f, t)
        where email = $1`,
      [ownerEmail, stamp],
    );
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

  async function confirm(page: Page) {
    const dialog = page.getByRole("alertdialog", { name: "Are you sure?", exact: true });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  }

  it("lists, filters and exports the outbox as Sent Messages", async () => {
    const page = await signedInPage("/report/outbox");
    const main = page.getByRole("main");
    const table = main.getByRole("table", { name: "Outbox" });
    const rows = () => table.getByRole("row").filter({ hasText: stamp });
    await expect.poll(() => rows().count(), LOADED).toBe(3);
    await main
      .getByRole("group", { name: "Messages per delivery status" })
      .getByText("Delivered: 1")
      .waitFor();
    await expect.poll(() => main.getByRole("button", { name: "Delete" }).isDisabled()).toBe(true);

    // What a person sees at 1440 and 768 px: the message gets the room, number and status stay whole and
    // side by side without overlapping; Refresh asks again.
    for (const width of [1440, 768]) {
      await page.setViewportSize({ width, height: 900 });
      const boxes = await rows()
        .first()
        .evaluate((tr) => {
          const cell = (id: string) => tr.querySelector<HTMLElement>(`td[data-column="${id}"]`)!;
          const r = (id: string) => cell(id).getBoundingClientRect();
          return {
            message: r("msg_content"),
            mobile: r("name"),
            status: r("delivered_st"),
            statusClipped: cell("delivered_st").scrollWidth > cell("delivered_st").clientWidth,
          };
        });
      expect(boxes.message.width).toBeGreaterThan(boxes.status.width);
      expect(boxes.statusClipped).toBe(false);
      expect(boxes.mobile.right).toBeLessThanOrEqual(boxes.message.left);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    const asked = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/outbox");
    await main.getByRole("button", { name: "Refresh", exact: true }).click();
    expect((await asked).ok()).toBe(true);

    // a range that ended a week ago holds none of them
    const weekAgo = new Date(Date.now() - 7 * 86_400_000);
    const day = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    await main.getByLabel("To", { exact: true }).fill(day(weekAgo));
    await expect.poll(() => rows().count(), LOADED).toBe(0);
    await main.getByText("There are no records found.").waitFor();
    await main.getByRole("button", { name: "Clear dates" }).click();
    await expect.poll(() => rows().count(), LOADED).toBe(3);

    await main.getByRole("searchbox", { name: "Search outbox" }).fill(`failed hello ${stamp}`);
    await expect.poll(() => rows().count(), LOADED).toBe(1);

    const download = page.waitForEvent("download");
    await main.getByRole("button", { name: "CSV", exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("Sent Messages.csv");
    const lines = (await readFile((await file.path()) as string, "utf8"))
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe("Sender ID,Mobile,Message,Billable,Delivered Status,SMS Count,Date");
    expect(lines[1]).toContain(`'=Failed hello ${stamp}`);
    expect(lines[1]).toContain(",Failed,2,");

    // A message sent while the outbox is open appears, and its delivery report (the sandbox gateway's) turns
    // it to Delivered without a reload.
    await main.getByRole("searchbox", { name: "Search outbox" }).fill("");
    const live = table.getByRole("row").filter({ hasText: `Live hello ${stamp}` });
    const sent = await apiPost(
      server.url,
      "/sms/send",
      {
        channel: "SMS",
        recipients: { numbers: ["6591000009"] },
        text: `Live hello ${stamp}`,
        frequency: "now",
      },
      token,
    );
    expect(sent.status).toBe(200);
    await expect.poll(() => live.count(), LOADED).toBe(1);
    await expect.poll(() => live.getByText("Delivered", { exact: true }).count(), LOADED).toBe(1);
    await page.close();
  });

  it("deletes a scheduled SMS after confirmation and refuses one due within 30 minutes", async () => {
    // A browser in Los Angeles still shows the company's (Singapore) time, labelled.
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setTimezoneOverride", { timezoneId: "America/Los_Angeles" });
    await page.goto(`${server.url}/not-found`);
    await page.evaluate((t) => localStorage.setItem("userToken", t), token);
    await page.goto(`${server.url}/report/scheduled`);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
      "America/Los_Angeles",
    );
    const main = page.getByRole("main");
    const table = main.getByRole("table", { name: "Scheduled SMS" });
    const row = (text: string) => table.getByRole("row").filter({ hasText: `${text} ${stamp}` });
    await expect.poll(() => row("Later hello").count(), LOADED).toBe(1);
    await expect.poll(() => row("Soon hello").count(), LOADED).toBe(1);
    const listed = await apiPost<{ data: { msg_content: string; schedule: string }[] }>(
      server.url,
      "/scheduledSms",
      {},
      token,
    );
    const later = listed.body.data.find((m) => m.msg_content === `Later hello ${stamp}`)!;
    const p = Object.fromEntries(
      new Intl.DateTimeFormat("en-GB", {
        timeZone: "Asia/Singapore",
        day: "2-digit",
        month: "2-digit",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        hour12: true,
      })
        .formatToParts(new Date(later.schedule))
        .map((x) => [x.type, x.value]),
    );
    const sgt = `${p.day}/${p.month}/${p.year} ${p.hour!.padStart(2, "0")}:${p.minute} ${String(p.dayPeriod).toUpperCase()} SGT`;
    await expect.poll(() => row("Later hello").textContent(), LOADED).toContain(sgt);

    await row("Later hello").getByRole("checkbox").check();
    await main.getByRole("button", { name: "Delete" }).click();
    await confirm(page);
    await acknowledge(page, "Data Deleted Successful !");
    await expect.poll(() => row("Later hello").count(), LOADED).toBe(0);

    await row("Soon hello").getByRole("checkbox").check();
    await main.getByRole("button", { name: "Delete" }).click();
    await confirm(page);
    await acknowledge(page, "Cannot delete ! Some records are scheduled within 30 minutes from now.");
    await expect.poll(() => row("Soon hello").count()).toBe(1);

    const left = await apiPost<{ data: { msg_content: string }[] }>(server.url, "/scheduledSms", {}, token);
    expect(left.body.data.map((m) => m.msg_content)).toEqual([`Soon hello ${stamp}`]);
    await page.close();
  });

  it("exports the inbox as Incoming Messages", async () => {
    const page = await signedInPage("/report/inbox");
    const main = page.getByRole("main");
    const table = main.getByRole("table", { name: "Inbox" });
    await expect.poll(() => table.getByRole("row").filter({ hasText: stamp }).count(), LOADED).toBe(2);
    const download = page.waitForEvent("download");
    await main.getByRole("button", { name: "Excel", exact: true }).click();
    expect((await download).suggestedFilename()).toBe("Incoming Messages.xlsx");
    await page.close();
  });
});
