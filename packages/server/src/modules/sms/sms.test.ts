import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app";
import { rows } from "../../db/sql";
import type { Deps } from "../../deps";
import { type SmsMessage, type SmsProvider, SmsRejected, SmsThrottled } from "../../providers/sms";
import {
  approveSenderIds,
  assignInboundNumber,
  auth,
  createCompany,
  createUser,
  eventually,
  privateDatabase,
  testConfig,
} from "../../test/harness";
import { allocate } from "../credit/ledger";
import { cancelCampaignSends, cancelScheduled } from "./cancel";
import { deliverBatch, scheduleTick } from "./deliver";
import { providerEventHandler, signSmsBody } from "./events";

const SECRET = "sms-webhook-secret-for-tests";
let app: FastifyInstance;
let deps: Deps;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  // Its own database on PostgreSQL: sends enqueue delivery jobs, which other files' job workers would take.
  const { database, dataDir, drop } = await privateDatabase();
  dropDatabase = drop;
  // Workers off: the tests run the worker and the tick themselves, with the gateways they choose.
  app = await buildApp({
    config: { ...testConfig({ SMS_WEBHOOK_SECRET: SECRET }, dataDir), runWorkers: false },
    database,
    validateResponses: true,
  });
  await app.ready();
  deps = app.deps;
});
afterAll(async () => {
  await app?.close();
  await dropDatabase?.();
});

type Who = { id: string; token: string };
let seq = 0;
const num = () =>
  `6591${String(Date.now() % 100000).padStart(5, "0")}${(++seq % 10).toString()}`.slice(0, 10);
const numbers = (n: number) => {
  const base = 91_000_000 + Math.floor(Math.random() * 8_000_000);
  return Array.from({ length: n }, (_, i) => `65${base + i * 7 + (++seq % 7)}`);
};

const post = (url: string, body: unknown, who: Who, headers: Record<string, string> = {}) =>
  app.inject({
    method: "POST",
    url: `/api${url}`,
    payload: body as object,
    headers: { ...auth(who), ...headers },
  });

async function fund(companyId: string, userId: string, cents: number) {
  await allocate(deps.database.db, { companyId, userId, amountCents: cents });
}
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
    text: string;
    segments: number;
    cost_cents: string;
    reservation_id: string | null;
    scheduled_at: Date | null;
    provider_message_id: string | null;
    idempotency_key: string;
    billable: boolean;
    delivered_st: string | null;
  }>(
    deps.database.db,
    sql`select * from sms_messages where send_id = ${sendId}::uuid order by recipient, created_at`,
  );
const spent = async (userId: string) =>
  Number(
    (
      await rows<{ s: string | null }>(
        deps.database.db,
        sql`select sum(-e.amount_cents) as s from ledger_entries e join credit_reservations r on r.id = e.reservation_id
             where r.user_id = ${userId}::uuid and e.account = 'reserved' and e.kind = 'capture'`,
      )
    )[0]?.s ?? 0,
  );

/** A gateway that answers with `answer` (a result or an error to throw) and records what it got. */
function fakeGateway(answer: (m: SmsMessage, n: number) => { segments: number } | Error) {
  const sent: SmsMessage[] = [];
  const sms: SmsProvider = {
    name: "sandbox",
    async send(m) {
      sent.push(m);
      const a = answer(m, sent.length);
      if (a instanceof Error) throw a;
      return { providerMessageId: `p-${m.idempotencyKey}`, segments: a.segments };
    },
    async close() {},
  };
  return { sent, deps: { ...deps, sms } as Deps };
}

async function company(creditCents = 1000) {
  const c = await createCompany(app);
  await fund(c.id, c.owner.id, creditCents);
  return c;
}

const LONG = "x".repeat(161); // 2 GSM-7 parts

