import ExcelJS from "exceljs";
import type { FastifyInstance } from "fastify";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { neutralise } from "../../lib/spreadsheet";
import { auth, countQueries, createCompany, createUser, type TestUser, testApp } from "../../test/harness";
import { allocate, audit, capture, deduct, purchaseCredit, release, reserve } from "./ledger";
import { STATEMENT_MESSAGES } from "./statement.messages";
import { referenceText, todayIn } from "./statement.service";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

interface Entry {
  id: string;
  transactionId: string;
  createdAt: string;
  kind: string;
  description: string;
  counterparty: string | null;
  reference: string | null;
  actorName: string | null;
  amount: number;
  balance: number;
}
interface Statement {
  account: { type: string; userId: string | null; name: string };
  from: string;
  to: string;
  timeZone: string;
  openingBalance: number;
  closingBalance: number;
  totalIn: number;
  totalOut: number;
  held: number | null;
  data: Entry[];
  nextCursor: string | null;
}

const get = (u: { token: string }, query: Record<string, string | number | undefined> = {}) => {
  const qs = new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString();
  return app.inject({ method: "GET", url: `/api/creditStatement${qs ? `?${qs}` : ""}`, headers: auth(u) });
};
const exportFile = (u: { token: string }, query: Record<string, string | undefined>) => {
  const qs = new URLSearchParams(
    Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined),
  ).toString();
  return app.inject({ method: "GET", url: `/api/creditStatement/export?${qs}`, headers: auth(u) });
};

const today = () => todayIn("Asia/Singapore");
const db = () => app.deps.database.db;

/** Every page of a statement, following nextCursor. */
async function allPages(u: TestUser, query: Record<string, string | number | undefined>) {
  const pages: Statement[] = [];
  let cursor: string | undefined;
  for (;;) {
    const res = await get(u, { ...query, cursor });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Statement;
    pages.push(page);
    if (!page.nextCursor) return pages;
    cursor = page.nextCursor;
  }
}

/**
 * Writes a balanced movement with a chosen time (the ledger stamps now()), moving the balances as the
 * ledger does: the statement reads the balance now and the entries since its first day.
 */
