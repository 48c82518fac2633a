import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { ChannelRejected } from "../../providers/channels";
import { BRIDGE_URL_NOT_PUBLIC, genericDriver } from "../../providers/channels/generic";
import { signHeraldPayload, verifyHeraldSignature } from "../../providers/sms";
import { auth, createCompany, eventually, privateDatabase, testConfig } from "../../test/harness";
import { settleInbound } from "../chat/webhook.fixtures";
import { tokenOf } from "./channels.fixtures";

/** A loopback bridge (e.g. a Slack app) that receives our signed replies and checks the signature. */
const SHARED = "bridge-shared-secret-0123";
const received: { body: Record<string, unknown>; signed: boolean }[] = [];
let server: Server;
let bridgeUrl: string;
/** Private targets allowed (the loopback bridge). */
let app: FastifyInstance;
/** The default: only public https addresses; no workers (on the same database). */
let strict: FastifyInstance;
let drop: () => Promise<void>;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/moved") {
      res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
      return;
    }
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const signed = verifyHeraldSignature(
        raw,
        req.headers["x-herald-signature"] as string | undefined,
        SHARED,
      );
      received.push({ body: JSON.parse(raw), signed });
      res.writeHead(signed ? 200 : 401, { "content-type": "application/json" });
      res.end(
        JSON.stringify(
          signed ? { providerMessageId: `slack-${received.length}` } : { message: "bad signature" },
        ),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  bridgeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/herald`;
  const db = await privateDatabase();
  drop = db.drop;
  app = await buildApp({
    config: testConfig({ HERALD_OUTBOUND_ALLOW_PRIVATE: "true" }, db.dataDir),
    database: db.database,
    validateResponses: true,
  });
  await app.ready();
  strict = await buildApp({
    config: { ...testConfig({}, db.dataDir), runWorkers: false },
    database: db.database,
    validateResponses: true,
  });
  await strict.ready();
});

afterAll(async () => {
  await strict.close();
  await app.close();
  await drop();
  await new Promise((r) => server.close(r));
});

describe("generic signed-webhook connector", () => {
  it("takes signed text in and sends signed text out for the types without a connector of their own", async () => {
    const { owner } = await createCompany(app);
    const link = await app.inject({
      method: "POST",
      url: "/api/social-chat/channel/connect-channel",
      headers: auth(owner),
      payload: { channelType: "SLACK" },
    });
    const save = (credentials: Record<string, string>) =>
      app.inject({
        method: "POST",
        url: "/api/social-chat/channel/connect",
        headers: auth(owner),
        payload: {
          token: tokenOf(link.json().link),
          channelType: "SLACK",
          name: "Slack",
          mode: "provider",
          credentials,
        },
      });
    expect((await save({ bridgeUrl: "ftp://x", sharedSecret: SHARED })).json().message).toBe(
      "Bridge URL must be an http(s) URL",
    );
    const session = await app.inject({
      method: "GET",
      url: `/api/social-chat/channel/connect?token=${tokenOf(link.json().link)}`,
      headers: auth(owner),
    });
    const connectors = Object.fromEntries(
      session
        .json()
        .types.map((t: { channelType: string; connector: string | null }) => [t.channelType, t.connector]),
    );
    expect(connectors).toMatchObject({
      SLACK: "generic-webhook",
      WHATSAPP: "whatsapp-cloud-api",
      TELEGRAM: "telegram-bot-api",
      LINE: "line-messaging-api",
      VIBER: "viber-rest-api",
      "FACEBOOK MESSENGER": "meta-send-api",
      INSTAGRAM: "meta-send-api",
    });
    const ok = await save({ bridgeUrl, sharedSecret: SHARED });
    expect(ok.statusCode, ok.body).toBe(200);
    const channelId = ok.json().id as string;

    const event = {
      eventId: "ev-1",
      kind: "message",
      platformId: "U02SLACK",
      subscriberName: "Priya",
      text: "Hi team",
    };
    const raw = JSON.stringify(event);
    const post = (secret: string) =>
      app.inject({
        method: "POST",
        url: `/api/webhooks/channels/${channelId}`,
        headers: { "content-type": "application/json", "x-herald-signature": signHeraldPayload(raw, secret) },
        payload: raw,
      });
    expect((await post("wrong-secret-wrong-secret")).statusCode).toBe(401);
    expect((await post(SHARED)).json()).toEqual({ received: true, duplicate: false });
    expect((await post(SHARED)).json().duplicate).toBe(true);
    await settleInbound(app, channelId);

    const rooms = (
      await app.inject({ method: "GET", url: "/api/social-chat/chat/room", headers: auth(owner) })
    ).json();
    expect(rooms.data[0]).toMatchObject({ subscriberName: "Priya", channelType: "SLACK", text: "Hi team" });
    const reply = await app.inject({
      method: "POST",
      url: `/api/social-chat/chat/room/${rooms.data[0].subscriberId}/send-message`,
      headers: auth(owner),
      payload: { type: "text", text: "Hello Priya" },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const got = await eventually(async () => received[0]);
    expect(got.signed).toBe(true);
    expect(got.body).toMatchObject({
      kind: "message",
      platformId: "U02SLACK",
      text: "Hello Priya",
      eventId: reply.json().id,
    });
    await eventually(async () => {
      const [r] = await app.deps.database.query<{ provider_message_id: string | null }>(
        "select provider_message_id from chat_messages where id = $1",
        [reply.json().id],
      );
      return r?.provider_message_id === "slack-1";
    });
  });

  it("refuses a bridge URL that is not a public https address while private targets are not allowed", async () => {
    const { owner } = await createCompany(strict);
    const save = async (bridge: string) => {
      const link = await strict.inject({
        method: "POST",
        url: "/api/social-chat/channel/connect-channel",
        headers: auth(owner),
        payload: { channelType: "LARK" },
      });
      return strict.inject({
        method: "POST",
        url: "/api/social-chat/channel/connect",
        headers: auth(owner),
        payload: {
          token: tokenOf(link.json().link),
          channelType: "LARK",
          name: "Lark",
          mode: "provider",
          credentials: { bridgeUrl: bridge, sharedSecret: SHARED },
        },
      });
    };
    for (const url of [
      bridgeUrl,
      "https://127.0.0.1/herald",
      "https://169.254.169.254/latest/meta-data/",
      "https://[::ffff:127.0.0.1]/herald",
      "https://2130706433/herald",
      "https://0x7f.1/herald",
      "https://192.168.0.5/herald",
      "http://93.184.216.34/herald",
    ]) {
      const r = await save(url);
      expect(r.statusCode, url).toBe(422);
      expect(r.json().message).toBe(BRIDGE_URL_NOT_PUBLIC);
    }
    const list = await strict.inject({
      method: "GET",
      url: "/api/social-chat/channel/company-channel",
      headers: auth(owner),
    });
    expect(list.json().data).toEqual([]);
    const ok = await save("https://93.184.216.34/herald");
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("checks the bridge again when sending, and follows no redirect", async () => {
    const context = (url: string) => ({
      id: "c",
      companyId: "co",
      type: "SLACK" as const,
      credentials: { bridgeUrl: url, sharedSecret: SHARED },
    });
    const message = { messageId: "m-1", to: "U1", text: "hi" };
    const before = received.length;
    await expect(genericDriver("SLACK").send(context(bridgeUrl), message)).rejects.toThrow(
      new ChannelRejected(BRIDGE_URL_NOT_PUBLIC),
    );
    expect(received.length).toBe(before);
    const moved = bridgeUrl.replace("/herald", "/moved");
    await expect(
      genericDriver("SLACK", { allowPrivate: true }).send(context(moved), message),
    ).rejects.toThrow(/redirect \(HTTP 302\), which is not followed/);
    const sent = await genericDriver("SLACK", { allowPrivate: true }).send(context(bridgeUrl), message);
    expect(sent.providerMessageId).toMatch(/^slack-/);
  });
});
