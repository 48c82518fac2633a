/**
 * Corporate top-up requests: Top Up (type 1) records the request with the support e-mail; the operator's queue
 * lists open ones oldest first; a grant moves credit through the ledger in the transaction that answers it, a
 * decline answers with a message; a request is answered once; the company's admins get a notification and see
 * the answer in their list. Each step is audited.
 */
import { MESSAGES } from "@herald/domain";
import type { FastifyInstance } from "fastify";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auth,
  createCompany,
  createOperator,
  createUser,
  lastMessageTo,
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

const q = <T>(text: string, params: unknown[] = []) => app.deps.database.query<T>(text, params);
const asOperator = (method: "GET" | "POST", url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: auth(op), ...(payload ? { payload } : {}) });

async function request(co: TestCompany, body: Record<string, unknown> = {}) {
  const res = await app.inject({
    method: "POST",
    url: "/api/topupReq",
    headers: auth(co.owner),
    payload: { topUpType: 1, ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ message: MESSAGES.topUpRequestSent });
  const [row] = await q<{ id: string }>(
    "select id::text as id from topup_requests where company_id = $1 order by created_at desc limit 1",
    [co.id],
  );
  return row!.id;
}

const balance = async (companyId: string) =>
  Number(
    (await q<{ c: string }>("select credit_cents as c from companies where id = $1", [companyId]))[0]!.c,
  );
const notificationsOf = async (user: { token: string }) =>
  (await app.inject({ method: "POST", url: "/api/getNotification", headers: auth(user), payload: {} })).json()
    .data as { message: string; type: string; fromId: string | null }[];

describe("Top Up (type 1) and the operator's queue", () => {
  it("records the request with the support e-mail; open requests are listed oldest first", async () => {
    const first = await createCompany(app);
    const second = await createCompany(app);
    const before = new Date();
    const a = await request(first, { amount: 250, note: "Campaign next week" });
    const mail = await lastMessageTo(app, app.deps.config.supportEmail, before);
    expect(mail.text).toContain("SGD 250.00");
    expect(mail.text).toContain("Campaign next week");
    const b = await request(second);

    const queue = await asOperator("GET", "/operator/topup-requests?limit=200");
    expect(queue.statusCode, queue.body).toBe(200);
    const mine = queue.json().data.filter((r: { id: string }) => r.id === a || r.id === b);
    expect(mine.map((r: { id: string }) => r.id)).toEqual([a, b]);
    expect(mine[0]).toMatchObject({
      companyId: first.id,
      requestedBy: `Test User <${first.owner.email}>`,
      amount: 250,
      note: "Campaign next week",
      status: "open",
      grantedAmount: null,
      answer: null,
      answeredBy: null,
      answeredAt: null,
    });
    expect(mine[1]).toMatchObject({ amount: null, note: null });
    const audit = await q<{ actor_type: string; after: unknown }>(
      "select actor_type, after from audit_log where company_id = $1 and action = 'topup.requested'",
      [first.id],
    );
    expect(audit).toEqual([{ actor_type: "user", after: { amount: 250, note: "Campaign next week" } }]);

    const bad = await app.inject({
      method: "POST",
      url: "/api/topupReq",
      headers: auth(first.owner),
      payload: { topUpType: 1, amount: 10.005 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.badAmount);
  });
});

describe("answering a top-up request", () => {
  it("a grant moves credit through the ledger once and rings the admins' bell", async () => {
    const co = await createCompany(app, { creditCents: 1000 });
    const agent = await createUser(app, co.id, { role: "agent" });
    const id = await request(co, { amount: 200 });
    const grant = await asOperator("POST", `/operator/topup-requests/${id}/grant`, {
      amount: 150.5,
      message: "Approved for this month",
    });
    expect(grant.statusCode, grant.body).toBe(200);
    expect(grant.json()).toMatchObject({
      id,
      status: "granted",
      amount: 200,
      grantedAmount: 150.5,
      answer: "Approved for this month",
      answeredBy: "Test Operator",
      answeredAt: expect.any(String),
    });
    expect(await balance(co.id)).toBe(1000 + 15050);
    const [linked] = await q<{ memo: string; kind: string }>(
      `select t.memo, t.kind from topup_requests r join ledger_transactions t on t.id = r.ledger_transaction_id
        where r.id = $1`,
      [id],
    );
    expect(linked).toEqual({ memo: "Top-up request granted: Approved for this month", kind: "purchase" });

    for (const answer of [
      asOperator("POST", `/operator/topup-requests/${id}/grant`, { amount: 150.5 }),
      asOperator("POST", `/operator/topup-requests/${id}/decline`, { message: "No" }),
    ]) {
      const res = await answer;
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: M.topupAnswered });
    }
    expect(await balance(co.id)).toBe(1000 + 15050);

    const bell = await notificationsOf(co.owner);
    expect(bell).toContainEqual(
      expect.objectContaining({
        type: "topup_answer",
        fromId: null,
        message:
          "Your top-up request was granted: SGD 150.50 was added to the corporate credit. Approved for this month",
      }),
    );
    expect((await notificationsOf(agent)).filter((n) => n.type === "topup_answer")).toEqual([]);

    const list = await app.inject({ method: "GET", url: "/api/topupRequests", headers: auth(co.owner) });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({
      data: [expect.objectContaining({ id, status: "granted", grantedAmount: 150.5 })],
      nextCursor: null,
    });
    const forbidden = await app.inject({ method: "GET", url: "/api/topupRequests", headers: auth(agent) });
    expect(forbidden.statusCode).toBe(403);

    const audit = await q<{ actor_id: string; target_label: string; before: unknown; after: unknown }>(
      "select actor_id, target_label, before, after from audit_log where company_id = $1 and action = 'topup.granted'",
      [co.id],
    );
    // The requester is the target: the log reads "Granted the top-up request of Test User <…>".
    expect(audit).toEqual([
      {
        actor_id: op.id,
        target_label: `Test User <${co.owner.email}>`,
        before: { status: "open", balance: 10 },
        after: { status: "granted", amount: 150.5, balance: 160.5, message: "Approved for this month" },
      },
    ]);
  });

  it("a decline answers with a message the admins see; unknown requests are 404", async () => {
    const co = await createCompany(app);
    const id = await request(co);
    const decline = await asOperator("POST", `/operator/topup-requests/${id}/decline`, {
      message: "Please settle the last invoice first.",
    });
    expect(decline.statusCode, decline.body).toBe(200);
    expect(decline.json()).toMatchObject({
      status: "declined",
      answer: "Please settle the last invoice first.",
    });
    expect(await notificationsOf(co.owner)).toContainEqual(
      expect.objectContaining({
        message: "Your top-up request was declined: Please settle the last invoice first.",
      }),
    );
    const declined = await asOperator("GET", "/operator/topup-requests?status=declined&limit=200");
    expect(declined.json().data.map((r: { id: string }) => r.id)).toContain(id);
    expect(
      await q("select 1 from audit_log where company_id = $1 and action = 'topup.declined'", [co.id]),
    ).toHaveLength(1);

    const unknown = await asOperator("POST", `/operator/topup-requests/${uuidv7()}/grant`, { amount: 5 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: M.topupNotFound });
  });
});
