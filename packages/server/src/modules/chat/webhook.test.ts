import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signHeraldPayload } from "../../providers/sms";
import { createCompany } from "../../test/harness";
import { connectSandbox } from "../channels/channels.fixtures";
import { decryptCredentials } from "../channels/credentials";
import { INVALID_SIGNATURE } from "./webhook";
import { connectorApp, settleInbound } from "./webhook.fixtures";

let app: FastifyInstance;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ app, close } = await connectorApp());
});
afterAll(async () => {
  await close();
});

async function sandboxWithSecret() {
  const { id: companyId, owner } = await createCompany(app);
  const channel = await connectSandbox(app, owner, { channelType: "WHATSAPP" });
  const [row] = await app.deps.database.query<{ credentials: string }>(
    "select credentials from channels where id = $1",
    [channel.id],
  );
  const secret = decryptCredentials(app.deps.config.channelKey, channel.id, row!.credentials).webhookSecret!;
  return { companyId, channel, secret };
}

const deliver = (channelId: string, body: object, secret: string, at = new Date()) => {
  const raw = JSON.stringify(body);
  return app.inject({
    method: "POST",
    url: `/api/webhooks/channels/${channelId}`,
    headers: { "content-type": "application/json", "x-herald-signature": signHeraldPayload(raw, secret, at) },
    payload: raw,
  });
};

describe("channel webhook (sandbox driver)", () => {
  it("stores a signed subscriber message once, and refuses bad, stale and foreign signatures", async () => {
    const { companyId, channel, secret } = await sandboxWithSecret();
    expect(secret.length).toBeGreaterThan(30);
    const event = {
      eventId: "ev-1",
      kind: "message",
      platformId: "u-1",
      subscriberName: "Siti",
      text: "Hello",
    };
    const ok = await deliver(channel.id, event, secret);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ received: true, duplicate: false });
    const again = await deliver(channel.id, event, secret);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    await settleInbound(app, channel.id);
    const rooms = await app.deps.database.query<{ unread_count: number }>(
      "select unread_count from chat_rooms where company_id = $1",
      [companyId],
    );
    expect(rooms).toEqual([{ unread_count: 1 }]);

    const wrong = await deliver(channel.id, { ...event, eventId: "ev-2" }, "not-the-secret");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(INVALID_SIGNATURE);
    const stale = await deliver(
      channel.id,
      { ...event, eventId: "ev-3" },
      secret,
      new Date(Date.now() - 10 * 60_000),
    );
    expect(stale.statusCode).toBe(401);
    const other = await sandboxWithSecret();
    const foreign = await deliver(channel.id, { ...event, eventId: "ev-4" }, other.secret);
    expect(foreign.statusCode).toBe(401);
    const unknown = await deliver("00000000-0000-7000-8000-000000000000", event, secret);
    expect(unknown.statusCode).toBe(404);
  });

  it("applies receipts only forward, whatever their order", async () => {
    const { companyId, channel, secret } = await sandboxWithSecret();
    await deliver(channel.id, { eventId: "in-1", kind: "message", platformId: "u-2", text: "Hi" }, secret);
    await settleInbound(app, channel.id);
    const [room] = await app.deps.database.query<{ subscriber_id: string }>(
      "select subscriber_id from chat_rooms where company_id = $1",
      [companyId],
    );
    await app.deps.database.query(
      `insert into chat_messages (id, company_id, subscriber_id, channel_id, type, text, message_status, delivery_status, provider_message_id)
       values (gen_random_uuid(), $1, $2, $3, 'outbox', 'reply', 'yes', 'sent', 'out-9')`,
      [companyId, room!.subscriber_id, channel.id],
    );
    const read = await deliver(
      channel.id,
      { eventId: "r-1", kind: "read", providerMessageId: "out-9" },
      secret,
    );
    expect(read.statusCode, read.body).toBe(200);
    await deliver(channel.id, { eventId: "d-1", kind: "delivery", providerMessageId: "out-9" }, secret);
    await deliver(channel.id, { eventId: "f-1", kind: "failed", providerMessageId: "out-9" }, secret);
    await settleInbound(app, channel.id);
    const [m] = await app.deps.database.query<{ delivery_status: string }>(
      "select delivery_status from chat_messages where provider_message_id = 'out-9' and channel_id = $1",
      [channel.id],
    );
    expect(m!.delivery_status).toBe("read");
    const noId = await deliver(channel.id, { eventId: "x-1", kind: "read" }, secret);
    expect(noId.statusCode).toBe(400);
  });
});
