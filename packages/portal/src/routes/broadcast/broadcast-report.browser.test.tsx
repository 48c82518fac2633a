import { MESSAGES } from "@herald/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { axeViolations, mockApi, renderScreen, unmountScreen } from "../../test/render-screen";
import { fakeToken } from "../social/social.mocks";
import {
  BROADCAST_ID,
  type BroadcastState,
  broadcastHandlers,
  initialBroadcastState,
  recipient,
} from "./broadcast.mocks";
import BroadcastBreakdown from "./broadcast-breakdown";
import BroadcastReport from "./broadcast-report";

const routes = [
  { path: "/apps/social-broadcast-report", Component: BroadcastReport },
  { path: "/apps/social-broadcast-report/:id", Component: BroadcastBreakdown },
];

let state: BroadcastState;

async function open(path: string, width = 1440) {
  await page.viewport(width, 900);
  await mockApi(broadcastHandlers(state));
  return renderScreen(path, routes, fakeToken("admin"));
}

beforeEach(() => {
  state = initialBroadcastState();
});
afterEach(async () => {
  unmountScreen();
  vi.restoreAllMocks();
  await page.viewport(1200, 900);
});

describe("broadcast report list", () => {
  it("lists name, description, campaign, total recipients and created at; search filters; View Details opens the breakdown", async () => {
    const { router } = await open("/apps/social-broadcast-report");
    const table = page.getByRole("table", { name: "Broadcasts" });
    await expect.element(table.getByText("Spring sale")).toBeVisible();
    await expect.element(table.getByText("Orders ready for pickup")).toBeVisible();
    await expect.element(table.getByText("1,200")).toBeVisible();
    await expect.element(table.getByText("01/02/2026", { exact: false })).toBeVisible();
    expect(await axeViolations()).toEqual([]);

    await userEvent.fill(page.getByRole("searchbox", { name: "Search broadcasts" }), "holiday");
    await expect.element(table.getByText("Spring sale")).not.toBeInTheDocument();
    await expect.element(table.getByText("Holiday hours")).toBeVisible();
    await userEvent.fill(page.getByRole("searchbox", { name: "Search broadcasts" }), "");

    await userEvent.click(page.getByRole("button", { name: "Actions for Spring sale" }));
    await userEvent.click(page.getByRole("menuitem", { name: "View Details" }));
    await expect
      .poll(() => router.state.location.pathname)
      .toBe(`/apps/social-broadcast-report/${BROADCAST_ID}`);
  });

  it("passes a campaign filter, shows the empty and error states", async () => {
    state.list = [];
    await open("/apps/social-broadcast-report?campaignId=abc");
    await expect.element(page.getByText(MESSAGES.noRecords)).toBeVisible();
    expect(state.calls.some((c) => c.path === "list ?campaignId=abc")).toBe(true);
    unmountScreen();
    state.failList = true;
    await open("/apps/social-broadcast-report", 390);
    await expect.element(page.getByText(MESSAGES.broadcastListError)).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });
});

describe("broadcast breakdown", () => {
  it("shows the preview, the five stat cards, the funnel, the recipients with their remark and View Message", async () => {
    await open(`/apps/social-broadcast-report/${BROADCAST_ID}`);
    await expect.element(page.getByRole("heading", { name: "Spring sale", level: 2 })).toBeVisible();
    await expect.element(page.getByText("Hello {{name}}, your order is ready")).toBeVisible();
    const stats = page.getByRole("region", { name: "Delivery" });
    for (const label of ["Total", "Sent", "Delivered", "Read", "Failed"])
      await expect.element(stats.getByText(label, { exact: true })).toBeVisible();
    await expect.element(page.getByRole("figure", { name: "Recipients by status" })).toBeInTheDocument();
    const table = page.getByRole("table", { name: "Recipients" });
    await expect.element(table.getByText("Number not on WhatsApp")).toBeVisible();
    // the channel by its name, never its code
    await expect.element(table.getByText("WhatsApp", { exact: true }).first()).toBeVisible();
    expect(table.element().textContent ?? "").not.toContain("WHATSAPP");
    await expect.element(page.getByText("Finished")).toBeVisible();
    expect(await axeViolations()).toEqual([]);

    await userEvent.click(page.getByRole("button", { name: "Actions for Contact 1" }));
    await userEvent.click(page.getByRole("menuitem", { name: "View Message" }));
    const dialog = page.getByRole("dialog", { name: "Message" });
    await expect.element(dialog.getByText("Hello Name 1, your order is ready")).toBeVisible();
    await userEvent.keyboard("{Escape}");
    await expect.element(dialog).not.toBeInTheDocument();
  });

  it("polls while recipients are still queued and stops when all have a status", async () => {
    state.breakdown.recipients = [recipient(1, { delivery_status: null })];
    state.breakdown.stats = { total: 1, sent: 0, delivered: 0, read: 0, failed: 0 };
    await open(`/apps/social-broadcast-report/${BROADCAST_ID}`, 768);
    await expect.element(page.getByText("Sending")).toBeVisible();
    state.breakdown.recipients = [recipient(1, { delivery_status: "sent" })];
    state.breakdown.stats = { total: 1, sent: 1, delivered: 0, read: 0, failed: 0 };
    await expect.element(page.getByText("Finished"), { timeout: 8000 }).toBeVisible();
    const polls = state.calls.filter((c) => c.path.startsWith("breakdown")).length;
    await new Promise((r) => setTimeout(r, 3500));
    expect(state.calls.filter((c) => c.path.startsWith("breakdown")).length).toBe(polls);
  });

  it("says when the broadcast does not exist", async () => {
    await open("/apps/social-broadcast-report/0190a1b2-0000-7000-8000-000000000000", 390);
    await expect.element(page.getByText("Broadcast not found")).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });
});

