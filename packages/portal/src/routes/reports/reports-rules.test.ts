import { describe, expect, it } from "vitest";
import {
  deliveryLabel,
  deliveryTone,
  END_IN_FUTURE,
  localDay,
  rangeBody,
  rangeProblem,
  START_AFTER_END,
  START_IN_PAST,
} from "./reports-rules";

describe("report date ranges", () => {
  it("sends the start of the first local day and the end of the last one", () => {
    expect(rangeBody({ start: "2026-03-01", end: "2026-03-02" })).toEqual({
      startDate: new Date(2026, 2, 1).toISOString(),
      endDate: new Date(2026, 2, 2, 23, 59, 59, 999).toISOString(),
    });
    expect(rangeBody({ start: "", end: "" })).toEqual({});
    expect(rangeBody({ start: "", end: "2026-03-02" })).toEqual({
      endDate: new Date(2026, 2, 2, 23, 59, 59, 999).toISOString(),
    });
  });

  it("refuses inbox/outbox ends after today and scheduled starts before today", () => {
    const today = "2026-03-10";
    expect(rangeProblem({ start: "2026-03-01", end: "2026-03-10" }, "end-not-future", today)).toBeNull();
    expect(rangeProblem({ start: "", end: "2026-03-11" }, "end-not-future", today)).toBe(END_IN_FUTURE);
    expect(rangeProblem({ start: "2026-03-11", end: "" }, "end-not-future", today)).toBe(END_IN_FUTURE);
    expect(rangeProblem({ start: "2026-03-10", end: "2026-04-01" }, "start-not-past", today)).toBeNull();
    expect(rangeProblem({ start: "2026-03-09", end: "" }, "start-not-past", today)).toBe(START_IN_PAST);
    expect(rangeProblem({ start: "2026-03-05", end: "2026-03-04" }, "end-not-future", today)).toBe(
      START_AFTER_END,
    );
    expect(rangeProblem({ start: "2026-03-12", end: "2026-03-11" }, "start-not-past", today)).toBe(
      START_AFTER_END,
    );
  });

  it("names local days as yyyy-MM-dd", () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
  });
});

describe("delivery status", () => {
  it("shows Pending before a report and a tone per outcome", () => {
    expect(deliveryLabel(null)).toBe("Pending");
    expect(deliveryLabel("delivered")).toBe("Delivered");
    expect(deliveryTone("delivered")).toBe("success");
    expect(deliveryTone("failed")).toBe("danger");
    expect(deliveryTone(null)).toBe("warning");
  });
});
