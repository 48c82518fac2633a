/**
 * Facebook Messenger and Instagram connector: Meta's Send API (plain fetch;
 * https://developers.facebook.com/docs/messenger-platform/reference/send-api). Credentials: the Page id, a Page
 * access token, the app secret (webhook signatures) and the webhook verify token entered in Meta's dashboard.
 * Connecting checks the token against the Page. Webhooks are signed with `X-Hub-Signature-256` like WhatsApp's and
 * verified the same way (GET challenge too); echoes of our own messages are skipped; delivery receipts name our
 * message ids. A new subscriber's name comes from the user profile call. Replies: text, or a file by its public
 * URL. Throttling (codes 4, 32, 613) and 5xx are retried; other refusals (e.g. outside the messaging window) fail
 * the message with Meta's reason.
 */
import { timingSafeEqual } from "node:crypto";
import { CAPABILITIES } from "./capabilities";
import { ChannelRejected, InvalidChannelCredentials } from "./errors";
import { ProviderRetry } from "./retry";
import type { ChannelDriver, ChannelType, InboundEvent } from "./types";
import { whatsappSignature } from "./whatsapp";

export const META_GRAPH_URL = "https://graph.facebook.com/v21.0";
const THROTTLE_CODES = new Set([4, 32, 613]);

export class MetaRetry extends ProviderRetry {
  constructor(message: string, throttled: boolean) {
    super(message, throttled);
    this.name = "MetaRetry";
  }
}

type MetaType = Extract<ChannelType, "FACEBOOK MESSENGER" | "INSTAGRAM">;

