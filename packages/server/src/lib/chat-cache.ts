/**
 * The polled pages of the shared inbox (room list, message page), kept in the process between changes.
 *
 * Every agent's portal asks for its room list and its open room's messages every 1.5 s; between two changes
 * of what a page shows, every such poll would run the same statement again. Here the serialized answer is
 * kept and served until a change it depends on is committed:
 *
 * - Migration 0022_chat_notify installs statement-level triggers that send, on commit only, a notice on
 *   CHAT_CHANNEL naming what changed: `c:<channel id>` (a room or subscriber of the channel: room lists),
 *   `r:<room id>` (a message or status log of the room: its message pages), `k:<company id>` (the company's
 *   channels, their departments, or a user's name: everything of the company). A trigger catches every path
 *   that writes those rows, so no code path can forget to invalidate.
 * - Each answer is stored with the keys it depends on and the generation at which its statement started; it
 *   is served only while none of those keys has had a notice since. A notice received during the statement
 *   makes it unstorable (it may or may not have seen the change).
 * - Before serving, a request waits for one round trip on the listening connection (shared by concurrent
 *   requests; lib/session-cache.ts): PostgreSQL sends every pending notice before the answer, so any change
 *   committed before the request arrived has been applied. A poll never sees an older page than the
 *   database would have given it.
 * - The cache is used only while the session cache's listener is connected (the same connection listens on
 *   CHAT_CHANNEL); when it is lost or reconnects, everything is dropped.
 *
 * A page may also carry a time after which it is not served (`until`): a message page holds signed file URLs
 * that expire (modules/chat/attachments.ts), so it is read again, with fresh URLs, before they get old.
 *
 * Who may see a page is still decided per request: answers are shared only between actors with the same
 * company and the same visibility (admin, or the same set of departments), and a message page is served
 * only to an actor whose visible channels include the room's channel (`visibleChannels`).
 */
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { LRUCache } from "lru-cache";
import type { SessionCache } from "./session-cache";

export const CHAT_CHANNEL = "herald_chat";

/** A stored answer: the JSON as sent (UTF-8, encoded once rather than on every send) and its entity tag. */
export interface CachedPage {
  json: Buffer;
  etag: string;
  /** The same JSON gzip-compressed, made the first time a client that accepts gzip is served this page. */
  gzip?: Buffer;
}

/** Smaller answers are not worth compressing. */
const GZIP_FROM_BYTES = 1024;

/** The gzip form of a stored answer (made once per page), or undefined when it is too small to bother. */
export function gzipOf(page: CachedPage): Buffer | undefined {
  if (page.json.length < GZIP_FROM_BYTES) return undefined;
  page.gzip ??= gzipSync(page.json, { level: 6 });
  return page.gzip;
}

/** Whether an Accept-Encoding header accepts gzip (listed, or `*`, with a q above 0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  let star = false;
  for (const part of value.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const accepted = !q || Number(q.slice(2)) > 0;
    if (name === "gzip") return accepted;
    if (name === "*") star = accepted;
  }
  return star;
}

interface Entry extends CachedPage {
  /** The notice keys the answer depends on. */
  keys: string[];
  /** The generation when its statement started. */
  gen: number;
  /** Message pages: whose room it is (checked against the caller's company and channels). */
  companyId?: string;
  channelId?: string;
  /** Served only before this time (milliseconds since the epoch), when set. */
  until?: number;
}

interface Visible {
  ids: Set<string>;
  gen: number;
}

export interface ChatPageCacheOptions {
  /** Most bytes of answers kept (the oldest used are dropped first). */
  maxBytes?: number;
  /** Most keys whose last notice is remembered; older ones count as changed at the floor generation. */
  maxKeys?: number;
}

export const entityTag = (json: string | Buffer) =>
  `"${createHash("sha1").update(json).digest("base64url")}"`;

/** An answer as the page cache keeps it. */
export const cachedPage = (json: string): CachedPage => {
  const bytes = Buffer.from(json, "utf8");
  return { json: bytes, etag: entityTag(bytes) };
};

export class ChatPageCache {
  private generation = 0;
  /** Generation below which every key counts as unchanged (raised when keys are forgotten or on reset). */
  private floor = 0;
  /** Key -> generation of its last notice, oldest first. */
  private readonly changed = new Map<string, number>();
  private readonly maxKeys: number;
  private readonly pages: LRUCache<string, Entry>;
  private readonly visible = new LRUCache<string, Visible>({ max: 10_000 });

