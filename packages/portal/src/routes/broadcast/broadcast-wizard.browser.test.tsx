import { MESSAGES } from "@herald/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { axeViolations, mockApi, renderScreen, toastText, unmountScreen } from "../../test/render-screen";
import { fakeToken } from "../social/social.mocks";
import {
  BROADCAST_ID,
  type BroadcastState,
  broadcastHandlers,
  GROUP_ID,
  initialBroadcastState,
  SUB_1,
  WA_CHANNEL,
} from "./broadcast.mocks";
import { CHOOSE_RECIPIENT } from "./broadcast-rules";
import BroadcastWizard from "./broadcast-wizard";

const routes = [
  { path: "/apps/social-broadcast", Component: BroadcastWizard },
  { path: "/apps/social-broadcast-report/:id", Component: () => <h2>Report</h2> },
];

let state: BroadcastState;

async function open(width = 1440) {
  await page.viewport(width, 900);
  await mockApi(broadcastHandlers(state));
  return renderScreen("/apps/social-broadcast", routes, fakeToken("admin"));
}
const next = () => userEvent.click(page.getByRole("button", { name: "Next" }));
const fileInput = () => {
  const inputs = document.querySelectorAll<HTMLInputElement>('input[type="file"]');
  const input = inputs[inputs.length - 1];
  if (!input) throw new Error("no file input");
  return input;
};
async function choose(label: string, option: string) {
  await userEvent.click(page.getByRole("combobox", { name: label }));
  await userEvent.click(page.getByRole("option", { name: option }));
}

beforeEach(() => {
  state = initialBroadcastState();
});
afterEach(async () => {
  unmountScreen();
  vi.restoreAllMocks();
  await page.viewport(1200, 900);
});

