/**
 * The `chat.send` worker: sends one stored outbox message through its channel's driver. The provider's id is
 * stored (receipts find the message by it) and the message becomes `yes` / `sent`; a refusal for good marks it
 * `failed` with the reason; any other error is retried by the queue (the driver receives our message id as its
 * idempotency key); on the job's last try such an error marks the message failed with a remark that says why (the
 * provider kept throttling, or kept failing). The sandbox driver's messages are delivered at once (a simulated receipt); the subscriber
 * page marks them read when it shows them.
 */
import { type SQL, sql } from "drizzle-orm";
import { rows } from "../../db/sql";
import type { Deps } from "../../deps";
import { publish } from "../../lib/events";
import {
  ChannelRejected,
  type ChannelType,
  type OutboundAttachment,
  type OutboundMessage,
  ProviderRetry,
} from "../../providers/channels";
import { TelegramRetry } from "../../providers/channels/telegram";
import { channelRuntime } from "../channels/channels.service";
import { attachmentUrl, signedAttachments } from "./attachments";
import { CONNECTOR_UNAVAILABLE } from "./chat.messages";
import { applyStatus } from "./ingest";

/**
 * What became of the message: sent (with the provider's id), failed (with the reason and the provider's error
 * code when it gave one), or gone (not an unsent outbox message of a live channel: already sent or failed, or its
 * channel was deleted).
 */
export type ChatDelivery =
  | { status: "sent"; providerMessageId: string; kind: "sandbox" | "provider" }
  | { status: "failed"; remark: string; code?: string }
  | { status: "gone" }
  /** The provider asked us to wait (Telegram's retry_after): not sent, not failed. */
  | { status: "deferred"; retryAfterSeconds: number };

/** An unsent outbox message with what its channel's driver needs (see `selectOutbox`). */
export interface OutboxRow {
  id: string;
  text: string | null;
  attachments: OutboundAttachment[];
  subscriber_id: string;
  platform_id: string;
  channel_id: string;
  company_id: string;
  channel_type: ChannelType;
  driver: "sandbox" | "provider";
  credentials: string | null;
  whatsapp_template_metadata: {
    name: string;
    language: string;
    headerMedia?: { id: string; kind: OutboundAttachment["type"]; mime: string; name: string } | null;
  } | null;
  whatsapp_template_variables: { header?: string[]; body?: string[] } | null;
}

/** The driver's message for an outbox row (providers fetch files by URL: signed URLs on the public address). */
export function outboundMessage(
  deps: Deps,
  m: OutboxRow,
  /** The files' sizes in bytes by attachment id (`attachmentSizes`); Viber needs them for videos and files. */
  sizes: ReadonlyMap<string, number> = new Map(),
): OutboundMessage {
  const absolute = (url: string) => (url.startsWith("/") ? `${deps.config.publicUrl}${url}` : url);
  const tpl = m.whatsapp_template_metadata;
  return {
    messageId: m.id,
    to: m.platform_id,
    text: m.text,
    // signed now: the provider fetches them while the URLs are fresh, however long the message waited
    attachments: signedAttachments(deps, m.attachments).map((a) => ({
      ...a,
      url: absolute(a.url),
      ...(sizes.has(a.id) ? { size: sizes.get(a.id) } : {}),
    })),
    ...(tpl
      ? {
          template: {
            name: tpl.name,
            language: tpl.language,
            headerVariables: m.whatsapp_template_variables?.header ?? [],
            bodyVariables: m.whatsapp_template_variables?.body ?? [],
            ...(tpl.headerMedia
              ? {
                  headerAttachment: {
                    id: tpl.headerMedia.id,
                    type: tpl.headerMedia.kind,
                    mime: tpl.headerMedia.mime,
                    name: tpl.headerMedia.name,
                    url: absolute(attachmentUrl(deps, tpl.headerMedia.id)),
                  },
                }
              : {}),
          },
        }
      : {}),
  };
}

/** Waits a provider may ask of one message (Telegram's retry_after) before it is marked failed. */
export const MAX_PROVIDER_WAITS = 10;

/** The remark of a message the provider kept throttling until the job's last try. */
export const throttledRemark = (tries: number) =>
  `The provider is throttling messages; not sent after ${tries} tries.`;
