import { describe, expect, it } from "vitest";
import {
  actionGroups,
  actorKind,
  auditChanges,
  exportName,
  fieldLabel,
  isActionGroup,
  valueText,
} from "./audit-rules";

describe("auditChanges", () => {
  it("lists only what changed, in words", () => {
    expect(
      auditChanges(
        { userRole: "agent", dept: ["Sales"], login2fa: "N", firstName: "Ada" },
        { userRole: "admin", dept: ["Sales", "Support"], login2fa: "Y", firstName: "Ada" },
      ),
    ).toEqual([
      { label: "Role", before: "Agent", after: "Admin" },
      { label: "Departments", before: "Sales", after: "Sales, Support" },
      { label: "Two-factor sign-in", before: "Off", after: "On" },
    ]);
  });

  it("shows money as SGD, prices in cents as SGD, and booleans as yes or no", () => {
    expect(auditChanges({ balance: 120 }, { balance: 620.5 })).toEqual([
      { label: "Balance", before: "SGD 120.00", after: "SGD 620.50" },
    ]);
    expect(auditChanges({ priceCents: 5 }, { priceCents: 7 })).toEqual([
      { label: "Price", before: "SGD 0.05", after: "SGD 0.07" },
    ]);
    expect(auditChanges({ ssirRegistered: false }, { ssirRegistered: true })).toEqual([
      { label: "Registered with SSIR", before: "No", after: "Yes" },
    ]);
  });

  it("tells a new thing from a removed one, and flattens nested settings", () => {
    expect(auditChanges(null, { senderId: "ACME", status: "requested" })).toEqual([
      { label: "Sender ID", before: null, after: "ACME" },
      { label: "Status", before: null, after: "Requested" },
    ]);
    expect(auditChanges({ keyword: "SHOP" }, null)).toEqual([
      { label: "Keyword", before: "SHOP", after: null },
    ]);
    expect(auditChanges({ prices: { sms: 5, whatsapp: 3 } }, { prices: { sms: 6, whatsapp: 3 } })).toEqual([
      { label: "Prices: SMS", before: "5", after: "6" },
    ]);
  });

  it("leaves ids out: no one reads a UUID", () => {
    expect(
      auditChanges(
        {
          id: "0190a1b2-0000-7000-8000-000000000001",
          companyId: "x",
          note: "0190a1b2-0000-7000-8000-000000000009",
        },
        {
          id: "0190a1b2-0000-7000-8000-000000000002",
          companyId: "y",
          note: "0190a1b2-0000-7000-8000-000000000003",
        },
      ),
    ).toEqual([]);
    expect(
      auditChanges(
        { owners: [{ companyId: "a", companyName: "Acme", keyword: "SHOP" }] },
        { owners: [{ companyId: "a", companyName: "Acme", keyword: "BUY" }] },
      ),
    ).toEqual([{ label: "Owners", before: "Acme SHOP", after: "Acme BUY" }]);
  });
});

describe("words of the audit log", () => {
  it("spells out unknown field names and keeps typed values as typed", () => {
    expect(fieldLabel("autoReplyMessage")).toBe("Auto reply message");
    expect(fieldLabel("user_limit_max")).toBe("User limit max");
    expect(valueText("keyword", "shop")).toBe("shop");
    expect(valueText("message", "Thanks, we will call")).toBe("Thanks, we will call");
    expect(valueText("tags", [])).toBe("None");
    expect(valueText("kind", "short")).toBe("Short code");
    expect(valueText("kind", "alphanumeric")).toBe("Name");
  });

  it("names who acted when it was not a company user", () => {
    expect(actorKind("operator")).toBe("Herald operator");
    expect(actorKind("system")).toBe("Automatic");
    expect(actorKind("api")).toBe("API key");
    expect(actorKind("user")).toBeNull();
  });

  it("filters by the server's areas; prices are the company's, the console's accounts only the operator's", () => {
    const company = actionGroups("company");
    const operator = actionGroups("operator");
    for (const g of operator) expect(g.value).toMatch(/^([a-z0-9_]+\.)?$/);
    expect(company[0]).toEqual({ value: "", label: "All actions" });
    expect(company.some((g) => g.value === "price.")).toBe(false);
    expect(company.find((g) => g.value === "company.")?.label).toMatch(/prices/);
    expect(isActionGroup("company", "operator.")).toBe(false);
    expect(isActionGroup("operator", "operator.")).toBe(true);
    expect(isActionGroup("company", "keyword.")).toBe(true);
  });

  it("names the export by the server's file name, or the dates", () => {
    expect(exportName('attachment; filename="audit-2026.csv"', "", "")).toBe("audit-2026.csv");
    expect(exportName(null, "2026-11-01", "2026-11-28")).toBe("audit-log-2026-11-01-to-2026-11-28.csv");
    expect(exportName(null, "", "")).toBe("audit-log.csv");
  });
});
