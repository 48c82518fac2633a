import { mkdirSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPost, demoCredentials, signInByApi } from "./support/api";
import { axeViolations, settleAnimations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { type RunningServer, startServer } from "./support/server";

const WIDTHS = [390, 768, 1440] as const;
const SCHEMES = ["light", "dark"] as const;
const HEIGHT = 900;
/** Set to a directory to keep a full-page image of every screen, width and scheme there (for review). */
const SHOTS = process.env.HERALD_SCREENSHOT_DIR;

/**
 * The social screens (inbox with a room open, the list alone, the empty inbox, channel management, the connect
 * page, bot settings) and the broadcast screens (wizard, reports, a report's detail) at phone, tablet and
 * desktop widths, light and dark: nothing scrolls sideways, every control is inside the viewport's width, no
 * loading state is left, and axe finds no WCAG 2.2 AA violation.
 */
describe("social and broadcast screens at 390, 768 and 1440 px, light and dark", () => {
  let server: RunningServer;
  let browser: BrowserContext;
  let token: string;
  let roomId = "";
  let broadcastId = "";
  let connectLink = "";

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const owner = demoCredentials(server.output());
    token = await signInByApi(server.url, owner.email, owner.password);
    // Signed in once: the browser's pages share its local storage. The theme follows the system's scheme.
    const page = await browser.newPage();
    await page.goto(`${server.url}/not-found`);
    await page.evaluate((t) => {
      localStorage.setItem("userToken", t);
      localStorage.removeItem("herald.theme");
    }, token);
    await page.close();
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(url: string, width: number, scheme: "light" | "dark"): Promise<Page> {
    const page = await browser.newPage();
    await page.setViewportSize({ width, height: HEIGHT });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${server.url}${url}`);
    return page;
  }

  /** Every visible button, link and form control lies within the viewport's width. */
  const offScreen = (page: Page) =>
    page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const out: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>("button, a[href], input, select, textarea")) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        // controls inside a scrolling box (a wide table) are reached by scrolling it
        let scroller: HTMLElement | null = el.parentElement;
        let inScroller = false;
        while (scroller && scroller !== document.body) {
          const style = getComputedStyle(scroller);
          if (/(auto|scroll)/.test(style.overflowX) && scroller.scrollWidth > scroller.clientWidth) {
            inScroller = true;
            break;
          }
          scroller = scroller.parentElement;
        }
        if (inScroller) continue;
        if (r.left < -1 || r.right > width + 1)
          out.push(
            `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`,
          );
      }
      return out;
    });

  /**
   * Each screen is loaded once, then resized through the widths and switched to the other colour scheme in
   * place, as a person resizing the window or changing the system's theme would see it (a sixth of the page
   * loads of one page per width and scheme). The portal follows the system's scheme as it changes.
   */
  async function check(name: string, url: string, ready: (page: Page) => Locator) {
    const page = await open(url, WIDTHS[0]!, SCHEMES[0]);
    for (const [i, scheme] of SCHEMES.entries()) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForFunction((s) => document.documentElement.dataset.theme === s, scheme);
      // there and back: light from the narrowest width up, dark from the widest down
      for (const width of i % 2 === 0 ? WIDTHS : [...WIDTHS].reverse()) {
        await page.setViewportSize({ width, height: HEIGHT });
        const where = `${name} at ${width} px, ${scheme}`;
        await ready(page).waitFor({ timeout: 20_000 });
        // loading states have gone
        await expect
          .poll(() => page.getByRole("status", { name: /^Loading/ }).count(), { message: where })
          .toBe(0);
        // the theme's colour transitions have finished before contrast is measured
        await settleAnimations(page);
        const sideways = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(sideways, where).toBe(0);
        expect(await offScreen(page), where).toEqual([]);
        expect(await axeViolations(page), where).toEqual([]);
        if (SHOTS) {
          await page.screenshot({
            path: path.join(SHOTS, `${name}-${width}-${scheme}.png`),
            fullPage: true,
            animations: "disabled",
          });
        }
      }
    }
    await page.close();
  }

  it("the empty inbox tells a new company how to connect its first channel", async () => {
    await check("inbox-empty", "/apps/social-chat", (p) =>
      p.getByRole("heading", { level: 1, name: /Welcome to Herald/ }),
    );
  }, 240_000);

  it("seeds a sandbox channel, two rooms with messages and a broadcast", async () => {
    const link = await apiPost<{ link: string }>(
      server.url,
      "/social-chat/channel/connect-channel",
      {},
      token,
    );
    connectLink = new URL(link.body.link).search;
    const linkToken = new URL(link.body.link).searchParams.get("token") ?? "";
    const saved = await apiPost<{ id: string }>(
      server.url,
      "/social-chat/channel/connect",
      {
        token: linkToken,
        channelType: "WHATSAPP",
        name: "Customer care with a rather long channel name",
        mode: "sandbox",
        departmentIds: [],
      },
      token,
    );
    expect(saved.status).toBe(200);
    const ids: string[] = [];
    for (const [name, text] of [
      [
        "Ana Subscriber",
        "Hello, is anyone there? I ordered a blue kettle last week and it has not arrived yet.",
      ],
      ["Bartholomew Maximilian Fitzgerald-Oyelaran", "Do you deliver to Johor Bahru?"],
    ] as const) {
      const inbound = await apiPost<{ subscriberId: string }>(
        server.url,
        `/sandbox/channels/${saved.body.id}/inbound`,
        { subscriberName: name, platformId: name.toLowerCase().replace(/\W+/g, "-"), text },
      );
      expect(inbound.status).toBe(200);
      ids.push(inbound.body.subscriberId);
    }
    roomId = ids[0] ?? "";
    const me = await apiPost<{ userId: string }>(server.url, "/getProfile", {}, token);
    const assigned = await apiPost(
      server.url,
      "/social-chat/chat/assign-agent",
      { subscriberId: roomId, agentId: me.body.userId },
      token,
    );
    // a reply, a file-less status trail and a long message to wrap
    const reply = await apiPost(
      server.url,
      `/social-chat/chat/room/${roomId}/send-message`,
      {
        type: "text",
        text: "Hi Ana, sorry about that! Let me check the courier's tracking: https://tracking.example.com/parcels/SG-2026-000123456789",
        userId: me.body.userId,
      },
      token,
    );
    expect(reply.status).toBe(200);
    expect(assigned.status).toBe(200);

    const broadcast = await apiPost<{ broadcastId: string }>(
      server.url,
      "/social-chat/broadcast/send",
      {
        type: "live",
        broadcastName: "Spring sale announcement",
        method: "contacts",
        subscribers: ids,
        text: "Our spring sale starts today: 20% off every kettle until Sunday.",
      },
      token,
    );
    expect(broadcast.status).toBe(200);
    broadcastId = broadcast.body.broadcastId;
  });

  it("the inbox with a room open, and the list alone", async () => {
    await check("inbox-room", `/apps/social-chat/${roomId}`, (p) =>
      p.getByRole("region", { name: "Conversation" }).getByText("I ordered a blue kettle", { exact: false }),
    );
    await check("inbox-list", "/apps/social-chat", (p) =>
      p.getByRole("button", { name: /^Bartholomew Maximilian/ }),
    );
  }, 480_000);

  it("channel management, the connect page and bot settings", async () => {
    await check("channels", "/apps/channel-management", (p) =>
      p.getByRole("table", { name: "Channels" }).getByRole("row", { name: /Customer care/ }),
    );
    await check("connect", `/apps/channel-management/connect${connectLink}`, (p) =>
      p.getByRole("textbox", { name: "Channel name" }),
    );
    await check("bot-settings", "/apps/bot-settings", (p) =>
      p.getByRole("switch", { name: "Forward incoming messages to the chatbot" }),
    );
  }, 480_000);

  it("the broadcast wizard, the reports and a report's detail", async () => {
    await check("broadcast", "/apps/social-broadcast", (p) =>
      p.getByRole("textbox", { name: "Broadcast Name" }),
    );
    await check("broadcast-report", "/apps/social-broadcast-report", (p) =>
      p.getByRole("table", { name: "Broadcasts" }).getByText("Spring sale announcement"),
    );
    await check("broadcast-detail", `/apps/social-broadcast-report/${broadcastId}`, (p) =>
      p.getByRole("heading", { name: "Spring sale announcement" }),
    );
  }, 480_000);
});
