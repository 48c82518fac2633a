/**
 * Compose through a WhatsApp Cloud API channel (a loopback Graph API): rows go to the provider as text messages
 * addressed to the number (its WhatsApp id), the provider's 131047 (outside the 24-hour window) fails the row
 * with a clear remark, not billable, and later receipts move the outbox row forward.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { rows } from "../../db/sql";
import { whatsappSignature } from "../../providers/channels/whatsapp";
import { auth, createCompany, privateDatabase, testConfig } from "../../test/harness";
import { tokenOf } from "../channels/channels.fixtures";
import { settleInbound } from "../chat/webhook.fixtures";
import { deliverBatch } from "./deliver";
import { OUTSIDE_WHATSAPP_WINDOW } from "./sms.messages";

const TOKEN = "EAAGood";
const PHONE_ID = "106540352242922";
const WABA = "102290129340398";
const APP_SECRET = "app-secret-compose";
const sent: Record<string, unknown>[] = [];
const refuse = new Set<string>();
let server: Server;
let app: FastifyInstance;
let drop: () => Promise<void>;
let wamid = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const reply = (status: number, body: object) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${TOKEN}`) {
        return reply(401, { error: { message: "Invalid OAuth access token.", code: 190 } });
      }
      const url = new URL(req.url ?? "/", "http://x");
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      if (req.method === "GET" && url.pathname === `/${PHONE_ID}`) {
        return reply(200, { id: PHONE_ID, display_phone_number: "+65 6000 0000", verified_name: "Herald" });
      }
      if (req.method === "POST" && url.pathname === `/${PHONE_ID}/messages`) {
        if (refuse.has(String(body.to))) {
          return reply(400, { error: { message: "(#131047) Re-engagement message", code: 131047 } });
        }
        sent.push(body);
        wamid += 1;
        return reply(200, {
          messaging_product: "whatsapp",
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id: `wamid.COMPOSE${wamid}` }],
        });
      }
      return reply(404, { error: { message: "Unknown path", code: 100 } });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  const db = await privateDatabase();
  drop = db.drop;
  app = await buildApp({
    config: {
      ...testConfig({ WHATSAPP_API_URL: `http://127.0.0.1:${port}` }, db.dataDir),
      runWorkers: false,
    },
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

const post = (url: string, body: unknown, who: { token: string }) =>
  app.inject({ method: "POST", url: `/api${url}`, payload: body as object, headers: auth(who) });

describe("compose through a WhatsApp Cloud API channel", () => {
  it("sends each row to the number, fails 131047 rows (not billable), and receipts move the outbox row", async () => {
    const { owner } = await createCompany(app);
    const link = await post("/social-chat/channel/connect-channel", { channelType: "WHATSAPP" }, owner);
    const channel = await post(
      "/social-chat/channel/connect",
      {
        token: tokenOf(link.json().link),
        channelType: "WHATSAPP",
        name: "WA Business",
        mode: "provider",
        credentials: {
          phoneNumberId: PHONE_ID,
          businessAccountId: WABA,
          accessToken: TOKEN,
          appSecret: APP_SECRET,
          verifyToken: "verify-compose",
        },
      },
      owner,
    );
    expect(channel.statusCode, channel.body).toBe(200);
    const ok = `6581${String(Date.now() % 1_000_000).padStart(6, "0")}`;
    const late = `6582${String(Date.now() % 1_000_000).padStart(6, "0")}`;
    refuse.add(late);
    const res = await post(
      "/sms/send",
      { channel: "WhatsApp", recipients: { numbers: [ok, late] }, text: "Flash sale" },
      owner,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { db } = app.deps.database;
    const list = () =>
      rows<{ id: string; recipient: string; status: string; billable: boolean; error: string | null }>(
        db,
        sql`select id::text as id, recipient, status, billable, error, provider, provider_message_id
              from sms_messages where send_id = ${res.json().id}::uuid order by recipient`,
      );
    const ids = (await list()).map((r) => r.id);
    expect(await deliverBatch(app.deps, ids)).toBe(2);
    expect(sent).toContainEqual(
      expect.objectContaining({
        to: ok,
        type: "text",
        text: expect.objectContaining({ body: "Flash sale" }),
      }),
    );
    const by = Object.fromEntries((await list()).map((r) => [r.recipient, r]));
    expect(by[ok]).toMatchObject({ status: "accepted", billable: true, provider: "whatsapp-provider" });
    expect(by[late]).toMatchObject({ status: "failed", billable: false, error: OUTSIDE_WHATSAPP_WINDOW });
    // Both are messages of the numbers' rooms (created for them): one sent, one failed with Meta's reason.
    const room = await rows<{
      platform_id: string;
      message_status: string;
      provider_message_id: string | null;
    }>(
      db,
      sql`select s.platform_id, m.message_status, m.provider_message_id from chat_messages m
            join subscribers s on s.id = m.subscriber_id
           where m.id = any(${`{${ids.join(",")}}`}::uuid[]) order by s.platform_id`,
    );
    expect(room.map((m) => [m.platform_id, m.message_status])).toEqual([
      [ok, "yes"],
      [late, "failed"],
    ]);
    // Meta's receipt for the sent one: the outbox row is delivered.
    const raw = JSON.stringify({
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
                statuses: [
                  { id: room[0]!.provider_message_id, status: "delivered", timestamp: "1", recipient_id: ok },
                ],
              },
            },
          ],
        },
      ],
    });
    const hook = await app.inject({
      method: "POST",
      url: `/api/webhooks/channels/${channel.json().id}`,
      headers: {
        "content-type": "application/json",
        "x-hub-signature-256": whatsappSignature(APP_SECRET, raw),
      },
      payload: raw,
    });
    expect(hook.statusCode, hook.body).toBe(200);
    await settleInbound(app, channel.json().id);
    expect((await list()).find((r) => r.recipient === ok)).toMatchObject({ status: "delivered" });
  });
});
