import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { whatsappSignature } from "../../providers/channels/whatsapp";
import { auth, createCompany, eventually, privateDatabase, testConfig } from "../../test/harness";
import { settleInbound } from "../chat/webhook.fixtures";
import { tokenOf } from "./channels.fixtures";

/** A loopback Graph API for Messenger: Page check, user profile and the Send API. */
const PAGE = "1122334455";
const TOKEN = "EAAPage";
const APP_SECRET = "meta-app-secret";
const calls: { path: string; body: Record<string, unknown> }[] = [];
let server: Server;
let app: FastifyInstance;
let drop: () => Promise<void>;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      const reply = (status: number, body: object) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (url.searchParams.get("access_token") !== TOKEN) {
        return reply(400, {
          error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 },
        });
      }
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      calls.push({ path: url.pathname, body });
      if (url.pathname === `/${PAGE}`) return reply(200, { id: PAGE, name: "Herald Page" });
      if (url.pathname === "/me/messages") {
        return reply(200, { recipient_id: (body.recipient as { id: string }).id, message_id: "m_OUT1" });
      }
      if (url.pathname === "/PSID77")
        return reply(200, { first_name: "Maria", last_name: "Santos", id: "PSID77" });
      return reply(404, { error: { message: "Unknown path", code: 100 } });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  const db = await privateDatabase();
  drop = db.drop;
  app = await buildApp({
    config: testConfig({ WHATSAPP_API_URL: `http://127.0.0.1:${port}` }, db.dataDir),
    database: db.database,
    validateResponses: true,
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await drop();
  await new Promise((r) => server.close(r));
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

describe("Messenger connector (Meta Send API)", () => {
  it("connects, takes signed messages (not its own echoes), names the sender, replies and follows delivery", async () => {
    const { owner } = await createCompany(app);
    const link = await app.inject({
      method: "POST",
      url: "/api/social-chat/channel/connect-channel",
      headers: auth(owner),
      payload: {},
    });
    const save = (pageAccessToken: string) =>
      app.inject({
        method: "POST",
        url: "/api/social-chat/channel/connect",
        headers: auth(owner),
        payload: {
          token: tokenOf(link.json().link),
          channelType: "FACEBOOK MESSENGER",
          name: "Page inbox",
          mode: "provider",
          credentials: { pageId: PAGE, pageAccessToken, appSecret: APP_SECRET, verifyToken: "vt-1" },
        },
      });
    expect((await save("EAAWrong")).json().message).toBe(
      "Meta did not accept the Page access token for this Page",
    );
    const ok = await save(TOKEN);
    expect(ok.statusCode, ok.body).toBe(200);
    const channelId = ok.json().id as string;

    const verify = await app.inject({
      method: "GET",
      url: `/api/webhooks/channels/${channelId}?hub.mode=subscribe&hub.verify_token=vt-1&hub.challenge=42`,
    });
    expect(verify.body).toBe("42");

    const event = {
      object: "page",
      entry: [
        {
          id: PAGE,
          time: Date.now(),
          messaging: [
            {
              sender: { id: "PSID77" },
              recipient: { id: PAGE },
              timestamp: Date.now(),
              message: { mid: "m_IN1", text: "Is this in stock?" },
            },
            {
              sender: { id: PAGE },
              recipient: { id: "PSID77" },
              timestamp: Date.now(),
              message: { mid: "m_ECHO", text: "x", is_echo: true },
            },
          ],
        },
      ],
    };
    expect((await hook(channelId, event, "wrong")).statusCode).toBe(401);
    expect((await hook(channelId, event)).json()).toEqual({ received: true, duplicate: false });
    await settleInbound(app, channelId);
    const rooms = (
      await app.inject({ method: "GET", url: "/api/social-chat/chat/room", headers: auth(owner) })
    ).json();
    expect(rooms.total).toBe(1);
    expect(rooms.data[0]).toMatchObject({
      subscriberName: "Maria Santos",
      channelType: "FACEBOOK MESSENGER",
      text: "Is this in stock?",
    });

    const reply = await app.inject({
      method: "POST",
      url: `/api/social-chat/chat/room/${rooms.data[0].subscriberId}/send-message`,
      headers: auth(owner),
      payload: { type: "text", text: "Yes, it is" },
    });
    await eventually(async () => {
      const [r] = await app.deps.database.query<{ provider_message_id: string | null }>(
        "select provider_message_id from chat_messages where id = $1",
        [reply.json().id],
      );
      return r?.provider_message_id === "m_OUT1";
    });
    expect(calls.find((c) => c.path === "/me/messages")!.body).toEqual({
      recipient: { id: "PSID77" },
      messaging_type: "RESPONSE",
      message: { text: "Yes, it is" },
    });
    await hook(channelId, {
      object: "page",
      entry: [
        { id: PAGE, messaging: [{ sender: { id: "PSID77" }, delivery: { mids: ["m_OUT1"], watermark: 1 } }] },
      ],
    });
    await settleInbound(app, channelId);
    const [m] = await app.deps.database.query<{ delivery_status: string }>(
      "select delivery_status from chat_messages where id = $1",
      [reply.json().id],
    );
    expect(m!.delivery_status).toBe("delivered");
  });
});
