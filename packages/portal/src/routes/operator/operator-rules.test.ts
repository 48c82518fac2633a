import { ApiError } from "@herald/api-client";
import { MESSAGES } from "@herald/domain";
import { describe, expect, it } from "vitest";
import {
  adjustedBalance,
  adjustmentAmount,
  adjustmentProblem,
  channelLabel,
  companyStatus,
  emptyNumberForm,
  hasNumberProblems,
  type NumberForm,
  numberBody,
  numberProblems,
  ownersText,
  parsePrice,
  priceInput,
  priceText,
  problemText,
  reasonProblem,
  sgd,
  shortDateTime,
  topupStatus,
  userLimitNote,
  userLimitProblem,
} from "./operator-rules";

describe("words of the console", () => {
  it("puts statuses and channels in words, never codes", () => {
    expect(companyStatus("active")).toEqual({ label: "Active", tone: "success" });
    expect(companyStatus("suspended")).toEqual({ label: "Suspended", tone: "danger" });
    expect(topupStatus("open").label).toBe("Waiting");
    expect(topupStatus("granted").label).toBe("Granted");
    expect(topupStatus("declined").label).toBe("Declined");
    expect(channelLabel("sms")).toBe("SMS (per segment)");
    expect(channelLabel("email")).toBe("E-mail");
    expect(channelLabel("generic")).toBe("Other channels");
  });

  it("writes money, prices and times compactly", () => {
    expect(sgd(1234.5)).toBe("SGD 1,234.50");
    expect(sgd(null)).toBe("-");
    expect(priceText(5)).toBe("SGD 0.05");
    expect(priceInput(5)).toBe("0.05");
    expect(priceInput(120)).toBe("1.20");
    expect(shortDateTime(null)).toBe("-");
    expect(shortDateTime("2026-11-28T14:05:09")).toBe("28/11/2026 14:05");
  });

  it("tells the server's refusal, not a crash", () => {
    expect(problemText(new ApiError(409, "Already answered", null))).toBe("Already answered");
    expect(problemText(new ApiError(500, "boom", null))).toBe(MESSAGES.somethingWentWrong);
    expect(problemText(new TypeError("fetch failed"))).toBe(MESSAGES.somethingWentWrong);
  });
});

describe("the company's forms", () => {
  it("needs a reason under 500 characters", () => {
    expect(reasonProblem("  ")).toBe("Please give a reason.");
    expect(reasonProblem("", "Tell the company why.")).toBe("Tell the company why.");
    expect(reasonProblem("Unpaid invoices")).toBeNull();
    expect(reasonProblem("x".repeat(501))).toMatch(/under 500/);
  });

  it("takes a whole user limit from 0 to 100,000 and says what a limit below the users means", () => {
    expect(userLimitProblem("")).toMatch(/Enter/);
    expect(userLimitProblem("2.5")).toMatch(/whole number/);
    expect(userLimitProblem("-1")).toMatch(/whole number/);
    expect(userLimitProblem("100001")).toMatch(/at most/);
    expect(userLimitProblem("0")).toBeNull();
    expect(userLimitNote(5, 12)).toMatch(/has 12 users: no one is removed/);
    expect(userLimitNote(20, 12)).toBeNull();
  });

  it("reads prices in SGD as whole cents", () => {
    expect(parsePrice("0.05")).toEqual({ cents: 5 });
    expect(parsePrice(".5")).toEqual({ cents: 50 });
    expect(parsePrice("1")).toEqual({ cents: 100 });
    expect(parsePrice("0.055")).toEqual({ problem: "A price has at most two decimals (whole cents)." });
    expect(parsePrice("abc")).toEqual({ problem: "Enter a price in SGD, such as 0.05." });
    expect(parsePrice("-1")).toEqual({ problem: "Enter a price in SGD, such as 0.05." });
    expect(parsePrice("1000.01")).toEqual({ problem: "A price is at most SGD 1,000.00 per message." });
    expect(parsePrice(" ")).toEqual({ problem: "Enter a price, or use the default." });
  });

  it("grants or takes back credit, never below zero, and shows the balance after", () => {
    expect(adjustmentProblem("grant", null, 0)).toMatch(/greater than zero/);
    expect(adjustmentProblem("grant", 0, 0)).toMatch(/greater than zero/);
    expect(adjustmentProblem("grant", 50_000, 0)).toBeNull();
    expect(adjustmentProblem("take", 10_001, 10_000)).toBe(
      "You can take back at most the balance, SGD 100.00.",
    );
    expect(adjustmentProblem("take", 10_000, 10_000)).toBeNull();
    expect(adjustedBalance(10_000, "grant", 5_000)).toBe(15_000);
    expect(adjustedBalance(10_000, "take", 2_550)).toBe(7_450);
    expect(adjustmentAmount("grant", 5_000)).toBe(50);
    expect(adjustmentAmount("take", 2_550)).toBe(-25.5);
  });
});