/** The remark of a message that kept failing for another reason (the provider's error, a network error). */
export const notSentRemark = (tries: number, reason: string) => `Not sent after ${tries} tries: ${reason}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The sizes in bytes of the company's uploaded files among `attachments` (messages keep id, type, mime, url, name). */
export async function attachmentSizes(
  db: Deps["database"]["db"],
  companyId: string,
  attachments: readonly { id: string }[],
): Promise<Map<string, number>> {
  const fileIds = attachments.map((a) => a.id).filter((id) => UUID.test(id ?? ""));
  if (fileIds.length === 0) return new Map();
  const found = await rows<{ id: string; size_bytes: number | string }>(
    db,
    sql`select id, size_bytes from attachments
         where company_id = ${companyId} and id = any(${`{${fileIds.join(",")}}`}::uuid[])`,
  );
  return new Map(found.map((r) => [r.id, Number(r.size_bytes)] as const));
}

/**
 * The outbox messages of live channels that `where` picks (on `m` the message, `s` its subscriber, `c` its
 * channel), as `OutboxRow`s, with the `extra` columns after them: the one query of the chat's sender and of the
 * broadcast's windows (modules/broadcasts/deliver.ts).
 */
export function selectOutbox(where: SQL, extra?: SQL): SQL {
  return sql`select m.id, m.text, m.attachments, m.subscriber_id, s.platform_id, c.id as channel_id, c.company_id,
                    c.channel_type, c.driver, c.credentials, m.whatsapp_template_metadata,
                    m.whatsapp_template_variables${extra ? sql`, ${extra}` : sql``}
               from chat_messages m join subscribers s on s.id = m.subscriber_id
               join channels c on c.id = m.channel_id and c.deleted_at is null
              where m.type = 'outbox' and ${where}`;
}

export async function deliverChatMessage(
  deps: Deps,
  messageId: string,
  /** Queue the message again after a provider's wait (the chat.send job); a bulk caller retries its own row. */
  opts: {
    requeue?: boolean;
    /** This is the job's last try, the `finalTry`th: an error that would be retried fails the message instead. */
    finalTry?: number;
    /** How many times the provider has already asked this message to wait (Telegram's retry_after). */
    waits?: number;
  } = {},
): Promise<ChatDelivery> {
  const { db } = deps.database;
  const [m] = await rows<OutboxRow>(db, selectOutbox(sql`m.id = ${messageId} and m.message_status = 'no'`));
  if (!m) return { status: "gone" }; // already sent, failed, or its channel is gone
  const sizes = await attachmentSizes(db, m.company_id, m.attachments ?? []);
  const { driver, context } = channelRuntime(deps, {
    id: m.channel_id,
    company_id: m.company_id,
    channel_type: m.channel_type,
    driver: m.driver,
    credentials: m.credentials,
  });
  const changed = () =>
    publish(db, {
      event: "message",
      companyId: m.company_id,
      channelId: m.channel_id,
      data: { subscriberId: m.subscriber_id, messageId: m.id },
    });
  const fail = async (remark: string) => {
    await db.execute(
      sql`update chat_messages set message_status = 'failed', delivery_status = 'failed', remark = ${remark}
           where id = ${m.id} and message_status = 'no'`,
    );
    await changed();
  };
  if (!driver) {
    await fail(CONNECTOR_UNAVAILABLE);
    return { status: "failed", remark: CONNECTOR_UNAVAILABLE };
  }
  let providerMessageId: string;
  try {
    ({ providerMessageId } = await driver.send(context, outboundMessage(deps, m, sizes)));
  } catch (err) {
    if (err instanceof ChannelRejected) {
      await fail(err.message);
      return { status: "failed", remark: err.message, ...(err.code ? { code: err.code } : {}) };
    }
    // Telegram's flood control names its wait (retry_after): the same message again once it is over, not failed
    // and without using up the job's retries.
    if (err instanceof TelegramRetry && err.retryAfterSeconds) {
      const waits = (opts.waits ?? 0) + 1;
      if (opts.requeue !== false) {
        // A provider that keeps asking to wait does not hold the message for ever.
        if (waits > MAX_PROVIDER_WAITS) {
          const remark = throttledRemark(waits);
          await fail(remark);
          return { status: "failed", remark };
        }
        await deps.queue.enqueue(
          "chat.send",
          { messageId: m.id, waits },
          { startAfterSeconds: err.retryAfterSeconds },
        );
      }
      return { status: "deferred", retryAfterSeconds: err.retryAfterSeconds };
    }
    if (opts.finalTry) {
      const remark =
        err instanceof ProviderRetry && err.throttled
          ? throttledRemark(opts.finalTry)
          : notSentRemark(opts.finalTry, err instanceof Error ? err.message : String(err));
      await fail(remark);
      return { status: "failed", remark };
    }
    throw err;
  }
  await db.execute(
    sql`update chat_messages
           set message_status = 'yes', provider_message_id = ${providerMessageId},
               delivery_status = coalesce(delivery_status, 'sent')
         where id = ${m.id} and message_status = 'no'`,
  );
  await changed();
  if (driver.kind === "sandbox") {
    await applyStatus(deps, { channelId: m.channel_id, providerMessageId, status: "delivered" });
  }
  return { status: "sent", providerMessageId, kind: driver.kind };
}
