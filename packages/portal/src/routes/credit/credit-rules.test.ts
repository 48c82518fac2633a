import { MESSAGES } from "@herald/domain";
import { describe, expect, it } from "vitest";
import { amountError, joinDepts, safeCents } from "./credit-rules";

const balances = { user: 1_000, company: 50_000 };

describe("credit amount rules", () => {
  it("requires an amount more than 0", () => {
    expect(amountError(null, "add", balances)).toBe(MESSAGES.required);
    expect(amountError(0, "deduct", balances)).toBe("Enter an amount more than 0.00.");
  });

  it("caps an add at the corporate balance", () => {
    expect(amountError(50_000, "add", balances)).toBeUndefined();
    expect(amountError(50_001, "add", balances)).toBe(
      "You can allocate at most SGD 500.00, the corporate balance.",
    );
  });

  it("never deducts below 0", () => {
    expect(amountError(1_000, "deduct", balances)).toBeUndefined();
    expect(amountError(1_001, "deduct", balances)).toBe(
      "You cannot deduct more than the user's credit (SGD 10.00).",
    );
    // a deduction is not limited by the corporate balance
    expect(amountError(1_000, "deduct", { user: 1_000, company: 0 })).toBeUndefined();
  });

  it("reads SGD figures as cents and joins departments with ' & '", () => {
    expect(safeCents(12.5)).toBe(1_250);
    expect(safeCents(null)).toBeUndefined();
    expect(safeCents(1.234)).toBeUndefined();
    expect(joinDepts([{ name: "Sales" }, { name: "Support" }])).toBe("Sales & Support");
    expect(joinDepts([])).toBe("-");
  });
});
