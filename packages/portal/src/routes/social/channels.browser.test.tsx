import { MESSAGES } from "@herald/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { axeViolations, mockApi, renderScreen, toastText, unmountScreen } from "../../test/render-screen";
import BotSettings, { FORWARD_LABEL, WEBHOOK_SECRET_LABEL, WEBHOOK_URL_LABEL } from "./bot-settings";
import ChannelManagement from "./channel-management";
import ConnectChannel from "./connect-channel";
import {
  CHANNEL_ID,
  connectSession,
  DEPT_ID,
  fakeToken,
  initialState,
  ME_ID,
  type SocialState,
  socialHandlers,
} from "./social.mocks";

const routes = [
  { path: "/apps/channel-management", Component: ChannelManagement },
  { path: "/apps/bot-settings", Component: BotSettings },
  { path: "/apps/channel-management/connect", Component: ConnectChannel },
];

let state: SocialState;
const calls = (prefix: string) => state.calls.filter((c) => c.path.startsWith(prefix));

async function open(path: string, role: "admin" | "supervisor" | "agent" = "admin", width = 1440) {
  await page.viewport(width, 900);
  state.me = { ...state.me, userRole: role };
  await mockApi(socialHandlers(state));
  return renderScreen(path, routes, fakeToken(role));
}

beforeEach(() => {
  state = initialState("admin");
});
afterEach(async () => {
  unmountScreen();
  vi.restoreAllMocks();
  await page.viewport(1200, 900);
});

