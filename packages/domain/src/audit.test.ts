import { describe, expect, it } from "vitest";
import { AUDIT_AREAS, auditAreaOf } from "./audit";

describe("audit areas", () => {
  it("are distinct prefixes the audit log's action filter accepts", () => {
    const prefixes = AUDIT_AREAS.map((a) => a.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const p of prefixes) expect(p).toMatch(/^[a-z0-9_]+\.$/);
  });

  it("find an action's area; prices are the company's", () => {
    expect(auditAreaOf("company.prices_changed")?.label).toBe(
      "Company settings, suspension, user limit and prices",
    );
    expect(auditAreaOf("sender_id.approved")?.prefix).toBe("sender_id.");
    expect(auditAreaOf("operator.signed_in")?.consoleOnly).toBe(true);
    expect(auditAreaOf("price.changed")).toBeNull();
    expect(auditAreaOf("user.")).toBeNull();
  });
});
