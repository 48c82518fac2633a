import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, demoCredentials, signInByApi } from "./support/api";
import { axeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

const PNG_1X1 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/**
 * The inbox against the real server: connect a sandbox channel from Channels Management, a subscriber writes
 * in and the room appears without a reload, the admin takes it, replies with text and a file, and closes the
 * ticket.
 */
describe("social inbox against the real server: channels, live rooms, departments, assignment", () => {
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

  async function signedInPage(as = token): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(`${server.url}/not-found`);
    await page.evaluate((t) => localStorage.setItem("userToken", t), as);
    return page;
  }

  it("connects the sandbox channel, shows a subscriber's message live, and handles the room", async () => {
    const page = await signedInPage();
    await page.setViewportSize({ width: 1440, height: 900 });

    // Connect Channel opens the portal's connect page; the sandbox channel needs no provider account.
    await page.goto(`${server.url}/apps/channel-management`);
    await page.getByRole("button", { name: "Connect Channel" }).click();
    await page.waitForURL((u) => u.pathname === "/apps/channel-management/connect");
    await page.getByRole("radio", { name: "Telegram", exact: true }).click();
    await page.getByRole("radio", { name: "Sandbox channel" }).click();
    await page.getByRole("textbox", { name: "Channel name" }).fill("Try-out line");
    await page.getByRole("button", { name: "Connect", exact: true }).click();
    await page.getByText("Data Update Successful !").waitFor();
    await page.getByRole("button", { name: "OK" }).click();
    await page.waitForURL((u) => u.pathname === "/apps/channel-management");
    const row = page.getByRole("table", { name: "Channels" }).getByRole("row", { name: /Try-out line/ });
    await row.waitFor();
    await row.getByText("Sandbox", { exact: true }).waitFor();

    const channels = (await (
      await fetch(`${server.url}/api/social-chat/channel/company-channel`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { data: { id: string; name: string }[] };
    const channel = channels.data.find((c) => c.name === "Try-out line");
    expect(channel).toBeDefined();

    // The inbox is open before the subscriber writes: the room must arrive without a reload.
    const stream = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/events");
    await page.goto(`${server.url}/apps/social-chat`);
    await page.getByRole("heading", { level: 1, name: /Welcome to Herald/ }).waitFor();
    // the inbox listens to the server's event stream as well as polling
    expect((await stream).status()).toBe(200);
    const inbound = await apiPost<{ subscriberId: string }>(
      server.url,
      `/sandbox/channels/${channel?.id}/inbound`,
      { subscriberName: "Ana Subscriber", platformId: "ana-1", text: "Hello, is anyone there?" },
    );
    expect(inbound.status).toBe(200);
    const roomButton = page.getByRole("button", { name: /^Ana Subscriber ,/ });
    await roomButton.waitFor({ timeout: 15_000 });

    await roomButton.click();
    await page.waitForURL((u) => u.pathname === `/apps/social-chat/${inbound.body.subscriberId}`);
    const conversation = page.getByRole("region", { name: "Conversation" });
    await conversation.getByText("Hello, is anyone there?").waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await conversation.getByRole("button", { name: "Assign Yourself" }).click();
    await page.getByText("You have assign yourself Successful!").waitFor();
    await page.getByRole("button", { name: "OK" }).click();
    await conversation.getByText("Assigned (Myself)").waitFor();

    const box = conversation.getByRole("textbox", { name: "Message" });
    await box.fill("Hi Ana, how can I help?");
    await box.press("Enter");
    await conversation.getByRole("list", { name: "Messages" }).getByText("Hi Ana, how can I help?").waitFor();
    await expect.poll(() => box.inputValue()).toBe("");

    // A file: sent as its own message and previewed in the bubble.
    await conversation.getByTestId("composer-file-input").setInputFiles({
      name: "receipt.png",
      mimeType: "image/png",
      buffer: Buffer.from(PNG_1X1, "base64"),
    });
    await conversation.getByRole("button", { name: "Send", exact: true }).click();
    const image = conversation
      .getByRole("list", { name: "Messages" })
      .getByRole("img", { name: "receipt.png" });
    await image.waitFor();
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);

    await conversation.getByRole("button", { name: "Close ticket" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Close this ticket?" });
    await confirm.getByText("This action is not reversable.").waitFor();
    await confirm.getByRole("button", { name: "Close ticket" }).click();
    await page.getByText("You have close the ticket").waitFor();
    await page.getByRole("button", { name: "OK" }).click();
    await conversation.getByText("This ticket is closed.", { exact: false }).waitFor();

    for (const width of [390, 768]) {
      await page.setViewportSize({ width, height: 900 });
      await conversation.getByRole("button", { name: "Back to chats" }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }

    // The chatbot forwarding switch.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/apps/bot-settings`);
    const toggle = page.getByRole("switch", { name: "Forward incoming messages to the chatbot" });
    await toggle.waitFor();
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    await toggle.click();
    await page.getByText("Data Update Successful !").waitFor();
    await page.getByRole("button", { name: "OK" }).click();
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("true");
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${server.url}/apps/social-chat`);
    await page.getByRole("button", { name: /^Ana Subscriber ,/ }).waitFor();
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`${server.url}/apps/channel-management`);
    await page
      .getByRole("table", { name: "Channels" })
      .getByRole("row", { name: /Try-out line/ })
      .waitFor();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.close();
  });

  it("shows a room only to its channel's departments; an agent takes it over, a supervisor unassigns it", async () => {
    const owner = demoCredentials(server.output());
    // A sandbox channel of the Support department, connected through the connect page's calls.
    const link = await apiPost<{ link: string }>(
      server.url,
      "/social-chat/channel/connect-channel",
      {},
      token,
    );
    const linkToken = new URL(link.body.link).searchParams.get("token") ?? "";
    const session = (await (
      await fetch(`${server.url}/api/social-chat/channel/connect?token=${encodeURIComponent(linkToken)}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { departments: { id: string; name: string }[] };
    const support = session.departments.find((d) => d.name === "Support")?.id;
    const saved = await apiPost<{ id: string }>(
      server.url,
      "/social-chat/channel/connect",
      {
        token: linkToken,
        channelType: "TELEGRAM",
        name: "Support line",
        mode: "sandbox",
        departmentIds: [support],
      },
      token,
    );
    expect(saved.status).toBe(200);
    const inbound = await apiPost<{ subscriberId: string }>(
      server.url,
      `/sandbox/channels/${saved.body.id}/inbound`,
      {
        subscriberName: "Ben Subscriber",
        platformId: "ben-1",
        text: "Need help with my bill",
      },
    );
    expect(inbound.status).toBe(200);
    const roomPath = `${server.url}/apps/social-chat/${inbound.body.subscriberId}`;

    // Sales never sees it.
    const sales = await signedInPage(
      await signInByApi(server.url, "agent2@demo.herald.local", owner.password),
    );
    await sales.goto(`${server.url}/apps/social-chat`);
    await sales.getByRole("heading", { level: 1, name: /Welcome to Herald/ }).waitFor();
    expect(await sales.getByRole("button", { name: /^Ben Subscriber ,/ }).count()).toBe(0);
    await sales.close();

    // A Support agent takes it over after confirming, and replies.
    const agent = await signedInPage(
      await signInByApi(server.url, "agent@demo.herald.local", owner.password),
    );
    await agent.goto(`${server.url}/apps/social-chat`);
    await agent.getByRole("button", { name: /^Ben Subscriber ,/ }).click();
    const room = agent.getByRole("region", { name: "Conversation" });
    await room.getByText("Need help with my bill").waitFor();
    expect(await room.getByRole("button", { name: "Assign Agent" }).count()).toBe(0);
    await room.getByRole("button", { name: "Assign Yourself" }).click();
    await agent
      .getByRole("alertdialog", { name: "Take over this chat?" })
      .getByRole("button", { name: "Take over" })
      .click();
    await agent.getByText("You have assign yourself Successful!").waitFor();
    await agent.getByRole("button", { name: "OK" }).click();
    await room.getByText("Assigned (Myself)").waitFor();
    const box = room.getByRole("textbox", { name: "Message" });
    await box.fill("On it, Ben.");
    await box.press("Enter");
    await room.getByText("In Progress (Myself)").waitFor();
    expect(await axeViolations(agent)).toEqual([]);
    await agent.close();

    // The Support supervisor sees whose room it is, cannot write in it, and unassigns it.
    const supervisor = await signedInPage(
      await signInByApi(server.url, "supervisor@demo.herald.local", owner.password),
    );
    await supervisor.goto(roomPath);
    const watched = supervisor.getByRole("region", { name: "Conversation" });
    await watched.getByText("On it, Ben.").waitFor();
    await watched.getByText("Only the designated agent may send messages in this chatroom.").waitFor();
    expect(await watched.getByRole("textbox", { name: "Message" }).count()).toBe(0);
    await watched.getByText(/^In Progress \(/).waitFor();
    await watched.getByRole("button", { name: "Reassign" }).click();
    const picker = supervisor.getByRole("dialog", { name: "Reassign" });
    await picker.getByRole("table", { name: "Agents" }).waitFor();
    await supervisor.keyboard.press("Escape");
    await watched.getByRole("button", { name: "Unassign" }).click();
    await supervisor
      .getByRole("alertdialog", { name: "Unassign this chat?" })
      .getByRole("button", { name: "Unassign" })
      .click();
    await supervisor.getByText("You have remove agent Successful!").waitFor();
    await supervisor.getByRole("button", { name: "OK" }).click();
    await watched.getByRole("button", { name: "Assign Agent" }).waitFor();
    await supervisor.close();
  });

  it("syncs a WhatsApp sandbox channel's templates and sends one with its variables", async () => {
    const link = await apiPost<{ link: string }>(
      server.url,
      "/social-chat/channel/connect-channel",
      {},
      token,
    );
    const linkToken = new URL(link.body.link).searchParams.get("token") ?? "";
    const saved = await apiPost<{ id: string }>(
      server.url,
      "/social-chat/channel/connect",
      { token: linkToken, channelType: "WHATSAPP", name: "WA line", mode: "sandbox", departmentIds: [] },
      token,
    );
    expect(saved.status).toBe(200);

    const page = await signedInPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/apps/channel-management`);
    await page.getByRole("button", { name: "Actions for WA line" }).click();
    await page.getByRole("menuitem", { name: "Sync Templates" }).click();
    await page.getByText("Data Update Successful !").waitFor();
    await page.getByRole("button", { name: "OK" }).click();

    const inbound = await apiPost<{ subscriberId: string }>(
      server.url,
      `/sandbox/channels/${saved.body.id}/inbound`,
      {
        subscriberName: "Cara Subscriber",
        platformId: "cara-1",
        text: "Where is my parcel?",
      },
    );
    expect(inbound.status).toBe(200);
    await page.goto(`${server.url}/apps/social-chat/${inbound.body.subscriberId}`);
    const room = page.getByRole("region", { name: "Conversation" });
    await room.getByText("Where is my parcel?").waitFor();
    await room.getByRole("button", { name: "Choose template" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "order_update (en_US)" }).click();
    await dialog.getByRole("textbox", { name: "Header {{1}}" }).fill("A-7");
    await dialog.getByRole("textbox", { name: "Body {{1}}" }).fill("Cara");
    await dialog.getByRole("textbox", { name: "Body {{2}}" }).fill("A-7");
    await dialog.getByRole("textbox", { name: "Body {{3}}" }).fill("Friday");
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Send template" }).click();
    const messages = room.getByRole("list", { name: "Messages" });
    await messages.getByText("Hi Cara, your order A-7 is on its way and should arrive by Friday.").waitFor();
    await messages.getByRole("list", { name: "Template buttons" }).getByText("Track order").waitFor();
    await page.close();
  });
});
