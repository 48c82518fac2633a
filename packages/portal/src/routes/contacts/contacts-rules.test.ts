import { MESSAGES } from "@herald/domain";
import { describe, expect, it } from "vitest";
import {
  contactFormErrors,
  contactNumberOf,
  distinctContacts,
  groupNameError,
  importPercent,
  importProgressText,
  importSummary,
  neutraliseCell,
  phoneOf,
  recordPage,
  toCsv,
  totalLabel,
} from "./contacts-rules";

describe("keyset paging", () => {
  it("makes the next page reachable once its cursor is known, and ends at a last page", () => {
    let cursors = recordPage([undefined], 0, "c1");
    expect(cursors).toEqual([undefined, "c1"]);
    cursors = recordPage(cursors, 1, "c2");
    expect(cursors).toEqual([undefined, "c1", "c2"]);
    // going back keeps the pages known beyond when the answer agrees
    expect(recordPage(cursors, 0, "c1")).toEqual([undefined, "c1", "c2"]);
    // a different next page (rows changed) drops what was known beyond it
    expect(recordPage(cursors, 0, "x1")).toEqual([undefined, "x1"]);
    // the last page
    expect(recordPage(cursors, 1, null)).toEqual([undefined, "c1"]);
    expect(recordPage([undefined], 0, null)).toEqual([undefined]);
  });

  it("with page jumps, records a page read by its number wherever it is and keeps the cursors before it", () => {
    let cursors = recordPage([undefined], 0, "c1", true);
    expect(cursors).toEqual([undefined, "c1"]);
    // the last page (index 501 of 502) read by its number: nothing after it, the known pages stay
    cursors = recordPage(cursors, 501, null, true);
    expect(cursors).toEqual([undefined, "c1"]);
    // page 300 read by its number: its next page becomes known, the pages between stay unknown
    cursors = recordPage(cursors, 299, "c300", true);
    expect(cursors.length).toBe(301);
    expect(cursors[300]).toBe("c300");
    expect(cursors[150]).toBeUndefined();
  });

  it("counts an upload honestly: added, updated, and the rows not imported", () => {
    expect(importSummary({ imported: 2, rowsFailed: 3 })).toBe(
      "2 contacts were added. 3 rows were not imported: see the reasons below.",
    );
    expect(importSummary({ imported: 1, updated: 1, rowsFailed: 1 })).toBe(
      "1 contact was added, 1 existing contact was updated. 1 row was not imported: see the reasons below.",
    );
    expect(importSummary({ imported: 50_197, updated: 0, rowsFailed: 0 })).toBe(
      "50,197 contacts were added.",
    );
  });

  it("shows a capped total as 10,000+", () => {
    expect(totalLabel(10_000, false)).toBe("10,000+");
    expect(totalLabel(250, true)).toBe("250");
    expect(totalLabel(3, undefined)).toBe("3");
  });
});

describe("exports", () => {
  it("neutralises cells a spreadsheet would run as formulas", () => {
    for (const v of ["=1+1", "+65", "-2", "@SUM(A1)", "\tx", "\rx"]) expect(neutraliseCell(v)).toBe(`'${v}`);
    expect(neutraliseCell("6591234567")).toBe("6591234567");
    expect(neutraliseCell("Mei Ling")).toBe("Mei Ling");
  });

  it("writes CSV with quoting and neutralised cells", () => {
    expect(
      toCsv([
        ["Name", "Mobile"],
        ['Tan, "Ah" Kow', "=HYPERLINK()"],
        ["Mei", "6591234567"],
      ]),
    ).toBe('Name,Mobile\r\n"Tan, ""Ah"" Kow",\'=HYPERLINK()\r\nMei,6591234567\r\n');
  });
});

describe("contact form", () => {
  const base = { name: "Mei", callingCode: "65", number: "91234567", email: "" };
  it("needs a name and a number of 7 to 15 digits with the country code", () => {
    expect(contactFormErrors(base)).toEqual({});
    expect(contactFormErrors({ ...base, name: "  " }).name).toBe(MESSAGES.required);
    expect(contactFormErrors({ ...base, number: "" }).number).toBe(MESSAGES.contactNumberRequired);
    expect(contactFormErrors({ ...base, number: "123" }).number).toBe(MESSAGES.contactNumberTooShort);
    expect(contactFormErrors({ ...base, number: "1234567890123456" }).number).toBe(
      MESSAGES.contactNumberTooLong,
    );
  });

  it("strips non-digits and keeps the e-mail address optional and unchecked", () => {
    expect(contactNumberOf({ callingCode: "65", number: "9123 4567" })).toBe("6591234567");
    expect(contactFormErrors({ ...base, number: "9123-4567", email: "not an address" })).toEqual({});
  });

  it("splits a stored number for the phone field", () => {
    expect(phoneOf("6591234567", "65")).toEqual({ callingCode: "65", number: "91234567" });
  });
});

describe("groups and imports", () => {
  it("requires a group name of at most 100 characters", () => {
    expect(groupNameError(" ")).toBe(MESSAGES.required);
    expect(groupNameError("x".repeat(100))).toBeUndefined();
    expect(groupNameError("x".repeat(101))).toBe("Group name cannot exceed 100 characters.");
  });

  it("counts each contact once among add-member issues", () => {
    const rows = [
      { row: 1, mobile: "6591234567" },
      { row: 1, mobile: "6591234567" },
      { row: 2, mobile: "6591234568" },
    ];
    expect(distinctContacts(rows)).toBe(2);
  });

  it("follows an import's progress", () => {
    expect(importPercent({ status: "running", rowsDone: 50, rowsTotal: null, rowsFailed: 0 })).toBeNull();
    expect(importPercent({ status: "running", rowsDone: 250, rowsTotal: 1000, rowsFailed: 0 })).toBe(25);
    expect(importPercent({ status: "done", rowsDone: 1000, rowsTotal: 1000, rowsFailed: 3 })).toBe(100);
    expect(importProgressText({ status: "running", rowsDone: 1200, rowsTotal: 5000, rowsFailed: 3 })).toBe(
      "1,200 of 5,000 rows checked, 3 with issues",
    );
    expect(importProgressText({ status: "queued", rowsDone: 0, rowsFailed: 0 })).toBe("Waiting to start…");
  });
});
