import type { Schema } from "@herald/api-client";
import { SENDER_ID_MESSAGES } from "@herald/domain";
import { HttpResponse, http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { axeViolations, mockApi, renderScreen, toastText, unmountScreen } from "../../test/render-screen";
import UserEdit from "../admin/users/user-edit";
import AuditLog from "../audit/audit-log";
import CreditSummary from "../credit/summary";
import { auditEntry, senderId as record, topup, uuid } from "../operator/operator.mocks";
import { fakeToken, profile } from "../social/social.mocks";
import SenderIds from "./sender-ids";

type SenderId = Schema<"SenderIdRecord">;
type User = Schema<"User">;

const USER_ID = uuid(42);
const user = (patch: Partial<User> = {}): User => ({
  id: USER_ID,
  firstName: "Daniel",
  lastName: "Wong",
  email: "daniel@example.com",
  contactNumber: "6591234567",
  userRole: "agent",
  isOwner: 0,
  isAdmin: 0,
  status: "active",
  userStatus: "online",
  login2fa: "N",
  dept: [],
  totalCredit: 10,
  companyId: uuid(100),
  createdAt: "2026-01-01T00:00:00Z",
  deletedAt: null,
  senderIds: ["acme", "OLDNAME"],
  isAllowSID: 1,
  ...patch,
});

interface State {
  ids: SenderId[];
  calls: { method: string; path: string; body: unknown; query: Record<string, string> }[];
  fail409?: string;
}
let state: State;

function handlers() {
  const log = async (request: Request) => {
    const url = new URL(request.url);
    const body =
      request.method === "GET"
        ? null
        : await request
            .clone()
            .json()
            .catch(() => null);
    state.calls.push({
      method: request.method,
      path: url.pathname.replace(/^\/api/, ""),
      body,
      query: Object.fromEntries(url.searchParams),
    });
    return body as Record<string, unknown> | null;
  };
  return [
    http.post("/api/getProfile", () => HttpResponse.json({ ...profile("admin"), isOwner: 1 })),
    http.get("/api/senderIdRegistry", async ({ request }) => {
      await log(request);
      return HttpResponse.json({ data: state.ids });
    }),
    http.post("/api/requestSenderId", async ({ request }) => {
      const body = await log(request);
      if (state.fail409) return HttpResponse.json({ message: state.fail409 }, { status: 409 });
      const made = record(9, {
        senderId: String(body?.senderId),
        purpose: String(body?.purpose),
        status: "requested",
      });
      state.ids = [made, ...state.ids];
      return HttpResponse.json(made);
    }),
    http.post("/api/withdrawSenderId", async ({ request }) => {
      const body = await log(request);
      state.ids = state.ids.map((r) => (r.id === body?.id ? { ...r, status: "withdrawn" as const } : r));
      return HttpResponse.json({ message: "Withdrawn" });
    }),
    http.get("/api/inboundNumbers", async ({ request }) => {
      await log(request);
      return HttpResponse.json({
        data: [
          { number: "72345", kind: "short", shared: true, keyword: "ACME" },
          { number: "+6580000001", kind: "long", shared: false, keyword: null },
        ],
      });
    }),
    http.post("/api/getUser", () => HttpResponse.json(user())),
    http.get("/api/departments", () => HttpResponse.json({ data: [], total: 0 })),
    http.post("/api/editSenderId", async ({ request }) => {
      await log(request);
      return HttpResponse.json({ message: "ok" });
    }),
    http.post("/api/getCompany", () =>
      HttpResponse.json({ companyId: uuid(100), companyName: "Acme", companyCredit: 1250.5 }),
    ),
    http.get("/api/summaryList", () => HttpResponse.json({ data: [] })),
    http.get("/api/topupRequests", async ({ request }) => {
      await log(request);
      return HttpResponse.json({
        data: [
          topup(0, {
            status: "granted",
            grantedAmount: 500,
            answer: "Granted, thanks for the note",
            answeredAt: "2026-11-22T10:00:00Z",
          }),
          topup(1, {
            status: "declined",
            answer: "Please pay the last invoice first",
            answeredAt: "2026-11-22T11:00:00Z",
          }),
          topup(2),
        ],
        nextCursor: null,
      });
    }),
    http.post("/api/topupReq", async ({ request }) => {
      await log(request);
      return HttpResponse.json({ message: "Topup Request has been sent !" });
    }),
    http.get("/api/auditLog", async ({ request }) => {
      await log(request);
      return HttpResponse.json({ data: [auditEntry(1), auditEntry(2)], nextCursor: null });
    }),
    http.get("/api/auditLog/export", async ({ request }) => {
      await log(request);
      return new HttpResponse("when,who\n", { headers: { "content-type": "text/csv" } });
    }),
  ];
}

const calls = (method: string, path: string) =>
  state.calls.filter((c) => c.method === method && c.path === path);
const routes = [
  { path: "/sms-mgt/sender-ids", Component: SenderIds },
  { path: "/user-manage/user-edit/:id", Component: UserEdit },
  { path: "/credit-mgt/summary", Component: CreditSummary },
  { path: "/user-manage/audit-log", Component: AuditLog },
];
async function open(path: string, width = 1440) {
  await page.viewport(width, 900);
  await mockApi(handlers());
  return renderScreen(path, routes, fakeToken("admin"));
}

beforeEach(() => {
  state = {
    ids: [
      record(0, { senderId: "ACME", status: "approved", ssirRegistered: true, companyName: "Acme Pte Ltd" }),
      record(1, { senderId: "ACMECARE", status: "requested" }),
      record(2, { senderId: "ACME SALE", status: "rejected", reason: "Too close to another brand" }),
      record(3, { senderId: "6591234567", kind: "number", status: "approved" }),
    ],
    calls: [],
  };
});
afterEach(async () => {
  unmountScreen();
  vi.restoreAllMocks();
  await page.viewport(1200, 900);
});

describe("the company's sender IDs and numbers", () => {
  it("lists the IDs with their state in words, Herald's reason, SSIR, and the numbers the company receives on", async () => {
    await open("/sms-mgt/sender-ids");
    const table = page.getByRole("table", { name: "Sender IDs" });
    await expect.element(table.getByText("Waiting for approval")).toBeVisible();
    await expect.element(table.getByText("Herald: Too close to another brand")).toBeVisible();
    await expect.element(table.getByText("Registered with SSIR")).toBeVisible();
    const numbers = page.getByRole("table", { name: "Numbers you receive SMS on" });
    await expect.element(numbers.getByText("Messages that start with ACME")).toBeVisible();
    await expect.element(numbers.getByText("Every message to this number")).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it("requests an ID: the format and the purpose are checked as typed, a clash is said under the ID", async () => {
    await open("/sms-mgt/sender-ids");
    await userEvent.click(page.getByRole("button", { name: "Request sender ID" }));
    const dialog = page.getByRole("dialog", { name: "Request a sender ID" });
    await userEvent.click(dialog.getByRole("button", { name: "Send request" }));
    await expect.element(dialog.getByText(SENDER_ID_MESSAGES.required)).toBeVisible();
    await expect.element(dialog.getByText(SENDER_ID_MESSAGES.purposeRequired)).toBeVisible();
    const id = dialog.getByRole("textbox", { name: /^Sender ID/ });
    await userEvent.fill(id, "Acme Care Asia");
    await expect.element(dialog.getByText(SENDER_ID_MESSAGES.tooLong)).toBeVisible();
    await userEvent.fill(id, "12");
    await expect.element(dialog.getByText(SENDER_ID_MESSAGES.numberLength)).toBeVisible();
    await userEvent.fill(id, "Acme!");
    await expect.element(dialog.getByText(SENDER_ID_MESSAGES.characters)).toBeVisible();
    // A number may be typed with its +: it is asked for as digits, as the registry keeps it.
    await userEvent.fill(id, "+6591234567");
    await expect.element(id).not.toHaveAttribute("aria-invalid");
    await userEvent.fill(id, "Acme  Care ");
    await userEvent.fill(
      dialog.getByRole("textbox", { name: /What you will send/ }),
      "Appointment reminders",
    );
    state.fail409 = "Another company already uses this sender ID";
    await userEvent.click(dialog.getByRole("button", { name: "Send request" }));
    await expect.element(dialog.getByText("Another company already uses this sender ID")).toBeVisible();
    state.fail409 = undefined;
    await userEvent.click(dialog.getByRole("button", { name: "Send request" }));
    await expect.element(page.getByText("Acme Care is requested")).toBeVisible();
    expect(calls("POST", "/requestSenderId").at(-1)?.body).toEqual({
      senderId: "Acme Care",
      purpose: "Appointment reminders",
    });
  });

  it("withdraws a request only after a confirmation", async () => {
    await open("/sms-mgt/sender-ids");
    await userEvent.click(page.getByRole("button", { name: "Withdraw the request for ACMECARE" }));
    const confirm = page.getByRole("alertdialog", { name: "Withdraw the request for ACMECARE?" });
    await userEvent.click(confirm.getByRole("button", { name: "Cancel" }));
    expect(calls("POST", "/withdrawSenderId")).toHaveLength(0);
    // nothing to withdraw on a rejected ID
    expect(page.getByRole("button", { name: /ACME SALE/ }).query()).toBeNull();
    await userEvent.click(page.getByRole("button", { name: "Withdraw the request for ACMECARE" }));
    await userEvent.click(page.getByRole("alertdialog").getByRole("button", { name: "Withdraw request" }));
    await expect.element(page.getByText("The request for ACMECARE is withdrawn")).toBeVisible();
    expect(calls("POST", "/withdrawSenderId")[0]?.body).toEqual({ id: state.ids[1]?.id });
  });
});

describe("a user's sender IDs", () => {
  it("are chosen among the company's approved IDs; one no longer approved must be taken off before saving", async () => {
    await open(`/user-manage/user-edit/${USER_ID}`);
    const field = page.getByRole("combobox", { name: /Allowed Sender IDs/ });
    await expect.element(field).toBeVisible();
    await expect.element(page.getByText("OLDNAME (no longer approved)")).toBeVisible();
    await userEvent.click(page.getByRole("button", { name: "Save Sender IDs" }));
    await expect
      .element(page.getByText("Take off the sender IDs that are no longer approved."))
      .toBeVisible();
    await userEvent.click(page.getByRole("button", { name: /Remove OLDNAME/ }));
    await userEvent.click(field);
    // Only approved IDs are offered.
    await expect.element(page.getByRole("option", { name: "6591234567" })).toBeVisible();
    expect(page.getByRole("option", { name: "ACMECARE" }).query()).toBeNull();
    await userEvent.click(page.getByRole("option", { name: "6591234567" }));
    await userEvent.keyboard("{Escape}");
    await userEvent.click(page.getByRole("button", { name: "Save Sender IDs" }));
    await userEvent.click(page.getByRole("alertdialog").getByRole("button", { name: /Yes|OK|Save|Confirm/ }));
    await vi.waitFor(() =>
      expect(calls("POST", "/editSenderId")[0]?.body).toEqual({
        id: USER_ID,
        senderIds: ["ACME", "6591234567"],
        isAllowSID: 1,
      }),
    );
  });
});

describe("corporate top-up requests", () => {
  it("asks Herald Support with an optional amount and note, and the summary shows each request's answer", async () => {
    await open("/credit-mgt/summary");
    const requests = page.getByRole("table", { name: "Top-up requests to Herald Support" });
    await expect.element(requests.getByText("Granted SGD 500.00")).toBeVisible();
    await expect.element(requests.getByText("Please pay the last invoice first")).toBeVisible();
    await expect.element(requests.getByText("Waiting for Herald")).toBeVisible();
    await userEvent.click(page.getByRole("button", { name: "Top Up Corporate Credit" }));
    const dialog = page.getByRole("dialog", { name: /^Send top up request to Herald Support/ });
    await userEvent.fill(dialog.getByRole("spinbutton", { name: /Amount/ }), "300");
    await userEvent.fill(dialog.getByRole("textbox", { name: /Note/ }), "Campaign next week");
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(dialog.getByRole("button", { name: "Send" }));
    await expect.element(toastText("Topup Request has been sent !")).toBeVisible();
    expect(calls("POST", "/topupReq")[0]?.body).toEqual({
      topUpType: 1,
      amount: 300,
      note: "Campaign next week",
    });
  });

  it("sends a request without amount or note as before", async () => {
    await open("/credit-mgt/summary");
    await userEvent.click(page.getByRole("button", { name: "Top Up Corporate Credit" }));
    await userEvent.click(page.getByRole("dialog").getByRole("button", { name: "Send" }));
    await vi.waitFor(() => expect(calls("POST", "/topupReq")[0]?.body).toEqual({ topUpType: 1 }));
  });
});

describe("the company's audit log", () => {
  it("shows who did what with a readable diff, filters by action, exports CSV, and fits a phone", async () => {
    await open("/user-manage/audit-log", 390);
    const table = page.getByRole("table", { name: "Audit log" });
    await expect.element(table.getByText("Changed a user's role")).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390);
    expect(await axeViolations()).toEqual([]);
    await page.viewport(1440, 900);
    await expect.element(table.getByText("Agent")).toBeVisible();
    await userEvent.click(page.getByRole("combobox", { name: "Action" }));
    await userEvent.click(page.getByRole("option", { name: "Users and permissions" }));
    await vi.waitFor(() => expect(calls("GET", "/auditLog").at(-1)?.query.action).toBe("user."));
    await userEvent.click(page.getByRole("button", { name: "Export CSV" }));
    await vi.waitFor(() =>
      expect(calls("GET", "/auditLog/export").at(-1)?.query).toEqual({ action: "user." }),
    );
  });
});

describe("the company's new screens at 390 and 1440 px, light and dark (screenshots in .vitest-attachments/company)", () => {
  it("fit every width without sideways scrolling", async () => {
    const { darkThemeClass } = await import("@herald/ui/theme");
    for (const [name, path] of [
      ["sender-ids", "/sms-mgt/sender-ids"],
      ["summary", "/credit-mgt/summary"],
      ["audit-log", "/user-manage/audit-log"],
    ] as const) {
      for (const width of [390, 1440]) {
        for (const dark of [false, true]) {
          document.documentElement.classList.toggle(darkThemeClass, dark);
          await open(path, width);
          await expect.element(page.getByRole("heading", { level: 1 })).toBeVisible();
          await vi.waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
          expect(document.documentElement.scrollWidth, `${name} ${width}`).toBeLessThanOrEqual(width);
          if (__HERALD_SHOTS__) {
            await new Promise((r) => setTimeout(r, 150));
            await page.screenshot({
              path: `../../../../../.vitest-attachments/company/${name}-${width}-${dark ? "dark" : "light"}.png`,
            });
          }
          unmountScreen();
        }
      }
    }
    document.documentElement.classList.remove(darkThemeClass);
  });
});
