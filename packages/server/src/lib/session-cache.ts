import pg from "pg";

declare module "fastify" {
  interface FastifyInstance {
    /** The process's session cache (see SessionCache). */
    sessionCache: SessionCache;
  }
}

import type { Database } from "../db/client";
import type { AccessClaims } from "./tokens";

/**
 * Channel of the session-invalidation notices. Migration 0002_session_notify installs triggers that call
 * `pg_notify('herald_auth', 's:<session id>')` when a session row is revoked, changed or deleted, and
 * `'u:<user id>'` when a user's role, owner flag, status or company changes, the user is deleted, or their
 * departments change. A trigger catches every path that writes those rows (logout, password change and
 * reset, role and status changes, deletion, and any path added later), and the notice is sent on commit
 * only, so a rolled-back change invalidates nothing.
 */
export const AUTH_CHANNEL = "herald_auth";

/** application_name of the listening PostgreSQL connection (visible in pg_stat_activity). */
export const LISTENER_NAME = "herald-auth-listener";

/** What the auth hook caches per session: the actor without the session id (that is the key). */
export interface CachedActor {
  userId: string;
  companyId: string;
  role: "admin" | "supervisor" | "agent";
  isOwner: boolean;
  departmentIds: string[];
}

interface SessionEntry {
  actor: CachedActor;
  typ: AccessClaims["typ"];
  /** Epoch ms after which the entry is not used (TTL, capped at the session's own expiry). */
  until: number;
}

interface TokenEntry {
  claims: AccessClaims;
  /** The token's `exp` in epoch ms. */
  exp: number;
}

export interface SessionCacheOptions {
  /** How long a session's actor is reused without asking the database (ms). */
  ttlMs?: number;
  /** Most sessions (and, separately, verified tokens) kept; the oldest are dropped first. */
  maxEntries?: number;
  onError?: (err: unknown) => void;
}

/**
 * The actor of each live session, kept in the process for a short time so a request costs no query for
 * its actor, plus the claims of tokens whose signature was already verified (HMAC verification costs more
 * than the rest of the auth hook).
 *
 * Revocation stays immediate: every process listens on AUTH_CHANNEL (a dedicated PostgreSQL connection,
 * or PGlite's own listener, which is called as the committing statement completes) and drops the session,
 * or all sessions of the user, as soon as a notice arrives. While the listener is not connected (start-up
 * failure, lost connection) nothing is read from or written to the cache: every request asks the database,
 * and the cache starts empty once listening again.
 *
 * A lookup that started before an invalidation and finishes after it is not stored (see `epoch`), so a
 * request racing a logout cannot put the revoked session back.
 */
export class SessionCache {
  private readonly sessions = new Map<string, SessionEntry>();
  private readonly userSessions = new Map<string, Set<string>>();
  private readonly tokens = new Map<string, TokenEntry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private listening = false;
  private generation = 0;
  /**
   * The most recent invalidations with their generation, so a lookup raced by an invalidation is dropped
   * only when that invalidation concerns its own session or user ("*" stands for everything). Without it a
   * busy server (many users changing) would keep dropping unrelated lookups.
   */
  private readonly recent: { gen: number; key: string }[] = [];
  private static readonly RECENT_MAX = 4096;
  /** The PostgreSQL backend of the listening connection, while connected (tests cut it). */
  listenerPid: number | undefined;
  /** Resolves once every notice committed before the call has been applied (PostgreSQL), see `actor`. */
  private barrier: (() => Promise<void>) | undefined;
  private readonly resetListeners: (() => void)[] = [];
  /** Notices of other channels heard on the same connection (see `listenForInvalidations`). */
  readonly extraChannels = new Map<string, (payload: string) => void>();

  constructor(opts: SessionCacheOptions = {}) {
    this.ttlMs = opts.ttlMs ?? 30_000;
    this.maxEntries = opts.maxEntries ?? 10_000;
  }

  /** True while invalidations are being received, i.e. while the cache is in use. */
  get active(): boolean {
    return this.listening && this.ttlMs > 0;
  }

  /** Claims of an already verified token that has not expired. */
  verifiedToken(token: string, now = Date.now()): AccessClaims | undefined {
    const e = this.tokens.get(token);
    if (!e) return undefined;
    if (e.exp <= now) {
      this.tokens.delete(token);
      return undefined;
    }
    return e.claims;
  }