describe("channel management", () => {
  it("lists name, type, created at and creator in words (no ids, no codes); Sync Templates only for WhatsApp", async () => {
    await open("/apps/channel-management");
    const table = page.getByRole("table", { name: "Channels" });
    await expect.element(table.getByText("Support line")).toBeVisible();
    await expect.element(table.getByText("WhatsApp")).toBeVisible();
    await expect.element(table.getByText("Telegram")).toBeVisible();
    await expect.element(table.getByText("Mia Lim")).toBeVisible();
    await expect.element(table.getByText("05/01/2026", { exact: false })).toBeVisible();
    // what a person reads: no record ids and no codes such as WHATSAPP
    const text = table.element().textContent ?? "";
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
    expect(text).not.toMatch(/\b[A-Z]{4,}\b/);
    expect(await axeViolations()).toEqual([]);

    await userEvent.click(page.getByRole("button", { name: "Actions for Bot news" }));
    await expect.element(page.getByRole("menuitem", { name: "Edit Channel" })).toBeVisible();
    await expect.element(page.getByRole("menuitem", { name: "Sync Templates" })).not.toBeInTheDocument();
    await userEvent.keyboard("{Escape}");

    await userEvent.click(page.getByRole("button", { name: "Actions for Support line" }));
    await userEvent.click(page.getByRole("menuitem", { name: "Sync Templates" }));
    await expect.element(toastText(MESSAGES.dataUpdateSuccess)).toBeVisible();
    expect(calls("sync-ws-templates").map((c) => c.path)).toEqual([`sync-ws-templates ${CHANNEL_ID}`]);
  });

  it("Delete Channel asks first; a failure says Error Deleting Data", async () => {
    await open("/apps/channel-management");
    await userEvent.click(page.getByRole("button", { name: "Actions for Bot news" }));
    await userEvent.click(page.getByRole("menuitem", { name: "Delete Channel" }));
    const confirm = page.getByRole("alertdialog", { name: MESSAGES.confirmDelete });
    await userEvent.click(confirm.getByRole("button", { name: "Cancel" }));
    expect(calls("delete-channel")).toHaveLength(0);

    state.failDelete = true;
    await userEvent.click(page.getByRole("button", { name: "Actions for Bot news" }));
    await userEvent.click(page.getByRole("menuitem", { name: "Delete Channel" }));
    await userEvent.click(
      page.getByRole("alertdialog", { name: MESSAGES.confirmDelete }).getByRole("button", { name: "Delete" }),
    );
    await expect.element(page.getByRole("alertdialog").getByText(MESSAGES.errorDeletingData)).toBeVisible();
    await userEvent.click(page.getByRole("button", { name: "OK" }));

    state.failDelete = false;
    await userEvent.click(page.getByRole("button", { name: "Actions for Bot news" }));
    await userEvent.click(page.getByRole("menuitem", { name: "Delete Channel" }));
    await userEvent.click(
      page.getByRole("alertdialog", { name: MESSAGES.confirmDelete }).getByRole("button", { name: "Delete" }),
    );
    await expect.element(toastText(MESSAGES.dataDeleteSuccess)).toBeVisible();
    await expect
      .element(page.getByRole("table", { name: "Channels" }).getByText("Bot news"))
      .not.toBeInTheDocument();
  });

  it("Connect Channel gets a link and opens the connect page; saving a sandbox channel lists it", async () => {
    const { router } = await open("/apps/channel-management");
    await userEvent.click(page.getByRole("button", { name: "Connect Channel" }));
    await expect.poll(() => router.state.location.pathname).toBe("/apps/channel-management/connect");
    expect(router.state.location.search).toBe("?token=tok-1");
    expect(calls("connect-channel")[0]?.body).toEqual({});

    const form = page.getByRole("region", { name: "Connect Channel" }).or(page.getByRole("main"));
    await expect.element(page.getByRole("radio", { name: "WhatsApp" })).toBeChecked();
    await expect
      .element(page.getByRole("radio", { name: "WhatsApp" }))
      .toHaveAccessibleDescription(
        /templates, read receipts, 24-hour reply window · no provider connector yet/,
      );
    await expect.element(page.getByRole("radio", { name: "Sandbox channel" })).toBeChecked();
    await expect.element(page.getByRole("radio", { name: "WhatsApp account" })).toBeDisabled();
    await expect
      .element(page.getByRole("radio", { name: "Slack" }))
      .toHaveAccessibleDescription("Text · through your own signed-webhook bridge");
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(form.getByRole("button", { name: "Connect" }));
    await expect.element(page.getByText(MESSAGES.required)).toBeVisible();
    expect(calls("save-connection")).toHaveLength(0);
    await userEvent.fill(page.getByRole("textbox", { name: "Channel name" }), "Try-out line");
    await userEvent.click(form.getByRole("button", { name: "Connect" }));
    await expect.element(toastText(MESSAGES.dataUpdateSuccess)).toBeVisible();
    expect(calls("save-connection")[0]?.body).toEqual({
      token: "tok-1",
      channelType: "WHATSAPP",
      name: "Try-out line",
      mode: "sandbox",
      departmentIds: [],
    });
    await expect.poll(() => router.state.location.pathname).toBe("/apps/channel-management");
    await expect
      .element(page.getByRole("table", { name: "Channels" }).getByText("Try-out line"))
      .toBeVisible();
  });

  it("Enter in the departments picker picks departments and does not submit the form", async () => {
    state.connect = connectSession({
      departments: [
        { id: DEPT_ID, name: "Support" },
        { id: "0190a1b2-0000-7000-8000-0000000000d2", name: "Sales" },
      ],
    });
    await open("/apps/channel-management/connect?token=tok-3");
    await userEvent.fill(page.getByRole("textbox", { name: "Channel name" }), "Two teams");
    const picker = page.getByRole("combobox", { name: /Departments/ });
    await userEvent.click(picker);
    await userEvent.keyboard("Sup");
    await userEvent.keyboard("{Enter}");
    await userEvent.keyboard("Sal");
    await userEvent.keyboard("{Enter}");
    // with the list closed and with a search that matches nothing, Enter still does not submit
    await userEvent.keyboard("{Escape}");
    await userEvent.keyboard("{Enter}");
    await userEvent.keyboard("{Escape}zzz{Enter}");
    const chosen = page.getByRole("list", { name: /Selected|Departments/ });
    await expect.element(chosen.getByText("Support")).toBeVisible();
    await expect.element(chosen.getByText("Sales")).toBeVisible();
    expect(calls("save-connection")).toHaveLength(0);
    await userEvent.click(page.getByRole("button", { name: "Connect" }));
    await expect.poll(() => calls("save-connection").length).toBe(1);
    expect(calls("save-connection")[0]?.body).toMatchObject({
      departmentIds: [DEPT_ID, "0190a1b2-0000-7000-8000-0000000000d2"],
    });
  });

  it("the connect page asks a provider type for its credentials", async () => {
    await open("/apps/channel-management/connect?token=tok-2");
    await userEvent.click(page.getByRole("radio", { name: "Telegram" }));
    await userEvent.click(page.getByRole("radio", { name: "Telegram account" }));
    await userEvent.fill(page.getByRole("textbox", { name: "Channel name" }), "Orders bot");
    await userEvent.click(page.getByRole("button", { name: "Connect" }));
    await expect.element(page.getByText(MESSAGES.required)).toBeVisible();
    await userEvent.fill(page.getByLabelText(/^Bot token/), "123:abc");
    await userEvent.click(page.getByRole("button", { name: "Connect" }));
    await expect.poll(() => calls("save-connection").length).toBe(1);
    expect(calls("save-connection")[0]?.body).toEqual({
      token: "tok-2",
      channelType: "TELEGRAM",
      name: "Orders bot",
      mode: "provider",
      departmentIds: [],
      credentials: { botToken: "123:abc" },
    });
  });

  it("an edit link keeps the type, fills the name and departments, and keeps the stored credentials", async () => {
    state.connect = connectSession({
      channelId: CHANNEL_ID,
      channelType: "TELEGRAM",
      name: "Orders bot",
      sandbox: false,
      departmentIds: [DEPT_ID],
    });
    await open("/apps/channel-management/connect?token=tok-3");
    await expect.element(page.getByRole("heading", { name: "Edit Channel" })).toBeVisible();
    await expect.element(page.getByRole("radio", { name: "Telegram" })).toBeChecked();
    await expect.element(page.getByRole("radio", { name: "WhatsApp" })).toBeDisabled();
    await expect.element(page.getByRole("radio", { name: "Sandbox channel" })).toBeDisabled();
    await expect.element(page.getByRole("textbox", { name: "Channel name" })).toHaveValue("Orders bot");
    await expect.element(page.getByText("Leave empty to keep the saved value.")).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(page.getByRole("button", { name: "Save" }));
    await expect.poll(() => calls("save-connection").length).toBe(1);
    expect(calls("save-connection")[0]?.body).toEqual({
      token: "tok-3",
      channelType: "TELEGRAM",
      name: "Orders bot",
      mode: "provider",
      departmentIds: [DEPT_ID],
    });
  });

  it("an expired link says so and leads back to Channels Management", async () => {
    await open("/apps/channel-management/connect?token=expired");
    await expect.element(page.getByText("This link has expired. Please get a new one.")).toBeVisible();
    await expect
      .element(page.getByRole("link", { name: "Back to Channels Management" }))
      .toHaveAttribute("href", "/apps/channel-management");
  });

  it("Edit Channel opens its link", async () => {
    const opened = vi.spyOn(window, "open").mockImplementation(() => null);
    state.calls = [];
    await open("/apps/channel-management");
    await userEvent.click(page.getByRole("button", { name: "Actions for Bot news" }));
    await userEvent.click(page.getByRole("menuitem", { name: "Edit Channel" }));
    await expect.poll(() => opened.mock.calls.length).toBe(1);
    expect(opened.mock.calls[0]?.[0]).toBe("https://connect.example.com/edit?state=def");
  });

  it("at 390 px the table fits the phone", async () => {
    await open("/apps/channel-management", "admin", 390);
    await expect.element(page.getByText("Support line")).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390);
    expect(await axeViolations()).toEqual([]);
  });
});

