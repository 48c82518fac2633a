import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, demoCredentials, signInByApi } from "./support/api";
import { axeViolations } from "./support/axe";
import { CHROMIUM_ARGS, launchBrowser } from "./support/browser";
import { acknowledge } from "./support/notice";
import { type RunningServer, startServer } from "./support/server";

const PNG_1X1 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/**
 * The inbox against the real server, as people click it: connect a sandbox channel from Channels Management, a
 * subscriber writes on the sandbox channel's page and the room appears without a reload, it is taken, answered
 * with text and a file (which the subscriber sees), and closed for good. In a department's room: its agent takes
 * it over, a supervisor reassigns it, the agent cannot close it any more, the supervisor closes it; an agent of
 * another department never sees it (list, address, API, event stream). Status log texts as the specification's.
 */
describe("social inbox against the real server: channels, live rooms, departments, assignment", () => {
  let server: RunningServer;
  let browser: BrowserContext;
  /** The department journey's people, each in a context of their own. */
  let people: Browser;
  let token: string;

  beforeAll(async () => {
    server = await startServer();
    [browser, people] = await Promise.all([
      launchBrowser(),
      chromium.launch({
        executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
        headless: true,
        args: CHROMIUM_ARGS,
      }),
    ]);
    const owner = demoCredentials(server.output());
    token = await signInByApi(server.url, owner.email, owner.password);
  });
  afterAll(async () => {
    await Promise.all([browser?.close(), people?.close()]);
    await server?.stop();
  });

  async function signedInPage(as = token): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(`${server.url}/not-found`);
    await page.evaluate((t) => localStorage.setItem("userToken", t), as);
    return page;
  }

  /** A page of its own (own local storage, so its own session) for each person of the department journey. */
  async function personPage(as: string): Promise<Page> {
    const context = await people.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/not-found`);
    await page.evaluate((t) => localStorage.setItem("userToken", t), as);
    return page;
  }

  async function apiGet<T>(path: string, as: string): Promise<{ status: number; body: T }> {
    const res = await fetch(`${server.url}/api${path}`, { headers: { authorization: `Bearer ${as}` } });
    return { status: res.status, body: (await res.json().catch(() => null)) as T };
  }

  /** A sandbox channel connected through the connect page's calls, held by the named departments. */
  async function connectSandbox(name: string, departmentNames: string[]): Promise<string> {
    const link = await apiPost<{ link: string }>(
      server.url,
      "/social-chat/channel/connect-channel",
      {},
      token,
    );
    const linkToken = new URL(link.body.link).searchParams.get("token") ?? "";
    const session = await apiGet<{ departments: { id: string; name: string }[] }>(
      `/social-chat/channel/connect?token=${encodeURIComponent(linkToken)}`,
      token,
    );
    const departmentIds = departmentNames.map((n) => session.body.departments.find((d) => d.name === n)?.id);
    const saved = await apiPost<{ id: string }>(
      server.url,
      "/social-chat/channel/connect",
      { token: linkToken, channelType: "TELEGRAM", name, mode: "sandbox", departmentIds },
      token,
    );
    expect(saved.status).toBe(200);
    return saved.body.id;
  }

  /** The subscriber writes on the sandbox channel's page, as a person playing the subscriber would. */
  async function writeIn(page: Page, channelId: string, who: { name: string; id: string }, text: string) {
    await page.goto(`${server.url}/_sandbox/channels/${channelId}`);
    await page.getByLabel("Your name").fill(who.name);
    await page.getByLabel("Your id on the channel").fill(who.id);
    await page.getByLabel("Message").fill(text);
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForURL((u) => u.searchParams.get("platformId") === who.id);
    await page.getByText(text).waitFor();
  }

  /** The subscriber's page shows `text` (a reply) once reloaded: reloads until it does. */
  async function subscriberSees(page: Page, text: string) {
    await expect
      .poll(async () => {
        await page.reload();
        return page.locator(".bubble.outbox").getByText(text).count();
      })
      .toBeGreaterThan(0);
  }

  /** Confirms the confirmation `title` with its button `action`, checking its text where given. */
  async function confirm(page: Page, title: string, action: string, text?: string) {
    const dialog = page.getByRole("alertdialog", { name: title, exact: true });
    await dialog.waitFor();
    if (text) await dialog.getByText(text).waitFor();
    await dialog.getByRole("button", { name: action, exact: true }).click();
    await dialog.waitFor({ state: "detached" });
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
    await acknowledge(page, "Data Update Successful !");
    await page.waitForURL((u) => u.pathname === "/apps/channel-management");
    const row = page.getByRole("table", { name: "Channels" }).getByRole("row", { name: /Try-out line/ });
    await row.waitFor();
    await row.getByText("Sandbox", { exact: true }).waitFor();

    const channels = await apiGet<{ data: { id: string; name: string }[] }>(
      "/social-chat/channel/company-channel",
      token,
    );
    const channel = channels.body.data.find((c) => c.name === "Try-out line");
    expect(channel).toBeDefined();

    // The inbox is open before the subscriber writes: the room must arrive without a reload.
    const stream = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/events");
    await page.goto(`${server.url}/apps/social-chat`);
    await page.getByRole("heading", { level: 1, name: /Welcome to Herald/ }).waitFor();
    // the inbox listens to the server's event stream as well as polling
    expect((await stream).status()).toBe(200);
    const loads = { count: 0 };
    page.on("load", () => {
      loads.count += 1;
    });

    // The subscriber writes on the sandbox channel's own page.
    const subscriber = await browser.newPage();
    await writeIn(
      subscriber,
      channel?.id ?? "",
      { name: "Ana Subscriber", id: "ana-1" },
      "Hello, is anyone there?",
    );
    const roomButton = page.getByRole("button", { name: /^Ana Subscriber ,/ });
    await roomButton.waitFor({ timeout: 15_000 });
    expect(loads.count).toBe(0);

    await roomButton.click();
    await page.waitForURL((u) => u.pathname.startsWith("/apps/social-chat/"));
    const conversation = page.getByRole("region", { name: "Conversation" });
    await conversation.getByText("Hello, is anyone there?").waitFor();
    await conversation.getByText("Open ticket").waitFor();
    // an open room cannot be closed: it has no agent yet
    expect(await conversation.getByRole("button", { name: "Close ticket" }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await conversation.getByRole("button", { name: "Assign Yourself" }).click();
    await acknowledge(page, "You have assign yourself Successful!", { dismiss: true }); // it covers Send
    await conversation.getByText("Assigned (Myself)").waitFor();
    await conversation.getByText("Assigned to Ada Tan by Ada Tan").waitFor();

    const box = conversation.getByRole("textbox", { name: "Message" });
    await box.fill("Hi Ana, how can I help?");
    await box.press("Enter");
    await conversation.getByRole("list", { name: "Messages" }).getByText("Hi Ana, how can I help?").waitFor();
    await expect.poll(() => box.inputValue()).toBe("");
    await conversation.getByText("In Progress (Myself)").waitFor();
    await conversation.getByText("In progress by Ada Tan").waitFor();

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

    // The subscriber sees the reply and the file on their side.
    await subscriberSees(subscriber, "Hi Ana, how can I help?");
    await subscriber.locator(".bubble.outbox").getByRole("link", { name: "receipt.png" }).waitFor();

    await conversation.getByRole("button", { name: "Close ticket" }).click();
    await confirm(page, "Close this ticket?", "Close ticket", "This action is not reversable.");
    await acknowledge(page, "You have close the ticket");
    await conversation.getByText("This ticket is closed.", { exact: false }).waitFor();
    await conversation.getByText("Closed by Ada Tan").waitFor();
    // Closed for good: no composer, no second close, and the server refuses both.
    expect(await conversation.getByRole("textbox", { name: "Message" }).count()).toBe(0);
    expect(await conversation.getByRole("button", { name: "Close ticket" }).count()).toBe(0);
    const roomId = new URL(page.url()).pathname.split("/").at(-1) ?? "";
    const closed = await apiGet<{ chatroomStatus: string; agentId: string }>(
      `/social-chat/chat/room/${roomId}`,
      token,
    );
    expect(closed.body.chatroomStatus).toBe("closed");
    const me = closed.body.agentId;
    const sent = await apiPost<{ message: string }>(
      server.url,
      `/social-chat/chat/room/${roomId}/send-message`,
      { type: "text", text: "one more thing", userId: me },
      token,
    );
    expect(sent.status).toBe(409);
    expect(sent.body.message).toBe("This chatroom is closed.");
    const again = await apiPost<{ message: string }>(
      server.url,
      "/social-chat/chat/close",
      { subscriberId: roomId, agentId: me },
      token,
    );
    expect(again.status).toBe(409);
    await subscriber.close();

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
    await acknowledge(page, "Data Update Successful !");
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
  }, 180_000);

  it("a Support room: live to its agent and never to Sales; taken over, reassigned by a supervisor, which the agent cannot close; closed", async () => {
    const { password } = demoCredentials(server.output());
    const signIn = (email: string) => signInByApi(server.url, email, password);
    const [agentToken, salesToken, supervisorToken] = await Promise.all([
      signIn("agent@demo.herald.local"),
      signIn("agent2@demo.herald.local"),
      signIn("supervisor@demo.herald.local"),
    ]);
    const supportLine = await connectSandbox("Support line", ["Support"]);
    const salesLine = await connectSandbox("Sales line", ["Sales"]);

    // Eve (Sales) and Daniel (Support) have their inboxes open before the subscriber writes. Eve's page also
    // records every room and message event her stream carries.
    const sales = await personPage(salesToken);
    await sales.goto(`${server.url}/apps/social-chat`);
    await sales.getByRole("heading", { level: 1, name: /Welcome to Herald/ }).waitFor();
    await sales.evaluate((t) => {
      const w = window as unknown as { heraldEvents: { subscriberId?: string }[]; heraldStream: boolean };
      w.heraldEvents = [];
      w.heraldStream = false;
      const source = new EventSource(`/api/events?access_token=${encodeURIComponent(t)}`);
      source.onopen = () => {
        w.heraldStream = true;
      };
      for (const name of ["room", "message"]) {
        source.addEventListener(name, (e) => w.heraldEvents.push(JSON.parse((e as MessageEvent).data)));
      }
    }, salesToken);
    await expect
      .poll(() => sales.evaluate(() => (window as unknown as { heraldStream: boolean }).heraldStream))
      .toBe(true);
    const salesEvents = () =>
      sales.evaluate(() =>
        (window as unknown as { heraldEvents: { subscriberId?: string }[] }).heraldEvents.map(
          (e) => e.subscriberId,
        ),
      );

    const agent = await personPage(agentToken);
    await agent.goto(`${server.url}/apps/social-chat`);
    await agent.getByRole("heading", { level: 1, name: /Welcome to Herald/ }).waitFor();

    const subscriber = await (await people.newContext()).newPage();
    await writeIn(subscriber, supportLine, { name: "Ben Subscriber", id: "ben-1" }, "Need help with my bill");

    // The room reaches Daniel's open inbox without a reload; he takes it over after confirming, and replies.
    const roomButton = agent.getByRole("button", { name: /^Ben Subscriber ,/ });
    await roomButton.waitFor({ timeout: 15_000 });
    await roomButton.click();
    await agent.waitForURL((u) => u.pathname.startsWith("/apps/social-chat/"));
    const roomId = new URL(agent.url()).pathname.split("/").at(-1) ?? "";
    const roomPath = `${server.url}/apps/social-chat/${roomId}`;
    const room = agent.getByRole("region", { name: "Conversation" });
    await room.getByText("Need help with my bill").waitFor();
    expect(await room.getByRole("button", { name: "Assign Agent" }).count()).toBe(0);
    expect(await room.getByRole("button", { name: "Close ticket" }).count()).toBe(0);
    await room.getByRole("button", { name: "Assign Yourself" }).click();
    await confirm(agent, "Take over this chat?", "Take over");
    await acknowledge(agent, "You have assign yourself Successful!");
    await room.getByText("Assigned (Myself)").waitFor();
    await room.getByText("Assigned to Daniel Wong by Daniel Wong").waitFor();
    const box = room.getByRole("textbox", { name: "Message" });
    await box.fill("On it, Ben.");
    await box.press("Enter");
    await room.getByText("In Progress (Myself)").waitFor();
    await room.getByText("In progress by Daniel Wong").waitFor();
    await room.getByRole("button", { name: "Close ticket" }).waitFor();
    expect(await axeViolations(agent)).toEqual([]);
    await subscriberSees(subscriber, "On it, Ben.");

    // The Support supervisor sees whose room it is and cannot write in it.
    const supervisor = await personPage(supervisorToken);
    await supervisor.goto(roomPath);
    const watched = supervisor.getByRole("region", { name: "Conversation" });
    await watched.getByText("On it, Ben.").waitFor();
    await watched.getByText("Only the designated agent may send messages in this chatroom.").waitFor();
    expect(await watched.getByRole("textbox", { name: "Message" }).count()).toBe(0);
    await watched.getByText("In Progress (Daniel Wong)").waitFor();

    // Daniel's screen is a moment behind (it refreshes every 1.5 s): hold its view of the room as it is now,
    // so it still offers Close ticket while the supervisor reassigns the room.
    const before = await apiGet<unknown>(`/social-chat/chat/room/${roomId}`, agentToken);
    const profileCall = (u: URL) => u.pathname === `/api/social-chat/chat/room/${roomId}`;
    await agent.route(profileCall, (route) => route.fulfill({ json: before.body }));

    await watched.getByRole("button", { name: "Reassign" }).click();
    const picker = supervisor.getByRole("dialog", { name: "Reassign" });
    const agents = picker.getByRole("table", { name: "Agents" });
    await agents.waitFor();
    // the current agent is not offered
    expect(await agents.getByRole("row", { name: /Daniel Wong/ }).count()).toBe(0);
    await agents.getByRole("button", { name: "Assign Chitra Nair" }).click();
    await acknowledge(supervisor, "You have assign yourself Successful!");
    await watched.getByText("Assigned (Myself)").waitFor();
    await watched.getByText("Assigned to Chitra Nair by Chitra Nair").waitFor();
    await watched.getByRole("textbox", { name: "Message" }).waitFor();

    // The agent cannot close a room that is no longer his: the server's refusal shows...
    await room.getByRole("button", { name: "Close ticket" }).click();
    await confirm(agent, "Close this ticket?", "Close ticket");
    await acknowledge(agent, "Agents may close only their own chatrooms.");
    const refused = await apiPost<{ message: string }>(
      server.url,
      "/social-chat/chat/close",
      { subscriberId: roomId, agentId: (before.body as { agentId: string }).agentId },
      agentToken,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Agents may close only their own chatrooms.");
    // ...and once his screen catches up, it no longer offers Close ticket, nor the composer.
    await agent.unroute(profileCall);
    await room.getByText("Assigned (Chitra Nair)").waitFor();
    await room.getByText("Only the designated agent may send messages in this chatroom.").waitFor();
    await expect.poll(() => room.getByRole("button", { name: "Close ticket" }).count()).toBe(0);
    expect(await room.getByRole("textbox", { name: "Message" }).count()).toBe(0);
    const still = await apiGet<{ chatroomStatus: string }>(`/social-chat/chat/room/${roomId}`, agentToken);
    expect(still.body.chatroomStatus).toBe("assigned");

    // The supervisor closes it, for good.
    await watched.getByRole("button", { name: "Close ticket" }).click();
    await confirm(supervisor, "Close this ticket?", "Close ticket", "This action is not reversable.");
    await acknowledge(supervisor, "You have close the ticket");
    await watched.getByText("Closed by Chitra Nair").waitFor();
    await watched.getByText("This ticket is closed.", { exact: false }).waitFor();
    expect(await watched.getByRole("button", { name: "Close ticket" }).count()).toBe(0);
    expect(await watched.getByRole("textbox", { name: "Message" }).count()).toBe(0);
    // Daniel's open room follows.
    await room.getByText("Closed by Chitra Nair").waitFor();
    await room.getByText("This ticket is closed.", { exact: false }).waitFor();
    const chitra = (await apiGet<{ agentId: string }>(`/social-chat/chat/room/${roomId}`, supervisorToken))
      .body.agentId;
    const closedSend = await apiPost<{ message: string }>(
      server.url,
      `/social-chat/chat/room/${roomId}/send-message`,
      { type: "text", text: "Anything else?", userId: chitra },
      supervisorToken,
    );
    expect(closedSend.status).toBe(409);
    expect(closedSend.body.message).toBe("This chatroom is closed.");

    // Eve (Sales) never sees the room. A Sales subscriber writes last: once Eve's list and stream show that
    // room, everything before it has been delivered, and none of it was about the Support room.
    await writeIn(subscriber, salesLine, { name: "Cleo Subscriber", id: "cleo-1" }, "Price list, please?");
    await sales.getByRole("button", { name: /^Cleo Subscriber ,/ }).waitFor({ timeout: 15_000 });
    const cleo = (
      await apiGet<{ data: { subscriberId: string; subscriberName: string }[] }>(
        "/social-chat/chat/room",
        salesToken,
      )
    ).body.data;
    expect(cleo.map((r) => r.subscriberName)).toEqual(["Cleo Subscriber"]);
    await expect.poll(salesEvents).toContain(cleo[0]?.subscriberId);
    expect(await salesEvents()).not.toContain(roomId);
    expect(await sales.getByRole("button", { name: /^Ben Subscriber ,/ }).count()).toBe(0);
    // nor by its address
    await sales.goto(roomPath);
    const denied = sales.getByRole("region", { name: "Conversation" });
    await denied.getByRole("alert").getByText("Chat room not found").waitFor();
    expect(await sales.getByText("Need help with my bill").count()).toBe(0);
    expect(await sales.getByRole("button", { name: /^Ben Subscriber ,/ }).count()).toBe(0);
    for (const path of [`/social-chat/chat/room/${roomId}`, `/social-chat/chat/room/message/${roomId}`]) {
      expect((await apiGet(path, salesToken)).status, path).toBe(404);
    }

    await Promise.all([sales, agent, supervisor, subscriber].map((p) => p.context().close()));
  }, 240_000);

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
    await acknowledge(page, "Data Update Successful !");

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
