import { ApiError } from "@herald/api-client";
import { MESSAGES } from "@herald/domain";
import { describe, expect, it } from "vitest";
import { centsOf, personParts, problemText, sgd, shortDateTime } from "./format";

describe("format", () => {
  it("splits a person's label into name and e-mail", () => {
    expect(personParts("Ada Tan <ada@example.com>")).toEqual({ name: "Ada Tan", email: "ada@example.com" });
    expect(personParts("Olive Ops <olive@herald.example> (operator)")).toEqual({
      name: "Olive Ops",
      email: "olive@herald.example",
    });
    expect(personParts("<solo@example.com>")).toEqual({ name: "solo@example.com", email: null });
    expect(personParts("System")).toEqual({ name: "System", email: null });
  });
  it("writes money and times compactly, and tells a refusal from a failure", () => {
    expect(centsOf(12.5)).toBe(1250);
    expect(centsOf(Number.NaN)).toBeUndefined();
    expect(sgd(0)).toBe("SGD 0.00");
    expect(shortDateTime("2026-01-02T03:04:05")).toBe("02/01/2026 03:04");
    expect(problemText(new ApiError(400, "Invalid code", null))).toBe("Invalid code");
    expect(problemText(new ApiError(503, "down", null))).toBe(MESSAGES.somethingWentWrong);
  });
});
