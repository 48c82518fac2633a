import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { whatsappSignature } from "../../providers/channels/whatsapp";
import { auth, createCompany, eventually } from "../../test/harness";
import { providerConnectorApp, saveProvider, settleInbound } from "../chat/webhook.fixtures";

/** A loopback Graph API for Messenger: Page check, user profile and the Send API. */
const PAGE = "1122334455";
const TOKEN = "EAAPage";
const APP_SECRET = "meta-app-secret";
const calls: { path: string; body: Record<string, unknown> }[] = [];
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  const reply = (status: number, json: object) => ({ status, json });
  ({ app, close } = await providerConnectorApp("WHATSAPP_API_URL", (req) => {
    if (new URL(req.url, "http://x").searchParams.get("access_token") !== TOKEN) {
      return reply(400, {
        error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 },
      });
    }
    const body = req.text ? (req.json() as Record<string, unknown>) : {};
    calls.push({ path: req.path, body });
    if (req.path === `/${PAGE}`) return reply(200, { id: PAGE, name: "Herald Page" });
    if (req.path === "/me/messages") {
      return reply(200, { recipient_id: (body.recipient as { id: string }).id, message_id: "m_OUT1" });
    }
    if (req.path === "/PSID77") return reply(200, { first_name: "Maria", last_name: "Santos", id: "PSID77" });
    return reply(404, { error: { message: "Unknown path", code: 100 } });
  }));
});

afterAll(() => close());

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
    const save = (pageAccessToken: string) =>
      saveProvider(app, owner, "FACEBOOK MESSENGER", {
        pageId: PAGE,
        pageAccessToken,
        appSecret: APP_SECRET,
        verifyToken: "vt-1",
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
