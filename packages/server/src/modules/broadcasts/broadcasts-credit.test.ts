/**
 * Broadcast credit against a loopback WhatsApp Cloud API channel whose messages cost 3 cents
 * (HERALD_BROADCAST_PRICE_CENTS_WHATSAPP): reserved at submit for the rows to send, captured per accepted message,
 * the rest released when the broadcast is done or cancelled; a failure receipt on the company's own channel (signed
 * with the app secret the company entered) shows the message failed and never gives its charge back; a balance that cannot cover the rows refuses the submit with nothing written; a sandbox channel
 * and a type without a price are free (nothing reserved, messages cost 0); another company gets 404.
 * The worker is run by the test (no job workers), one row per window (rate 10/s), so a cancel lands between rows.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { whatsappSignature } from "../../providers/channels/whatsapp";
import { auth, createCompany, privateDatabase, type TestUser, testConfig } from "../../test/harness";
import { connectSandbox } from "../channels/channels.fixtures";
import { applyStatus } from "../chat/ingest";
import { runInbound } from "../chat/webhook.fixtures";
import { allocate, INSUFFICIENT_USER_CREDIT } from "../credit/ledger";
import {
  APP_SECRET,
  connectLoopbackChannel,
  type LoopbackWhatsapp,
  loopbackWhatsapp,
  numbersFrom,
  PHONE_ID,
  recipientsCsv,
  templateBroadcast,
  uploadRecipients,
  WABA,
} from "./broadcasts.fixtures";
import { NOT_SENT_AFTER_RETRIES } from "./broadcasts.messages";
import { deliverBroadcast, MAX_ATTEMPTS, PARALLEL_WINDOWS } from "./deliver";

const PRICE = 3;
let app: FastifyInstance;
let lb: LoopbackWhatsapp;
let drop: () => Promise<void>;

beforeAll(async () => {
  process.env.HERALD_BROADCAST_PRICE_CENTS_WHATSAPP = String(PRICE);
  process.env.HERALD_BROADCAST_RATE_WHATSAPP = "10";
  lb = await loopbackWhatsapp();
  const db = await privateDatabase();
  drop = db.drop;
  app = await buildApp({
    config: { ...testConfig({ WHATSAPP_API_URL: lb.url }, db.dataDir), runWorkers: false },
    database: db.database,
    validateResponses: true,
  });
  await app.ready();
});
afterAll(async () => {
  delete process.env.HERALD_BROADCAST_PRICE_CENTS_WHATSAPP;
  delete process.env.HERALD_BROADCAST_RATE_WHATSAPP;
  await app?.close();
  await drop?.();
  await lb?.close();
});

type Who = { token: string };
const get = (url: string, who: Who) => app.inject({ method: "GET", url: `/api${url}`, headers: auth(who) });
const post = (url: string, who: Who, payload: object = {}) =>
  app.inject({ method: "POST", url: `/api${url}`, headers: auth(who), payload });
const q = async <T>(text: string, params: unknown[] = []) => app.deps.database.query<T>(text, params);

let seq = 0;
let nextBase = 82_000_000 + (process.pid % 1000) * 1000;
const fresh = (n: number) => {
  const out = numbersFrom(nextBase, n);
  nextBase += n;
  return out;
};

interface Tenant {
  companyId: string;
  owner: TestUser;
  channelId: string;
}

async function tenant(userCents: number): Promise<Tenant> {
  const { id: companyId, owner } = await createCompany(app, { creditCents: 1_000_000 });
  if (userCents > 0)
    await allocate(app.deps.database.db, { companyId, userId: owner.id, amountCents: userCents });
  const { id: channelId } = await connectLoopbackChannel(app, owner);
  return { companyId, owner, channelId };
}

async function submit(t: Tenant, numbers: string[]) {
  const sent = await post(
    "/social-chat/broadcast/send",
    t.owner,
    templateBroadcast(t.channelId, `Credit ${++seq}`),
  );
  expect(sent.statusCode, sent.body).toBe(200);
  const id: string = sent.json().broadcastId;
  return { id, upload: await uploadRecipients(app, t.owner, id, recipientsCsv(numbers)) };
}

const balance = async (userId: string) =>
  Number((await q<{ c: string }>("select credit_cents as c from users where id = $1", [userId]))[0]!.c);
const usage = async (companyId: string) =>
  Number(
    (
      await q<{ s: string }>(
        "select coalesce(sum(amount_cents), 0) as s from ledger_entries where company_id = $1 and account = 'usage'",
        [companyId],
      )
    )[0]!.s,
  );
const movements = async (broadcastId: string) =>
  Object.fromEntries(
    (
      await q<{ kind: string; n: number }>(
        "select kind, count(distinct transaction_id)::int as n from ledger_entries where reference = $1 group by kind",
        [`broadcast:${broadcastId}`],
      )
    ).map((r) => [r.kind, r.n]),
  );
const reservationOf = async (broadcastId: string) =>
  (
    await q<{ id: string | null; amount: number | null; remaining: number | null; status: string | null }>(
      `select r.id, r.amount_cents::int as amount, r.remaining_cents::int as remaining, r.status
         from broadcasts b left join credit_reservations r on r.id = b.reservation_id where b.id = $1`,
      [broadcastId],
    )
  )[0]!;
const statuses = async (broadcastId: string) =>
  Object.fromEntries(
    (
      await q<{ status: string; n: number }>(
        "select status, count(*)::int as n from broadcast_recipients where broadcast_id = $1 group by status",
        [broadcastId],
      )
    ).map((r) => [r.status, r.n]),
  );
const charged = async (broadcastId: string) =>
  Number(
    (
      await q<{ s: string }>(
        `select coalesce(sum(m.cost_cents), 0) as s from broadcast_recipients r
           join chat_messages m on m.id = r.chat_message_id where r.broadcast_id = $1`,
        [broadcastId],
      )
    )[0]!.s,
  );

describe("broadcast credit", () => {
  it("reserves the READY rows at submit, captures each accepted message, and releases the rest when done", async () => {
    const t = await tenant(1000);
    const numbers = fresh(5);
    lb.refuse.add(numbers[2]!); // refused by the provider at send: not charged
    const { id, upload } = await submit(t, [...numbers, "12", numbers[0]!]); // + an invalid and a duplicate row
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json().ready).toBe(5);
    // reserved at submit: 5 READY rows x 3 cents, from the user's balance
    expect(await balance(t.owner.id)).toBe(1000 - 5 * PRICE);
    expect(await reservationOf(id)).toMatchObject({ amount: 15, remaining: 15, status: "open" });
    expect(await movements(id)).toEqual({ reserve: 1 });

    await deliverBroadcast(app.deps, id);
    const report = (await get(`/social-chat/broadcast/${id}`, t.owner)).json();
    expect(report.status).toBe("done");
    expect(await statuses(id)).toEqual({ sent: 4, failed: 1, skipped: 2 });
    const refused = report.recipients.find((r: { remark: string | null }) =>
      r.remark?.includes("undeliverable"),
    );
    expect(refused?.delivery_status).toBe("failed");
    // 4 accepted messages charged; the refused one's 3 cents came back with the release
    expect(await usage(t.companyId)).toBe(4 * PRICE);
    expect(await charged(id)).toBe(4 * PRICE);
    expect(await balance(t.owner.id)).toBe(1000 - 4 * PRICE);
    expect(await reservationOf(id)).toMatchObject({ remaining: 0, status: "released" });
    const m = await movements(id);
    expect(m.reserve).toBe(1);
    expect(m.capture).toBeGreaterThanOrEqual(1);
    expect(m.release).toBe(1);
    // running the worker again changes nothing
    await deliverBroadcast(app.deps, id);
    expect(await usage(t.companyId)).toBe(4 * PRICE);
    expect(await balance(t.owner.id)).toBe(1000 - 4 * PRICE);
  });

  it("a failure receipt forged with the company's own channel secret shows failed and gives nothing back", async () => {
    const t = await tenant(1000);
    const { id, upload } = await submit(t, fresh(3));
    expect(upload.statusCode, upload.body).toBe(200);
    await deliverBroadcast(app.deps, id);
    expect(await usage(t.companyId)).toBe(3 * PRICE);
    expect(await balance(t.owner.id)).toBe(1000 - 3 * PRICE);
    const [row] = await q<{ provider_message_id: string }>(
      "select provider_message_id from broadcast_recipients where broadcast_id = $1 order by row limit 1",
      [id],
    );
    // The company signs a WhatsApp "failed" status with the app secret it entered for its channel.
    const forged = (eventId: string) =>
      JSON.stringify({
        object: "whatsapp_business_account",
        entry: [
          {
            id: WABA,
            changes: [
              {
                field: "messages",
                value: {
                  messaging_product: "whatsapp",
                  metadata: { display_phone_number: "6560000000", phone_number_id: PHONE_ID },
                  statuses: [
                    {
                      id: row!.provider_message_id,
                      status: "failed",
                      timestamp: eventId,
                      recipient_id: "6591234567",
                      errors: [{ code: 131049, title: "Message not delivered" }],
                    },
                  ],
                },
              },
            ],
          },
        ],
      });
    const hook = (raw: string) =>
      app.inject({
        method: "POST",
        url: `/api/webhooks/channels/${t.channelId}`,
        headers: {
          "content-type": "application/json",
          "x-hub-signature-256": whatsappSignature(APP_SECRET, raw),
        },
        payload: raw,
      });
    const res = await hook(forged("1"));
    expect(res.statusCode, res.body).toBe(200);
    expect(await runInbound(app)).toBe(1);
    // the report shows the failure ...
    const report = (await get(`/social-chat/broadcast/${id}`, t.owner)).json();
    expect(report.stats).toMatchObject({ total: 3, failed: 1 });
    expect(report.recipients[0]).toMatchObject({
      delivery_status: "failed",
      remark: "131049 Message not delivered",
    });
    expect(await statuses(id)).toEqual({ sent: 2, failed: 1 });
    // ... but the accepted message keeps its charge: nothing refunded, nothing released
    expect(await balance(t.owner.id)).toBe(1000 - 3 * PRICE);
    expect(await usage(t.companyId)).toBe(3 * PRICE);
    expect(await charged(id)).toBe(3 * PRICE);
    expect(await movements(id)).not.toHaveProperty("refund");
    // nor does the channel's receipt applied again
    await hook(forged("2"));
    await runInbound(app);
    await applyStatus(app.deps, {
      channelId: t.channelId,
      providerMessageId: row!.provider_message_id,
      status: "failed",
    });
    expect(await balance(t.owner.id)).toBe(1000 - 3 * PRICE);
    expect(await movements(id)).not.toHaveProperty("refund");
  });

  it("cancel mid-way leaves the rest cancelled and gives their credit back", async () => {
    const t = await tenant(1000);
    const { id, upload } = await submit(t, fresh(10));
    expect(upload.statusCode, upload.body).toBe(200);
    expect(await balance(t.owner.id)).toBe(1000 - 10 * PRICE);
    const from = lb.received;
    lb.onMessage = async (n) => {
      if (n - from === 3) {
        const c = await post(`/social-chat/broadcast/${id}/cancel`, t.owner);
        expect(c.statusCode, c.body).toBe(200);
      }
    };
    try {
      await deliverBroadcast(app.deps, id);
    } finally {
      lb.onMessage = undefined;
    }
    // the messages in flight at the cancel (one per window the worker had under way) were accepted and
    // charged; the others were never sent
    const sent = lb.received - from;
    expect(sent).toBeGreaterThanOrEqual(3);
    expect(sent).toBeLessThanOrEqual(3 + PARALLEL_WINDOWS - 1);
    expect(await statuses(id)).toEqual({ sent, cancelled: 10 - sent });
    expect((await get(`/social-chat/broadcast/${id}`, t.owner)).json().status).toBe("cancelled");
    expect(await usage(t.companyId)).toBe(sent * PRICE);
    expect(await charged(id)).toBe(sent * PRICE);
    expect(await balance(t.owner.id)).toBe(1000 - sent * PRICE);
    expect(await reservationOf(id)).toMatchObject({ remaining: 0, status: "released" });
  });

  it("fails a row the provider would not take after the last attempt, with a clear remark, not charged", async () => {
    const t = await tenant(1000);
    const numbers = fresh(2);
    lb.down.add(numbers[1]!);
    const { id, upload } = await submit(t, numbers);
    expect(upload.statusCode, upload.body).toBe(200);
    // the row has used all its attempts but one (earlier tries met the same error)
    await q("update broadcast_recipients set attempts = $2 where broadcast_id = $1 and mobile = $3", [
      id,
      MAX_ATTEMPTS - 1,
      numbers[1],
    ]);
    await deliverBroadcast(app.deps, id);
    expect(await statuses(id)).toEqual({ sent: 1, failed: 1 });
    const report = (await get(`/social-chat/broadcast/${id}`, t.owner)).json();
    expect(report.status).toBe("done");
    expect(report.stats).toMatchObject({ total: 2, failed: 1 });
    const failed = report.recipients.find((r: { delivery_status: string }) => r.delivery_status === "failed");
    expect(failed.remark).toBe(NOT_SENT_AFTER_RETRIES(MAX_ATTEMPTS, "Service temporarily unavailable"));
    expect(await usage(t.companyId)).toBe(PRICE);
    expect(await charged(id)).toBe(PRICE);
    expect(await balance(t.owner.id)).toBe(1000 - PRICE);
    expect(await reservationOf(id)).toMatchObject({ remaining: 0, status: "released" });
  });

  it("refuses a broadcast the user's credit cannot cover, writing nothing", async () => {
    const t = await tenant(10);
    const { id, upload } = await submit(t, fresh(5)); // 15 cents
    expect(upload.statusCode, upload.body).toBe(422);
    expect(upload.json().message).toBe(INSUFFICIENT_USER_CREDIT);
    expect(await statuses(id)).toEqual({});
    const [b] = await q<{ total: number; ready: number; reservation_id: string | null; status: string }>(
      "select total, ready, reservation_id, status from broadcasts where id = $1",
      [id],
    );
    expect(b).toEqual({ total: 0, ready: 0, reservation_id: null, status: "queued" });
    expect(await movements(id)).toEqual({});
    expect(await balance(t.owner.id)).toBe(10);
    // with enough credit the same broadcast takes its file
    await allocate(app.deps.database.db, { companyId: t.companyId, userId: t.owner.id, amountCents: 5 });
    const again = await uploadRecipients(app, t.owner, id, recipientsCsv(fresh(5)));
    expect(again.statusCode, again.body).toBe(200);
    expect(await balance(t.owner.id)).toBe(0);
  });

  it("is free on a sandbox channel and on a type without a price: nothing reserved, messages cost 0", async () => {
    const t = await tenant(100);
    const sandbox = await connectSandbox(app, t.owner, { channelType: "WHATSAPP" });
    expect((await post(`/social-chat/channel/${sandbox.id}/sync-ws-templates`, t.owner)).statusCode).toBe(
      200,
    );
    const sent = await post("/social-chat/broadcast/send", t.owner, {
      ...templateBroadcast(sandbox.id, `Free ${++seq}`),
      whatsappTemplate: {
        name: "order_update",
        language: "en_US",
        header: { variables: ["A1"] },
        body: { variables: ["x", "y", "z"] },
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const sandboxId: string = sent.json().broadcastId;
    expect((await uploadRecipients(app, t.owner, sandboxId, recipientsCsv(fresh(2)))).statusCode).toBe(200);
    await deliverBroadcast(app.deps, sandboxId);
    delete process.env.HERALD_BROADCAST_PRICE_CENTS_WHATSAPP;
    let unpriced: string;
    try {
      const r = await submit(t, fresh(2));
      expect(r.upload.statusCode, r.upload.body).toBe(200);
      unpriced = r.id;
      await deliverBroadcast(app.deps, unpriced);
    } finally {
      process.env.HERALD_BROADCAST_PRICE_CENTS_WHATSAPP = String(PRICE);
    }
    for (const id of [sandboxId, unpriced]) {
      expect(await statuses(id)).toEqual({ sent: 2 });
      expect(await reservationOf(id)).toEqual({ id: null, amount: null, remaining: null, status: null });
      expect(await charged(id)).toBe(0);
      expect(await movements(id)).toEqual({});
    }
    expect(await balance(t.owner.id)).toBe(100);
    expect(await usage(t.companyId)).toBe(0);
  });

  it("gives another company's user 404 on the broadcast and leaves its credit alone", async () => {
    const t = await tenant(1000);
    const { id, upload } = await submit(t, fresh(2));
    expect(upload.statusCode, upload.body).toBe(200);
    const outsider = (await createCompany(app)).owner;
    expect((await get(`/social-chat/broadcast/${id}`, outsider)).statusCode).toBe(404);
    for (const action of ["pause", "resume", "cancel"]) {
      expect((await post(`/social-chat/broadcast/${id}/${action}`, outsider)).statusCode).toBe(404);
    }
    expect((await uploadRecipients(app, outsider, id, recipientsCsv(fresh(2)))).statusCode).toBe(404);
    expect(await reservationOf(id)).toMatchObject({ remaining: 2 * PRICE, status: "open" });
    expect(await statuses(id)).toEqual({ pending: 2 });
    expect(await balance(t.owner.id)).toBe(1000 - 2 * PRICE);
  });
});
