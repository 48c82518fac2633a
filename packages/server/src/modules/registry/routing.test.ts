import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { rows } from "../../db/sql";
import type { Deps } from "../../deps";
import type { SmsMessage, SmsProvider } from "../../providers/sms";
import {
  approveSenderIds,
  assignInboundNumber,
  auth,
  createCompany,
  createOperator,
  privateDatabase,
  type TestCompany,
  type TestOperator,
  testConfig,
} from "../../test/harness";
import { allocate } from "../credit/ledger";
import { deliverBatch, scheduleTick } from "../sms/deliver";
import { signSmsBody } from "../sms/events";

const SECRET = "sms-webhook-secret-for-routing-tests";
let app: FastifyInstance;
let deps: Deps;
let op: TestOperator;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  // Its own database: sends enqueue delivery jobs, which other files' job workers would take; the tests run the
  // worker and the scheduler themselves.
  const { database, dataDir, drop } = await privateDatabase();
  dropDatabase = drop;
  app = await buildApp({
    config: { ...testConfig({ SMS_WEBHOOK_SECRET: SECRET }, dataDir), runWorkers: false },
    database,
    validateResponses: true,
  });
  await app.ready();
  deps = app.deps;
  op = await createOperator(app);
});
afterAll(async () => {
  await app?.close();
  await dropDatabase?.();
});

let seq = 0;
const subscriber = () => `6591${String((Date.now() + ++seq * 7919) % 1_000_000).padStart(6, "0")}`;
const longNumber = () => `6580${String((Date.now() + ++seq * 104_729) % 1_000_000).padStart(6, "0")}`;

const post = (url: string, body: unknown, who: { token: string }) =>
  app.inject({ method: "POST", url: `/api${url}`, payload: body as object, headers: auth(who) });

const inbound = (ev: { from: string; to: string; text: string }) => {
  const raw = JSON.stringify({
    eventId: `in-${++seq}-${Date.now()}`,
    ...ev,
    receivedAt: new Date().toISOString(),
  });
  return app.inject({
    method: "POST",
    url: "/api/webhooks/sms/sandbox/inbound",
    payload: raw,
    headers: { "content-type": "application/json", "x-herald-signature": signSmsBody(raw, SECRET) },
  });
};

async function company(creditCents = 1000): Promise<TestCompany> {
  const c = await createCompany(app);
  await allocate(deps.database.db, { companyId: c.id, userId: c.owner.id, amountCents: creditCents });
  return c;
}

const inboxOf = (companyId: string) =>
  rows<{ from_number: string; text: string; receiver_user_id: string | null }>(
    deps.database.db,
    sql`select from_number, text, receiver_user_id::text as receiver_user_id from sms_inbox
         where company_id = ${companyId}::uuid order by created_at`,
  );
const unsubscribed = async (companyId: string, mobile: string) =>
  (
    await rows(
      deps.database.db,
      sql`select 1 from mobile_subscriptions where company_id = ${companyId}::uuid and contact_number = ${mobile}
           and type = 'unsub' and status = 'active'`,
    )
  ).length > 0;
const balance = async (userId: string) =>
  Number(
    (
      await rows<{ c: string }>(
        deps.database.db,
        sql`select credit_cents as c from users where id = ${userId}::uuid`,
      )
    )[0]!.c,
  );
const messagesOf = (sendId: string) =>
  rows<{
    id: string;
    status: string;
    recipient: string;
    billable: boolean;
    error: string | null;
    sender_id: string;
  }>(
    deps.database.db,
    sql`select id::text as id, status, recipient, billable, error, sender_id from sms_messages
         where send_id = ${sendId}::uuid order by recipient`,
  );
const unrouted = (to: string) =>
  rows<{ from_number: string; reason: string }>(
    deps.database.db,
    sql`select from_number, reason from unrouted_inbound where to_address = ${to} order by created_at`,
  );

/** A gateway that accepts everything and records what it got. */
function recordingGateway() {
  const sent: SmsMessage[] = [];
  const sms: SmsProvider = {
    name: "sandbox",
    async send(m) {
      sent.push(m);
      return { providerMessageId: `p-${m.idempotencyKey}`, segments: 1 };
    },
    async close() {},
  };
  return { sent, deps: { ...deps, sms } as Deps };
}

