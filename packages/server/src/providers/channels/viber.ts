/**
 * Viber REST bot API connector (plain fetch; https://developers.viber.com/docs/api/rest-bot-api/). Credentials: the
 * bot's auth token. Connecting checks it with get_account_info and registers our webhook with set_webhook just after the
 * save (Viber calls the webhook at once with a `webhook` event, which must find the saved channel; answered 200). Callbacks are signed with `X-Viber-Content-Signature` (hex
 * HMAC-SHA256 of the raw body with the auth token, compared in constant time). Messages and receipts (delivered,
 * seen, failed) name the message token. Replies: text, or a picture, video or file by its public URL (videos and files
 * with their size in bytes, from the stored upload). Status 12 (too
 * many requests) and 5xx are retried; other non-zero statuses (e.g. 6: the subscriber is not subscribed) fail the
 * message with Viber's reason.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { CAPABILITIES } from "./capabilities";
import { ChannelRejected, InvalidChannelCredentials } from "./errors";
import { ProviderRetry } from "./retry";
import type { ChannelDriver, InboundEvent } from "./types";

export const VIBER_API_URL = "https://chatapi.viber.com/pa";
/** How long after the save set_webhook is called (the save has committed by then). */
export const VIBER_SET_WEBHOOK_DELAY_MS = 500;

export class ViberRetry extends ProviderRetry {
  constructor(message: string, throttled: boolean) {
    super(message, throttled);
    this.name = "ViberRetry";
  }
}

export const viberSignature = (authToken: string, rawBody: string) =>
  createHmac("sha256", authToken).update(rawBody).digest("hex");

export function viberDriver(apiUrl: string = VIBER_API_URL): ChannelDriver {
  const base = apiUrl.replace(/\/$/, "");
  async function api<T>(
    token: string,
    method: string,
    body: object,
  ): Promise<{ status: number; json: T & { status?: number; status_message?: string; rawToken?: string } }> {
    const res = await fetch(`${base}/${method}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-viber-auth-token": token },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let json: T & { status?: number; status_message?: string; rawToken?: string };
    try {
      json = JSON.parse(text) as typeof json;
      // 64-bit message tokens, digit for digit
      json.rawToken = /"message_token"\s*:\s*(\d+)/.exec(text)?.[1];
    } catch {
      json = { status: -1, status_message: `HTTP ${res.status}` } as typeof json;
    }
    return { status: res.status, json };
  }

  return {
    kind: "provider",
    connector: "viber-rest-api",
    type: "VIBER",
    capabilities: CAPABILITIES.VIBER,
    credentialFields: [{ key: "authToken", label: "Auth token", secret: true, required: true }],

    async validateCredentials(c) {
      const { json } = await api<{ name?: string }>(c.authToken ?? "", "get_account_info", {});
      if (json.status !== 0) throw new InvalidChannelCredentials("Viber did not accept the auth token");
      return { authToken: c.authToken ?? "", botName: json.name ?? "Herald", apiUrl: base };
    },

    async activate(channel, webhookUrl) {
      // Viber checks the webhook during set_webhook by calling it (event `webhook`), and that call must find the
      // channel: the save's transaction has to be committed first. So set_webhook runs just after the save; a
      // refusal leaves the webhook unset, and saving the channel again sets it again.
      const token = channel.credentials.authToken ?? "";
      setTimeout(() => {
        api(token, "set_webhook", {
          url: webhookUrl,
          event_types: ["delivered", "seen", "failed", "conversation_started"],
          send_name: true,
        }).catch(() => undefined);
      }, VIBER_SET_WEBHOOK_DELAY_MS);
    },

    async send(channel, message) {
      const file = message.attachments?.[0];
      // Videos and files carry their real size in bytes (Viber shows it and checks it against the download).
      if (file && file.type !== "image" && !(typeof file.size === "number" && file.size > 0)) {
        throw new ChannelRejected("The file is no longer available (its size is unknown)");
      }
      const content = file
        ? file.type === "image"
          ? { type: "picture", text: message.text ?? "", media: file.url }
          : file.type === "video"
            ? { type: "video", media: file.url, size: file.size }
            : { type: "file", media: file.url, size: file.size, file_name: file.name }
        : { type: "text", text: message.text ?? "" };
      const { status, json } = await api<{ message_token?: number | string }>(
        channel.credentials.authToken ?? "",
        "send_message",
        { receiver: message.to, sender: { name: channel.credentials.botName || "Herald" }, ...content },
      );
      if (json.status === 0 && json.message_token !== undefined) {
        return { providerMessageId: json.rawToken ?? String(json.message_token) };
      }
      if (json.status === 12 || status >= 500) {
        throw new ViberRetry(json.status_message ?? `HTTP ${status}`, json.status === 12);
      }
      throw new ChannelRejected(
        json.status_message ?? `Viber refused the message (HTTP ${status})`,
        String(json.status),
      );
    },

    verifyWebhook(channel, headers, rawBody) {
      const given = headers["x-viber-content-signature"];
      const token = channel.credentials.authToken ?? "";
      if (typeof given !== "string" || !token) return false;
      const a = Buffer.from(given);
      const b = Buffer.from(viberSignature(token, rawBody));
      return a.length === b.length && timingSafeEqual(a, b);
    },

    parseWebhook(body, rawBody): InboundEvent[] {
      const e = body as {
        event?: string;
        message_token?: number | string;
        sender?: { id: string; name?: string };
        message?: { type: string; text?: string };
        desc?: string;
      };
      if (!e?.event || e.message_token === undefined) return [];
      // Message tokens are 64-bit integers: read them from the raw body (JSON numbers lose digits past 2^53).
      const token = /"message_token"\s*:\s*(\d+)/.exec(rawBody)?.[1] ?? String(e.message_token);
      if (e.event === "message" && e.sender?.id && e.message) {
        return [
          {
            kind: "message",
            eventId: `message:${token}`,
            platformId: e.sender.id,
            subscriberName: e.sender.name ?? "",
            providerMessageId: token,
            text: e.message.type === "text" ? (e.message.text ?? "") : `[${e.message.type}]`,
          },
        ];
      }
      const status = { delivered: "delivered", seen: "read", failed: "failed" } as const;
      const s = status[e.event as keyof typeof status];
      if (!s) return [];
      return [
        {
          kind: "status",
          eventId: `${e.event}:${token}`,
          providerMessageId: token,
          status: s,
          remark: e.desc ?? null,
        },
      ];
    },
  };
}