describe("POST /sms/preview", () => {
  it("prices each recipient and reports the unsubscribed, invalid and duplicate ones", async () => {
    const { id, owner } = await company(300);
    const [a, b, c] = numbers(3);
    await deps.database.db.execute(sql`insert into mobile_subscriptions (id, company_id, contact_number, type, status)
      values (gen_random_uuid(), ${id}::uuid, ${c}, 'unsub', 'active')`);
    const res = await post(
      "/sms/preview",
      { channel: "SMS", recipients: { numbers: [`+${a}`, a, b, c, "12"] }, text: LONG },
      owner,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.totals).toEqual({
      recipients: 2,
      skipped: { unsubscribed: 1, invalid: 1, duplicate: 1 },
      segments: 4,
      costCents: 20,
      cost: "0.20",
      balance: "3.00",
      enough: true,
      scheduledAt: null,
    });
    expect(body.rows[0]).toEqual({
      to: a,
      name: "",
      text: LONG,
      encoding: "GSM-7",
      segments: 2,
      costCents: 10,
      cost: "0.10",
    });
  });

  it("expands {name} and contact attributes of groups' members; says when the credit is short", async () => {
    const { id, owner } = await company(4);
    const [m] = numbers(1);
    const [contact] = await rows<{ id: string }>(
      deps.database.db,
      sql`insert into contacts (id, company_id, mobile, name, attributes)
          values (gen_random_uuid(), ${id}::uuid, ${m}, 'Ann', '{"Plan":"Gold"}') returning id::text as id`,
    );
    const [group] = await rows<{ id: string }>(
      deps.database.db,
      sql`insert into contact_groups (id, company_id, name) values (gen_random_uuid(), ${id}::uuid, 'VIP')
          returning id::text as id`,
    );
    await deps.database.db.execute(
      sql`insert into group_members (group_id, contact_id) values (${group!.id}::uuid, ${contact!.id}::uuid)`,
    );
    const res = await post(
      "/sms/preview",
      {
        channel: "SMS",
        recipients: { groupIds: [group!.id] },
        text: "Hi {name}, your {plan} plan 😀 {unknown}",
      },
      owner,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows).toEqual([
      expect.objectContaining({
        to: m,
        name: "Ann",
        text: "Hi Ann, your Gold plan 😀 {unknown}",
        encoding: "UCS-2",
      }),
    ]);
    expect(res.json().totals).toMatchObject({ recipients: 1, balance: "0.04", enough: false });
  });

  it("says which recipients have no value for a variable and what they will see; a fallback silences it", async () => {
    const { id, owner } = await company(1000);
    const [typed, known] = numbers(2);
    const [contact] = await rows<{ id: string }>(
      deps.database.db,
      sql`insert into contacts (id, company_id, mobile, name, attributes)
          values (gen_random_uuid(), ${id}::uuid, ${known}, 'Ann', '{"Plan":"Gold"}') returning id::text as id`,
    );
    const draft = (text: string) => ({
      channel: "SMS",
      recipients: { numbers: [typed], contactIds: [contact!.id] },
      text,
    });
    const res = await post("/sms/preview", draft("Hi {name}, {plan} members: 30% off {ok}"), owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().missingValues).toEqual([
      { variable: "name", recipients: 1, example: "Hi , {plan} members: 30% off {ok}" },
      { variable: "plan", recipients: 1, example: "Hi , {plan} members: 30% off {ok}" },
    ]);
    const quiet = await post("/sms/preview", draft("Hi {name|there}, {plan|valued} members"), owner);
    expect(quiet.json().missingValues).toBeUndefined();
    expect(
      quiet
        .json()
        .rows.map((r: { text: string }) => r.text)
        .sort(),
    ).toEqual(["Hi Ann, Gold members", "Hi there, valued members"]);
  });

  it("refuses a sender ID the user may not use, a past schedule and an empty message", async () => {
    const { owner } = await company();
    const [a] = numbers(1);
    const base = { channel: "SMS", recipients: { numbers: [a] }, text: "Hi" };
    expect((await post("/sms/preview", { ...base, senderId: "NOTMINE" }, owner)).json()).toEqual({
      message: "NOTMINE is not one of your company's approved sender IDs.",
    });
    const past = await post(
      "/sms/preview",
      { ...base, frequency: "once", date: "2020-01-01", time: "10:00" },
      owner,
    );
    expect(past.statusCode).toBe(422);
    expect(past.json().message).toBe("The schedule date and time cannot be in the past.");
    const empty = await post("/sms/preview", { ...base, text: "   " }, owner);
    expect(empty.json()).toEqual({ message: "Please compose a message!" });
    const none = await post("/sms/preview", { ...base, recipients: {} }, owner);
    expect(none.json()).toEqual({ message: "Please choose at least 1 recipient." });
  });

  it("gives another company's user nothing of this company (contacts, groups: 404)", async () => {
    const a = await company();
    const b = await company();
    const [group] = await rows<{ id: string }>(
      deps.database.db,
      sql`insert into contact_groups (id, company_id, name) values (gen_random_uuid(), ${a.id}::uuid, 'Mine')
          returning id::text as id`,
    );
    const res = await post(
      "/sms/send",
      { channel: "SMS", recipients: { groupIds: [group!.id] }, text: "Hi" },
      b.owner,
    );
    expect(res.statusCode).toBe(404);
    const [c] = await rows<{ id: string }>(
      deps.database.db,
      sql`insert into contacts (id, company_id, mobile, name) values (gen_random_uuid(), ${a.id}::uuid, ${num()}, 'A')
          returning id::text as id`,
    );
    expect(
      (
        await post(
          "/sms/preview",
          { channel: "SMS", recipients: { contactIds: [c!.id] }, text: "Hi" },
          b.owner,
        )
      ).statusCode,
    ).toBe(404);
    const sends = await rows(deps.database.db, sql`select 1 from sms_sends where company_id = ${b.id}::uuid`);
    expect(sends).toHaveLength(0);
  });
});