describe("the number dialog", () => {
  const acme = { companyId: "a", companyName: "Acme", keyword: "" };
  const beta = { companyId: "b", companyName: "Beta", keyword: "" };
  const form = (f: Partial<NumberForm>): NumberForm => ({ ...emptyNumberForm(), ...f });

  it("checks long numbers and short codes", () => {
    expect(numberProblems(form({ number: "" })).number).toBe("Enter the number.");
    expect(numberProblems(form({ number: "+65 9123 4567" })).number).toBeUndefined();
    expect(numberProblems(form({ number: "6591234567" })).number).toBeUndefined();
    expect(numberProblems(form({ number: "12345" })).number).toMatch(/7 to 15 digits/);
    expect(numberProblems(form({ kind: "short", number: "72345" })).number).toBeUndefined();
    expect(numberProblems(form({ kind: "short", number: "+6591234567" })).number).toBe(
      "A short code has 3 to 8 digits.",
    );
  });

  it("gives an exclusive number one company and no keyword; a shared one a keyword per company, unique without case", () => {
    expect(numberProblems(form({ number: "72345", kind: "short", owners: [acme, beta] })).owners).toMatch(
      /one company/,
    );
    const shared = numberProblems(
      form({
        number: "72345",
        kind: "short",
        shared: true,
        owners: [
          { ...acme, keyword: "SHOP" },
          { ...beta, keyword: "shop" },
          { companyId: "c", companyName: "Care", keyword: "" },
          { companyId: "d", companyName: "Dine", keyword: "two words" },
        ],
      }),
    );
    expect(shared.keywords).toEqual({
      b: "Acme already has this keyword on this number.",
      c: "Enter Care's keyword.",
      d: "One word of letters and digits, at most 50.",
    });
    const ok = form({ number: "72345", kind: "short", shared: true, owners: [{ ...acme, keyword: "SHOP" }] });
    expect(hasNumberProblems(numberProblems(ok))).toBe(false);
    expect(numberBody(ok)).toEqual({
      number: "72345",
      kind: "short",
      shared: true,
      owners: [{ companyId: "a", keyword: "SHOP" }],
    });
    expect(numberBody({ ...ok, shared: false, number: "+65 9123-4567", kind: "long" })).toEqual({
      number: "+6591234567",
      kind: "long",
      shared: false,
      owners: [{ companyId: "a", keyword: null }],
    });
  });

  it("says who receives a number's messages", () => {
    expect(ownersText({ shared: false, owners: [] })).toBe("No company yet");
    expect(
      ownersText({ shared: false, owners: [{ companyId: "a", companyName: "Acme", keyword: null }] }),
    ).toBe("Acme");
    expect(
      ownersText({
        shared: true,
        owners: [
          { companyId: "a", companyName: "Acme", keyword: "SHOP" },
          { companyId: "b", companyName: "Beta", keyword: "BETA" },
        ],
      }),
    ).toBe("Acme (SHOP), Beta (BETA)");
  });
});
