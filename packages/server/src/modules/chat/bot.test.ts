import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { OutboundUrlRefused } from "../../lib/outbound-url";
import { signHeraldPayload, verifyHeraldSignature } from "../../providers/sms";
import { auth, createCompany, eventually, privateDatabase, testConfig } from "../../test/harness";
import { connectSandbox } from "../channels/channels.fixtures";
import { BOT_ROOM_TAKEN, BOT_URL_NOT_PUBLIC, forwardToBot } from "./bot";
import { ingestInbound } from "./ingest";

/** A loopback chatbot that checks our signature and records what it is sent. */
const SECRET = "bot-shared-secret-0123456789";
const got: { body: Record<string, unknown>; signed: boolean }[] = [];
let server: Server;
let botUrl: string;
/** Private targets allowed (the loopback bot), with job workers. */
let app: FastifyInstance;
/** The default: only public https addresses; no workers (on the same database). */
let strict: FastifyInstance;
let drop: () => Promise<void>;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      got.push({
        body: JSON.parse(raw),
        signed: verifyHeraldSignature(raw, req.headers["x-herald-signature"] as string, SECRET),
      });
      res.writeHead(200).end("{}");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  botUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
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
  await strict?.close();
  await app?.close();
  await drop?.();
  await new Promise((r) => server.close(r));
});

describe("chatbot forwarding", () => {
  it("forwards signed inbound messages to the bot and sends its signed replies while the room is open", async () => {
    const { id: companyId, owner } = await createCompany(app);
    const channel = await connectSandbox(app, owner, { channelType: "TELEGRAM" });
    const bad = await app.inject({
      method: "POST",
      url: "/api/updateForwardingStatus",
      headers: auth(owner),
      payload: { currentUserId: owner.id, forwardToBot: true, webhookUrl: "ftp://bot" },
    });
    expect(bad.statusCode).toBe(400);
    const on = await app.inject({
      method: "POST",
      url: "/api/updateForwardingStatus",
      headers: auth(owner),
      payload: { currentUserId: owner.id, forwardToBot: true, webhookUrl: botUrl, webhookSecret: SECRET },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ to_forward: "active", webhookUrl: botUrl });
    expect(on.body).not.toContain(SECRET);

    const r = await ingestInbound(app.deps, {
      companyId,
      channelId: channel.id,
      platformId: "bot-1",
      subscriberName: "Wei",
      providerMessageId: `b-${Math.random()}`,
      text: "What are your hours?",
    });
    const forwarded = await eventually(async () => got.find((g) => g.body.messageId === r.messageId));
    expect(forwarded.signed).toBe(true);
    expect(forwarded.body).toMatchObject({
      subscriberId: r.subscriberId,
      text: "What are your hours?",
      channelType: "TELEGRAM",
    });

    const reply = (text: string, secret = SECRET) => {
      const raw = JSON.stringify({ subscriberId: r.subscriberId, text });
      return app.inject({
        method: "POST",
        url: `/api/webhooks/bot/${companyId}`,
        headers: { "content-type": "application/json", "x-herald-signature": signHeraldPayload(raw, secret) },
        payload: raw,
      });
    };
    expect((await reply("9 to 5", "wrong-secret-wrong-secret")).statusCode).toBe(401);
    const ok = await reply("We are open 9 to 5.");
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ type: "outbox", text: "We are open 9 to 5.", remark: "chatbot" });
    await eventually(async () => {
      const conv = await app.inject({
        method: "GET",
        url: `/_sandbox/channels/${channel.id}/conversation.json?platformId=bot-1`,
      });
      return conv
        .json()
        .data.some(
          (m: { text: string; messageStatus: string }) =>
            m.text === "We are open 9 to 5." && m.messageStatus === "yes",
        );
    });

    // once an agent has the room, the bot's replies are refused
    await app.inject({
      method: "POST",
      url: "/api/social-chat/chat/assign-agent",
      headers: auth(owner),
      payload: { subscriberId: r.subscriberId, agentId: owner.id },
    });
    const taken = await reply("still here");
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(BOT_ROOM_TAKEN);
  });

  it("refuses to save a webhook URL that is not a public https address while private targets are not allowed", async () => {
    const { owner } = await createCompany(strict);
    const save = (webhookUrl: string) =>
      strict.inject({
        method: "POST",
        url: "/api/updateForwardingStatus",
        headers: auth(owner),
        payload: { currentUserId: owner.id, forwardToBot: true, webhookUrl, webhookSecret: SECRET },
      });
    for (const url of [
      botUrl, // the loopback bot, over http
      "https://127.0.0.1/hook",
      "https://localhost/hook",
      "https://169.254.169.254/latest/meta-data/",
      "https://[::ffff:127.0.0.1]/hook",
      "https://2130706433/hook",
      "https://0x7f.1/hook",
      "https://10.1.2.3/hook",
      "https://100.64.0.1/hook",
      "https://[fd00::1]/hook",
      "https://bot:pw@93.184.216.34/hook",
      "http://93.184.216.34/hook",
    ]) {
      const r = await save(url);
      expect(r.statusCode, url).toBe(422);
      expect(r.json().message).toBe(BOT_URL_NOT_PUBLIC);
    }
    // nothing was saved
    const status = await strict.inject({
      method: "GET",
      url: "/api/getForwardingStatus",
      headers: auth(owner),
    });
    expect(status.json()).toMatchObject({ to_forward: "inactive", webhookUrl: null });
    // a public https address is saved
    const ok = await save("https://93.184.216.34/hook");
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ to_forward: "active", webhookUrl: "https://93.184.216.34/hook" });
  });

  it("checks the saved URL again when forwarding: a loopback bot is never called without the allowance", async () => {
    const { id: companyId, owner } = await createCompany(app);
    const channel = await connectSandbox(app, owner, { channelType: "TELEGRAM" });
    // saved while private targets were allowed
    const on = await app.inject({
      method: "POST",
      url: "/api/updateForwardingStatus",
      headers: auth(owner),
      payload: { currentUserId: owner.id, forwardToBot: false, webhookUrl: botUrl, webhookSecret: SECRET },
    });
    expect(on.statusCode, on.body).toBe(200);
    const r = await ingestInbound(app.deps, {
      companyId,
      channelId: channel.id,
      platformId: "bot-2",
      subscriberName: "Mei",
      providerMessageId: `b-${Math.random()}`,
      text: "Anyone there?",
    });
    await app.deps.database.query("update bot_forwarding set enabled = true where company_id = $1", [
      companyId,
    ]);
    const before = got.length;
    await expect(forwardToBot(strict.deps, r.messageId!)).rejects.toBeInstanceOf(OutboundUrlRefused);
    expect(got.length).toBe(before);
    // with the allowance the same message reaches the bot
    await forwardToBot(app.deps, r.messageId!);
    expect(got.find((g) => g.body.messageId === r.messageId)?.signed).toBe(true);
  });
});