  rememberToken(token: string, claims: AccessClaims, expSeconds: number) {
    if (this.tokens.size >= this.maxEntries) this.dropOldest(this.tokens);
    this.tokens.set(token, { claims, exp: expSeconds * 1000 });
  }

  /** The cached actor of a session, when the cache is active and the entry fresh and of that user. */
  get(claims: AccessClaims, now = Date.now()): CachedActor | undefined {
    if (!this.active) return undefined;
    const e = this.sessions.get(claims.sid);
    if (!e) return undefined;
    if (e.until <= now) {
      this.dropSession(claims.sid);
      return undefined;
    }
    if (e.typ !== claims.typ || e.actor.userId !== claims.user_id) return undefined;
    return e.actor;
  }

  /**
   * The cached actor of a session, once it is certain that no revocation committed before this call is
   * still on its way. On PostgreSQL a notice reaches this process a moment after the revoking transaction
   * commits, so a cache hit first waits for one round trip on the listening connection: PostgreSQL sends
   * a connection every pending notice before the answer to its next statement, hence any revocation
   * committed before this request arrived has been applied when the answer comes back. Concurrent hits
   * share one round trip. On PGlite notices are applied as the committing statement completes.
   */
  async actor(claims: AccessClaims): Promise<CachedActor | undefined> {
    if (!this.get(claims)) return undefined;
    if (this.barrier) {
      try {
        await this.barrier();
      } catch {
        return undefined;
      }
    }
    return this.get(claims);
  }

  /**
   * Waits until every notice committed before the call has been applied (see `actor`); false when that
   * cannot be known (not listening, or the round trip failed). Used by caches that share this listener.
   */
  async sync(): Promise<boolean> {
    if (!this.active) return false;
    if (this.barrier) {
      try {
        await this.barrier();
      } catch {
        return false;
      }
    }
    return this.active;
  }

  /** Called whenever the cache is cleared as a whole (listener lost or reconnected). */
  onReset(fn: () => void) {
    this.resetListeners.push(fn);
  }

  /** Set by the listener. */
  setBarrier(barrier: (() => Promise<void>) | undefined) {
    this.barrier = barrier;
  }

  /** Call before the database lookup; pass the value to `set` so a lookup raced by an invalidation is dropped. */
  epoch(): number {
    return this.generation;
  }

  set(epoch: number, sid: string, typ: AccessClaims["typ"], actor: CachedActor, sessionExpiresAt: Date) {
    if (!this.active || this.racedBy(epoch, sid, actor.userId)) return;
    // between 80 % and 100 % of the TTL: sessions that began together (a shift starting, a restart) are not
    // all read again in the same second
    const ttl = this.ttlMs * (0.8 + 0.2 * Math.random());
    const until = Math.min(Date.now() + ttl, sessionExpiresAt.getTime());
    if (this.sessions.size >= this.maxEntries) {
      const oldest = this.sessions.keys().next().value;
      if (oldest !== undefined) this.dropSession(oldest);
    }
    this.sessions.set(sid, { actor, typ, until });
    const set = this.userSessions.get(actor.userId);
    if (set) set.add(sid);
    else this.userSessions.set(actor.userId, new Set([sid]));
  }

  /** True when an invalidation since `epoch` concerns this session or user, or may have (log overflow). */
  private racedBy(epoch: number, sid: string, userId: string): boolean {
    if (epoch === this.generation) return false;
    const first = this.recent[0];
    if (!first || first.gen > epoch + 1) return true;
    for (let i = this.recent.length - 1; i >= 0; i--) {
      const r = this.recent[i]!;
      if (r.gen <= epoch) break;
      if (r.key === "*" || r.key === `s:${sid}` || r.key === `u:${userId}`) return true;
    }
    return false;
  }

  private record(key: string) {
    this.generation++;
    this.recent.push({ gen: this.generation, key });
    if (this.recent.length > SessionCache.RECENT_MAX) this.recent.splice(0, this.recent.length >> 1);
  }

