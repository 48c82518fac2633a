import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  connectorApp,
  saveProvider,
  settleInbound,
  storedMessages,
} from "../../modules/chat/webhook.fixtures";
import type { TestCompany } from "../../test/harness";
import { type ProviderServer, providerServer } from "../../test/provider-server";
import { whatsappSignature } from "./whatsapp";

const PHONE = "106540352242922";
const OTHER_PHONE = "106540352240000";
const PAGE = "1234567890";
const SECRET = "app-secret";
let graph: ProviderServer;
let app: FastifyInstance;
let company: TestCompany;
let close: () => Promise<void>;

beforeAll(async () => {
  graph = await providerServer();
  graph.respond((req) => {
    if (req.path === `/${PHONE}`) return { json: { id: PHONE, display_phone_number: "15550783881" } };
    if (req.path === `/${PAGE}`) return { json: { id: PAGE, name: "Herald Page" } };
    return { json: { first_name: "Mei" } };
  });
  ({ app, company, close } = await connectorApp({ WHATSAPP_API_URL: graph.url }));
});
afterAll(async () => {
  await close?.();
  await graph?.close();
});

const post = (channelId: string, payload: object) => {
  const raw = JSON.stringify(payload);
  return app.inject({
    method: "POST",
    url: `/api/webhooks/channels/${channelId}`,
    headers: { "content-type": "application/json", "x-hub-signature-256": whatsappSignature(SECRET, raw) },
    payload: raw,
  });
};

describe("one Meta app, one callback URL", () => {
  it("WhatsApp: a payload for another phone number of the app is acknowledged and not stored in this channel", async () => {
    const saved = await saveProvider(app, company.owner, "WHATSAPP", {
      phoneNumberId: PHONE,
      businessAccountId: "102290129340398",
      accessToken: "token",
      appSecret: SECRET,
      verifyToken: "verify",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const channelId = saved.json().id as string;
    const body = (phoneNumberId: string, id: string) => ({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "102290129340398",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "15550000000", phone_number_id: phoneNumberId },
                contacts: [{ profile: { name: "Siti" }, wa_id: "6591234567" }],
                messages: [
                  { from: "6591234567", id, timestamp: "1700000000", type: "text", text: { body: id } },
                ],
              },
            },
          ],
        },
      ],
    });
    expect((await post(channelId, body(OTHER_PHONE, "wamid.OTHER"))).statusCode).toBe(200);
    expect((await post(channelId, body(PHONE, "wamid.OWN"))).statusCode).toBe(200);
    await settleInbound(app, channelId);
    expect((await storedMessages(app, channelId)).map((m) => m.provider_message_id)).toEqual(["wamid.OWN"]);
  });

  it("Messenger: entries of another Page of the app are skipped", async () => {
    const saved = await saveProvider(app, company.owner, "FACEBOOK MESSENGER", {
      pageId: PAGE,
      pageAccessToken: "token",
      appSecret: SECRET,
      verifyToken: "verify",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const channelId = saved.json().id as string;
    const entry = (id: string, mid: string) => ({
      id,
      time: Date.now(),
      messaging: [
        { sender: { id: "PSID-1" }, recipient: { id }, timestamp: Date.now(), message: { mid, text: mid } },
      ],
    });
    expect(
      (await post(channelId, { object: "page", entry: [entry("999999", "m_OTHER"), entry(PAGE, "m_OWN")] }))
        .statusCode,
    ).toBe(200);
    await settleInbound(app, channelId);
    expect((await storedMessages(app, channelId)).map((m) => m.provider_message_id)).toEqual(["m_OWN"]);
  });
});