  constructor(
    private readonly auth: SessionCache,
    opts: ChatPageCacheOptions = {},
  ) {
    this.maxKeys = opts.maxKeys ?? 200_000;
    this.pages = new LRUCache<string, Entry>({
      maxSize: opts.maxBytes ?? 64 * 1024 * 1024,
      // the JSON, room for its gzip form (made later, about a seventh of it), and the entry itself
      sizeCalculation: (e) => Math.ceil(e.json.length * 1.25) + 200,
    });
    auth.onReset(() => this.reset());
    auth.extraChannels.set(CHAT_CHANNEL, (payload) => this.invalidate(payload));
  }

  /** True while notices arrive (the session cache's listener is connected). */
  get active(): boolean {
    return this.auth.active;
  }

  /** The generation to pass to `set`/`setVisible`: read it before the statement runs. */
  epoch(): number {
    return this.generation;
  }

  /** Applies one notice of CHAT_CHANNEL. */
  invalidate(key: string) {
    const gen = ++this.generation;
    this.changed.delete(key);
    this.changed.set(key, gen);
    if (this.changed.size > this.maxKeys) {
      for (const [k, g] of this.changed) {
        this.changed.delete(k);
        this.floor = Math.max(this.floor, g);
        if (this.changed.size <= this.maxKeys * 0.9) break;
      }
    }
  }

  /** Forgets everything (the listener was lost: notices may have been missed). */
  reset() {
    this.floor = ++this.generation;
    this.changed.clear();
    this.pages.clear();
    this.visible.clear();
  }

  private unchangedSince(keys: Iterable<string>, gen: number): boolean {
    if (this.floor > gen) return false;
    for (const k of keys) if ((this.changed.get(k) ?? 0) > gen) return false;
    return true;
  }

  /**
   * Whether stored answers may be used for a request: the cache is active and every change committed
   * before the request arrived has been applied. `fresh`: the request's authentication already waited for
   * that (a session cache hit, plugins/actor.ts), so no second round trip is needed.
   */
  async ready(fresh = false): Promise<boolean> {
    if (!this.active) return false;
    if (fresh) return true;
    return (await this.auth.sync()) && this.active;
  }

  /** The channels visible to a company's actors of one visibility (`scope`), when known and current. */
  visibleChannels(companyId: string, scope: string): Set<string> | undefined {
    const v = this.visible.get(`${companyId}|${scope}`);
    if (!v || !this.unchangedSince([`k:${companyId}`], v.gen)) return undefined;
    return v.ids;
  }

  /** Keeps the visible channels read by a statement that started at `gen`. */
  setVisibleChannels(companyId: string, scope: string, gen: number, ids: Set<string>) {
    if (this.active && this.unchangedSince([`k:${companyId}`], gen))
      this.visible.set(`${companyId}|${scope}`, { ids, gen });
  }

  /**
   * A stored answer, when it is current (call after `ready`); a message page only for a caller of the
   * room's company who may see the room's channel.
   */
  page(
    key: string,
    caller?: { companyId: string; channels: Set<string> },
    now = Date.now(),
  ): CachedPage | undefined {
    const e = this.pages.get(key);
    if (!e || !this.unchangedSince(e.keys, e.gen) || (e.until !== undefined && now >= e.until)) {
      if (e) this.pages.delete(key);
      return undefined;
    }
    if (caller && (e.companyId !== caller.companyId || !e.channelId || !caller.channels.has(e.channelId))) {
      return undefined;
    }
    return e;
  }

  /**
   * Stores an answer computed by a statement that started at `gen`, unless a notice it depends on came since;
   * `until`: not served from then on.
   */
  set(
    key: string,
    gen: number,
    keys: string[],
    json: string,
    room?: { companyId: string; channelId: string },
    until?: number,
  ): CachedPage {
    const page = cachedPage(json);
    if (this.active && this.unchangedSince(keys, gen)) {
      this.pages.set(key, {
        ...page,
        keys,
        gen,
        companyId: room?.companyId,
        channelId: room?.channelId,
        until,
      });
    }
    return page;
  }
}
