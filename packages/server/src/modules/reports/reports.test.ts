import type { FastifyInstance } from "fastify";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../plugins/actor";
import {
  apiPost,
  countQueries,
  createCompany,
  createUser,
  type TestCompany,
  type TestUser,
  testApp,
} from "../../test/harness";
import { allocate, purchaseCredit, reserve } from "../credit/ledger";
import {
  END_IN_FUTURE,
  MESSAGE_NOT_FOUND,
  SCHEDULED_TOO_SOON,
  START_AFTER_END,
  START_IN_PAST,
  STILL_SENDING,
} from "./reports.messages";
import { reportsService } from "./reports.service";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

type Who = { token: string };
const post = (url: string, body: unknown, who: Who) => apiPost(app, url, body, { token: who.token });
const db = () => app.deps.database;

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

interface Tenant {
  company: TestCompany;
  admin: TestUser;
  agent: TestUser;
  supervisor: TestUser;
}

async function tenant(): Promise<Tenant> {
  const company = await createCompany(app);
  return {
    company,
    admin: company.owner,
    agent: await createUser(app, company.id, { role: "agent" }),
    supervisor: await createUser(app, company.id, { role: "supervisor" }),
  };
}

interface Row {
  status?: string;
  recipient?: string;
  senderId?: string;
  text?: string;
  createdAt?: string;
  scheduledAt?: string | null;
  deliveredSt?: string | null;
  segments?: number;
  billable?: boolean;
  reservationId?: string | null;
  costCents?: number;
}

