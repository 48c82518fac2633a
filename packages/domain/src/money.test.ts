import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  centsToSgd,
  formatAmount,
  formatSgd,
  MAX_EXACT_CENTS,
  MoneyError,
  PURCHASE_PRESETS_SGD,
  parseCustomAmount,
  parsePurchaseAmount,
  sgdToCents,
} from "./money";

const safeCents = fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
const exactCents = fc.integer({ min: -MAX_EXACT_CENTS, max: MAX_EXACT_CENTS });

describe("sgdToCents", () => {
  it("converts exactly, without float multiplication errors", () => {
    expect(sgdToCents("12.5")).toBe(1250);
    expect(sgdToCents(12.5)).toBe(1250);
    expect(sgdToCents(0.29)).toBe(29);
    expect(sgdToCents(1.15)).toBe(115);
    expect(sgdToCents(4.35)).toBe(435);
    expect(sgdToCents(19.99)).toBe(1999);
    expect(sgdToCents("0.07")).toBe(7);
    expect(sgdToCents("0")).toBe(0);
    expect(sgdToCents(0)).toBe(0);
    expect(sgdToCents(" 1,234.50 ")).toBe(123450);
    expect(sgdToCents("12.")).toBe(1200);
    expect(sgdToCents(".5")).toBe(50);
    expect(sgdToCents("12.500")).toBe(1250);
    expect(sgdToCents("-3.10")).toBe(-310);
    expect(sgdToCents("+3")).toBe(300);
    expect(sgdToCents(-3.1)).toBe(-310);
  });

  it("throws MoneyError for anything inexact or not an amount", () => {
    for (const bad of [
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      -0,
      "-0",
      "-0.00",
      1.005,
      "1.005",
      0.1 + 0.2,
      1e21,
      1e-7,
      "1e3",
      "",
      "  ",
      ".",
      "abc",
      "12,34",
      "1,2345.00",
      "--1",
      "1.2.3",
      "99999999999999999",
    ]) {
      expect(() => sgdToCents(bad), String(bad)).toThrow(MoneyError);
    }
    expect(() => sgdToCents(null as unknown as string)).toThrow(MoneyError);
  });

  it("round-trips with centsToSgd and formatAmount (property)", () => {
    fc.assert(
      fc.property(exactCents, (cents) => {
        expect(sgdToCents(centsToSgd(cents))).toBe(cents);
      }),
    );
    fc.assert(
      fc.property(safeCents, (cents) => {
        expect(sgdToCents(formatAmount(cents))).toBe(cents);
      }),
    );
  });

  it("reads any two-decimal string exactly (property)", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 13n }), fc.integer({ min: 0, max: 99 }), (whole, frac) => {
        const text = `${whole}.${String(frac).padStart(2, "0")}`;
        expect(sgdToCents(text)).toBe(Number(whole) * 100 + frac);
      }),
    );
  });

  it("refuses a third non-zero decimal (property)", () => {
    fc.assert(
      fc.property(
        fc.nat(1_000_000),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 1, max: 9 }),
        (w, f, d) => {
          expect(() => sgdToCents(`${w}.${String(f).padStart(2, "0")}${d}`)).toThrow(MoneyError);
        },
      ),
    );
  });
});

describe("centsToSgd", () => {
  it("converts cents to a number of SGD", () => {
    expect(centsToSgd(1250)).toBe(12.5);
    expect(centsToSgd(29)).toBe(0.29);
    expect(centsToSgd(0)).toBe(0);
    expect(Object.is(centsToSgd(-0), 0)).toBe(true);
    expect(centsToSgd(-199)).toBe(-1.99);
    expect(centsToSgd(123450n)).toBe(1234.5);
  });

  it("throws for fractional or unsafe cents", () => {
    expect(() => centsToSgd(1.5)).toThrow(MoneyError);
    expect(() => centsToSgd(Number.NaN)).toThrow(MoneyError);
    expect(() => centsToSgd(2 ** 53)).toThrow(MoneyError);
    expect(() => centsToSgd(MAX_EXACT_CENTS + 1)).toThrow(MoneyError);
    expect(centsToSgd(-MAX_EXACT_CENTS)).toBe(-10_000_000_000_000);
    expect(() => centsToSgd(2n ** 60n)).toThrow(MoneyError);
  });

  it("shows the decimal amount exactly (property)", () => {
    fc.assert(
      fc.property(exactCents, (cents) => {
        expect(centsToSgd(cents)).toBe(Number(formatAmount(cents).replaceAll(",", "")));
      }),
    );
  });
});

describe("formatting", () => {
  it("formats cents with separators and two decimals", () => {
    expect(formatSgd(123450)).toBe("SGD 1,234.50");
    expect(formatAmount(123450)).toBe("1,234.50");
    expect(formatAmount(0)).toBe("0.00");
    expect(formatAmount(5)).toBe("0.05");
    expect(formatAmount(100)).toBe("1.00");
    expect(formatAmount(100000000)).toBe("1,000,000.00");
    expect(formatAmount(-123450)).toBe("-1,234.50");
    expect(formatSgd(-5)).toBe("SGD -0.05");
    expect(formatAmount(12345678901234567890n)).toBe("123,456,789,012,345,678.90");
    expect(() => formatAmount(1.5)).toThrow(MoneyError);
  });

  it("always prints two decimals and grouped thousands (property)", () => {
    fc.assert(
      fc.property(safeCents, (cents) => {
        expect(formatAmount(cents)).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(formatSgd(cents)).toBe(`SGD ${formatAmount(cents)}`);
      }),
    );
  });
});

describe("purchase amounts", () => {
  it("has the spec's presets", () => {
    expect(PURCHASE_PRESETS_SGD).toEqual([500, 1000, 1500, 2000, 2500, 3000]);
  });

  it("reads a custom amount as a non-negative integer, otherwise 0", () => {
    expect(parseCustomAmount("1500")).toBe(1500);
    expect(parseCustomAmount(" 42 ")).toBe(42);
    expect(parseCustomAmount("42.00")).toBe(42);
    expect(parseCustomAmount(700)).toBe(700);
    expect(parseCustomAmount("12.5")).toBe(0);
    expect(parseCustomAmount("-5")).toBe(0);
    expect(parseCustomAmount(-5)).toBe(0);
    expect(parseCustomAmount(12.5)).toBe(0);
    expect(parseCustomAmount("abc")).toBe(0);
    expect(parseCustomAmount("1e3")).toBe(0);
    expect(parseCustomAmount("")).toBe(0);
    expect(parseCustomAmount(null)).toBe(0);
    expect(parseCustomAmount(Number.NaN)).toBe(0);
    expect(parseCustomAmount("99999999999999999999")).toBe(0);
  });

  it("rejects zero with the spec's message", () => {
    expect(parsePurchaseAmount("0")).toEqual({ ok: false, error: "Please select or enter amount" });
    expect(parsePurchaseAmount("")).toEqual({ ok: false, error: "Please select or enter amount" });
    expect(parsePurchaseAmount("-10")).toEqual({ ok: false, error: "Please select or enter amount" });
    expect(parsePurchaseAmount(undefined)).toEqual({ ok: false, error: "Please select or enter amount" });
    expect(parsePurchaseAmount(500)).toEqual({ ok: true, sgd: 500, cents: 50000 });
    expect(parsePurchaseAmount("1234")).toEqual({ ok: true, sgd: 1234, cents: 123400 });
  });

  it("accepts every positive integer (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), (n) => {
        expect(parsePurchaseAmount(String(n))).toEqual({ ok: true, sgd: n, cents: n * 100 });
      }),
    );
  });
});
