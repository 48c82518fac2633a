import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatDateTime12,
  formatDateTime24,
  formatInZone,
  setDisplayTimeZone,
  timeSlots,
  toDate,
} from "./dates";
import { dayInZone, instantInZone, validateTimeZone, zoneLabel } from "./zones";

// Local-time constructors and zone-less strings keep these tests independent of the machine's time zone.
const evening = new Date(2024, 0, 31, 21, 5, 9);
const morning = new Date(2024, 6, 4, 9, 7, 3);

describe("formatters", () => {
  it("use the spec's patterns", () => {
    expect(formatDate(evening)).toBe("31/01/2024");
    expect(formatDateTime(evening)).toBe("31/01/2024 21:05:09");
    expect(formatDateTime(morning)).toBe("04/07/2024 9:07:03");
    expect(formatDateTime12(evening)).toBe("31/01/2024 09:05 PM");
    expect(formatDateTime12(morning)).toBe("04/07/2024 09:07 AM");
    expect(formatDateTime24(morning)).toBe("04/07/2024 09:07:03");
    expect(formatDateTime12(new Date(2024, 0, 1, 0, 0))).toBe("01/01/2024 12:00 AM");
    expect(formatDateTime12(new Date(2024, 0, 1, 12, 30))).toBe("01/01/2024 12:30 PM");
  });

  it("accept Date, epoch milliseconds and strings", () => {
    expect(formatDateTime24(evening.getTime())).toBe("31/01/2024 21:05:09");
    expect(formatDateTime24("2024-01-31T21:05:09")).toBe("31/01/2024 21:05:09");
    expect(formatDateTime24("2024-01-31 21:05:09")).toBe("31/01/2024 21:05:09");
    expect(formatDate("2024-01-31")).toBe("31/01/2024");
    expect(formatDate(new Date("2024-01-31T12:00:00Z").toISOString())).toMatch(/^(30|31|01)\/0[12]\/2024$/);
  });

  it("show '-' for missing or invalid input", () => {
    for (const bad of [
      null,
      undefined,
      "",
      "   ",
      "not a date",
      Number.NaN,
      new Date(Number.NaN),
      "2024-13-45",
      "01/02/2024",
    ]) {
      expect(formatDate(bad)).toBe("-");
      expect(formatDateTime(bad)).toBe("-");
      expect(formatDateTime12(bad)).toBe("-");
      expect(formatDateTime24(bad)).toBe("-");
    }
  });

  it("formats any valid date in its shape (property)", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(1970, 0, 1), max: new Date(9999, 11, 31), noInvalidDate: true }),
        (d) => {
          expect(formatDate(d)).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
          expect(formatDateTime(d)).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2}:\d{2}$/);
          expect(formatDateTime12(d)).toMatch(/^\d{2}\/\d{2}\/\d{4} (0[1-9]|1[0-2]):\d{2} (AM|PM)$/);
          expect(formatDateTime24(d)).toMatch(/^\d{2}\/\d{2}\/\d{4} ([01]\d|2[0-3]):\d{2}:\d{2}$/);
          expect(formatDateTime24(d.getTime())).toBe(formatDateTime24(d));
          expect(toDate(d.toISOString())?.getTime()).toBe(d.getTime());
        },
      ),
    );
  });
});

describe("timeSlots", () => {
  it("lists 48 half-hour slots from 00:00 to 23:30", () => {
    const slots = timeSlots();
    expect(slots).toHaveLength(48);
    expect(slots.slice(0, 3)).toEqual(["00:00", "00:30", "01:00"]);
    expect(slots.at(-1)).toBe("23:30");
    expect(new Set(slots).size).toBe(48);
  });

  it("supports other steps and rejects bad ones", () => {
    expect(timeSlots(60)).toHaveLength(24);
    expect(timeSlots(15)[1]).toBe("00:15");
    expect(() => timeSlots(0)).toThrow(RangeError);
    expect(() => timeSlots(7.5)).toThrow(RangeError);
  });
});

describe("the company's time zone", () => {
  it("shows instants in the display zone with its label, whatever the runtime's zone", () => {
    setDisplayTimeZone("Asia/Singapore");
    try {
      expect(formatDateTime12("2026-11-28T16:00:00Z")).toBe("29/11/2026 12:00 AM SGT");
      expect(formatDate("2026-11-28T16:00:00Z")).toBe("29/11/2026");
      // a wall-clock value (no offset) is shown as written
      expect(formatDateTime24("2026-11-28 08:00:00")).toBe("28/11/2026 08:00:00");
      setDisplayTimeZone("America/New_York");
      expect(formatDateTime24("2026-12-01T05:00:00.000Z")).toBe("01/12/2026 00:00:00 EST");
      expect(formatDateTime12("2026-07-01T04:00:00.000Z")).toBe("01/07/2026 12:00 AM EDT");
      expect(formatInZone("2026-11-28T00:00:00Z", "d MMM yyyy, HH:mm", "Asia/Singapore")).toBe(
        "28 Nov 2026, 08:00 SGT",
      );
    } finally {
      setDisplayTimeZone(null);
    }
  });

  it("reads wall clocks and days in a zone, across daylight-saving changes", () => {
    expect(instantInZone("2026-11-28", "08:00", "Asia/Singapore")?.toISOString()).toBe(
      "2026-11-28T00:00:00.000Z",
    );
    expect(instantInZone("2027-01-15", "09:30", "America/New_York")?.toISOString()).toBe(
      "2027-01-15T14:30:00.000Z",
    );
    expect(instantInZone("2027-07-15", "09:30", "America/New_York")?.toISOString()).toBe(
      "2027-07-15T13:30:00.000Z",
    );
    expect(instantInZone("2027-03-14", "02:30", "America/New_York")?.toISOString()).toBe(
      "2027-03-14T07:30:00.000Z",
    );
    expect(dayInZone(new Date("2026-12-01T04:59:59Z"), "America/New_York")).toBe("2026-11-30");
    expect(dayInZone(new Date("2026-12-01T05:00:00Z"), "America/New_York")).toBe("2026-12-01");
    expect(zoneLabel("Asia/Bangkok")).toBe("GMT+7");
  });

  it("accepts only Intl's zones", () => {
    expect(validateTimeZone("America/New_York")).toBeNull();
    expect(validateTimeZone("UTC")).toBeNull();
    expect(validateTimeZone("Mars/Olympus")).toMatch(/from the list/);
    expect(validateTimeZone("")).toMatch(/choose a time zone/);
  });
});
