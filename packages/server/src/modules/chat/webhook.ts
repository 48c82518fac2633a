/**
 * POST /api/webhooks/channels/{channelId} for the sandbox channel driver (the generic shape of openapi.yaml's
 * ChannelInboundEvent): the `X-Herald-Signature` header is checked on the raw body with the channel's own webhook
 * secret (stored encrypted with its credentials) and stale timestamps (over 5 minutes) are refused, so a captured
 * request cannot be replayed later; within those minutes the event id deduplicates it. A subscriber message goes
 * through the shared ingest; a receipt moves our message's status forward only. The provider connectors'
 * webhooks (their own payloads and signature headers) are not written yet: their channels answer 404 here.
 *
 * The work is one short transaction, done before answering; a provider that needs a faster answer gets a job
 * when its connector is written.
 */
import type { components } from "@herald/api-client/schema";
import { sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { BadRequest, Forbidden, NotFound, Unauthorized } from "../../errors";
import { type ChannelDriverKind, type ChannelType, driverFor } from "../../providers/channels";
import { verifyHeraldSignature } from "../../providers/sms";
import { decryptCredentials } from "../channels/credentials";
import { rows } from "../contacts/contacts.service";
import { applyStatus, ingestInbound } from "./ingest";
import { applyStatusUntil } from "./receipts";

type S = components["schemas"];

export const CHANNEL_WEBHOOK_NOT_FOUND = "No such channel";
export const INVALID_SIGNATURE = "Invalid signature";
export const UNREADABLE_EVENT = "The event cannot be read";

export async function channelWebhook(
  deps: Deps,
  channelId: string,
  rawBody: string | undefined,
  headers: Record<string, string | string[] | undefined>,
  body: S["ChannelInboundEvent"] | undefined,
): Promise<S["WebhookAck"]> {
  const signature = headers["x-herald-signature"] as string | undefined;
  const [channel] = await rows<{
    id: string;
    company_id: string;
    channel_type: ChannelType;
    driver: ChannelDriverKind;
    credentials: string | null;
  }>(
    deps.database.db,
    sql`select id, company_id, channel_type, driver, credentials from channels
         where id = ${channelId} and deleted_at is null`,
  );
  if (!channel) throw new NotFound(CHANNEL_WEBHOOK_NOT_FOUND);
  if (channel.driver === "provider") return providerWebhook(deps, channel, rawBody, headers, body);
  const secret =
    decryptCredentials(deps.config.channelKey, channel.id, channel.credentials).webhookSecret ?? "";
  if (!rawBody || !verifyHeraldSignature(rawBody, signature, secret))
    throw new Unauthorized(INVALID_SIGNATURE);
  const e = body ?? {};
  if (!e.eventId || !e.kind) throw new BadRequest(UNREADABLE_EVENT);
  if (e.kind === "message") {
    if (!e.platformId || (!e.text?.trim() && !(e.attachments?.length ?? 0)))
      throw new BadRequest(UNREADABLE_EVENT);
    const r = await ingestInbound(deps, {
      companyId: channel.company_id,
      channelId: channel.id,
      platformId: e.platformId,
      subscriberName: e.subscriberName ?? e.platformId,
      providerMessageId: e.providerMessageId ?? e.eventId,
      text: e.text ?? null,
      attachments: (e.attachments ?? []).map((a) => ({
        type: (a.mime ?? "").startsWith("image/")
          ? ("image" as const)
          : (a.mime ?? "").startsWith("video/")
            ? ("video" as const)
            : (a.mime ?? "").startsWith("audio/")
              ? ("audio" as const)
              : ("other" as const),
        mime: a.mime ?? "application/octet-stream",
        url: a.url ?? "",
        name: a.name ?? "file",
      })),
    });
    return { received: true, duplicate: r.duplicate };
  }
  if (!e.providerMessageId) throw new BadRequest(UNREADABLE_EVENT);
  const status = e.kind === "delivery" ? "delivered" : e.kind;
  const r = await applyStatus(deps, {
    channelId: channel.id,
    providerMessageId: e.providerMessageId,
    status,
    eventId: e.eventId,
  });
  return { received: true, duplicate: r.duplicate };
}

/** A provider connector's own payload and verification (e.g. Telegram's secret-token header). */
async function providerWebhook(
  deps: Deps,
  channel: { id: string; company_id: string; channel_type: ChannelType; credentials: string | null },
  rawBody: string | undefined,
  headers: Record<string, string | string[] | undefined>,
  body: unknown,
): Promise<S["WebhookAck"]> {
  const credentials = decryptCredentials(deps.config.channelKey, channel.id, channel.credentials);
  const driver = driverFor(channel.channel_type, "provider", deps.config.channelApis, credentials);
  if (!driver?.verifyWebhook || !driver.parseWebhook) throw new NotFound(CHANNEL_WEBHOOK_NOT_FOUND);
  const context = { id: channel.id, companyId: channel.company_id, type: channel.channel_type, credentials };
  if (!driver.verifyWebhook(context, headers, rawBody ?? "")) throw new Unauthorized(INVALID_SIGNATURE);
  let duplicate = false;
  for (const e of driver.parseWebhook(body, rawBody ?? "", context)) {
    if (e.kind === "message") {
      const name =
        e.subscriberName ||
        (await knownName(deps, channel.id, e.platformId)) ||
        (await driver.subscriberName?.(context, e.platformId).catch(() => undefined)) ||
        e.platformId;
      const r = await ingestInbound(deps, {
        companyId: channel.company_id,
        channelId: channel.id,
        platformId: e.platformId,
        subscriberName: name,
        providerMessageId: e.providerMessageId,
        text: e.text,
        profile: e.profile,
      });
      duplicate ||= r.duplicate;
    } else if (e.kind === "status-until") {
      await applyStatusUntil(deps, channel.id, e);
    } else {
      const r = await applyStatus(deps, {
        channelId: channel.id,
        providerMessageId: e.providerMessageId,
        status: e.status,
        remark: e.remark ?? null,
        eventId: e.eventId,
      });
      duplicate ||= r.duplicate;
    }
  }
  return { received: true, duplicate };
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

/** The stored name of a known subscriber (so the provider's profile is asked once). */
async function knownName(deps: Deps, channelId: string, platformId: string): Promise<string | undefined> {
  const [s] = await rows<{ name: string }>(
    deps.database.db,
    sql`select name from subscribers where channel_id = ${channelId} and platform_id = ${platformId}`,
  );
  return s?.name;
}
