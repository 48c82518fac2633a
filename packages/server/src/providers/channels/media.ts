/**
 * Inbound media of the provider connectors: which files a webhook payload carries (`inboundMediaOf`) and how to
 * fetch one (`fetchInboundMedia`), so the inbound job can keep a copy after the provider's link expires.
 *
 * - WhatsApp Cloud API: the payload names a media id; `GET /{media-id}` on the Graph API (with the access token)
 *   answers a short-lived URL, fetched with the same token.
 * - Telegram Bot API: `getFile` answers the file's path, fetched from `/file/bot<token>/<path>` (the Bot API serves
 *   files up to 20 MB).
 * - LINE: `GET /v2/bot/message/{id}/content` on the data API host (api-data.line.me); a file the subscriber shared
 *   from an external provider comes as its URL.
 * - Viber, Messenger and Instagram: the payload carries the file's URL.
 *
 * Only the connector's configured API (its public host, or the loopback a test points it at) and https URLs are
 * followed, redirects included (checked hop by hop), so a payload cannot send us to a plain-http address.
 */
import { checkOutboundUrl, type OutboundPolicy, OutboundUrlRefused } from "../../lib/outbound-url";
import type { MediaKind } from "./capabilities";
import { LINE_API_URL } from "./line";
import { META_GRAPH_URL } from "./meta-send";
import { TELEGRAM_API_URL } from "./telegram";
import type { ChannelApiUrls, ChannelType } from "./types";
import { VIBER_API_URL } from "./viber";
import { WHATSAPP_API_URL } from "./whatsapp";

/** LINE serves message content from its data host, not the API host. */
export const LINE_DATA_API_URL = "https://api-data.line.me";

export type InboundMediaSource =
  | { via: "whatsapp"; mediaId: string }
  | { via: "telegram"; fileId: string }
  | { via: "line"; messageId: string }
  | { via: "url"; url: string };

/** One file of an inbound message, as the payload declares it. */
export interface InboundMedia {
  /** The message it belongs to (the connector's provider message id for it). */
  providerMessageId: string;
  kind: MediaKind;
  mime?: string;
  name?: string;
  /** Declared size in bytes, when the payload says. */
  size?: number;
  /** The text sent with the file, when the payload has one. */
  caption?: string;
  source: InboundMediaSource;
}

/** The file could not be fetched (the reason is for the record, not for the subscriber). */
export class MediaUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MediaUnavailable";
  }
}

/** The API base a connector of `type` calls (as `driverFor` picks it). */
export function channelApiBase(
  type: ChannelType,
  urls: ChannelApiUrls,
  credentials: Record<string, string>,
): string | undefined {
  const stored = credentials.apiUrl || undefined;
  const base =
    type === "TELEGRAM"
      ? (urls.telegram ?? stored ?? TELEGRAM_API_URL)
      : type === "WHATSAPP"
        ? (urls.whatsapp ?? stored ?? WHATSAPP_API_URL)
        : type === "LINE"
          ? (urls.line ?? stored ?? LINE_API_URL)
          : type === "VIBER"
            ? (urls.viber ?? stored ?? VIBER_API_URL)
            : type === "FACEBOOK MESSENGER" || type === "INSTAGRAM"
              ? (urls.meta ?? urls.whatsapp ?? stored ?? META_GRAPH_URL)
              : undefined;
  return base?.replace(/\/$/, "");
}

