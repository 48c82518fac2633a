/**
 * The `chat.inbound` job: one verified webhook request (a `channel_inbound_events` row, stored by webhook.ts)
 * read again and stored, event by event in the provider's order:
 *
 * - a subscriber message: its files are downloaded into attachment storage (modules/chat/media.ts; a file that
 *   cannot be kept leaves the message with the remark "The file could not be downloaded."), then subscriber, room
 *   and message are stored in one transaction (ingest.ts, which also queues the chatbot forwarding and publishes
 *   the live event). A message already stored (a redelivery in another request) is skipped before any download;
 *   two jobs storing the same message at once store it once (its provider id is unique per channel), and the
 *   loser removes the files it downloaded.
 * - a receipt: applied only forward (ingest.ts `applyStatus`, receipts.ts for watermarks).
 *
 * A request that can never be processed (unreadable, channel deleted) is recorded `dropped` with the reason and
 * not retried. Any other failure is retried by the queue with its backoff (events already stored are not stored
 * twice); after the queue's last retry the row is recorded `failed` with the last error. Done requests are
 * removed after `INBOUND_KEEP_DAYS`.
 */
import { sql } from "drizzle-orm";
import { rows } from "../../db/sql";
import type { Deps } from "../../deps";
import { JOB_RETRY_LIMIT } from "../../jobs/queue";
import type {
  ChannelContext,
  ChannelDriver,
  ChannelDriverKind,
  ChannelType,
  InboundEvent,
} from "../../providers/channels";
import { type InboundMedia, inboundMediaOf } from "../../providers/channels/media";
import { type AttachmentRow, kindOfMime, removeWrittenFiles, toAttachment } from "./attachments";
import { applyStatus, type InboundAttachment, ingestInbound } from "./ingest";
import { downloadInboundMedia, MEDIA_NOT_DOWNLOADED } from "./media";
import { applyStatusUntil } from "./receipts";
import { readSandboxEvent, UNREADABLE_EVENT, verifiedProviderEvents } from "./webhook";

export const CHANNEL_DELETED = "The channel was deleted";
/** Days a processed request is kept (a redelivery within them is answered as a duplicate). */
export const INBOUND_KEEP_DAYS = 30;

interface EventRow {
  id: string;
  company_id: string;
  channel_id: string;
  raw_body: string;
  status: string;
  attempts: number;
  received_at: Date | string;
  channel_type: ChannelType;
  driver: ChannelDriverKind;
  credentials: string | null;
  deleted_at: Date | string | null;
}

/** What one request asks for, read from its raw body. */
interface InboundWork {
  events: InboundEvent[];
  driver?: ChannelDriver;
  context?: ChannelContext;
  /** Provider files, by message. */
  media: InboundMedia[];
  /** Sandbox events' file references, by message. */
  references: Map<string, InboundAttachment[]>;
}

class Unprocessable extends Error {}

export async function processInboundEvent(deps: Deps, id: string): Promise<void> {
  const [ev] = await rows<EventRow>(
    deps.database.db,
    sql`select e.id, e.company_id, e.channel_id, e.raw_body, e.status, e.attempts, e.received_at,
               c.channel_type, c.driver, c.credentials, c.deleted_at
          from channel_inbound_events e join channels c on c.id = e.channel_id
         where e.id = ${id}`,
  );
  if (ev?.status !== "pending") return;
  let work: InboundWork;
  try {
    if (ev.deleted_at) throw new Unprocessable(CHANNEL_DELETED);
    work = readWork(deps, ev);
  } catch (err) {
    await finish(deps, ev.id, "dropped", err instanceof Error ? err.message : String(err));
    return;
  }
  let notes: string[];
  try {
    notes = await handle(deps, ev, work);
  } catch (err) {
    const attempts = ev.attempts + 1;
    const message = err instanceof Error ? err.message : String(err);
    if (attempts > JOB_RETRY_LIMIT) {
      await finish(deps, ev.id, "failed", message, attempts);
      return;
    }
    await deps.database.db.execute(
      sql`update channel_inbound_events set attempts = ${attempts}, error = ${message} where id = ${ev.id}`,
    );
    throw err;
  }
  await finish(deps, ev.id, "done", notes.length ? notes.join("\n") : null);
}

