/**
 * LINE Messaging API connector (plain fetch; https://developers.line.biz/en/reference/messaging-api/).
 * Credentials: the channel access token and the channel secret. Connecting checks the token with the bot info call.
 * Webhooks are signed with `x-line-signature` (base64 HMAC-SHA256 of the raw body with the channel secret, compared
 * in constant time); events carry a `webhookEventId` for dedupe, and redeliveries are deduplicated by it. A new
 * subscriber's display name comes from the profile call. Replies are push messages (text, or an image, video or
 * audio by its public URL); 429 and 5xx are retried by the queue, other refusals fail the message with LINE's reason.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { CAPABILITIES } from "./capabilities";
import { ChannelRejected, InvalidChannelCredentials } from "./errors";
import { ProviderRetry } from "./retry";
import type { ChannelDriver, InboundEvent } from "./types";

export const LINE_API_URL = "https://api.line.me";

export class LineRetry extends ProviderRetry {
  constructor(message: string, throttled: boolean) {
    super(message, throttled);
    this.name = "LineRetry";
  }
}

export const lineSignature = (channelSecret: string, rawBody: string) =>
  createHmac("sha256", channelSecret).update(rawBody).digest("base64");

export function lineDriver(apiUrl: string = LINE_API_URL): ChannelDriver {
  const base = apiUrl.replace(/\/$/, "");
  async function api<T>(
    token: string,
    path: string,
    body?: object,
    extraHeaders: Record<string, string> = {},
  ): Promise<{ status: number; json: T & { message?: string }; acceptedRequestId: string | null }> {
    const res = await fetch(`${base}${path}`, {
      method: body ? "POST" : "GET",
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { "content-type": "application/json" } : {}),
        ...extraHeaders,
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    let json: T & { message?: string };
    try {
      json = (await res.json()) as T & { message?: string };
    } catch {
      json = { message: `HTTP ${res.status}` } as T & { message?: string };
    }
    return { status: res.status, json, acceptedRequestId: res.headers.get("x-line-accepted-request-id") };
  }

  return {
    kind: "provider",
    connector: "line-messaging-api",
    type: "LINE",
    capabilities: CAPABILITIES.LINE,
    credentialFields: [
      { key: "channelAccessToken", label: "Channel access token", secret: true, required: true },
      { key: "channelSecret", label: "Channel secret", secret: true, required: true },
    ],

    async validateCredentials(c) {
      const { status } = await api<{ userId?: string }>(c.channelAccessToken ?? "", "/v2/bot/info");
      if (status !== 200) throw new InvalidChannelCredentials("LINE did not accept the channel access token");
      return {
        channelAccessToken: c.channelAccessToken ?? "",
        channelSecret: c.channelSecret ?? "",
        apiUrl: base,
      };
    },

    async send(channel, message) {
      const file = message.attachments?.[0];
      const msg = file
        ? file.type === "image"
          ? { type: "image", originalContentUrl: file.url, previewImageUrl: file.url }
          : file.type === "video"
            ? { type: "video", originalContentUrl: file.url, previewImageUrl: file.url }
            : { type: "audio", originalContentUrl: file.url, duration: 60_000 }
        : { type: "text", text: message.text ?? "" };
      // Our message id as LINE's retry key: a push retried after a lost answer is not delivered twice (LINE answers
      // 409 naming the request it already accepted).
      const { status, json, acceptedRequestId } = await api<{ sentMessages?: { id: string }[] }>(
        channel.credentials.channelAccessToken ?? "",
        "/v2/bot/message/push",
        { to: message.to, messages: [msg] },
        { "x-line-retry-key": message.messageId },
      );
      if (status === 200)
        return { providerMessageId: json.sentMessages?.[0]?.id ?? `line-${message.messageId}` };
      if (status === 409 && acceptedRequestId) return { providerMessageId: `line-${message.messageId}` };
      if (status === 429 || status >= 500)
        throw new LineRetry(json.message ?? `HTTP ${status}`, status === 429);
      throw new ChannelRejected(json.message ?? `LINE refused the message (HTTP ${status})`, String(status));
    },

    verifyWebhook(channel, headers, rawBody) {
      const given = headers["x-line-signature"];
      const secret = channel.credentials.channelSecret ?? "";
      if (typeof given !== "string" || !secret) return false;
      const a = Buffer.from(given);
      const b = Buffer.from(lineSignature(secret, rawBody));
      return a.length === b.length && timingSafeEqual(a, b);
    },

    async subscriberName(channel, platformId) {
      const { status, json } = await api<{ displayName?: string }>(
        channel.credentials.channelAccessToken ?? "",
        `/v2/bot/profile/${encodeURIComponent(platformId)}`,
      );
      return status === 200 ? json.displayName : undefined;
    },

    parseWebhook(body): InboundEvent[] {
      const b = body as {
        events?: {
          type: string;
          webhookEventId?: string;
          source?: { type?: string; userId?: string };
          message?: { id: string; type: string; text?: string };
        }[];
      };
      const out: InboundEvent[] = [];
      for (const e of b?.events ?? []) {
        if (e.type !== "message" || !e.message || !e.source?.userId) continue;
        out.push({
          kind: "message",
          eventId: e.webhookEventId ?? e.message.id,
          platformId: e.source.userId,
          subscriberName: "",
          providerMessageId: e.message.id,
          text: e.message.type === "text" ? (e.message.text ?? "") : `[${e.message.type}]`,
        });
      }
      return out;
    },
  };
}
