/**
 * Operator accounts and sign-in (`operators`, `operator_sessions`, written only here).
 *
 * - An operator is created on the server (`herald-server operator create EMAIL`, operator.command.ts): an invited
 *   account and a one-time link `$HERALD_PUBLIC_URL/operator/activate?token=…` (a random 256-bit token stored
 *   hashed as an 'activate' row, 24 hours, single use). Creating an existing address issues a new link (older
 *   unused links stop working); the link sets the name and password (the users' rules and block-list) and ends
 *   the operator's sessions.
 * - Sign-in always has two steps: the password (rate limited per address and account like the users' sign-in,
 *   one answer for every failure, a password hashed even for unknown addresses) makes a 'preauth' row holding the
 *   hash of a 6-digit code e-mailed through the queue, and answers a random challenge (stored hashed) naming it;
 *   the code (10 minutes, 5 tries, single use) makes an 'access' session and its token.
 * - Sign-ins, failed ones and new operators are audited (company null).
 */
import { createHash, randomInt } from "node:crypto";
import type { components } from "@herald/api-client/schema";
import { validateNewPassword } from "@herald/domain";
import { sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Config } from "../../config";
import type { Database, DbOrTx } from "../../db/client";
import { rowsOf } from "../../db/sql";
import type { Deps } from "../../deps";
import { operatorOtpEmail } from "../../emails/templates";
import { BadRequest, TooManyRequests, Unauthorized } from "../../errors";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import { bump, hit, refund, reset as resetLimit } from "../../lib/rate-limit";
import { hashToken, randomToken, safeEqual } from "../../lib/tokens";
import { OPERATOR_TOKEN_TTL, type OperatorActor, signOperatorToken } from "../../plugins/operator";
import { type AuditWho, recordAudit } from "../audit/audit";
import { OPERATOR_MESSAGES as M } from "./operator.messages";

type S = components["schemas"];

export const ACTIVATE_TTL_MS = 24 * 3600_000;
export const OPERATOR_OTP_TTL_MS = 10 * 60_000;
export const OPERATOR_OTP_MAX_TRIES = 5;

/** Sign-in limits, as the users' (auth.service.ts LOGIN_LIMITS), on their own counters. */
export const OPERATOR_LOGIN_LIMITS = {
  ip: { max: 30, windowSeconds: 600 },
  accountIp: { max: 10, windowSeconds: 600 },
  account: { max: 50, windowSeconds: 3600 },
} as const;

interface OperatorRow {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  status: "invited" | "active" | "disabled";
}

/** A code's hash is bound to its sign-in, so equal codes of two sign-ins never share a hash. */
const codeHash = (challengeId: string, code: string) =>
  createHash("sha256").update(`operator:${challengeId}:${code}`).digest("hex");
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

const failed = (op: OperatorRow, ip: string, reason: string) => ({
  companyId: null,
  who: { type: "operator" as const, id: op.id, ip },
  action: "operator.sign_in_failed",
  target: { type: "operator", id: op.id, label: op.email },
  after: { reason },
});

export interface OperatorLink {
  email: string;
  link: string;
  /** False when the address was already an operator's (a new link was issued). */
  created: boolean;
}

/**
 * Creates an invited operator (or finds the existing one) and issues a one-time sign-in link; older unused links
 * of the operator stop working. Used by `herald-server operator create`.
 */
export async function issueOperatorLink(
  database: Database,
  config: Pick<Config, "publicUrl">,
  emailText: string,
  who: AuditWho = { type: "system", label: "herald-server operator create" },
): Promise<OperatorLink> {
  const email = emailText.trim();
  const token = randomToken();
  const created = await database.db.transaction(async (tx) => {
    const [found] = rowsOf<{ id: string }>(
      await tx.execute(sql`select id from operators where lower(email) = lower(${email}) for update`),
    );
    let id = found?.id;
    if (!id) {
      id = uuidv7();
      // (two commands racing for one address: the unique index makes the second fail, and it may run again)
      await tx.execute(
        sql`insert into operators (id, email, status) values (${id}::uuid, ${email}, 'invited')`,
      );
      await recordAudit(tx, {
        companyId: null,
        who,
        action: "operator.created",
        target: { type: "operator", id, label: email },
        after: { email },
      });
    } else {
      await recordAudit(tx, {
        companyId: null,
        who,
        action: "operator.link_issued",
        target: { type: "operator", id, label: email },
      });
    }
    await tx.execute(sql`update operator_sessions set revoked_at = now()
                          where operator_id = ${id}::uuid and kind = 'activate' and used_at is null
                            and revoked_at is null`);
    await tx.execute(sql`insert into operator_sessions (id, operator_id, kind, token_hash, expires_at)
                         values (${uuidv7()}::uuid, ${id}::uuid, 'activate', ${hashToken(token)},
                                 ${new Date(Date.now() + ACTIVATE_TTL_MS).toISOString()}::timestamptz)`);
    return !found;
  });
  return {
    email,
    created,
    link: `${config.publicUrl}/operator/activate?token=${encodeURIComponent(token)}`,
  };
}

