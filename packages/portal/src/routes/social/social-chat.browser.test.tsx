import { MESSAGES } from "@herald/domain";
import { AppShell, Badge, DESIGNATED_AGENT_NOTICE } from "@herald/ui";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { page, userEvent } from "vitest/browser";
import { axeViolations, mockApi, renderScreen, toastText, unmountScreen } from "../../test/render-screen";
import { CLOSE_TITLE, TAKE_OVER_TITLE, UNASSIGN_TITLE } from "./chat-panel";
import {
  fakeToken,
  initialState,
  JANE_ID,
  LI_ID,
  ME_ID,
  message,
  ROOM_ID,
  type SocialState,
  socialHandlers,
  summary,
} from "./social.mocks";
import SocialChat from "./social-chat";

const routes = [
  { path: "/", Component: SocialChat },
  { path: "/apps/social-chat", Component: SocialChat },
  { path: "/apps/social-chat/:subscriberId", Component: SocialChat },
];

let state: SocialState;

async function open(path: string, role: "admin" | "supervisor" | "agent" = "supervisor", width = 1440) {
  await page.viewport(width, 900);
  state.me = { ...state.me, userRole: role };
  await mockApi(socialHandlers(state));
  return renderScreen(path, routes, fakeToken(role));
}

const calls = (path: string) => state.calls.filter((c) => c.path === path);
const textbox = () => page.getByRole("textbox", { name: "Message" });

beforeEach(() => {
  state = initialState();
});
afterEach(async () => {
  unmountScreen();
  await page.viewport(1200, 900);
});

describe("layouts", () => {
  it("wide (1440 px): the room list takes about 2/7 of the width beside the open room", async () => {
    await open(`/apps/social-chat/${ROOM_ID}`);
    const list = page.getByRole("region", { name: "Chat list" });
    const panel = page.getByRole("region", { name: "Conversation" });
    await expect.element(list).toBeVisible();
    await expect.element(panel.getByRole("heading", { name: "Subscriber 1" })).toBeVisible();
    const chat = document.querySelector<HTMLElement>('[data-testid="social-chat"]');
    const listBox = list.element().getBoundingClientRect();
    const share = listBox.width / (chat?.getBoundingClientRect().width ?? 1);
    expect(share).toBeGreaterThan(0.26);
    expect(share).toBeLessThan(0.32);
    // the conversation fills the height: the composer sits at the bottom of the chat
    const composer = page.getByRole("form", { name: "Send a message" }).element().getBoundingClientRect();
    expect(Math.abs((chat?.getBoundingClientRect().bottom ?? 0) - composer.bottom)).toBeLessThan(3);
    await expect.element(page.getByRole("button", { name: "Back to chats" })).not.toBeInTheDocument();
    // the status badges and channel icons of the list
    await expect.element(list.getByText("Assigned", { exact: true })).toBeVisible();
    expect(list.element().querySelectorAll('svg[data-channel="WHATSAPP"]').length).toBeGreaterThan(0);
    expect(await axeViolations()).toEqual([]);
  });

  it("wide without a room: the list and a prompt to pick a chat", async () => {
    await open("/apps/social-chat");
    await expect.element(page.getByRole("heading", { name: "Pick a chat" })).toBeVisible();
    await expect.element(page.getByRole("button", { name: /^Subscriber 2 ,/ })).toBeVisible();
  });

  for (const width of [768, 390]) {
    it(`narrow (${width} px): the list alone, then the room alone with a way back`, async () => {
      const { router } = await open("/apps/social-chat", "supervisor", width);
      await expect.element(page.getByRole("region", { name: "Chat list" })).toBeVisible();
      await expect.element(page.getByRole("region", { name: "Conversation" })).not.toBeInTheDocument();
      await userEvent.click(page.getByRole("button", { name: /^Subscriber 1 ,/ }));
      await expect.element(page.getByRole("heading", { name: "Subscriber 1" })).toBeVisible();
      expect(router.state.location.pathname).toBe(`/apps/social-chat/${ROOM_ID}`);
      await expect.element(page.getByRole("region", { name: "Chat list" })).not.toBeInTheDocument();
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width);
      expect(await axeViolations()).toEqual([]);
      await userEvent.click(page.getByRole("button", { name: "Back to chats" }));
      await expect.element(page.getByRole("region", { name: "Chat list" })).toBeVisible();
      expect(router.state.location.pathname).toBe("/apps/social-chat");
    });
  }

  it("virtualises the room list and offers Back to top after 250 px of scrolling", async () => {
    state.rooms = Array.from({ length: 120 }, (_, i) => summary(i + 1));
    await open("/apps/social-chat");
    await expect.element(page.getByRole("button", { name: /^Subscriber 1 ,/ })).toBeVisible();
    const rendered = document.querySelectorAll('[aria-labelledby="chat-list-heading"] > li').length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(60);
    const scroller = document.querySelector<HTMLElement>('[data-testid="room-scroller"]');
    if (!scroller) throw new Error("no scroller");
    scroller.scrollTop = 200;
    scroller.dispatchEvent(new Event("scroll"));
    await expect.element(page.getByRole("button", { name: "Back to top" })).not.toBeInTheDocument();
    scroller.scrollTop = 400;
    scroller.dispatchEvent(new Event("scroll"));
    await userEvent.click(page.getByRole("button", { name: "Back to top" }));
    await expect.poll(() => scroller.scrollTop).toBe(0);
  });
});

