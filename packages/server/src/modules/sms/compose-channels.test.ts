/**
 * Compose through WhatsApp and Telegram channels: the options, the plan (channel choice, Telegram reachability),
 * and the bulk worker sending each row through the channel's driver into the subscriber's chat room.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { rows } from "../../db/sql";
import type { Deps } from "../../deps";
import { auth, createCompany, privateDatabase, testConfig } from "../../test/harness";
import { connectSandbox } from "../channels/channels.fixtures";
import { ingestInbound } from "../chat/ingest";
import { allocate } from "../credit/ledger";
import { deliverBatch, scheduleTick } from "./deliver";
import { NOT_REACHABLE_TELEGRAM, OUTSIDE_WHATSAPP_WINDOW } from "./sms.messages";

let app: FastifyInstance;
let deps: Deps;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  // Its own database on PostgreSQL and no job workers: the tests run the sending worker themselves.
  const { database, dataDir, drop } = await privateDatabase();
  dropDatabase = drop;
  app = await buildApp({
    config: { ...testConfig({}, dataDir), runWorkers: false },
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
const numbers = (n: number) => {
  const base = 81_000_000 + Math.floor(Math.random() * 8_000_000);
  return Array.from({ length: n }, (_, i) => `65${base + i * 7 + (++seq % 7)}`);
};
const post = (url: string, body: unknown, who: Who) =>
  app.inject({ method: "POST", url: `/api${url}`, payload: body as object, headers: auth(who) });
const get = (url: string, who: Who) => app.inject({ method: "GET", url: `/api${url}`, headers: auth(who) });

async function company() {
  const c = await createCompany(app);
  await allocate(deps.database.db, { companyId: c.id, userId: c.owner.id, amountCents: 1000 });
  return c;
}

/** A subscriber message on a channel (as its webhook would deliver it): opens the 24-hour window. */
const writesIn = (companyId: string, channelId: string, platformId: string, mobile?: string) =>
  ingestInbound(deps, {
    companyId,
    channelId,
    platformId,
    subscriberName: `Sub ${platformId}`,
    ...(mobile ? { mobile } : {}),
    providerMessageId: `in-${platformId}-${++seq}`,
    text: "hello",
  });

const rowsOf = (sendId: string) =>
  rows<{
    id: string;
    channel: string;
    channel_id: string | null;
    status: string;
    recipient: string;
    billable: boolean;
    error: string | null;
    cost_cents: string;
    provider_message_id: string | null;
    encoding: string;
  }>(deps.database.db, sql`select * from sms_messages where send_id = ${sendId}::uuid order by recipient`);

const roomMessages = (channelId: string, platformId: string) =>
  rows<{ id: string; type: string; text: string; message_status: string; delivery_status: string | null }>(
    deps.database.db,
    sql`select m.id::text as id, m.type, m.text, m.message_status, m.delivery_status
          from chat_messages m join subscribers s on s.id = m.subscriber_id
         where s.channel_id = ${channelId}::uuid and s.platform_id = ${platformId}
         order by m.created_at, m.id`,
  );

describe("compose options with chat channels", () => {
  it("offers WhatsApp and Telegram only while the company has a live channel of that type", async () => {
    const { id, owner } = await company();
    const before = (await get("/compose-msg-page-one", owner)).json();
    expect(before.channels).toEqual(["SMS", "Email"]);
    expect(before.chatChannels).toEqual([]);
    const wa = await connectSandbox(app, owner, { channelType: "WHATSAPP", name: "WA main" });
    const tg = await connectSandbox(app, owner, { channelType: "TELEGRAM", name: "TG bot" });
    const res = await get("/compose-msg-page-one", owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().channels).toEqual(["SMS", "Email", "WhatsApp", "Telegram"]);
    expect(res.json().chatChannels).toEqual([
      { id: tg.id, name: "TG bot", channel: "Telegram", sandbox: true },
      { id: wa.id, name: "WA main", channel: "WhatsApp", sandbox: true },
    ]);
    // Another company sees none of them.
    const other = await company();
    expect((await get("/compose-msg-page-one", other.owner)).json().channels).toEqual(["SMS", "Email"]);
    // A deleted channel is not offered, and a send through its type is refused.
    await deps.database.db.execute(
      sql`update channels set deleted_at = now() where id = ${tg.id}::uuid and company_id = ${id}::uuid`,
    );
    expect((await get("/compose-msg-page-one", owner)).json().channels).toEqual(["SMS", "Email", "WhatsApp"]);
    const refused = await post(
      "/sms/preview",
      { channel: "Telegram", recipients: { numbers: numbers(1) }, text: "Hi" },
      owner,
    );
    expect(refused.statusCode, refused.body).toBe(422);
  });
});

