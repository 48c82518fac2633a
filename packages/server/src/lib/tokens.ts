import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";

/** What the portal decodes (`role`, `user_id`) plus company and session ids. */
export interface AccessClaims {
  user_id: string;
  role: string;
  company_id: string;
  sid: string;
  /** "access" for a signed-in session, "preauth" between password and one-time code. */
  typ: "access" | "preauth";
}

export async function signToken(
  secret: Uint8Array,
  claims: AccessClaims,
  ttlSeconds: number,
): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .setSubject(claims.user_id)
    .sign(secret);
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; expired: boolean };

export async function verifyToken(secret: Uint8Array, token: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ["HS256"] });
    const { user_id, role, company_id, sid, typ } = payload as Partial<AccessClaims>;
    if (!user_id || !role || !company_id || !sid || (typ !== "access" && typ !== "preauth")) {
      return { ok: false, expired: false };
    }
    return { ok: true, claims: { user_id, role, company_id, sid, typ } };
  } catch (err) {
    return { ok: false, expired: err instanceof errors.JWTExpired };
  }
}

/** A random 256-bit token for links (verification, reset), URL-safe. */
export const randomToken = () => randomBytes(32).toString("base64url");
/** Tokens are stored hashed; compare hashes in constant time. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