describe("bot settings", () => {
  it("turns forwarding to the chatbot on with the user's id", async () => {
    await open("/apps/bot-settings");
    const toggle = page.getByRole("switch", { name: FORWARD_LABEL });
    await expect.element(toggle).not.toBeChecked();
    await expect.element(page.getByText("Forwarding is off.")).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(toggle);
    await expect.element(toastText(MESSAGES.dataUpdateSuccess)).toBeVisible();
    expect(calls("updateForwardingStatus")[0]?.body).toEqual({ currentUserId: ME_ID, forwardToBot: true });
    await expect.element(toggle).toBeChecked();
    await expect.element(page.getByText(/Forwarding is on since/)).toBeVisible();
  });

  it("saves the chatbot's webhook URL and secret; a bad address or a short secret is refused first", async () => {
    await open("/apps/bot-settings");
    const url = page.getByRole("textbox", { name: WEBHOOK_URL_LABEL });
    const secret = page.getByLabelText(WEBHOOK_SECRET_LABEL, { exact: true });
    const save = page.getByRole("button", { name: "Save webhook" });
    await userEvent.fill(url, "bot.example.com");
    await userEvent.fill(secret, "too-short");
    await userEvent.click(save);
    await expect.element(page.getByText("Enter an http:// or https:// address.")).toBeVisible();
    await expect.element(page.getByText("The secret takes 16 to 200 characters.")).toBeVisible();
    expect(calls("updateForwardingStatus")).toEqual([]);

    await userEvent.fill(url, " https://bot.example.com/herald ");
    await userEvent.fill(secret, "a-long-enough-shared-secret");
    await userEvent.click(save);
    await expect.element(toastText(MESSAGES.dataUpdateSuccess)).toBeVisible();
    expect(calls("updateForwardingStatus")[0]?.body).toEqual({
      currentUserId: ME_ID,
      forwardToBot: false,
      webhookUrl: "https://bot.example.com/herald",
      webhookSecret: "a-long-enough-shared-secret",
    });
    // the secret is write-only: the field empties; the address stays as stored
    await expect.element(secret).toHaveValue("");
    await expect.element(url).toHaveValue("https://bot.example.com/herald");
    expect(await axeViolations()).toEqual([]);

    // emptied, the address is cleared; an empty secret keeps the stored one
    await userEvent.clear(url);
    await userEvent.click(save);
    // (the first save's toast may still be showing: wait for the second call itself)
    await expect
      .poll(() => calls("updateForwardingStatus")[1]?.body)
      .toEqual({
        currentUserId: ME_ID,
        forwardToBot: false,
        webhookUrl: null,
      });
  });
});