export function operatorAccounts({ database, config, queue }: Deps) {
  const { db } = database;

  async function findByEmail(d: DbOrTx, email: string): Promise<OperatorRow | undefined> {
    const [row] = rowsOf<OperatorRow>(
      await d.execute(sql`select id::text as id, email, name, password_hash, status from operators
                           where lower(email) = lower(${email})`),
    );
    return row;
  }

  return {
    /** Sets name and password from a one-time link; the operator may then sign in. */
    async activate(body: S["OperatorActivateRequest"], ip: string): Promise<S["Ok"]> {
      await hit(database, [{ key: `op-activate:ip:${ip}`, max: 20, windowSeconds: 3600 }]);
      const name = body.name.trim();
      if (!name) throw new BadRequest("Please enter your name.");
      const weak = validateNewPassword(body.password);
      if (weak) throw new BadRequest(weak);
      const passwordHash = await hashPassword(body.password);
      const ok = await db.transaction(async (tx) => {
        const [link] = rowsOf<{ operator_id: string }>(
          await tx.execute(sql`update operator_sessions set used_at = now()
                                where token_hash = ${hashToken(body.token)} and kind = 'activate'
                                  and used_at is null and revoked_at is null and expires_at > now()
                            returning operator_id::text as operator_id`),
        );
        if (!link) return false;
        await tx.execute(sql`update operators set name = ${name}, password_hash = ${passwordHash}, status = 'active'
                              where id = ${link.operator_id}::uuid`);
        // A new password ends every session and sign-in in progress.
        await tx.execute(sql`update operator_sessions set revoked_at = now()
                              where operator_id = ${link.operator_id}::uuid and kind in ('access', 'preauth')
                                and revoked_at is null`);
        await recordAudit(tx, {
          companyId: null,
          who: { type: "operator", id: link.operator_id, ip },
          action: "operator.activated",
          target: { type: "operator", id: link.operator_id, label: name },
        });
        return true;
      });
      if (!ok) throw new BadRequest(M.linkInvalid);
      return { message: M.activated };
    },

    /** First step: e-mail and password; a right password e-mails a code and answers the challenge. */
    async login(
      body: S["OperatorLoginRequest"],
      meta: { ip: string; userAgent?: string },
    ): Promise<S["OperatorLoginChallenge"]> {
      const email = body.email.trim().toLowerCase();
      await hit(database, [{ key: `op-login:ip:${meta.ip}`, ...OPERATOR_LOGIN_LIMITS.ip }]);
      // Every attempt counts first (parallel guesses cannot slip past a limit); a right password takes it back.
      const pairKey = `op-login:acct-ip:${meta.ip}:${email}`;
      const accountKey = `op-login:acct:${email}`;
      const pair = await bump(database, pairKey, OPERATOR_LOGIN_LIMITS.accountIp.windowSeconds);
      if (pair.count > OPERATOR_LOGIN_LIMITS.accountIp.max) throw new TooManyRequests(pair.retry);
      const account = await bump(database, accountKey, OPERATOR_LOGIN_LIMITS.account.windowSeconds);
      if (account.count > OPERATOR_LOGIN_LIMITS.account.max && pair.count > 1)
        throw new TooManyRequests(pair.retry);
      const op = await findByEmail(db, email);
      // The same answer and about the same work whether or not the account exists or has a password yet.
      let ok = false;
      if (op?.password_hash) ok = await verifyPassword(op.password_hash, body.password);
      else await hashPassword(body.password);
      if (!op || !ok || op.status !== "active") {
        if (op) await recordAudit(db, failed(op, meta.ip, ok ? "Account not active" : "Wrong password"));
        throw new Unauthorized(M.wrongCredentials);
      }
      await resetLimit(database, pairKey);
      await refund(database, accountKey);
      const challenge = randomToken();
      const id = uuidv7();
      const code = newCode();
      await db.transaction(async (tx) => {
        await tx.execute(sql`insert into operator_sessions (id, operator_id, kind, token_hash, code_hash, ip,
                               user_agent, expires_at)
                             values (${id}::uuid, ${op.id}::uuid, 'preauth', ${hashToken(challenge)},
                                     ${codeHash(id, code)}, ${meta.ip.slice(0, 64)},
                                     ${meta.userAgent?.slice(0, 300) ?? null},
                                     ${new Date(Date.now() + OPERATOR_OTP_TTL_MS).toISOString()}::timestamptz)`);
        await queue.enqueue(
          "email.send",
          { to: op.email, ...operatorOtpEmail(op.name, code), key: `operator-otp:${id}` },
          { tx },
        );
      });
      return { challenge, message: M.codeSent };
    },

    /** Second step: the e-mailed code of a challenge (10 minutes, 5 tries, once) -> a session token. */
    async verifyOtp(
      body: S["OperatorVerifyOtpRequest"],
      meta: { ip: string; userAgent?: string },
    ): Promise<S["OperatorSession"]> {
      await hit(database, [{ key: `op-otp:ip:${meta.ip}`, max: 60, windowSeconds: 600 }]);
      const tokenHash = hashToken(body.challenge);
      // Count the try first, atomically: the sixth try is refused even with the right code.
      const [row] = rowsOf<{ id: string; operator_id: string; code_hash: string }>(
        await db.execute(sql`update operator_sessions set attempts = attempts + 1
                              where token_hash = ${tokenHash} and kind = 'preauth' and used_at is null
                                and revoked_at is null and expires_at > now() and attempts < ${OPERATOR_OTP_MAX_TRIES}
                          returning id::text as id, operator_id::text as operator_id, code_hash`),
      );
      if (!row) {
        const [spent] = rowsOf<{ id: string }>(
          await db.execute(sql`select id from operator_sessions
                                where token_hash = ${tokenHash} and kind = 'preauth' and used_at is null
                                  and revoked_at is null and expires_at > now()`),
        );
        throw new Unauthorized(spent ? M.triesUsed : M.challengeEnded);
      }
      if (!safeEqual(row.code_hash ?? "", codeHash(row.id, body.code))) {
        const [op] = rowsOf<OperatorRow>(
          await db.execute(sql`select id::text as id, email, name, password_hash, status from operators
                                where id = ${row.operator_id}::uuid`),
        );
        if (op) await recordAudit(db, failed(op, meta.ip, "Wrong sign-in code"));
        throw new BadRequest(M.wrongCode);
      }
      const sessionId = uuidv7();
      const op = await db.transaction(async (tx) => {
        const [spent] = rowsOf<{ id: string }>(
          await tx.execute(sql`update operator_sessions set used_at = now()
                                where id = ${row.id}::uuid and used_at is null and revoked_at is null
                            returning id`),
        );
        if (!spent) return null;
        const [found] = rowsOf<{ id: string; email: string; name: string }>(
          await tx.execute(sql`update operators set last_sign_in_at = now()
                                where id = ${row.operator_id}::uuid and status = 'active'
                            returning id::text as id, email, name`),
        );
        if (!found) return null;
        await tx.execute(sql`insert into operator_sessions (id, operator_id, kind, ip, user_agent, expires_at)
                             values (${sessionId}::uuid, ${found.id}::uuid, 'access', ${meta.ip.slice(0, 64)},
                                     ${meta.userAgent?.slice(0, 300) ?? null},
                                     now() + make_interval(secs => ${OPERATOR_TOKEN_TTL}))`);
        await recordAudit(tx, {
          companyId: null,
          who: { type: "operator", id: found.id, ip: meta.ip },
          action: "operator.signed_in",
          target: { type: "operator", id: found.id, label: found.email },
        });
        return found;
      });
      if (!op) throw new Unauthorized(M.challengeEnded);
      const token = await signOperatorToken(config.jwtSecret, { op_id: op.id, sid: sessionId });
      return { token, operator: { id: op.id, email: op.email, name: op.name } };
    },

    async logout(operator: OperatorActor): Promise<S["Ok"]> {
      await db.execute(sql`update operator_sessions set revoked_at = now()
                            where id = ${operator.sessionId}::uuid and revoked_at is null`);
      return { message: M.signedOut };
    },

    me(operator: OperatorActor): S["Operator"] {
      return { id: operator.operatorId, email: operator.email, name: operator.name };
    },

    /** What waits for the operator, in one statement. */
    async overview(): Promise<S["OperatorOverview"]> {
      const [r] = rowsOf<Record<keyof S["OperatorOverview"], number | string>>(
        await db.execute(sql`select
            (select count(*) from companies) as companies,
            (select count(*) from company_status where status = 'suspended') as suspended,
            (select count(*) from topup_requests where status = 'open') as "openTopups",
            (select count(*) from sender_ids where status = 'requested') as "senderIdRequests",
            (select count(*) from unrouted_inbound where received_at > now() - interval '7 days') as unrouted`),
      );
      return {
        companies: Number(r?.companies ?? 0),
        suspended: Number(r?.suspended ?? 0),
        openTopups: Number(r?.openTopups ?? 0),
        senderIdRequests: Number(r?.senderIdRequests ?? 0),
        unrouted: Number(r?.unrouted ?? 0),
      };
    },
  };
}