describe("finding: inbound SMS and STOP reach the company that owns the number, only", () => {
  it("a STOP to A's number lands in A only (not in B, whose user lists the number); A's next send skips the subscriber and is not charged for it", async () => {
    // B's user lists A's number and was created first: the old routing gave B the message
    const b = await company();
    const a = await company();
    const number = longNumber();
    await deps.database.db.execute(
      sql`update users set sender_ids = array[${number}] where id = ${b.owner.id}::uuid`,
    );
    await assignInboundNumber(app, number, [{ companyId: a.id }]);
    await approveSenderIds(app, a.id, [number]);
    expect(
      (await post("/editSenderId", { id: a.owner.id, senderIds: [`+${number}`] }, a.owner)).statusCode,
    ).toBe(200);
    const s = subscriber();
    const other = subscriber();
    // B sent to the subscriber last: the old fallback would also have picked B
    await post(
      "/sms/send",
      { channel: "SMS", recipients: { numbers: [s] }, text: "Hi from A", senderId: number },
      a.owner,
    );
    await post("/sms/send", { channel: "SMS", recipients: { numbers: [s] }, text: "Hi from B" }, b.owner);

    const res = await inbound({ from: `+${s}`, to: `+${number}`, text: "STOP" });
    expect(res.json()).toEqual({ received: true, duplicate: false });
    expect(await inboxOf(a.id)).toEqual([{ from_number: s, text: "STOP", receiver_user_id: a.owner.id }]);
    expect(await inboxOf(b.id)).toEqual([]);
    expect(await unsubscribed(a.id, s)).toBe(true);
    expect(await unsubscribed(b.id, s)).toBe(false);

    const before = await balance(a.owner.id);
    const preview = await post(
      "/sms/preview",
      { channel: "SMS", recipients: { numbers: [s, other] }, text: "Sale", senderId: number },
      a.owner,
    );
    expect(preview.json().totals).toMatchObject({
      recipients: 1,
      skipped: { unsubscribed: 1 },
      costCents: 5,
    });
    const send = await post(
      "/sms/send",
      { channel: "SMS", recipients: { numbers: [s, other] }, text: "Sale", senderId: number },
      a.owner,
    );
    expect(send.statusCode, send.body).toBe(200);
    const rowsSent = await messagesOf(send.json().id);
    expect(rowsSent.map((r) => r.recipient)).toEqual([other]);
    const gateway = recordingGateway();
    await deliverBatch(
      gateway.deps,
      rowsSent.map((r) => r.id),
    );
    expect(gateway.sent.map((m) => [m.to, m.senderId])).toEqual([[other, number]]);
    expect(before - (await balance(a.owner.id))).toBe(5);
  });

  it("an inbound SMS to a number nobody owns goes to the unrouted list, never to the company that last sent to the subscriber", async () => {
    const a = await company();
    const s = subscriber();
    const nobodys = longNumber();
    await post("/sms/send", { channel: "SMS", recipients: { numbers: [s] }, text: "Hi" }, a.owner);
    await inbound({ from: s, to: nobodys, text: "Who is this?" });
    await inbound({ from: s, to: nobodys, text: "STOP" });
    expect(await inboxOf(a.id)).toEqual([]);
    expect(await unsubscribed(a.id, s)).toBe(false);
    expect(await unrouted(nobodys)).toEqual([
      { from_number: s, reason: "no_owner" },
      { from_number: s, reason: "no_owner" },
    ]);
    // the operator reads them newest first, with the reason in words, page by page
    const first = await app.inject({
      method: "GET",
      url: "/api/operator/unrouted?limit=1",
      headers: auth(op),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data[0]).toMatchObject({
      from: s,
      to: nobodys,
      text: "STOP",
      reason: "No company owns this number.",
    });
    const second = await app.inject({
      method: "GET",
      url: `/api/operator/unrouted?limit=1&cursor=${first.json().nextCursor}`,
      headers: auth(op),
    });
    expect(second.json().data[0]).toMatchObject({ text: "Who is this?" });
    expect((await post("/getSenderId", {}, a.owner)).statusCode).toBe(200);
    const asCompany = await app.inject({
      method: "GET",
      url: "/api/operator/unrouted",
      headers: auth(a.owner),
    });
    expect(asCompany.statusCode).toBe(401);
  });
});

describe("shared numbers", () => {
  it("the first word picks the company by its keyword; the next word is the command; no match is unrouted; STOP stops every owner", async () => {
    const a = await company();
    const b = await company();
    const code = String(70000 + (Date.now() % 20000));
    await assignInboundNumber(app, code, [
      { companyId: a.id, keyword: "ACME" },
      { companyId: b.id, keyword: "Beta" },
    ]);
    await deps.database.db.execute(sql`insert into keywords (id, company_id, keyword, type, auto_reply_status, auto_reply)
      values (gen_random_uuid(), ${b.id}::uuid, 'JOIN', 'sub', 'enable', 'Welcome to Beta.')`);
    const s = subscriber();
    await inbound({ from: s, to: code, text: "acme hello there" });
    await inbound({ from: s, to: code, text: "BETA join" });
    await inbound({ from: s, to: code, text: "hello" });
    expect((await inboxOf(a.id)).map((m) => m.text)).toEqual(["acme hello there"]);
    expect((await inboxOf(b.id)).map((m) => m.text)).toEqual(["BETA join"]);
    const subs = await rows(
      deps.database.db,
      sql`select 1 from mobile_subscriptions where company_id = ${b.id}::uuid and contact_number = ${s} and type = 'sub'
           and status = 'active'`,
    );
    expect(subs).toHaveLength(1);
    // the auto-reply goes out from the platform's default (Beta does not own the short code as a sender ID)
    const [reply] = await rows<{ text: string; sender_id: string | null }>(
      deps.database.db,
      sql`select text, sender_id from sms_messages where company_id = ${b.id}::uuid and recipient = ${s}`,
    );
    expect(reply).toEqual({ text: "Welcome to Beta.", sender_id: null });
    expect(await unrouted(code)).toEqual([{ from_number: s, reason: "no_keyword" }]);
    const words = await app.inject({
      method: "GET",
      url: "/api/operator/unrouted?limit=5",
      headers: auth(op),
    });
    expect(words.json().data.find((m: { to: string }) => m.to === code)?.reason).toBe(
      "The first word is not the keyword of any company on this shared number.",
    );

    await inbound({ from: s, to: code, text: "STOP" });
    expect(await unsubscribed(a.id, s)).toBe(true);
    expect(await unsubscribed(b.id, s)).toBe(true);
    // and a routed "<keyword> STOP" stops as well
    const t = subscriber();
    await inbound({ from: t, to: code, text: "Beta stop" });
    expect(await unsubscribed(b.id, t)).toBe(true);
    expect(await unsubscribed(a.id, t)).toBe(true);
  });
});

describe("STOP to a number a company sends from", () => {
  it("stops the company owning it as an approved sender ID and cancels its scheduled messages to the subscriber, credit released", async () => {
    const c = await company(1000);
    const number = longNumber();
    await approveSenderIds(app, c.id, [number]);
    await post("/editSenderId", { id: c.owner.id, senderIds: [number] }, c.owner);
    const s = subscriber();
    const when = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const scheduled = await post(
      "/sms/send",
      {
        channel: "SMS",
        recipients: { numbers: [s] },
        text: "Later",
        senderId: number,
        frequency: "once",
        date: when,
        time: "12:00",
      },
      c.owner,
    );
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(await balance(c.owner.id)).toBe(995);
    // nobody owns it as an inbound number: the message itself is unrouted, the STOP still applies
    await inbound({ from: s, to: number, text: "stop" });
    expect(await unrouted(number)).toHaveLength(1);
    expect(await unsubscribed(c.id, s)).toBe(true);
    expect((await messagesOf(scheduled.json().id))[0]!.status).toBe("cancelled");
    expect(await balance(c.owner.id)).toBe(1000);
  });

  it("an 'unsub' keyword of the company on its exclusive number stops as well; its auto-reply comes from the number it owns", async () => {
    const a = await company();
    const number = longNumber();
    await assignInboundNumber(app, number, [{ companyId: a.id }]);
    await approveSenderIds(app, a.id, [number]);
    await deps.database.db.execute(sql`insert into keywords (id, company_id, keyword, type, auto_reply_status, auto_reply)
      values (gen_random_uuid(), ${a.id}::uuid, 'OUT', 'unsub', 'enable', 'You are out.')`);
    const s = subscriber();
    await inbound({ from: s, to: number, text: "out please" });
    expect(await unsubscribed(a.id, s)).toBe(true);
    const [reply] = await rows<{ id: string; sender_id: string | null }>(
      deps.database.db,
      sql`select id::text as id, sender_id from sms_messages where company_id = ${a.id}::uuid and recipient = ${s}`,
    );
    expect(reply!.sender_id).toBe(number);
    const gateway = recordingGateway();
    await deliverBatch(gateway.deps, [reply!.id]);
    expect(gateway.sent.map((m) => m.senderId)).toEqual([number]);
  });
});

describe("a sender ID is checked when the message goes out", () => {
  it("a company's approved ID goes out as approved, also when it equals the platform's default without regard to case", async () => {
    // as the demo company owns HERALD while the platform's default is "Herald"
    const a = await company(1000);
    const platform = deps.config.sms.senderId;
    const owned = platform.toUpperCase();
    expect(owned).not.toBe(platform);
    await approveSenderIds(app, a.id, [owned]);
    await post("/editSenderId", { id: a.owner.id, senderIds: [owned] }, a.owner);
    const res = await post(
      "/sms/send",
      {
        channel: "SMS",
        recipients: { numbers: [subscriber()] },
        text: "Hi",
        senderId: platform.toLowerCase(),
      },
      a.owner,
    );
    expect(res.statusCode, res.body).toBe(200);
    const gateway = recordingGateway();
    await deliverBatch(
      gateway.deps,
      (await messagesOf(res.json().id)).map((r) => r.id),
    );
    expect(gateway.sent.map((m) => m.senderId)).toEqual([owned]);
    // another company sends with the platform's default as configured
    const b = await company(1000);
    const other = await post(
      "/sms/send",
      { channel: "SMS", recipients: { numbers: [subscriber()] }, text: "Hi", senderId: owned },
      b.owner,
    );
    expect(other.statusCode, other.body).toBe(200);
    expect((await messagesOf(other.json().id))[0]!.sender_id).toBe(platform);
  });

  it("a scheduled send whose ID was revoked meanwhile is not sent, not charged, and its credit comes back", async () => {
    const a = await company(1000);
    const id = `LATE${String(Date.now() % 100000)}`;
    await approveSenderIds(app, a.id, [id]);
    await post("/editSenderId", { id: a.owner.id, senderIds: [id] }, a.owner);
    const when = new Date(Date.now() + 2 * 86_400_000);
    const date = when.toISOString().slice(0, 10);
    const res = await post(
      "/sms/send",
      {
        channel: "SMS",
        recipients: { numbers: [subscriber()] },
        text: "Promo",
        senderId: id,
        frequency: "once",
        date,
        time: "12:00",
      },
      a.owner,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await balance(a.owner.id)).toBe(995);
    const [registered] = await rows<{ id: string }>(
      deps.database.db,
      sql`select id::text as id from sender_ids where company_id = ${a.id}::uuid and sender_id = ${id}`,
    );
    const revoke = await post(`/operator/sender-ids/${registered!.id}/reject`, { reason: "Complaints" }, op);
    expect(revoke.statusCode, revoke.body).toBe(200);
    // the run comes: queued, then claimed by the worker, which refuses the ID
    await scheduleTick(deps, new Date(Date.now() + 3 * 86_400_000));
    const [row] = await messagesOf(res.json().id);
    const gateway = recordingGateway();
    await deliverBatch(gateway.deps, [row!.id]);
    expect(gateway.sent).toEqual([]);
    const [after] = await messagesOf(res.json().id);
    expect(after).toMatchObject({
      status: "rejected",
      billable: false,
      error: `${id} is not one of your company's approved sender IDs.`,
    });
    expect(await balance(a.owner.id)).toBe(1000);
  });
});