function readWork(deps: Deps, ev: EventRow): InboundWork {
  let body: unknown;
  try {
    body = JSON.parse(ev.raw_body);
  } catch {
    throw new Unprocessable(UNREADABLE_EVENT);
  }
  if (ev.driver !== "provider") {
    try {
      const [event, attachments] = readSandboxEvent(body as Parameters<typeof readSandboxEvent>[0]);
      const references = new Map<string, InboundAttachment[]>();
      if (event.kind === "message") {
        references.set(
          event.providerMessageId,
          (attachments ?? []).map((a) => ({
            type: kindOfMime(a.mime ?? ""),
            mime: a.mime ?? "application/octet-stream",
            url: a.url ?? "",
            name: a.name ?? "file",
          })),
        );
      }
      return { events: [event], media: [], references };
    } catch {
      throw new Unprocessable(UNREADABLE_EVENT);
    }
  }
  const { driver, context, events } = verifiedProviderEvents(
    deps,
    { ...ev, id: ev.channel_id },
    ev.raw_body,
    undefined,
    body,
  );
  if (!events) throw new Unprocessable(UNREADABLE_EVENT);
  let media: InboundMedia[];
  try {
    media = inboundMediaOf(ev.channel_type, body, ev.raw_body);
  } catch {
    media = [];
  }
  return { events, driver, context, media, references: new Map() };
}

/** Stores the request's events; answers notes for the record (files not kept). */
async function handle(deps: Deps, ev: EventRow, work: InboundWork): Promise<string[]> {
  const notes: string[] = [];
  const at = new Date(ev.received_at);
  for (const e of work.events) {
    if (e.kind === "status") {
      await applyStatus(deps, {
        channelId: ev.channel_id,
        providerMessageId: e.providerMessageId,
        status: e.status,
        remark: e.remark ?? null,
        eventId: e.eventId,
      });
    } else if (e.kind === "status-until") {
      await applyStatusUntil(deps, ev.channel_id, e);
    } else {
      await storeMessage(deps, ev, work, e, at, notes);
    }
  }
  return notes;
}

async function storeMessage(
  deps: Deps,
  ev: EventRow,
  work: InboundWork,
  e: Extract<InboundEvent, { kind: "message" }>,
  at: Date,
  notes: string[],
) {
  const [known] = await rows<{ id: string }>(
    deps.database.db,
    sql`select id from chat_messages where channel_id = ${ev.channel_id} and provider_message_id = ${e.providerMessageId}`,
  );
  if (known) return;
  const name =
    e.subscriberName ||
    (await knownName(deps, ev.channel_id, e.platformId)) ||
    (work.context &&
      (await work.driver?.subscriberName?.(work.context, e.platformId).catch(() => undefined))) ||
    e.platformId;
  const media = work.media.filter((m) => m.providerMessageId === e.providerMessageId);
  const files: AttachmentRow[] = [];
  let failed = false;
  for (const m of media) {
    const outcome = await downloadInboundMedia(
      deps,
      { companyId: ev.company_id, type: ev.channel_type, credentials: work.context?.credentials ?? {} },
      m,
    );
    if (outcome.ok) files.push(outcome.file);
    else {
      failed = true;
      notes.push(`${m.kind} of ${e.providerMessageId}: ${outcome.reason}`);
    }
  }
  const caption = media.find((m) => m.caption)?.caption;
  // "[image]" and the like stand for a file: not needed once the file itself is there.
  const placeholder = e.text !== null && /^\[[a-z_]+\]$/.test(e.text);
  const text =
    caption ??
    (files.length > 0 && !failed && placeholder ? null : (e.text ?? (failed ? `[${media[0]!.kind}]` : null)));
  try {
    const r = await ingestInbound(deps, {
      companyId: ev.company_id,
      channelId: ev.channel_id,
      platformId: e.platformId,
      subscriberName: name,
      providerMessageId: e.providerMessageId,
      text,
      profile: e.profile,
      attachments: [
        ...(work.references.get(e.providerMessageId) ?? []),
        ...files.map((f) => toAttachment(deps, f)),
      ],
      files,
      remark: failed ? MEDIA_NOT_DOWNLOADED : null,
      at,
    });
    if (r.duplicate) await removeWrittenFiles(deps, files);
  } catch (err) {
    await removeWrittenFiles(deps, files);
    throw err;
  }
}

/** The stored name of a known subscriber (so the provider's profile is asked once). */
async function knownName(deps: Deps, channelId: string, platformId: string): Promise<string | undefined> {
  const [s] = await rows<{ name: string }>(
    deps.database.db,
    sql`select name from subscribers where channel_id = ${channelId} and platform_id = ${platformId}`,
  );
  return s?.name;
}

async function finish(
  deps: Deps,
  id: string,
  status: "done" | "dropped" | "failed",
  error: string | null,
  attempts?: number,
) {
  await deps.database.db.execute(
    sql`update channel_inbound_events
           set status = ${status}, error = ${error}, processed_at = now(),
               attempts = ${attempts === undefined ? sql`attempts` : attempts}
         where id = ${id}`,
  );
  if (status === "done") {
    await deps.database.db.execute(
      sql`delete from channel_inbound_events where id in (
            select id from channel_inbound_events
             where status = 'done' and received_at < now() - make_interval(days => ${INBOUND_KEEP_DAYS})
             limit 100)`,
    );
  }
}