describe("POST /sms/send and the worker", () => {
  it("two sends begun in the same millisecond, or while the clock stands still, both write their rows", async () => {
    const { owner } = await company(1000);
    // A clock that stands still (an NTP step back does the same): every send begins in "the same" millisecond.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date());
      const sends = await Promise.all(
        [0, 1, 2].map(() =>
          post("/sms/send", { channel: "SMS", recipients: { numbers: numbers(2) }, text: "Hi" }, owner),
        ),
      );
      for (const r of sends) expect(r.statusCode, r.body).toBe(200);
      const ids = (await Promise.all(sends.map((r) => messagesOf(r.json().id)))).flat().map((m) => m.id);
      expect(new Set(ids).size).toBe(6);
    } finally {
      vi.useRealTimers();
    }
  });

  it("reserves, submits every row once with its key, charges exactly the accepted segments and releases the rest", async () => {
    const { owner } = await company(1000);
    const [a, b, c] = numbers(3);
    const res = await post(
      "/sms/send",
      { channel: "SMS", recipients: { numbers: [a, b, c] }, text: LONG },
      owner,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: "sent",
      recipients: 3,
      segments: 6,
      cost: "0.30",
      message: "Processing complete!",
    });
    expect(await balance(owner.id)).toBe(970);
    const rowsBefore = await messagesOf(res.json().id);
    expect(rowsBefore.map((r) => r.status)).toEqual(["queued", "queued", "queued"]);
    // b is rejected by the gateway; a is accepted as 3 parts (the gateway's count is what is charged).
    const gw = fakeGateway((m) =>
      m.to === b ? new SmsRejected("Barred") : { segments: m.to === a ? 3 : 2 },
    );
    expect(
      await deliverBatch(
        gw.deps,
        rowsBefore.map((r) => r.id),
      ),
    ).toBe(3);
    expect(
      await deliverBatch(
        gw.deps,
        rowsBefore.map((r) => r.id),
      ),
    ).toBe(0); // nothing twice
    expect(gw.sent).toHaveLength(3);
    expect(new Set(gw.sent.map((s) => s.idempotencyKey)).size).toBe(3);
    const after = await messagesOf(res.json().id);
    const by = Object.fromEntries(after.map((r) => [r.recipient, r]));
    expect(by[a!]).toMatchObject({ status: "accepted", segments: 3, billable: true });
    expect(by[b!]).toMatchObject({ status: "rejected", billable: false });
    expect(by[c!]).toMatchObject({ status: "accepted", segments: 2 });
    expect(await spent(owner.id)).toBe(25);
    expect(await balance(owner.id)).toBe(975); // 1000 - 25 accepted; the rest released
    const [send] = await rows<{ status: string }>(
      deps.database.db,
      sql`select status from sms_sends where id = ${res.json().id}::uuid`,
    );
    expect(send!.status).toBe("sent");
  });

  it("throttled: back to queued, not charged, sent later; transient errors retry with the same key", async () => {
    const { owner } = await company(1000);
    const [a] = numbers(1);
    const res = await post("/sms/send", { channel: "SMS", recipients: { numbers: [a] }, text: "Hi" }, owner);
    const [row] = await messagesOf(res.json().id);
    const gw = fakeGateway((_m, n) =>
      n === 1 ? new SmsThrottled(10) : n === 2 ? new Error("socket hang up") : { segments: 1 },
    );
    await deliverBatch(gw.deps, [row!.id]);
    expect((await messagesOf(res.json().id))[0]).toMatchObject({ status: "queued" });
    expect(await spent(owner.id)).toBe(0);
    await deliverBatch(gw.deps, [row!.id]);
    expect((await messagesOf(res.json().id))[0]).toMatchObject({ status: "queued" });
    await deliverBatch(gw.deps, [row!.id]);
    expect((await messagesOf(res.json().id))[0]).toMatchObject({ status: "accepted" });
    expect(new Set(gw.sent.map((s) => s.idempotencyKey))).toEqual(new Set([`send:${row!.id}`]));
    expect(await spent(owner.id)).toBe(5);
    expect(await balance(owner.id)).toBe(995);
  });

  it("a send writes each recipient's text with the fallback of a variable they have no value for", async () => {
    const { owner } = await company(1000);
    const [a] = numbers(1);
    const res = await post(
      "/sms/send",
      { channel: "SMS", recipients: { numbers: [a] }, text: "Hi {name|there}, 30% off today" },
      owner,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await messagesOf(res.json().id)).map((r) => r.text)).toEqual(["Hi there, 30% off today"]);
  });

  it("answers 422 with the ledger's message when the credit is short, and writes nothing", async () => {
    const { id, owner } = await company(9);
    const res = await post(
      "/sms/send",
      { channel: "SMS", recipients: { numbers: numbers(2) }, text: "Hi" },
      owner,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: "Credit cannot go below 0" });
    expect(
      await rows(deps.database.db, sql`select 1 from sms_sends where company_id = ${id}::uuid`),
    ).toHaveLength(0);
    expect(
      await rows(deps.database.db, sql`select 1 from sms_messages where company_id = ${id}::uuid`),
    ).toHaveLength(0);
    expect(await balance(owner.id)).toBe(9);
  });

  it("replays with the same Idempotency-Key answer the first send and send nothing more", async () => {
    const { id, owner } = await company(1000);
    const body = { channel: "SMS", recipients: { numbers: numbers(2) }, text: "Hi" };
    const key = { "idempotency-key": `k-${Date.now()}` };
    const first = await post("/sms/send", body, owner, key);
    const again = await post("/sms/send", body, owner, key);
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(
      await rows(deps.database.db, sql`select 1 from sms_messages where company_id = ${id}::uuid`),
    ).toHaveLength(2);
    expect(await balance(owner.id)).toBe(990);
    const other = await post("/sms/send", { ...body, text: "Other" }, owner, key);
    expect(other.statusCode).toBe(422);
  });

  it("sends e-mail through the e-mail provider at the e-mail price", async () => {
    const { owner } = await company(100);
    const res = await post(
      "/sms/send",
      {
        channel: "Email",
        subject: "Hello {name}",
        recipients: { numbers: ["A@Example.com", "bad"] },
        text: "Body",
      },
      owner,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ recipients: 1, skipped: 1, cost: "0.01" });
    const [row] = await messagesOf(res.json().id);
    await deliverBatch(deps, [row!.id]);
    expect((await messagesOf(res.json().id))[0]).toMatchObject({
      status: "accepted",
      recipient: "a@example.com",
    });
    expect(await balance(owner.id)).toBe(99);
  });
});

