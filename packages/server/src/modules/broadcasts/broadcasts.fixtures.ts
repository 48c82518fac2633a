/**
 * Test fixtures for broadcasts against a loopback WhatsApp Cloud API: a Graph API stand-in that enforces its own
 * rate (messages per second, counted in the seconds of its clock; above it answers the provider's throttling
 * error 130429), can throttle everything for a while (a penalty, as Meta does after a burst), refuses chosen
 * numbers for good, and counts what it received; and helpers to connect a channel to it and upload a file.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { auth } from "../../test/harness";
import { tokenOf } from "../channels/channels.fixtures";

export const PHONE_ID = "106540352242922";
export const WABA = "102290129340398";
export const TOKEN = "EAAGood";
export const TEMPLATE = "shipping_note";
/** The app secret the company enters for its channel (it signs the channel's webhooks). */
export const APP_SECRET = "app-secret-broadcast";

export interface LoopbackWhatsapp {
  url: string;
  /** Messages per second it accepts (Infinity: no limit). */
  limit: number;
  /** Message requests received per second of its clock (accepted or not). */
  perSecond: Map<number, number>;
  /** Accepted messages per recipient (more than 1: the recipient got the message more than once). */
  accepted: Map<string, number>;
  /** Message requests received in all. */
  received: number;
  /** Answered 130429 because the second was over the limit. */
  overLimit: number;
  /** Answered 130429 during a penalty. */
  penalised: number;
  /** Numbers refused for good (131026, message undeliverable). */
  refuse: Set<string>;
  /** Numbers whose messages meet a server error (HTTP 503), as when the provider is down. */
  down: Set<string>;
  /** Throttles every message for `ms` from now. */
  penalty(ms: number): void;
  /** Called with the running count of message requests before each is answered. */
  onMessage?: (received: number) => void | Promise<void>;
  maxPerSecond(): number;
  /** The most messages received in any two consecutive seconds. */
  maxPerTwoSeconds(): number;
  close(): Promise<void>;
}

export async function loopbackWhatsapp(opts: { limit?: number } = {}): Promise<LoopbackWhatsapp> {
  let penaltyUntil = 0;
  let wamid = 0;
  const lb: LoopbackWhatsapp = {
    url: "",
    limit: opts.limit ?? Number.POSITIVE_INFINITY,
    perSecond: new Map(),
    accepted: new Map(),
    received: 0,
    overLimit: 0,
    penalised: 0,
    refuse: new Set(),
    down: new Set(),
    penalty(ms) {
      penaltyUntil = Date.now() + ms;
    },
    maxPerSecond() {
      return Math.max(0, ...lb.perSecond.values());
    },
    maxPerTwoSeconds() {
      let max = 0;
      for (const [second, n] of lb.perSecond) max = Math.max(max, n + (lb.perSecond.get(second + 1) ?? 0));
      return max;
    },
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", async () => {
      const reply = (status: number, body: object) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${TOKEN}`) {
        return reply(401, { error: { message: "Invalid OAuth access token.", code: 190 } });
      }
      const url = new URL(req.url ?? "/", "http://x");
      if (req.method === "GET" && url.pathname === `/${PHONE_ID}`) {
        return reply(200, { id: PHONE_ID, display_phone_number: "+65 6000 0000", verified_name: "Herald" });
      }
      if (req.method === "GET" && url.pathname === `/${WABA}/message_templates`) {
        return reply(200, {
          data: [
            {
              name: TEMPLATE,
              language: "en_US",
              status: "APPROVED",
              category: "UTILITY",
              components: [{ type: "BODY", text: "Your parcel is on its way." }],
            },
          ],
        });
      }
      if (req.method === "POST" && url.pathname === `/${PHONE_ID}/messages`) {
        const now = Date.now();
        const second = Math.floor(now / 1000);
        const inSecond = (lb.perSecond.get(second) ?? 0) + 1;
        lb.perSecond.set(second, inSecond);
        lb.received++;
        await lb.onMessage?.(lb.received);
        const throttle = { error: { message: "(#130429) Rate limit hit", code: 130429 } };
        if (now < penaltyUntil) {
          lb.penalised++;
          return reply(400, throttle);
        }
        if (inSecond > lb.limit) {
          lb.overLimit++;
          return reply(400, throttle);
        }
        const to = String((JSON.parse(raw) as { to?: string }).to);
        if (lb.down.has(to)) {
          return reply(503, { error: { message: "Service temporarily unavailable", code: 2 } });
        }
        if (lb.refuse.has(to)) {
          return reply(400, { error: { message: "(#131026) Message undeliverable", code: 131026 } });
        }
        lb.accepted.set(to, (lb.accepted.get(to) ?? 0) + 1);
        wamid += 1;
        return reply(200, {
          messaging_product: "whatsapp",
          contacts: [{ input: to, wa_id: to }],
          messages: [{ id: `wamid.BC${wamid}` }],
        });
      }
      return reply(404, { error: { message: "Unknown path", code: 100 } });
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", 1024, r));
  lb.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  lb.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return lb;
}

/** A WhatsApp channel of the admin's company on the loopback Graph API, its templates synced. */
export async function connectLoopbackChannel(
  app: FastifyInstance,
  admin: { token: string },
): Promise<{ id: string }> {
  const post = (url: string, payload: object) =>
    app.inject({ method: "POST", url: `/api${url}`, headers: auth(admin), payload });
  const link = await post("/social-chat/channel/connect-channel", { channelType: "WHATSAPP" });
  if (link.statusCode !== 200) throw new Error(link.body);
  const channel = await post("/social-chat/channel/connect", {
    token: tokenOf(link.json().link),
    channelType: "WHATSAPP",
    name: "WA Business",
    mode: "provider",
    credentials: {
      phoneNumberId: PHONE_ID,
      businessAccountId: WABA,
      accessToken: TOKEN,
      appSecret: APP_SECRET,
      verifyToken: "verify-broadcast",
    },
  });
  if (channel.statusCode !== 200) throw new Error(channel.body);
  const id: string = channel.json().id;
  const sync = await post(`/social-chat/channel/${id}/sync-ws-templates`, {});
  if (sync.statusCode !== 200) throw new Error(sync.body);
  return { id };
}

/** The template broadcast payload of a file broadcast on the channel. */
export const templateBroadcast = (channelId: string, name: string) => ({
  type: "template",
  broadcastName: name,
  method: "file",
  channelId,
  whatsappTemplate: { name: TEMPLATE, language: "en_US" },
});

/** Uploads a recipient file (CSV text) for a `method: file` broadcast. */
export function uploadRecipients(
  app: FastifyInstance,
  who: { token: string },
  broadcastId: string,
  csv: string,
  removeDuplicates: "yes" | "no" = "yes",
) {
  const boundary = `----herald${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="broadcastId"\r\n\r\n${broadcastId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: "POST",
    url: `/api/social-chat/broadcast/file/${removeDuplicates}`,
    headers: { ...auth(who), "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

/** A CSV of `n` distinct numbers (65 8xxxxxxx from `base`). */
export const recipientsCsv = (numbers: string[]) =>
  `mobile,name\n${numbers.map((m, i) => `${m},R${i + 1}`).join("\n")}\n`;

export const numbersFrom = (base: number, n: number) => Array.from({ length: n }, (_, i) => `65${base + i}`);