const str = (v: unknown): string | undefined => (typeof v === "string" && v ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

/** The files of a webhook payload of a provider channel of `type` (none for a type without inbound media). */
export function inboundMediaOf(type: ChannelType, body: unknown, rawBody: string): InboundMedia[] {
  switch (type) {
    case "WHATSAPP":
      return whatsappMedia(body);
    case "TELEGRAM":
      return telegramMedia(body);
    case "LINE":
      return lineMedia(body);
    case "VIBER":
      return viberMedia(body, rawBody);
    case "FACEBOOK MESSENGER":
    case "INSTAGRAM":
      return metaMedia(body);
    default:
      return [];
  }
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : undefined;
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function whatsappMedia(body: unknown): InboundMedia[] {
  const out: InboundMedia[] = [];
  const kinds: Record<string, MediaKind> = {
    image: "image",
    sticker: "image",
    video: "video",
    audio: "audio",
    document: "document",
  };
  for (const entry of arr(obj(body)?.entry)) {
    for (const change of arr(obj(entry)?.changes)) {
      for (const m of arr(obj(obj(change)?.value)?.messages)) {
        const msg = obj(m);
        const type = str(msg?.type);
        const id = str(msg?.id);
        if (!msg || !type || !id || !kinds[type]) continue;
        const media = obj(msg[type]);
        const mediaId = str(media?.id);
        if (!media || !mediaId) continue;
        out.push({
          providerMessageId: id,
          kind: kinds[type],
          mime: str(media.mime_type),
          name: str(media.filename),
          caption: str(media.caption),
          source: { via: "whatsapp", mediaId },
        });
      }
    }
  }
  return out;
}

function telegramMedia(body: unknown): InboundMedia[] {
  const m = obj(obj(body)?.message);
  const chat = obj(m?.chat);
  if (!m || !chat || (typeof chat.id !== "number" && typeof chat.id !== "string")) return [];
  const providerMessageId = `${chat.id}:${m.message_id}`;
  const caption = str(m.caption);
  const file = (f: unknown, kind: MediaKind, mime?: string): InboundMedia | undefined => {
    const o = obj(f);
    const fileId = str(o?.file_id);
    if (!o || !fileId) return undefined;
    return {
      providerMessageId,
      kind,
      mime: str(o.mime_type) ?? mime,
      name: str(o.file_name),
      size: num(o.file_size),
      caption,
      source: { via: "telegram", fileId },
    };
  };
  // A photo comes in several sizes, smallest first: the largest one is kept.
  const photo = arr(m.photo).at(-1);
  const found =
    (photo ? file(photo, "image", "image/jpeg") : undefined) ||
    file(m.video, "video", "video/mp4") ||
    file(m.animation, "video", "video/mp4") ||
    file(m.video_note, "video", "video/mp4") ||
    file(m.audio, "audio") ||
    file(m.voice, "audio", "audio/ogg") ||
    file(m.sticker, "image", "image/webp") ||
    file(m.document, "document");
  return found ? [found] : [];
}

function lineMedia(body: unknown): InboundMedia[] {
  const out: InboundMedia[] = [];
  const kinds: Record<string, MediaKind> = {
    image: "image",
    video: "video",
    audio: "audio",
    file: "document",
  };
  for (const e of arr(obj(body)?.events)) {
    const event = obj(e);
    const m = obj(event?.message);
    const id = str(m?.id);
    const type = str(m?.type);
    if (event?.type !== "message" || !m || !id || !type || !kinds[type]) continue;
    const provider = obj(m.contentProvider);
    const external = provider?.type === "external" ? str(provider.originalContentUrl) : undefined;
    out.push({
      providerMessageId: id,
      kind: kinds[type],
      name: str(m.fileName),
      size: num(m.fileSize),
      source: external ? { via: "url", url: external } : { via: "line", messageId: id },
    });
  }
  return out;
}

function viberMedia(body: unknown, rawBody: string): InboundMedia[] {
  const e = obj(body);
  const m = obj(e?.message);
  if (e?.event !== "message" || !m || e.message_token === undefined) return [];
  const kinds: Record<string, MediaKind> = { picture: "image", video: "video", file: "document" };
  const type = str(m.type);
  const url = str(m.media);
  if (!type || !kinds[type] || !url) return [];
  // As the connector reads it: the 64-bit token digit for digit from the raw body.
  const token = /"message_token"\s*:\s*(\d+)/.exec(rawBody)?.[1] ?? String(e.message_token);
  return [
    {
      providerMessageId: token,
      kind: kinds[type],
      name: str(m.file_name),
      size: num(m.size),
      caption: str(m.text),
      source: { via: "url", url },
    },
  ];
}

function metaMedia(body: unknown): InboundMedia[] {
  const out: InboundMedia[] = [];
  const kinds: Record<string, MediaKind> = {
    image: "image",
    video: "video",
    audio: "audio",
    file: "document",
  };
  for (const entry of arr(obj(body)?.entry)) {
    for (const item of arr(obj(entry)?.messaging)) {
      const m = obj(obj(item)?.message);
      const mid = str(m?.mid);
      if (!m || !mid || m.is_echo) continue;
      for (const a of arr(m.attachments)) {
        const att = obj(a);
        const type = str(att?.type);
        const url = str(obj(att?.payload)?.url);
        if (!type || !kinds[type] || !url) continue;
        out.push({ providerMessageId: mid, kind: kinds[type], source: { via: "url", url } });
      }
    }
  }
  return out;
}

/**
 * Fetches one inbound file: answers the provider's response with the file as its body (status 200, not yet read).
 * Throws MediaUnavailable when the provider refuses or the link is not one we follow.
 */
export async function fetchInboundMedia(
  apiBase: string,
  credentials: Record<string, string>,
  media: InboundMedia,
  signal: AbortSignal,
  /** Whether private addresses may be reached (HERALD_OUTBOUND_ALLOW_PRIVATE): hosts other than the API's are checked. */
  policy: OutboundPolicy = { allowPrivate: false },
): Promise<Response> {
  const base = new URL(apiBase);
  const followable = (u: URL) => u.protocol === "https:" || u.origin === base.origin;
  // Links in a payload or an API's answer may name any host: one that is not the provider's configured API must
  // resolve to public addresses only (no requests into Herald's own network).
  const guard = async (u: URL) => {
    if (u.origin === base.origin) return;
    try {
      await checkOutboundUrl(u.href, policy);
    } catch (err) {
      if (err instanceof OutboundUrlRefused) throw new MediaUnavailable(`Not followed: ${err.reason}`);
      throw err;
    }
  };
  const s = media.source;
  if (s.via === "whatsapp") {
    const auth = { authorization: `Bearer ${credentials.accessToken ?? ""}` };
    const meta = await get(`${apiBase}/${encodeURIComponent(s.mediaId)}`, auth, followable, signal, guard);
    const info = (await meta.json().catch(() => ({}))) as { url?: string; mime_type?: string };
    if (!info.url) throw new MediaUnavailable("WhatsApp answered no media URL");
    // Meta's media URL (from the Graph API itself) wants the same token.
    return get(info.url, auth, followable, signal, guard);
  }
  if (s.via === "telegram") {
    const token = credentials.botToken ?? "";
    const res = await get(
      `${apiBase}/bot${token}/getFile?file_id=${encodeURIComponent(s.fileId)}`,
      {},
      followable,
      signal,
    );
    const answer = (await res.json().catch(() => ({}))) as { ok?: boolean; result?: { file_path?: string } };
    const path = answer.result?.file_path;
    if (!answer.ok || !path) throw new MediaUnavailable("Telegram answered no file path");
    const encoded = path.split("/").map(encodeURIComponent).join("/");
    return get(`${apiBase}/file/bot${token}/${encoded}`, {}, followable, signal, guard);
  }
  if (s.via === "line") {
    const dataBase = apiBase === LINE_API_URL ? LINE_DATA_API_URL : apiBase;
    const dataOrigin = new URL(dataBase).origin;
    return get(
      `${dataBase}/v2/bot/message/${encodeURIComponent(s.messageId)}/content`,
      { authorization: `Bearer ${credentials.channelAccessToken ?? ""}` },
      (u) => followable(u) || u.origin === dataOrigin,
      signal,
      async (u) => (u.origin === dataOrigin ? undefined : guard(u)),
    );
  }
  return get(s.url, {}, followable, signal, guard);
}

/** A GET that follows at most 3 redirects, each to a URL `followable` accepts; throws unless the answer is 200. */
async function get(
  url: string,
  headers: Record<string, string>,
  followable: (u: URL) => boolean,
  signal: AbortSignal,
  guard: (u: URL) => Promise<void> = async () => {},
): Promise<Response> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new MediaUnavailable("The file's address is not a URL");
  }
  for (let hop = 0; hop <= 3; hop++) {
    if (!followable(target)) throw new MediaUnavailable(`Not followed: ${target.protocol}//${target.host}`);
    await guard(target);
    const res = await fetch(target, { headers, redirect: "manual", signal });
    if (res.status >= 300 && res.status < 400 && res.headers.get("location")) {
      await res.body?.cancel();
      const next = new URL(res.headers.get("location")!, target);
      // The provider's token is not passed on to another host.
      if (next.origin !== target.origin) headers = {};
      target = next;
      continue;
    }
    if (res.status !== 200) {
      await res.body?.cancel();
      throw new MediaUnavailable(`HTTP ${res.status}`);
    }
    return res;
  }
  throw new MediaUnavailable("Too many redirects");
}
