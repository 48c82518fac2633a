import type { Database } from "../db/client";
import { NOT_SUSPENDED_SQL, SUSPENDED_MESSAGE } from "../db/company-status";
import { Forbidden, Unauthorized } from "../errors";
import type { SessionCache } from "../lib/session-cache";
import { type AccessClaims, verifyToken } from "../lib/tokens";

/** Who is calling: set by the auth hook on every protected /api request. */
export interface Actor {
  userId: string;
  companyId: string;
  role: "admin" | "supervisor" | "agent";
  isOwner: boolean;
  departmentIds: string[];
  sessionId: string;
  /** The client's address (request.ip), for the audit log. */
  ip?: string;
  /**
   * The session cache waited for its listener before answering (a cache hit): every change committed
   * before the request arrived has been applied to the process's caches (lib/chat-cache.ts).
   */
  fresh?: boolean;
}

declare module "fastify" {
  interface FastifyRequest {
    actor?: Actor;
  }
}

const bearer = (header: string | undefined) => {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  return m?.[1];
};

/** The `exp` claim (seconds) of a token whose signature was just verified. */
const expiryOf = (token: string): number => {
  const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as {
    exp?: unknown;
  };
  return typeof payload.exp === "number" ? payload.exp : 0;
};

/**
 * Authenticates a bearer token: a valid signature, an access (not pre-authentication) token, and a live
 * session of an active user. One indexed query per request, or none when the session's actor is in the
 * process's session cache (kept only while revocations are received, see lib/session-cache.ts). A token
 * whose signature was already verified is not verified again (its expiry still is).
 */
export async function authenticate(
  database: Database,
  secret: Uint8Array,
  authorization: string | undefined,
  cache?: SessionCache,
): Promise<Actor> {
  const token = bearer(authorization);
  if (!token) throw new Unauthorized("Invalid or expired token");
  let claims = cache?.verifiedToken(token);
  if (!claims) {
    const result = await verifyToken(secret, token);
    if (!result.ok)
      throw new Unauthorized(
        result.expired ? "Session Expired. Please login again." : "Invalid or expired token",
      );
    claims = result.claims;
    cache?.rememberToken(token, claims, expiryOf(token));
  }
  if (claims.typ !== "access") throw new Unauthorized("Invalid or expired token");
  const cached = await cache?.actor(claims);
  if (cached)
    return { ...cached, departmentIds: [...cached.departmentIds], sessionId: claims.sid, fresh: true };
  const epoch = cache?.epoch() ?? 0;
  const { actor, sessionExpiresAt } = await lookupActor(database, claims, "access");
  const { sessionId: _, ...forCache } = actor;
  cache?.set(epoch, claims.sid, "access", forCache, sessionExpiresAt);
  return { ...actor, departmentIds: [...actor.departmentIds] };
}

export async function loadActor(
  database: Database,
  claims: AccessClaims,
  typ: AccessClaims["typ"],
): Promise<Actor> {
  return (await lookupActor(database, claims, typ)).actor;
}

/**
 * The session is read whether or not it is still live, so that a session of a suspended company (revoked by the
 * suspension) is told why rather than that it expired.
 */
const ACTOR_SQL = `select u.id as user_id, u.company_id, u.user_role, u.is_owner, u.status, s.expires_at,
       (s.revoked_at is null and s.expires_at > now()) as live,
       ${NOT_SUSPENDED_SQL("u.company_id")} as company_active,
       array(select ud.department_id from user_departments ud where ud.user_id = u.id) as department_ids
  from sessions s join users u on u.id = s.user_id and u.company_id = s.company_id
 where s.id = $1 and s.user_id = $2 and s.kind = $3`;

/**
 * The one query behind the actor: session, user, department ids and whether the operator suspended the company,
 * together (a prepared statement).
 */
async function lookupActor(
  database: Database,
  claims: AccessClaims,
  typ: AccessClaims["typ"],
): Promise<{ actor: Actor; sessionExpiresAt: Date }> {
  if (claims.typ !== typ) throw new Unauthorized("Invalid or expired token");
  const rows = await database.prepared<{
    user_id: string;
    company_id: string;
    user_role: Actor["role"];
    is_owner: boolean;
    status: string;
    department_ids: string[] | null;
    expires_at: Date | string;
    live: boolean;
    company_active: boolean;
  }>(
    "herald_actor",
    ACTOR_SQL,
  )([claims.sid, claims.user_id, typ]);
  const row = rows[0];
  if (!row) throw new Unauthorized("Session Expired. Please login again.");
  if (!row.company_active) throw new Forbidden(SUSPENDED_MESSAGE);
  if (!row.live) throw new Unauthorized("Session Expired. Please login again.");
  if (row.status !== "active")
    throw new Forbidden("Your account is not active. Please contact your administrator.");
  return {
    actor: {
      userId: row.user_id,
      companyId: row.company_id,
      role: row.user_role,
      isOwner: row.is_owner,
      departmentIds: row.department_ids ?? [],
      sessionId: claims.sid,
    },
    sessionExpiresAt: new Date(row.expires_at),
  };
}

/** Services call this on their first line. */
export function assertAdmin(actor: Actor | undefined): asserts actor is Actor {
  if (!actor) throw new Unauthorized();
  if (actor.role !== "admin") throw new Forbidden("Invalid Access");
}

export function requireActor(actor: Actor | undefined): Actor {
  if (!actor) throw new Unauthorized();
  return actor;
}
