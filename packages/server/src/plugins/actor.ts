import type { Database } from "../db/client";
import { Forbidden, Unauthorized } from "../errors";
import { type AccessClaims, verifyToken } from "../lib/tokens";

/** Who is calling: set by the auth hook on every protected /api request. */
export interface Actor {
  userId: string;
  companyId: string;
  role: "admin" | "supervisor" | "agent";
  isOwner: boolean;
  departmentIds: string[];
  sessionId: string;
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

/**
 * Authenticates a bearer token: a valid signature, an access (not pre-authentication) token, and a live
 * session of an active user. One indexed query per request.
 */
export async function authenticate(
  database: Database,
  secret: Uint8Array,
  authorization: string | undefined,
): Promise<Actor> {
  const token = bearer(authorization);
  if (!token) throw new Unauthorized("Invalid or expired token");
  const result = await verifyToken(secret, token);
  if (!result.ok)
    throw new Unauthorized(
      result.expired ? "Session Expired. Please login again." : "Invalid or expired token",
    );
  return loadActor(database, result.claims, "access");
}

export async function loadActor(
  database: Database,
  claims: AccessClaims,
  typ: AccessClaims["typ"],
): Promise<Actor> {
  if (claims.typ !== typ) throw new Unauthorized("Invalid or expired token");
  const rows = await database.query<{
    user_id: string;
    company_id: string;
    user_role: Actor["role"];
    is_owner: boolean;
    status: string;
    department_ids: string[] | null;
  }>(
    `select u.id as user_id, u.company_id, u.user_role, u.is_owner, u.status,
            array(select ud.department_id from user_departments ud where ud.user_id = u.id) as department_ids
       from sessions s join users u on u.id = s.user_id and u.company_id = s.company_id
      where s.id = $1 and s.user_id = $2 and s.kind = $3 and s.revoked_at is null and s.expires_at > now()`,
    [claims.sid, claims.user_id, typ],
  );
  const row = rows[0];
  if (!row) throw new Unauthorized("Session Expired. Please login again.");
  if (row.status !== "active")
    throw new Forbidden("Your account is not active. Please contact your administrator.");
  return {
    userId: row.user_id,
    companyId: row.company_id,
    role: row.user_role,
    isOwner: row.is_owner,
    departmentIds: row.department_ids ?? [],
    sessionId: claims.sid,
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
