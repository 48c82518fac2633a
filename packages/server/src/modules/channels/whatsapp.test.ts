import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { whatsappSignature } from "../../providers/channels/whatsapp";
import { auth, createCompany, eventually } from "../../test/harness";
import { providerConnectorApp, saveProvider, settleInbound } from "../chat/webhook.fixtures";

/** A loopback WhatsApp Cloud API (Graph API) speaking the documented payloads. */
const TOKEN = "EAAGood";
const PHONE_ID = "106540352242922";
const WABA = "102290129340398";
const APP_SECRET = "app-secret-123";
const VERIFY = "my-verify-token";
const calls: { path: string; body: Record<string, unknown> }[] = [];
let app: FastifyInstance;
let close: () => Promise<void>;
let wamid = 0;

const ORDER_UPDATE = [
  { type: "HEADER", format: "TEXT", text: "Order {{1}}" },
  { type: "BODY", text: "Hi {{1}}, your order {{2}} ships {{3}}." },
];

beforeAll(async () => {
  const reply = (status: number, json: object) => ({ status, json });
  ({ app, close } = await providerConnectorApp("WHATSAPP_API_URL", (req) => {
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      return reply(401, {
        error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 },
      });
    }
    const body = req.text ? (req.json() as Record<string, unknown>) : {};
    calls.push({ path: req.path, body });
    if (req.method === "GET" && req.path === `/${PHONE_ID}`) {
      return reply(200, { id: PHONE_ID, display_phone_number: "+65 6000 0000", verified_name: "Herald" });
    }
    if (req.method === "POST" && req.path === `/${PHONE_ID}/messages`) {
      if (body.to === "6500000000") {
        return reply(400, {
          error: {
            message: "(#131047) Re-engagement message",
            code: 131047,
            error_data: {
              details:
                "Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
            },
          },
        });
      }
      wamid += 1;
      return reply(200, {
        messaging_product: "whatsapp",
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: `wamid.TEST${wamid}` }],
      });
    }
    if (req.method === "GET" && req.path === `/${WABA}/message_templates`) {
      return reply(200, {
        data: [
          {
            name: "order_update",
            language: "en_US",
            status: "APPROVED",
            category: "UTILITY",
            components: ORDER_UPDATE,
          },
          {
            name: "draft_promo",
            language: "en_US",
            status: "PENDING",
            components: [{ type: "BODY", text: "x" }],
          },
        ],
        paging: { cursors: { before: "a", after: "b" } },
      });
    }
    return reply(404, { error: { message: "Unknown path", code: 100 } });
  }));
});

afterAll(() => close());

const connect = (owner: { token: string }, accessToken: string) =>
  saveProvider(app, owner, "WHATSAPP", {
    phoneNumberId: PHONE_ID,
    businessAccountId: WABA,
    accessToken,
    appSecret: APP_SECRET,
    verifyToken: VERIFY,
  });

const hook = (channelId: string, body: object, secret = APP_SECRET) => {
  const raw = JSON.stringify(body);
  return app.inject({
    method: "POST",
    url: `/api/webhooks/channels/${channelId}`,
    headers: { "content-type": "application/json", "x-hub-signature-256": whatsappSignature(secret, raw) },
    payload: raw,
  });
};

const inbound = (from: string, id: string, text: string) => ({
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
            contacts: [{ profile: { name: "Kumar" }, wa_id: from }],
            messages: [
              {
                from,
                id,
                timestamp: String(Math.floor(Date.now() / 1000)),
                type: "text",
                text: { body: text },
              },
            ],
          },
        },
      ],
    },
  ],
});

const status = (id: string, s: string) => ({
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
            statuses: [{ id, status: s, timestamp: "1", recipient_id: "6591234567" }],
          },
        },
      ],
    },
  ],
});