describe("scheduled sends", () => {
  const tomorrow = () => {
    const d = new Date(Date.now() + 2 * 86_400_000);
    return d.toISOString().slice(0, 10);
  };

  it("reserve at schedule time, queue at the instant in Asia/Singapore, and cancelling releases the credit", async () => {
    const { id, owner } = await company(1000);
    const date = tomorrow();
    const res = await post(
      "/sms/send",
      {
        channel: "SMS",
        recipients: { numbers: numbers(3) },
        text: "Hi",
        frequency: "once",
        date,
        time: "09:30",
      },
      owner,
    );
    expect(res.statusCode, res.body).toBe(200);
    const at = new Date(`${date}T01:30:00.000Z`);
    expect(res.json()).toMatchObject({ status: "scheduled", scheduledAt: at.toISOString() });
    expect(await balance(owner.id)).toBe(985);
    const rowsNow = await messagesOf(res.json().id);
    expect(
      rowsNow.every((r) => r.status === "scheduled" && new Date(r.scheduled_at!).getTime() === at.getTime()),
    ).toBe(true);
    await scheduleTick(deps, new Date(at.getTime() - 1000));
    expect((await messagesOf(res.json().id)).every((r) => r.status === "scheduled")).toBe(true);
    // cancel one: its 5 cents come back, the others stay held
    const cancel = await deps.database.db.transaction((tx) => cancelScheduled(tx, id, [rowsNow[0]!.id]));
    expect(cancel).toEqual({ cancelled: 1, releasedCents: 5 });
    expect(await balance(owner.id)).toBe(990);
    await scheduleTick(deps, at);
    const fired = await messagesOf(res.json().id);
    expect(fired.map((r) => r.status).sort()).toEqual(["cancelled", "queued", "queued"]);
    await deliverBatch(
      deps,
      fired.map((r) => r.id),
    );
    // the tick also enqueued delivery jobs: a job worker on the same database may hold the rows, so the capture
    // can land a moment after this batch returns
    await eventually(async () => (await spent(owner.id)) === 10);
    expect(await balance(owner.id)).toBe(990);
    expect(await spent(owner.id)).toBe(10);
  });

  it("reads the date and time of a schedule in the company's time zone (America/New_York)", async () => {
    const { owner } = await company(1000);
    const zone = await post("/editCompanySettings", { timeZone: "America/New_York", country: "US" }, owner);
    expect(zone.statusCode, zone.body).toBe(200);
    const year = new Date().getUTCFullYear() + 1;
    const res = await post(
      "/sms/send",
      {
        channel: "SMS",
        recipients: { numbers: numbers(1) },
        text: "Hi",
        frequency: "once",
        date: `${year}-01-15`,
        time: "09:30",
      },
      owner,
    );
    expect(res.statusCode, res.body).toBe(200);
    // 09:30 EST is 14:30 UTC (it would be 01:30 UTC in Singapore)
    expect(res.json()).toMatchObject({ status: "scheduled", scheduledAt: `${year}-01-15T14:30:00.000Z` });
  });

  it("monthly on Jan 31 runs next on Feb 28 (the last day), reserving each run when the previous fires", async () => {
    const { owner } = await company(1000);
    const year = new Date().getUTCFullYear() + 1;
    const res = await post(
      "/sms/send",
      {
        channel: "SMS",
        recipients: { numbers: numbers(2) },
        text: "Hi",
        frequency: "monthly",
        date: `${year}-01-31`,
        time: "10:00",
      },
      owner,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await balance(owner.id)).toBe(990);
    const first = new Date(`${year}-01-31T02:00:00.000Z`);
    await scheduleTick(deps, first);
    const all = await messagesOf(res.json().id);
    const feb = `${year}-02-${year % 4 === 0 ? 29 : 28}T02:00:00.000Z`;
    expect(all.filter((r) => r.status === "queued")).toHaveLength(2);
    const next = all.filter((r) => r.status === "scheduled");
    expect(next.map((r) => new Date(r.scheduled_at!).toISOString())).toEqual([feb, feb]);
    expect(new Set(next.map((r) => r.reservation_id)).size).toBe(1);
    expect(next[0]!.reservation_id).not.toBe(all.find((r) => r.status === "queued")!.reservation_id);
    expect(await balance(owner.id)).toBe(980);
    // deleting the next run releases its reservation and stops the repetition
    const companyId = (
      await rows<{ c: string }>(
        deps.database.db,
        sql`select company_id::text as c from sms_sends where id = ${res.json().id}::uuid`,
      )
    )[0]!.c;
    const c = await deps.database.db.transaction((tx) =>
      cancelScheduled(
        tx,
        companyId,
        next.map((r) => r.id),
      ),
    );
    expect(c).toEqual({ cancelled: 2, releasedCents: 10 });
    expect(await balance(owner.id)).toBe(990);
    const [send] = await rows<{ status: string; next_run_at: Date | null }>(
      deps.database.db,
      sql`select status, next_run_at from sms_sends where id = ${res.json().id}::uuid`,
    );
    expect(send).toEqual({ status: "cancelled", next_run_at: null });
  });

  it("cancelCampaignSends cancels the campaign's scheduled rows and gives their credit back", async () => {
    const { id, owner } = await company(1000);
    const campaignId = "018f0000-0000-7000-8000-000000000001";
    // campaigns live in another module: a row names its campaign without a foreign key
    const res = await post(
      "/sms/send",
      {
        channel: "SMS",
        recipients: { numbers: numbers(2) },
        text: "Hi",
        frequency: "daily",
        date: tomorrow(),
        time: "08:00",
      },
      owner,
    );
    await deps.database.db.execute(
      sql`update sms_messages set campaign_id = ${campaignId}::uuid where send_id = ${res.json().id}::uuid`,
    );
    await deps.database.db.execute(
      sql`update sms_sends set campaign_id = ${campaignId}::uuid where id = ${res.json().id}::uuid`,
    );
    expect(await balance(owner.id)).toBe(990);
    const other = await company();
    expect(
      await deps.database.db.transaction((tx) => cancelCampaignSends(tx, other.id, [campaignId])),
    ).toEqual({
      cancelled: 0,
      releasedCents: 0,
    });
    expect(await deps.database.db.transaction((tx) => cancelCampaignSends(tx, id, [campaignId]))).toEqual({
      cancelled: 2,
      releasedCents: 10,
    });
    expect(await balance(owner.id)).toBe(1000);
    const [send] = await rows<{ status: string; next_run_at: Date | null }>(
      deps.database.db,
      sql`select status, next_run_at from sms_sends where id = ${res.json().id}::uuid`,
    );
    expect(send).toEqual({ status: "cancelled", next_run_at: null });
  });

  it("deleting a campaign (/deleteCampaign) cancels its scheduled sends and gives their credit back", async () => {
    const { owner } = await company(1000);
    const campaign = await post("/addCampaign", { name: `Launch ${Date.now()}` }, owner);
    expect(campaign.statusCode, campaign.body).toBe(200);
    const campaignId = campaign.json().id as string;
    const res = await post(
      "/sms/send",
      {
        campaignId,
        channel: "SMS",
        recipients: { numbers: numbers(2) },
        text: "Hi",
        frequency: "once",
        date: tomorrow(),
        time: "08:00",
      },
      owner,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await balance(owner.id)).toBe(990);
    const other = await company();
    expect((await post("/deleteCampaign", { selectedRows: [campaignId] }, other.owner)).statusCode).toBe(404);
    expect(await balance(owner.id)).toBe(990);
    expect((await post("/deleteCampaign", { selectedRows: [campaignId] }, owner)).statusCode).toBe(200);
    expect(await balance(owner.id)).toBe(1000);
    expect((await messagesOf(res.json().id)).map((r) => r.status)).toEqual(["cancelled", "cancelled"]);
  });

  it("a campaign's status follows its sends: scheduled (with its time), processing, sent; ready when all are cancelled", async () => {
    const { id, owner } = await company(1000);
    const campaignOf = async (campaignId: string) =>
      (
        await rows<{ status: string; scheduled_at: string | null }>(
          deps.database.db,
          sql`select status, to_char(scheduled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as scheduled_at
                from campaigns where id = ${campaignId}::uuid`,
        )
      )[0]!;
    const make = async () => {
      const c = await post("/addCampaign", { name: `Status ${Date.now()} ${++seq}` }, owner);
      expect(c.statusCode, c.body).toBe(200);
      return c.json().id as string;
    };
    // scheduled: the campaign takes the send's time; cancelling every row puts it back to ready
    const later = await make();
    const date = tomorrow();
    const s1 = await post(
      "/sms/send",
      {
        campaignId: later,
        channel: "SMS",
        recipients: { numbers: numbers(2) },
        text: "Hi",
        frequency: "once",
        date,
        time: "09:30",
      },
      owner,
    );
    expect(s1.statusCode, s1.body).toBe(200);
    expect(await campaignOf(later)).toEqual({ status: "scheduled", scheduled_at: `${date}T01:30` });
    const rows1 = await messagesOf(s1.json().id);
    await deps.database.db.transaction((tx) =>
      cancelScheduled(
        tx,
        id,
        rows1.map((r) => r.id),
      ),
    );
    expect((await campaignOf(later)).status).toBe("ready");

    // now: processing while rows wait for the gateway, sent once the worker has taken them all
    const now = await make();
    const s2 = await post(
      "/sms/send",
      { campaignId: now, channel: "SMS", recipients: { numbers: numbers(3) }, text: "Hi", frequency: "now" },
      owner,
    );
    expect(s2.statusCode, s2.body).toBe(200);
    expect((await campaignOf(now)).status).toBe("processing");
    const gw = fakeGateway(() => ({ segments: 1 }));
    await deliverBatch(
      gw.deps,
      (await messagesOf(s2.json().id)).map((r) => r.id),
    );
    await eventually(async () => (await campaignOf(now)).status === "sent");

    // a scheduled send whose time comes is processing, then sent
    const due = await make();
    const s3 = await post(
      "/sms/send",
      {
        campaignId: due,
        channel: "SMS",
        recipients: { numbers: numbers(1) },
        text: "Hi",
        frequency: "once",
        date,
        time: "10:00",
      },
      owner,
    );
    expect((await campaignOf(due)).status).toBe("scheduled");
    await scheduleTick(deps, new Date(`${date}T02:00:00.000Z`));
    expect((await campaignOf(due)).status).toBe("processing");
    await deliverBatch(
      gw.deps,
      (await messagesOf(s3.json().id)).map((r) => r.id),
    );
    await eventually(async () => (await campaignOf(due)).status === "sent");

    // another company's sends never touch this company's campaign
    const other = await company(1000);
    const s4 = await post(
      "/sms/send",
      {
        campaignId: later,
        channel: "SMS",
        recipients: { numbers: numbers(1) },
        text: "Hi",
        frequency: "now",
      },
      other.owner,
    );
    expect(s4.statusCode).toBe(404);
    expect((await campaignOf(later)).status).toBe("ready");
  });
});

