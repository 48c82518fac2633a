import "@herald/ui/theme";
import { darkThemeClass } from "@herald/ui/theme";
import { QueryClientProvider } from "@tanstack/react-query";
import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { page, userEvent } from "vitest/browser";
import { createQueryClient } from "../../api";
import { OPERATOR_TOKEN_KEY } from "../../operator-session";
import { routes } from "../../router";
import { TOKEN_KEY } from "../../session";
import { axeViolations, mockApi } from "../../test/render-screen";
import { OPERATOR_TOKEN, type OperatorState, operatorHandlers, operatorState, uuid } from "./operator.mocks";

/** The whole portal (its real route table, guards and layouts) at `path`, the API mocked. */
let mounted: { root: Root; el: HTMLElement; router: ReturnType<typeof createMemoryRouter> } | null = null;
let state: OperatorState;

async function openApp(path: string, width = 1440) {
  await page.viewport(width, 900);
  await mockApi(operatorHandlers(state));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const el = document.createElement("div");
  document.body.append(el);
  const root = createRoot(el);
  flushSync(() =>
    root.render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  );
  mounted = { root, el, router };
  return router;
}
const here = () => mounted?.router.state.location.pathname;
const calls = (method: string, path: string | RegExp) =>
  state.calls.filter(
    (c) => c.method === method && (typeof path === "string" ? c.path === path : path.test(c.path)),
  );

/** Screenshots to look at (git-ignored), at a width and in a theme. */
async function shoot(name: string) {
  if (!__HERALD_SHOTS__) return;
  await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
  await new Promise((r) => setTimeout(r, 150));
  await page.screenshot({ path: `../../../../../.vitest-attachments/console/${name}.png` });
}
const setDark = (on: boolean) => document.documentElement.classList.toggle(darkThemeClass, on);

beforeEach(() => {
  localStorage.clear();
  state = operatorState();
});
afterEach(async () => {
  mounted?.root.unmount();
  mounted?.el.remove();
  mounted = null;
  setDark(false);
  vi.restoreAllMocks();
  await page.viewport(1200, 900);
});

const signedIn = () => localStorage.setItem(OPERATOR_TOKEN_KEY, OPERATOR_TOKEN);

