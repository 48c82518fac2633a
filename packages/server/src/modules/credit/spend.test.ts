import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Database, Tx } from "../../db/client";
import { companies, users } from "../../db/schema";
import type { Queue } from "../../jobs/queue";
import { createCompany, createUser, testApp } from "../../test/harness";
import { allocate, audit, INSUFFICIENT_USER_CREDIT, InsufficientCredit, purchaseCredit } from "./ledger";
import { captureSend, chargeNow, refundSend, releaseSend, reserveForSend } from "./spend";

let app: FastifyInstance;
let database: Database;
let queue: Queue;
const onPostgres = Boolean(inject("databaseUrl"));

beforeAll(async () => {
  app = await testApp();
  database = app.deps.database;
  queue = app.deps.queue;
});

/** A company bought `purchase` cents and gave `allocated` of them to an agent with user thresholds. */
async function setup(opts: { purchase: number; allocated: number; first: number; second: number }) {
  const company = await createCompany(app, { creditCents: 0 });
  const admin2 = await createUser(app, company.id, { role: "admin" });
  const colleague = await createUser(app, company.id, { role: "agent" });
  const agent = await createUser(app, company.id, { role: "agent" });
  await purchaseCredit(database.db, { companyId: company.id, amountCents: opts.purchase });
  await allocate(database.db, { companyId: company.id, userId: agent.id, amountCents: opts.allocated });
  await database.db
    .update(users)
    .set({ firstThreshCents: opts.first, secondThreshCents: opts.second })
    .where(eq(users.id, agent.id));
  return { company, admin2, colleague, agent };
}

/** Low-credit e-mails enqueued for a balance: the recipients, one row per job. */
async function alertJobs(scope: string) {
  const rows = await database.query<{ to: string }>(
    `select data->>'to' as "to" from pgboss.job
      where name = 'email.send' and data->>'key' like $1 order by data->>'to'`,
    [`low-credit:${scope}:%`],
  );
  return rows.map((r) => r.to);
}

async function balanceOf(table: "users" | "companies", id: string): Promise<number> {
  const [r] = await database.query<{ credit_cents: number | string }>(
    `select credit_cents from ${table} where id = $1`,
    [id],
  );
  return Number(r!.credit_cents);
}

async function expectConsistent(companyId: string) {
  const a = await audit(database.db, companyId);
  expect(a.unbalancedTransactions).toBe(0);
  expect(a.companyCents).toBe(a.companyEntries);
  expect(a.usersCents).toBe(a.userEntries);
  expect(a.reservedCents).toBe(a.reservedEntries);
  return a;
}

