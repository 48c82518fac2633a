/**
 * Chatbot forwarding (/updateForwardingStatus): when the company's switch is on and a bot webhook URL is set, every
 * stored subscriber message is POSTed to the bot as JSON signed with `X-Herald-Signature` (the shared secret,
 * encrypted at rest like channel credentials), from the `bot.forward` job (retried while the bot fails). The bot
 * answers through POST /api/webhooks/bot/{companyId}, signed the same way; its reply goes out through the room's
 * channel like an agent's, while the room is open (an agent's room is theirs).
 *
 * The webhook URL is the company's choice: it must be a public https address (lib/outbound-url.ts), checked when it
 * is saved (422) and again for every forward, whose connection goes only to addresses that were checked.
 */
import type { components } from "@herald/api-client/schema";
import { sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { rows } from "../../db/sql";
import type { Deps } from "../../deps";
import { Conflict, NotFound, Unauthorized, Unprocessable } from "../../errors";
import { publishRoom } from "../../lib/events";
import { checkOutboundUrl, OutboundUrlRefused, outboundRequest } from "../../lib/outbound-url";
import { signHeraldPayload, verifyHeraldSignature } from "../../providers/sms";
import { decryptSecret, encryptSecret } from "../channels/credentials";
import { signedAttachments } from "./attachments";
import { ROOM_NOT_FOUND } from "./chat.messages";

type S = components["schemas"];

export const BOT_SIGNATURE_INVALID = "Invalid signature";
export const BOT_ROOM_TAKEN = "An agent handles this chatroom, or it is closed.";
export const BOT_URL_NOT_PUBLIC = "The webhook URL must be a public https address.";

const outboundPolicy = (deps: Deps) => ({ allowPrivate: deps.config.outboundAllowPrivate });

/** Saving a webhook URL (/updateForwardingStatus): 422 unless it is a public https address now. */
export async function assertBotWebhookUrl(deps: Deps, url: string): Promise<void> {
  try {
    await checkOutboundUrl(url, outboundPolicy(deps));
  } catch (err) {
    if (err instanceof OutboundUrlRefused) throw new Unprocessable(BOT_URL_NOT_PUBLIC);
    throw err;
  }
}

const aad = (companyId: string) => `bot:${companyId}`;
export const encryptBotSecret = (deps: Deps, companyId: string, secret: string) =>
  encryptSecret(deps.config.channelKey, secret, aad(companyId));

async function settings(deps: Deps, companyId: string) {
  const [b] = await rows<{ enabled: boolean; webhook_url: string | null; webhook_secret: string | null }>(
    deps.database.db,
    sql`select enabled, webhook_url, webhook_secret from bot_forwarding where company_id = ${companyId}`,
  );
  if (!b) return undefined;
  const secret = b.webhook_secret
    ? decryptSecret(deps.config.channelKey, b.webhook_secret, aad(companyId))
    : "";
  return { enabled: b.enabled, url: b.webhook_url, secret };
}

/** The `bot.forward` job. */
export async function forwardToBot(deps: Deps, messageId: string): Promise<void> {
  const [m] = await rows<{
    id: string;
    company_id: string;
    subscriber_id: string;
    subscriber_name: string;
    channel_id: string;
    channel_type: string;
    text: string | null;
    attachments: { url: string }[] | null;
    created_at: Date | string;
  }>(
    deps.database.db,
    sql`select m.id, m.company_id, m.subscriber_id, s.name as subscriber_name, m.channel_id, c.channel_type, m.text,
               m.attachments, m.created_at
          from chat_messages m join subscribers s on s.id = m.subscriber_id join channels c on c.id = m.channel_id
         where m.id = ${messageId} and m.type = 'inbox'`,
  );
  if (!m) return;
  const bot = await settings(deps, m.company_id);
  if (!bot?.enabled || !bot.url) return; // switched off since
  const body = JSON.stringify({
    event: "message",
    companyId: m.company_id,
    channelId: m.channel_id,
    channelType: m.channel_type,
    subscriberId: m.subscriber_id,
    subscriberName: m.subscriber_name,
    messageId: m.id,
    text: m.text,
    attachments: signedAttachments(deps, m.attachments),
    createdAt: new Date(m.created_at).toISOString(),
    replyUrl: `${deps.config.publicUrl}/api/webhooks/bot/${m.company_id}`,
  });
  // Checked again now (the name may resolve elsewhere since it was saved); redirects are not followed.
  const res = await outboundRequest(bot.url, {
    policy: outboundPolicy(deps),
    headers: {
      "content-type": "application/json",
      "x-herald-signature": signHeraldPayload(body, bot.secret),
    },
    body,
  });
  if (res.status < 200 || res.status >= 300) throw new Error(`chatbot answered HTTP ${res.status}`);
}

/** POST /api/webhooks/bot/{companyId}: the bot's reply. */
export async function botReply(
  deps: Deps,
  companyId: string,
  rawBody: string | undefined,
  signature: string | undefined,
  body: { subscriberId: string; text: string },
): Promise<S["ChatMessage"]> {
  const bot = await settings(deps, companyId);
  if (!bot?.enabled || !bot.secret || !rawBody || !verifyHeraldSignature(rawBody, signature, bot.secret)) {
    throw new Unauthorized(BOT_SIGNATURE_INVALID);
  }
  const at = new Date();
  const id = uuidv7();
  const row = await deps.database.db.transaction(async (tx) => {
    const [room] = await rows<{ status: string; channel_id: string }>(
      tx,
      sql`select r.status, r.channel_id from chat_rooms r join channels c on c.id = r.channel_id
           where r.subscriber_id = ${body.subscriberId} and r.company_id = ${companyId} and c.deleted_at is null
           for update of r`,
    );
    if (!room) throw new NotFound(ROOM_NOT_FOUND);
    if (room.status !== "open") throw new Conflict(BOT_ROOM_TAKEN);
    await tx.execute(
      sql`insert into chat_messages (id, company_id, subscriber_id, channel_id, type, text, message_status, remark, created_at)
          values (${id}, ${companyId}, ${body.subscriberId}, ${room.channel_id}, 'outbox', ${body.text}, 'no', 'chatbot', ${at})`,
    );
    await tx.execute(
      sql`update chat_rooms set last_message_at = greatest(last_message_at, ${at}), last_message_text = ${body.text},
                 updated_at = now()
           where subscriber_id = ${body.subscriberId}`,
    );
    await deps.queue.enqueue("chat.send", { messageId: id }, { tx });
    await publishRoom(tx, { companyId, channelId: room.channel_id, subscriberId: body.subscriberId }, id);
    return { id, created_at: at };
  });
  return {
    id: row.id,
    type: "outbox",
    text: body.text,
    attachments: [],
    createdAt: at.toISOString(),
    messageStatus: "no",
    deliveryStatus: null,
    remark: "chatbot",
    whatsappListMessage: null,
    whatsappTemplateComponents: null,
    whatsappTemplateVariables: null,
    whatsappTemplateMetadata: null,
    chatroomStatusLogs: [],
  };
}