describe("the console's guard and session", () => {
  it("sends a visitor without the operator's session to the console's sign-in, even with a company user's session", async () => {
    localStorage.setItem(TOKEN_KEY, "h.eyJyb2xlIjoiYWRtaW4iLCJ1c2VyX2lkIjoidTEiLCJleHAiOjQwMDAwMDAwMDB9.s");
    await openApp("/operator/companies");
    await expect.element(page.getByRole("heading", { name: "Operator sign-in" })).toBeVisible();
    expect(here()).toBe("/operator/login");
    // Nothing of the console was asked for, and no company token went to an operator call.
    expect(state.calls.filter((c) => c.path !== "/operator/login")).toEqual([]);
    expect(document.title).toBe("Operator sign-in · Herald operator console");
  });

  it("signs in with e-mail, password and the e-mailed code, keeps the token apart, and returns to the page asked for", async () => {
    localStorage.setItem(TOKEN_KEY, "company-user-token");
    await openApp("/operator/companies?status=suspended");
    await userEvent.fill(page.getByRole("textbox", { name: "E-mail" }), "olive@herald.example");
    await userEvent.fill(page.getByRole("textbox", { name: "Password", exact: true }), "wrong");
    await userEvent.click(page.getByRole("button", { name: "Continue" }));
    await expect
      .element(page.getByRole("alertdialog", { name: "E-mail or password is incorrect" }))
      .toBeVisible();
    await userEvent.click(page.getByRole("button", { name: "OK" }));
    await userEvent.fill(page.getByRole("textbox", { name: "Password", exact: true }), "Correct-horse-9!");
    await userEvent.click(page.getByRole("button", { name: "Continue" }));
    await expect.element(page.getByRole("heading", { name: "Enter your sign-in code" })).toBeVisible();
    await expect.element(page.getByText("We e-mailed a 6-digit code to o***@herald.example.")).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    // a wrong code shows under the boxes, and the right one signs in
    await userEvent.keyboard("654321");
    await expect.element(page.getByText("Invalid code")).toBeVisible();
    await userEvent.keyboard("123456");
    await expect.element(page.getByRole("heading", { name: "Companies" })).toBeVisible();
    expect(mounted?.router.state.location.search).toBe("?status=suspended");
    expect(localStorage.getItem(OPERATOR_TOKEN_KEY)).toBe(OPERATOR_TOKEN);
    expect(localStorage.getItem(TOKEN_KEY)).toBe("company-user-token");
    // The console's calls carry the operator's token, its sign-in calls none.
    for (const c of state.calls) {
      if (["/operator/login", "/operator/verifyOtp"].includes(c.path)) expect(c.auth, c.path).toBeNull();
      else expect(c.auth, c.path).toBe(`Bearer ${OPERATOR_TOKEN}`);
    }
    // the list asks with the filter of the address it came back to (its call may follow the heading)
    await expect
      .poll(() => calls("GET", "/operator/companies").some((c) => c.query.status === "suspended"))
      .toBe(true);
  });

  it("ends the session when the server refuses the token: told once, then the sign-in page", async () => {
    localStorage.setItem(OPERATOR_TOKEN_KEY, "expired-on-the-server");
    await openApp("/operator");
    await expect
      .element(
        page.getByRole("alertdialog", { name: "Your operator session has ended. Please sign in again." }),
      )
      .toBeVisible();
    await userEvent.click(page.getByRole("button", { name: "OK" }));
    await expect.element(page.getByRole("heading", { name: "Operator sign-in" })).toBeVisible();
    expect(localStorage.getItem(OPERATOR_TOKEN_KEY)).toBeNull();
  });

  it("signs out after a confirmation, ending only the console's session", async () => {
    signedIn();
    localStorage.setItem(TOKEN_KEY, "company-user-token");
    await openApp("/operator");
    await userEvent.click(page.getByRole("button", { name: /Olive Ops/ }));
    await userEvent.click(page.getByRole("menuitem", { name: "Sign out" }));
    await userEvent.click(page.getByRole("alertdialog").getByRole("button", { name: "Sign out" }));
    await expect.element(page.getByRole("heading", { name: "Operator sign-in" })).toBeVisible();
    expect(calls("POST", "/operator/logout")[0]?.auth).toBe(`Bearer ${OPERATOR_TOKEN}`);
    expect(localStorage.getItem(OPERATOR_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBe("company-user-token");
  });
});

describe("the console's screens", () => {
  beforeEach(signedIn);

  it("overview: counts as cards linking to their queues, the queues' counts in the header", async () => {
    await openApp("/operator");
    const nav = page.getByRole("navigation", { name: "Sections" });
    await expect.element(nav.getByRole("link", { name: /^Top-up requests\W+2 waiting$/ })).toBeVisible();
    await expect.element(nav.getByRole("link", { name: /^Sender IDs\W+2 to review$/ })).toBeVisible();
    await expect.element(page.getByText("Herald operator console")).toBeVisible();
    const card = page.getByRole("link", { name: /^Top-up requests waiting 2/ });
    await expect.element(card).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(card);
    await expect.element(page.getByRole("heading", { name: "Top-up requests" })).toBeVisible();
    expect(here()).toBe("/operator/topups");
  });

  it("companies: search and status go to the server, and Load more asks for the next page by cursor", async () => {
    state.companies = Array.from({ length: 60 }, (_, i) => ({
      ...state.companies[i % 5]!,
      id: uuid(2000 + i),
      name: `Company ${String(i).padStart(2, "0")}`,
    }));
    await openApp("/operator/companies");
    const table = page.getByRole("table", { name: "Companies" });
    await expect.element(table.getByRole("link", { name: "Company 00" })).toBeVisible();
    await expect.element(page.getByText("50 companies shown")).toBeVisible();
    await userEvent.click(page.getByRole("button", { name: "Load more" }));
    await expect.element(page.getByText("All 60 companies shown")).toBeVisible();
    expect(calls("GET", "/operator/companies").at(-1)?.query).toMatchObject({ cursor: "50", limit: "50" });
    await userEvent.fill(page.getByRole("searchbox", { name: "Search" }), "Company 5");
    await vi.waitFor(() => expect(calls("GET", "/operator/companies").at(-1)?.query.q).toBe("Company 5"));
    await expect.element(table.getByRole("link", { name: "Company 59" })).toBeVisible();
    expect(mounted?.router.state.location.search).toBe("?q=Company+5");
    expect(await axeViolations()).toEqual([]);
  });

  it("company: a credit grant shows the balance before and after, and a double click grants once, with one key per opening", async () => {
    await openApp(`/operator/companies/${uuid(100)}`);
    await expect.element(page.getByRole("heading", { name: "Acme Pte Ltd", level: 1 })).toBeVisible();
    await expect.element(page.getByTestId("company-balance")).toHaveTextContent("SGD 1,250.50");
    await userEvent.click(page.getByRole("button", { name: "Grant or correct credit" }));
    const dialog = page.getByRole("dialog", { name: "Grant or correct credit" });
    await userEvent.click(dialog.getByRole("button", { name: "Review" }));
    await expect.element(dialog.getByText("Enter an amount greater than zero.")).toBeVisible();
    await expect.element(dialog.getByText(/Please give a reason/)).toBeVisible();
    await userEvent.fill(dialog.getByRole("spinbutton", { name: /Amount/ }), "500");
    await userEvent.fill(dialog.getByRole("textbox", { name: /Reason/ }), "Top-up request of 21 Nov");
    await userEvent.click(dialog.getByRole("button", { name: "Review" }));
    const confirm = page.getByRole("dialog", { name: "Confirm the adjustment" });
    await expect
      .element(confirm.getByTestId("balance-change"))
      .toHaveTextContent("BalanceSGD 1,250.50→becomesSGD 1,750.50");
    expect(await axeViolations()).toEqual([]);
    const grant = confirm.getByRole("button", { name: "Grant SGD 500.00" });
    (grant.element() as HTMLButtonElement).click();
    (grant.element() as HTMLButtonElement).click();
    await expect.element(page.getByText("SGD 500.00 granted to Acme Pte Ltd")).toBeVisible();
    await expect.element(page.getByTestId("company-balance")).toHaveTextContent("SGD 1,750.50");
    const grants = calls("POST", `/operator/companies/${uuid(100)}/credit`);
    expect(grants).toHaveLength(1);
    expect(grants[0]?.body).toEqual({ amount: 500, reason: "Top-up request of 21 Nov" });
    expect(grants[0]?.key).toMatch(/^[0-9a-f-]{32,36}$/);

    // Taking back more than the balance is refused, naming the balance (what was typed stays as typed); taking
    // it all back brings it to zero; a new opening has a new key.
    await userEvent.click(page.getByRole("button", { name: "Grant or correct credit" }));
    const again = page.getByRole("dialog", { name: "Grant or correct credit" });
    await userEvent.click(again.getByRole("radio", { name: /Take credit back/ }));
    await userEvent.fill(again.getByRole("spinbutton", { name: /Amount/ }), "2000");
    await userEvent.fill(again.getByRole("textbox", { name: /Reason/ }), "Correction");
    await userEvent.click(again.getByRole("button", { name: "Review" }));
    await expect
      .element(again.getByText("You can take back at most the balance, SGD 1,750.50."))
      .toBeVisible();
    await expect.element(again.getByRole("spinbutton", { name: /Amount/ })).toHaveValue("2,000.00");
    await userEvent.fill(again.getByRole("spinbutton", { name: /Amount/ }), "1750.50");
    await userEvent.click(again.getByRole("button", { name: "Review" }));
    const check = page.getByRole("dialog", { name: "Confirm the adjustment" });
    await expect
      .element(check.getByTestId("balance-change"))
      .toHaveTextContent("BalanceSGD 1,750.50→becomesSGD 0.00");
    await userEvent.click(check.getByRole("button", { name: "Change the amount or reason" }));
    await userEvent.fill(again.getByRole("spinbutton", { name: /Amount/ }), "50");
    await userEvent.click(again.getByRole("button", { name: "Review" }));
    await userEvent.click(page.getByRole("button", { name: "Take back SGD 50.00" }));
    await expect.element(page.getByTestId("company-balance")).toHaveTextContent("SGD 1,700.50");
    const all = calls("POST", `/operator/companies/${uuid(100)}/credit`);
    expect(all).toHaveLength(2);
    expect(all[1]?.body).toEqual({ amount: -50, reason: "Correction" });
    expect(all[1]?.key).not.toBe(all[0]?.key);
  });

  it("company: this month's SMS by gateway, with what it cost and the margin (negative when the gateway costs more)", async () => {
    for (const width of [390, 1440]) {
      await openApp(`/operator/companies/${uuid(100)}`, width);
      const table = page.getByRole("table", { name: "Acme Pte Ltd's SMS by gateway this month" });
      await expect.element(table).toBeVisible();
      const rows = [...table.element().querySelectorAll("tbody tr")].map((r) => r.textContent ?? "");
      expect(rows).toHaveLength(3);
      expect(rows[0]).toContain("singtel");
      expect(rows[0]).toContain("SGD 336.00");
      expect(rows[1]).toContain("−SGD 22.50");
      expect(rows[2]).toContain("Not configured");
      expect(document.documentElement.scrollWidth, `width ${width}`).toBeLessThanOrEqual(width);
      mounted?.root.unmount();
      mounted?.el.remove();
      mounted = null;
    }
  });

  it("company: suspending needs a reason in its confirmation; prices follow the default until set, and return to it", async () => {
    await openApp(`/operator/companies/${uuid(100)}`);
    await userEvent.click(page.getByRole("button", { name: "Suspend company" }));
    const dialog = page.getByRole("dialog", { name: "Suspend Acme Pte Ltd?" });
    await userEvent.click(dialog.getByRole("button", { name: "Suspend company" }));
    await expect.element(dialog.getByText("Please give a reason.")).toBeVisible();
    expect(calls("POST", /suspend$/)).toHaveLength(0);
    await userEvent.fill(dialog.getByRole("textbox", { name: /Reason/ }), "Unpaid invoices");
    await userEvent.click(dialog.getByRole("button", { name: "Suspend company" }));
    await expect.element(page.getByText("Acme Pte Ltd is suspended")).toBeVisible();
    await expect.element(page.getByText("Reason: Unpaid invoices")).toBeVisible();
    await expect.element(page.getByRole("button", { name: "Resume company" })).toBeVisible();

    const sms = page.getByRole("textbox", { name: "SMS (per segment) price (SGD)" });
    await expect.element(sms).toHaveValue("0.05");
    await userEvent.fill(sms, "0.055");
    await userEvent.click(page.getByRole("button", { name: "Save prices" }));
    await expect.element(page.getByText("A price has at most two decimals (whole cents).")).toBeVisible();
    await userEvent.fill(sms, "0.06");
    await userEvent.click(page.getByRole("button", { name: "Use default for WhatsApp" }));
    await userEvent.click(page.getByRole("button", { name: "Save prices" }));
    await expect.element(page.getByText("Acme Pte Ltd's prices are saved")).toBeVisible();
    expect(calls("PUT", /prices$/)[0]?.body).toEqual({
      prices: [
        { channel: "sms", priceCents: 6 },
        { channel: "whatsapp", priceCents: null },
      ],
    });
    expect(await axeViolations()).toEqual([]);
  });

  it("top-ups: grant prefills the amount asked for; decline needs a message", async () => {
    await openApp("/operator/topups");
    await userEvent.click(page.getByRole("button", { name: "Grant Acme Pte Ltd's request" }));
    const grant = page.getByRole("dialog", { name: "Grant credit to Acme Pte Ltd" });
    await expect.element(grant.getByRole("spinbutton", { name: /Amount to grant/ })).toHaveValue("500.00");
    await userEvent.click(grant.getByRole("button", { name: "Grant SGD 500.00" }));
    await expect.element(page.getByText("SGD 500.00 granted to Acme Pte Ltd")).toBeVisible();
    await userEvent.click(page.getByRole("button", { name: "Decline Blue Harbour Clinic's request" }));
    const decline = page.getByRole("dialog", { name: "Decline Blue Harbour Clinic's request?" });
    await userEvent.click(decline.getByRole("button", { name: "Decline request" }));
    await expect
      .element(decline.getByText("Tell the company why, so they know what to do next."))
      .toBeVisible();
    await userEvent.fill(
      decline.getByRole("textbox", { name: /Message/ }),
      "Please pay the last invoice first",
    );
    await userEvent.click(decline.getByRole("button", { name: "Decline request" }));
    await expect
      .element(page.getByText("No request is waiting. New ones appear here, oldest first."))
      .toBeVisible();
    expect(calls("POST", /grant$/)[0]?.body).toEqual({ amount: 500 });
    expect(calls("POST", /decline$/)[0]?.body).toEqual({ message: "Please pay the last invoice first" });
    await userEvent.click(page.getByRole("button", { name: "Declined" }));
    await expect.element(page.getByText("Please pay the last invoice first")).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it("sender IDs: requests first; approve with SSIR, reject with a reason, toggle SSIR on an approved name", async () => {
    await openApp("/operator/sender-ids");
    await userEvent.click(page.getByRole("button", { name: "Approve ACME for Acme Pte Ltd" }));
    const approve = page.getByRole("dialog", { name: "Approve ACME for Acme Pte Ltd?" });
    await userEvent.click(approve.getByRole("checkbox", { name: /Registered with SSIR/ }));
    await userEvent.click(approve.getByRole("button", { name: "Approve" }));
    await expect.element(page.getByText("ACME is approved for Acme Pte Ltd")).toBeVisible();
    expect(calls("POST", /approve$/)[0]?.body).toEqual({ ssirRegistered: true });

    await userEvent.click(page.getByRole("button", { name: "Reject BlueHarbour for Blue Harbour Clinic" }));
    const reject = page.getByRole("dialog", { name: "Reject BlueHarbour?" });
    await userEvent.click(reject.getByRole("button", { name: "Reject request" }));
    await expect.element(reject.getByText(/Tell the company why/)).toBeVisible();
    await userEvent.fill(reject.getByRole("textbox", { name: /Reason/ }), "Looks like another brand");
    await userEvent.click(reject.getByRole("button", { name: "Reject request" }));
    await expect.element(page.getByText("BlueHarbour is rejected")).toBeVisible();

    await userEvent.click(page.getByRole("switch", { name: "Registered with SSIR: CEDAR" }));
    await vi.waitFor(() => expect(calls("POST", /ssir$/)[0]?.body).toEqual({ ssirRegistered: false }));
    expect(await axeViolations()).toEqual([]);
  });

  it("numbers: a shared number needs a keyword per company, unique; delete asks first", async () => {
    await openApp("/operator/numbers");
    await expect.element(page.getByText("Acme Pte Ltd (ACME), Blue Harbour Clinic (BLUE)")).toBeVisible();
    await userEvent.click(page.getByRole("button", { name: "Add number" }));
    const dialog = page.getByRole("dialog", { name: "Add a number" });
    await userEvent.fill(dialog.getByRole("textbox", { name: /^Number/ }), "12");
    await userEvent.click(dialog.getByRole("radio", { name: "Shared by keyword" }));
    const picker = dialog.getByRole("combobox", { name: /Companies/ });
    await userEvent.click(picker);
    await userEvent.click(page.getByRole("option", { name: "Acme Pte Ltd" }));
    await userEvent.click(page.getByRole("option", { name: "Cedar Logistics" }));
    await userEvent.keyboard("{Escape}");
    await userEvent.fill(dialog.getByRole("textbox", { name: "Acme Pte Ltd's keyword" }), "SHOP");
    await userEvent.fill(dialog.getByRole("textbox", { name: "Cedar Logistics's keyword" }), "shop");
    await userEvent.click(dialog.getByRole("button", { name: "Add number" }));
    await expect.element(dialog.getByText(/A long number has 7 to 15 digits/)).toBeVisible();
    await expect
      .element(dialog.getByText("Acme Pte Ltd already has this keyword on this number."))
      .toBeVisible();
    expect(calls("POST", "/operator/numbers")).toHaveLength(0);
    await userEvent.fill(dialog.getByRole("textbox", { name: /^Number/ }), "+65 8000 0099");
    await userEvent.fill(dialog.getByRole("textbox", { name: "Cedar Logistics's keyword" }), "CEDAR");
    await userEvent.click(dialog.getByRole("button", { name: "Add number" }));
    await expect.element(page.getByText("+65 80000099 is added")).toBeVisible();
    expect(calls("POST", "/operator/numbers")[0]?.body).toEqual({
      number: "+6580000099",
      kind: "long",
      shared: true,
      owners: [
        { companyId: uuid(100), keyword: "SHOP" },
        { companyId: uuid(102), keyword: "CEDAR" },
      ],
    });

    await userEvent.click(page.getByRole("button", { name: "Actions for 72345" }));
    await userEvent.click(page.getByRole("menuitem", { name: "Delete" }));
    const confirm = page.getByRole("alertdialog", { name: "Stop receiving on 72345?" });
    await userEvent.click(confirm.getByRole("button", { name: "Delete number" }));
    await expect.element(page.getByText("72345 is deleted")).toBeVisible();
    expect(calls("DELETE", `/operator/numbers/${uuid(700)}`)).toHaveLength(1);
  });

  it("audit log: before and after as a readable diff, filters in the address, CSV export", async () => {
    await openApp("/operator/audit");
    const table = page.getByRole("table", { name: "Audit log" });
    await expect.element(table.getByText("Granted corporate credit")).toBeVisible();
    await expect.element(table.getByText("SGD 1,750.50")).toBeVisible();
    await expect.element(table.getByText("Agent")).toBeVisible();
    await expect.element(table.getByText("Admin")).toBeVisible();
    // ids never show
    expect(document.body.textContent).not.toMatch(/0190a1b2-/);
    await userEvent.fill(page.getByRole("searchbox", { name: "Who" }), "ada");
    await vi.waitFor(() => expect(calls("GET", "/operator/audit-log").at(-1)?.query.actor).toBe("ada"));
    await userEvent.click(page.getByRole("button", { name: "Export CSV" }));
    await vi.waitFor(() =>
      expect(calls("GET", "/operator/audit-log/export").at(-1)?.query).toEqual({ actor: "ada" }),
    );
    await expect.element(page.getByText("The audit log is downloaded")).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });
});

describe("the console at 390, 768 and 1440 px, light and dark (screenshots in .vitest-attachments/console)", () => {
  beforeEach(signedIn);
  const screens: [string, string][] = [
    ["overview", "/operator"],
    ["companies", "/operator/companies"],
    ["company", `/operator/companies/${uuid(103)}`],
    ["topups", "/operator/topups"],
    ["sender-ids", "/operator/sender-ids"],
    ["numbers", "/operator/numbers"],
    ["unrouted", "/operator/unrouted"],
    ["audit", "/operator/audit"],
  ];
  for (const [name, path] of screens) {
    it(`${name} fits every width without sideways scrolling`, async () => {
      for (const width of [390, 768, 1440]) {
        for (const dark of [false, true]) {
          setDark(dark);
          await openApp(path, width);
          await expect.element(page.getByRole("heading", { level: 1 })).toBeVisible();
          await vi.waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
          expect(document.documentElement.scrollWidth, `${name} ${width}`).toBeLessThanOrEqual(width);
          await shoot(`${name}-${width}-${dark ? "dark" : "light"}`);
          if (width === 390) expect(await axeViolations(), `${name} ${dark ? "dark" : "light"}`).toEqual([]);
          mounted?.root.unmount();
          mounted?.el.remove();
          mounted = null;
        }
      }
    });
  }
  it("sign-in and activation pages", async () => {
    localStorage.clear();
    for (const width of [390, 1440]) {
      for (const dark of [false, true]) {
        setDark(dark);
        await openApp("/operator/login", width);
        await expect.element(page.getByRole("heading", { name: "Operator sign-in" })).toBeVisible();
        await shoot(`login-${width}-${dark ? "dark" : "light"}`);
        mounted?.root.unmount();
        mounted?.el.remove();
        await openApp("/operator/activate?token=abc", width);
        await expect
          .element(page.getByRole("heading", { name: "Activate your operator account" }))
          .toBeVisible();
        await shoot(`activate-${width}-${dark ? "dark" : "light"}`);
        expect(await axeViolations()).toEqual([]);
        mounted?.root.unmount();
        mounted?.el.remove();
        mounted = null;
      }
    }
  });
});
