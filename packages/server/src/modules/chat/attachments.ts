/**
 * Uploaded files of the chat (send-files) and of broadcasts and template headers (/social-chat/attachment/upload).
 * A file streams to the local disk under the data directory (`attachments/<company>/<id>`), at most 157286400
 * bytes (the specification's upload limit), and gets an `attachments` row. Its URL is
 * `/api/social-chat/attachment/<id>?exp=…&sig=…`: an HMAC of the id and the expiry (with a key derived from the
 * JWT secret), so that `<img>` tags and providers can fetch it without a bearer token, nobody can guess another
 * file's URL, and a URL that leaked (a log, a forwarded message) stops working. The expiry is at least
 * ATTACHMENT_URL_TTL_MS away, rounded up to the end of a signing window (ATTACHMENT_URL_WINDOW_MS), so every URL
 * of a file signed within one window is the same. Messages keep the URL they were stored with; every read that
 * hands URLs out signs them again (`signedAttachments`): a message page, a broadcast report, a message sent to a
 * provider or forwarded to the chatbot. A page kept between reads (lib/chat-cache.ts) is renewed at the end of
 * the window its URLs were signed in (`attachmentUrlsRenewAt`), so it never hands out a URL with less than
 * ATTACHMENT_URL_TTL_MS to live. An expired URL answers 403 with a clear message; a wrong signature 404.
 *
 * A stored file is never a page of this origin (`storedFileHeaders`): only passive types (PNG, JPEG, GIF and WebP
 * images, audio, video, PDF) are shown inline with their own type; anything else — SVG, HTML, XML, JavaScript, any
 * type not on that list — is a download (`Content-Disposition: attachment` with a safe name; other images keep
 * their type so an `<img>` still shows them, the rest is `application/octet-stream`). Every stored file is sent
 * with `X-Content-Type-Options: nosniff` and `Content-Security-Policy: default-src 'none'; sandbox`, so even a
 * browser that opened one could run nothing in it.
 *
 * Files a subscriber sends through a provider are downloaded by the inbound job into the same storage
 * (`writeAttachment`, rows without an uploader), so they stay visible after the provider's link expires.
 */
import { createHmac, hkdfSync } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { components } from "@herald/api-client/schema";
import { sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { v7 as uuidv7 } from "uuid";
import type { DbOrTx } from "../../db/client";
import { rows } from "../../db/sql";
import type { Deps } from "../../deps";
import { BadRequest, Forbidden, HttpError, NotFound } from "../../errors";
import { safeEqual } from "../../lib/tokens";
import { requireActor } from "../../plugins/actor";
import { UPLOAD_LIMIT_BYTES } from "../../providers/channels";
import { ATTACHMENT_LINK_EXPIRED, ATTACHMENT_NOT_FOUND } from "./chat.messages";

type S = components["schemas"];

export const FILE_PART_REQUIRED = "Please choose a file to upload.";
export const FILE_TOO_LARGE = "The file cannot be larger than 157286400 bytes.";

export type AttachmentKind = S["Attachment"]["type"];

export const kindOfMime = (mime: string): AttachmentKind =>
  mime.startsWith("image/")
    ? "image"
    : mime.startsWith("video/")
      ? "video"
      : mime.startsWith("audio/")
        ? "audio"
        : "other";

/** A signed file URL lives at least this long (milliseconds). */
export const ATTACHMENT_URL_TTL_MS = 4 * 3600_000;
/** Expiries are rounded up to the end of windows this long (milliseconds): one URL per file and window. */
export const ATTACHMENT_URL_WINDOW_MS = 3600_000;

/** The end of the signing window `now` is in: a page holding URLs signed at `now` is renewed by then. */
export const attachmentUrlsRenewAt = (now: number) =>
  (Math.floor(now / ATTACHMENT_URL_WINDOW_MS) + 1) * ATTACHMENT_URL_WINDOW_MS;

/** The expiry (seconds since the epoch) of a URL signed at `now`. */
export const attachmentUrlExpiry = (now: number) =>
  Math.floor((attachmentUrlsRenewAt(now) + ATTACHMENT_URL_TTL_MS) / 1000);

const signingKeys = new WeakMap<Uint8Array, Buffer>();
function signingKey(deps: Deps): Buffer {
  const secret = deps.config.jwtSecret;
  let key = signingKeys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "herald", "attachment-urls", 32));
    signingKeys.set(secret, key);
  }
  return key;
}

/** The signature of file `id`'s URL expiring at `exp` (seconds since the epoch). */
export function attachmentSignature(deps: Deps, id: string, exp: number): string {
  return createHmac("sha256", signingKey(deps)).update(`${id}.${exp}`).digest("base64url");
}