describe("broadcast controls", () => {
  const badge = (label: string) => page.getByText(label, { exact: true });

  beforeEach(() => {
    state.breakdown.status = "running";
    state.breakdown.recipients = [
      recipient(1, { delivery_status: "sent" }),
      recipient(2, { delivery_status: null }),
    ];
    state.breakdown.stats = { total: 2, sent: 1, delivered: 0, read: 0, failed: 0 };
  });

  it("offers Pause while running and Resume while paused, following the broadcast's state", async () => {
    await open(`/apps/social-broadcast-report/${BROADCAST_ID}`);
    await expect.element(badge("Sending")).toBeVisible();
    await expect.element(page.getByRole("button", { name: "Resume" })).not.toBeInTheDocument();
    await expect.element(page.getByRole("button", { name: "Cancel broadcast" })).toBeVisible();
    expect(await axeViolations()).toEqual([]);

    await userEvent.click(page.getByRole("button", { name: "Pause" }));
    await expect.element(badge("Paused")).toBeVisible();
    expect(state.calls.some((c) => c.path === `pause ${BROADCAST_ID}`)).toBe(true);
    await expect.element(page.getByRole("button", { name: "Pause" })).not.toBeInTheDocument();

    await userEvent.click(page.getByRole("button", { name: "Resume" }));
    await expect.element(badge("Sending")).toBeVisible();
    expect(state.calls.some((c) => c.path === `resume ${BROADCAST_ID}`)).toBe(true);
  });

  it("asks before cancelling; keeping it sends nothing; a cancelled broadcast offers no controls", async () => {
    await open(`/apps/social-broadcast-report/${BROADCAST_ID}`, 390);
    await userEvent.click(page.getByRole("button", { name: "Cancel broadcast" }));
    const confirm = page.getByRole("alertdialog", { name: "Cancel this broadcast?" });
    await expect.element(confirm).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(confirm.getByRole("button", { name: "Keep sending" }));
    await expect.element(confirm).not.toBeInTheDocument();
    expect(state.calls.some((c) => c.path.startsWith("cancel"))).toBe(false);

    await userEvent.click(page.getByRole("button", { name: "Cancel broadcast" }));
    await userEvent.click(
      page
        .getByRole("alertdialog", { name: "Cancel this broadcast?" })
        .getByRole("button", { name: "Cancel broadcast" }),
    );
    await expect.element(badge("Cancelled")).toBeVisible();
    expect(state.calls.filter((c) => c.path === `cancel ${BROADCAST_ID}`)).toHaveLength(1);
    await expect.element(page.getByRole("button", { name: "Pause" })).not.toBeInTheDocument();
    await expect.element(page.getByRole("button", { name: "Cancel broadcast" })).not.toBeInTheDocument();
    await expect.element(page.getByRole("button", { name: "Export recipients" })).toBeVisible();
  });

  it("shows the action as busy while it runs, keeps the others from starting, and shows the server's refusal", async () => {
    let release = () => {};
    state.holdControl = new Promise<void>((r) => {
      release = r;
    });
    state.failControl = "The broadcast is done.";
    await open(`/apps/social-broadcast-report/${BROADCAST_ID}`);
    await userEvent.click(page.getByRole("button", { name: "Pause" }));
    await expect.element(page.getByRole("button", { name: "Pause" })).toHaveAttribute("aria-busy", "true");
    await expect
      .element(page.getByRole("button", { name: "Cancel broadcast" }))
      .toHaveAttribute("aria-disabled", "true");
    await userEvent.click(page.getByRole("button", { name: "Cancel broadcast" }), { force: true });
    await expect
      .element(page.getByRole("alertdialog", { name: "Cancel this broadcast?" }))
      .not.toBeInTheDocument();
    release();
    await expect.element(page.getByRole("alertdialog").getByText("The broadcast is done.")).toBeVisible();
    await userEvent.click(page.getByRole("button", { name: "OK" }));
    expect(state.calls.filter((c) => c.path.startsWith("pause"))).toHaveLength(1);
    expect(state.calls.some((c) => c.path.startsWith("cancel"))).toBe(false);
    await expect.element(page.getByRole("button", { name: "Pause" })).not.toHaveAttribute("aria-busy");
  });

  it("Export recipients downloads the server's file under its name", async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await open(`/apps/social-broadcast-report/${BROADCAST_ID}`);
    await userEvent.click(page.getByRole("button", { name: "Export recipients" }));
    await expect.poll(() => saved).toEqual(["Spring sale-recipients.xlsx"]);
    expect(state.calls.some((c) => c.path === `export ${BROADCAST_ID} ?format=xlsx`)).toBe(true);
  });

  it("stays live while running: the counts rise without a reload, and polling stops once it is done", async () => {
    await open(`/apps/social-broadcast-report/${BROADCAST_ID}`, 768);
    const sent = page.getByRole("region", { name: "Delivery" });
    await expect.element(sent.getByText("Sent", { exact: true })).toBeVisible();
    state.breakdown = {
      ...state.breakdown,
      status: "done",
      recipients: [recipient(1, { delivery_status: "delivered" }), recipient(2, { delivery_status: "sent" })],
      stats: { total: 2, sent: 2, delivered: 1, read: 0, failed: 0 },
    };
    await expect.element(badge("Finished"), { timeout: 8000 }).toBeVisible();
    await expect
      .poll(() => document.querySelector('[aria-label="Delivery"]')?.textContent ?? "")
      .toMatch(/Sent\s*2.*Delivered\s*1/s);
    const polls = state.calls.filter((c) => c.path.startsWith("breakdown")).length;
    await new Promise((r) => setTimeout(r, 3500));
    expect(state.calls.filter((c) => c.path.startsWith("breakdown")).length).toBe(polls);
  });
});

