import { describe, expect, it } from "vitest";
import { nextRunAfter, runInstant } from "./schedule";

const SG = "Asia/Singapore";
const iso = (d: Date | null) => d?.toISOString();

describe("schedule instants (Asia/Singapore, UTC+8)", () => {
  it("one-time and the first run are the wall-clock time in the zone", () => {
    expect(iso(runInstant("once", { date: "2026-12-01", time: "09:30", timeZone: SG }, 0))).toBe(
      "2026-12-01T01:30:00.000Z",
    );
    expect(iso(runInstant("daily", { date: "2026-12-01", time: "00:00", timeZone: SG }, 0))).toBe(
      "2026-11-30T16:00:00.000Z",
    );
    expect(nextRunAfter("once", { date: "2026-12-01", time: "09:30", timeZone: SG }, new Date(0))).toBeNull();
  });

  it("daily and weekly repeat at the same time of day, across month and year ends", () => {
    const start = { date: "2026-12-31", time: "23:30", timeZone: SG };
    expect(iso(runInstant("daily", start, 0))).toBe("2026-12-31T15:30:00.000Z");
    expect(iso(runInstant("daily", start, 1))).toBe("2027-01-01T15:30:00.000Z");
    expect(iso(runInstant("weekly", start, 1))).toBe("2027-01-07T15:30:00.000Z");
    const after = runInstant("daily", start, 0);
    expect(iso(nextRunAfter("daily", start, after))).toBe("2027-01-01T15:30:00.000Z");
    expect(iso(nextRunAfter("weekly", start, after))).toBe("2027-01-07T15:30:00.000Z");
  });

  it("monthly on the 31st runs on the last day of shorter months: Feb 28, and Feb 29 in a leap year", () => {
    const start = { date: "2027-01-31", time: "10:00", timeZone: SG };
    expect(iso(runInstant("monthly", start, 1))).toBe("2027-02-28T02:00:00.000Z");
    expect(iso(runInstant("monthly", start, 2))).toBe("2027-03-31T02:00:00.000Z");
    expect(iso(runInstant("monthly", start, 3))).toBe("2027-04-30T02:00:00.000Z");
    const leap = { date: "2028-01-31", time: "10:00", timeZone: SG };
    expect(iso(runInstant("monthly", leap, 1))).toBe("2028-02-29T02:00:00.000Z");
    expect(iso(nextRunAfter("monthly", leap, runInstant("monthly", leap, 0)))).toBe(
      "2028-02-29T02:00:00.000Z",
    );
    expect(iso(nextRunAfter("monthly", leap, new Date("2028-02-29T02:00:00.000Z")))).toBe(
      "2028-03-31T02:00:00.000Z",
    );
    expect(iso(runInstant("monthly", { date: "2027-11-30", time: "08:00", timeZone: SG }, 3))).toBe(
      "2028-02-29T00:00:00.000Z",
    );
  });

  it("follows daylight saving in zones that have it", () => {
    const ny = { date: "2027-03-13", time: "09:00", timeZone: "America/New_York" };
    expect(iso(runInstant("daily", ny, 0))).toBe("2027-03-13T14:00:00.000Z");
    expect(iso(runInstant("daily", ny, 1))).toBe("2027-03-14T13:00:00.000Z");
  });
});
