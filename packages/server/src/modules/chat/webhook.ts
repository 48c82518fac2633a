/**
 * POST /api/webhooks/channels/{channelId}: a channel's inbound webhook. The request is verified here — the
 * sandbox driver's `X-Herald-Signature` (the channel's own webhook secret, stale timestamps over 5 minutes
 * refused so a captured request cannot be replayed later), or the provider connector's own check (e.g.
 * `X-Hub-Signature-256`, Telegram's secret-token header) — then its raw body is stored and a `chat.inbound` job
 * queued in one transaction, and the provider is answered at once. The job (modules/chat/inbound-job.ts) stores
 * subscribers, rooms, messages and files, and applies receipts only forward.
 *
 * A request is stored once per channel and set of provider event ids: a redelivery of the same events is
 * answered `duplicate` and not queued again (and a message that arrives again in another request is still stored
 * once: its provider id is unique per channel). A request with no events for us (e.g. a Viber webhook check, a
 * Meta echo) is answered and not stored; one the connector cannot read is recorded as dropped and answered, so
 * the provider does not redeliver it for days.
 */
import { createHash } from "node:crypto";
import type { components } from "@herald/api-client/schema";
import { sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { rows } from "../../db/sql";
import type { Deps } from "../../deps";
import { BadRequest, Forbidden, NotFound, Unauthorized } from "../../errors";
import {
  type ChannelContext,
  type ChannelDriverKind,
  type ChannelType,
  driverFor,
  type InboundEvent,
} from "../../providers/channels";
import { verifyHeraldSignature } from "../../providers/sms";
import { decryptCredentials } from "../channels/credentials";

type S = components["schemas"];

export const CHANNEL_WEBHOOK_NOT_FOUND = "No such channel";
export const INVALID_SIGNATURE = "Invalid signature";
export const UNREADABLE_EVENT = "The event cannot be read";

interface WebhookChannel {
  id: string;
  company_id: string;
  channel_type: ChannelType;
  driver: ChannelDriverKind;
  credentials: string | null;
}

export async function channelWebhook(
  deps: Deps,
  channelId: string,
  rawBody: string | undefined,
  headers: Record<string, string | string[] | undefined>,
  body: S["ChannelInboundEvent"] | undefined,
): Promise<S["WebhookAck"]> {
  const [channel] = await rows<WebhookChannel>(
    deps.database.db,
    sql`select id, company_id, channel_type, driver, credentials from channels
         where id = ${channelId} and deleted_at is null`,
  );
  if (!channel) throw new NotFound(CHANNEL_WEBHOOK_NOT_FOUND);
  const raw = rawBody ?? "";
  if (channel.driver === "provider") {
    const { events } = verifiedProviderEvents(deps, channel, raw, headers, body);
    if (events === undefined) {
      await store(deps, channel, raw, [`unreadable:${sha256(raw)}`], { dropped: UNREADABLE_EVENT });
      return { received: true, duplicate: false };
    }
    if (events.length === 0) return { received: true, duplicate: false };
    return store(deps, channel, raw, events.map(eventKey));
  }
  const secret =
    decryptCredentials(deps.config.channelKey, channel.id, channel.credentials).webhookSecret ?? "";
  const signature = headers["x-herald-signature"];
  if (
    !rawBody ||
    !verifyHeraldSignature(rawBody, typeof signature === "string" ? signature : undefined, secret)
  )
    throw new Unauthorized(INVALID_SIGNATURE);
  const [event] = readSandboxEvent(body);
  return store(deps, channel, raw, [eventKey(event)]);
}

/**
 * A sandbox channel's webhook event (openapi.yaml's ChannelInboundEvent) as an inbound event; its attachments
 * are kept as the references they are. Throws BadRequest when it cannot be read.
 */
export function readSandboxEvent(
  body: S["ChannelInboundEvent"] | undefined,
): [InboundEvent, S["ChannelInboundEvent"]["attachments"]] {
  const e = body ?? {};
  if (!e.eventId || !e.kind) throw new BadRequest(UNREADABLE_EVENT);
  if (e.kind === "message") {
    if (!e.platformId || (!e.text?.trim() && !(e.attachments?.length ?? 0)))
      throw new BadRequest(UNREADABLE_EVENT);
    return [
      {
        kind: "message",
        eventId: e.eventId,
        platformId: e.platformId,
        subscriberName: e.subscriberName ?? e.platformId,
        providerMessageId: e.providerMessageId ?? e.eventId,
        text: e.text ?? null,
      },
      e.attachments ?? [],
    ];
  }
  if (!e.providerMessageId) throw new BadRequest(UNREADABLE_EVENT);
  return [
    {
      kind: "status",
      eventId: e.eventId,
      providerMessageId: e.providerMessageId,
      status: e.kind === "delivery" ? "delivered" : e.kind,
    },
    [],
  ];
}

/**
 * A provider channel's driver and the events of a request it verified (401 when it did not; 404 for a type
 * without a connector; no `headers`: verified already). `events` is undefined when the connector cannot read
 * the payload.
 */
export function verifiedProviderEvents(
  deps: Deps,
  channel: WebhookChannel,
  rawBody: string,
  headers: Record<string, string | string[] | undefined> | undefined,
  body: unknown,
) {
  const credentials = decryptCredentials(deps.config.channelKey, channel.id, channel.credentials);
  const driver = driverFor(channel.channel_type, "provider", deps.config.channelApis, credentials);
  if (!driver?.verifyWebhook || !driver.parseWebhook) throw new NotFound(CHANNEL_WEBHOOK_NOT_FOUND);
  const context: ChannelContext = {
    id: channel.id,
    companyId: channel.company_id,
    type: channel.channel_type,
    credentials,
  };
  if (headers && !driver.verifyWebhook(context, headers, rawBody)) throw new Unauthorized(INVALID_SIGNATURE);
  let events: InboundEvent[] | undefined;
  try {
    events = driver.parseWebhook(body, rawBody, context);
  } catch {
    events = undefined;
  }
  return { driver, context, events };
}

const eventKey = (e: InboundEvent) =>
  e.kind === "status-until" ? `until:${e.platformId}:${e.status}:${e.until}` : `${e.kind}:${e.eventId}`;

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** Stores a verified request once (see the module's note) and queues its job in the same transaction. */
async function store(
  deps: Deps,
  channel: WebhookChannel,
  rawBody: string,
  keys: string[],
  opts: { dropped?: string } = {},
): Promise<S["WebhookAck"]> {
  const dedupeKey = sha256([...new Set(keys)].sort().join("\n"));
  return deps.database.db.transaction(async (tx) => {
    const inserted = await rows<{ id: string }>(
      tx,
      sql`insert into channel_inbound_events (id, company_id, channel_id, dedupe_key, raw_body, status, error,
                                              processed_at)
          values (${uuidv7()}, ${channel.company_id}, ${channel.id}, ${dedupeKey}, ${rawBody},
                  ${opts.dropped ? "dropped" : "pending"}, ${opts.dropped ?? null},
                  ${opts.dropped ? sql`now()` : null})
          on conflict (channel_id, dedupe_key) do nothing
          returning id`,
    );
    const id = inserted[0]?.id;
    if (id && !opts.dropped) await deps.queue.enqueue("chat.inbound", { eventId: id }, { tx });
    return { received: true, duplicate: !id };
  });
}

/** Meta's GET verification of a provider channel's webhook: the challenge to echo. */
export async function channelWebhookChallenge(
  deps: Deps,
  channelId: string,
  query: Record<string, string | undefined>,
): Promise<string> {
  const [channel] = await rows<{
    id: string;
    company_id: string;
    channel_type: ChannelType;
    credentials: string | null;
  }>(
    deps.database.db,
    sql`select id, company_id, channel_type, credentials from channels
         where id = ${channelId} and deleted_at is null and driver = 'provider'`,
  );
  if (!channel) throw new NotFound(CHANNEL_WEBHOOK_NOT_FOUND);
  const credentials = decryptCredentials(deps.config.channelKey, channel.id, channel.credentials);
  const driver = driverFor(channel.channel_type, "provider", deps.config.channelApis, credentials);
  if (!driver?.verifyChallenge) throw new NotFound(CHANNEL_WEBHOOK_NOT_FOUND);
  const challenge = driver.verifyChallenge(
    { id: channel.id, companyId: channel.company_id, type: channel.channel_type, credentials },
    query,
  );
  if (challenge === undefined) throw new Forbidden("Invalid verify token");
  return challenge;
}
