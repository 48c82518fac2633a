import { describe, expect, it } from "vitest";
import { dateBoundsError } from "../DatePicker/dates";
import { dateRangeError } from "./DateRangePicker";

describe("dateBoundsError", () => {
  it("reports days outside [min, max] with dd/MM/yyyy dates", () => {
    expect(dateBoundsError("2025-01-31", "2025-02-01", undefined)).toBe("Date cannot be before 01/02/2025");
    expect(dateBoundsError("2025-03-01", undefined, "2025-02-28")).toBe("Date cannot be after 28/02/2025");
    expect(dateBoundsError("2025-02-01", "2025-02-01", "2025-02-01")).toBeNull();
    expect(dateBoundsError("", "2025-02-01", undefined)).toBeNull();
  });

  it("uses the caller's wording", () => {
    expect(dateBoundsError("2025-03-01", undefined, "2025-02-28", { maxMessage: "No future dates" })).toBe(
      "No future dates",
    );
  });
});

describe("dateRangeError", () => {
  it("flags the start first, then the end, then a reversed range", () => {
    expect(
      dateRangeError({ start: "2024-12-31", end: "2025-09-01" }, { min: "2025-01-01", max: "2025-06-30" }),
    ).toEqual({
      message: "Date cannot be before 01/01/2025",
      part: "start",
    });
    expect(dateRangeError({ start: "2025-02-01", end: "2025-07-01" }, { max: "2025-06-30" })?.part).toBe(
      "end",
    );
    expect(dateRangeError({ start: "2025-05-10", end: "2025-05-01" }, {})).toEqual({
      message: "End date cannot be before start date",
      part: "end",
    });
  });

  it("accepts open ends and equal days", () => {
    expect(dateRangeError({ start: "", end: "2025-05-01" }, {})).toBeNull();
    expect(dateRangeError({ start: "2025-05-01", end: "2025-05-01" }, {})).toBeNull();
  });
});
