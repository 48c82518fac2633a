import { describe, expect, it } from "vitest";
import {
  downloadName,
  formatStatementTime,
  isDay,
  presetOf,
  presetRange,
  rangeProblem,
  statementPath,
  todayIn,
} from "./statement-rules";

describe("statement rules", () => {
  it("reads today in Singapore (UTC+8)", () => {
    expect(todayIn("Asia/Singapore", new Date("2026-11-30T15:59:59Z"))).toBe("2026-11-30");
    expect(todayIn("Asia/Singapore", new Date("2026-11-30T16:00:00Z"))).toBe("2026-12-01");
  });

  it("gives the presets' days, across month and year ends", () => {
    expect(presetRange("thisMonth", "2026-11-23")).toEqual({ from: "2026-11-01", to: "2026-11-23" });
    expect(presetRange("lastMonth", "2026-11-23")).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(presetRange("lastMonth", "2026-01-15")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
    expect(presetRange("lastMonth", "2024-03-31")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(presetRange("last30", "2026-03-01")).toEqual({ from: "2026-01-31", to: "2026-03-01" });
    expect(presetOf({ from: "2026-10-01", to: "2026-10-31" }, "2026-11-23")).toBe("lastMonth");
    expect(presetOf({ from: "2026-10-02", to: "2026-10-31" }, "2026-11-23")).toBeUndefined();
  });

  it("checks ranges as the server does", () => {
    expect(isDay("2026-02-29")).toBe(false);
    expect(isDay("2024-02-29")).toBe(true);
    expect(rangeProblem({ from: "", to: "2026-11-01" })).toBe("Choose a start date");
    expect(rangeProblem({ from: "2026-11-02", to: "2026-11-01" })).toBe(
      "The start date must not be after the end date",
    );
    expect(rangeProblem({ from: "2024-01-01", to: "2024-12-31" })).toBeNull();
    expect(rangeProblem({ from: "2025-01-01", to: "2026-01-02" })).toMatch(/366 days/);
  });

  it("builds addresses and download names", () => {
    expect(statementPath()).toBe("/credit-mgt/statement");
    expect(statementPath("u1", { from: "2026-11-01", to: "2026-11-30" })).toBe(
      "/credit-mgt/statement?userId=u1&from=2026-11-01&to=2026-11-30",
    );
    expect(
      downloadName(
        'attachment; filename="statement-2026-11-01-2026-11-30.csv"',
        { from: "a", to: "b" },
        "csv",
      ),
    ).toBe("statement-2026-11-01-2026-11-30.csv");
    expect(downloadName(null, { from: "2026-11-01", to: "2026-11-30" }, "xlsx")).toBe(
      "statement-2026-11-01-2026-11-30.xlsx",
    );
  });

  it("shows times in Singapore as dd/MM/yyyy H:mm:ss", () => {
    expect(formatStatementTime("2026-11-02T01:30:05.000Z")).toBe("02/11/2026 9:30:05 SGT");
    expect(formatStatementTime("2026-10-31T16:00:00.000Z")).toBe("01/11/2026 0:00:00 SGT");
    expect(formatStatementTime("2026-11-03T10:00:00.000Z")).toBe("03/11/2026 18:00:00 SGT");
    expect(formatStatementTime("2026-12-01T05:00:00.000Z", "America/New_York")).toBe(
      "01/12/2026 0:00:00 EST",
    );
    expect(formatStatementTime("nope")).toBe("-");
  });
});
