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
import { auth, eventually, type TestCompany } from "../../test/harness";
import { type ProviderServer, providerServer } from "../../test/provider-server";
import { viberDriver, viberSignature } from "./viber";

const TOKEN = "445da6az1s345z78-dazcczb2542zv51a-e0vc5fva17480im9";
const USER = "01234567890A=";
let api: ProviderServer;
let app: FastifyInstance;
let company: TestCompany;
let close: () => Promise<void>;
const webhookChecks: number[] = [];
let sends = 0;

/** A message event as Viber writes it: the 64-bit token as a bare JSON number. */
const message = (token: string, text: string) =>
  `{"event":"message","timestamp":${Date.now()},"chat_hostname":"SN-376_","message_token":${token},"sender":{"id":"${USER}","name":"Anna","language":"en","country":"SG","api_version":10},"message":{"type":"text","text":"${text}"},"silent":false}`;

beforeAll(async () => {
  api = await providerServer();
  api.respond(async (req) => {
    if (req.path.endsWith("/get_account_info"))
      return { json: { status: 0, status_message: "ok", id: "pa:1", name: "Herald Bot" } };
    if (req.path.endsWith("/set_webhook")) {
      // As Viber does: call the new webhook at once with a signed `webhook` event; set it only if answered 200.
      const url = new URL(req.json().url);
      const raw = `{"event":"webhook","timestamp":${Date.now()},"chat_hostname":"SN-1","message_token":5491237878213541789}`;
      const check = await app.inject({
        method: "POST",
        url: url.pathname,
        headers: {
          "content-type": "application/json",
          "x-viber-content-signature": viberSignature(TOKEN, raw),
        },
        payload: raw,
      });
      webhookChecks.push(check.statusCode);
      return check.statusCode === 200
        ? { json: { status: 0, status_message: "ok" } }
        : { json: { status: 1, status_message: "Failed to connect" } };
    }
    if (req.path.endsWith("/send_message")) {
      // a new token for every message: the first one 5741311803571721087
      const token = 5741311803571721087n + BigInt(sends++);
      return {
        body: `{"status":0,"status_message":"ok","message_token":${token},"chat_hostname":"SN-CHAT-21_"}`,
      };
    }
    return { json: { status: 3, status_message: "badData" } };
  });
  ({ app, company, close } = await connectorApp({ VIBER_API_URL: api.url }));
});
afterAll(async () => {
  await close?.();
  await api?.close();
});

describe("Viber connector: 64-bit message tokens and the set_webhook check call", () => {
  it("are read as the digits Viber wrote", () => {
    const d = viberDriver(api.url);
    const one = message("4912661846655238145", "one");
    const two = message("4912661846655238146", "two");
    expect(d.parseWebhook!(JSON.parse(one), one)[0]).toMatchObject({
      providerMessageId: "4912661846655238145",
    });
    expect(d.parseWebhook!(JSON.parse(two), two)[0]).toMatchObject({
      providerMessageId: "4912661846655238146",
    });
  });

  it("keep two messages with neighbouring tokens apart, and store the sent message's token exactly", async () => {
    const ok = await saveProvider(app, company.owner, "VIBER", { authToken: TOKEN });
    expect(ok.statusCode, ok.body).toBe(200);
    const channelId = ok.json().id as string;
    // Viber's check call during set_webhook found the saved channel.
    expect(await eventually(async () => webhookChecks[0])).toBe(200);
    const hook = (raw: string) =>
      app.inject({
        method: "POST",
        url: `/api/webhooks/channels/${channelId}`,
        headers: {
          "content-type": "application/json",
          "x-viber-content-signature": viberSignature(TOKEN, raw),
        },
        payload: raw,
      });
    expect((await hook(message("4912661846655238145", "first"))).json()).toEqual({
      received: true,
      duplicate: false,
    });
    expect((await hook(message("4912661846655238146", "second"))).json()).toEqual({
      received: true,
      duplicate: false,
    });
    await settleInbound(app, channelId);
    const inbound = await storedMessages(app, channelId);
    expect(inbound.map((m) => [m.provider_message_id, m.text])).toEqual([
      ["4912661846655238145", "first"],
      ["4912661846655238146", "second"],
    ]);
    const [sub] = await app.deps.database.query<{ id: string }>(
      "select id from subscribers where channel_id = $1",
      [channelId],
    );
    expect((await sendText(app, company.owner, sub!.id, "Hello Anna")).statusCode).toBe(200);
    expect(await runSends(app)).toBe(1);
    const out = (await storedMessages(app, channelId)).find((m) => m.type === "outbox")!;
    expect(out.provider_message_id).toBe("5741311803571721087");
    // The receipt names the same digits: it finds the message.
    const seen = `{"event":"seen","timestamp":${Date.now()},"message_token":5741311803571721087,"user_id":"${USER}"}`;
    expect((await hook(seen)).statusCode).toBe(200);
    await settleInbound(app, channelId);
    expect((await storedMessages(app, channelId)).find((m) => m.id === out.id)).toMatchObject({
      delivery_status: "read",
    });
  });

  it("sends a file and a video with their real size in bytes", async () => {
    const ok = await saveProvider(app, company.owner, "VIBER", { authToken: TOKEN });
    expect(ok.statusCode, ok.body).toBe(200);
    const channelId = ok.json().id as string;
    const raw = `{"event":"message","timestamp":${Date.now()},"message_token":5491237878213541001,"sender":{"id":"size-user=","name":"Sam"},"message":{"type":"text","text":"send me the brochure"}}`;
    const hook = await app.inject({
      method: "POST",
      url: `/api/webhooks/channels/${channelId}`,
      headers: {
        "content-type": "application/json",
        "x-viber-content-signature": viberSignature(TOKEN, raw),
      },
      payload: raw,
    });
    expect(hook.statusCode, hook.body).toBe(200);
    await settleInbound(app, channelId);
    const [sub] = await app.deps.database.query<{ id: string }>(
      "select id from subscribers where channel_id = $1",
      [channelId],
    );
    const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(12_345, 32)]);
    const mp4 = Buffer.concat([Buffer.from("000000186674797069736f6d", "hex"), Buffer.alloc(54_321, 0)]);
    const boundary = "----heraldviber";
    const part = (name: string, type: string, data: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        data,
        Buffer.from("\r\n"),
      ]);
    for (const [name, type, data] of [
      ["brochure.pdf", "application/pdf", pdf],
      ["tour.mp4", "video/mp4", mp4],
    ] as const) {
      const files = await app.inject({
        method: "POST",
        url: `/api/social-chat/chat/room/${sub!.id}/send-files`,
        headers: { ...auth(company.owner), "content-type": `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([part(name, type, data), Buffer.from(`--${boundary}--\r\n`)]),
      });
      expect(files.statusCode, files.body).toBe(200);
    }
    api.requests.length = 0;
    expect(await runSends(app)).toBe(2);
    const sent = api.requests.filter((r) => r.path.endsWith("/send_message")).map((r) => r.json());
    expect(sent.find((b) => b.type === "file")).toMatchObject({
      receiver: "size-user=",
      file_name: "brochure.pdf",
      size: pdf.length,
    });
    expect(sent.find((b) => b.type === "video")).toMatchObject({ receiver: "size-user=", size: mp4.length });
    const out = (await storedMessages(app, channelId)).filter((m) => m.type === "outbox");
    expect(out.map((m) => m.message_status)).toEqual(["yes", "yes"]);
  });
});
