import { describe, expect, it } from "vitest";
import {
  choiceError,
  choiceSgd,
  outcomeMessage,
  PURCHASE_PRESETS_SGD,
  paymentOutcome,
} from "./purchase-rules";

describe("purchase amount rules", () => {
  it("offers the presets 500 to 3000 SGD", () => {
    expect(PURCHASE_PRESETS_SGD).toEqual([500, 1000, 1500, 2000, 2500, 3000]);
    expect(choiceSgd({ kind: "preset", sgd: 1500 })).toBe(1500);
  });

  it("reads a custom amount as a non-negative whole number of SGD, otherwise 0", () => {
    expect(choiceSgd({ kind: "custom", text: "750" })).toBe(750);
    expect(choiceSgd({ kind: "custom", text: " 42 " })).toBe(42);
    for (const text of ["", "-5", "1.5", "abc", "1e3", "0"])
      expect(choiceSgd({ kind: "custom", text }), text).toBe(0);
  });

  it("refuses zero with 'Please select or enter amount'", () => {
    expect(choiceError(null)).toBe("Please select or enter amount");
    expect(choiceError({ kind: "custom", text: "0" })).toBe(
      "Please select or enter amount. The smallest purchase is SGD 1.",
    );
    expect(choiceError({ kind: "custom", text: "" })).toBe("Please select or enter amount");
    expect(choiceError({ kind: "custom", text: "12" })).toBeUndefined();
    expect(choiceError({ kind: "custom", text: "1,000" })).toBeUndefined();
    expect(choiceSgd({ kind: "custom", text: "1,000" })).toBe(1000);
  });

  it("names the rule a refused custom amount breaks, after the specification's words", () => {
    expect(choiceError({ kind: "custom", text: "12.5" })).toBe(
      "Please select or enter amount. Amounts are whole SGD, without cents: enter 12 or 13.",
    );
    expect(choiceError({ kind: "custom", text: "0.5" })).toBe(
      "Please select or enter amount. The smallest purchase is SGD 1.",
    );
    expect(choiceError({ kind: "custom", text: "1000000" })).toBe(
      "Please select or enter amount. The largest purchase is SGD 999,999.",
    );
    expect(choiceError({ kind: "custom", text: "-5" })).toBe(
      "Please select or enter amount. Amounts are whole SGD written in digits, e.g. 750.",
    );
    expect(choiceError({ kind: "custom", text: "12.00" })).toBeUndefined();
    expect(choiceError({ kind: "custom", text: "12" })).toBeUndefined();
    expect(choiceError({ kind: "preset", sgd: 500 })).toBeUndefined();
  });

  it("reads the provider's answer from ?payment_success", () => {
    expect(paymentOutcome(new URLSearchParams("payment_success=true"))).toBe("success");
    expect(paymentOutcome(new URLSearchParams("payment_success=false"))).toBe("cancelled");
    expect(paymentOutcome(new URLSearchParams("payment_success=maybe"))).toBeUndefined();
    expect(paymentOutcome(new URLSearchParams(""))).toBeUndefined();
    expect(outcomeMessage("success")).toBe("Payment Success");
    expect(outcomeMessage("cancelled")).toBe("Payment Cancelled");
  });
});
