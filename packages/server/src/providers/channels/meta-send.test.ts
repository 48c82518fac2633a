import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  connectorApp,
  runSends,
  saveProvider,
  sendText,
  settleInbound,
  storedMessages,
} from "../../modules/chat/webhook.fixtures";
import type { TestCompany } from "../../test/harness";
import { type ProviderServer, providerServer } from "../../test/provider-server";
import { whatsappSignature } from "./whatsapp";

const PAGE = "1234567890";
const CREDS = {
  pageId: PAGE,
  pageAccessToken: "EAAB-page-token",
  appSecret: "fb-app-secret",
  verifyToken: "fb-verify",
};
let graph: ProviderServer;
let app: FastifyInstance;
let company: TestCompany;
let close: () => Promise<void>;
let n = 0;

beforeAll(async () => {
  graph = await providerServer();
  graph.respond((req) => {
    if (req.method === "GET" && req.path === `/${PAGE}`) return { json: { id: PAGE, name: "Herald Page" } };
    if (req.method === "GET" && req.path === "/PSID-1")
      return { json: { first_name: "Mei", last_name: "Tan" } };
    if (req.method === "POST" && req.path === "/me/messages")
      return { json: { recipient_id: "PSID-1", message_id: `m_OUT${++n}` } };
    return { json: { success: true } };
  });
  // Messenger uses the Graph API URL of WhatsApp when no Meta one is configured.
  ({ app, company, close } = await connectorApp({ WHATSAPP_API_URL: graph.url }));
});
afterAll(async () => {
  await close?.();
  await graph?.close();
});

describe("Messenger watermark receipts", () => {
  it("mark every message sent up to the watermark delivered, then read, and never back", async () => {
    const saved = await saveProvider(app, company.owner, "FACEBOOK MESSENGER", CREDS);
    expect(saved.statusCode, saved.body).toBe(200);
    const channelId = saved.json().id as string;
    const hook = (messaging: object) => {
      const raw = JSON.stringify({
        object: "page",
        entry: [{ id: PAGE, time: Date.now(), messaging: [messaging] }],
      });
      return app.inject({
        method: "POST",
        url: `/api/webhooks/channels/${channelId}`,
        headers: {
          "content-type": "application/json",
          "x-hub-signature-256": whatsappSignature(CREDS.appSecret, raw),
        },
        payload: raw,
      });
    };
    const base = { sender: { id: "PSID-1" }, recipient: { id: PAGE } };
    expect(
      (await hook({ ...base, timestamp: Date.now(), message: { mid: "m_IN1", text: "Hi" } })).statusCode,
    ).toBe(200);
    await settleInbound(app, channelId);
    const [sub] = await app.deps.database.query<{ id: string }>(
      "select id from subscribers where channel_id = $1",
      [channelId],
    );
    for (const text of ["One", "Two"]) {
      expect((await sendText(app, company.owner, sub!.id, text)).statusCode).toBe(200);
    }
    expect(await runSends(app)).toBe(2);
    const status = async () =>
      (await storedMessages(app, channelId)).filter((m) => m.type === "outbox").map((m) => m.delivery_status);
    expect(await status()).toEqual(["sent", "sent"]);
    const later = Date.now() + 1000;
    // Messenger's read receipt names only a watermark.
    expect((await hook({ ...base, timestamp: later, read: { watermark: later } })).statusCode).toBe(200);
    await settleInbound(app, channelId);
    expect(await status()).toEqual(["read", "read"]);
    // A delivery watermark arriving late changes nothing.
    expect((await hook({ ...base, timestamp: later, delivery: { watermark: later } })).statusCode).toBe(200);
    await settleInbound(app, channelId);
    expect(await status()).toEqual(["read", "read"]);
    // A message sent after the watermark is untouched by it.
    const cut = Date.now();
    await new Promise((r) => setTimeout(r, 20));
    await sendText(app, company.owner, sub!.id, "Three");
    await runSends(app);
    expect((await hook({ ...base, timestamp: cut, read: { watermark: cut } })).statusCode).toBe(200);
    await settleInbound(app, channelId);
    expect(await status()).toEqual(["read", "read", "sent"]);
  });
});
