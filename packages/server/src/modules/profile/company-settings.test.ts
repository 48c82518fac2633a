import { COUNTRY_UNKNOWN, TIME_ZONE_UNKNOWN } from "@herald/domain";
import type { FastifyInstance } from "fastify";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { auth, createCompany, createUser, type TestUser, testApp } from "../../test/harness";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

const post = (url: string, who: TestUser, payload?: object) =>
  app.inject({ method: "POST", url: `/api${url}`, headers: auth(who), ...(payload ? { payload } : {}) });

/** A balanced purchase of `cents` into the corporate account at a chosen instant. */
async function purchaseAt(companyId: string, at: string, cents: number) {
  const t = uuidv7();
  const q = (text: string, params: unknown[]) => app.deps.database.query(text, params);
  await q(
    "insert into ledger_transactions (id, company_id, kind, created_at) values ($1, $2, 'purchase', $3)",
    [t, companyId, at],
  );
  for (const [account, amount] of [
    ["external", -cents],
    ["company", cents],
  ] as const) {
    await q(
      `insert into ledger_entries (id, company_id, transaction_id, account, amount_cents, kind, created_at)
       values ($1, $2, $3, $4, $5, 'purchase', $6)`,
      [uuidv7(), companyId, t, account, amount, at],
    );
  }
  await q("update companies set credit_cents = credit_cents + $2 where id = $1", [companyId, cents]);
}

describe("company time zone and country", () => {
  it("defaults to Asia/Singapore and SG, and only admins read or change them", async () => {
    const c = await createCompany(app);
    const agent = await createUser(app, c.id, { role: "agent" });
    const got = await post("/getCompanySettings", c.owner);
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json()).toEqual({ timeZone: "Asia/Singapore", country: "SG" });
    expect((await post("/getCompanySettings", agent)).statusCode).toBe(403);
    const denied = await post("/editCompanySettings", agent, { timeZone: "America/New_York", country: "US" });
    expect(denied.statusCode).toBe(403);
    const me = (await post("/getProfile", agent)).json();
    expect(me).toMatchObject({ timeZone: "Asia/Singapore", companyCountry: "SG" });
  });

  it("refuses a zone or country Intl does not know with a clear message, never a 500", async () => {
    const c = await createCompany(app);
    for (const timeZone of ["Mars/Olympus", "GMT+8", "asia/singapore", " "]) {
      const res = await post("/editCompanySettings", c.owner, { timeZone, country: "SG" });
      expect(res.statusCode, `${timeZone}: ${res.body}`).toBe(400);
      expect(res.json().message).toMatch(timeZone.trim() ? TIME_ZONE_UNKNOWN : /time ?zone/i);
    }
    const badCountry = await post("/editCompanySettings", c.owner, {
      timeZone: "Asia/Singapore",
      country: "ZZ",
    });
    expect(badCountry.statusCode).toBe(400);
    expect(badCountry.json().message).toBe(COUNTRY_UNKNOWN);
    expect((await post("/getCompanySettings", c.owner)).json()).toEqual({
      timeZone: "Asia/Singapore",
      country: "SG",
    });
  });

  it("a company in America/New_York: every user sees its zone, and its statement days end at New York midnight", async () => {
    const c = await createCompany(app, { creditCents: 0 });
    const agent = await createUser(app, c.id, { role: "agent" });
    const set = await post("/editCompanySettings", c.owner, { timeZone: "America/New_York", country: "US" });
    expect(set.statusCode, set.body).toBe(200);
    expect((await post("/getProfile", agent)).json()).toMatchObject({
      timeZone: "America/New_York",
      companyCountry: "US",
    });
    await purchaseAt(c.id, "2026-12-01T04:59:59.999Z", 100); // 30 Nov 23:59:59.999 in New York (EST)
    await purchaseAt(c.id, "2026-12-01T05:00:00.000Z", 200); // 1 Dec 00:00 in New York
    await purchaseAt(c.id, "2026-12-01T15:59:59.000Z", 400); // 1 Dec in New York, 1 Dec 23:59:59 in Singapore
    await purchaseAt(c.id, "2026-12-02T04:59:59.000Z", 800); // still 1 Dec in New York, 2 Dec in Singapore
    const res = await app.inject({
      method: "GET",
      url: "/api/creditStatement?from=2026-12-01&to=2026-12-01",
      headers: auth(c.owner),
    });
    expect(res.statusCode, res.body).toBe(200);
    const day = res.json();
    expect(day.timeZone).toBe("America/New_York");
    expect(day.data.map((e: { amount: number }) => e.amount)).toEqual([8, 4, 2]);
    expect(day).toMatchObject({ openingBalance: 1, closingBalance: 15 });
    const csv = await app.inject({
      method: "GET",
      url: "/api/creditStatement/export?format=csv&from=2026-12-01&to=2026-12-01",
      headers: auth(c.owner),
    });
    const lines = csv.body.split("\r\n");
    expect(lines[0]).toBe(
      "Date (America/New_York),Description,Counterparty,Reference,By,Amount (SGD),Balance (SGD)",
    );
    expect(lines[2]).toMatch(/^01\/12\/2026 0:00:00,Purchase/);
    // The default range is the current month up to today in New York.
    const now = (
      await app.inject({ method: "GET", url: "/api/creditStatement", headers: auth(c.owner) })
    ).json();
    const todayNy = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
    expect(now.to).toBe(todayNy);
  });

  it("records the change in the audit log", async () => {
    const c = await createCompany(app);
    await post("/editCompanySettings", c.owner, { timeZone: "Europe/London", country: "GB" });
    const [row] = await app.deps.database.query<{ action: string; after: unknown }>(
      "select action, after from audit_log where company_id = $1 and action = 'company.settings_changed'",
      [c.id],
    );
    expect(row?.after).toEqual({ timeZone: "Europe/London", country: "GB" });
  });
});
