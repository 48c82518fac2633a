import type { Schema } from "@herald/api-client";
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { page, userEvent } from "vitest/browser";
import { axeViolations, mockApi, renderScreen, toastText, unmountScreen } from "../../test/render-screen";
import { fakeToken } from "../social/social.mocks";
import { OUTBOX_PATH, PREVIEW_PATH, SCHEDULED_PATH } from "./compose.shared";
import { type ComposeState, emptyCompose, SEND_WARNINGS } from "./compose-rules";
import Preview from "./preview";

const SSIR =
  "DemoCo is not registered with Singapore's SMS Sender ID Registry: 1 message to Singapore numbers may be shown as Likely-SCAM.";
const SENT = "Processing complete!";

const routes = [
  { path: PREVIEW_PATH, Component: Preview },
  { path: OUTBOX_PATH, Component: () => <h2>Outbox</h2> },
  { path: SCHEDULED_PATH, Component: () => <h2>Scheduled</h2> },
];

/** A draft that passes every step: an SMS from DemoCo to one Singapore number, sent now. */
const draft = (): ComposeState => ({
  ...emptyCompose(),
  step: 3,
  channel: "SMS",
  senderId: "DemoCo",
  numbers: ["+6591234567"],
  message: "Hello from DemoCo",
});

const answer = (warnings?: string[]): Schema<"ComposePreview"> => ({
  ...(warnings ? { warnings } : {}),
  rows: [
    {
      to: "+6591234567",
      name: "",
      text: "Hello from DemoCo",
      encoding: "GSM-7",
      segments: 1,
      costCents: 5,
      cost: "0.05",
    },
  ],
  totals: {
    recipients: 1,
    skipped: { unsubscribed: 0, invalid: 0, duplicate: 0 },
    segments: 1,
    costCents: 5,
    cost: "0.05",
    balance: "10.00",
    enough: true,
    scheduledAt: null,
  },
});

/** The compose API of the preview: its options, the preview (answers `previews` in turn, the last one after) and the send. */
async function open(
  previews: Schema<"ComposePreview">[],
  width = 1440,
  send?: () => Response,
  state: ComposeState = draft(),
) {
  const sends: unknown[] = [];
  let asked = 0;
  await page.viewport(width, 900);
  await mockApi([
    http.get("/api/compose-msg-page-one", () =>
      HttpResponse.json({
        campaigns: [],
        channels: ["SMS", "Email"],
        senderIds: ["HERALD", "DemoCo"],
        timeZone: "Asia/Singapore",
      } satisfies Schema<"ComposePageOne">),
    ),
    http.post("/api/sms/preview", () => HttpResponse.json(previews[Math.min(asked++, previews.length - 1)])),
    http.post("/api/sms/send", async ({ request }) => {
      sends.push(await request.json());
      if (send) return send();
      return HttpResponse.json({
        id: "0190a1b2-0000-7000-8000-0000000000f1",
        status: "sent",
        recipients: 1,
        segments: 1,
        cost: "0.05",
        message: SENT,
      } satisfies Schema<"ComposeSendResult">);
    }),
  ]);
  sessionStorage.setItem("herald.sms.compose", JSON.stringify(state));
  const rendered = renderScreen(PREVIEW_PATH, routes, fakeToken("admin"));
  await expect.element(page.getByRole("table", { name: "Recipients preview" })).toBeVisible();
  return { ...rendered, sends };
}

const done = () => page.getByRole("button", { name: "Send 1 SMS · SGD 0.05", exact: true });
const sendAnyway = () => page.getByRole("checkbox", { name: SEND_WARNINGS.sendAnyway });

afterEach(async () => {
  unmountScreen();
  sessionStorage.clear();
  await page.viewport(1200, 900);
});