export function metaSendDriver(type: MetaType, apiUrl: string = META_GRAPH_URL): ChannelDriver {
  const base = apiUrl.replace(/\/$/, "");
  async function graph<T>(
    token: string,
    path: string,
    body?: object,
  ): Promise<{ status: number; json: T & { error?: { message?: string; code?: number } } }> {
    const sep = path.includes("?") ? "&" : "?";
    const res = await fetch(`${base}/${path}${sep}access_token=${encodeURIComponent(token)}`, {
      method: body ? "POST" : "GET",
      headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    let json: T & { error?: { message?: string; code?: number } };
    try {
      json = (await res.json()) as typeof json;
    } catch {
      json = { error: { message: `HTTP ${res.status}` } } as typeof json;
    }
    return { status: res.status, json };
  }

  return {
    kind: "provider",
    connector: "meta-send-api",
    type,
    capabilities: CAPABILITIES[type],
    credentialFields: [
      { key: "pageId", label: "Page ID", secret: false, required: true },
      { key: "pageAccessToken", label: "Page access token", secret: true, required: true },
      { key: "appSecret", label: "App secret", secret: true, required: true },
      {
        key: "verifyToken",
        label: "Webhook verify token (as entered in Meta's dashboard)",
        secret: true,
        required: true,
      },
    ],

    async validateCredentials(c) {
      const pageId = (c.pageId ?? "").trim();
      const { status, json } = await graph<{ id?: string }>(
        c.pageAccessToken ?? "",
        `${pageId}?fields=id,name`,
      );
      if (status !== 200 || json.id !== pageId) {
        throw new InvalidChannelCredentials("Meta did not accept the Page access token for this Page");
      }
      return {
        pageId,
        apiUrl: base,
        pageAccessToken: c.pageAccessToken ?? "",
        appSecret: c.appSecret ?? "",
        verifyToken: c.verifyToken ?? "",
      };
    },

    async send(channel, message) {
      const file = message.attachments?.[0];
      const kind = file ? (file.type === "other" ? "file" : file.type) : undefined;
      const { status, json } = await graph<{ message_id?: string }>(
        channel.credentials.pageAccessToken ?? "",
        "me/messages",
        {
          recipient: { id: message.to },
          messaging_type: "RESPONSE",
          message: file
            ? { attachment: { type: kind, payload: { url: file.url, is_reusable: false } } }
            : { text: message.text ?? "" },
        },
      );
      if (status === 200 && json.message_id) return { providerMessageId: json.message_id };
      const code = json.error?.code;
      const reason = json.error?.message ?? `HTTP ${status}`;
      const throttled = status === 429 || (code !== undefined && THROTTLE_CODES.has(code));
      if (throttled || status >= 500) throw new MetaRetry(reason, throttled);
      throw new ChannelRejected(reason, code === undefined ? String(status) : String(code));
    },

    verifyWebhook(channel, headers, rawBody) {
      const given = headers["x-hub-signature-256"];
      const secret = channel.credentials.appSecret ?? "";
      if (typeof given !== "string" || !secret) return false;
      const a = Buffer.from(given);
      const b = Buffer.from(whatsappSignature(secret, rawBody));
      return a.length === b.length && timingSafeEqual(a, b);
    },

    verifyChallenge(channel, query) {
      const token = channel.credentials.verifyToken ?? "";
      if (query["hub.mode"] !== "subscribe" || !token || query["hub.verify_token"] !== token)
        return undefined;
      return query["hub.challenge"];
    },

    async subscriberName(channel, platformId) {
      const fields = type === "INSTAGRAM" ? "name,username" : "first_name,last_name";
      const { status, json } = await graph<{
        first_name?: string;
        last_name?: string;
        name?: string;
        username?: string;
      }>(channel.credentials.pageAccessToken ?? "", `${encodeURIComponent(platformId)}?fields=${fields}`);
      if (status !== 200) return undefined;
      return [json.first_name, json.last_name].filter(Boolean).join(" ") || json.name || json.username;
    },

    parseWebhook(body, _rawBody, channel): InboundEvent[] {
      const b = body as {
        entry?: {
          id?: string;
          messaging?: {
            sender?: { id: string };
            message?: { mid: string; text?: string; is_echo?: boolean; attachments?: { type: string }[] };
            delivery?: { mids?: string[]; watermark?: number };
            read?: { mid?: string; watermark?: number };
          }[];
        }[];
      };
      const out: InboundEvent[] = [];
      for (const entry of b?.entry ?? []) {
        // Another Page of the same Meta app (its one callback URL serves them all): not this channel's.
        const page = channel?.credentials.pageId;
        if (type === "FACEBOOK MESSENGER" && page && entry.id && entry.id !== page) continue;
        for (const m of entry.messaging ?? []) {
          if (m.message && !m.message.is_echo && m.sender?.id) {
            out.push({
              kind: "message",
              eventId: m.message.mid,
              platformId: m.sender.id,
              subscriberName: "",
              providerMessageId: m.message.mid,
              text:
                m.message.text ??
                (m.message.attachments?.length ? `[${m.message.attachments[0]!.type}]` : null),
            });
          }
          for (const mid of m.delivery?.mids ?? []) {
            out.push({
              kind: "status",
              eventId: `${mid}:delivered`,
              providerMessageId: mid,
              status: "delivered",
            });
          }
          if (m.read?.mid) {
            out.push({
              kind: "status",
              eventId: `${m.read.mid}:read`,
              providerMessageId: m.read.mid,
              status: "read",
            });
          }
          // Messenger's delivery and read receipts may name only a watermark: every message sent up to then.
          if (m.sender?.id && m.delivery?.watermark && !m.delivery.mids?.length) {
            out.push({
              kind: "status-until",
              platformId: m.sender.id,
              status: "delivered",
              until: new Date(m.delivery.watermark).toISOString(),
            });
          }
          if (m.sender?.id && m.read?.watermark && !m.read.mid) {
            out.push({
              kind: "status-until",
              platformId: m.sender.id,
              status: "read",
              until: new Date(m.read.watermark).toISOString(),
            });
          }
        }
      }
      return out;
    },
  };
}