async function entryAt(
  companyId: string,
  at: string,
  cents: number,
  opts: {
    from?: string;
    to?: string;
    userId?: string;
    kind?: string;
    reference?: string;
    memo?: string;
  } = {},
) {
  const t = uuidv7();
  const kind = opts.kind ?? "purchase";
  await app.deps.database.query(
    "insert into ledger_transactions (id, company_id, kind, memo, created_at) values ($1, $2, $3, $4, $5)",
    [t, companyId, kind, opts.memo ?? null, at],
  );
  const from = opts.from ?? "external";
  const to = opts.to ?? "company";
  for (const [account, amount] of [
    [from, -cents],
    [to, cents],
  ] as const) {
    await app.deps.database.query(
      `insert into ledger_entries (id, company_id, transaction_id, account, user_id, amount_cents, kind, reference, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        uuidv7(),
        companyId,
        t,
        account,
        account === "user" ? opts.userId : null,
        amount,
        kind,
        opts.reference ?? null,
        at,
      ],
    );
    if (account === "company")
      await app.deps.database.query("update companies set credit_cents = credit_cents + $2 where id = $1", [
        companyId,
        amount,
      ]);
    if (account === "user")
      await app.deps.database.query("update users set credit_cents = credit_cents + $2 where id = $1", [
        opts.userId,
        amount,
      ]);
  }
  return t;
}

describe("/creditStatement balances", () => {
  it("matches the ledger after purchase, allocate, deduct, reserve, capture and release", async () => {
    const c = await createCompany(app, { creditCents: 0 });
    const jane = await createUser(app, c.id);
    await app.deps.database.query("update users set first_name = 'Jane', last_name = 'Tan' where id = $1", [
      jane.id,
    ]);
    const base = { companyId: c.id, actorId: c.owner.id };
    await purchaseCredit(db(), { ...base, actorId: null, amountCents: 100_000, reference: "cs_test_1" });
    await allocate(db(), { ...base, userId: jane.id, amountCents: 30_000 });
    await deduct(db(), { ...base, userId: jane.id, amountCents: 5_000, memo: "Unused budget" });
    const r = await reserve(db(), {
      ...base,
      userId: jane.id,
      amountCents: 4_000,
      reference: "broadcast-42",
    });
    await capture(db(), { ...base, reservationId: r.reservationId, amountCents: 1_500 });
    await release(db(), { ...base, reservationId: r.reservationId });
    const r2 = await reserve(db(), {
      ...base,
      userId: jane.id,
      amountCents: 1_000,
      reference: "broadcast-43",
    });

    const company = (await get(c.owner)).json() as Statement;
    const ledger = await audit(db(), c.id);
    expect(company.account).toEqual({ type: "company", userId: null, name: expect.any(String) });
    expect(company.openingBalance).toBe(0);
    expect(company.closingBalance * 100).toBe(ledger.companyCents);
    expect(company.totalIn).toBe(1050);
    expect(company.totalOut).toBe(-300);
    expect(company.held).toBeNull();
    expect(company.data.map((e) => [e.kind, e.description, e.amount, e.balance])).toEqual([
      ["deduct", "Deducted from Jane Tan — Unused budget", 50, 750],
      ["allocate", "Allocated to Jane Tan", -300, 700],
      ["purchase", "Purchase", 1000, 1000],
    ]);
    expect(company.data[0]).toMatchObject({ counterparty: "Jane Tan", actorName: "Test User" });
    expect(company.data[2]).toMatchObject({
      counterparty: "Payment",
      reference: "cs_test_1",
      actorName: null,
    });

    const user = (await get(c.owner, { userId: jane.id })).json() as Statement;
    const [u] = await app.deps.database.query<{ credit_cents: number }>(
      "select credit_cents from users where id = $1",
      [jane.id],
    );
    expect(user.account).toEqual({ type: "user", userId: jane.id, name: "Jane Tan" });
    expect(Math.round(user.closingBalance * 100)).toBe(Number(u!.credit_cents));
    expect(user.held).toBe(10);
    expect(user.data.map((e) => [e.kind, e.description, e.amount, e.balance])).toEqual([
      ["reserve", "Reserved for broadcast-43", -10, 225],
      ["release", "Released", 25, 235],
      ["reserve", "Reserved for broadcast-42", -40, 210],
      ["deduct", "Deducted from Jane Tan — Unused budget", -50, 250],
      ["allocate", "Allocated to Jane Tan", 300, 300],
    ]);
    expect(user.data[0]!.counterparty).toBe("Reservation");
    expect(user.data[4]!.counterparty).toBe("Corporate account");
    expect(user.totalIn).toBe(325);
    expect(user.totalOut).toBe(-100);
    // Every running balance is the one before it plus its amount.
    const chrono = [...user.data].reverse();
    let balance = user.openingBalance;
    for (const e of chrono) {
      balance = Math.round((balance + e.amount) * 100) / 100;
      expect(e.balance).toBe(balance);
    }
    expect(r2.reservationId).toBeTruthy();
  });

  it("costs one query per corporate page and two per user page, whatever the number of entries", async () => {
    const c = await createCompany(app, { creditCents: 0 });
    const agent = await createUser(app, c.id);
    for (let i = 0; i < 30; i++) {
      await purchaseCredit(db(), { companyId: c.id, amountCents: 1_000 });
      await allocate(db(), { companyId: c.id, userId: agent.id, amountCents: 100, actorId: c.owner.id });
    }
    await get(c.owner); // the actor is cached from here on: count the work alone
    const small = await countQueries(() => get(c.owner, { limit: 2 }));
    const big = await countQueries(() => get(c.owner, { limit: 1000 }));
    expect(small.count, small.queries.join("\n")).toBe(1);
    expect(big.count, big.queries.join("\n")).toBe(1);
    expect((big.result.json() as Statement).data).toHaveLength(60);
    const user = await countQueries(() => get(c.owner, { userId: agent.id, limit: 1000 }));
    expect(user.count, user.queries.join("\n")).toBe(2);
    expect((user.result.json() as Statement).data).toHaveLength(30);
  });
});

describe("/creditStatement dates", () => {
  it("reads days in Asia/Singapore: midnight SGT is 16:00 UTC the day before", async () => {
    const c = await createCompany(app, { creditCents: 0 });
    await entryAt(c.id, "2026-10-31T15:59:59.999Z", 100); // 31 Oct 23:59:59.999 SGT
    await entryAt(c.id, "2026-10-31T16:00:00.000Z", 200); // 1 Nov 00:00 SGT
    await entryAt(c.id, "2026-11-30T15:59:59.999Z", 400); // 30 Nov 23:59:59.999 SGT
    await entryAt(c.id, "2026-11-30T16:00:00.000Z", 800); // 1 Dec 00:00 SGT
    const nov = (await get(c.owner, { from: "2026-11-01", to: "2026-11-30" })).json() as Statement;
    expect(nov.data.map((e) => e.amount)).toEqual([4, 2]);
    expect(nov).toMatchObject({ openingBalance: 1, totalIn: 6, totalOut: 0, closingBalance: 7 });
    expect(nov.timeZone).toBe("Asia/Singapore");
    expect(nov.data.map((e) => e.balance)).toEqual([7, 3]);
    const oneDay = (await get(c.owner, { from: "2026-11-01", to: "2026-11-01" })).json() as Statement;
    expect(oneDay.data.map((e) => e.amount)).toEqual([2]);
    const dec = (await get(c.owner, { from: "2026-12-01", to: "2026-12-31" })).json() as Statement;
    expect(dec).toMatchObject({ openingBalance: 7, closingBalance: 15 });
  });

  it("defaults to the current month up to today", async () => {
    const c = await createCompany(app, { creditCents: 0 });
    await purchaseCredit(db(), { companyId: c.id, amountCents: 1_234 });
    const s = (await get(c.owner)).json() as Statement;
    expect(s.to).toBe(today());
    expect(s.from).toBe(`${today().slice(0, 8)}01`);
    expect(s.data).toHaveLength(1);
    expect(s.data[0]!.amount).toBe(12.34);
  });

  it("answers 400 with a clear message for bad dates, ranges, limits and cursors, never 500", async () => {
    const c = await createCompany(app);
    const cases: [Record<string, string | number>, string][] = [
      [{ from: "2026-11-31" }, STATEMENT_MESSAGES.badDate("from")],
      [{ from: "01/11/2026", to: "2026-11-30" }, STATEMENT_MESSAGES.badDate("from")],
      [{ to: "2026-13-01" }, STATEMENT_MESSAGES.badDate("to")],
      [{ to: "tomorrow" }, STATEMENT_MESSAGES.badDate("to")],
      [{ from: "2026-11-30", to: "2026-11-01" }, STATEMENT_MESSAGES.fromAfterTo],
      [{ from: "2025-01-01", to: "2026-01-02" }, STATEMENT_MESSAGES.tooLong],
      [{ from: "2026-11-01T00:00:00Z" }, STATEMENT_MESSAGES.badDate("from")],
      [{ limit: 0 }, STATEMENT_MESSAGES.badLimit],
      [{ limit: 1001 }, STATEMENT_MESSAGES.badLimit],
      [{ limit: "ten" }, STATEMENT_MESSAGES.badLimit],
      [{ cursor: "!!!" }, STATEMENT_MESSAGES.badCursor],
      [{ cursor: Buffer.from("not-a-uuid").toString("base64url") }, STATEMENT_MESSAGES.badCursor],
      [{ cursor: Buffer.from(uuidv7()).toString("base64url") }, STATEMENT_MESSAGES.badCursor],
      [{ userId: "nope" }, "userId must be a user id (UUID)"],
      [{ from: "2026-11-01\u0000" }, STATEMENT_MESSAGES.badDate("from")],
    ];
    for (const [query, message] of cases) {
      const res = await get(c.owner, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().message, JSON.stringify(query)).toBe(message);
    }
    // a whole year (366 days) is allowed
    expect((await get(c.owner, { from: "2024-01-01", to: "2024-12-31" })).statusCode).toBe(200);
    for (const query of [{}, { format: "pdf" }, { format: "csv", from: "2026-02-30" }]) {
      const res = await exportFile(c.owner, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});

describe("/creditStatement opening balance", () => {
  it("is the balance now less what moved since the first day (history before it is not read)", async () => {
    const c = await createCompany(app, { creditCents: 50_000 }); // credit from before the range, no entries
    await purchaseCredit(db(), { companyId: c.id, amountCents: 1_000 });
    const s = (await get(c.owner)).json() as Statement;
    expect(s).toMatchObject({ openingBalance: 500, totalIn: 10, totalOut: 0, closingBalance: 510 });
    expect(s.data.map((e) => e.balance)).toEqual([510]);
    const next = (await get(c.owner, { from: "2099-01-01", to: "2099-01-31" })).json() as Statement;
    expect(next).toMatchObject({ openingBalance: 510, closingBalance: 510, data: [] });
  });
});

describe("/creditStatement paging", () => {
  it("pages newest first without gaps or duplicates across equal timestamps", async () => {
    const c = await createCompany(app, { creditCents: 0 });
    // 7 movements at the very same instant, 5 a second later
    for (let i = 1; i <= 7; i++) await entryAt(c.id, "2026-11-10T02:00:00.000Z", i * 100);
    for (let i = 8; i <= 12; i++) await entryAt(c.id, "2026-11-10T02:00:01.000Z", i * 100);
    const query = { from: "2026-11-10", to: "2026-11-10", limit: 3 };
    const pages = await allPages(c.owner, query);
    expect(pages).toHaveLength(4);
    const rows = pages.flatMap((p) => p.data);
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((r) => r.id)).size).toBe(12);
    const whole = (await get(c.owner, { ...query, limit: 100 })).json() as Statement;
    expect(rows.map((r) => [r.id, r.balance])).toEqual(whole.data.map((r) => [r.id, r.balance]));
    expect(whole.data[0]!.balance).toBe(whole.closingBalance);
    expect(whole.closingBalance).toBe(78);
    // every page carries the totals of the whole range
    for (const p of pages) expect(p).toMatchObject({ openingBalance: 0, totalIn: 78, closingBalance: 78 });
  });

  it("answers an empty page with the balances for a range without entries", async () => {
    const c = await createCompany(app, { creditCents: 0 });
    await entryAt(c.id, "2026-01-05T02:00:00.000Z", 500);
    const s = (await get(c.owner, { from: "2026-03-01", to: "2026-03-31" })).json() as Statement;
    expect(s).toMatchObject({ openingBalance: 5, closingBalance: 5, totalIn: 0, totalOut: 0, data: [] });
    expect(s.nextCursor).toBeNull();
  });
});

describe("/creditStatement permissions", () => {
  it("lets a user who is not an admin see only their own statement", async () => {
    const c = await createCompany(app);
    const agent = await createUser(app, c.id);
    const other = await createUser(app, c.id, { role: "supervisor" });
    await allocate(db(), { companyId: c.id, userId: agent.id, amountCents: 700, actorId: c.owner.id });
    const own = await get(agent, { userId: agent.id });
    expect(own.statusCode).toBe(200);
    expect((own.json() as Statement).data.map((e) => e.amount)).toEqual([7]);
    const corporate = await get(agent);
    expect(corporate.statusCode).toBe(403);
    expect(corporate.json().message).toBe(STATEMENT_MESSAGES.corporateAdminOnly);
    const someoneElse = await get(other, { userId: agent.id });
    expect(someoneElse.statusCode).toBe(403);
    expect(someoneElse.json().message).toBe(STATEMENT_MESSAGES.otherUser);
    expect((await exportFile(other, { format: "csv", userId: agent.id })).statusCode).toBe(403);
    expect((await exportFile(agent, { format: "csv" })).statusCode).toBe(403);
    expect((await exportFile(agent, { format: "csv", userId: agent.id })).statusCode).toBe(200);
  });

  it("answers 404 for another company's user, to admins and others alike", async () => {
    const a = await createCompany(app);
    const b = await createCompany(app);
    const bAgent = await createUser(app, b.id);
    await allocate(db(), { companyId: b.id, userId: bAgent.id, amountCents: 700 });
    const aAgent = await createUser(app, a.id);
    for (const u of [a.owner, aAgent]) {
      const res = await get(u, { userId: bAgent.id });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(STATEMENT_MESSAGES.userNotFound);
      expect((await exportFile(u, { format: "xlsx", userId: bAgent.id })).statusCode).toBe(404);
    }
    expect((await get(a.owner, { userId: uuidv7() })).statusCode).toBe(404);
    // another company's entries never show, nor can its entry ids be used as cursors
    const bPage = (await get(b.owner, { userId: bAgent.id })).json() as Statement;
    const foreign = Buffer.from(bPage.data[0]!.id).toString("base64url");
    expect((await get(a.owner, { cursor: foreign })).statusCode).toBe(400);
    expect(((await get(a.owner)).json() as Statement).data).toEqual([]);
  });
});

describe("/creditStatement/export", () => {
  async function company() {
    const c = await createCompany(app, { creditCents: 0 });
    const jane = await createUser(app, c.id);
    await app.deps.database.query("update users set first_name = 'Jane', last_name = 'Tan' where id = $1", [
      jane.id,
    ]);
    await entryAt(c.id, "2026-10-20T02:00:00.000Z", 10_000); // opening 100.00
    await entryAt(c.id, "2026-11-02T01:30:05.000Z", 123_456, { reference: '=HYPERLINK("x")' });
    await entryAt(c.id, "2026-11-03T10:00:00.000Z", 2_000, {
      from: "company",
      to: "user",
      userId: jane.id,
      kind: "allocate",
      memo: '@SUM(A1:A2), "quoted"',
    });
    return { c, jane };
  }

  it("streams CSV oldest first with opening and closing lines, formulas neutralised", async () => {
    const { c } = await company();
    const res = await exportFile(c.owner, { format: "csv", from: "2026-11-01", to: "2026-11-30" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="statement-2026-11-01-2026-11-30.csv"',
    );
    expect(res.body.split("\r\n")).toEqual([
      "Date (Asia/Singapore),Description,Counterparty,Reference,By,Amount (SGD),Balance (SGD)",
      "01/11/2026,Opening balance,,,,,100.00",
      '02/11/2026 9:30:05,Purchase,Payment,"\'=HYPERLINK(""x"")",,1234.56,1334.56',
      '03/11/2026 18:00:00,"Allocated to Jane Tan — @SUM(A1:A2), ""quoted""",Jane Tan,,,-20.00,1314.56',
      "30/11/2026,Closing balance,,,,,1314.56",
      "",
    ]);
  });

  it("streams XLSX that reads back with numbers and neutralised text", async () => {
    const { c, jane } = await company();
    const res = await exportFile(c.owner, { format: "xlsx", from: "2026-11-01", to: "2026-11-30" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet("Statement")!;
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([
      "Date (Asia/Singapore)",
      "Description",
      "Counterparty",
      "Reference",
      "By",
      "Amount (SGD)",
      "Balance (SGD)",
    ]);
    expect(rows[1]).toEqual([
      "01/11/2026",
      "Opening balance",
      undefined,
      undefined,
      undefined,
      undefined,
      100,
    ]);
    expect(rows[2]).toEqual([
      "02/11/2026 9:30:05",
      "Purchase",
      "Payment",
      '\'=HYPERLINK("x")',
      undefined,
      1234.56,
      1334.56,
    ]);
    expect(rows[3]).toEqual([
      "03/11/2026 18:00:00",
      'Allocated to Jane Tan — @SUM(A1:A2), "quoted"',
      "Jane Tan",
      undefined,
      undefined,
      -20,
      1314.56,
    ]);
    expect(rows[4]).toEqual([
      "30/11/2026",
      "Closing balance",
      undefined,
      undefined,
      undefined,
      undefined,
      1314.56,
    ]);
    expect(rows).toHaveLength(5);
    // a user's statement is named after the user
    const user = await exportFile(c.owner, {
      format: "xlsx",
      userId: jane.id,
      from: "2026-11-01",
      to: "2026-11-30",
    });
    expect(user.headers["content-disposition"]).toBe(
      'attachment; filename="statement-2026-11-01-2026-11-30-jane-tan.xlsx"',
    );
  });

  it("reads a long statement in batches of 1000 with the right balances", async () => {
    const c = await createCompany(app, { creditCents: 0 });
    const values = Array.from({ length: 2_050 }, (_, i) => {
      const t = uuidv7();
      const at = new Date(Date.UTC(2026, 10, 5, 2, 0, Math.floor(i / 3))).toISOString();
      return { t, at, cents: i + 1 };
    });
    // bulk insert: one statement for the transactions, one for the entries
    const params: unknown[] = [];
    const txRows = values.map((v, i) => {
      params.push(v.t, c.id, v.at);
      return `($${i * 3 + 1}::uuid, $${i * 3 + 2}::uuid, 'purchase', $${i * 3 + 3}::timestamptz)`;
    });
    await app.deps.database.query(
      `insert into ledger_transactions (id, company_id, kind, created_at) values ${txRows.join(",")}`,
      params,
    );
    const eParams: unknown[] = [];
    const eRows = values.flatMap((v) =>
      (["external", "company"] as const).map((account) => {
        const n = eParams.length;
        eParams.push(uuidv7(), c.id, v.t, account, account === "company" ? v.cents : -v.cents, v.at);
        return `($${n + 1}::uuid, $${n + 2}::uuid, $${n + 3}::uuid, $${n + 4}, $${n + 5}::bigint, 'purchase', $${n + 6}::timestamptz)`;
      }),
    );
    await app.deps.database.query(
      `insert into ledger_entries (id, company_id, transaction_id, account, amount_cents, kind, created_at) values ${eRows.join(",")}`,
      eParams,
    );
    await app.deps.database.query("update companies set credit_cents = $2 where id = $1", [
      c.id,
      (2_050 * 2_051) / 2,
    ]);
    await get(c.owner);
    const { count, result } = await countQueries(() =>
      exportFile(c.owner, { format: "csv", from: "2026-11-05", to: "2026-11-05" }),
    );
    expect(count).toBe(3); // 2,050 entries: batches of 1000, 1000 and 50
    const lines = result.body.trim().split("\r\n");
    expect(lines).toHaveLength(2_050 + 3);
    const total = (2_050 * 2_051) / 2;
    const closing = `${Math.floor(total / 100)}.${String(total % 100).padStart(2, "0")}`;
    expect(lines.at(-2)!.endsWith(`,${closing}`)).toBe(true);
    expect(lines.at(-1)).toBe(`05/11/2026,Closing balance,,,,,${closing}`);
    const amounts = lines.slice(2, -1).map((l) => Number(l.split(",").at(-2)));
    expect(amounts).toEqual(values.map((v) => v.cents / 100));
  });

  it("neutralises every formula prefix", () => {
    for (const p of ["=", "+", "-", "@", "\t", "\r"]) expect(neutralise(`${p}1+1`)).toBe(`'${p}1+1`);
    expect(neutralise("Purchase")).toBe("Purchase");
  });
});

describe("references people read", () => {
  it("names what a linked reference belongs to, and a card payment by its receipt number", () => {
    expect(referenceText("payment:01a21fa1-0000-7000-8000-00009f3c2a1b")).toBe(
      "Card payment · receipt R-9F3C2A1B",
    );
    expect(referenceText("broadcast:01a21fa1-0000-7000-8000-00009f3c2a1b")).toBe("Broadcast");
    expect(referenceText("send:01a21fa1-0000-7000-8000-00009f3c2a1b")).toBe("Message send");
    expect(referenceText("cs_test_1")).toBe("cs_test_1");
    expect(referenceText(null)).toBeNull();
  });
});