describe("compose through a sandbox WhatsApp channel", () => {
  it("sends to numbers and a group through the driver into the subscribers' rooms; 24-hour rule fails rows", async () => {
    const { id, owner } = await company();
    const wa = await connectSandbox(app, owner, { channelType: "WHATSAPP" });
    const [a, b, c] = numbers(3);
    // a and c wrote in (their window is open); b never did.
    await writesIn(id, wa.id, a!);
    await writesIn(id, wa.id, c!);
    const { db } = deps.database;
    const [contact] = await rows<{ id: string }>(
      db,
      sql`insert into contacts (id, company_id, mobile, name) values (gen_random_uuid(), ${id}::uuid, ${c}, 'Cat')
          returning id::text as id`,
    );
    const [group] = await rows<{ id: string }>(
      db,
      sql`insert into contact_groups (id, company_id, name, member_count) values (gen_random_uuid(), ${id}::uuid, 'WA VIP', 1)
          returning id::text as id`,
    );
    await db.execute(
      sql`insert into group_members (group_id, contact_id) values (${group!.id}::uuid, ${contact!.id}::uuid)`,
    );
    const draft = {
      channel: "WhatsApp",
      recipients: { numbers: [a, b], groupIds: [group!.id] },
      text: "Hello {name}, sale today",
    };
    const preview = await post("/sms/preview", draft, owner);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().totals).toMatchObject({ recipients: 3, segments: 3, costCents: 0, cost: "0.00" });
    expect(preview.json().rows.find((r: { to: string }) => r.to === c)).toMatchObject({
      text: "Hello Cat, sale today",
      encoding: "text",
      segments: 1,
      costCents: 0,
    });
    const sent = await post("/sms/send", draft, owner);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: "sent", recipients: 3, message: "Processing complete!" });
    const queued = await rowsOf(sent.json().id);
    expect(queued.map((r) => [r.channel, r.channel_id, r.status])).toEqual(
      queued.map(() => ["whatsapp", wa.id, "queued"]),
    );
    expect(
      await deliverBatch(
        deps,
        queued.map((r) => r.id),
      ),
    ).toBe(3);
    const done = Object.fromEntries((await rowsOf(sent.json().id)).map((r) => [r.recipient, r]));
    expect(done[a!]).toMatchObject({ status: "delivered", billable: true });
    expect(Number(done[a!]!.cost_cents)).toBe(0); // a sandbox channel is free
    expect(done[c!]).toMatchObject({ status: "delivered", billable: true });
    expect(done[b!]).toMatchObject({ status: "failed", billable: false, error: OUTSIDE_WHATSAPP_WINDOW });
    // The sent ones are outbound messages of the subscribers' rooms, delivered by the sandbox.
    const roomA = await roomMessages(wa.id, a!);
    expect(roomA.map((m) => [m.type, m.text, m.message_status, m.delivery_status])).toEqual([
      ["inbox", "hello", null, null],
      ["outbox", "Hello , sale today", "yes", "delivered"],
    ]);
    expect(roomA[1]!.id).toBe(done[a!]!.id);
    expect((await roomMessages(wa.id, c!)).at(-1)).toMatchObject({ text: "Hello Cat, sale today" });
    // b got no room (nothing was sent).
    expect(await roomMessages(wa.id, b!)).toEqual([]);
    // The inbox lists the rooms with the sent message as their last one.
    const inbox = await get("/social-chat/chat/room", owner);
    expect(inbox.statusCode, inbox.body).toBe(200);
    expect(
      inbox
        .json()
        .data.map((r: { text: string }) => r.text)
        .sort(),
    ).toEqual(["Hello , sale today", "Hello Cat, sale today"]);
    // Nothing is sent twice: a finished row is not claimed again, and a row re-submitted after a "crash" (left
    // submitting past the timeout) continues with its stored room message instead of sending a second one.
    expect(
      await deliverBatch(
        deps,
        queued.map((r) => r.id),
      ),
    ).toBe(0);
    await db.execute(sql`update sms_messages set status = 'submitting', locked_at = now() - interval '1 hour'
      where id = ${done[a!]!.id}::uuid`);
    expect(await deliverBatch(deps, [done[a!]!.id])).toBe(1);
    expect(await roomMessages(wa.id, a!)).toHaveLength(2);
    const again = (await rowsOf(sent.json().id)).find((r) => r.recipient === a)!;
    expect(again).toMatchObject({ status: "delivered", provider_message_id: done[a!]!.provider_message_id });
  });

  it("asks which channel when the company has several; another company's channel id answers 404", async () => {
    const { owner } = await company();
    const wa1 = await connectSandbox(app, owner, { channelType: "WHATSAPP", name: "WA one" });
    await connectSandbox(app, owner, { channelType: "WHATSAPP", name: "WA two" });
    const draft = { channel: "WhatsApp", recipients: { numbers: numbers(1) }, text: "Hi" };
    const ask = await post("/sms/preview", draft, owner);
    expect(ask.statusCode, ask.body).toBe(422);
    expect(ask.json().message).toBe("Please choose the channel to send through.");
    expect((await post("/sms/preview", { ...draft, channelId: wa1.id }, owner)).statusCode).toBe(200);
    const other = await company();
    const foreign = await connectSandbox(app, other.owner, { channelType: "WHATSAPP" });
    const res = await post("/sms/send", { ...draft, channelId: foreign.id }, owner);
    expect(res.statusCode, res.body).toBe(404);
    // A channel of another type is not a WhatsApp channel either.
    const tg = await connectSandbox(app, owner, { channelType: "TELEGRAM" });
    expect((await post("/sms/preview", { ...draft, channelId: tg.id }, owner)).statusCode).toBe(404);
  });
});

