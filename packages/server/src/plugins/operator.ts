import { errors, jwtVerify, SignJWT } from "jose";
import type { Database } from "../db/client";
import { Unauthorized } from "../errors";

/**
 * Who is calling an operator operation (`security: operatorAuth` in openapi.yaml): a platform operator, never a
 * user of a company. Operator tokens carry `typ: "operator"` and no company, so the company auth hook
 * (plugins/actor.ts) refuses them, and this hook refuses every company token.
 */
export interface OperatorActor {
  operatorId: string;
  email: string;
  name: string;
  sessionId: string;
}

declare module "fastify" {
  interface FastifyRequest {
    operator?: OperatorActor;
  }
}

export interface OperatorClaims {
  op_id: string;
  sid: string;
  typ: "operator";
}

/** Operator sessions are shorter than users' (4 hours). */
export const OPERATOR_TOKEN_TTL = 4 * 3600;

export async function signOperatorToken(
  secret: Uint8Array,
  claims: Omit<OperatorClaims, "typ">,
  ttlSeconds = OPERATOR_TOKEN_TTL,
): Promise<string> {
  return new SignJWT({ ...claims, typ: "operator" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .setSubject(claims.op_id)
    .sign(secret);
}

const OPERATOR_SQL = `select o.id, o.email, o.name from operator_sessions s join operators o on o.id = s.operator_id
 where s.id = $1 and s.operator_id = $2 and s.kind = 'access' and s.revoked_at is null and s.expires_at > now()
   and o.status = 'active'`;

/** A valid operator token naming a live session of an active operator: one indexed query. */
export async function authenticateOperator(
  database: Database,
  secret: Uint8Array,
  authorization: string | undefined,
): Promise<OperatorActor> {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
  if (!token) throw new Unauthorized("Invalid or expired token");
  let claims: Partial<OperatorClaims>;
  try {
    claims = (await jwtVerify(token, secret, { algorithms: ["HS256"] })).payload as Partial<OperatorClaims>;
  } catch (err) {
    throw new Unauthorized(
      err instanceof errors.JWTExpired ? "Session Expired. Please login again." : "Invalid or expired token",
    );
  }
  if (claims.typ !== "operator" || !claims.op_id || !claims.sid) {
    throw new Unauthorized("Invalid or expired token");
  }
  const rows = await database.prepared<{ id: string; email: string; name: string }>(
    "herald_operator",
    OPERATOR_SQL,
  )([claims.sid, claims.op_id]);
  const row = rows[0];
  if (!row) throw new Unauthorized("Session Expired. Please login again.");
  return { operatorId: row.id, email: row.email, name: row.name, sessionId: claims.sid };
}

/** Operator services call this on their first line. */
export function requireOperator(operator: OperatorActor | undefined): OperatorActor {
  if (!operator) throw new Unauthorized();
  return operator;
}
