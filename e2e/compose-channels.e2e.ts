import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, demoCredentials, signInByApi } from "./support/api";
import { launchBrowser } from "./support/browser";
import { acknowledge } from "./support/notice";
import { type RunningServer, startServer } from "./support/server";

const LOADED = { timeout: 15_000 };

/**
 * Compose through a sandbox WhatsApp channel: a subscriber writes in from the sandbox page (their window is
 * open), the wizard sends them a WhatsApp message by their number, and the subscriber's sandbox page and the
 * inbox room show it.
 */
describe("compose: a WhatsApp message to a number through a sandbox WhatsApp channel", () => {
  let server: RunningServer;
  let browser: BrowserContext;
  let token: string;
  const stamp = Date.now().toString(36);
  const number = `65${81_000_000 + (Date.now() % 8_000_000)}`;

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

  it("sends from the wizard and the subscriber's sandbox page and the inbox room show the message", async () => {
    const link = await apiPost<{ link: string }>(
      server.url,
      "/social-chat/channel/connect-channel",
      { channelType: "WHATSAPP" },
      token,
    );
    expect(link.status).toBe(200);
    const name = `WA ${stamp}`;
    const channel = await apiPost<{ id: string }>(
      server.url,
      "/social-chat/channel/connect",
      {
        token: new URL(link.body.link).searchParams.get("token"),
        channelType: "WHATSAPP",
        name,
        mode: "sandbox",
        departmentIds: [],
      },
      token,
    );
    expect(channel.status).toBe(200);
    const inbound = await apiPost<{ subscriberId: string }>(
      server.url,
      `/sandbox/channels/${channel.body.id}/inbound`,
      { subscriberName: "Wan Subscriber", platformId: number, text: "Any deals this week?" },
    );
    expect(inbound.status).toBe(200);

    const page: Page = await browser.newPage();
    await page.goto(`${server.url}/not-found`);
    await page.evaluate((t) => localStorage.setItem("userToken", t), token);
    await page.goto(`${server.url}/sms/compose`);
    const main = page.getByRole("main");
    await main.getByRole("heading", { name: "Channel", exact: true }).waitFor(LOADED);
    await main.getByRole("radio", { name: "WhatsApp", exact: true }).check();
    const chooser = main.getByRole("combobox", { name: "WhatsApp channel" });
    if (await chooser.count()) {
      await chooser.click();
      await page.getByRole("option", { name, exact: true }).click();
      await page.getByRole("listbox").waitFor({ state: "detached" });
    } else {
      await main.getByText(`Sent through ${name}.`).waitFor();
    }
    await main.getByRole("button", { name: "Next", exact: true }).click();

    await main.getByRole("heading", { name: "Recipients", exact: true }).waitFor();
    const tags = main.getByRole("textbox", { name: "Mobile Numbers" });
    await tags.fill(`+${number}`);
    await tags.press("Enter");
    await main.getByRole("button", { name: "Next", exact: true }).click();

    await main.getByRole("heading", { name: "Message", exact: true }).waitFor();
    const text = `Weekend deal ${stamp}: 20% off`;
    await main.getByRole("textbox", { name: "Message Content" }).fill(text);
    await main.getByRole("button", { name: "Next", exact: true }).click();
    await main.getByRole("heading", { name: "Frequency", exact: true }).waitFor();
    await main.getByRole("button", { name: "Next", exact: true }).click();
    await page.waitForURL(/\/sms\/preview$/);
    // one WhatsApp message to one recipient, free on a sandbox channel
    const facts = main.getByLabel("Totals");
    await facts
      .getByRole("term")
      .filter({ hasText: /^Messages$/ })
      .waitFor(LOADED);
    expect(await facts.getByRole("term").allTextContents()).not.toContain("SMS");

    const done = main.getByRole("button", { name: /^Send 1 WhatsApp message · SGD \d+\.\d\d$/ });
    await expect.poll(() => done.isDisabled(), LOADED).toBe(false);
    await done.click();
    await acknowledge(page, "Processing complete!", LOADED);

    // The subscriber's sandbox page shows the message (the worker sent it through the channel's driver).
    await expect
      .poll(
        async () => {
          const res = await fetch(
            `${server.url}/_sandbox/channels/${channel.body.id}/conversation.json?platformId=${number}`,
          );
          const body = (await res.json()) as { data: { type: string; text: string | null }[] };
          return body.data.filter((m) => m.type === "outbox").map((m) => m.text);
        },
        { timeout: 30_000 },
      )
      .toEqual([text]);

    // The inbox room shows it as the agents' side of the conversation.
    await page.goto(`${server.url}/apps/social-chat/${inbound.body.subscriberId}`);
    const conversation = page.getByRole("region", { name: "Conversation" });
    await conversation.getByRole("list", { name: "Messages" }).getByText(text).waitFor(LOADED);
    await page.close();
  });
});
