import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { departments, userDepartments } from "../../db/schema";
import {
  auth,
  countQueries,
  createCompany,
  createUser,
  eventually,
  testApp,
  uniqueEmail,
} from "../../test/harness";
import { INVALID_CREDIT_ACTION, INVALID_CREDIT_AMOUNT } from "./credit.messages";
import { audit, IDEMPOTENCY_MISMATCH, INSUFFICIENT_USER_CREDIT } from "./ledger";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

const post = (url: string, payload: object, u: { token: string }, key?: string) =>
  app.inject({
    method: "POST",
    url: `/api${url}`,
    payload,
    headers: { ...auth(u), ...(key ? { "idempotency-key": key } : {}) },
  });
const summary = (u: { token: string }) =>
  app.inject({ method: "GET", url: "/api/summaryList", headers: auth(u) });

async function creditOf(userId: string) {
  const [r] = await app.deps.database.query<{ credit_cents: number }>(
    "select credit_cents from users where id = $1",
    [userId],
  );
  return Number(r!.credit_cents);
}

describe("/editUserCredit", () => {
  it("adds from the corporate balance and deducts back, answering both new balances", async () => {
    const c = await createCompany(app, { creditCents: 10_000 });
    const agent = await createUser(app, c.id);
    const add = await post(
      "/editUserCredit",
      { id: agent.id, userId: c.owner.id, amount: 25.5, action: "add" },
      c.owner,
    );
    expect(add.statusCode).toBe(200);
    expect(add.json()).toEqual({
      message: "Data Update Successful !",
      totalCredit: 25.5,
      companyCredit: 74.5,
    });
    const back = await post("/editUserCredit", { id: agent.id, amount: 0.5, action: "deduct" }, c.owner);
    expect(back.json()).toEqual({ message: "Data Update Successful !", totalCredit: 25, companyCredit: 75 });
    expect(await creditOf(agent.id)).toBe(2_500);
    const entries = await app.deps.database.query<{ n: number }>(
      "select count(*)::int as n from ledger_entries where company_id = $1",
      [c.id],
    );
    expect(entries[0]!.n).toBe(4);
  });

  it("caps an add at the corporate balance and a deduct at the user's credit, with clear messages", async () => {
    const c = await createCompany(app, { creditCents: 1_000 });
    const agent = await createUser(app, c.id);
    const over = await post("/editUserCredit", { id: agent.id, amount: 10.01, action: "add" }, c.owner);
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe("Insufficient corporate credit");
    const below = await post("/editUserCredit", { id: agent.id, amount: 0.01, action: "deduct" }, c.owner);
    expect(below.statusCode).toBe(422);
    expect(below.json().message).toBe(INSUFFICIENT_USER_CREDIT);
    const exact = await post("/editUserCredit", { id: agent.id, amount: 10, action: "add" }, c.owner);
    expect(exact.json()).toMatchObject({ totalCredit: 10, companyCredit: 0 });
  });

  it("refuses bad amounts with 400 and moves nothing", async () => {
    const c = await createCompany(app, { creditCents: 1_000 });
    const agent = await createUser(app, c.id);
    for (const amount of [0, -1, 1.005, "ten"]) {
      const r = await post("/editUserCredit", { id: agent.id, amount, action: "add" }, c.owner);
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe(INVALID_CREDIT_AMOUNT);
    }
    const noAmount = await post("/editUserCredit", { id: agent.id, action: "add" }, c.owner);
    expect(noAmount.json().message).toBe("This is required");
    const noAction = await post("/editUserCredit", { id: agent.id, amount: 1 }, c.owner);
    expect(noAction.statusCode).toBe(400);
    expect(noAction.json().message).toBe("This is required");
    const badAction = await post("/editUserCredit", { id: agent.id, amount: 1, action: "steal" }, c.owner);
    expect(badAction.json().message).toBe(INVALID_CREDIT_ACTION);
    expect(await creditOf(agent.id)).toBe(0);
  });

  it("answers 404 for another company's user and 403 for supervisors and agents", async () => {
    const c = await createCompany(app, { creditCents: 1_000 });
    const other = await createCompany(app, { creditCents: 1_000 });
    const stranger = await createUser(app, other.id);
    const r = await post("/editUserCredit", { id: stranger.id, amount: 1, action: "add" }, c.owner);
    expect(r.statusCode).toBe(404);
    expect(await creditOf(stranger.id)).toBe(0);
    for (const role of ["supervisor", "agent"] as const) {
      const u = await createUser(app, c.id, { role });
      const f = await post("/editUserCredit", { id: u.id, amount: 1, action: "add" }, u);
      expect(f.statusCode).toBe(403);
      expect(f.json().message).toBe("Invalid Access");
    }
    const deleted = await createUser(app, c.id, { status: "deleted" });
    const d = await post("/editUserCredit", { id: deleted.id, amount: 1, action: "add" }, c.owner);
    expect(d.statusCode).toBe(422);
  });

  it("replays with the same Idempotency-Key answer the first answer and move nothing", async () => {
    const c = await createCompany(app, { creditCents: 1_000 });
    const agent = await createUser(app, c.id);
    const body = { id: agent.id, amount: 2, action: "add" };
    const first = await post("/editUserCredit", body, c.owner, "retry-1");
    const again = await post("/editUserCredit", body, c.owner, "retry-1");
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await creditOf(agent.id)).toBe(200);
    const other = await post("/editUserCredit", { ...body, amount: 3 }, c.owner, "retry-1");
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(IDEMPOTENCY_MISMATCH);
    const fresh = await post("/editUserCredit", body, c.owner, "retry-2");
    expect(fresh.json().totalCredit).toBe(4);
    const a = await audit(app.deps.database.db, c.id);
    expect(a.usersCents).toBe(a.userEntries);
    expect(a.unbalancedTransactions).toBe(0);
  });
});