  /** Applies one notice of AUTH_CHANNEL: `s:<session id>` or `u:<user id>`. */
  invalidate(payload: string) {
    const id = payload.slice(2);
    if (payload.startsWith("s:")) {
      this.record(payload);
      this.dropSession(id);
    } else if (payload.startsWith("u:")) {
      this.record(payload);
      for (const sid of this.userSessions.get(id) ?? []) this.sessions.delete(sid);
      this.userSessions.delete(id);
    } else this.clear();
  }

  clear() {
    this.record("*");
    this.sessions.clear();
    this.userSessions.clear();
  }

  /** Called by the listener: the cache is used only while notices can arrive. */
  setListening(on: boolean) {
    this.clear();
    this.listening = on;
    for (const fn of this.resetListeners) fn();
  }

  private dropSession(sid: string) {
    const e = this.sessions.get(sid);
    if (!e) return;
    this.sessions.delete(sid);
    const set = this.userSessions.get(e.actor.userId);
    set?.delete(sid);
    if (set && set.size === 0) this.userSessions.delete(e.actor.userId);
  }

  private dropOldest(map: Map<string, unknown>) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}

/**
 * Starts listening for invalidations: on PostgreSQL a dedicated connection (reconnecting after a second
 * when lost), on PGlite the embedded instance's listener. Returns a function that stops listening.
 */
export async function listenForInvalidations(
  database: Database,
  cache: SessionCache,
  opts: { onError?: (err: unknown) => void; retryMs?: number; barrierTimeoutMs?: number } = {},
): Promise<() => Promise<void>> {
  if (database.kind === "pglite") {
    const unlisten = [await database.pglite!.listen(AUTH_CHANNEL, (payload) => cache.invalidate(payload))];
    for (const [channel, handle] of cache.extraChannels)
      unlisten.push(await database.pglite!.listen(channel, handle));
    cache.setListening(true);
    return async () => {
      cache.setListening(false);
      for (const u of unlisten) await u();
    };
  }

  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  const retryMs = opts.retryMs ?? 1000;
  const barrierTimeoutMs = opts.barrierTimeoutMs ?? 2000;

  const down = (c: pg.Client, err?: unknown) => {
    if (client !== c) return;
    client = undefined;
    cache.listenerPid = undefined;
    cache.setListening(false);
    if (err) opts.onError?.(err);
    c.end().catch(() => {});
    if (!closed) timer = setTimeout(() => void connect(), retryMs);
  };

  // One statement on the listening connection serves every request that asked before it was sent.
  let waiting: { resolve: () => void; reject: (err: unknown) => void }[] = [];
  let pumping = false;
  const pump = async () => {
    pumping = true;
    // requests that arrive in the same turn of the event loop (a portal's two polls, a burst) share the
    // round trip: it starts after all of them arrived, so it still covers every one of them
    await new Promise((resolve) => setImmediate(resolve));
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      const c = client;
      try {
        if (!c || !cache.active) throw new Error("not listening");
        await withTimeout(c.query("select 1"), barrierTimeoutMs);
        for (const w of batch) w.resolve();
      } catch (err) {
        for (const w of batch) w.reject(err);
        if (c && client === c) down(c, err);
      }
    }
    pumping = false;
  };
  cache.setBarrier(
    () =>
      new Promise<void>((resolve, reject) => {
        waiting.push({ resolve, reject });
        if (!pumping) void pump();
      }),
  );

  async function connect() {
    timer = undefined;
    if (closed) return;
    const c = new pg.Client({
      connectionString: database.connectionString,
      application_name: LISTENER_NAME,
    });
    client = c;
    c.on("error", (err) => down(c, err));
    c.on("end", () => down(c));
    c.on("notification", (m) => {
      if (m.channel === AUTH_CHANNEL) cache.invalidate(m.payload ?? "");
      else cache.extraChannels.get(m.channel)?.(m.payload ?? "");
    });
    try {
      await c.connect();
      await c.query(`listen ${AUTH_CHANNEL}`);
      for (const channel of cache.extraChannels.keys()) await c.query(`listen ${channel}`);
      if (client === c && !closed) {
        cache.listenerPid = (c as unknown as { processID?: number }).processID;
        cache.setListening(true);
      }
    } catch (err) {
      down(c, err);
    }
  }

  await connect();
  return async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    cache.setBarrier(undefined);
    cache.setListening(false);
    const c = client;
    client = undefined;
    await c?.end().catch(() => {});
  };
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