describe("scheduled sends through a chat channel", () => {
  it("a daily WhatsApp send keeps its channel on every run and is sent through it when due", async () => {
    const { id, owner } = await company();
    const wa = await connectSandbox(app, owner, { channelType: "WHATSAPP" });
    const [a] = numbers(1);
    const date = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const res = await post(
      "/sms/send",
      {
        channel: "WhatsApp",
        recipients: { numbers: [a] },
        text: "Daily tip",
        frequency: "daily",
        date,
        time: "09:30",
      },
      owner,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "scheduled" });
    const at = new Date(`${date}T01:30:00.000Z`);
    await writesIn(id, wa.id, a!);
    await scheduleTick(deps, at);
    const all = await rowsOf(res.json().id);
    // the first run is due (queued) and the next one written, both through the channel
    expect(all.map((r) => [r.status, r.channel_id]).sort()).toEqual([
      ["queued", wa.id],
      ["scheduled", wa.id],
    ]);
    const due = all.find((r) => r.status === "queued")!;
    await deliverBatch(deps, [due.id]);
    expect((await rowsOf(res.json().id)).find((r) => r.id === due.id)).toMatchObject({ status: "delivered" });
    expect((await roomMessages(wa.id, a!)).at(-1)).toMatchObject({ type: "outbox", text: "Daily tip" });
  });
});

describe("compose through a sandbox Telegram channel", () => {
  it("reaches only subscribers known by their mobile; the others are skipped as not reachable", async () => {
    const { id, owner } = await company();
    const tg = await connectSandbox(app, owner, { channelType: "TELEGRAM" });
    const [known, unknown] = numbers(2);
    await writesIn(id, tg.id, "tg-777", `+${known!.slice(0, 2)} ${known!.slice(2)}`);
    const draft = { channel: "Telegram", recipients: { numbers: [known, unknown] }, text: "Hi there" };
    const preview = await post("/sms/preview", draft, owner);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().totals).toMatchObject({
      recipients: 1,
      skipped: { unsubscribed: 0, invalid: 0, duplicate: 0, notReachable: 1 },
    });
    const sent = await post("/sms/send", draft, owner);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ recipients: 1, skipped: 1 });
    const queued = await rowsOf(sent.json().id);
    expect(queued.map((r) => r.recipient)).toEqual([known]);
    await deliverBatch(
      deps,
      queued.map((r) => r.id),
    );
    expect((await rowsOf(sent.json().id))[0]).toMatchObject({ channel: "telegram", status: "delivered" });
    // Sent to the subscriber's chat id, shown in their room.
    expect((await roomMessages(tg.id, "tg-777")).at(-1)).toMatchObject({
      type: "outbox",
      text: "Hi there",
      message_status: "yes",
      delivery_status: "delivered",
    });
    // A subscriber who went away before the worker ran: the row is skipped, not billable.
    const again = await post("/sms/send", draft, owner);
    const row = (await rowsOf(again.json().id))[0]!;
    await deps.database.db.execute(
      sql`update subscribers set mobile = null where channel_id = ${tg.id}::uuid and platform_id = 'tg-777'`,
    );
    await deliverBatch(deps, [row.id]);
    expect((await rowsOf(again.json().id))[0]).toMatchObject({
      status: "skipped",
      billable: false,
      error: NOT_REACHABLE_TELEGRAM,
    });
  });
});
