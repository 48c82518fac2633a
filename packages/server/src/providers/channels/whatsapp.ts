/**
 * WhatsApp Cloud API connector (plain fetch; https://developers.facebook.com/docs/whatsapp/cloud-api).
 * Credentials: the phone number id, the WhatsApp Business Account id (templates), a system-user access token and
 * the app secret (webhook signatures). Connecting checks the token against the phone number. Webhooks are signed
 * with `X-Hub-Signature-256` (HMAC-SHA256 of the raw body with the app secret, compared in constant time); Meta's
 * GET verification echoes `hub.challenge` when `hub.verify_token` is the channel's own token. Meta's signature has
 * no timestamp: a replayed request is harmless because message ids and status events are deduplicated.
 *
 * Sending: text, files (image, video, audio, document by their public signed URL) and templates (header text
 * variables or header media, body variables). Error 131047 (more than 24 hours since the subscriber's
 * last message) and other refusals fail the message with Meta's reason; throttling (HTTP 429, codes 4, 80007,
 * 130429, 131048, 131056) and 5xx are retried by the queue.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { randomToken } from "../../lib/tokens";
import { CAPABILITIES } from "./capabilities";
import { ChannelRejected, InvalidChannelCredentials } from "./errors";
import { ProviderRetry } from "./retry";
import type { ChannelDriver, InboundEvent, WhatsappTemplate } from "./types";

export const WHATSAPP_API_URL = "https://graph.facebook.com/v21.0";
const THROTTLE_CODES = new Set([4, 80007, 130429, 131048, 131056]);
export const OUTSIDE_24H_CODE = 131047;

export class WhatsappRetry extends ProviderRetry {
  constructor(message: string, throttled: boolean) {
    super(message, throttled);
    this.name = "WhatsappRetry";
  }
}

interface GraphError {
  error?: { message?: string; code?: number; error_data?: { details?: string } };
}

interface TemplatePage {
  data?: { name: string; language: string; status: string; components: WhatsappTemplate["components"] }[];
  paging?: { next?: string };
}

export function whatsappSignature(appSecret: string, rawBody: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;
}

export function whatsappDriver(apiUrl: string = WHATSAPP_API_URL): ChannelDriver {
  const base = apiUrl.replace(/\/$/, "");
  async function graph<T>(
    token: string,
    path: string,
    body?: object,
  ): Promise<{ status: number; json: T & GraphError }> {
    const res = await fetch(`${base}/${path}`, {
      method: body ? "POST" : "GET",
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    let json: T & GraphError;
    try {
      json = (await res.json()) as T & GraphError;
    } catch {
      json = { error: { message: `HTTP ${res.status}` } } as T & GraphError;
    }
    return { status: res.status, json };
  }

  return {
    kind: "provider",
    connector: "whatsapp-cloud-api",
    type: "WHATSAPP",
    capabilities: CAPABILITIES.WHATSAPP,
    credentialFields: [
      { key: "phoneNumberId", label: "Phone number ID", secret: false, required: true },
      { key: "businessAccountId", label: "WhatsApp Business Account ID", secret: false, required: true },
      { key: "accessToken", label: "Access token", secret: true, required: true },
      { key: "appSecret", label: "App secret", secret: true, required: true },
      {
        key: "verifyToken",
        label: "Webhook verify token (as entered in Meta's dashboard)",
        secret: true,
        required: true,
      },
    ],

    async validateCredentials(c) {
      const phoneNumberId = (c.phoneNumberId ?? "").trim();
      if (!/^\d+$/.test(phoneNumberId)) throw new InvalidChannelCredentials("Phone number ID must be digits");
      const { status, json } = await graph<{ id?: string; display_phone_number?: string }>(
        c.accessToken ?? "",
        `${phoneNumberId}?fields=display_phone_number,verified_name`,
      );
      if (status !== 200 || json.error || json.id !== phoneNumberId) {
        throw new InvalidChannelCredentials("WhatsApp did not accept the access token for this phone number");
      }
      return {
        phoneNumberId,
        apiUrl: base,
        businessAccountId: (c.businessAccountId ?? "").trim(),
        accessToken: c.accessToken ?? "",
        appSecret: c.appSecret ?? "",
        displayPhoneNumber: json.display_phone_number ?? "",
        verifyToken: c.verifyToken || randomToken(),
      };
    },

    async send(channel, message) {
      const c = channel.credentials;
      const t = message.template;
      const file = message.attachments?.[0];
      const kindOf = (a: { type: string }) =>
        a.type === "image" || a.type === "video" || a.type === "audio" ? a.type : "document";
      const header = t?.headerAttachment;
      const payload = file
        ? {
            messaging_product: "whatsapp",
            recipient_type: "individual",
            to: message.to,
            type: kindOf(file),
            [kindOf(file)]: {
              link: file.url,
              ...(kindOf(file) === "document" ? { filename: file.name } : {}),
              ...(message.text && kindOf(file) !== "audio" ? { caption: message.text } : {}),
            },
          }
        : t
          ? {
              messaging_product: "whatsapp",
              to: message.to,
              type: "template",
              template: {
                name: t.name,
                language: { code: t.language },
                components: [
                  ...(header
                    ? [
                        {
                          type: "header",
                          parameters: [{ type: kindOf(header), [kindOf(header)]: { link: header.url } }],
                        },
                      ]
                    : []),
                  ...(!header && t.headerVariables?.length
                    ? [
                        {
                          type: "header",
                          parameters: t.headerVariables.map((text) => ({ type: "text", text })),
                        },
                      ]
                    : []),
                  ...(t.bodyVariables?.length
                    ? [{ type: "body", parameters: t.bodyVariables.map((text) => ({ type: "text", text })) }]
                    : []),
                ],
              },
            }
          : {
              messaging_product: "whatsapp",
              recipient_type: "individual",
              to: message.to,
              type: "text",
              text: { body: message.text ?? "", preview_url: false },
            };
      const { status, json } = await graph<{ messages?: { id: string }[] }>(
        c.accessToken ?? "",
        `${c.phoneNumberId}/messages`,
        payload,
      );
      const id = json.messages?.[0]?.id;
      if (status === 200 && id) return { providerMessageId: id };
      const code = json.error?.code;
      const reason = json.error?.error_data?.details ?? json.error?.message ?? `HTTP ${status}`;
      const throttled = status === 429 || (code !== undefined && THROTTLE_CODES.has(code));
      if (throttled || status >= 500) throw new WhatsappRetry(reason, throttled);
      throw new ChannelRejected(reason, code === undefined ? String(status) : String(code));
    },

    async syncTemplates(channel) {
      const c = channel.credentials;
      const found: WhatsappTemplate[] = [];
      let path: string | undefined =
        `${c.businessAccountId}/message_templates?fields=name,language,status,components&limit=100`;
      for (let page = 0; path && page < 50; page++) {
        const page_: { status: number; json: TemplatePage & GraphError } = await graph<TemplatePage>(
          c.accessToken ?? "",
          path,
        );
        const { status, json } = page_;
        if (status !== 200 || json.error)
          throw new WhatsappRetry(json.error?.message ?? `HTTP ${status}`, status === 429);
        for (const t of json.data ?? []) {
          if (t.status === "APPROVED")
            found.push({ name: t.name, language: t.language, components: t.components });
        }
        const next: string | undefined = json.paging?.next;
        path = next ? next.replace(/^.*?\/(\d+\/message_templates)/, "$1") : undefined;
      }
      return found;
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

    parseWebhook(body, _rawBody, channel): InboundEvent[] {
      const events: InboundEvent[] = [];
      const b = body as {
        entry?: {
          changes?: {
            value?: {
              metadata?: { phone_number_id?: string };
              contacts?: { wa_id: string; profile?: { name?: string } }[];
              messages?: {
                id: string;
                from: string;
                type: string;
                text?: { body?: string };
                image?: { caption?: string };
                button?: { text?: string };
                interactive?: { button_reply?: { title?: string }; list_reply?: { title?: string } };
              }[];
              statuses?: {
                id: string;
                status: string;
                errors?: { code?: number; title?: string; message?: string }[];
              }[];
            };
          }[];
        }[];
      };
      for (const entry of b?.entry ?? []) {
        for (const change of entry.changes ?? []) {
          const v = change.value ?? {};
          // Another number of the same Meta app (its one callback URL serves them all): not this channel's.
          const own = channel?.credentials.phoneNumberId;
          if (own && v.metadata?.phone_number_id && v.metadata.phone_number_id !== own) continue;
          for (const m of v.messages ?? []) {
            const contact = v.contacts?.find((c) => c.wa_id === m.from);
            const text =
              m.text?.body ??
              m.image?.caption ??
              m.button?.text ??
              m.interactive?.button_reply?.title ??
              m.interactive?.list_reply?.title ??
              `[${m.type}]`;
            events.push({
              kind: "message",
              eventId: m.id,
              platformId: m.from,
              subscriberName: contact?.profile?.name ?? m.from,
              providerMessageId: m.id,
              text,
              profile: { mobile: m.from },
            });
          }
          for (const s of v.statuses ?? []) {
            if (!["sent", "delivered", "read", "failed"].includes(s.status)) continue;
            const err = s.errors?.[0];
            events.push({
              kind: "status",
              eventId: `${s.id}:${s.status}`,
              providerMessageId: s.id,
              status: s.status as "sent" | "delivered" | "read" | "failed",
              remark: err ? `${err.code ?? ""} ${err.title ?? err.message ?? ""}`.trim() : null,
            });
          }
        }
      }
      return events;
    },
  };
}