describe("/addUser with the ledger", () => {
  it("moves the initial credit as an allocation and runs once per Idempotency-Key", async () => {
    const c = await createCompany(app, { creditCents: 5_000 });
    const [dept] = await app.deps.database.db
      .insert(departments)
      .values({ companyId: c.id, name: "Sales" })
      .returning();
    const body = {
      firstName: "Ana",
      lastName: "Tan",
      email: uniqueEmail("ana"),
      password: "Welcome_Aboard7!",
      confirmPass: "Welcome_Aboard7!",
      contactNumber: "6591234567",
      dept: [dept!.id],
      userRole: "agent",
      login2fa: "N",
      amount: 12.34,
    };
    const first = await post("/addUser", body, c.owner, "add-ana");
    expect(first.statusCode).toBe(201);
    const again = await post("/addUser", body, c.owner, "add-ana");
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(again.json().totalCredit).toBe(12.34);
    const rows = await app.deps.database.query<{ n: number }>(
      "select count(*)::int as n from users where company_id = $1",
      [c.id],
    );
    expect(rows[0]!.n).toBe(2);
    const s = await summary(c.owner);
    const ana = s.json().data.find((r: { id: string }) => r.id === first.json().id);
    expect(ana).toMatchObject({
      name: "Ana Tan",
      totalCredit: 12.34,
      amount: 12.34,
      dept: [{ name: "Sales" }],
    });
    const a = await audit(app.deps.database.db, c.id);
    expect(a.companyCents).toBe(5_000 - 1_234);
    expect(a.companyEntries).toBe(-1_234);
  });
});

describe("/summaryList", () => {
  it("lists the company's users that are not deleted with the last top-up, in one query", async () => {
    const c = await createCompany(app, { creditCents: 10_000 });
    const agent = await createUser(app, c.id);
    await createUser(app, c.id, { status: "deleted" });
    const stranger = await createUser(app, (await createCompany(app)).id);
    const [d1] = await app.deps.database.db
      .insert(departments)
      .values({ companyId: c.id, name: "Ops" })
      .returning();
    await app.deps.database.db.insert(userDepartments).values({ userId: agent.id, departmentId: d1!.id });
    await post("/editUserCredit", { id: agent.id, amount: 5, action: "add" }, c.owner);
    await post("/editUserCredit", { id: agent.id, amount: 7.25, action: "add" }, c.owner);
    await post("/editUserCredit", { id: agent.id, amount: 1, action: "deduct" }, c.owner);
    await summary(c.owner);
    const { count, result } = await countQueries(() => summary(c.owner));
    expect(count).toBe(1);
    expect(result.statusCode).toBe(200);
    const body = result.json() as { data: { id: string }[]; total: number };
    expect(body.total).toBe(2);
    expect(body.data.map((r) => r.id)).not.toContain(stranger.id);
    const row = body.data.find((r) => r.id === agent.id) as Record<string, unknown>;
    expect(row).toMatchObject({ totalCredit: 11.25, amount: 7.25, dept: [{ id: d1!.id, name: "Ops" }] });
    expect(typeof row.lastTopupTime).toBe("string");
    const owner = body.data.find((r) => r.id === c.owner.id) as Record<string, unknown>;
    expect(owner).toMatchObject({ amount: null, lastTopupTime: null, totalCredit: 0 });
  });

  it("is admin only", async () => {
    const c = await createCompany(app);
    const agent = await createUser(app, c.id);
    expect((await summary(agent)).statusCode).toBe(403);
  });
});

describe("/editUserCredit low-credit alerts", () => {
  const mailsTo = (to: string) =>
    app.deps.database.query<{ subject: string | null }>(
      `select subject from sandbox_messages where "to" = $1 and subject ilike '%credit%'`,
      [to],
    );

  it("e-mails every admin once when an allocation takes the corporate balance below a threshold", async () => {
    const c = await createCompany(app, { creditCents: 10_000 });
    const admin = await createUser(app, c.id, { role: "admin" });
    const agent = await createUser(app, c.id);
    await app.deps.database.query(
      "update companies set first_thresh_cents = 5000, second_thresh_cents = 1000 where id = $1",
      [c.id],
    );
    // 100.00 -> 60.00: above both thresholds, no alert
    expect(
      (await post("/editUserCredit", { id: agent.id, amount: 40, action: "add" }, c.owner)).statusCode,
    ).toBe(200);
    // 60.00 -> 40.00: below the first threshold, one alert per admin
    expect(
      (await post("/editUserCredit", { id: agent.id, amount: 20, action: "add" }, c.owner)).statusCode,
    ).toBe(200);
    // 40.00 -> 30.00: still below the first threshold and above the second, nothing more
    expect(
      (await post("/editUserCredit", { id: agent.id, amount: 10, action: "add" }, c.owner)).statusCode,
    ).toBe(200);
    for (const to of [c.owner.email, admin.email]) {
      const mails = await eventually(async () => {
        const m = await mailsTo(to);
        return m.length > 0 ? m : undefined;
      });
      expect(mails).toHaveLength(1);
    }
    expect(await mailsTo(agent.email)).toHaveLength(0);
  });
});
