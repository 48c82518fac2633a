import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Database } from "../../db/client";
import { createCompany, createUser, testApp } from "../../test/harness";
import {
  ACCOUNT_NOT_FOUND,
  allocate,
  audit,
  capture,
  charge,
  deduct,
  IDEMPOTENCY_MISMATCH,
  INSUFFICIENT_USER_CREDIT,
  InsufficientCredit,
  idempotent,
  purchaseCredit,
  RESERVATION_SHORT,
  refund,
  release,
  reserve,
} from "./ledger";

let app: FastifyInstance;
let database: Database;
const onPostgres = Boolean(inject("databaseUrl"));

beforeAll(async () => {
  app = await testApp();
  database = app.deps.database;
});

/** A company with no credit, funded through the ledger so that balances equal entry sums. */
async function fundedCompany(purchaseCents = 0) {
  const company = await createCompany(app, { creditCents: 0 });
  if (purchaseCents > 0) {
    await purchaseCredit(database.db, {
      companyId: company.id,
      amountCents: purchaseCents,
      reference: "test",
    });
  }
  return company;
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
  expect(a.companyCents).toBeGreaterThanOrEqual(0);
  return a;
}

describe("ledger movements", () => {
  it("moves credit between accounts with entries that sum to zero and balances equal to entry sums", async () => {
    const c = await fundedCompany(10_000);
    const u = await createUser(app, c.id);
    await allocate(database.db, { companyId: c.id, userId: u.id, amountCents: 3_000, actorId: c.owner.id });
    await deduct(database.db, { companyId: c.id, userId: u.id, amountCents: 500 });
    await charge(database.db, { companyId: c.id, userId: u.id, amountCents: 100 });
    await refund(database.db, { companyId: c.id, userId: u.id, amountCents: 40 });
    expect(await balanceOf("companies", c.id)).toBe(7_500);
    expect(await balanceOf("users", u.id)).toBe(2_440);
    const a = await expectConsistent(c.id);
    expect(a.companyEntries).toBe(7_500);
    const entries = await database.query<{ kind: string; account: string; amount_cents: number | string }>(
      "select kind, account, amount_cents from ledger_entries where company_id = $1 order by created_at, amount_cents",
      [c.id],
    );
    expect(entries).toHaveLength(10);
    expect(
      entries.filter((e) => e.kind === "allocate").map((e) => [e.account, Number(e.amount_cents)]),
    ).toEqual([
      ["company", -3_000],
      ["user", 3_000],
    ]);
  });

  it("refuses to take a balance below zero with a typed 422 and moves nothing", async () => {
    const c = await fundedCompany(1_000);
    const u = await createUser(app, c.id);
    await expect(
      allocate(database.db, { companyId: c.id, userId: u.id, amountCents: 1_001 }),
    ).rejects.toSatisfy(
      (e) =>
        e instanceof InsufficientCredit &&
        e.statusCode === 422 &&
        e.message === "Insufficient corporate credit",
    );
    await expect(deduct(database.db, { companyId: c.id, userId: u.id, amountCents: 1 })).rejects.toThrow(
      INSUFFICIENT_USER_CREDIT,
    );
    await expect(allocate(database.db, { companyId: c.id, userId: u.id, amountCents: 0 })).rejects.toThrow(
      /positive/,
    );
    expect(await balanceOf("companies", c.id)).toBe(1_000);
    expect(await balanceOf("users", u.id)).toBe(0);
    const [n] = await database.query<{ n: number }>(
      "select count(*)::int as n from ledger_entries where company_id = $1",
      [c.id],
    );
    expect(n!.n).toBe(2);
    await expectConsistent(c.id);
  });

  it("never moves credit of another company's user", async () => {
    const c = await fundedCompany(1_000);
    const other = await fundedCompany(1_000);
    const stranger = await createUser(app, other.id);
    await expect(
      allocate(database.db, { companyId: c.id, userId: stranger.id, amountCents: 100 }),
    ).rejects.toMatchObject({ statusCode: 404, message: ACCOUNT_NOT_FOUND });
    expect(await balanceOf("companies", c.id)).toBe(1_000);
    expect(await balanceOf("users", stranger.id)).toBe(0);
  });

  it("reserves, captures part, releases the rest; a second release and a capture after release move nothing", async () => {
    const c = await fundedCompany(5_000);
    const u = await createUser(app, c.id);
    await allocate(database.db, { companyId: c.id, userId: u.id, amountCents: 2_000 });
    const r = await reserve(database.db, {
      companyId: c.id,
      userId: u.id,
      amountCents: 1_500,
      reference: "b1",
    });
    expect(await balanceOf("users", u.id)).toBe(500);
    await capture(database.db, { companyId: c.id, reservationId: r.reservationId, amountCents: 600 });
    await expect(
      capture(database.db, { companyId: c.id, reservationId: r.reservationId, amountCents: 901 }),
    ).rejects.toThrow(RESERVATION_SHORT);
    const released = await release(database.db, { companyId: c.id, reservationId: r.reservationId });
    expect(released.amountCents).toBe(900);
    expect(await balanceOf("users", u.id)).toBe(1_400);
    expect(
      (await release(database.db, { companyId: c.id, reservationId: r.reservationId })).amountCents,
    ).toBe(0);
    await expect(
      capture(database.db, { companyId: c.id, reservationId: r.reservationId, amountCents: 1 }),
    ).rejects.toThrow(RESERVATION_SHORT);
    await expect(reserve(database.db, { companyId: c.id, userId: u.id, amountCents: 1_401 })).rejects.toThrow(
      INSUFFICIENT_USER_CREDIT,
    );
    const other = await fundedCompany();
    await expect(
      release(database.db, { companyId: other.id, reservationId: r.reservationId }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expectConsistent(c.id);
  });

  it("rolls back with the caller's transaction", async () => {
    const c = await fundedCompany(1_000);
    const u = await createUser(app, c.id);
    await expect(
      database.db.transaction(async (tx) => {
        await allocate(tx, { companyId: c.id, userId: u.id, amountCents: 400 });
        throw new Error("later step failed");
      }),
    ).rejects.toThrow("later step failed");
    expect(await balanceOf("companies", c.id)).toBe(1_000);
    expect(await balanceOf("users", u.id)).toBe(0);
    await expectConsistent(c.id);
  });

  it("keeps entries append-only", async () => {
    const c = await fundedCompany(1_000);
    await expect(
      database.query("update ledger_entries set amount_cents = 1 where company_id = $1", [c.id]),
    ).rejects.toThrow(/append-only/);
    await expect(database.query("delete from ledger_entries where company_id = $1", [c.id])).rejects.toThrow(
      /append-only/,
    );
    // They leave only with their company.
    await database.query("delete from companies where id = $1", [c.id]);
    const [n] = await database.query<{ n: number }>(
      "select count(*)::int as n from ledger_entries where company_id = $1",
      [c.id],
    );
    expect(n!.n).toBe(0);
  });
});

describe("idempotency", () => {
  it("runs a request once per key: a replay answers the first answer and moves nothing", async () => {
    const c = await fundedCompany(1_000);
    const u = await createUser(app, c.id);
    const request = (amountCents: number) =>
      idempotent(
        database.db,
        {
          companyId: c.id,
          key: "k-1",
          operation: "test",
          body: { amountCents },
          actorId: c.owner.id,
          kind: "allocate",
        },
        async (tx, transactionId) => {
          await allocate(tx, { companyId: c.id, userId: u.id, amountCents, transactionId: transactionId! });
          return { moved: amountCents };
        },
      );
    expect(await request(300)).toEqual({ answer: { moved: 300 }, replayed: false });
    expect(await request(300)).toEqual({ answer: { moved: 300 }, replayed: true });
    await expect(request(301)).rejects.toMatchObject({ statusCode: 422, message: IDEMPOTENCY_MISMATCH });
    expect(await balanceOf("users", u.id)).toBe(300);
    await expectConsistent(c.id);
  });
});

describe("property: random sequences keep the invariants", () => {
  type Op =
    | { t: "purchase"; amt: number }
    | { t: "allocate" | "deduct" | "charge" | "refund" | "reserve"; user: number; amt: number }
    | { t: "capture"; res: number; amt: number }
    | { t: "release"; res: number }
    | { t: "replay"; amt: number };
  const amt = fc.integer({ min: 1, max: 2_000 });
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ t: fc.constant("purchase" as const), amt }),
    fc.record({
      t: fc.constantFrom(
        "allocate" as const,
        "deduct" as const,
        "charge" as const,
        "refund" as const,
        "reserve" as const,
      ),
      user: fc.integer({ min: 0, max: 1 }),
      amt,
    }),
    fc.record({ t: fc.constant("capture" as const), res: fc.nat(5), amt }),
    fc.record({ t: fc.constant("release" as const), res: fc.nat(5) }),
    fc.record({ t: fc.constant("replay" as const), amt: fc.integer({ min: 1, max: 3 }) }),
  );

  it("balances never go negative, equal their entry sums and match a model", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const c = await fundedCompany();
        const users = [await createUser(app, c.id), await createUser(app, c.id)];
        const model = {
          company: 0,
          users: [0, 0],
          reservations: [] as { id: string; user: number; left: number; open: boolean }[],
        };
        const replayed = new Set<number>();
        for (const o of ops) {
          const db = database.db;
          const ok = async (f: () => Promise<unknown>) => {
            try {
              await f();
              return true;
            } catch (e) {
              if (e instanceof InsufficientCredit) return false;
              throw e;
            }
          };
          switch (o.t) {
            case "purchase":
              await purchaseCredit(db, { companyId: c.id, amountCents: o.amt });
              model.company += o.amt;
              break;
            case "allocate":
              if (
                await ok(() =>
                  allocate(db, { companyId: c.id, userId: users[o.user]!.id, amountCents: o.amt }),
                )
              ) {
                model.company -= o.amt;
                model.users[o.user]! += o.amt;
              } else expect(model.company).toBeLessThan(o.amt);
              break;
            case "deduct":
              if (
                await ok(() => deduct(db, { companyId: c.id, userId: users[o.user]!.id, amountCents: o.amt }))
              ) {
                model.company += o.amt;
                model.users[o.user]! -= o.amt;
              } else expect(model.users[o.user]!).toBeLessThan(o.amt);
              break;
            case "charge":
              if (
                await ok(() => charge(db, { companyId: c.id, userId: users[o.user]!.id, amountCents: o.amt }))
              ) {
                model.users[o.user]! -= o.amt;
              } else expect(model.users[o.user]!).toBeLessThan(o.amt);
              break;
            case "refund":
              await refund(db, { companyId: c.id, userId: users[o.user]!.id, amountCents: o.amt });
              model.users[o.user]! += o.amt;
              break;
            case "reserve": {
              let id = "";
              if (
                await ok(async () => {
                  id = (await reserve(db, { companyId: c.id, userId: users[o.user]!.id, amountCents: o.amt }))
                    .reservationId;
                })
              ) {
                model.users[o.user]! -= o.amt;
                model.reservations.push({ id, user: o.user, left: o.amt, open: true });
              } else expect(model.users[o.user]!).toBeLessThan(o.amt);
              break;
            }
            case "capture": {
              const r = model.reservations[o.res];
              if (!r) break;
              const done = await ok(() =>
                capture(db, { companyId: c.id, reservationId: r.id, amountCents: o.amt }),
              );
              expect(done).toBe(r.open && r.left >= o.amt);
              if (done) r.left -= o.amt;
              break;
            }
            case "release": {
              const r = model.reservations[o.res];
              if (!r) break;
              const out = await release(db, { companyId: c.id, reservationId: r.id });
              expect(out.amountCents).toBe(r.open ? r.left : 0);
              if (r.open) model.users[r.user]! += r.left;
              r.left = 0;
              r.open = false;
              break;
            }
            case "replay": {
              const first = !replayed.has(o.amt);
              replayed.add(o.amt);
              const done = await ok(() =>
                idempotent(
                  db,
                  {
                    companyId: c.id,
                    key: `p-${o.amt}`,
                    operation: "p",
                    body: {},
                    actorId: c.owner.id,
                    kind: "purchase",
                  },
                  async (tx, transactionId) => {
                    await purchaseCredit(tx, {
                      companyId: c.id,
                      amountCents: o.amt,
                      transactionId: transactionId!,
                    });
                    return o.amt;
                  },
                ),
              );
              expect(done).toBe(true);
              if (first) model.company += o.amt;
              break;
            }
          }
        }
        const a = await expectConsistent(c.id);
        expect(a.companyCents).toBe(model.company);
        expect(await balanceOf("users", users[0]!.id)).toBe(model.users[0]);
        expect(await balanceOf("users", users[1]!.id)).toBe(model.users[1]);
        expect(a.reservedCents).toBe(model.reservations.reduce((s, r) => s + r.left, 0));
      }),
      { numRuns: onPostgres ? 15 : 25 },
    );
  }, 120_000);
});