/** The portal's frame around the inbox: a sidebar of links and a header before the page, as an agent meets it. */
function FramedChat() {
  return (
    <AppShell
      brand="Herald"
      sections={[
        {
          id: "apps",
          title: "Messaging",
          entries: [
            "Campaign Management",
            "Contact Management",
            "Social Messaging",
            "Compose Message",
            "Inbox",
            "Outbox",
            "Scheduled",
            "Bot Management",
          ].map((label, i) => ({ label, href: `/page-${i}` })),
        },
      ]}
      header={
        <>
          <button type="button">Top Up</button>
          <button type="button">Online</button>
          <button type="button">Notifications</button>
        </>
      }
    >
      <SocialChat />
    </AppShell>
  );
}
const framed = [{ path: "/apps/social-chat/:subscriberId?", Component: FramedChat }];

describe("keyboard and colours", () => {
  it("reaches the first chat in two Tabs; the list is one tab stop that arrow keys move through", async () => {
    await page.viewport(1440, 900);
    await mockApi(socialHandlers(state));
    const { router } = renderScreen("/apps/social-chat", framed, fakeToken("agent"));
    const first = page.getByRole("button", { name: /^Subscriber 1 ,/ });
    await expect.element(first).toBeVisible();
    (document.activeElement as HTMLElement | null)?.blur();
    let tabs = 0;
    await userEvent.tab();
    tabs++;
    expect(document.activeElement?.textContent).toBe("Skip to main content");
    await userEvent.keyboard("{Enter}");
    await userEvent.tab();
    tabs++;
    await expect.element(first).toHaveFocus();
    expect(tabs).toBeLessThanOrEqual(3);

    // one tab stop: the other rooms are out of the Tab order
    const rooms = [...document.querySelectorAll<HTMLElement>("button[data-subscriber-id]")];
    expect(rooms.filter((b) => b.tabIndex === 0)).toHaveLength(1);
    await userEvent.keyboard("{ArrowDown}");
    await expect.element(page.getByRole("button", { name: /^Subscriber 2 ,/ })).toHaveFocus();
    await userEvent.keyboard("{End}");
    expect(document.activeElement).toBe(rooms.at(-1));
    await userEvent.keyboard("{Home}");
    await expect.element(first).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}{ArrowUp}{ArrowDown}");
    await userEvent.keyboard("{Enter}");
    await expect.poll(() => router.state.location.pathname).toMatch(/^\/apps\/social-chat\/.+/);
    // Tab leaves the list instead of walking through every room
    (document.querySelector<HTMLElement>("button[data-subscriber-id][tabindex='0']") as HTMLElement).focus();
    await userEvent.tab();
    expect(document.activeElement?.hasAttribute("data-subscriber-id")).toBe(false);
  });

  it("shows the Assigned badge in a calm tone, not the error colour", async () => {
    await open("/apps/social-chat");
    const assigned = page.getByRole("region", { name: "Chat list" }).getByText("Assigned", { exact: true });
    await expect.element(assigned).toBeVisible();
    const probe = document.createElement("div");
    document.body.append(probe);
    const { createRoot } = await import("react-dom/client");
    const { flushSync } = await import("react-dom");
    const root = createRoot(probe);
    flushSync(() =>
      root.render(
        <Badge tone="danger" variant="soft">
          Error
        </Badge>,
      ),
    );
    const danger = getComputedStyle(probe.firstElementChild as Element);
    const badge = getComputedStyle(assigned.element());
    expect(badge.color).not.toBe(danger.color);
    expect(badge.backgroundColor).not.toBe(danger.backgroundColor);
    root.unmount();
    probe.remove();
  });
});

