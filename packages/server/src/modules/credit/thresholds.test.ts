import { eq } from "drizzle-orm";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import {
  apiPost,
  countQueries,
  createCompany,
  createUser,
  eventually,
  lastMessageTo,
  testApp,
} from "../../test/harness";
import { enqueueLowCreditAlerts, lowCreditCrossings, type ThresholdPair } from "./thresholds.service";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

const getThreshold = (token: string) => apiPost(app, "/getCompanyThreshold", {}, { token });
const editThreshold = (token: string, body: Record<string, unknown>) =>
  apiPost(app, "/editCompanyThreshold", body, { token });

describe("/getCompanyThreshold and /editCompanyThreshold", () => {
  it("answers null while unset, then the saved SGD amounts", async () => {
    const company = await createCompany(app);
    const initial = await getThreshold(company.owner.token);
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual({ first_thresh: null, second_thresh: null });

    const saved = await editThreshold(company.owner.token, {
      firstThresh: 250.5,
      secondThresh: 19.99,
      currentUserId: company.owner.id,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ message: "Data Update Successful !" });
    expect((await getThreshold(company.owner.token)).json()).toEqual({
      first_thresh: 250.5,
      second_thresh: 19.99,
    });

    const other = await createUser(app, company.id, { role: "admin" });
    expect((await getThreshold(other.token)).json()).toEqual({ first_thresh: 250.5, second_thresh: 19.99 });
  });

  it("refuses a second threshold that is not smaller than the first, and changes nothing", async () => {
    const company = await createCompany(app);
    expect(
      (await editThreshold(company.owner.token, { firstThresh: 100, secondThresh: 50 })).statusCode,
    ).toBe(200);
    for (const body of [
      { firstThresh: 100, secondThresh: 100 },
      { firstThresh: 10, secondThresh: 100 },
      { firstThresh: 0, secondThresh: 0 },
    ]) {
      const res = await editThreshold(company.owner.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Second threshold must be smaller than the first threshold");
    }
    expect((await getThreshold(company.owner.token)).json()).toEqual({
      first_thresh: 100,
      second_thresh: 50,
    });
  });

  it("validates each amount with the form's messages", async () => {
    const company = await createCompany(app);
    const cases: [Record<string, unknown>, string][] = [
      [{ secondThresh: 5 }, "This is required"],
      [{ firstThresh: 10 }, "This is required"],
      [{ firstThresh: -1, secondThresh: 0 }, "First threshold cannot be negative"],
      [{ firstThresh: 10, secondThresh: -0.5 }, "Second threshold cannot be negative"],
      [
        { firstThresh: 10.123, secondThresh: 1 },
        "First threshold must be an amount in SGD with at most two decimals",
      ],
      [
        { firstThresh: 10, secondThresh: 1.001 },
        "Second threshold must be an amount in SGD with at most two decimals",
      ],
      [
        { firstThresh: "ten", secondThresh: 1 },
        "First threshold must be an amount in SGD with at most two decimals",
      ],
      [{ firstThresh: 2e13, secondThresh: 1 }, "First threshold is too large"],
    ];
    for (const [body, message] of cases) {
      const res = await editThreshold(company.owner.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    expect((await getThreshold(company.owner.token)).json()).toEqual({
      first_thresh: null,
      second_thresh: null,
    });
  });

  it("is for admins only: 403 Invalid Access for supervisors and agents, 401 without a session", async () => {
    const company = await createCompany(app);
    for (const role of ["supervisor", "agent"] as const) {
      const u = await createUser(app, company.id, { role });
      const read = await getThreshold(u.token);
      expect(read.statusCode).toBe(403);
      expect(read.json().message).toBe("Invalid Access");
      const write = await editThreshold(u.token, { firstThresh: 100, secondThresh: 1 });
      expect(write.statusCode).toBe(403);
    }
    expect((await apiPost(app, "/getCompanyThreshold", {})).statusCode).toBe(401);
    expect((await getThreshold(company.owner.token)).json()).toEqual({
      first_thresh: null,
      second_thresh: null,
    });
  });

  it("reads with one query and writes with two, the change and its audit entry (the actor is cached)", async () => {
    const company = await createCompany(app);
    await getThreshold(company.owner.token);
    const read = await countQueries(() => getThreshold(company.owner.token));
    expect(read.result.statusCode).toBe(200);
    expect(read.count, read.queries.join("\n")).toBe(1);
    const write = await countQueries(() =>
      editThreshold(company.owner.token, { firstThresh: 50, secondThresh: 5 }),
    );
    expect(write.result.statusCode).toBe(200);
    expect(write.count, write.queries.join("\n")).toBe(2);
  });

  it("keeps each company's thresholds to itself", async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    await editThreshold(a.owner.token, { firstThresh: 300, secondThresh: 100 });
    expect((await getThreshold(b.owner.token)).json()).toEqual({ first_thresh: null, second_thresh: null });
    await editThreshold(b.owner.token, { firstThresh: 30, secondThresh: 10, currentUserId: a.owner.id });
    expect((await getThreshold(a.owner.token)).json()).toEqual({ first_thresh: 300, second_thresh: 100 });
    expect((await getThreshold(b.owner.token)).json()).toEqual({ first_thresh: 30, second_thresh: 10 });
  });
});

describe("lowCreditCrossings", () => {
  const pair: ThresholdPair = { first: 10_000, second: 2_000 };

  it("reports each threshold the balance fell below", () => {
    expect(lowCreditCrossings(15_000, 9_999, pair)).toEqual([{ level: "first", thresholdCents: 10_000 }]);
    expect(lowCreditCrossings(10_000, 1_999, pair)).toEqual([
      { level: "first", thresholdCents: 10_000 },
      { level: "second", thresholdCents: 2_000 },
    ]);
    expect(lowCreditCrossings(5_000, 0, pair)).toEqual([{ level: "second", thresholdCents: 2_000 }]);
  });

  it("reports nothing while staying below, rising, landing on a threshold, or without thresholds", () => {
    expect(lowCreditCrossings(9_000, 5_000, pair)).toEqual([]);
    expect(lowCreditCrossings(1_000, 50_000, pair)).toEqual([]);
    expect(lowCreditCrossings(15_000, 10_000, pair)).toEqual([]);
    expect(lowCreditCrossings(15_000, 0, { first: null, second: null })).toEqual([]);
    expect(lowCreditCrossings(15_000, 0, { first: 10_000, second: null })).toEqual([
      { level: "first", thresholdCents: 10_000 },
    ]);
  });

  const cents = fc.integer({ min: 0, max: 1_000_000 });
  const thresholds = fc
    .tuple(cents, cents)
    .filter(([a, b]) => a !== b)
    .map(([a, b]): ThresholdPair => ({ first: Math.max(a, b), second: Math.min(a, b) }));

  it("a crossing is exactly a threshold with before >= t > after", () => {
    fc.assert(
      fc.property(cents, cents, thresholds, (before, after, t) => {
        const crossed = lowCreditCrossings(before, after, t);
        for (const level of ["first", "second"] as const) {
          const v = t[level]!;
          const expected = before >= v && after < v;
          expect(crossed.some((c) => c.level === level && c.thresholdCents === v)).toBe(expected);
        }
        expect(crossed.length).toBeLessThanOrEqual(2);
        if (after >= before) expect(crossed).toEqual([]);
      }),
    );
  });

  it("over any walk of balances, alerts per threshold = falls below it, and never twice without rising above", () => {
    fc.assert(
      fc.property(cents, fc.array(cents, { maxLength: 60 }), thresholds, (start, walk, t) => {
        let balance = start;
        const alerts = { first: 0, second: 0 };
        const armed = { first: start >= t.first!, second: start >= t.second! };
        for (const next of walk) {
          for (const c of lowCreditCrossings(balance, next, t)) {
            expect(armed[c.level]).toBe(true);
            armed[c.level] = false;
            alerts[c.level] += 1;
          }
          for (const level of ["first", "second"] as const) {
            if (next >= t[level]!) armed[level] = true;
          }
          balance = next;
        }
        const states = [start, ...walk];
        for (const level of ["first", "second"] as const) {
          const v = t[level]!;
          let falls = 0;
          for (let i = 1; i < states.length; i++) if (states[i - 1]! >= v && states[i]! < v) falls++;
          expect(alerts[level]).toBe(falls);
        }
      }),
    );
  });

  it("a fall split into steps crosses each threshold exactly as often as the fall in one step", () => {
    fc.assert(
      fc.property(cents, cents, cents, thresholds, (a, b, c, t) => {
        const [hi, mid, lo] = [a, b, c].sort((x, y) => y - x) as [number, number, number];
        const direct = lowCreditCrossings(hi, lo, t).map((x) => x.level);
        const stepped = [...lowCreditCrossings(hi, mid, t), ...lowCreditCrossings(mid, lo, t)].map(
          (x) => x.level,
        );
        expect(stepped.sort()).toEqual(direct.sort());
      }),
    );
  });
});

describe("enqueueLowCreditAlerts", () => {
  const deps = () => app.deps;
  const jobsFor = (key: string) =>
    deps().database.query<{ n: string }>(
      `select count(*)::text as n from pgboss.job where name = 'email.send' and data->>'key' like $1`,
      [`${key}%`],
    );

  it("e-mails every active admin once when the corporate balance falls below a threshold", async () => {
    const company = await createCompany(app);
    const admin2 = await createUser(app, company.id, { role: "admin" });
    const gone = await createUser(app, company.id, { role: "admin", status: "inactive" });
    const agent = await createUser(app, company.id, { role: "agent" });
    await editThreshold(company.owner.token, { firstThresh: 100, secondThresh: 20 });
    const since = new Date();
    const movement = `move-${company.id}`;
    const count = await deps().database.db.transaction((tx) =>
      enqueueLowCreditAlerts(tx, deps().queue, {
        companyId: company.id,
        before: 15_000,
        after: 9_950,
        key: movement,
      }),
    );
    expect(count).toBe(2);
    for (const admin of [company.owner, admin2]) {
      const mail = await lastMessageTo(app, admin.email, since);
      expect(mail.subject).toMatch(/^Low credit: Test Co \d+ is below SGD 100\.00$/);
      expect(mail.text).toContain("SGD 99.50");
    }
    const [jobs] = await jobsFor(`low-credit:company:${company.id}:first:${movement}`);
    expect(jobs!.n).toBe("2");
    const strays = await deps().database.query(
      `select 1 from sandbox_messages where "to" = any($1) and created_at > $2`,
      [[gone.email, agent.email], since],
    );
    expect(strays).toEqual([]);

    // Falling further but still above the second threshold: no new alert.
    const again = await deps().database.db.transaction((tx) =>
      enqueueLowCreditAlerts(tx, deps().queue, { companyId: company.id, before: 9_950, after: 5_000 }),
    );
    expect(again).toBe(0);
  });

  it("e-mails the user and the admins for a user threshold, one job per crossing and recipient", async () => {
    const company = await createCompany(app);
    const agent = await createUser(app, company.id, { role: "agent" });
    await deps()
      .database.db.update(users)
      .set({ firstThreshCents: 5_000, secondThreshCents: 1_000 })
      .where(eq(users.id, agent.id));
    const since = new Date();
    const movement = `move-${agent.id}`;
    const count = await deps().database.db.transaction((tx) =>
      enqueueLowCreditAlerts(tx, deps().queue, {
        companyId: company.id,
        userId: agent.id,
        before: 6_000,
        after: 500,
        key: movement,
      }),
    );
    expect(count).toBe(4);
    for (const to of [agent.email, company.owner.email]) {
      const mail = await lastMessageTo(app, to, since);
      expect(mail.subject).toMatch(/^Low credit: Test User is below SGD (50|10)\.00$/);
      expect(mail.text).toContain("SGD 5.00");
      const all = await eventually(async () => {
        const rows = await deps().database.query<{ subject: string }>(
          `select subject from sandbox_messages where "to" = $1 and created_at > $2`,
          [to, since],
        );
        return rows.length === 2 ? rows : undefined;
      });
      expect(all.map((r) => r.subject).sort()).toEqual([
        "Low credit: Test User is below SGD 10.00",
        "Low credit: Test User is below SGD 50.00",
      ]);
    }
  });

  it("enqueues nothing when the movement rolls back, for rises, or for another company's user", async () => {
    const company = await createCompany(app);
    const other = await createCompany(app);
    const agent = await createUser(app, company.id, { role: "agent" });
    await editThreshold(company.owner.token, { firstThresh: 100, secondThresh: 20 });
    await deps()
      .database.db.update(users)
      .set({ firstThreshCents: 5_000, secondThreshCents: 1_000 })
      .where(eq(users.id, agent.id));
    const movement = `rollback-${company.id}`;
    await expect(
      deps().database.db.transaction(async (tx) => {
        await enqueueLowCreditAlerts(tx, deps().queue, {
          companyId: company.id,
          before: 20_000,
          after: 0,
          key: movement,
        });
        throw new Error("movement failed");
      }),
    ).rejects.toThrow("movement failed");
    expect((await jobsFor(`low-credit:company:${company.id}:`))[0]!.n).toBe("0");

    const tx = deps().database.db;
    expect(
      await enqueueLowCreditAlerts(tx, deps().queue, { companyId: company.id, before: 0, after: 20_000 }),
    ).toBe(0);
    expect(
      await enqueueLowCreditAlerts(tx, deps().queue, {
        companyId: other.id,
        userId: agent.id,
        before: 6_000,
        after: 0,
      }),
    ).toBe(0);
  });
});