describe("spending with low-credit alerts", () => {
  it("a reserve that crosses the user's threshold alerts the user and the admins once; re-armed by a top-up", async () => {
    const { company, admin2, colleague, agent } = await setup({
      purchase: 20_000,
      allocated: 6_000,
      first: 5_000,
      second: 1_000,
    });
    const scope = `user:${agent.id}`;
    const tx = <T>(f: (t: Tx) => Promise<T>) => database.db.transaction(f);

    const r1 = await tx((t) =>
      reserveForSend(t, queue, { companyId: company.id, userId: agent.id, amountCents: 1_500 }),
    );
    expect(r1.alerts).toBe(3);
    expect(await alertJobs(scope)).toEqual([agent.email, company.owner.email, admin2.email].sort());
    expect(await alertJobs(scope)).not.toContain(colleague.email);

    // Still above the second threshold, already below the first: nothing more.
    const r2 = await tx((t) =>
      reserveForSend(t, queue, { companyId: company.id, userId: agent.id, amountCents: 500 }),
    );
    expect(r2.alerts).toBe(0);
    const c = await tx((t) =>
      chargeNow(t, queue, { companyId: company.id, userId: agent.id, amountCents: 100 }),
    );
    expect(c.alerts).toBe(0);
    expect(await alertJobs(scope)).toHaveLength(3);

    // Captures move the reservation only; release and refund give credit back and never alert.
    expect(
      (
        await tx((t) =>
          captureSend(t, queue, { companyId: company.id, reservationId: r1.reservationId, amountCents: 700 }),
        )
      ).alerts,
    ).toBe(0);
    expect(
      (await tx((t) => releaseSend(t, queue, { companyId: company.id, reservationId: r1.reservationId })))
        .amountCents,
    ).toBe(800);
    expect(
      (
        await tx((t) =>
          refundSend(t, queue, {
            companyId: company.id,
            userId: agent.id,
            amountCents: 100,
            source: "platform",
          }),
        )
      )?.alerts,
    ).toBe(0);
    expect(await balanceOf("users", agent.id)).toBe(6_000 - 1_500 - 500 - 100 + 800 + 100);

    // A top-up to or above the threshold re-arms it: the next fall alerts again.
    await allocate(database.db, { companyId: company.id, userId: agent.id, amountCents: 1_200 });
    expect(await balanceOf("users", agent.id)).toBe(6_000);
    const r3 = await tx((t) =>
      reserveForSend(t, queue, { companyId: company.id, userId: agent.id, amountCents: 1_001 }),
    );
    expect(r3.alerts).toBe(3);
    expect(await alertJobs(scope)).toHaveLength(6);

    // Crossing both thresholds at once: one e-mail per threshold and recipient.
    const r4 = await tx((t) =>
      reserveForSend(t, queue, { companyId: company.id, userId: agent.id, amountCents: 4_500 }),
    );
    expect(r4.alerts).toBe(3);
    expect(await alertJobs(scope)).toHaveLength(9);
    await expectConsistent(company.id);
  });

  it("a rolled-back caller transaction moves nothing and enqueues nothing", async () => {
    const { company, agent } = await setup({
      purchase: 10_000,
      allocated: 6_000,
      first: 5_000,
      second: 1_000,
    });
    await expect(
      database.db.transaction(async (t) => {
        const r = await reserveForSend(t, queue, {
          companyId: company.id,
          userId: agent.id,
          amountCents: 2_000,
        });
        expect(r.alerts).toBe(3);
        throw new Error("the send failed to queue");
      }),
    ).rejects.toThrow("the send failed to queue");
    expect(await alertJobs(`user:${agent.id}`)).toEqual([]);
    expect(await balanceOf("users", agent.id)).toBe(6_000);
    await expectConsistent(company.id);
  });

  it("a refund on a company channel's receipt moves nothing; the platform's gives the charge back", async () => {
    const { company, agent } = await setup({ purchase: 10_000, allocated: 6_000, first: 0, second: 0 });
    await database.db.transaction((t) =>
      chargeNow(t, queue, { companyId: company.id, userId: agent.id, amountCents: 300 }),
    );
    const refundOn = (source: "platform" | "company-channel") =>
      database.db.transaction((t) =>
        refundSend(t, queue, { companyId: company.id, userId: agent.id, amountCents: 300, source }),
      );
    expect(await refundOn("company-channel")).toBeNull();
    expect(await balanceOf("users", agent.id)).toBe(5_700);
    expect((await refundOn("platform"))?.amountCents).toBe(300);
    expect(await balanceOf("users", agent.id)).toBe(6_000);
    await expectConsistent(company.id);
  });

  it("a refused spend moves nothing and enqueues nothing", async () => {
    const { company, agent } = await setup({
      purchase: 10_000,
      allocated: 6_000,
      first: 5_000,
      second: 1_000,
    });
    await expect(
      database.db.transaction((t) =>
        reserveForSend(t, queue, { companyId: company.id, userId: agent.id, amountCents: 6_001 }),
      ),
    ).rejects.toSatisfy(
      (e) => e instanceof InsufficientCredit && (e as Error).message === INSUFFICIENT_USER_CREDIT,
    );
    expect(await alertJobs(`user:${agent.id}`)).toEqual([]);
    expect(await balanceOf("users", agent.id)).toBe(6_000);
  });

  it("a charge to the corporate balance that crosses the company's threshold alerts every admin once", async () => {
    const { company, admin2, agent } = await setup({
      purchase: 15_000,
      allocated: 1_000,
      first: 0,
      second: 0,
    });
    await database.db
      .update(companies)
      .set({ firstThreshCents: 10_000, secondThreshCents: 2_000 })
      .where(eq(companies.id, company.id));
    const scope = `company:${company.id}`;
    const spend = (amountCents: number) =>
      database.db.transaction((t) => chargeNow(t, queue, { companyId: company.id, amountCents }));
    expect((await spend(4_500)).alerts).toBe(2);
    expect(await alertJobs(scope)).toEqual([company.owner.email, admin2.email].sort());
    expect((await spend(1_000)).alerts).toBe(0);
    expect(await alertJobs(scope)).not.toContain(agent.email);
    expect(await balanceOf("companies", company.id)).toBe(14_000 - 5_500);
    await expectConsistent(company.id);
  });

  it.skipIf(!onPostgres)(
    "parallel reserves crossing a threshold alert exactly once; never negative; entries equal balances",
    async () => {
      const { company, admin2, agent } = await setup({
        purchase: 10_000,
        allocated: 2_000,
        first: 1_500,
        second: 0,
      });
      const results = await Promise.allSettled(
        Array.from({ length: 40 }, () =>
          database.db.transaction((t) =>
            reserveForSend(t, queue, { companyId: company.id, userId: agent.id, amountCents: 100 }),
          ),
        ),
      );
      const ok = results.filter((r) => r.status === "fulfilled");
      expect(ok).toHaveLength(20);
      for (const r of results)
        if (r.status === "rejected") expect(r.reason).toBeInstanceOf(InsufficientCredit);
      const alerts = ok.reduce((n, r) => n + (r.status === "fulfilled" ? r.value.alerts : 0), 0);
      expect(alerts).toBe(3);
      expect(await alertJobs(`user:${agent.id}`)).toEqual(
        [agent.email, company.owner.email, admin2.email].sort(),
      );
      expect(await balanceOf("users", agent.id)).toBe(0);
      await expectConsistent(company.id);
    },
  );
});