describe("WhatsApp Cloud API connector", () => {
  it("connects, verifies Meta's webhook, receives signed messages, replies and follows statuses forward", async () => {
    const { owner } = await createCompany(app);
    const bad = await connect(owner, "EAAWrong");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe("WhatsApp did not accept the access token for this phone number");
    const ok = await connect(owner, TOKEN);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.body).not.toContain(TOKEN);
    expect(ok.body).not.toContain(APP_SECRET);
    const channelId = ok.json().id as string;

    const challenge = (token: string) =>
      app.inject({
        method: "GET",
        url: `/api/webhooks/channels/${channelId}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
      });
    expect((await challenge("nope")).statusCode).toBe(403);
    const echoed = await challenge(VERIFY);
    expect(echoed.statusCode).toBe(200);
    expect(echoed.body).toBe("1158201444");

    const first = await hook(channelId, inbound("6591234567", "wamid.IN1", "Where is my order?"));
    expect(first.statusCode, first.body).toBe(200);
    expect(
      (await hook(channelId, inbound("6591234567", "wamid.IN1", "Where is my order?"))).json().duplicate,
    ).toBe(true);
    expect((await hook(channelId, inbound("6591234567", "wamid.IN2", "?"), "wrong-secret")).statusCode).toBe(
      401,
    );
    await settleInbound(app, channelId);

    const rooms = (
      await app.inject({ method: "GET", url: "/api/social-chat/chat/room", headers: auth(owner) })
    ).json();
    expect(rooms.data[0]).toMatchObject({
      subscriberName: "Kumar",
      channelType: "WHATSAPP",
      text: "Where is my order?",
    });
    const roomId = rooms.data[0].subscriberId;
    const reply = await app.inject({
      method: "POST",
      url: `/api/social-chat/chat/room/${roomId}/send-message`,
      headers: auth(owner),
      payload: { type: "text", text: "It ships today" },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const sent = await eventually(async () => {
      const [row] = await app.deps.database.query<{ provider_message_id: string | null }>(
        "select provider_message_id from chat_messages where id = $1 and message_status = 'yes'",
        [reply.json().id],
      );
      return row?.provider_message_id ?? undefined;
    });
    expect(sent).toMatch(/^wamid\.TEST\d+$/);
    expect(calls.find((c) => c.path === `/${PHONE_ID}/messages`)!.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "6591234567",
      type: "text",
      text: { body: "It ships today", preview_url: false },
    });
    await hook(channelId, status(sent, "read"));
    await hook(channelId, status(sent, "delivered"));
    await settleInbound(app, channelId);
    const [m] = await app.deps.database.query<{ delivery_status: string }>(
      "select delivery_status from chat_messages where id = $1",
      [reply.json().id],
    );
    expect(m!.delivery_status).toBe("read");

    // templates: only approved ones are kept
    const sync = await app.inject({
      method: "POST",
      url: `/api/social-chat/channel/${channelId}/sync-ws-templates`,
      headers: auth(owner),
    });
    expect(sync.statusCode, sync.body).toBe(200);
    expect(sync.json().data).toEqual([{ name: "order_update", language: "en_US", components: ORDER_UPDATE }]);

    // a document goes out by its public signed URL, with its file name
    const boundary = "----heraldwa";
    const files = await app.inject({
      method: "POST",
      url: `/api/social-chat/chat/room/${roomId}/send-files`,
      headers: { ...auth(owner), "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="invoice.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n--${boundary}--\r\n`,
    });
    expect(files.statusCode, files.body).toBe(200);
    const doc = await eventually(async () =>
      calls.find((c) => c.path === `/${PHONE_ID}/messages` && c.body.type === "document"),
    );
    const document = doc.body.document as { link: string; filename: string };
    expect(document.filename).toBe("invoice.pdf");
    expect(document.link.startsWith(`${app.deps.config.publicUrl}/api/social-chat/attachment/`)).toBe(true);
  });

  it("fails a reply WhatsApp refuses outside the 24-hour window (131047) with Meta's reason", async () => {
    const { owner } = await createCompany(app);
    const channelId = (await connect(owner, TOKEN)).json().id as string;
    await hook(channelId, inbound("6500000000", `wamid.OLD${Math.random()}`, "hi"));
    await settleInbound(app, channelId);
    const rooms = (
      await app.inject({ method: "GET", url: "/api/social-chat/chat/room", headers: auth(owner) })
    ).json();
    const reply = await app.inject({
      method: "POST",
      url: `/api/social-chat/chat/room/${rooms.data[0].subscriberId}/send-message`,
      headers: auth(owner),
      payload: { type: "text", text: "late reply" },
    });
    const row = await eventually(async () => {
      const [r] = await app.deps.database.query<{ message_status: string; remark: string }>(
        "select message_status, remark from chat_messages where id = $1",
        [reply.json().id],
      );
      return r?.message_status === "failed" ? r : undefined;
    });
    expect(row.remark).toBe(
      "Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
    );
  });
});
