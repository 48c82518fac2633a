import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { viberSignature } from "../../providers/channels/viber";
import { auth, createCompany, eventually, privateDatabase, testConfig } from "../../test/harness";
import { settleInbound } from "../chat/webhook.fixtures";
import { tokenOf } from "./channels.fixtures";

/** A loopback Viber REST bot API (get_account_info, set_webhook, send_message). */
const TOKEN = "445da6az1s345z78-dazcczb2542zv51a-e0vc5fva17480im9";
const calls: { method: string; body: Record<string, unknown> }[] = [];
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
      const reply = (body: object) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.headers["x-viber-auth-token"] !== TOKEN)
        return reply({ status: 2, status_message: "invalidAuthToken" });
      const method = (req.url ?? "").split("/").pop() ?? "";
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      calls.push({ method, body });
      if (method === "get_account_info")
        return reply({ status: 0, status_message: "ok", id: "pa:1", name: "Herald Bot" });
      if (method === "set_webhook")
        return reply({ status: 0, status_message: "ok", event_types: body.event_types });
      if (method === "send_message") {
        if (body.receiver === "unsubscribed==") return reply({ status: 6, status_message: "notSubscribed" });
        // a 64-bit token, as Viber sends them (beyond JavaScript's exact integers)
        res.writeHead(200, { "content-type": "application/json" });
        res.end(`{"status":0,"status_message":"ok","message_token":50980342720179900${10 + calls.length}}`);
        return;
      }
      return reply({ status: 1, status_message: "invalidUrl" });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  const db = await privateDatabase();
  drop = db.drop;
  app = await buildApp({
    config: testConfig({ VIBER_API_URL: `http://127.0.0.1:${port}/pa` }, db.dataDir),
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

describe("Viber connector", () => {
  it("checks the token, registers the webhook, verifies signed callbacks, replies and follows receipts", async () => {
    const { owner } = await createCompany(app);
    const link = await app.inject({
      method: "POST",
      url: "/api/social-chat/channel/connect-channel",
      headers: auth(owner),
      payload: {},
    });
    const save = (authToken: string) =>
      app.inject({
        method: "POST",
        url: "/api/social-chat/channel/connect",
        headers: auth(owner),
        payload: {
          token: tokenOf(link.json().link),
          channelType: "VIBER",
          name: "Viber bot",
          mode: "provider",
          credentials: { authToken },
        },
      });
    expect((await save("nope")).json().message).toBe("Viber did not accept the auth token");
    const ok = await save(TOKEN);
    expect(ok.statusCode, ok.body).toBe(200);
    const channelId = ok.json().id as string;
    // set_webhook runs just after the save (Viber calls the webhook back during it).
    expect((await eventually(async () => calls.find((c) => c.method === "set_webhook")))!.body.url).toBe(
      `${app.deps.config.publicUrl}/api/webhooks/channels/${channelId}`,
    );

    const post = (body: object, token = TOKEN) => {
      const raw = JSON.stringify(body);
      return app.inject({
        method: "POST",
        url: `/api/webhooks/channels/${channelId}`,
        headers: {
          "content-type": "application/json",
          "x-viber-content-signature": viberSignature(token, raw),
        },
        payload: raw,
      });
    };
    expect(
      (await post({ event: "webhook", timestamp: 1, chat_hostname: "x", message_token: 1 })).statusCode,
    ).toBe(200);
    const msg = {
      event: "message",
      timestamp: Date.now(),
      message_token: 4912661846655238,
      sender: { id: "01234567890A=", name: "John McClane", language: "en", country: "UK", api_version: 1 },
      message: { type: "text", text: "a message to the service" },
    };
    expect((await post(msg, "other")).statusCode).toBe(401);
    expect((await post(msg)).json()).toEqual({ received: true, duplicate: false });
    expect((await post(msg)).json().duplicate).toBe(true);
    await settleInbound(app, channelId);
    const rooms = (
      await app.inject({ method: "GET", url: "/api/social-chat/chat/room", headers: auth(owner) })
    ).json();
    expect(rooms.data[0]).toMatchObject({ subscriberName: "John McClane", channelType: "VIBER" });

    const reply = await app.inject({
      method: "POST",
      url: `/api/social-chat/chat/room/${rooms.data[0].subscriberId}/send-message`,
      headers: auth(owner),
      payload: { type: "text", text: "Welcome" },
    });
    const token = await eventually(async () => {
      const [r] = await app.deps.database.query<{ provider_message_id: string | null }>(
        "select provider_message_id from chat_messages where id = $1 and message_status = 'yes'",
        [reply.json().id],
      );
      return r?.provider_message_id ?? undefined;
    });
    expect(calls.find((c) => c.method === "send_message")!.body).toEqual({
      receiver: "01234567890A=",
      sender: { name: "Herald Bot" },
      type: "text",
      text: "Welcome",
    });
    expect(token).toMatch(/^50980342720179900\d\d$/);
    const receipt = (event: string) => {
      const raw = `{"event":"${event}","timestamp":2,"message_token":${token},"user_id":"01234567890A="}`;
      return app.inject({
        method: "POST",
        url: `/api/webhooks/channels/${channelId}`,
        headers: {
          "content-type": "application/json",
          "x-viber-content-signature": viberSignature(TOKEN, raw),
        },
        payload: raw,
      });
    };
    await receipt("seen");
    await receipt("delivered");
    await settleInbound(app, channelId);
    const [m] = await app.deps.database.query<{ delivery_status: string }>(
      "select delivery_status from chat_messages where id = $1",
      [reply.json().id],
    );
    expect(m!.delivery_status).toBe("read");
  });
});