/** File `id`'s URL, signed at `now` (see the module's note). */
export function attachmentUrl(deps: Deps, id: string, now = Date.now()): string {
  const exp = attachmentUrlExpiry(now);
  return `/api/social-chat/attachment/${id}?exp=${exp}&sig=${attachmentSignature(deps, id, exp)}`;
}

const OWN_URL =
  /^\/api\/social-chat\/attachment\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\?|$)/i;

/**
 * A stored message's files with their URLs signed again at `now`; links that are not ours (a sandbox event's
 * reference) stay as they are.
 */
export function signedAttachments<T extends { url: string }>(
  deps: Deps,
  files: readonly T[] | null | undefined,
  now = Date.now(),
): T[] {
  return (files ?? []).map((f) => {
    const id = typeof f.url === "string" ? OWN_URL.exec(f.url)?.[1] : undefined;
    return id ? { ...f, url: attachmentUrl(deps, id, now) } : f;
  });
}

export interface AttachmentRow {
  id: string;
  company_id: string;
  kind: AttachmentKind;
  mime: string;
  name: string;
  size_bytes: number;
  storage_key: string;
}

export const toAttachment = (deps: Deps, r: AttachmentRow): S["Attachment"] => ({
  id: r.id,
  type: r.kind,
  mime: r.mime,
  url: attachmentUrl(deps, r.id),
  name: r.name,
});

const storageRoot = (deps: Deps) => path.join(deps.config.dataDir, "attachments");

/**
 * Reads every multipart part `file` of the request to disk (at most `maxFiles`) and stores their rows. A part
 * over the size limit fails the whole upload (files already written are removed).
 */
export async function receiveFiles(
  deps: Deps,
  request: FastifyRequest,
  opts: { maxFiles: number },
): Promise<AttachmentRow[]> {
  const actor = requireActor(request.actor);
  const stored: AttachmentRow[] = [];
  const dir = path.join(storageRoot(deps), actor.companyId);
  const cleanup = async () => {
    await Promise.all(stored.map((s) => rm(path.join(storageRoot(deps), s.storage_key), { force: true })));
  };
  try {
    if (!request.isMultipart()) throw new BadRequest(FILE_PART_REQUIRED);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const parts = request.files({
      limits: { fileSize: UPLOAD_LIMIT_BYTES, files: opts.maxFiles, fields: 10, parts: opts.maxFiles + 10 },
      throwFileSizeLimit: false,
    });
    for await (const part of parts) {
      if (part.fieldname !== "file") {
        part.file.resume();
        continue;
      }
      const id = uuidv7();
      const key = `${actor.companyId}/${id}`;
      const name = path.basename((part.filename ?? "").replace(/\\/g, "/")).slice(0, 255) || "file";
      const mime = (part.mimetype || "application/octet-stream").slice(0, 255);
      const row: AttachmentRow = {
        id,
        company_id: actor.companyId,
        kind: kindOfMime(mime),
        mime,
        name,
        size_bytes: 0,
        storage_key: key,
      };
      stored.push(row);
      await pipeline(part.file, createWriteStream(path.join(dir, id), { mode: 0o600 }));
      if (part.file.truncated) throw new BadRequest(FILE_TOO_LARGE);
      row.size_bytes = (await stat(path.join(dir, id))).size;
    }
  } catch (err) {
    await cleanup();
    if (err instanceof HttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT") throw new BadRequest("Too many files.");
    if (code?.startsWith("FST_")) throw new BadRequest(FILE_PART_REQUIRED);
    throw err;
  }
  if (stored.length === 0) throw new BadRequest(FILE_PART_REQUIRED);
  try {
    await insertAttachments(deps.database.db, stored, actor.userId);
  } catch (err) {
    await cleanup();
    throw err;
  }
  return stored;
}

/** Stores the rows of files written to storage (`uploadedBy` null: a subscriber's file). */
export async function insertAttachments(db: DbOrTx, files: AttachmentRow[], uploadedBy: string | null) {
  for (const r of files) {
    await db.execute(
      sql`insert into attachments (id, company_id, uploaded_by, kind, mime, name, size_bytes, storage_key)
          values (${r.id}, ${r.company_id}, ${uploadedBy}, ${r.kind}, ${r.mime}, ${r.name}, ${r.size_bytes},
                  ${r.storage_key})`,
    );
  }
}

/** A file streamed to storage was larger than allowed (nothing of it is kept). */
export class FileTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
    this.name = "FileTooLarge";
  }
}

/**
 * Writes a file from a stream (e.g. a provider's download) to the company's storage, stopping with FileTooLarge
 * past `maxBytes` (the part written is removed). Answers its row; `insertAttachments` stores it.
 */