describe("compose preview: warnings before sending", () => {
  it("without warnings: no callout, no acknowledgement, the button says what it sends and sends at once", async () => {
    const { router, sends } = await open([answer()]);
    await expect.element(page.getByText(SEND_WARNINGS.title)).not.toBeInTheDocument();
    expect(document.querySelectorAll('[role="checkbox"]')).toHaveLength(0);
    await userEvent.click(done());
    await expect.element(toastText(SENT)).toBeVisible();
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
    expect(sends).toHaveLength(1);
    await expect.poll(() => router.state.location.pathname).toBe(OUTBOX_PATH);
  });

  it("shows the warning above the totals and sends only once Send anyway is ticked (keyboard)", async () => {
    const { router, sends } = await open([answer([SSIR])]);
    const callout = page.getByRole("alert").filter({ hasText: SEND_WARNINGS.title });
    await expect.element(callout.getByText(SSIR)).toBeVisible();
    await expect.element(callout.getByRole("img", { name: "Warning" })).toBeVisible();
    await expect.element(page.getByRole("heading", { level: 3, name: SEND_WARNINGS.title })).toBeVisible();
    // the warning comes before the totals and the table, and so before Done
    const order = (a: Element, b: Element) => a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING;
    const calloutEl = callout.element();
    expect(order(calloutEl, page.getByLabelText("Totals").element())).toBeTruthy();
    expect(order(calloutEl, done().element())).toBeTruthy();
    expect(await axeViolations()).toEqual([]);

    // Done without the acknowledgement: nothing is sent, the checkbox says why and takes the focus
    await expect.element(sendAnyway()).not.toBeChecked();
    await userEvent.click(done());
    await expect.element(page.getByText(SEND_WARNINGS.sendAnywayMissing)).toBeVisible();
    await expect.element(sendAnyway()).toHaveFocus();
    await expect.element(sendAnyway()).toHaveAttribute("aria-invalid", "true");
    expect(sends).toHaveLength(0);
    expect(await axeViolations()).toEqual([]);

    // Space ticks it; Enter on Done sends
    await userEvent.keyboard(" ");
    await expect.element(sendAnyway()).toBeChecked();
    await expect.element(page.getByText(SEND_WARNINGS.sendAnywayMissing)).not.toBeInTheDocument();
    done().element().focus();
    await userEvent.keyboard("{Enter}");
    await expect.element(toastText(SENT)).toBeVisible();
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({ channel: "SMS", senderId: "DemoCo" });
    await expect.poll(() => router.state.location.pathname).toBe(OUTBOX_PATH);
  });

  it("lists several warnings on a phone, and asks again when the preview then says something else", async () => {
    const other = "2 recipients have not answered in 30 days.";
    const changed = SSIR.replace("1 message", "2 messages");
    const { sends } = await open([answer([SSIR, other]), answer([changed, other])], 390, () =>
      HttpResponse.json({ message: "Sender ID changed" }, { status: 422 }),
    );
    const callout = page.getByRole("alert").filter({ hasText: SEND_WARNINGS.title });
    await expect.element(callout.getByRole("listitem").nth(1)).toHaveTextContent(other);
    expect(callout.getByRole("listitem").elements()).toHaveLength(2);
    await expect.element(page.getByText("I have read the warnings above", { exact: false })).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390);
    expect(await axeViolations()).toEqual([]);

    await userEvent.click(sendAnyway());
    await userEvent.click(done());
    // the send is refused; the preview is asked again and now says 2 messages: the old tick does not count
    await userEvent.click(page.getByRole("button", { name: "OK" }));
    await expect.element(callout.getByText(changed)).toBeVisible();
    await expect.element(sendAnyway()).not.toBeChecked();
    await userEvent.click(done());
    await expect.element(page.getByText(SEND_WARNINGS.sendAnywayMissing)).toBeVisible();
    expect(sends).toHaveLength(1);
  });
});

describe("compose preview: what the user should know about the message", () => {
  const EMOJI = "Your table is ready. Show this SMS for a free drink at the bar tonight 🎉";

  it("names the emoji that doubles the SMS and shows the difference; recipients without a name; a schedule lands on the scheduled list", async () => {
    const doubled = answer();
    doubled.totals = { ...doubled.totals, segments: 2, costCents: 10, cost: "0.10" };
    doubled.rows = [
      { ...doubled.rows[0]!, text: `Hi , ${EMOJI}`, encoding: "UCS-2", segments: 2, cost: "0.10" },
    ];
    doubled.missingValues = [{ variable: "name", recipients: 12, example: "Hi , your table is ready" }];
    const { router, sends } = await open([doubled], 390, undefined, {
      ...draft(),
      senderId: "HERALD",
      message: `Hi {name}, ${EMOJI}`,
      frequency: "One-Time",
      scheduleDate: "2099-01-01",
      scheduleTime: "09:00",
    });
    const unicode = page.getByRole("status").filter({ hasText: "Unicode makes this send cost more" });
    await expect
      .element(unicode.getByText('"🎉" is not in the standard SMS alphabet', { exact: false }))
      .toBeVisible();
    await expect
      .element(unicode.getByText("Each recipient gets 2 SMS instead of 1.", { exact: false }))
      .toBeVisible();
    await userEvent.click(unicode.getByRole("button", { name: "See the difference" }));
    const difference = unicode.getByLabelText("Unicode difference").getByRole("definition");
    await expect.element(difference.nth(0)).toHaveTextContent("2 SMS · SGD 0.10");
    await expect.element(difference.nth(1)).toHaveTextContent("1 SMS · SGD 0.05");
    await expect
      .element(page.getByText('12 recipients have no name; they will see "Hi , your table is ready".'))
      .toBeVisible();
    await expect.element(page.getByText("{name|there}", { exact: true })).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390);
    expect(await axeViolations()).toEqual([]);

    await userEvent.click(page.getByRole("button", { name: "Schedule 2 SMS · SGD 0.10", exact: true }));
    await expect.element(toastText(SENT)).toBeVisible();
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
    expect(sends).toHaveLength(1);
    await expect.poll(() => router.state.location.pathname).toBe(SCHEDULED_PATH);
  });
});