describe("SMS webhooks", () => {
  const hook = (kind: string, body: unknown, signature?: string, provider = "sandbox") => {
    const raw = JSON.stringify(body);
    return app.inject({
      method: "POST",
      url: `/api/webhooks/sms/${provider}/${kind}`,
      payload: raw,
      headers: {
        "content-type": "application/json",
        "x-herald-signature": signature ?? signSmsBody(raw, SECRET),
      },
    });
  };

  async function acceptedMessage() {
    const { owner } = await company(1000);
    const res = await post(
      "/sms/send",
      { channel: "SMS", recipients: { numbers: numbers(1) }, text: "Hi" },
      owner,
    );
    const [row] = await messagesOf(res.json().id);
    await deliverBatch(fakeGateway(() => ({ segments: 1 })).deps, [row!.id]);
    return (await messagesOf(res.json().id))[0]!;
  }

  it("the sandbox gateway reports each accepted message delivered a moment later, like a real gateway", async () => {
    const { owner } = await company(1000);
    const res = await post(
      "/sms/send",
      { channel: "SMS", recipients: { numbers: numbers(2) }, text: "Hi there" },
      owner,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(deps.sms.name).toBe("sandbox");
    await deliverBatch(
      deps,
      (await messagesOf(res.json().id)).map((r) => r.id),
    );
    expect((await messagesOf(res.json().id)).map((r) => r.status)).toEqual(["accepted", "accepted"]);
    await eventually(async () =>
      (await messagesOf(res.json().id)).every(
        (r) => r.status === "delivered" && r.delivered_st === "delivered",
      ),
    );
    // delivered is not charged again: one segment each
    expect(await spent(owner.id)).toBe(10);
  });

  it("a pushed receipt that overtakes the gateway's answer is applied once the message is known", async () => {
    const m = await acceptedMessage();
    // the receipt names an id the worker has not recorded yet
    await deps.database.db.execute(
      sql`update sms_messages set status = 'submitting', provider_message_id = null where id = ${m.id}::uuid`,
    );
    const handler = providerEventHandler(
      { ...deps, sms: { ...deps.sms, name: "sandbox" } } as Deps,
      [50, 100, 200],
    );
    const applied = handler({
      kind: "delivery",
      eventId: `late-${m.id}`,
      providerMessageId: m.provider_message_id!,
      status: "delivered",
    });
    await new Promise((r) => setTimeout(r, 60));
    await deps.database.db.execute(
      sql`update sms_messages set status = 'accepted', provider_message_id = ${m.provider_message_id}
           where id = ${m.id}::uuid`,
    );
    await applied;
    const [after] = await rows<{ status: string }>(
      deps.database.db,
      sql`select status from sms_messages where id = ${m.id}::uuid`,
    );
    expect(after!.status).toBe("delivered");
    // a receipt for a message that never becomes ours is kept a day at most, and applied to nothing
    await handler({
      kind: "delivery",
      eventId: `never-${m.id}`,
      providerMessageId: "nobody",
      status: "delivered",
    });
  });

  it("a receipt that overtakes the answer by more than the pauses is kept and applied when the worker records it", async () => {
    const { owner } = await company(1000);
    const [to] = numbers(1);
    const res = await post("/sms/send", { channel: "SMS", recipients: { numbers: [to] }, text: "Hi" }, owner);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await messagesOf(res.json().id);
    // The gateway's receipt arrives and its pauses run out before the worker records the acceptance.
    const handler = providerEventHandler({ ...deps, sms: { ...deps.sms, name: "sandbox" } } as Deps, [10]);
    await handler({
      kind: "delivery",
      eventId: `early-${row!.id}`,
      providerMessageId: `p-${row!.idempotency_key}`,
      status: "delivered",
      doneAt: new Date("2026-12-07T01:02:03Z"),
    });
    expect((await messagesOf(res.json().id))[0]).toMatchObject({ status: "queued" });
    const gw = fakeGateway(() => ({ segments: 1 }));
    await deliverBatch(gw.deps, [row!.id]);
    const [after] = await rows<{ status: string; delivered_at: Date; n: number }>(
      deps.database.db,
      sql`select status, delivered_at, (select count(*)::int from sms_early_receipts
            where event_id = ${`early-${row!.id}`}) as n from sms_messages where id = ${row!.id}::uuid`,
    );
    expect(after).toMatchObject({ status: "delivered", n: 0 });
    expect(new Date(after!.delivered_at).toISOString()).toBe("2026-12-07T01:02:03.000Z");
  });

  it("refuses a bad or stale signature (401) and an unknown provider (404)", async () => {
    const body = { eventId: "e1", messageId: "x", status: "delivered" };
    expect((await hook("delivery", body, "t=1,v1=00")).statusCode).toBe(401);
    const stale = signSmsBody(JSON.stringify(body), SECRET, Date.now() - 10 * 60_000);
    expect((await hook("delivery", body, stale)).statusCode).toBe(401);
    expect((await hook("delivery", body, signSmsBody(JSON.stringify(body), "wrong"))).statusCode).toBe(401);
    expect((await hook("delivery", body, undefined, "other")).statusCode).toBe(404);
  });

  it("applies a delivery report once, forward only; an unknown message id is acknowledged", async () => {
    const m = await acceptedMessage();
    const id = `ev-${m.id}`;
    const ok = await hook("delivery", { eventId: id, messageId: m.provider_message_id, status: "delivered" });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ received: true, duplicate: false });
    expect(
      (await hook("delivery", { eventId: id, messageId: m.provider_message_id, status: "delivered" })).json(),
    ).toEqual({
      received: true,
      duplicate: true,
    });
    // an older state, then a contradicting final one, change nothing
    await hook("delivery", { eventId: `${id}-2`, messageId: m.provider_message_id, status: "accepted" });
    await hook("delivery", { eventId: `${id}-3`, messageId: m.provider_message_id, status: "failed" });
    const [after] = await rows<{ status: string; delivered_st: string }>(
      deps.database.db,
      sql`select status, delivered_st from sms_messages where id = ${m.id}::uuid`,
    );
    expect(after).toEqual({ status: "delivered", delivered_st: "delivered" });
    expect(
      (await hook("delivery", { eventId: `u-${id}`, messageId: "nobody", status: "delivered" })).json(),
    ).toEqual({
      received: true,
      duplicate: false,
    });
  });

  it("a rejected receipt after acceptance refunds the message once and makes it not billable; failed keeps the charge", async () => {
    const { owner } = await company(1000);
    const res = await post(
      "/sms/send",
      { channel: "SMS", recipients: { numbers: numbers(2) }, text: LONG },
      owner,
    );
    expect(res.statusCode, res.body).toBe(200);
    const sent = await messagesOf(res.json().id);
    await deliverBatch(
      fakeGateway(() => ({ segments: 2 })).deps,
      sent.map((r) => r.id),
    );
    await eventually(async () => (await balance(owner.id)) === 980);
    const [a, b] = await messagesOf(res.json().id);
    const receipt = (m: typeof a, status: string) =>
      hook("delivery", { eventId: `${status}-${m!.id}`, messageId: m!.provider_message_id, status });
    expect((await receipt(a, "rejected")).statusCode).toBe(200);
    expect((await receipt(b, "failed")).statusCode).toBe(200);
    // a repeat of the rejected receipt changes nothing
    expect((await receipt(a, "rejected")).json()).toEqual({ received: true, duplicate: true });
    expect(await balance(owner.id)).toBe(990);
    const after = await messagesOf(res.json().id);
    expect(after.map((r) => [r.status, r.delivered_st, r.billable])).toEqual([
      ["failed", "rejected", false],
      ["failed", "failed", true],
    ]);
  });

  it("stores inbound messages; an unsubscribe keyword suppresses the number and cancels its scheduled sends", async () => {
    const { id, owner } = await company(1000);
    const [n] = numbers(1);
    // the company's own number (assigned by the operator), which its owner also sends from
    const own = "6580001234";
    await assignInboundNumber(app, own, [{ companyId: id }]);
    await approveSenderIds(app, id, [own]);
    await deps.database.db.execute(
      sql`update users set sender_ids = array[${own}] where id = ${owner.id}::uuid`,
    );
    await deps.database.db.execute(sql`insert into keywords (id, company_id, keyword, type, auto_reply_status, auto_reply)
      values (gen_random_uuid(), ${id}::uuid, 'OUT', 'unsub', 'enable', 'You are out.')`);
    const when = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const s = await post(
      "/sms/send",
      {
        channel: "SMS",
        recipients: { numbers: [n] },
        text: "Promo",
        frequency: "once",
        date: when,
        time: "12:00",
      },
      owner,
    );
    expect(await balance(owner.id)).toBe(995);
    const ev = {
      eventId: `in-${n}`,
      from: `+${n}`,
      to: `+${own}`,
      text: "out please",
      receivedAt: new Date().toISOString(),
    };
    expect((await hook("inbound", ev)).json()).toEqual({ received: true, duplicate: false });
    expect((await hook("inbound", ev)).json()).toEqual({ received: true, duplicate: true });
    const inbox = await rows<{ from_number: string; receiver_user_id: string; keyword_id: string | null }>(
      deps.database.db,
      sql`select from_number, receiver_user_id::text as receiver_user_id, keyword_id::text as keyword_id
            from sms_inbox where company_id = ${id}::uuid`,
    );
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ from_number: n, receiver_user_id: owner.id });
    expect(inbox[0]!.keyword_id).not.toBeNull();
    const subs = await rows(
      deps.database.db,
      sql`select 1 from mobile_subscriptions where company_id = ${id}::uuid and contact_number = ${n} and type = 'unsub' and status = 'active'`,
    );
    expect(subs).toHaveLength(1);
    expect((await messagesOf(s.json().id))[0]!.status).toBe("cancelled");
    expect(await balance(owner.id)).toBe(1000);
    // the auto-reply goes out through the outbox, charged to the corporate balance when accepted
    const [reply] = await rows<{ id: string; text: string; recipient: string }>(
      deps.database.db,
      sql`select id::text as id, text, recipient from sms_messages where company_id = ${id}::uuid and status = 'queued'`,
    );
    expect(reply).toMatchObject({ text: "You are out.", recipient: n });
    const [corp] = await rows<{ c: string }>(
      deps.database.db,
      sql`select credit_cents as c from companies where id = ${id}::uuid`,
    );
    await deliverBatch(deps, [reply!.id]);
    const [corpAfter] = await rows<{ c: string }>(
      deps.database.db,
      sql`select credit_cents as c from companies where id = ${id}::uuid`,
    );
    expect(Number(corp!.c) - Number(corpAfter!.c)).toBe(5);
    // and later sends skip the number
    const later = await post(
      "/sms/preview",
      { channel: "SMS", recipients: { numbers: [n] }, text: "Hi" },
      owner,
    );
    expect(later.json().totals.skipped.unsubscribed).toBe(1);
  });

  it("a STOP without a keyword of that name also unsubscribes; a subscribe keyword re-subscribes", async () => {
    const { id, owner } = await company(1000);
    const [n] = numbers(1);
    await post("/sms/send", { channel: "SMS", recipients: { numbers: [n] }, text: "Hi" }, owner);
    await deps.database.db.execute(sql`insert into keywords (id, company_id, keyword, type)
      values (gen_random_uuid(), ${id}::uuid, 'JOIN', 'sub')`);
    await assignInboundNumber(app, "12345", [{ companyId: id }]);
    await hook("inbound", { eventId: `stop-${n}`, from: n, to: "12345", text: "STOP" });
    const type = async () =>
      (
        await rows<{ type: string }>(
          deps.database.db,
          sql`select type from mobile_subscriptions where company_id = ${id}::uuid and contact_number = ${n} and status = 'active'`,
        )
      ).map((r) => r.type);
    expect(await type()).toEqual(["unsub"]);
    await hook("inbound", { eventId: `join-${n}`, from: n, to: "12345", text: "join" });
    expect(await type()).toEqual(["sub"]);
  });
});

describe("another company's user", () => {
  it("cannot use this company's recipients file (404)", async () => {
    const a = await company();
    const b = await company();
    const agent = await createUser(app, a.id);
    const boundary = "----herald";
    const csv = "mobile,name,plan\n6591234567,Ann,Gold\n";
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
    const up = await app.inject({
      method: "POST",
      url: "/api/sms/recipients-file?content=Contacts%20%26%20Variables",
      payload,
      headers: { ...auth(a.owner), "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({
      rows: 1,
      columns: ["mobile", "name", "plan"],
      variables: ["{name}", "{plan}"],
    });
    const draft = { channel: "SMS", recipients: { fileId: up.json().fileId }, text: "Hi {name} {plan}" };
    const mine = await post("/sms/preview", draft, a.owner);
    expect(mine.json().rows[0]).toMatchObject({ to: "6591234567", text: "Hi Ann Gold" });
    expect((await post("/sms/preview", draft, b.owner)).statusCode).toBe(404);
    expect((await post("/sms/preview", draft, agent)).statusCode).toBe(404);
  });
});