describe("messages", () => {
  it("shows bubbles with delivery ticks, attachments, templates with their buttons and status logs", async () => {
    await open(`/apps/social-chat/${ROOM_ID}`);
    const list = page.getByRole("list", { name: "Messages" });
    await expect.element(list.getByText("Hi, where is my order?")).toBeVisible();
    await expect.element(list.getByRole("img", { name: "Read" })).toBeVisible();
    await expect.element(list.getByRole("img", { name: "Pending" })).toBeVisible();
    await expect.element(list.getByRole("img", { name: "receipt.png" })).toBeVisible();
    await expect.element(list.getByText("Hi Ana, your order A-1001 is on its way.")).toBeVisible();
    await expect
      .element(list.getByRole("list", { name: "Template buttons" }).getByText("Thanks"))
      .toBeVisible();
    await expect.element(list.getByText(/Assigned to Jane Doe by Mia Lim/)).toBeVisible();
    // the newest subscriber message marks the room read
    await expect.poll(() => calls("set-read-all").length).toBeGreaterThan(0);
    expect(calls("set-read-all")[0]?.body).toEqual({ inboxId: message(3).id });
  });

  it("opens at the newest message and loads older pages when scrolled to the top", async () => {
    state.messages = Array.from({ length: 120 }, (_, i) => message(i + 1, { text: `Line ${i + 1}` }));
    await open(`/apps/social-chat/${ROOM_ID}`);
    const list = page.getByRole("list", { name: "Messages" });
    await expect.element(list.getByText("Line 120", { exact: true })).toBeVisible();
    // virtualised: far fewer rows in the document than messages loaded
    expect(list.element().querySelectorAll(":scope > li").length).toBeLessThan(50);
    const scroller = document.querySelector<HTMLElement>('[data-testid="message-scroller"]');
    if (!scroller) throw new Error("no scroller");
    for (let i = 0; i < 20 && calls("older-messages").length === 0; i++) {
      scroller.scrollTop = 0;
      scroller.dispatchEvent(new Event("scroll"));
      await new Promise((r) => setTimeout(r, 100));
    }
    await expect.poll(() => calls("older-messages").length).toBeGreaterThan(0);
    expect(calls("older-messages")[0]?.body).toBe(message(71).id);
    // keep going up until the first message shows
    await expect
      .poll(
        () => {
          scroller.scrollTop = 0;
          scroller.dispatchEvent(new Event("scroll"));
          return [...list.element().querySelectorAll("p")].some((p) => p.textContent === "Line 1");
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(true);
  });

  it("polls: a new subscriber message and a new room appear without reloading", async () => {
    await open(`/apps/social-chat/${ROOM_ID}`);
    await expect.element(page.getByText("Hi, where is my order?")).toBeVisible();
    state.messages.push(message(50, { text: "Are you there?", createdAt: new Date().toISOString() }));
    state.rooms = [summary(7, { subscriberName: "Newcomer" }), ...state.rooms];
    await expect.element(page.getByText("Are you there?"), { timeout: 5_000 }).toBeVisible();
    await expect.element(page.getByRole("button", { name: /Newcomer/ }), { timeout: 5_000 }).toBeVisible();
  });
});

describe("composer", () => {
  it("Enter sends, Shift+Enter makes a new line, blank text is ignored", async () => {
    await open(`/apps/social-chat/${ROOM_ID}`);
    await userEvent.click(textbox());
    await userEvent.keyboard("   ");
    await userEvent.keyboard("{Enter}");
    await userEvent.keyboard("First line{Shift>}{Enter}{/Shift}second line");
    expect((textbox().element() as HTMLTextAreaElement).value).toBe("   First line\nsecond line");
    expect(calls("send-message")).toHaveLength(0);
    await userEvent.keyboard("{Enter}");
    await expect.poll(() => calls("send-message").length).toBe(1);
    expect(calls("send-message")[0]?.body).toEqual({
      type: "text",
      text: "First line\nsecond line",
      userId: ME_ID,
    });
    await expect.element(textbox()).toHaveValue("");
    await expect.element(page.getByRole("list", { name: "Messages" }).getByText(/second line/)).toBeVisible();
    await userEvent.keyboard("{Enter}");
    expect(calls("send-message")).toHaveLength(1);
  });

  it("sends attached files as send-files parts, after the text", async () => {
    await open(`/apps/social-chat/${ROOM_ID}`);
    const file = new File(["%PDF-1.4"], "invoice.pdf", { type: "application/pdf" });
    await userEvent.upload(page.getByTestId("composer-file-input"), file);
    await expect
      .element(page.getByRole("list", { name: "Attached files" }).getByText("invoice.pdf"))
      .toBeVisible();
    await userEvent.click(page.getByRole("button", { name: "Send", exact: true }));
    await expect.poll(() => calls("send-files").length).toBe(1);
    expect(calls("send-files")[0]?.body).toEqual([["file", "invoice.pdf"]]);
    expect(calls("send-message")).toHaveLength(0);
  });

  it("outside WhatsApp's 24-hour window offers only templates, filled in and sent", async () => {
    state.messages = [message(1, { createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString() })];
    await open(`/apps/social-chat/${ROOM_ID}`);
    await expect.element(page.getByText(/accepts only a template message/)).toBeVisible();
    await expect.element(textbox()).not.toBeInTheDocument();
    await userEvent.click(page.getByRole("button", { name: "Choose template" }));
    await userEvent.click(page.getByRole("button", { name: "order_update (en_US)" }));
    await userEvent.fill(page.getByRole("textbox", { name: "Body {{1}}" }), "Ana");
    await userEvent.fill(page.getByRole("textbox", { name: "Body {{2}}" }), "A-7");
    await userEvent.click(page.getByRole("button", { name: "Send template" }));
    await expect.poll(() => calls("send-message").length).toBe(1);
    expect(calls("send-message")[0]?.body).toEqual({
      type: "ws-template",
      userId: ME_ID,
      whatsappTemplate: { name: "order_update", language: "en_US", body: { variables: ["Ana", "A-7"] } },
    });
  });
});

describe("assignment", () => {
  it("Assign Agent: the agents with status and rooms on hand; picking one assigns the room", async () => {
    await open(`/apps/social-chat/${ROOM_ID}`, "supervisor");
    await userEvent.click(page.getByRole("button", { name: "Assign Agent" }));
    const dialog = page.getByRole("dialog", { name: "Assign Agent" });
    await expect.element(dialog.getByText("Jane Doe")).toBeVisible();
    await expect.element(dialog.getByText("Online")).toBeVisible();
    await expect.element(dialog.getByText("Offline")).toBeVisible();
    await expect.element(dialog.getByText("3 on hand")).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(dialog.getByRole("button", { name: "Assign Jane Doe" }));
    await expect.poll(() => calls("assign-agent").length).toBe(1);
    expect(calls("assign-agent")[0]?.body).toEqual({
      subscriberId: ROOM_ID,
      agentId: JANE_ID,
      userId: ME_ID,
    });
    await expect.element(page.getByText("Assigned (Jane Doe)")).toBeVisible();
    await expect.element(page.getByRole("button", { name: "Reassign" })).toBeVisible();
    // the room is now another agent's: the composer gives way to the notice
    await expect.element(page.getByText(DESIGNATED_AGENT_NOTICE)).toBeVisible();
  });

  it("Assign Yourself (supervisor) assigns at once and says so", async () => {
    await open(`/apps/social-chat/${ROOM_ID}`, "supervisor");
    await userEvent.click(page.getByRole("button", { name: "Assign Yourself" }));
    await expect.element(toastText(MESSAGES.assignYourselfSuccess)).toBeVisible();
    expect(calls("assign-agent")[0]?.body).toMatchObject({ agentId: ME_ID });
  });

  it("an agent takes an open room over only after confirming", async () => {
    await open(`/apps/social-chat/${ROOM_ID}`, "agent");
    await expect.element(page.getByRole("button", { name: "Assign Agent" })).not.toBeInTheDocument();
    await userEvent.click(page.getByRole("button", { name: "Assign Yourself" }));
    const confirm = page.getByRole("alertdialog", { name: TAKE_OVER_TITLE });
    await expect.element(confirm).toBeVisible();
    await userEvent.click(confirm.getByRole("button", { name: "Cancel" }));
    expect(calls("assign-agent")).toHaveLength(0);
    await userEvent.click(page.getByRole("button", { name: "Assign Yourself" }));
    await userEvent.click(
      page.getByRole("alertdialog", { name: TAKE_OVER_TITLE }).getByRole("button", { name: "Take over" }),
    );
    await expect.element(toastText(MESSAGES.assignYourselfSuccess)).toBeVisible();
    expect(calls("assign-agent")[0]?.body).toMatchObject({ agentId: ME_ID });
    await expect.element(page.getByText("Assigned (Myself)")).toBeVisible();
    await expect.element(textbox()).toBeVisible();
  });

  it("another agent's room: the notice replaces the composer, and an agent can neither close nor reassign it", async () => {
    state.room = {
      ...state.room,
      chatroomStatus: "in-progress",
      agentId: LI_ID,
      agentFirstName: "Li",
      agentLastName: "Wei",
    };
    await open(`/apps/social-chat/${ROOM_ID}`, "agent");
    await expect.element(page.getByText(DESIGNATED_AGENT_NOTICE)).toBeVisible();
    await expect.element(page.getByText("In Progress (Li Wei)")).toBeVisible();
    await expect.element(textbox()).not.toBeInTheDocument();
    await expect.element(page.getByRole("button", { name: "Close ticket" })).not.toBeInTheDocument();
    await expect.element(page.getByRole("button", { name: "Reassign" })).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it("Close ticket asks first, warning that it is not reversable", async () => {
    state.room = {
      ...state.room,
      chatroomStatus: "assigned",
      agentId: ME_ID,
      agentFirstName: "Mia",
      agentLastName: "Lim",
    };
    await open(`/apps/social-chat/${ROOM_ID}`, "agent");
    await userEvent.click(page.getByRole("button", { name: "Close ticket" }));
    const confirm = page.getByRole("alertdialog", { name: CLOSE_TITLE });
    await expect.element(confirm.getByText(MESSAGES.actionNotReversible)).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(confirm.getByRole("button", { name: "Close ticket" }));
    await expect.element(toastText(MESSAGES.closeTicketSuccess)).toBeVisible();
    expect(calls("close")[0]?.body).toEqual({ subscriberId: ROOM_ID, agentId: ME_ID });
  });

  it("Unassign asks first; a failure shows the specification's error", async () => {
    state.room = {
      ...state.room,
      chatroomStatus: "assigned",
      agentId: JANE_ID,
      agentFirstName: "Jane",
      agentLastName: "Doe",
    };
    await open(`/apps/social-chat/${ROOM_ID}`, "supervisor");
    await userEvent.click(page.getByRole("button", { name: "Unassign" }));
    await userEvent.click(
      page.getByRole("alertdialog", { name: UNASSIGN_TITLE }).getByRole("button", { name: "Unassign" }),
    );
    await expect.element(toastText(MESSAGES.removeAgentSuccess)).toBeVisible();
    await expect.element(page.getByRole("button", { name: "Assign Agent" })).toBeVisible();

    state.room = {
      ...state.room,
      chatroomStatus: "assigned",
      agentId: JANE_ID,
      agentFirstName: "Jane",
      agentLastName: "Doe",
    };
    state.failAssign = true;
    await expect.element(page.getByRole("button", { name: "Unassign" }), { timeout: 5_000 }).toBeVisible();
    await userEvent.click(page.getByRole("button", { name: "Unassign" }));
    await userEvent.click(
      page.getByRole("alertdialog", { name: UNASSIGN_TITLE }).getByRole("button", { name: "Unassign" }),
    );
    await expect.element(page.getByText(MESSAGES.unassignFailed)).toBeVisible();
  });
});

describe("empty, loading and error states", () => {
  it("a company with no chat yet: how to connect its first channel or try the sandbox channel", async () => {
    state.rooms = [];
    await open("/", "admin");
    await expect
      .element(page.getByRole("heading", { level: 1, name: "Welcome to Herald, Mia" }))
      .toBeVisible();
    const steps = page.getByRole("list", { name: "First steps" });
    await expect.element(steps.getByRole("heading", { name: "Connect your first channel" })).toBeVisible();
    await expect
      .element(steps.getByRole("link", { name: "Open Channels Management" }))
      .toHaveAttribute("href", "/apps/channel-management");
    await expect.element(steps.getByRole("heading", { name: "Try the sandbox channel" })).toBeVisible();
    await expect
      .element(steps.getByRole("link", { name: "Open the sandbox (new tab)" }))
      .toHaveAttribute("href", "/_sandbox");
    expect(await axeViolations()).toEqual([]);
  });

  it("a list that cannot load says so and retries", async () => {
    state.failRooms = true;
    await open("/apps/social-chat");
    await expect.element(page.getByRole("heading", { name: "The chats could not be loaded" })).toBeVisible();
    state.failRooms = false;
    await userEvent.click(page.getByRole("button", { name: "Retry" }));
    await expect.element(page.getByRole("button", { name: /^Subscriber 1 ,/ })).toBeVisible();
  });
});
