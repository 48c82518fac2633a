import { createHash, randomInt } from "node:crypto";
import type { components } from "@herald/api-client/schema";
import {
  contactNumberCountryMismatch,
  countryByName,
  DEFAULT_COMPANY_COUNTRY,
  MESSAGES,
  parsePhone,
  validateContactNumber,
  validateCountry,
  validateNewPassword,
  validatePasswordConfirm,
  validateStoredContactNumber,
} from "@herald/domain";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { isSuspended, SUSPENDED_MESSAGE } from "../../db/company-status";
import { companies, emailTokens, otpSessions, sessions, users } from "../../db/schema";
import type { Deps } from "../../deps";
import { otpEmail, otpLockedEmail, otpSms, resetEmail, verificationEmail } from "../../emails/templates";
import { BadRequest, Forbidden, HttpError, NotFound, TooManyRequests, Unauthorized } from "../../errors";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import { bump, hit, peek, refund, reset as resetLimit } from "../../lib/rate-limit";
import { hashToken, randomToken, safeEqual, signToken, verifyToken } from "../../lib/tokens";
import { type Actor, loadActor } from "../../plugins/actor";
import { recordAudit, userWho } from "../audit/audit";
import { signInFailure } from "../audit/changes";
import {
  emailTaken as emailInUse,
  findUserByEmail,
  findUserById,
  revokeSessions,
  spendLink,
  type UserRow,
} from "../users.repository";

type S = components["schemas"];

export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_TRIES = 5;
export const PREAUTH_TTL_S = 15 * 60;
export const VERIFY_TTL_MS = 24 * 3600_000;
export const RESET_TTL_MS = 3600_000;

/**
 * Sign-in limits (also in the description of /login in openapi.yaml). Wrong passwords are counted per
 * account and client address, so someone guessing from one address cannot lock the owner out of their
 * account from another; a slower account-wide count stops guessing spread over many addresses. Past the
 * account-wide limit an address that has not failed on the account in its current window still gets its
 * try, so the right password from a new device always signs in; an address that failed waits for its
 * window to end. Every attempt of an address also counts towards its own limit, whatever the account.
 */
export const LOGIN_LIMITS = {
  ip: { max: 30, windowSeconds: 600 },
  accountIp: { max: 10, windowSeconds: 600 },
  account: { max: 100, windowSeconds: 3600 },
} as const;

/**
 * Wrong one-time codes per account, across codes and sign-in attempts: reaching the cap ends the sign-in,
 * e-mails the account and refuses codes until the window ends (a new sign-in with the password is needed).
 */
export const OTP_FAILURE_CAP = 10;
export const OTP_FAILURE_WINDOW_S = 3600;
const otpFailureKey = (userId: string) => `otp-fail:acct:${userId}`;

/** Where a code went, without giving the address away: "j***@example.com", "+65 ****4567". */
export function maskDestination(user: Pick<UserRow, "email" | "contactNumber">, channel: "email" | "sms") {
  if (channel === "email") {
    const at = user.email.lastIndexOf("@");
    return `${user.email.slice(0, 1)}***${user.email.slice(at)}`;
  }
  const phone = parsePhone(`+${user.contactNumber}`);
  const digits = phone?.nationalNumber ?? user.contactNumber;
  return `${phone ? `+${phone.callingCode} ` : ""}****${digits.slice(-4)}`;
}

const TOKEN_EXPIRED = MESSAGES.tokenExpired;
const INVALID_CREDENTIALS = MESSAGES.invalidEmailOrPassword;

/** A code's hash is bound to its session, so equal codes of two sessions never share a hash. */
const codeHash = (sessionId: string, code: string) =>
  createHash("sha256").update(`${sessionId}:${code}`).digest("hex");
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

