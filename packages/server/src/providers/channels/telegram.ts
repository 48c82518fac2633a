/**
 * Telegram Bot API connector (plain fetch; https://core.telegram.org/bots/api). Credentials: the bot token from
 * @BotFather. Connecting checks it with getMe, then registers our webhook with setWebhook and a secret token of its
 * own; Telegram sends that token in `X-Telegram-Bot-Api-Secret-Token` on every update, which is how updates are
 * verified; deleting the channel removes the webhook with deleteWebhook. Text goes out with sendMessage, files with sendPhoto / sendVideo / sendAudio / sendDocument (by their
 * public signed URL, which Telegram fetches); a 429 (flood control) or a 5xx is retried by the queue, any other
 * refusal fails the message with Telegram's description. Telegram has no read receipts for bots.
 *
 * Message ids are per chat, so our provider message id is `<chat id>:<message id>` (unique per channel).
 */
import { timingSafeEqual } from "node:crypto";
import { randomToken } from "../../lib/tokens";
import { CAPABILITIES } from "./capabilities";
import { ChannelRejected, InvalidChannelCredentials } from "./errors";
import { ProviderRetry } from "./retry";
import type { ChannelContext, ChannelDriver, InboundEvent } from "./types";

export const TELEGRAM_API_URL = "https://api.telegram.org";

interface TelegramAnswer<T> {
  ok: boolean;
  result?: T;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

/** Telegram asked us to slow down or failed on its side: retry later (the queue retries the job). */
export class TelegramRetry extends ProviderRetry {
  constructor(
    message: string,
    throttled: boolean,
    readonly retryAfterSeconds?: number,
  ) {
    super(message, throttled);
    this.name = "TelegramRetry";
  }
}

export function telegramDriver(apiUrl: string = TELEGRAM_API_URL): ChannelDriver {
  const base = apiUrl.replace(/\/$/, "");
  async function call<T>(
    token: string,
    method: string,
    body?: object,
  ): Promise<{ status: number; answer: TelegramAnswer<T> }> {
    const res = await fetch(`${base}/bot${token}/${method}`, {
      method: body ? "POST" : "GET",
      headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    let answer: TelegramAnswer<T>;
    try {
      answer = (await res.json()) as TelegramAnswer<T>;
    } catch {
      answer = { ok: false, description: `HTTP ${res.status}` };
    }
    return { status: res.status, answer };
  }

  return {
    kind: "provider",
    connector: "telegram-bot-api",
    type: "TELEGRAM",
    capabilities: CAPABILITIES.TELEGRAM,
    credentialFields: [{ key: "botToken", label: "Bot token", secret: true, required: true }],

    async validateCredentials(credentials) {
      const botToken = (credentials.botToken ?? "").trim();
      if (!/^\d+:[A-Za-z0-9_-]+$/.test(botToken))
        throw new InvalidChannelCredentials("Telegram bot token is not valid");
      const { answer } = await call<{ username?: string }>(botToken, "getMe");
      if (!answer.ok) throw new InvalidChannelCredentials("Telegram did not accept the bot token");
      return {
        botToken,
        apiUrl: base,
        botUsername: answer.result?.username ?? "",
        webhookSecret: credentials.webhookSecret || randomToken(),
      };
    },

    async activate(channel: ChannelContext, webhookUrl: string) {
      const { answer } = await call<boolean>(channel.credentials.botToken ?? "", "setWebhook", {
        url: webhookUrl,
        secret_token: channel.credentials.webhookSecret,
        allowed_updates: ["message", "edited_message"],
      });
      if (!answer.ok) {
        throw new InvalidChannelCredentials(
          `Telegram refused the webhook: ${answer.description ?? "unknown error"}`,
        );
      }
    },

    async deactivate(channel: ChannelContext) {
      const { status, answer } = await call<boolean>(channel.credentials.botToken ?? "", "deleteWebhook", {
        drop_pending_updates: false,
      });
      if (!answer.ok) {
        throw new Error(`Telegram did not remove the webhook: ${answer.description ?? `HTTP ${status}`}`);
      }
    },

    async send(channel, message) {
      const file = message.attachments?.[0];
      const media = file
        ? ((
            {
              image: ["sendPhoto", "photo"],
              video: ["sendVideo", "video"],
              audio: ["sendAudio", "audio"],
            } as const
          )[file.type as "image" | "video" | "audio"] ?? (["sendDocument", "document"] as const))
        : undefined;
      const { status, answer } = await call<{ message_id: number; chat: { id: number | string } }>(
        channel.credentials.botToken ?? "",
        media ? media[0] : "sendMessage",
        media && file
          ? { chat_id: message.to, [media[1]]: file.url, ...(message.text ? { caption: message.text } : {}) }
          : { chat_id: message.to, text: message.text ?? "" },
      );
      if (answer.ok && answer.result) {
        return { providerMessageId: `${answer.result.chat.id}:${answer.result.message_id}` };
      }
      if (status === 429 || status >= 500) {
        throw new TelegramRetry(
          answer.description ?? `HTTP ${status}`,
          status === 429,
          answer.parameters?.retry_after,
        );
      }
      throw new ChannelRejected(
        answer.description ?? `Telegram refused the message (HTTP ${status})`,
        String(status),
      );
    },

    verifyWebhook(channel, headers) {
      const given = headers["x-telegram-bot-api-secret-token"];
      const expected = channel.credentials.webhookSecret ?? "";
      if (typeof given !== "string" || !expected) return false;
      const a = Buffer.from(given);
      const b = Buffer.from(expected);
      return a.length === b.length && timingSafeEqual(a, b);
    },

    parseWebhook(body): InboundEvent[] {
      const update = body as {
        update_id?: number;
        message?: {
          message_id: number;
          chat: { id: number | string };
          from?: { first_name?: string; last_name?: string; username?: string };
          text?: string;
          caption?: string;
        };
      };
      if (typeof update?.update_id !== "number") return [];
      const m = update.message;
      if (!m) return [];
      const name =
        [m.from?.first_name, m.from?.last_name].filter(Boolean).join(" ") ||
        m.from?.username ||
        String(m.chat.id);
      return [
        {
          kind: "message",
          eventId: `update:${update.update_id}`,
          platformId: String(m.chat.id),
          subscriberName: name,
          providerMessageId: `${m.chat.id}:${m.message_id}`,
          text: m.text ?? m.caption ?? null,
          profile: m.from?.username ? { username: m.from.username } : {},
        },
      ];
    },
  };
}
