/**
 * The operator's companies: the list (search by name or owner e-mail, status, keyset pages, its columns, one
 * statement per page whatever its size), the detail (prices with defaults, sender IDs and numbers from the
 * registry), the user limit and credit grants and corrections through the ledger (memo on the statement,
 * never below zero, idempotent), each audited with before and after.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../db/sql";
import {
  auth,
  countQueries,
  createCompany,
  createOperator,
  createUser,
  type TestCompany,
  type TestOperator,
  testApp,
} from "../../test/harness";
import { OPERATOR_MESSAGES as M } from "./operator.messages";

let app: FastifyInstance;
let op: TestOperator;
beforeAll(async () => {
  app = await testApp();
  op = await createOperator(app);
});

const get = (url: string, who: { token: string } = op) =>
  app.inject({ method: "GET", url: `/api${url}`, headers: auth(who) });
const send = (method: "POST" | "PUT", url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method, url: `/api${url}`, headers: { ...auth(op), ...headers }, payload });
const q = <T>(text: string, params: unknown[] = []) => app.deps.database.query<T>(text, params);

let seq = 0;
/** A company with a name unique to this run (and a word to search for). */
async function named(
  word: string,
  opts: { creditCents?: number } = {},
): Promise<TestCompany & { name: string }> {
  const c = await createCompany(app, opts);
  const name = `${word} ${process.pid}-${Date.now()}-${++seq}`;
  await q("update companies set name = $2 where id = $1", [c.id, name]);
  return { ...c, name };
}

const auditOf = (companyId: string, action: string) =>
  q<{ actor_type: string; actor_id: string; before: unknown; after: unknown }>(
    "select actor_type, actor_id, before, after from audit_log where company_id = $1 and action = $2 order by created_at",
    [companyId, action],
  );

describe("GET /operator/companies", () => {
  it("searches names and owners' e-mails, filters by status and pages by name with a cursor", async () => {
    const word = `Quokka${process.pid}x${Date.now()}`;
    const b = await named(`${word} Beta`);
    const a = await named(`${word} Alpha`);
    const c = await named(`${word} Gamma`);
    await q(
      "insert into company_status (company_id, status, reason) values ($1, 'suspended', 'Unpaid invoices')",
      [c.id],
    );
    const first = await get(`/operator/companies?q=${encodeURIComponent(word.toLowerCase())}&limit=2`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.map((r: { id: string }) => r.id)).toEqual([a.id, b.id]);
    expect(first.json().nextCursor).toEqual(expect.any(String));
    const second = await get(
      `/operator/companies?q=${encodeURIComponent(word)}&limit=2&cursor=${first.json().nextCursor}`,
    );
    expect(second.json()).toEqual({
      data: [expect.objectContaining({ id: c.id, status: "suspended" })],
      nextCursor: null,
    });

    const suspended = await get(`/operator/companies?q=${encodeURIComponent(word)}&status=suspended`);
    expect(suspended.json().data.map((r: { id: string }) => r.id)).toEqual([c.id]);
    const active = await get(`/operator/companies?q=${encodeURIComponent(word)}&status=active`);
    expect(active.json().data.map((r: { id: string }) => r.id)).toEqual([a.id, b.id]);

    const byOwner = await get(`/operator/companies?q=${encodeURIComponent(b.owner.email.toUpperCase())}`);
    expect(byOwner.json().data.map((r: { id: string }) => r.id)).toEqual([b.id]);

    const bad = await get("/operator/companies?cursor=nonsense");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.badCursor);
  });

  it("shows the owner, users of the limit, the balance in SGD and the messages sent this month", async () => {
    const co = await named("Wombat", { creditCents: 123_456 });
    await createUser(app, co.id, { role: "agent" });
    await createUser(app, co.id, { role: "agent", status: "deleted" });
    await q("update users set first_name = 'Mei', last_name = 'Tan' where id = $1", [co.owner.id]);
    const sendId = uuidv7();
    await q(
      `insert into sms_sends (id, company_id, user_id, channel, body, frequency, status)
       values ($1, $2, $3, 'sms', 'Hi', 'now', 'sent')`,
      [sendId, co.id, co.owner.id],
    );
    const monthStart =
      "(date_trunc('month', now() at time zone 'Asia/Singapore') at time zone 'Asia/Singapore')";
    const message = (i: number, status: string, submitted: string | null) =>
      q(
        `insert into sms_messages (id, company_id, send_id, user_id, channel, recipient, text, status, idempotency_key,
                                   submitted_at)
         values ($1, $2, $3, $4, 'sms', '6591234567', 'Hi', $5, $6, ${submitted ?? "null"})`,
        [uuidv7(), co.id, sendId, co.owner.id, status, `k${i}-${uuidv7()}`],
      );
    await message(1, "accepted", "now()");
    await message(2, "delivered", "now()");
    await message(3, "failed", "now()"); // failed after the gateway took it: it was sent
    await message(4, "delivered", `${monthStart} - interval '1 hour'`); // last month
    await message(5, "queued", null); // not sent
    const broadcast = (sent: number, created: string) =>
      q(
        `insert into broadcasts (id, company_id, name, type, method, status, sent, created_at)
         values ($1, $2, $3, 'live', 'file', 'done', $4, ${created})`,
        [uuidv7(), co.id, `B${uuidv7().slice(-8)}`, sent],
      );
    await broadcast(4, "now()");
    await broadcast(10, `${monthStart} - interval '1 hour'`);

    const res = await get(`/operator/companies?q=${encodeURIComponent(co.name)}`);
    expect(res.json().data).toEqual([
      {
        id: co.id,
        name: co.name,
        ownerName: "Mei Tan",
        ownerEmail: co.owner.email,
        users: 2,
        userLimit: 25,
        balance: 1234.56,
        messagesThisMonth: 7,
        status: "active",
        createdAt: expect.any(String),
      },
    ]);
  });

  it("costs one statement per page whatever its size (plus the operator's)", async () => {
    const word = `Numbat${process.pid}x${Date.now()}`;
    for (let i = 0; i < 6; i++) await named(word);
    const one = await countQueries(() => get(`/operator/companies?q=${word}&limit=1`));
    const all = await countQueries(() => get(`/operator/companies?q=${word}&limit=50`));
    expect((all.result as { json(): { data: unknown[] } }).json().data).toHaveLength(6);
    expect(one.count, one.queries.join("\n")).toBe(2);
    expect(all.count, all.queries.join("\n")).toBe(2);
  });
});