export function authService({ database, config, queue }: Deps) {
  const { db } = database;

  async function startSession(
    user: UserRow,
    kind: "access" | "preauth",
    meta: { ip?: string; userAgent?: string },
  ) {
    const ttl = kind === "access" ? config.tokenTtlSeconds : PREAUTH_TTL_S;
    const [s] = await db
      .insert(sessions)
      .values({
        userId: user.id,
        companyId: user.companyId,
        kind,
        ip: meta.ip?.slice(0, 64),
        userAgent: meta.userAgent?.slice(0, 300),
        expiresAt: new Date(Date.now() + ttl * 1000),
      })
      .returning();
    // Signed in: the user shows as online to their colleagues.
    if (kind === "access") await db.update(users).set({ userStatus: "online" }).where(eq(users.id, user.id));
    if (kind === "access")
      await recordAudit(db, {
        companyId: user.companyId,
        who: { type: "user", id: user.id, ip: meta.ip ?? null },
        action: "auth.signed_in",
      });
    return signToken(
      config.jwtSecret,
      { user_id: user.id, role: user.userRole, company_id: user.companyId, sid: s!.id, typ: kind },
      ttl,
    );
  }

  /** The pre-authentication token of /login, checked for the one-time-code calls. */
  async function preauth(jwttoken: string): Promise<Actor> {
    const v = await verifyToken(config.jwtSecret, jwttoken);
    if (!v.ok || v.claims.typ !== "preauth") throw new Unauthorized(TOKEN_EXPIRED);
    try {
      return await loadActor(database, v.claims, "preauth");
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 403) throw err;
      throw new Unauthorized(TOKEN_EXPIRED);
    }
  }

  function whyBlocked(user: UserRow): string | null {
    if (user.status === "deleted") return "This account has been deleted. Please contact your administrator.";
    if (user.status !== "active") return "Your account is inactive. Please contact your administrator.";
    if (!user.emailVerifiedAt) return MESSAGES.verifyEmailFirst;
    return null;
  }

  /**
   * Refuses the one-time-code calls while the account's wrong codes are at the cap: the sign-in attempt
   * ends (its pre-authentication token stops working) and the user must sign in again later.
   */
  async function refuseWhileLocked(actor: Actor) {
    const failures = await peek(database, otpFailureKey(actor.userId), OTP_FAILURE_WINDOW_S);
    if (failures.count < OTP_FAILURE_CAP) return;
    await endAttempt(db, actor.sessionId);
    throw new TooManyRequests(failures.retry, MESSAGES.otpLocked);
  }

  /** Closes the attempt's code sessions and revokes its pre-authentication session. */
  async function endAttempt(tx: DbOrTx, attemptId: string) {
    await tx.update(otpSessions).set({ closedAt: new Date() }).where(eq(otpSessions.attemptId, attemptId));
    await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, attemptId));
  }

  /** A wrong code: counted against the account; at the cap the attempt ends and the account is warned. */
  async function wrongCode(actor: Actor, ip: string): Promise<never> {
    await recordAudit(db, {
      companyId: actor.companyId,
      who: userWho({ ...actor, ip }),
      action: "auth.code_failed",
    });
    const failures = await bump(database, otpFailureKey(actor.userId), OTP_FAILURE_WINDOW_S);
    if (failures.count < OTP_FAILURE_CAP) throw new BadRequest(MESSAGES.invalidOtp);
    const user = (await findUserById(db, actor.userId))!;
    await db.transaction(async (tx) => {
      await endAttempt(tx, actor.sessionId);
      // One warning per window: the failure that reaches the cap sends it.
      if (failures.count === OTP_FAILURE_CAP) {
        await queue.enqueue(
          "email.send",
          { to: user.email, ...otpLockedEmail(user.firstName, ip), key: `otp-locked:${actor.sessionId}` },
          { tx },
        );
      }
    });
    throw new TooManyRequests(failures.retry, MESSAGES.otpLocked);
  }

  async function sendCode(
    user: UserRow,
    otpSessionId: string,
    channel: "email" | "sms",
    code: string,
    tx: Parameters<Parameters<typeof db.transaction>[0]>[0],
  ) {
    if (channel === "sms") {
      await queue.enqueue(
        "sms.send",
        { to: user.contactNumber, text: otpSms(code), key: `otp:${otpSessionId}:${code}` },
        { tx },
      );
    } else {
      const mail = otpEmail(user.firstName, code);
      await queue.enqueue(
        "email.send",
        { to: user.email, ...mail, key: `otp:${otpSessionId}:${code}` },
        { tx },
      );
    }
  }

  async function sendVerification(
    user: Pick<UserRow, "id" | "firstName">,
    email: string,
    tx: Parameters<Parameters<typeof db.transaction>[0]>[0],
  ) {
    const token = randomToken();
    await tx
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(
        and(eq(emailTokens.userId, user.id), eq(emailTokens.kind, "verify"), isNull(emailTokens.usedAt)),
      );
    await tx.insert(emailTokens).values({
      userId: user.id,
      kind: "verify",
      tokenHash: hashToken(token),
      email,
      expiresAt: new Date(Date.now() + VERIFY_TTL_MS),
    });
    const link = `${config.publicUrl}/auths/auth-register/${user.id}/${token}`;
    await queue.enqueue(
      "email.send",
      {
        to: email,
        ...verificationEmail(user.firstName, link),
        key: `verify:${user.id}:${hashToken(token).slice(0, 16)}`,
      },
      { tx },
    );
  }

  /**
   * The holder of an address that a new registration may take over: an owner who never verified and never
   * signed in, whose verification link has expired, alone in a company without credit. Anyone else keeps
   * the address.
   */
  async function expiredRegistration(d: DbOrTx, email: string) {
    const [holder] = await d
      .select({ id: users.id, companyId: users.companyId })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(
        and(
          sql`lower(${users.email}) = lower(${email})`,
          eq(users.isOwner, true),
          isNull(users.emailVerifiedAt),
          eq(companies.creditCents, 0),
          sql`not exists (select 1 from ${sessions} where ${sessions.userId} = ${users.id})`,
          sql`not exists (select 1 from users o where o.company_id = ${users.companyId} and o.id <> ${users.id})`,
          sql`not exists (select 1 from ${emailTokens} where ${emailTokens.userId} = ${users.id}
                and ${emailTokens.kind} = 'verify' and ${emailTokens.usedAt} is null and ${emailTokens.expiresAt} > now())`,
        ),
      )
      .limit(1);
    return holder;
  }

  /** For registration: an address is taken unless its holder is an expired registration. */
  async function emailTaken(d: DbOrTx, email: string): Promise<boolean> {
    return (await emailInUse(d, email)) && !(await expiredRegistration(d, email));
  }

  /** Deletes an expired registration of the address: its company, and with it the user and their tokens. */
  async function removeExpiredRegistration(tx: DbOrTx, email: string) {
    const holder = await expiredRegistration(tx, email);
    if (holder) await tx.delete(companies).where(eq(companies.id, holder.companyId));
  }

  return {
    sendVerification,

    async login(
      body: S["LoginRequest"],
      meta: { ip: string; userAgent?: string },
    ): Promise<S["LoginResponse"]> {
      const email = body.email.trim().toLowerCase();
      await hit(database, [{ key: `login:ip:${meta.ip}`, ...LOGIN_LIMITS.ip }]);
      // Every attempt counts first (so parallel guesses cannot slip past a limit); a right password takes
      // its count back. The counters are keyed by address, so unknown accounts do the same work.
      const pairKey = `login:acct-ip:${meta.ip}:${email}`;
      const accountKey = `login:acct:${email}`;
      const pair = await bump(database, pairKey, LOGIN_LIMITS.accountIp.windowSeconds);
      if (pair.count > LOGIN_LIMITS.accountIp.max) throw new TooManyRequests(pair.retry);
      const account = await bump(database, accountKey, LOGIN_LIMITS.account.windowSeconds);
      // Past the account-wide limit only an address without a failure on this account may try.
      if (account.count > LOGIN_LIMITS.account.max && pair.count > 1) throw new TooManyRequests(pair.retry);
      const user = await findUserByEmail(db, email);
      // The same answer and roughly the same work whether or not the account exists.
      let ok = false;
      if (user) ok = await verifyPassword(user.passwordHash, body.password);
      else await hashPassword(body.password);
      if (!user || !ok) await recordAudit(db, signInFailure(user, email, meta.ip));
      if (!user || !ok) throw new BadRequest(INVALID_CREDENTIALS);
      await resetLimit(database, pairKey);
      await refund(database, accountKey);
      const blocked = whyBlocked(user);
      if (blocked) await recordAudit(db, signInFailure(user, email, meta.ip, blocked));
      if (blocked) throw new Forbidden(blocked);
      // The operator suspended the company: nobody of it signs in until it is resumed.
      if (await isSuspended(db, user.companyId)) throw new Forbidden(SUSPENDED_MESSAGE);
      if (user.login2fa === "Y") {
        return {
          code: 2,
          jwttoken: await startSession(user, "preauth", meta),
          message: "Two-factor authentication required",
        };
      }
      return { code: 1, jwttoken: await startSession(user, "access", meta), message: MESSAGES.loginSuccess };
    },

    async requestOtp(body: S["RequestOtpRequest"], ip: string): Promise<S["OtpSession"]> {
      const actor = await preauth(body.jwttoken);
      await refuseWhileLocked(actor);
      await hit(database, [
        { key: `otp-send:acct:${actor.userId}`, max: 6, windowSeconds: 600 },
        { key: `otp-send:ip:${ip}`, max: 30, windowSeconds: 600 },
      ]);
      const user = (await findUserById(db, actor.userId))!;
      const channel = body.sms ? "sms" : "email";
      if (channel === "sms" && validateContactNumber(user.contactNumber)) {
        throw new BadRequest("No valid contact number on this account. Please use e-mail.");
      }
      const code = newCode();
      const id = await db.transaction(async (tx) => {
        // Switching channel (or asking again) closes the attempt's open code sessions.
        await tx
          .update(otpSessions)
          .set({ closedAt: new Date() })
          .where(and(eq(otpSessions.attemptId, actor.sessionId), isNull(otpSessions.closedAt)));
        const [row] = await tx
          .insert(otpSessions)
          .values({
            userId: user.id,
            attemptId: actor.sessionId,
            channel,
            codeHash: "pending",
            expiresAt: new Date(Date.now() + OTP_TTL_MS),
          })
          .returning({ id: otpSessions.id });
        await tx
          .update(otpSessions)
          .set({ codeHash: codeHash(row!.id, code) })
          .where(eq(otpSessions.id, row!.id));
        await sendCode(user, row!.id, channel, code, tx);
        return row!.id;
      });
      return {
        session_id: id,
        jwttoken: body.jwttoken,
        destination: maskDestination(user, channel),
        resendAfter: config.otpResendSeconds,
      };
    },

    async resendOtp(body: S["ResendOtpRequest"], ip: string): Promise<S["OtpSession"]> {
      const actor = await preauth(body.jwttoken);
      await refuseWhileLocked(actor);
      await hit(database, [
        { key: `otp-send:acct:${actor.userId}`, max: 6, windowSeconds: 600 },
        { key: `otp-send:ip:${ip}`, max: 30, windowSeconds: 600 },
      ]);
      const [s] = await db
        .select()
        .from(otpSessions)
        .where(
          and(
            eq(otpSessions.id, body.sessionId),
            eq(otpSessions.attemptId, actor.sessionId),
            isNull(otpSessions.closedAt),
          ),
        );
      if (!s) throw new NotFound("This code session has ended. Please request a new code.");
      const wait = config.otpResendSeconds - (Date.now() - s.lastSentAt.getTime()) / 1000;
      if (wait > 0)
        throw new TooManyRequests(
          wait,
          `Please wait ${Math.ceil(wait)} seconds before asking for another code.`,
        );
      const user = (await findUserById(db, actor.userId))!;
      const channel = body.sms ? "sms" : "email";
      const code = newCode();
      await db.transaction(async (tx) => {
        await tx
          .update(otpSessions)
          .set({
            codeHash: codeHash(s.id, code),
            channel,
            attempts: 0,
            lastSentAt: new Date(),
            expiresAt: new Date(Date.now() + OTP_TTL_MS),
          })
          .where(eq(otpSessions.id, s.id));
        await sendCode(user, s.id, channel, code, tx);
      });
      return {
        session_id: s.id,
        jwttoken: body.jwttoken,
        destination: maskDestination(user, channel),
        resendAfter: config.otpResendSeconds,
      };
    },

    async verifyOtp(
      body: S["VerifyOtpRequest"],
      meta: { ip: string; userAgent?: string },
    ): Promise<S["OtpVerified"]> {
      const actor = await preauth(body.jwttoken);
      await hit(database, [{ key: `otp-verify:ip:${meta.ip}`, max: 60, windowSeconds: 600 }]);
      await refuseWhileLocked(actor);
      // Count the try first, atomically: the sixth try is refused even with the right code.
      const rows = await database.query<{ code_hash: string }>(
        `update otp_sessions set attempts = attempts + 1
          where id = $1 and attempt_id = $2 and closed_at is null and expires_at > now() and attempts < $3
          returning code_hash`,
        [body.session_id, actor.sessionId, OTP_MAX_TRIES],
      );
      const row = rows[0];
      if (!row) {
        // The code's tries are used up: say so, rather than calling the (maybe right) code invalid.
        const [spent] = await database.query<{ id: string }>(
          `select id from otp_sessions
            where id = $1 and attempt_id = $2 and closed_at is null and expires_at > now() and attempts >= $3`,
          [body.session_id, actor.sessionId, OTP_MAX_TRIES],
        );
        throw new BadRequest(spent ? MESSAGES.otpTriesUsed : MESSAGES.invalidOtp);
      }
      if (!safeEqual(row.code_hash, codeHash(body.session_id, body.otptoken)))
        await wrongCode(actor, meta.ip);
      const user = (await findUserById(db, actor.userId))!;
      const blocked = whyBlocked(user);
      if (blocked) throw new Forbidden(blocked);
      await db.transaction((tx) => endAttempt(tx, actor.sessionId));
      return { jwttoken: await startSession(user, "access", meta), message: MESSAGES.loginSuccess };
    },

    async register(body: S["RegisterRequest"], ip: string): Promise<S["Ok"]> {
      await hit(database, [{ key: `register:ip:${ip}`, max: 20, windowSeconds: 3600 }]);
      const email = body.email.trim();
      const mismatch = validatePasswordConfirm(body.password, body.confirmPass, { registration: true });
      if (mismatch) throw new BadRequest(mismatch);
      const weak = validateNewPassword(body.password);
      if (weak) throw new BadRequest(weak);
      const unknownCountry = validateCountry(body.country);
      if (unknownCountry) throw new BadRequest(unknownCountry);
      const phone = parsePhone(`+${body.contactNumber}`);
      if (!phone || validateStoredContactNumber(body.contactNumber))
        throw new Forbidden(MESSAGES.invalidContactNumber);
      const otherCountry = contactNumberCountryMismatch(body.contactNumber, body.country);
      if (otherCountry) throw new BadRequest(otherCountry);
      if (await emailTaken(db, email)) throw new BadRequest(MESSAGES.emailTaken);
      const passwordHash = await hashPassword(body.password);
      try {
        await db.transaction(async (tx) => {
          await removeExpiredRegistration(tx, email);
          const [company] = await tx
            .insert(companies)
            .values({
              name: body.companyName.trim(),
              totalUsersAllowed: config.userLimitDefault,
              // Phone inputs default to the owner's country; an admin can change it beside the time zone.
              country: countryByName(body.country)?.alpha2Code ?? DEFAULT_COMPANY_COUNTRY,
            })
            .returning({ id: companies.id });
          const [user] = await tx
            .insert(users)
            .values({
              companyId: company!.id,
              firstName: body.firstName.trim(),
              lastName: body.lastName.trim(),
              email,
              passwordHash,
              contactNumber: `${phone.callingCode}${phone.nationalNumber}`,
              country: body.country,
              userRole: "admin",
              isOwner: true,
            })
            .returning();
          await sendVerification(user!, email, tx);
        });
      } catch (err) {
        // Two registrations racing for one address: the unique index decides.
        if ((err as { code?: string }).code === "23505" || /users_email_lower_key/.test(String(err))) {
          throw new BadRequest(MESSAGES.emailTaken);
        }
        throw err;
      }
      return { message: MESSAGES.checkEmailForVerification };
    },

    async verify(body: S["VerifyEmailRequest"]): Promise<S["Ok"]> {
      const ok = await db.transaction(async (tx) => {
        const t = await spendLink(tx, "verify", body);
        if (!t) return false;
        const updated = await tx
          .update(users)
          .set({ emailVerifiedAt: new Date() })
          .where(and(eq(users.id, body.id), sql`lower(${users.email}) = lower(${t.email})`))
          .returning({ id: users.id });
        return updated.length === 1;
      });
      if (!ok) throw new BadRequest(MESSAGES.invalidOrExpiredToken);
      return { message: MESSAGES.verifySuccess };
    },

    async forgotPassword(body: S["ForgotPasswordRequest"], ip: string): Promise<S["Ok"]> {
      const email = body.email.trim().toLowerCase();
      await hit(database, [
        { key: `forgot:ip:${ip}`, max: 20, windowSeconds: 3600 },
        { key: `forgot:acct:${email}`, max: 5, windowSeconds: 3600 },
      ]);
      // The same work for every address: the worker looks it up (mailResetLink), so neither the answer
      // nor its timing tells whether the address has an account.
      await queue.enqueue("auth.forgot", { email, ip });
      return { message: MESSAGES.resetLinkSent };
    },

    /** Worker of "auth.forgot": a reset link for the address when it belongs to a user. */
    async mailResetLink(email: string, ip?: string): Promise<void> {
      const user = await findUserByEmail(db, email);
      if (!user || user.status === "deleted") return;
      const token = randomToken();
      await db.transaction(async (tx) => {
        await tx
          .update(emailTokens)
          .set({ usedAt: new Date() })
          .where(
            and(eq(emailTokens.userId, user.id), eq(emailTokens.kind, "reset"), isNull(emailTokens.usedAt)),
          );
        await tx.insert(emailTokens).values({
          userId: user.id,
          kind: "reset",
          tokenHash: hashToken(token),
          email: user.email,
          expiresAt: new Date(Date.now() + RESET_TTL_MS),
        });
        await recordAudit(tx, {
          companyId: user.companyId,
          who: { type: "user", id: user.id, ip: ip ?? null },
          action: "auth.password_reset_requested",
        });
        const link = `${config.publicUrl}/auths/reset-pass/${user.id}/${token}`;
        await queue.enqueue(
          "email.send",
          {
            to: user.email,
            ...resetEmail(user.firstName, link),
            key: `reset:${hashToken(token).slice(0, 16)}`,
          },
          { tx },
        );
      });
    },

    async resendVerification(body: S["ResendVerificationRequest"], ip: string): Promise<S["Ok"]> {
      const email = body.email.trim().toLowerCase();
      await hit(database, [
        { key: `verify-resend:ip:${ip}`, max: 10, windowSeconds: 3600 },
        { key: `verify-resend:acct:${email}`, max: 3, windowSeconds: 3600 },
      ]);
      // Like forgotPassword: one job for any address, looked up by the worker (mailVerificationAgain).
      await queue.enqueue("auth.verify-resend", { email });
      return { message: MESSAGES.checkEmailForVerification };
    },

    /** Worker of "auth.verify-resend": a new link when the address still waits for verification. */
    async mailVerificationAgain(email: string): Promise<void> {
      const user = await findUserByEmail(db, email);
      if (!user || user.emailVerifiedAt || user.status === "deleted") return;
      await db.transaction((tx) => sendVerification(user, user.email, tx));
    },

    async verifyReset(body: S["VerifyResetRequest"]): Promise<S["Ok"]> {
      const [t] = await db
        .select({ id: emailTokens.id })
        .from(emailTokens)
        .where(
          and(
            eq(emailTokens.tokenHash, hashToken(body.token)),
            eq(emailTokens.kind, "reset"),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, new Date()),
          ),
        );
      if (!t) throw new BadRequest(MESSAGES.invalidOrExpiredTokenReset);
      return { message: MESSAGES.verifySuccess };
    },

    async reset(body: S["ResetPasswordRequest"], ip: string): Promise<S["Ok"]> {
      await hit(database, [{ key: `reset:ip:${ip}`, max: 20, windowSeconds: 3600 }]);
      const mismatch = validatePasswordConfirm(body.password, body.confirmPass);
      if (mismatch) throw new BadRequest(mismatch);
      const weak = validateNewPassword(body.password);
      if (weak) throw new BadRequest(weak);
      const passwordHash = await hashPassword(body.password);
      const ok = await db.transaction(async (tx) => {
        const t = await spendLink(tx, "reset", body);
        if (!t) return false;
        await tx.update(users).set({ passwordHash }).where(eq(users.id, body.id));
        await revokeSessions(tx, body.id);
        await recordAudit(tx, {
          companyId: { ofUser: body.id },
          who: { type: "user", id: body.id, ip },
          action: "auth.password_reset",
        });
        return true;
      });
      if (!ok) throw new BadRequest(INVALID_CREDENTIALS);
      return { message: MESSAGES.passwordResetSuccess };
    },

    async logout(actor: Actor): Promise<S["Ok"]> {
      await db.transaction(async (tx) => {
        await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, actor.sessionId));
        await recordAudit(tx, { companyId: actor.companyId, who: userWho(actor), action: "auth.signed_out" });
      });
      return { message: "Logged out" };
    },
  };
}
