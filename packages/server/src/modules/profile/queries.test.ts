import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { departments, notifications, userDepartments } from "../../db/schema";
import { auth, countQueries, createCompany, testApp } from "../../test/harness";

// The query budget of the own-profile calls, counted per request with countQueries (test/harness.ts): one
// query for the actor on a session's first request (none once it is cached) and a bounded number for the
// work, whatever the number of rows.

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

const call = (url: string, u: { token: string }) => () =>
  app.inject({ method: "POST", url: `/api${url}`, headers: auth(u) });

/** An owner with `depts` departments and `notes` notifications (half unread). */
async function ownerWith(depts: number, notes: number) {
  const { id: companyId, owner } = await createCompany(app);
  const { db } = app.deps.database;
  if (depts > 0) {
    const rows = await db
      .insert(departments)
      .values(
        Array.from({ length: depts }, (_, i) => ({ companyId, name: `Dept ${String(i).padStart(2, "0")}` })),
      )
      .returning({ id: departments.id });
    await db.insert(userDepartments).values(rows.map((d) => ({ userId: owner.id, departmentId: d.id })));
  }
  if (notes > 0) {
    await db.insert(notifications).values(
      Array.from({ length: notes }, (_, i) => ({
        companyId,
        userId: owner.id,
        type: "info",
        message: `Note ${i}`,
        status: i % 2 === 0 ? "unread" : "read",
      })),
    );
  }
  return owner;
}

describe("queries per request", () => {
  it("getProfile: the actor and one read on a session's first request, the read alone afterwards", async () => {
    for (const depts of [0, 1, 12]) {
      const owner = await ownerWith(depts, 0);
      const first = await countQueries(call("/getProfile", owner));
      expect(first.result.statusCode).toBe(200);
      expect(first.result.json().dept).toHaveLength(depts);
      expect(first.count, first.queries.join("\n")).toBe(2);
      const again = await countQueries(call("/getProfile", owner));
      expect(again.result.statusCode).toBe(200);
      expect(again.count, again.queries.join("\n")).toBe(1);
    }
  });

  it("getProfile lists the departments by name", async () => {
    const owner = await ownerWith(3, 0);
    const { result } = await countQueries(call("/getProfile", owner));
    expect(result.json().dept.map((d: { name: string }) => d.name)).toEqual([
      "Dept 00",
      "Dept 01",
      "Dept 02",
    ]);
  });

  it("getNotification: one read for the list and the unread count, however many there are", async () => {
    for (const notes of [0, 3, 60]) {
      const owner = await ownerWith(0, notes);
      await countQueries(call("/getProfile", owner)); // caches the session
      const { count, queries, result } = await countQueries(call("/getNotification", owner));
      expect(result.statusCode).toBe(200);
      expect(result.json().count).toBe(Math.ceil(notes / 2));
      expect(result.json().data).toHaveLength(Math.min(notes, 50));
      expect(count, queries.join("\n")).toBe(1);
    }
  });

  it("getCompany and getUserThreshold: one read each", async () => {
    const owner = await ownerWith(2, 2);
    await countQueries(call("/getProfile", owner));
    for (const url of ["/getCompany", "/getUserThreshold"]) {
      const { count, queries, result } = await countQueries(call(url, owner));
      expect(result.statusCode, url).toBe(200);
      expect(count, `${url}\n${queries.join("\n")}`).toBe(1);
    }
  });

  it("a refused token costs at most the actor query", async () => {
    const owner = await ownerWith(0, 0);
    const bad = await countQueries(call("/getProfile", { token: `${owner.token}x` }));
    expect(bad.result.statusCode).toBe(401);
    expect(bad.count).toBe(0);
    const none = await countQueries(call("/getProfile", { token: "" }));
    expect(none.result.statusCode).toBe(401);
    expect(none.count).toBe(0);
  });
});