describe("GET /operator/companies/{id}", () => {
  it("shows prices with their defaults and the company's sender IDs and numbers", async () => {
    const co = await named("Detail");
    await q("insert into company_prices (company_id, channel, price_cents) values ($1, 'email', 3)", [co.id]);
    await q(
      `insert into sender_ids (id, company_id, sender_id, kind, purpose, status, requester_label)
       values ($1, $2, 'LIONCITY', 'alphanumeric', 'Order updates', 'approved', 'Mei Tan <mei@example.com>')`,
      [uuidv7(), co.id],
    );
    const numberId = uuidv7();
    const digits = `6580${String(Date.now()).slice(-6)}${seq}`.slice(0, 12);
    await q("insert into inbound_numbers (id, number, kind, shared) values ($1, $2, 'long', true)", [
      numberId,
      digits,
    ]);
    await q("insert into inbound_number_owners (number_id, company_id, keyword) values ($1, $2, 'LION')", [
      numberId,
      co.id,
    ]);
    const res = await get(`/operator/companies/${co.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({ id: co.id, suspendedAt: null, suspendReason: null });
    const { sending } = app.deps.config;
    expect(d.prices.find((p: { channel: string }) => p.channel === "sms")).toEqual({
      channel: "sms",
      priceCents: sending.smsPriceCents,
      defaultCents: sending.smsPriceCents,
      overridden: false,
    });
    expect(d.prices.find((p: { channel: string }) => p.channel === "email")).toEqual({
      channel: "email",
      priceCents: 3,
      defaultCents: sending.emailPriceCents,
      overridden: true,
    });
    expect(d.prices).toHaveLength(10);
    expect(d.senderIds).toEqual([
      expect.objectContaining({
        senderId: "LIONCITY",
        status: "approved",
        companyName: co.name,
        decidedAt: null,
      }),
    ]);
    expect(d.numbers).toEqual([{ number: digits, kind: "long", shared: true, keyword: "LION" }]);
  });

  it("answers 404 'Company not found' for an unknown id", async () => {
    const res = await get(`/operator/companies/${uuidv7()}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: M.companyNotFound });
    const limit = await send("POST", `/operator/companies/${uuidv7()}/user-limit`, { limit: 3 });
    expect(limit.statusCode).toBe(404);
    expect(limit.json()).toEqual({ message: M.companyNotFound });
    const credit = await send("POST", `/operator/companies/${uuidv7()}/credit`, { amount: 5, reason: "x" });
    expect(credit.statusCode).toBe(404);
  });
});

