import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rows } from "../../db/sql";
import { auth, createCompany, createOperator, testApp } from "../../test/harness";
import { recordAudit, userWho } from "./audit";

describe("audit log writer", () => {
  it("records the actor by name and address, and refuses to change or remove an entry", async () => {
    const app = await testApp();
    const co = await createCompany(app);
    const { db } = app.deps.database;
    await recordAudit(db, {
      companyId: co.id,
      who: userWho({ userId: co.owner.id, ip: "203.0.113.7" }),
      action: "user.role_changed",
      target: { type: "user", id: co.owner.id, label: "Someone" },
      before: { role: "agent" },
      after: { role: "admin" },
    });
    const [e] = await rows<{ id: string; actor_label: string; actor_ip: string; before: unknown }>(
      db,
      sql`select id::text as id, actor_label, actor_ip, before from audit_log where company_id = ${co.id}::uuid`,
    );
    expect(e?.actor_label).toBe(`Test User <${co.owner.email}>`);
    expect(e?.actor_ip).toBe("203.0.113.7");
    expect(e?.before).toEqual({ role: "agent" });
    await expect(
      db.execute(sql`update audit_log set action = 'x' where id = ${e!.id}::uuid`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log where id = ${e!.id}::uuid`)).rejects.toThrow();
  });

  it("operator tokens and company tokens each open only their own operations", async () => {
    const app = await testApp();
    const co = await createCompany(app);
    const op = await createOperator(app);
    const asUser = await app.inject({ method: "GET", url: "/api/operator/me", headers: auth(co.owner) });
    expect(asUser.statusCode).toBe(401);
    const asOperator = await app.inject({ method: "POST", url: "/api/getProfile", headers: auth(op) });
    expect(asOperator.statusCode).toBe(401);
  });
});
