/**
 * Inbound media: the inbound job downloads each file a subscriber sends (providers/channels/media.ts says from
 * where) into Herald's attachment storage, so the agent sees it after the provider's link has expired.
 *
 * A file is refused (not kept) when it is larger than the channel type's limit for its kind (the capability
 * table, providers/channels/capabilities.ts; the type's largest limit for a kind the table leaves out), when the
 * provider serves something that is not that kind (e.g. an HTML or JSON error page for an image), or when it
 * takes longer than `MEDIA_DOWNLOAD_TIMEOUT_MS`. The message is kept with the remark `MEDIA_NOT_DOWNLOADED`.
 * Images are shown inline only in the common raster formats; any other image type is kept as a download.
 */
import type { Deps } from "../../deps";
import type { ChannelType } from "../../providers/channels";
import { CAPABILITIES, UPLOAD_LIMIT_BYTES } from "../../providers/channels";
import type { MediaKind } from "../../providers/channels/capabilities";
import {
  channelApiBase,
  fetchInboundMedia,
  type InboundMedia,
  MediaUnavailable,
} from "../../providers/channels/media";
import { type AttachmentKind, type AttachmentRow, FileTooLarge, writeAttachment } from "./attachments";

export const MEDIA_NOT_DOWNLOADED = "The file could not be downloaded.";
export const MEDIA_DOWNLOAD_TIMEOUT_MS = 60_000;

/** Largest inbound file of `kind` on a channel type. */
export function inboundLimit(type: ChannelType, kind: MediaKind): number {
  const rules = CAPABILITIES[type].media;
  const own = rules[kind]?.maxBytes;
  const largest = Math.max(0, ...Object.values(rules).map((r) => r?.maxBytes ?? 0));
  return Math.min(own ?? largest, UPLOAD_LIMIT_BYTES);
}

const INLINE_IMAGES = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);
const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "video/mp4": "mp4",
  "video/3gpp": "3gp",
  "audio/mpeg": "mp3",
  "audio/ogg": "ogg",
  "audio/aac": "aac",
  "audio/mp4": "m4a",
  "audio/amr": "amr",
  "application/pdf": "pdf",
  "application/zip": "zip",
};
const GENERIC = new Set(["", "application/octet-stream", "binary/octet-stream"]);

const bareMime = (v: string | null | undefined) => (v ?? "").split(";")[0]!.trim().toLowerCase();

/**
 * The type to store a file under, from what the payload declared and what the provider served; undefined when
 * the served type shows it is not a file of `kind` (an error page, or another kind of file).
 */
export function acceptedMime(
  kind: MediaKind,
  declared: string | undefined,
  served: string,
): string | undefined {
  const s = bareMime(served);
  const d = bareMime(declared);
  if (s === "text/html" || s === "application/json" || s.startsWith("multipart/")) return undefined;
  const top = kind === "document" ? undefined : kind;
  if (top && !GENERIC.has(s) && !s.startsWith(`${top}/`)) return undefined;
  if (top && d && !d.startsWith(`${top}/`)) return undefined;
  const mime = d || (GENERIC.has(s) ? "" : s);
  if (mime) return mime;
  return {
    image: "image/jpeg",
    video: "video/mp4",
    audio: "audio/mpeg",
    document: "application/octet-stream",
  }[kind];
}

const storedKind = (mime: string): AttachmentKind =>
  mime.startsWith("image/")
    ? INLINE_IMAGES.has(mime)
      ? "image"
      : "other"
    : mime.startsWith("video/")
      ? "video"
      : mime.startsWith("audio/")
        ? "audio"
        : "other";

/** One downloaded file, or why it is not kept. */
export type MediaOutcome = { ok: true; file: AttachmentRow } | { ok: false; reason: string };

/** Downloads one inbound file of a channel into storage (its row is not stored yet: see insertAttachments). */
export async function downloadInboundMedia(
  deps: Deps,
  channel: { companyId: string; type: ChannelType; credentials: Record<string, string> },
  media: InboundMedia,
): Promise<MediaOutcome> {
  const limit = inboundLimit(channel.type, media.kind);
  const base = channelApiBase(channel.type, deps.config.channelApis, channel.credentials);
  if (!base || limit <= 0) return { ok: false, reason: "The channel takes no files" };
  if (media.size !== undefined && media.size > limit)
    return { ok: false, reason: `Larger than ${limit} bytes` };
  const signal = AbortSignal.timeout(MEDIA_DOWNLOAD_TIMEOUT_MS);
  try {
    const res = await fetchInboundMedia(base, channel.credentials, media, signal, {
      allowPrivate: deps.config.outboundAllowPrivate,
    });
    const length = Number(res.headers.get("content-length") ?? Number.NaN);
    if (length > limit) {
      await res.body?.cancel();
      return { ok: false, reason: `Larger than ${limit} bytes` };
    }
    const mime = acceptedMime(media.kind, media.mime, res.headers.get("content-type") ?? "");
    if (!mime || !res.body) {
      await res.body?.cancel();
      return { ok: false, reason: `Served as ${bareMime(res.headers.get("content-type")) || "nothing"}` };
    }
    const ext = EXTENSIONS[mime];
    const file = await writeAttachment(deps, channel.companyId, res.body, {
      name: media.name ?? (ext ? `${media.kind}.${ext}` : media.kind),
      mime,
      kind: storedKind(mime),
      maxBytes: limit,
    });
    return { ok: true, file };
  } catch (err) {
    if (err instanceof FileTooLarge) return { ok: false, reason: `Larger than ${limit} bytes` };
    if (err instanceof MediaUnavailable) return { ok: false, reason: err.message };
    const name = (err as { name?: string }).name;
    if (name === "TimeoutError" || name === "AbortError") return { ok: false, reason: "Timed out" };
    return { ok: false, reason: (err as Error).message ?? String(err) };
  }
}
