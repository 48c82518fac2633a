/**
 * Exact send rates: however many workers share a provider's rate, no second of recorded submission instants
 * carries more than the rate — the SMS rows' `submitted_at` and the broadcast messages' instants (their chat
 * messages' `created_at`), grouped by `date_trunc('second', …)`. The workers here are concurrent calls of the
 * delivery functions (on PGlite they share its one connection; on PostgreSQL each has its own). The assertions
 * are counts, never timings: every message is sent once, no second carries more than the rate, and at a rate
 * the machine easily exceeds the messages need at least total / rate seconds.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { rows } from "../../db/sql";
import { auth, createCompany, privateDatabase, testConfig } from "../../test/harness";
import { deliverBroadcast, windowSize } from "../broadcasts/deliver";
import { connectSandbox } from "../channels/channels.fixtures";
import { allocate } from "../credit/ledger";
import { deliverBatch, WINDOW } from "./deliver";

/** SMS: 10 per second, 80 messages over 4 workers (each a job of 20 rows, its window of 50 above the rate). */
const SMS_RATE = 10;
const SMS_MESSAGES = 80;
const SMS_WORKERS = 4;
/** Broadcast: 25 per second (windows of 3, so a second's last window does not fit it), 150 messages, 2 jobs. */
const BROADCAST_RATE = 25;
const BROADCAST_MESSAGES = 150;
const BROADCAST_JOBS = 2;

let app: FastifyInstance;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  process.env.HERALD_BROADCAST_RATE_WHATSAPP = String(BROADCAST_RATE);
  // A database of its own (the sends' jobs are this file's to run), workers off: the tests run the workers.
  const db = await privateDatabase();
  drop = db.drop;
  app = await buildApp({
    config: { ...testConfig({ HERALD_SMS_RATE: String(SMS_RATE) }, db.dataDir), runWorkers: false },
    database: db.database,
  });
  await app.ready();
});
afterAll(async () => {
  delete process.env.HERALD_BROADCAST_RATE_WHATSAPP;
  await app?.close();
  await drop?.();
});

const post = (url: string, who: { token: string }, payload: object) =>
  app.inject({ method: "POST", url: `/api${url}`, headers: auth(who), payload });

/** The largest number of instants of `instants` (a query of one timestamptz column `at`) in one clock second. */
async function busiestSecond(
  instants: ReturnType<typeof sql>,
): Promise<{ busiest: number; seconds: number }> {
  const [r] = await rows<{ busiest: number; seconds: number }>(
    app.deps.database.db,
    sql`select coalesce(max(n), 0)::int as busiest, count(*)::int as seconds
          from (select count(*) as n from (${instants}) x group by date_trunc('second', x.at)) s`,
  );
  return r!;
}

describe("exact send rates", () => {
  it(`SMS: ${SMS_WORKERS} workers at ${SMS_RATE}/s never record more than ${SMS_RATE} submissions in one second`, {
    timeout: 120_000,
  }, async () => {
    expect(WINDOW).toBeGreaterThan(SMS_RATE);
    const { id: companyId, owner } = await createCompany(app, { creditCents: 100_000 });
    await allocate(app.deps.database.db, { companyId, userId: owner.id, amountCents: 50_000 });
    const base = 92_000_000 + Math.floor(Math.random() * 5_000_000);
    const numbers = Array.from({ length: SMS_MESSAGES }, (_, i) => `65${base + i}`);
    const sent = await post("/sms/send", owner, {
      channel: "SMS",
      recipients: { numbers },
      text: "Rate check",
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const sendId: string = sent.json().id;
    const ids = (
      await rows<{ id: string }>(
        app.deps.database.db,
        sql`select id::text as id from sms_messages where send_id = ${sendId}::uuid order by id`,
      )
    ).map((r) => r.id);
    expect(ids).toHaveLength(SMS_MESSAGES);
    // each worker a job of its own rows, all at once
    const per = Math.ceil(SMS_MESSAGES / SMS_WORKERS);
    await Promise.all(
      Array.from({ length: SMS_WORKERS }, (_, w) =>
        deliverBatch(app.deps, ids.slice(w * per, (w + 1) * per)),
      ),
    );
    const [done] = await rows<{ accepted: number }>(
      app.deps.database.db,
      sql`select count(*) filter (where status in ('accepted', 'delivered'))::int as accepted from sms_messages
           where send_id = ${sendId}::uuid`,
    );
    expect(done!.accepted).toBe(SMS_MESSAGES);
    const { busiest, seconds } = await busiestSecond(
      sql`select submitted_at as at from sms_messages where send_id = ${sendId}::uuid`,
    );
    expect(busiest).toBeLessThanOrEqual(SMS_RATE);
    expect(seconds).toBeGreaterThanOrEqual(SMS_MESSAGES / SMS_RATE);
  });

  it(`broadcast: ${BROADCAST_JOBS} jobs at ${BROADCAST_RATE}/s never record more than ${BROADCAST_RATE} messages in one second`, {
    timeout: 120_000,
  }, async () => {
    expect(BROADCAST_RATE % windowSize(BROADCAST_RATE)).not.toBe(0);
    const { owner } = await createCompany(app, { creditCents: 100_000 });
    const wa = await connectSandbox(app, owner, { channelType: "WHATSAPP" });
    expect((await post(`/social-chat/channel/${wa.id}/sync-ws-templates`, owner, {})).statusCode).toBe(200);
    const made = await post("/social-chat/broadcast/send", owner, {
      type: "template",
      broadcastName: `Rate ${process.pid}`,
      method: "file",
      channelId: wa.id,
      whatsappTemplate: {
        name: "order_update",
        language: "en_US",
        header: { variables: ["A1"] },
        body: { variables: ["x", "y", "z"] },
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const broadcastId: string = made.json().broadcastId;
    const base = 93_000_000 + Math.floor(Math.random() * 5_000_000);
    const csv = `mobile,name\n${Array.from({ length: BROADCAST_MESSAGES }, (_, i) => `65${base + i},R${i}`).join("\n")}\n`;
    const boundary = `----herald${Math.random().toString(16).slice(2)}`;
    const up = await app.inject({
      method: "POST",
      url: "/api/social-chat/broadcast/file/yes",
      headers: { ...auth(owner), "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="broadcastId"\r\n\r\n${broadcastId}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.csv"\r\nContent-Type: text/csv\r\n\r\n` +
          `${csv}\r\n--${boundary}--\r\n`,
      ),
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().ready).toBe(BROADCAST_MESSAGES);
    // two jobs of the same broadcast at once (each with its parallel windows)
    await Promise.all(Array.from({ length: BROADCAST_JOBS }, () => deliverBroadcast(app.deps, broadcastId)));
    const [done] = await rows<{ sent: number }>(
      app.deps.database.db,
      sql`select count(*) filter (where status = 'sent')::int as sent from broadcast_recipients
           where broadcast_id = ${broadcastId}::uuid`,
    );
    expect(done!.sent).toBe(BROADCAST_MESSAGES);
    const { busiest, seconds } = await busiestSecond(
      sql`select m.created_at as at from broadcast_recipients r join chat_messages m on m.id = r.chat_message_id
           where r.broadcast_id = ${broadcastId}::uuid`,
    );
    expect(busiest).toBeLessThanOrEqual(BROADCAST_RATE);
    expect(seconds).toBeGreaterThanOrEqual(BROADCAST_MESSAGES / BROADCAST_RATE);
  });
});