export async function writeAttachment(
  deps: Deps,
  companyId: string,
  source: AsyncIterable<Uint8Array>,
  meta: { name: string; mime: string; kind?: AttachmentKind; maxBytes: number },
): Promise<AttachmentRow> {
  const id = uuidv7();
  const dir = path.join(storageRoot(deps), companyId);
  const file = path.join(dir, id);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  let size = 0;
  try {
    await pipeline(
      source,
      async function* (chunks: AsyncIterable<Uint8Array>) {
        for await (const chunk of chunks) {
          size += chunk.byteLength;
          if (size > meta.maxBytes) throw new FileTooLarge(meta.maxBytes);
          yield chunk;
        }
      },
      createWriteStream(file, { mode: 0o600 }),
    );
  } catch (err) {
    await rm(file, { force: true });
    throw err;
  }
  const mime = meta.mime.slice(0, 255) || "application/octet-stream";
  return {
    id,
    company_id: companyId,
    kind: meta.kind ?? kindOfMime(mime),
    mime,
    name: path.basename(meta.name.replace(/\\/g, "/")).slice(0, 255) || "file",
    size_bytes: size,
    storage_key: `${companyId}/${id}`,
  };
}

/** Removes written files whose rows were never stored. */
export async function removeWrittenFiles(deps: Deps, files: AttachmentRow[]) {
  await Promise.all(files.map((f) => rm(path.join(storageRoot(deps), f.storage_key), { force: true })));
}

/** Removes stored files and their rows (an upload that was refused after it was read). */
export async function discardFiles(deps: Deps, files: AttachmentRow[]) {
  if (files.length === 0) return;
  await deps.database.db.execute(
    sql`delete from attachments where id = any(${`{${files.map((f) => f.id).join(",")}}`}::uuid[])`,
  );
  await Promise.all(files.map((f) => rm(path.join(storageRoot(deps), f.storage_key), { force: true })));
}

export async function findAttachment(db: DbOrTx, companyId: string, id: string): Promise<AttachmentRow> {
  const [row] = await rows<AttachmentRow>(
    db,
    sql`select id, company_id, kind, mime, name, size_bytes, storage_key from attachments
         where id = ${id} and company_id = ${companyId}`,
  );
  if (!row) throw new NotFound(ATTACHMENT_NOT_FOUND);
  return row;
}

/** Types a browser shows without running anything in them: served inline. */
const PASSIVE_IMAGES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);
const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

/** Whether a stored file of this type may be shown inline (see the module's note). */
export function servedInline(mime: string): boolean {
  const bare = bareMime(mime);
  return (
    PASSIVE_IMAGES.has(bare) ||
    bare.startsWith("audio/") ||
    bare.startsWith("video/") ||
    bare === "application/pdf"
  );
}

const bareMime = (mime: string) => {
  const bare = (mime.split(";")[0] ?? "").trim().toLowerCase();
  return MIME.test(bare) ? bare : "application/octet-stream";
};

/** RFC 6266 / 5987: a plain-ASCII `filename` with anything risky replaced, and the exact name in `filename*`. */
export function contentDisposition(type: "inline" | "attachment", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const exact = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/**
 * The headers of every response that streams a stored user file (see the module's note): its type and
 * disposition, `nosniff`, and a sandboxing Content-Security-Policy.
 */
export function storedFileHeaders(file: { mime: string; name: string }): Record<string, string> {
  const inline = servedInline(file.mime);
  const bare = bareMime(file.mime);
  return {
    "content-type": inline || bare.startsWith("image/") ? bare : "application/octet-stream",
    "content-disposition": contentDisposition(inline ? "inline" : "attachment", file.name),
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
  };
}

/**
 * Serves a stored file to whoever holds its signed URL: 404 for a wrong signature (or none), 403 once it has
 * expired.
 */
export async function serveAttachment(
  deps: Deps,
  id: string,
  q: { sig?: string; exp?: string },
  reply: FastifyReply,
  now = Date.now(),
) {
  const exp = /^[0-9]{1,12}$/.test(q.exp ?? "") ? Number(q.exp) : undefined;
  if (exp === undefined || !q.sig || !safeEqual(q.sig, attachmentSignature(deps, id, exp)))
    throw new NotFound(ATTACHMENT_NOT_FOUND);
  if (exp * 1000 <= now) throw new Forbidden(ATTACHMENT_LINK_EXPIRED);
  const [row] = await rows<AttachmentRow>(
    deps.database.db,
    sql`select id, company_id, kind, mime, name, size_bytes, storage_key from attachments where id = ${id}`,
  );
  if (!row) throw new NotFound(ATTACHMENT_NOT_FOUND);
  // A browser may keep the file while its link is valid, never longer than a day.
  const maxAge = Math.min(86_400, Math.floor((exp * 1000 - now) / 1000));
  reply
    .headers(storedFileHeaders(row))
    .header("content-length", String(row.size_bytes))
    .header("cache-control", `private, max-age=${maxAge}`);
  return reply.send(createReadStream(path.join(storageRoot(deps), row.storage_key)));
}
