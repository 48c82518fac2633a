import { describe, expect, it } from "vitest";
import { routeTable } from "../route-table";
import { operatorNav } from "./operator-nav";

describe("the console's sections", () => {
  it("lists Overview, Companies, Top-up requests, Sender IDs, Numbers, Unrouted and Audit log, each a console route", () => {
    const items = operatorNav();
    expect(items.map((i) => i.label)).toEqual([
      "Overview",
      "Companies",
      "Top-up requests",
      "Sender IDs",
      "Numbers",
      "Unrouted",
      "Audit log",
    ]);
    const operatorPaths = routeTable.filter((r) => r.guard === "operator").map((r) => r.path);
    for (const item of items) expect(operatorPaths, item.href).toContain(item.href);
  });

  it("counts the work waiting in the queues", () => {
    const items = operatorNav({
      companies: 40,
      suspended: 2,
      openTopups: 3,
      senderIdRequests: 0,
      unrouted: 9,
    });
    expect(items.filter((i) => i.count).map((i) => [i.label, i.count, i.countLabel])).toEqual([
      ["Top-up requests", 3, "waiting"],
      ["Unrouted", 9, "in the last 7 days"],
    ]);
  });
});
