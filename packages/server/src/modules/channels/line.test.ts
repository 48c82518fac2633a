import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lineSignature } from "../../providers/channels/line";
import { auth, createCompany, eventually } from "../../test/harness";
import { providerConnectorApp, saveProvider, settleInbound } from "../chat/webhook.fixtures";

/** A loopback LINE Messaging API speaking the documented payloads (bot info, profile, push). */
const TOKEN = "line-access-token";
const SECRET = "line-channel-secret";
const calls: { path: string; body: Record<string, unknown> }[] = [];
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  const reply = (status: number, json: object) => ({ status, json });
  ({ app, close } = await providerConnectorApp("LINE_API_URL", (req) => {
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      return reply(401, {
        message: "Authentication failed. Confirm that the access token in the authorization header is valid.",
      });
    }
    const body = req.text ? (req.json() as Record<string, unknown>) : {};
    calls.push({ path: req.url, body });
    if (req.url === "/v2/bot/info")
      return reply(200, { userId: "Ubot", basicId: "@herald", displayName: "Herald" });
    if (req.url.startsWith("/v2/bot/profile/"))
      return reply(200, { userId: "U1", displayName: "Yuki Tanaka" });
    if (req.url === "/v2/bot/message/push") {
      if (body.to === "Ublocked") return reply(400, { message: "Failed to send messages" });
      return reply(200, { sentMessages: [{ id: `4614${calls.length}`, quoteToken: "q" }] });
    }
    return reply(404, { message: "Not found" });
  }));
});

afterAll(() => close());

const webhook = (channelId: string, body: object, secret = SECRET) => {
  const raw = JSON.stringify(body);
  return app.inject({
    method: "POST",
    url: `/api/webhooks/channels/${channelId}`,
    headers: { "content-type": "application/json", "x-line-signature": lineSignature(secret, raw) },
    payload: raw,
  });
};

const textEvent = (eventId: string, userId: string, text: string) => ({
  destination: "Ubot",
  events: [
    {
      type: "message",
      mode: "active",
      timestamp: Date.now(),
      webhookEventId: eventId,
      deliveryContext: { isRedelivery: false },
      source: { type: "user", userId },
      replyToken: "r",
      message: { id: `m-${eventId}`, type: "text", quoteToken: "q", text },
    },
  ],
});

describe("LINE connector", () => {
  it("checks the token, verifies x-line-signature, names the subscriber from the profile, replies by push", async () => {
    const { owner } = await createCompany(app);
    const save = (token: string) =>
      saveProvider(app, owner, "LINE", { channelAccessToken: token, channelSecret: SECRET });
    const bad = await save("wrong");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe("LINE did not accept the channel access token");
    const ok = await save(TOKEN);
    expect(ok.statusCode, ok.body).toBe(200);
    const channelId = ok.json().id as string;

    const first = await webhook(channelId, textEvent("01HX1", "U1", "Konnichiwa"));
    expect(first.statusCode, first.body).toBe(200);
    expect((await webhook(channelId, textEvent("01HX1", "U1", "Konnichiwa"))).json().duplicate).toBe(true);
    expect((await webhook(channelId, textEvent("01HX2", "U1", "x"), "other-secret")).statusCode).toBe(401);
    await settleInbound(app, channelId);
    const rooms = (
      await app.inject({ method: "GET", url: "/api/social-chat/chat/room", headers: auth(owner) })
    ).json();
    expect(rooms.data[0]).toMatchObject({
      subscriberName: "Yuki Tanaka",
      channelType: "LINE",
      text: "Konnichiwa",
    });

    const reply = await app.inject({
      method: "POST",
      url: `/api/social-chat/chat/room/${rooms.data[0].subscriberId}/send-message`,
      headers: auth(owner),
      payload: { type: "text", text: "Hello Yuki" },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    await eventually(async () => {
      const [r] = await app.deps.database.query<{ message_status: string }>(
        "select message_status from chat_messages where id = $1",
        [reply.json().id],
      );
      return r?.message_status === "yes";
    });
    expect(calls.find((c) => c.path === "/v2/bot/message/push")!.body).toEqual({
      to: "U1",
      messages: [{ type: "text", text: "Hello Yuki" }],
    });
  });
});
