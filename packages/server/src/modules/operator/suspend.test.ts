/**
 * Suspending a company: its users are signed out at once and refused at sign-in (both steps) and on every call
 * with a clear message; its queued and scheduled messages wait where they are (nothing failed, released or
 * refunded) and go out once the operator resumes it; inbound messages are still stored. Both changes are
 * audited with the reason.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { SUSPENDED_MESSAGE } from "../../db/company-status";
import { rows } from "../../db/sql";
import {
  apiPost,
  assignInboundNumber,
  auth,
  createCompany,
  createOperator,
  createUser,
  eventually,
  TEST_PASSWORD,
  type TestOperator,
  testApp,
} from "../../test/harness";
import { allocate } from "../credit/ledger";
import { deliverBatch, scheduleTick } from "../sms/deliver";
import { applyInbound } from "../sms/events";
import { OPERATOR_MESSAGES as M } from "./operator.messages";

let app: FastifyInstance;
let op: TestOperator;
beforeAll(async () => {
  app = await testApp();
  op = await createOperator(app);
});

const q = <T>(text: string, params: unknown[] = []) => app.deps.database.query<T>(text, params);
const suspend = (companyId: string, reason = "Unpaid invoices") =>
  app.inject({
    method: "POST",
    url: `/api/operator/companies/${companyId}/suspend`,
    headers: auth(op),
    payload: { reason },
  });
const resume = (companyId: string, reason = "Invoices paid") =>
  app.inject({
    method: "POST",
    url: `/api/operator/companies/${companyId}/resume`,
    headers: auth(op),
    payload: { reason },
  });
const profile = (token: string) =>
  app.inject({ method: "POST", url: "/api/getProfile", headers: auth({ token }), payload: {} });

describe("suspension and sign-in", () => {
  it("ends sessions at once, refuses sign-in and every call with a clear message; resume lets users in", async () => {
    const co = await createCompany(app);
    const agent = await createUser(app, co.id, { role: "agent" });
    const twoStep = await createUser(app, co.id, { role: "agent" });
    await q("update users set login2fa = 'Y' where id = $1", [twoStep.id]);
    // the owner's session is cached by this process before the suspension
    expect((await profile(co.owner.token)).statusCode).toBe(200);
    const pre = await apiPost(app, "/login", { email: twoStep.email, password: TEST_PASSWORD });
    expect(pre.json().code).toBe(2);

    const res = await suspend(co.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: "suspended",
      suspendReason: "Unpaid invoices",
      suspendedAt: expect.any(String),
    });

    for (const token of [co.owner.token, agent.token]) {
      const r = await profile(token);
      expect(r.statusCode).toBe(403);
      expect(r.json()).toEqual({ message: SUSPENDED_MESSAGE });
    }
    const login = await apiPost(app, "/login", { email: co.owner.email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ message: SUSPENDED_MESSAGE });
    // a wrong password tells nothing more than before
    const wrong = await apiPost(app, "/login", { email: co.owner.email, password: "Wrong-Password-1!" });
    expect(wrong.statusCode).toBe(400);
    // the code step of a sign-in begun before
    const otp = await apiPost(app, "/requestOtp", { jwttoken: pre.json().jwttoken, sms: false });
    expect(otp.statusCode).toBe(403);
    expect(otp.json()).toEqual({ message: SUSPENDED_MESSAGE });
    const live = await q<{ n: number }>(
      "select count(*)::int as n from sessions where company_id = $1 and revoked_at is null",
      [co.id],
    );
    expect(live[0]!.n).toBe(0);

    const twice = await suspend(co.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(M.alreadySuspended);
    const listed = await app.inject({
      method: "GET",
      url: "/api/operator/overview",
      headers: auth(op),
    });
    expect(listed.json().suspended).toBeGreaterThan(0);

    const back = await resume(co.id);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ status: "active", suspendedAt: null, suspendReason: null });
    const again = await apiPost(app, "/login", { email: co.owner.email, password: TEST_PASSWORD });
    expect(again.statusCode, again.body).toBe(200);
    expect((await profile(again.json().jwttoken)).statusCode).toBe(200);
    // sessions ended by the suspension stay ended
    expect((await profile(co.owner.token)).statusCode).toBe(401);
    expect((await resume(co.id)).statusCode).toBe(409);

    const audit = await q<{ action: string; actor_id: string; before: unknown; after: unknown }>(
      "select action, actor_id, before, after from audit_log where company_id = $1 and action like 'company.%' order by created_at",
      [co.id],
    );
    expect(audit).toEqual([
      {
        action: "company.suspended",
        actor_id: op.id,
        before: { status: "active" },
        after: { status: "suspended", reason: "Unpaid invoices" },
      },
      {
        action: "company.resumed",
        actor_id: op.id,
        before: { status: "suspended", reason: "Unpaid invoices" },
        after: { status: "active", reason: "Invoices paid" },
      },
    ]);
  });

  it("needs a reason and a known company", async () => {
    const co = await createCompany(app);
    const blank = await suspend(co.id, "  ");
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(M.reasonRequired);
    const unknown = await suspend(uuidv7());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(M.companyNotFound);
  });
});

describe("suspension and sending", () => {
  const messagesOf = (sendId: string) =>
    rows<{ id: string; status: string; billable: boolean; scheduled_at: Date | null }>(
      app.deps.database.db,
      sql`select id::text as id, status, billable, scheduled_at from sms_messages where send_id = ${sendId}::uuid
           order by id`,
    );
  const balance = async (userId: string) =>
    Number((await q<{ c: string }>("select credit_cents as c from users where id = $1", [userId]))[0]!.c);
  const number = () => `659${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;

  it("queued and scheduled messages wait while suspended and go out after resume; nothing failed or refunded", async () => {
    const co = await createCompany(app);
    await allocate(app.deps.database.db, { companyId: co.id, userId: co.owner.id, amountCents: 1000 });
    const date = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const schedule = async (text: string) => {
      const r = await app.inject({
        method: "POST",
        url: "/api/sms/send",
        headers: auth(co.owner),
        payload: {
          channel: "SMS",
          recipients: { numbers: [number(), number()] },
          text,
          frequency: "once",
          date,
          time: "09:30",
        },
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().id as string;
    };
    const queuedSend = await schedule(`Queued at suspension ${uuidv7()}`);
    const scheduledSend = await schedule(`Scheduled ${uuidv7()}`);
    const held = await balance(co.owner.id);
    expect(held).toBe(1000 - 4 * app.deps.config.sending.smsPriceCents);

    expect((await suspend(co.id)).statusCode).toBe(200);
    // rows that were queued when the company was suspended, and scheduled rows that came due meanwhile
    const queued = await messagesOf(queuedSend);
    await q("update sms_messages set status = 'queued', scheduled_at = now() where send_id = $1", [
      queuedSend,
    ]);
    await q("update sms_messages set scheduled_at = now() - interval '1 minute' where send_id = $1", [
      scheduledSend,
    ]);
    expect(
      await deliverBatch(
        app.deps,
        queued.map((r) => r.id),
      ),
    ).toBe(0);
    await scheduleTick(app.deps);
    expect((await messagesOf(queuedSend)).map((r) => r.status)).toEqual(["queued", "queued"]);
    expect((await messagesOf(scheduledSend)).map((r) => r.status)).toEqual(["scheduled", "scheduled"]);
    expect((await messagesOf(queuedSend)).every((r) => r.billable)).toBe(true);
    expect(await balance(co.owner.id)).toBe(held);
    const open = await q<{ n: number }>(
      "select count(*)::int as n from credit_reservations where company_id = $1 and status = 'open'",
      [co.id],
    );
    expect(open[0]!.n).toBe(2);

    expect((await resume(co.id)).statusCode).toBe(200);
    // the resume enqueued the queued rows again (the tick's retry of stuck rows waits a minute); the scheduled
    // ones go at the next tick
    await eventually(async () =>
      (await messagesOf(queuedSend)).every((r) => ["accepted", "delivered"].includes(r.status)),
    );
    await scheduleTick(app.deps);
    await eventually(async () =>
      (await messagesOf(scheduledSend)).every((r) => ["accepted", "delivered"].includes(r.status)),
    );
    const captured = await q<{ s: string }>(
      "select coalesce(sum(-amount_cents), 0) as s from ledger_entries where company_id = $1 and account = 'reserved' and kind = 'capture'",
      [co.id],
    );
    expect(Number(captured[0]!.s)).toBe(4 * app.deps.config.sending.smsPriceCents);
  });

  it("inbound messages to a suspended company are still stored", async () => {
    const co = await createCompany(app);
    // A long number the operator assigned to the company (inbound reaches a company only through its numbers).
    const sender = `6588${String(Date.now()).slice(-7)}`;
    await assignInboundNumber(app, sender, [{ companyId: co.id }]);
    expect((await suspend(co.id)).statusCode).toBe(200);
    const text = `Reply while suspended ${uuidv7()}`;
    await applyInbound(app.deps, "sandbox", {
      kind: "inbound",
      eventId: uuidv7(),
      from: "6591234567",
      to: sender,
      text,
      receivedAt: new Date(),
    });
    const stored = await q<{ company_id: string }>(
      "select company_id::text as company_id from sms_inbox where text = $1",
      [text],
    );
    expect(stored).toEqual([{ company_id: co.id }]);
  });
});