describe("POST /operator/companies/{id}/user-limit", () => {
  it("sets the limit Add User then follows, audited with before and after", async () => {
    const co = await named("Limit");
    const res = await send("POST", `/operator/companies/${co.id}/user-limit`, { limit: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().userLimit).toBe(3);
    const company = await get("/getUserLimit", co.owner);
    expect(company.json()).toEqual({ totalUser: 1, totalAllowed: 3 });
    const negative = await send("POST", `/operator/companies/${co.id}/user-limit`, { limit: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toBe("The user limit must be a whole number from 0 to 100,000.");
    expect(await auditOf(co.id, "company.user_limit_changed")).toEqual([
      { actor_type: "operator", actor_id: op.id, before: { userLimit: 25 }, after: { userLimit: 3 } },
    ]);
  });
});

describe("POST /operator/companies/{id}/credit", () => {
  const balance = async (id: string) =>
    Number((await q<{ c: string }>("select credit_cents as c from companies where id = $1", [id]))[0]!.c);

  it("grants and corrects through the ledger with the reason on the company's statement", async () => {
    const co = await named("Credit", { creditCents: 0 });
    const grant = await send("POST", `/operator/companies/${co.id}/credit`, {
      amount: 12.5,
      reason: "Outage goodwill",
    });
    expect(grant.statusCode, grant.body).toBe(200);
    expect(grant.json().balance).toBe(12.5);
    const correct = await send("POST", `/operator/companies/${co.id}/credit`, {
      amount: -2.25,
      reason: "Double grant",
    });
    expect(correct.statusCode, correct.body).toBe(200);
    expect(correct.json().balance).toBe(10.25);
    expect(await balance(co.id)).toBe(1025);

    const statement = await get("/creditStatement", co.owner);
    expect(statement.statusCode, statement.body).toBe(200);
    const text = statement.body;
    expect(text).toContain("Granted by your service provider: Outage goodwill");
    expect(text).toContain("Corrected by your service provider: Double grant");
    // the ledger balances: every transaction sums to zero and the balance is the sum of the entries
    const [sums] = await rows<{ company: string; unbalanced: number }>(
      app.deps.database.db,
      sql`select (select coalesce(sum(amount_cents), 0) from ledger_entries where company_id = ${co.id}::uuid
                   and account = 'company') as company,
                 (select count(*)::int from (select transaction_id from ledger_entries where company_id = ${co.id}::uuid
                   group by transaction_id having sum(amount_cents) <> 0) x) as unbalanced`,
    );
    expect({ company: Number(sums!.company), unbalanced: sums!.unbalanced }).toEqual({
      company: 1025,
      unbalanced: 0,
    });

    expect(await auditOf(co.id, "credit.granted")).toMatchObject([
      {
        actor_type: "operator",
        before: { balance: 0 },
        after: { balance: 12.5, amount: 12.5, reason: "Outage goodwill" },
      },
    ]);
    expect(await auditOf(co.id, "credit.corrected")).toMatchObject([
      { before: { balance: 12.5 }, after: { balance: 10.25, amount: -2.25, reason: "Double grant" } },
    ]);
  });

  it("never takes the balance below zero (422) and refuses zero, extra decimals and a blank reason (400)", async () => {
    const co = await named("Short", { creditCents: 500 });
    const below = await send("POST", `/operator/companies/${co.id}/credit`, {
      amount: -5.01,
      reason: "Oops",
    });
    expect(below.statusCode).toBe(422);
    expect(below.json().message).toBe(M.belowZero("5.00"));
    expect(await balance(co.id)).toBe(500);
    for (const [body, message] of [
      [{ amount: 0, reason: "x" }, M.zeroAmount],
      [{ amount: 1.005, reason: "x" }, M.badAmount],
      [{ amount: 1, reason: "   " }, M.reasonRequired],
    ] as const) {
      const res = await send("POST", `/operator/companies/${co.id}/credit`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await auditOf(co.id, "credit.corrected")).toEqual([]);
  });

  it("is idempotent with an Idempotency-Key: a replay moves nothing, another body with the key is refused", async () => {
    const co = await named("Replay", { creditCents: 0 });
    const key = { "idempotency-key": `grant-${uuidv7()}` };
    const first = await send(
      "POST",
      `/operator/companies/${co.id}/credit`,
      { amount: 7, reason: "Trial" },
      key,
    );
    const again = await send(
      "POST",
      `/operator/companies/${co.id}/credit`,
      { amount: 7, reason: "Trial" },
      key,
    );
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await balance(co.id)).toBe(700);
    const other = await send(
      "POST",
      `/operator/companies/${co.id}/credit`,
      { amount: 8, reason: "Trial" },
      key,
    );
    expect(other.statusCode).toBe(422);
    expect(await balance(co.id)).toBe(700);
    expect(await auditOf(co.id, "credit.granted")).toHaveLength(1);
  });
});
