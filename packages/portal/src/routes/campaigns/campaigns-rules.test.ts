import { MESSAGES, setDisplayTimeZone } from "@herald/domain";
import { describe, expect, it } from "vitest";
import {
  CAMPAIGNS_PATH,
  type Campaign,
  campaignEditPath,
  campaignNameError,
  campaignViewPath,
  canEdit,
  defaultRange,
  deleteText,
  EXPORT_HEADER,
  EXPORT_NAME,
  exportRow,
  listFilter,
  NAME_EXISTS,
  outgoingReport,
  rangeProblem,
  sendTitle,
  statusLabel,
  statusTone,
  stillSending,
  totalFigures,
} from "./campaigns-rules";

const campaign = (over: Partial<Campaign> = {}): Campaign => ({
  id: "0190a000-0000-7000-8000-000000000001",
  name: "Year End",
  status: "ready",
  created_dtm: "2026-01-31T13:05:00.000Z",
  scheduled_dtm: null,
  broadcast_id: null,
  broadcast_name: null,
  ...over,
});

describe("paths", () => {
  it("follows the route table", () => {
    expect(CAMPAIGNS_PATH).toBe("/campaign/campaign-mgt");
    expect(campaignEditPath("abc")).toBe("/campaign/campaign-edit/abc");
    expect(campaignViewPath("abc")).toBe("/campaign/campaign-view/abc");
  });
});

describe("date range", () => {
  it("defaults to the last 2 days, today included", () => {
    expect(defaultRange(new Date(2026, 2, 1, 9, 30))).toEqual({ start: "2026-02-27", end: "2026-03-01" });
    expect(defaultRange(new Date(2026, 0, 1, 0, 0))).toEqual({ start: "2025-12-30", end: "2026-01-01" });
  });

  it("counts today as the company's calendar does: at 21:00 in London a Singapore company is already on the next day", () => {
    setDisplayTimeZone("Asia/Singapore");
    try {
      expect(defaultRange(new Date("2026-12-07T21:00:00Z"))).toEqual({
        start: "2026-12-06",
        end: "2026-12-08",
      });
      expect(defaultRange(new Date("2026-12-07T15:59:00Z"))).toEqual({
        start: "2026-12-05",
        end: "2026-12-07",
      });
    } finally {
      setDisplayTimeZone(null);
    }
  });

  it("sends the start of the first local day and the end of the last one", () => {
    const f = listFilter({ start: "2026-02-27", end: "2026-03-01" });
    expect(new Date(f.startDate!).getTime()).toBe(new Date(2026, 1, 27).getTime());
    expect(new Date(f.endDate!).getTime()).toBe(new Date(2026, 2, 2).getTime() - 1);
  });

  it("leaves open or unreadable ends out", () => {
    expect(listFilter({ start: "", end: "" })).toEqual({});
    expect(Object.keys(listFilter({ start: "2026-02-30", end: "2026-03-01" }))).toEqual(["endDate"]);
    expect(Object.keys(listFilter({ start: "2026-03-01", end: "x" }))).toEqual(["startDate"]);
  });

  it("refuses an end before the start", () => {
    expect(rangeProblem({ start: "2026-03-02", end: "2026-03-01" })).toBe(
      "End date cannot be before start date",
    );
    expect(rangeProblem({ start: "2026-03-01", end: "2026-03-01" })).toBeNull();
    expect(rangeProblem({ start: "", end: "2026-03-01" })).toBeNull();
  });
});

describe("rows", () => {
  it("hides Edit for a deleted campaign only", () => {
    expect(canEdit(campaign({ status: "deleted" }))).toBe(false);
    for (const status of ["ready", "processing", "scheduled", "sent"] as const)
      expect(canEdit(campaign({ status }))).toBe(true);
  });

  it("labels and colours every status", () => {
    expect(statusLabel("deleted")).toBe("Deleted");
    expect(statusLabel("ready")).toBe("Ready");
    expect(statusTone("sent")).toBe("success");
    expect(statusTone("deleted")).toBe("secondary");
  });

  it("exports the columns the table shows, as Campaign", () => {
    expect(EXPORT_NAME).toBe("Campaign");
    expect(EXPORT_HEADER).toEqual(["Campaign Name", "Status", "Created Date", "Scheduled Date", "Broadcast"]);
    const row = exportRow(campaign({ status: "deleted", broadcast_name: "Blast" }));
    expect(row[0]).toBe("Year End");
    expect(row[1]).toBe("Deleted");
    expect(row[2]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM)$/);
    expect(row[3]).toBe("-");
    expect(row[4]).toBe("Blast");
  });

  it("links View Outgoing Report to the campaign's messages once something was sent, or explains why it cannot", () => {
    const send = {
      id: "s-1",
      kind: "message" as const,
      name: "HERALD",
      channel: "sms" as const,
      createdAt: "2026-01-01T00:00:00.000Z",
      finished: true,
      totals: {
        recipients: 1,
        sent: 1,
        delivered: 1,
        read: 0,
        failed: 0,
        pending: 0,
        skipped: 0,
        cancelled: 0,
        costCents: 5,
      },
    };
    expect(outgoingReport("c-1", { sends: [send] })).toEqual({
      href: "/campaign/campaign-view/c-1?report=outgoing",
    });
    expect(outgoingReport("c-1", { sends: [] })).toEqual({
      hint: "Nothing has been sent in this campaign yet.",
    });
    expect(outgoingReport("c-1", undefined)).toEqual({ hint: "Nothing has been sent in this campaign yet." });
    expect(sendTitle(send)).toBe("SMS message from HERALD");
    expect(sendTitle({ kind: "broadcast", name: "Wave 1", channel: "whatsapp" })).toBe("Wave 1");
    expect(stillSending({ status: "sent" }, { sends: [{ ...send, finished: false }] })).toBe(true);
    expect(stillSending({ status: "sent" }, { sends: [send] })).toBe(false);
    expect(totalFigures(send.totals).map((f) => f.label)).toEqual([
      "Recipients",
      "Sent",
      "Delivered",
      "Failed",
      "Pending",
    ]);
  });

  it("says how many campaigns a delete takes", () => {
    expect(deleteText(1)).toBe("1 campaign will be deleted, with its broadcasts.");
    expect(deleteText(3)).toBe("3 campaigns will be deleted, with their broadcasts.");
  });
});

describe("name", () => {
  it("is required and at most 50 characters", () => {
    expect(campaignNameError("")).toBe("This is required");
    expect(campaignNameError("   ")).toBe("This is required");
    expect(campaignNameError("x".repeat(51))).toBe("Campaign name cannot exceed 50 characters");
    expect(campaignNameError(` ${"x".repeat(50)} `)).toBeUndefined();
  });

  it("uses the catalogue's duplicate text", () => {
    expect(NAME_EXISTS).toBe("The campaign name already exists. Please use another name.");
    expect(NAME_EXISTS).toBe(MESSAGES.campaignNameExists);
  });
});