describe("broadcast wizard", () => {
  it("checks the name (required, unique on the server), then sends a live text to a contact and opens the report", async () => {
    const { router } = await open();
    await expect.element(page.getByRole("textbox", { name: "Broadcast Name" })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await next();
    await expect.element(page.getByText(MESSAGES.broadcastNameRequired)).toBeVisible();
    await userEvent.fill(page.getByRole("textbox", { name: "Broadcast Name" }), "Spring sale");
    await next();
    await expect.element(page.getByText(MESSAGES.broadcastNameExists)).toBeVisible();
    await userEvent.fill(page.getByRole("textbox", { name: "Broadcast Name" }), "Weekend");
    await userEvent.fill(page.getByRole("textbox", { name: "Description" }), "Opening hours");
    await next();
    // Campaign
    await choose("Campaign", "Spring");
    await next();
    // Recipients: none chosen yet
    await expect.element(page.getByTestId("recipient-warning")).toHaveTextContent(CHOOSE_RECIPIENT);
    await next();
    await expect.element(page.getByRole("alert").getByText(CHOOSE_RECIPIENT)).toBeVisible();
    await userEvent.click(page.getByRole("checkbox", { name: "Ann Tan (+6591234567)" }));
    expect(await axeViolations()).toEqual([]);
    await next();
    // Message
    await expect
      .element(page.getByText("contacted you within the last 24 hours", { exact: false }).first())
      .toBeVisible();
    await next();
    await expect.element(page.getByText(MESSAGES.composeMessage)).toBeVisible();
    await userEvent.fill(page.getByRole("textbox", { name: "Message" }), "We open at 10 on Sunday");
    await next();
    // Summary
    const readiness = page.getByRole("region", { name: "Recipient readiness" });
    await expect.element(readiness.getByText("READY: 1")).toBeVisible();
    await expect.element(page.getByText("We open at 10 on Sunday")).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(page.getByRole("button", { name: "Send" }));
    await expect.element(toastText(MESSAGES.broadcastExecuted)).toBeVisible();
    await expect
      .poll(() => router.state.location.pathname)
      .toBe(`/apps/social-broadcast-report/${BROADCAST_ID}`);
    expect(state.calls.find((c) => c.path === "send")?.body).toMatchObject({
      type: "live",
      broadcastName: "Weekend",
      broadcastDescription: "Opening hours",
      method: "contacts",
      subscribers: [SUB_1],
      text: "We open at 10 on Sunday",
      channelId: null,
    });
  });

  it("a WhatsApp template from a file: needs a channel and header media, shows each row's readiness, uploads the file", async () => {
    state.sendStatus = "received";
    const { router } = await open(390);
    await userEvent.fill(page.getByRole("textbox", { name: "Broadcast Name" }), "Orders");
    await next();
    await next();
    await userEvent.click(page.getByRole("radio", { name: "WhatsApp template" }));
    await userEvent.click(page.getByRole("radio", { name: "File" }));
    await next();
    await expect.element(page.getByRole("alert").getByText(MESSAGES.selectChannel)).toBeVisible();
    await choose("Channel", "Support line");
    const csv = [
      "mobile,name,first",
      "+6591234567,Ann,Ann",
      "12ab,Bad,Bad",
      "+6591234568,Ben,",
      "6591234567,Ann again,Ann",
    ].join("\n");
    await userEvent.upload(fileInput(), new File([csv], "people.csv", { type: "text/csv" }));
    await expect.element(page.getByText("people.csv")).toBeVisible();
    await expect.element(page.getByTestId("recipient-warning")).not.toBeInTheDocument();
    await next();
    // Message: a media header needs its media
    await choose("Template", "promo_image (en_US)");
    await next();
    await expect.element(page.getByRole("alert").getByText(MESSAGES.uploadMedia)).toBeVisible();
    await choose("Template", "order_ready (en_US)");
    await next();
    const readiness = page.getByRole("region", { name: "Recipient readiness" });
    for (const label of ["READY: 1", "INVALID PHONE NUMBER: 1", "MISSING VALUE: 1", "DUPLICATED: 1"])
      await expect.element(readiness.getByText(label)).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(page.getByRole("button", { name: "Send" }));
    await expect.element(toastText(MESSAGES.broadcastReceived)).toBeVisible();
    await expect
      .poll(() => router.state.location.pathname)
      .toBe(`/apps/social-broadcast-report/${BROADCAST_ID}`);
    expect(state.calls.find((c) => c.path === "send")?.body).toMatchObject({
      type: "template",
      method: "file",
      subscribers: [],
      channelId: WA_CHANNEL,
      whatsappTemplate: { name: "order_ready", language: "en_US" },
    });
    expect(state.calls.find((c) => c.path.startsWith("file"))).toEqual({
      path: "file yes",
      body: { broadcastId: BROADCAST_ID },
    });
  });

  it("sends to groups; a refused send says why and stays on the Summary", async () => {
    state.failSend = true;
    await open(1440);
    await userEvent.fill(page.getByRole("textbox", { name: "Broadcast Name" }), "VIP news");
    await next();
    await next();
    await userEvent.click(page.getByRole("radio", { name: "Groups" }));
    await userEvent.click(page.getByRole("checkbox", { name: "VIP" }));
    await next();
    await userEvent.fill(page.getByRole("textbox", { name: "Message" }), "Hello VIPs");
    await next();
    await expect.element(page.getByText("1 group(s)")).toBeVisible();
    await userEvent.click(page.getByRole("button", { name: "Send" }));
    await expect.element(page.getByRole("alertdialog").getByText(MESSAGES.broadcastNameExists)).toBeVisible();
    await userEvent.click(page.getByRole("button", { name: "OK" }));
    await expect.element(page.getByRole("heading", { name: "Summary", level: 2 })).toBeVisible();
    expect(state.calls.find((c) => c.path === "send")?.body).toMatchObject({
      method: "groups",
      subscribers: [GROUP_ID],
      text: "Hello VIPs",
    });
  });

  it("says when the options cannot be loaded", async () => {
    state.failOptions = true;
    await open(390);
    await expect.element(page.getByText(MESSAGES.somethingWentWrong)).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it("works from the keyboard alone at tablet width", async () => {
    await open(768);
    await userEvent.click(page.getByRole("textbox", { name: "Broadcast Name" }));
    await userEvent.keyboard("Keyboard run");
    await userEvent.tab();
    await userEvent.tab();
    await expect.element(page.getByRole("button", { name: "Next" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await expect.element(page.getByRole("combobox", { name: "Campaign" })).toBeVisible();
  });
});