describe("concurrency on PostgreSQL", () => {
  it.skipIf(!onPostgres)(
    "100 parallel deductions where the balance allows 10: exactly 10 succeed",
    async () => {
      const c = await fundedCompany(1_000);
      const u = await createUser(app, c.id);
      await allocate(database.db, { companyId: c.id, userId: u.id, amountCents: 1_000 });
      const results = await Promise.allSettled(
        Array.from({ length: 100 }, () =>
          database.db.transaction((tx) => deduct(tx, { companyId: c.id, userId: u.id, amountCents: 100 })),
        ),
      );
      const ok = results.filter((r) => r.status === "fulfilled").length;
      expect(ok).toBe(10);
      for (const r of results) {
        if (r.status === "rejected") expect(r.reason).toBeInstanceOf(InsufficientCredit);
      }
      expect(await balanceOf("users", u.id)).toBe(0);
      expect(await balanceOf("companies", c.id)).toBe(1_000);
      await expectConsistent(c.id);
    },
  );

  it.skipIf(!onPostgres)(
    "allocations racing purchases and deductions: no deadlock, invariants hold",
    async () => {
      const c = await fundedCompany(500);
      const us = [await createUser(app, c.id), await createUser(app, c.id)];
      const work = Array.from({ length: 90 }, (_, i) => {
        const u = us[i % 2]!;
        if (i % 3 === 0) return purchaseCredit(database.db, { companyId: c.id, amountCents: 100 });
        if (i % 3 === 1) return allocate(database.db, { companyId: c.id, userId: u.id, amountCents: 150 });
        return database.db.transaction((tx) =>
          deduct(tx, { companyId: c.id, userId: u.id, amountCents: 50 }),
        );
      });
      const results = await Promise.allSettled(work);
      for (const r of results) {
        if (r.status === "rejected") expect(r.reason).toBeInstanceOf(InsufficientCredit);
      }
      const a = await expectConsistent(c.id);
      expect(a.companyCents + a.usersCents).toBe(500 + 30 * 100);
    },
  );

  it.skipIf(!onPostgres)(
    "parallel replays of one Idempotency-Key move credit once and share its answer",
    async () => {
      const c = await fundedCompany(1_000);
      const u = await createUser(app, c.id);
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          idempotent(
            database.db,
            {
              companyId: c.id,
              key: "parallel",
              operation: "test",
              body: { amountCents: 100 },
              actorId: c.owner.id,
              kind: "allocate",
            },
            async (tx, transactionId) => {
              const m = await allocate(tx, {
                companyId: c.id,
                userId: u.id,
                amountCents: 100,
                transactionId: transactionId!,
              });
              return m.transactionId;
            },
          ),
        ),
      );
      expect(results.filter((r) => !r.replayed)).toHaveLength(1);
      expect(new Set(results.map((r) => r.answer)).size).toBe(1);
      expect(await balanceOf("users", u.id)).toBe(100);
      await expectConsistent(c.id);
    },
  );

  it.skipIf(!onPostgres)("captures racing on one reservation never take more than it holds", async () => {
    const c = await fundedCompany(1_000);
    const u = await createUser(app, c.id);
    await allocate(database.db, { companyId: c.id, userId: u.id, amountCents: 1_000 });
    const r = await reserve(database.db, { companyId: c.id, userId: u.id, amountCents: 700 });
    const results = await Promise.allSettled([
      ...Array.from({ length: 50 }, () =>
        capture(database.db, { companyId: c.id, reservationId: r.reservationId, amountCents: 100 }),
      ),
      release(database.db, { companyId: c.id, reservationId: r.reservationId }),
    ]);
    const captured = results.slice(0, 50).filter((x) => x.status === "fulfilled").length;
    const rel = results[50]!;
    expect(rel.status).toBe("fulfilled");
    const released = rel.status === "fulfilled" ? rel.value.amountCents : -1;
    expect(captured * 100 + released).toBe(700);
    expect(await balanceOf("users", u.id)).toBe(300 + released);
    await expectConsistent(c.id);
  });

  it.skipIf(!onPostgres)(
    "reservations racing captures and releases: exact counts, never negative, entries equal balances",
    async () => {
      const c = await fundedCompany(3_000);
      const u = await createUser(app, c.id);
      await allocate(database.db, { companyId: c.id, userId: u.id, amountCents: 2_000 });
      // Five open reservations of 200 (1,000 left on the user), then at once: 20 new reservations of 100
      // (10 fit), 5 captures of 50 on each open reservation (4 fit each) and releases of two of them.
      const open = [];
      for (let i = 0; i < 5; i++)
        open.push(await reserve(database.db, { companyId: c.id, userId: u.id, amountCents: 200 }));
      const results = await Promise.allSettled([
        ...Array.from({ length: 20 }, () =>
          database.db.transaction((tx) => reserve(tx, { companyId: c.id, userId: u.id, amountCents: 100 })),
        ),
        ...open
          .slice(2)
          .flatMap((r) =>
            Array.from({ length: 5 }, () =>
              capture(database.db, { companyId: c.id, reservationId: r.reservationId, amountCents: 50 }),
            ),
          ),
      ]);
      for (const r of results) {
        if (r.status === "rejected") expect(r.reason).toBeInstanceOf(InsufficientCredit);
      }
      expect(results.slice(0, 20).filter((r) => r.status === "fulfilled")).toHaveLength(10);
      expect(results.slice(20).filter((r) => r.status === "fulfilled")).toHaveLength(12);
      const raced = await Promise.allSettled([
        ...open
          .slice(0, 2)
          .map((r) => release(database.db, { companyId: c.id, reservationId: r.reservationId })),
        ...open
          .slice(0, 2)
          .flatMap((r) =>
            Array.from({ length: 5 }, () =>
              capture(database.db, { companyId: c.id, reservationId: r.reservationId, amountCents: 50 }),
            ),
          ),
      ]);
      const released = raced
        .slice(0, 2)
        .reduce((n, r) => n + (r.status === "fulfilled" ? r.value.amountCents : Number.NaN), 0);
      const captured = raced.slice(2).filter((r) => r.status === "fulfilled").length * 50;
      expect(released + captured).toBe(400);
      expect(await balanceOf("users", u.id)).toBe(released);
      const a = await expectConsistent(c.id);
      expect(a.usersCents).toBeGreaterThanOrEqual(0);
      expect(a.reservedCents).toBe(10 * 100 + 3 * 200 - 12 * 50);
    },
  );
});