let seq = 0;
/** Seeds one send and its rows straight into the SMS tables; answers the row ids in order. */
async function seedMessages(companyId: string, userId: string, list: Row[]): Promise<string[]> {
  const sendId = uuidv7();
  const scheduled = list.some((r) => (r.status ?? "delivered") === "scheduled");
  await db().query(
    `insert into sms_sends (id, company_id, user_id, channel, sender_id, body, frequency, status)
     values ($1, $2, $3, 'sms', 'Herald', 'hello', $4, $5)`,
    [sendId, companyId, userId, scheduled ? "once" : "now", scheduled ? "scheduled" : "sent"],
  );
  const ids: string[] = [];
  for (const r of list) {
    const id = uuidv7();
    ids.push(id);
    await db().query(
      `insert into sms_messages (id, company_id, send_id, user_id, channel, sender_id, recipient, text, segments,
         cost_cents, status, billable, delivered_st, idempotency_key, reservation_id, scheduled_at, created_at)
       values ($1, $2, $3, $4, 'sms', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
      [
        id,
        companyId,
        sendId,
        userId,
        r.senderId ?? "Herald",
        r.recipient ?? `6591${String(100000 + ++seq).slice(-6)}`,
        r.text ?? `Message ${seq}`,
        r.segments ?? 1,
        r.costCents ?? 5,
        r.status ?? "delivered",
        r.billable ?? true,
        r.deliveredSt === undefined
          ? (r.status ?? "delivered") === "delivered"
            ? "delivered"
            : null
          : r.deliveredSt,
        `k-${id}`,
        r.reservationId ?? null,
        r.scheduledAt ?? null,
        r.createdAt ?? new Date().toISOString(),
      ],
    );
  }
  return ids;
}

async function seedInbox(
  companyId: string,
  list: { from?: string; text?: string; receiver?: string | null; createdAt?: string }[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const r of list) {
    const id = uuidv7();
    ids.push(id);
    await db().query(
      `insert into sms_inbox (id, company_id, from_number, to_address, text, receiver_user_id, provider,
         provider_message_id, created_at)
       values ($1, $2, $3, 'Herald', $4, $5, 'sandbox', $6, $7)`,
      [
        id,
        companyId,
        r.from ?? `6598${String(100000 + ++seq).slice(-6)}`,
        r.text ?? `Inbound ${seq}`,
        r.receiver ?? null,
        `mo-${id}`,
        r.createdAt ?? new Date().toISOString(),
      ],
    );
  }
  return ids;
}

const statusOf = async (id: string) =>
  (await db().query<{ status: string }>("select status from sms_messages where id = $1", [id]))[0]?.status;
const userBalance = async (id: string) =>
  Number(
    (await db().query<{ credit_cents: string }>("select credit_cents from users where id = $1", [id]))[0]!
      .credit_cents,
  );

describe("outbox", () => {
  it("admins see the company's sent SMS newest first, narrowed by userId; others only their own", async () => {
    const t = await tenant();
    const other = await tenant();
    const [a1] = await seedMessages(t.company.id, t.admin.id, [
      { createdAt: at(-3 * MIN), text: "from admin", segments: 2, senderId: "Acme" },
    ]);
    const [g1, g2] = await seedMessages(t.company.id, t.agent.id, [
      { createdAt: at(-2 * MIN), status: "accepted", deliveredSt: null, billable: false },
      { createdAt: at(-1 * MIN), status: "failed", deliveredSt: "failed" },
    ]);
    // Not in the outbox: scheduled, cancelled and skipped rows, and another company's.
    await seedMessages(t.company.id, t.agent.id, [
      { status: "scheduled", scheduledAt: at(DAY) },
      { status: "cancelled", scheduledAt: at(DAY) },
      { status: "skipped" },
    ]);
    await seedMessages(other.company.id, other.admin.id, [{}]);

    const all = await post("/outbox", { isAdmin: 1 }, t.admin);
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json();
    expect(body.outbox.map((m: { id: string }) => m.id)).toEqual([g2, g1, a1]);
    expect(body.outbox[2]).toMatchObject({
      id: a1,
      callerid: "Acme",
      msg_content: "from admin",
      billable: "yes",
      delivered_st: "delivered",
      sms_count: 2,
      user_id: t.admin.id,
    });
    expect(body.outbox[1]).toMatchObject({ billable: "no", delivered_st: "sent" });
    expect(body).toMatchObject({ total: 3, totalExact: true, nextCursor: null });
    expect(body.msg_status).toEqual(
      expect.arrayContaining([
        { delivered_st: "delivered", total: 1 },
        { delivered_st: "failed", total: 1 },
        { delivered_st: "sent", total: 1 },
      ]),
    );

    const narrowed = (await post("/outbox", { userId: t.agent.id }, t.admin)).json();
    expect(narrowed.outbox.map((m: { id: string }) => m.id)).toEqual([g2, g1]);

    // An agent sees only their own, whatever userId or isAdmin says.
    for (const who of [t.agent]) {
      const mine = (await post("/outbox", { isAdmin: 1, userId: t.admin.id }, who)).json();
      expect(mine.outbox.map((m: { id: string }) => m.id)).toEqual([g2, g1]);
    }
    const sup = (await post("/outbox", {}, t.supervisor)).json();
    expect(sup.outbox).toEqual([]);
    expect(sup.msg_status).toEqual([]);
  });

  it("another company's admin sees none of it, even naming the user", async () => {
    const t = await tenant();
    const other = await tenant();
    await seedMessages(t.company.id, t.agent.id, [{}, {}]);
    const res = await post("/outbox", { userId: t.agent.id }, other.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outbox: [], msg_status: [], total: 0 });
  });

  it("pages by keyset through rows sharing one timestamp, with totals on the first page only", async () => {
    const t = await tenant();
    const same = at(-MIN);
    const ids = await seedMessages(
      t.company.id,
      t.agent.id,
      Array.from({ length: 7 }, () => ({ createdAt: same })),
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await app.inject({
        method: "POST",
        url: `/api/outbox?limit=3${cursor ? `&cursor=${cursor}` : ""}`,
        headers: { authorization: `Bearer ${t.agent.token}` },
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(200);
      const b = res.json();
      if (pages === 0) expect(b).toMatchObject({ total: 7, totalExact: true });
      else {
        expect(b.total).toBeUndefined();
        expect(b.msg_status).toEqual([]);
      }
      seen.push(...b.outbox.map((m: { id: string }) => m.id));
      cursor = b.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].sort().reverse());

    const bad = await app.inject({
      method: "POST",
      url: "/api/outbox?cursor=nonsense",
      headers: { authorization: `Bearer ${t.agent.token}` },
      payload: {},
    });
    expect(bad.statusCode).toBe(400);
  });

  it("searches the content, the sender ID and the recipient's digits", async () => {
    const t = await tenant();
    const [promo, , byNumber] = await seedMessages(t.company.id, t.admin.id, [
      { text: "Big 50% PROMO today" },
      { text: "Reminder", senderId: "Clinic" },
      { text: "Other", recipient: "6581234567" },
    ]);
    const q = async (search: string) =>
      (
        await app.inject({
          method: "POST",
          url: `/api/outbox?search=${encodeURIComponent(search)}`,
          headers: { authorization: `Bearer ${t.admin.token}` },
          payload: {},
        })
      ).json();
    expect((await q("promo")).outbox.map((m: { id: string }) => m.id)).toEqual([promo]);
    expect((await q("50%")).outbox.map((m: { id: string }) => m.id)).toEqual([promo]);
    expect((await q("clinic")).outbox).toHaveLength(1);
    expect((await q("+65 8123")).outbox.map((m: { id: string }) => m.id)).toEqual([byNumber]);
    expect((await q("nothing like it")).outbox).toEqual([]);
  });

  it("filters by date range and refuses an end date in the future or a start after the end", async () => {
    const t = await tenant();
    const [old] = await seedMessages(t.company.id, t.admin.id, [{ createdAt: at(-10 * DAY) }]);
    const [recent] = await seedMessages(t.company.id, t.admin.id, [{ createdAt: at(-HOUR) }]);
    const ids = async (body: object) =>
      (await post("/outbox", body, t.admin)).json().outbox.map((m: { id: string }) => m.id);
    expect(await ids({ startDate: at(-2 * DAY) })).toEqual([recent]);
    expect(await ids({ endDate: at(-5 * DAY) })).toEqual([old]);
    // The end of today in any time zone is allowed.
    expect(await ids({ startDate: at(-20 * DAY), endDate: at(20 * HOUR) })).toEqual([recent, old]);

    const future = await post("/outbox", { endDate: at(3 * DAY) }, t.admin);
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(END_IN_FUTURE);
    const reversed = await post("/outbox", { startDate: at(-DAY), endDate: at(-2 * DAY) }, t.admin);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe(START_AFTER_END);
    expect((await post("/inbox", { endDate: at(3 * DAY) }, t.admin)).json().message).toBe(END_IN_FUTURE);
  });

  it("costs a bounded number of queries whatever the page size", async () => {
    const t = await tenant();
    await seedMessages(
      t.company.id,
      t.admin.id,
      Array.from({ length: 40 }, () => ({})),
    );
    await post("/outbox", {}, t.admin); // the actor is cached after the first request
    const { count, queries, result } = await countQueries(() => post("/outbox", {}, t.admin));
    expect(result.json().outbox).toHaveLength(40);
    expect(count, queries.join("\n")).toBeLessThanOrEqual(3);
  });
});

describe("inbox", () => {
  it("admins see every message; others the general ones and those addressed to them", async () => {
    const t = await tenant();
    const other = await tenant();
    const [general, toAgent, toSupervisor] = await seedInbox(t.company.id, [
      { createdAt: at(-3 * MIN), text: "hello all" },
      { createdAt: at(-2 * MIN), receiver: t.agent.id },
      { createdAt: at(-1 * MIN), receiver: t.supervisor.id },
    ]);
    await seedInbox(other.company.id, [{}]);
    const ids = async (who: Who) =>
      (await post("/inbox", { isAdmin: 1 }, who)).json().data.map((m: { id: string }) => m.id);
    expect(await ids(t.admin)).toEqual([toSupervisor, toAgent, general]);
    expect(await ids(t.agent)).toEqual([toAgent, general]);
    expect(await ids(t.supervisor)).toEqual([toSupervisor, general]);
    const list = (await post("/inbox", {}, t.admin)).json();
    expect(list.data[1]).toMatchObject({ receiver: t.agent.id, receiver_name: "Test User" });
    expect(list.data[2]).toMatchObject({ receiver: null, receiver_name: null, msg_content: "hello all" });
    expect(list).toMatchObject({ total: 3, nextCursor: null });
    expect((await post("/inbox", {}, other.admin)).json().data).toHaveLength(1);
  });
});

describe("inboxUser", () => {
  it("gives admins the company's users and others only themselves", async () => {
    const t = await tenant();
    const other = await tenant();
    const admin = (await post("/inboxUser", { isAdmin: 1 }, t.admin))
      .json()
      .data.map((u: { id: string }) => u.id);
    expect(admin.sort()).toEqual([t.admin.id, t.agent.id, t.supervisor.id].sort());
    expect((await post("/inboxUser", { isAdmin: 1 }, t.agent)).json().data).toEqual([
      { id: t.agent.id, firstName: "Test", lastName: "User" },
    ]);
    const foreign = (await post("/inboxUser", {}, other.admin)).json().data.map((u: { id: string }) => u.id);
    expect(foreign).not.toContain(t.agent.id);
  });
});

describe("scheduled SMS", () => {
  it("lists waiting rows soonest first, own rows for non-admins, and refuses a start in the past", async () => {
    const t = await tenant();
    const other = await tenant();
    const [later] = await seedMessages(t.company.id, t.admin.id, [
      { status: "scheduled", scheduledAt: at(3 * DAY) },
    ]);
    const [sooner] = await seedMessages(t.company.id, t.agent.id, [
      { status: "scheduled", scheduledAt: at(DAY), recipient: "6591112222", text: "See you" },
    ]);
    await seedMessages(other.company.id, other.admin.id, [{ status: "scheduled", scheduledAt: at(DAY) }]);
    const list = (await post("/scheduledSms", {}, t.admin)).json();
    expect(list.data.map((m: { id: string }) => m.id)).toEqual([sooner, later]);
    expect(list.data[0]).toMatchObject({
      name: "Herald",
      receiver: "6591112222",
      msg_content: "See you",
      campaign: null,
      schedule: expect.any(String),
    });
    expect(list.total).toBe(2);
    expect((await post("/scheduledSms", {}, t.agent)).json().data.map((m: { id: string }) => m.id)).toEqual([
      sooner,
    ]);
    expect((await post("/scheduledSms", { startDate: at(2 * DAY) }, t.admin)).json().data).toHaveLength(1);
    // The start of today in any time zone is allowed; two days ago is not.
    expect((await post("/scheduledSms", { startDate: at(-20 * HOUR) }, t.admin)).statusCode).toBe(200);
    const past = await post("/scheduledSms", { startDate: at(-2 * DAY) }, t.admin);
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(START_IN_PAST);
    expect((await post("/scheduledSms", {}, other.admin)).json().data).toHaveLength(1);
  });

  it("refuses to delete when any row is due within 30 minutes, changing nothing", async () => {
    const t = await tenant();
    const [soon, far] = await seedMessages(t.company.id, t.admin.id, [
      { status: "scheduled", scheduledAt: at(20 * MIN) },
      { status: "scheduled", scheduledAt: at(2 * HOUR) },
    ]);
    const res = await post("/deleteScheduledSms", { selectedRows: [far, soon] }, t.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SCHEDULED_TOO_SOON);
    expect(await statusOf(soon!)).toBe("scheduled");
    expect(await statusOf(far!)).toBe("scheduled");
  });

  it("cancels the rows and gives the send's reserved credit back", async () => {
    const t = await tenant();
    await purchaseCredit(db().db, { companyId: t.company.id, amountCents: 10_000, reference: "t" });
    await allocate(db().db, { companyId: t.company.id, userId: t.agent.id, amountCents: 1_000 });
    const r = await reserve(db().db, { companyId: t.company.id, userId: t.agent.id, amountCents: 30 });
    expect(await userBalance(t.agent.id)).toBe(970);
    const ids = await seedMessages(t.company.id, t.agent.id, [
      { status: "scheduled", scheduledAt: at(HOUR), reservationId: r.reservationId, costCents: 15 },
      { status: "scheduled", scheduledAt: at(HOUR), reservationId: r.reservationId, costCents: 15 },
    ]);
    // Cancelling part of the send gives that part back at once; the rows still to go keep theirs.
    const first = await post("/deleteScheduledSms", { selectedRows: [ids[0]] }, t.agent);
    expect(first.statusCode, first.body).toBe(200);
    expect(await statusOf(ids[0]!)).toBe("cancelled");
    expect(await userBalance(t.agent.id)).toBe(985);
    const second = await post("/deleteScheduledSms", { selectedRows: [ids[1]] }, t.agent);
    expect(second.statusCode, second.body).toBe(200);
    expect(await statusOf(ids[1]!)).toBe("cancelled");
    expect(await userBalance(t.agent.id)).toBe(1_000);
    const send = await db().query<{ status: string }>(
      "select s.status from sms_sends s join sms_messages m on m.send_id = s.id where m.id = $1",
      [ids[1]],
    );
    expect(send[0]!.status).toBe("cancelled");
    expect((await post("/scheduledSms", {}, t.agent)).json().data).toEqual([]);
    // A cancelled row is no longer a scheduled one.
    expect((await post("/deleteScheduledSms", { selectedRows: [ids[1]] }, t.agent)).statusCode).toBe(404);
  });

  it("answers 404 for another company's or another user's rows and cancels none of the selection", async () => {
    const t = await tenant();
    const other = await tenant();
    const [mine] = await seedMessages(t.company.id, t.agent.id, [
      { status: "scheduled", scheduledAt: at(DAY) },
    ]);
    const [admins] = await seedMessages(t.company.id, t.admin.id, [
      { status: "scheduled", scheduledAt: at(DAY) },
    ]);
    const [foreign] = await seedMessages(other.company.id, other.admin.id, [
      { status: "scheduled", scheduledAt: at(DAY) },
    ]);
    const cross = await post("/deleteScheduledSms", { selectedRows: [foreign] }, t.admin);
    expect(cross.statusCode).toBe(404);
    expect(cross.json().message).toBe(MESSAGE_NOT_FOUND);
    expect(await statusOf(foreign!)).toBe("scheduled");
    expect((await post("/deleteScheduledSms", { selectedRows: [mine, admins] }, t.agent)).statusCode).toBe(
      404,
    );
    expect(await statusOf(mine!)).toBe("scheduled");
    expect(await statusOf(admins!)).toBe("scheduled");
    // The admin may cancel any of the company's.
    expect((await post("/deleteScheduledSms", { selectedRows: [mine, admins] }, t.admin)).statusCode).toBe(
      200,
    );
    expect(await statusOf(mine!)).toBe("cancelled");
  });
});

describe("deleting outbox and inbox rows", () => {
  it("deletes sent rows all or nothing, refuses rows still being sent, 404 across companies and users", async () => {
    const t = await tenant();
    const other = await tenant();
    const [done, queued] = await seedMessages(t.company.id, t.agent.id, [{}, { status: "queued" }]);
    const [admins] = await seedMessages(t.company.id, t.admin.id, [{}]);
    const [foreign] = await seedMessages(other.company.id, other.admin.id, [{}]);

    const sending = await post("/deleteOutbox", { selectedRows: [done, queued] }, t.agent);
    expect(sending.statusCode).toBe(400);
    expect(sending.json().message).toBe(STILL_SENDING);
    expect(await statusOf(done!)).toBe("delivered");

    expect((await post("/deleteOutbox", { selectedRows: [foreign] }, t.admin)).statusCode).toBe(404);
    expect(await statusOf(foreign!)).toBe("delivered");
    expect((await post("/deleteOutbox", { selectedRows: [done, admins] }, t.agent)).statusCode).toBe(404);
    expect(await statusOf(done!)).toBe("delivered");

    const ok = await post("/deleteOutbox", { selectedRows: [done, admins] }, t.admin);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await statusOf(done!)).toBeUndefined();
    expect(await statusOf(admins!)).toBeUndefined();
  });

  it("lets users delete the inbox rows they see, never another user's private ones or another company's", async () => {
    const t = await tenant();
    const other = await tenant();
    const [general, toAgent, toSupervisor] = await seedInbox(t.company.id, [
      {},
      { receiver: t.agent.id },
      { receiver: t.supervisor.id },
    ]);
    const [foreign] = await seedInbox(other.company.id, [{}]);
    const count = async (id: string) =>
      (await db().query("select 1 from sms_inbox where id = $1", [id])).length;

    expect((await post("/deleteInbox", { selectedRows: [foreign] }, t.admin)).statusCode).toBe(404);
    expect(await count(foreign!)).toBe(1);
    expect((await post("/deleteInbox", { selectedRows: [general, toSupervisor] }, t.agent)).statusCode).toBe(
      404,
    );
    expect(await count(general!)).toBe(1);
    expect((await post("/deleteInbox", { selectedRows: [general, toAgent] }, t.agent)).statusCode).toBe(200);
    expect(await count(general!)).toBe(0);
    expect(await count(toAgent!)).toBe(0);
    expect((await post("/deleteInbox", { selectedRows: [toSupervisor] }, t.admin)).statusCode).toBe(200);
  });
});

describe("report export", () => {
  const exportOf = (who: Who, query: string) =>
    app.inject({
      method: "GET",
      url: `/api/reports/export?${query}`,
      headers: { authorization: `Bearer ${who.token}` },
    });

  it("streams the caller's outbox as Sent Messages.csv in batches, neutralising formulas", async () => {
    const t = await tenant();
    const other = await tenant();
    await seedMessages(t.company.id, t.agent.id, [
      {
        createdAt: at(-2 * MIN),
        text: "=HYPERLINK(1)",
        senderId: "+Acme",
        recipient: "6590000001",
        segments: 2,
      },
      {
        createdAt: at(-1 * MIN),
        text: 'Say "hi",\nbye',
        recipient: "6590000002",
        status: "failed",
        deliveredSt: "failed",
      },
    ]);
    await seedMessages(t.company.id, t.admin.id, [{ createdAt: at(-3 * MIN), recipient: "6590000003" }]);
    const res = await exportOf(t.agent, "report=outbox");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="Sent Messages.csv"');
    const lines = res.body.replace(/^\uFEFF/, "").split("\n");
    expect(lines[0]).toBe(
      "Sender ID,Mobile,Message,Billable,Delivered Status,SMS Count,Date (Asia/Singapore)",
    );
    // a cell with a line break spans two lines inside its quotes
    expect(lines[1]).toBe('Herald,6590000002,"Say ""hi"",');
    expect(lines[2]).toMatch(/^bye",yes,failed,1,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(lines[3]).toMatch(/^'\+Acme,6590000001,'=HYPERLINK\(1\),yes,delivered,2,/);
    expect(lines).toHaveLength(5); // the agent's two rows, then the final line break
    // the admin sees the company; another company's admin gets only a header
    expect((await exportOf(t.admin, "report=outbox")).body.split("\n")).toHaveLength(6);
    expect((await exportOf(other.admin, "report=outbox")).body.split("\n")).toHaveLength(2);
  });

  it("keeps every row intact in a large export read slowly (blocks copied out as they arrive)", async () => {
    const t = await tenant();
    const n = 30_000;
    const sendId = uuidv7();
    await db().query(
      `insert into sms_sends (id, company_id, user_id, channel, sender_id, body, frequency, status)
       values ($1, $2, $3, 'sms', 'Herald', 'hello', 'now', 'sent')`,
      [sendId, t.company.id, t.admin.id],
    );
    await db().query(
      `insert into sms_messages (id, company_id, send_id, user_id, channel, sender_id, recipient, text, segments,
         cost_cents, status, billable, delivered_st, idempotency_key, created_at)
       select gen_random_uuid(), $1, $2, $3, 'sms', 'Herald', (6580000000 + g)::text,
              'Row ' || g || ', "quoted" ' || repeat('x', g % 50), 1, 5, 'delivered', true, 'delivered',
              'big-' || g, now() - (g || ' seconds')::interval
         from generate_series(1, ${n}) g`,
      [t.company.id, sendId, t.admin.id],
    );
    const { stream } = await reportsService(app.deps).exportReport(
      { userId: t.admin.id, companyId: t.company.id, role: "admin" } as Actor,
      { report: "outbox", format: "csv" },
    );
    let text = "";
    for await (const chunk of stream) {
      text += (chunk as Buffer).toString("utf8");
      await new Promise((r) => setImmediate(r)); // a slow reader: the database runs ahead
    }
    const lines = text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\n");
    expect(lines).toHaveLength(n + 1);
    lines.slice(1).forEach((line, i) => {
      const g = i + 1;
      expect(line).toBe(
        `Herald,${6580000000 + g},"Row ${g}, ""quoted"" ${"x".repeat(g % 50)}",yes,delivered,1,${line.slice(-19)}`,
      );
    });
  });

  it("exports the inbox and the scheduled rows with the list's scoping and date rules", async () => {
    const t = await tenant();
    const other = await tenant();
    await seedInbox(t.company.id, [{ text: "general" }, { text: "private", receiver: t.supervisor.id }]);
    await seedMessages(t.company.id, t.admin.id, [
      { status: "scheduled", scheduledAt: at(DAY), text: "later" },
    ]);
    const inbox = await exportOf(t.agent, "report=inbox&format=csv");
    expect(inbox.headers["content-disposition"]).toBe('attachment; filename="Incoming Messages.csv"');
    expect(inbox.body).toContain(",general,General,");
    expect(inbox.body).not.toContain("private");
    expect((await exportOf(other.admin, "report=inbox")).body).not.toContain("general");
    const xlsx = await exportOf(t.admin, "report=scheduled&format=xlsx");
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-disposition"]).toBe('attachment; filename="Scheduled Messages.xlsx"');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
    const future = await exportOf(t.admin, `report=outbox&endDate=${encodeURIComponent(at(3 * DAY))}`);
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(END_IN_FUTURE);
    const past = await exportOf(t.admin, `report=scheduled&startDate=${encodeURIComponent(at(-3 * DAY))}`);
    expect(past.json().message).toBe(START_IN_PAST);
  });
});