describe("broadcast events", () => {
  /** A stand-in EventSource the test drives by hand. */
  class FakeEventSource extends EventTarget {
    static last: FakeEventSource | null = null;
    closed = false;
    constructor(readonly url: string) {
      super();
      FakeEventSource.last = this;
    }
    close() {
      this.closed = true;
    }
    emit(type: string, data: unknown) {
      this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
    }
  }
  afterEach(() => vi.unstubAllGlobals());

  it("refetches a finished broadcast when the server says it changed (late receipts), and only for this one", async () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    state.breakdown.status = "done";
    await open(`/apps/social-broadcast-report/${BROADCAST_ID}`);
    await expect.element(page.getByText("Finished", { exact: true })).toBeVisible();
    const source = FakeEventSource.last;
    expect(source?.url).toMatch(/^\/api\/events\?access_token=/);
    const reads = () => state.calls.filter((c) => c.path.startsWith("breakdown")).length;
    const before = reads();
    source?.emit("broadcast", { broadcastId: "0190a1b2-0000-7000-8000-000000000000" });
    source?.emit("message", { subscriberId: "x" });
    state.breakdown = { ...state.breakdown, stats: { total: 3, sent: 3, delivered: 3, read: 3, failed: 0 } };
    source?.emit("broadcast", { broadcastId: BROADCAST_ID });
    await expect.poll(reads).toBe(before + 1);
    await expect
      .poll(() => document.querySelector('[aria-label="Delivery"]')?.textContent ?? "")
      .toMatch(/Read\s*3/);
    unmountScreen();
    expect(source?.closed).toBe(true);
  });
});
