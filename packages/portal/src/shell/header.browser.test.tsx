import type { components } from "@herald/api-client/schema";
import { HttpResponse, http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page } from "vitest/browser";
import { fakeToken, profile } from "../routes/social/social.mocks";
import { mockApi, renderScreen, unmountScreen } from "../test/render-screen";
import { Header } from "./header";

type Notification = components["schemas"]["Notification"];

/** A stand-in EventSource the test drives by hand (the event stream's messages). */
class FakeEventSource extends EventTarget {
  static all: FakeEventSource[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.all.push(this);
    queueMicrotask(() => this.dispatchEvent(new Event("open")));
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

const note = (n: number): Notification => ({
  id: `0190a1b2-0000-7000-8000-0000000001${String(n).padStart(2, "0")}`,
  message: `Mia requests a credit top up. (${n})`,
  status: "unread",
  type: "request",
  fromId: null,
  created_at: new Date().toISOString(),
});

let state: { notes: Notification[]; userCredit: number; companyCredit: number; calls: string[] };

beforeEach(async () => {
  FakeEventSource.all = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  state = { notes: [], userCredit: 10, companyCredit: 100, calls: [] };
  await page.viewport(1440, 900);
  await mockApi([
    http.post("/api/getProfile", () => {
      state.calls.push("getProfile");
      return HttpResponse.json({ ...profile("admin"), isOwner: 1, userCredit: state.userCredit });
    }),
    http.post("/api/getNotification", () => {
      state.calls.push("getNotification");
      return HttpResponse.json({
        count: state.notes.filter((n) => n.status === "unread").length,
        data: state.notes,
      });
    }),
    http.post("/api/getCompany", () => {
      state.calls.push("getCompany");
      return HttpResponse.json({
        companyId: "0190a1b2-0000-7000-8000-000000000999",
        companyName: "Acme",
        companyCredit: state.companyCredit,
      });
    }),
  ]);
});

afterEach(() => {
  unmountScreen();
  vi.unstubAllGlobals();
});

/** The header's text (the credit boxes fold into a popover in a narrow header: read the boxes either way). */
const shows = (text: RegExp) => vi.waitFor(() => expect(document.body.textContent).toMatch(text));
const calls = (path: string) => state.calls.filter((c) => c === path).length;

describe("the header's live figures", () => {
  it("rings the bell and updates the credit boxes when the event stream says so, without waiting for the poll", async () => {
    renderScreen("/", [{ path: "/", Component: Header }], fakeToken("admin"));
    await expect.element(page.getByRole("button", { name: "Notifications, no unread" })).toBeVisible();
    await shows(/Corporate CreditSGD 100\.00/);
    await vi.waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    const source = FakeEventSource.all[0]!;
    expect(source.url).toMatch(/^\/api\/events\?access_token=/);
    const before = calls("getNotification");

    // an admin is told of a top-up request: the bell shows it at once
    state.notes = [note(1)];
    source.emit("notification", { notificationId: state.notes[0]!.id });
    await expect.element(page.getByRole("button", { name: "Notifications, 1 unread" })).toBeVisible();
    expect(calls("getNotification")).toBe(before + 1);

    // a balance changed: My Credit (the profile) and Corporate Credit follow
    state.userCredit = 25.5;
    state.companyCredit = 12_450;
    source.emit("credit", {});
    await shows(/My CreditSGD 25\.50/);
    await shows(/Corporate CreditSGD 12,450\.00/);

    // neither the credit event nor the inbox's events refetched the notifications again (while the stream is
    // open the poll after each profile refresh waits for its slower fallback)
    source.emit("message", { subscriberId: "x", messageId: "y" });
    await new Promise((r) => setTimeout(r, 200));
    expect(calls("getNotification")).toBe(before + 1);

    unmountScreen();
    expect(source.closed).toBe(true);
  });
});

function PurchaseStub() {
  return <h1>Purchase Credit</h1>;
}

describe("buying credit from the header", () => {
  it("an admin's Corporate Credit offers Buy credit, which opens Purchase Credit", async () => {
    const { router } = renderScreen(
      "/",
      [
        { path: "/", Component: Header },
        { path: "/credit-mgt/purchase-credit", Component: PurchaseStub },
      ],
      fakeToken("admin"),
    );
    const buy = page.getByRole("button", { name: "Buy credit for the company" });
    await expect.element(buy).toBeVisible();
    await expect.element(buy).toHaveTextContent("Buy credit");
    await buy.click();
    await expect.poll(() => router.state.location.pathname).toBe("/credit-mgt/purchase-credit");
    expect(document.querySelector('[role="dialog"], [role="alertdialog"]')).toBeNull();
  });
});
