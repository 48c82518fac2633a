import type { components } from "@herald/api-client/schema";
import {
  COUNTRY_UNKNOWN,
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  centsToSgd,
  countries,
  MESSAGES,
  profileChangeNeedsPassword,
  twoFactorChangeNeedsPassword,
  validateNewPassword,
  validatePasswordConfirm,
  validateStoredContactNumber,
  validateThresholds,
  validateTimeZone,
} from "@herald/domain";
import { and, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { companies, emailTokens, notifications, users } from "../../db/schema";
import type { Deps } from "../../deps";
import { emailChangeNoticeEmail, emailChangeVerifyEmail } from "../../emails/templates";
import { BadRequest, Forbidden, NotFound } from "../../errors";
import { toCents } from "../../lib/money";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import { hit } from "../../lib/rate-limit";
import { hashToken, randomToken } from "../../lib/tokens";
import { type Actor, assertAdmin } from "../../plugins/actor";
import { recordAudit, userWho } from "../audit/audit";
import { VERIFY_TTL_MS } from "../auth/auth.service";
import {
  companyOf,
  emailTaken,
  findUser,
  revokeSessions,
  spendLink,
  type UserRow,
} from "../users.repository";

type S = components["schemas"];

/** Ends a user's unused links of these kinds (a new password or address makes old reset links useless). */
async function endLinks(tx: DbOrTx, userId: string, kinds: ("reset" | "email-change")[]) {
  await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), inArray(emailTokens.kind, kinds), isNull(emailTokens.usedAt)));
}

interface ProfileRow {
  id: string;
  company_id: string;
  user_role: string;
  credit_cents: number | string;
  user_status: string;
  first_name: string;
  last_name: string;
  is_owner: boolean;
  email: string;
  contact_number: string;
  login2fa: string;
  created_at: Date | string;
  company: string;
  dept: { id: string; name: string }[] | string;
  pending_email: string | null;
  timezone: string;
  company_country: string;
}

const PROFILE_SQL = `select u.id, u.company_id, u.user_role, u.credit_cents, u.user_status, u.first_name, u.last_name,
       u.is_owner, u.email, u.contact_number, u.login2fa, u.created_at, c.name as company,
       c.timezone, c.country as company_country,
       coalesce((select json_agg(json_build_object('id', d.id, 'name', d.name) order by d.name)
                   from user_departments ud join departments d on d.id = ud.department_id
                  where ud.user_id = u.id and d.company_id = u.company_id), '[]'::json) as dept,
       (select t.email from email_tokens t
         where t.user_id = u.id and t.kind = 'email-change' and t.used_at is null and t.expires_at > now()
         order by t.created_at desc limit 1) as pending_email
  from users u join companies c on c.id = u.company_id
 where u.company_id = $1 and u.id = $2`;

export function profileService({ database, config, queue }: Deps) {
  const { db } = database;

  /**
   * Sensitive changes (ASVS 7.5.1) need the current password, checked against the stored hash only.
   * Tries count per account, so a stolen session cannot guess the password through this door.
   */
  async function confirmPassword(u: UserRow, password: string | undefined) {
    if (!password) throw new BadRequest(CURRENT_PASSWORD_REQUIRED);
    await hit(database, [{ key: `confirm-password:acct:${u.id}`, max: 10, windowSeconds: 600 }]);
    if (!(await verifyPassword(u.passwordHash, password))) throw new BadRequest(CURRENT_PASSWORD_WRONG);
  }

  async function me(actor: Actor) {
    const u = await findUser(db, actor.companyId, actor.userId);
    if (!u) throw new NotFound();
    return u;
  }

  return {
    async getProfile(actor: Actor): Promise<S["OwnProfile"]> {
      // One prepared query: the user, the company's name and the user's departments (by name) together.
      const [u] = await database.prepared<ProfileRow>(
        "herald_profile",
        PROFILE_SQL,
      )([actor.companyId, actor.userId]);
      if (!u) throw new NotFound();
      return {
        userId: u.id,
        userRole: u.user_role as S["OwnProfile"]["userRole"],
        userCredit: centsToSgd(Number(u.credit_cents)),
        userStatus: u.user_status as S["OwnProfile"]["userStatus"],
        firstName: u.first_name,
        lastName: u.last_name,
        isOwner: u.is_owner ? 1 : 0,
        isAdmin: u.user_role === "admin" ? 1 : 0,
        email: u.email,
        contactNumber: u.contact_number,
        login2fa: u.login2fa as S["OwnProfile"]["login2fa"],
        companyId: u.company_id,
        company: u.company,
        dept: typeof u.dept === "string" ? JSON.parse(u.dept) : u.dept,
        createdAt: new Date(u.created_at).toISOString(),
        pendingEmail: u.pending_email,
        timeZone: u.timezone,
        companyCountry: u.company_country,
      };
    },

    async getCompany(actor: Actor): Promise<S["CompanyCredit"]> {
      assertAdmin(actor);
      const c = await companyOf(db, actor.companyId);
      if (!c) throw new NotFound();
      return { companyId: c.id, companyName: c.name, companyCredit: centsToSgd(c.creditCents) };
    },

    async getCompanySettings(actor: Actor): Promise<S["CompanySettings"]> {
      assertAdmin(actor);
      const [c] = await db
        .select({ timeZone: companies.timezone, country: companies.country })
        .from(companies)
        .where(eq(companies.id, actor.companyId));
      if (!c) throw new NotFound();
      return c;
    },

    async editCompanySettings(actor: Actor, body: S["CompanySettings"]): Promise<S["Ok"]> {
      assertAdmin(actor);
      const timeZone = body.timeZone.trim();
      const zoneError = validateTimeZone(timeZone);
      if (zoneError) throw new BadRequest(zoneError);
      const country = body.country.trim().toUpperCase();
      if (!countries.some((c) => c.alpha2Code === country)) throw new BadRequest(COUNTRY_UNKNOWN);
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ timeZone: companies.timezone, country: companies.country })
          .from(companies)
          .where(eq(companies.id, actor.companyId))
          .for("update");
        if (!before) throw new NotFound();
        if (before.timeZone === timeZone && before.country === country) return;
        await recordAudit(tx, {
          companyId: actor.companyId,
          who: userWho(actor),
          action: "company.settings_changed",
          before,
          after: { timeZone, country },
        });
        await tx
          .update(companies)
          .set({ timezone: timeZone, country })
          .where(eq(companies.id, actor.companyId));
      });
      return { message: MESSAGES.dataUpdateSuccess };
    },

    async getNotifications(actor: Actor): Promise<S["NotificationList"]> {
      // One query: the newest 50 and, beside each, the unread count (counted once by PostgreSQL). With no
      // notification at all there is no row and nothing unread.
      const rows = await db
        .select({
          n: notifications,
          unread: sql<number>`(select count(*)::int from ${notifications} un
            where un.user_id = ${actor.userId} and un.company_id = ${actor.companyId} and un.status = 'unread')`,
        })
        .from(notifications)
        .where(and(eq(notifications.userId, actor.userId), eq(notifications.companyId, actor.companyId)))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(50);
      return {
        count: Number(rows[0]?.unread ?? 0),
        data: rows.map(({ n }) => ({
          id: n.id,
          message: n.message,
          status: n.status as "unread" | "read",
          type: n.type,
          fromId: n.fromId,
          created_at: n.createdAt.toISOString(),
        })),
      };
    },

    async markNotificationsRead(actor: Actor, body: S["UpdateNotificationRequest"]): Promise<S["Ok"]> {
      await db
        .update(notifications)
        .set({ status: "read" })
        .where(and(eq(notifications.userId, actor.userId), inArray(notifications.id, body.notificationIds)));
      return { message: MESSAGES.dataUpdateSuccess };
    },

    async updateStatus(actor: Actor, body: S["UpdateStatusRequest"]): Promise<S["Ok"]> {
      if (body.id !== actor.userId && actor.role !== "admin")
        throw new Forbidden("You can only change your own status.");
      const updated = await db.transaction(async (tx) => {
        // An admin switching another user: recorded first (the status as it was), only when it changes.
        if (body.id !== actor.userId) {
          await recordAudit(tx, {
            companyId: actor.companyId,
            who: userWho(actor),
            action: "user.status_changed",
            target: { type: "user", id: body.id },
            before: sql`(select jsonb_build_object('status', u.user_status) from users u where u.id = ${body.id}::uuid)`,
            after: { status: body.status },
            onlyIf: sql`exists (select 1 from users u where u.id = ${body.id}::uuid
                                   and u.company_id = ${actor.companyId}::uuid and u.user_status <> ${body.status})`,
          });
        }
        return tx
          .update(users)
          .set({ userStatus: body.status })
          .where(and(eq(users.id, body.id), eq(users.companyId, actor.companyId)))
          .returning({ id: users.id });
      });
      if (updated.length === 0) throw new NotFound();
      return { message: MESSAGES.dataUpdateSuccess };
    },

    /**
     * Names save at once. A new contact number needs the current password; a new e-mail address needs it
     * too and only becomes the account's address when the link mailed to it is opened (`verifyEmailChange`):
     * the current address keeps working and is told of the change. Answers 1 when a change of address
     * awaits that link, else 0.
     */
    async editMyProfile(actor: Actor, body: S["EditMyProfileRequest"]): Promise<0 | 1> {
      const u = await me(actor);
      const email = body.email.trim();
      const contactError = validateStoredContactNumber(body.contactNumber);
      if (contactError) throw new BadRequest(contactError);
      const needs = profileChangeNeedsPassword(u, { email, contactNumber: body.contactNumber });
      if (needs.email && (await emailTaken(db, email, u.id))) throw new BadRequest(MESSAGES.emailTaken);
      if (needs.any) await confirmPassword(u, body.currentPassword);
      const token = needs.email ? randomToken() : null;
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({
            firstName: body.firstName.trim(),
            lastName: body.lastName.trim(),
            contactNumber: body.contactNumber,
          })
          .where(and(eq(users.id, u.id), eq(users.companyId, actor.companyId)));
        if (!token) return;
        // One pending change at a time; reset links mailed to the current address end as well.
        await endLinks(tx, u.id, ["reset", "email-change"]);
        await tx.insert(emailTokens).values({
          userId: u.id,
          kind: "email-change",
          tokenHash: hashToken(token),
          email,
          expiresAt: new Date(Date.now() + VERIFY_TTL_MS),
        });
        const link = `${config.publicUrl}/auths/auth-register/${u.id}/${token}`;
        const key = hashToken(token).slice(0, 16);
        await queue.enqueue(
          "email.send",
          { to: email, ...emailChangeVerifyEmail(u.firstName, email, link), key: `email-change:${key}` },
          { tx },
        );
        await queue.enqueue(
          "email.send",
          { to: u.email, ...emailChangeNoticeEmail(u.firstName, email), key: `email-change-notice:${key}` },
          { tx },
        );
      });
      return token ? 1 : 0;
    },

    /**
     * The link of an own e-mail change: switches the account to the new address. Answers null when the
     * token is not an e-mail-change link (registration links are `auth.verify`'s), false when the address
     * was taken meanwhile (the link is spent, the address stays), true when switched.
     */
    async verifyEmailChange(body: S["VerifyEmailRequest"], ip?: string): Promise<S["Ok"] | null> {
      const outcome = await db.transaction(async (tx) => {
        const t = await spendLink(tx, "email-change", body);
        if (!t) return "none" as const;
        if (await emailTaken(tx, t.email, t.userId)) return "taken" as const;
        // Recorded first, so the entry keeps the address it replaces (when the switch below happens).
        await recordAudit(tx, {
          companyId: { ofUser: t.userId },
          who: { type: "user", id: t.userId, ip: ip ?? null },
          action: "auth.email_changed",
          before: sql`(select jsonb_build_object('email', u.email) from users u where u.id = ${t.userId}::uuid)`,
          after: { email: t.email },
          onlyIf: sql`exists (select 1 from users u where u.id = ${t.userId}::uuid and u.status <> 'deleted')`,
        });
        const switched = await tx
          .update(users)
          .set({ email: t.email, emailVerifiedAt: new Date() })
          .where(and(eq(users.id, t.userId), ne(users.status, "deleted")))
          .returning({ id: users.id });
        if (switched.length === 0) return "gone" as const;
        await endLinks(tx, t.userId, ["reset", "email-change"]);
        return "changed" as const;
      });
      if (outcome === "none") return null;
      if (outcome === "taken") throw new BadRequest(MESSAGES.emailTaken);
      if (outcome === "gone") throw new BadRequest(MESSAGES.invalidOrExpiredToken);
      return { message: MESSAGES.verifySuccess };
    },

    async editMySecurity(actor: Actor, body: S["EditMySecurityRequest"]): Promise<S["Ok"]> {
      const u = await me(actor);
      let passwordHash: string | undefined;
      // Turning two-factor sign-in off needs the current password; a password change's old one counts.
      if (twoFactorChangeNeedsPassword(u.login2fa, body.login2fa) && !body.changePass)
        await confirmPassword(u, body.currentPassword);
      if (body.changePass) {
        // The old password is checked against the stored hash only, never against today's rules.
        await hit(database, [{ key: `confirm-password:acct:${u.id}`, max: 10, windowSeconds: 600 }]);
        if (!(await verifyPassword(u.passwordHash, body.oldPass ?? "")))
          throw new BadRequest("Invalid old password");
        const mismatch = validatePasswordConfirm(body.password ?? "", body.confirmPass ?? "");
        if (mismatch) throw new BadRequest(mismatch);
        const weak = validateNewPassword(body.password ?? "");
        if (weak) throw new BadRequest(weak);
        passwordHash = await hashPassword(body.password!);
      }
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ login2fa: body.login2fa, ...(passwordHash ? { passwordHash } : {}) })
          .where(and(eq(users.id, u.id), eq(users.companyId, actor.companyId)));
        // A new password ends every other session, unused reset links and a pending change of address
        // at once; this session stays.
        if (passwordHash) {
          await revokeSessions(tx, u.id, actor.sessionId);
          await endLinks(tx, u.id, ["reset", "email-change"]);
          await recordAudit(tx, {
            companyId: actor.companyId,
            who: userWho(actor),
            action: "auth.password_changed",
          });
        }
        if (body.login2fa !== u.login2fa) {
          await recordAudit(tx, {
            companyId: actor.companyId,
            who: userWho(actor),
            action: body.login2fa === "Y" ? "auth.2fa_enabled" : "auth.2fa_disabled",
            before: { twoFactor: u.login2fa === "Y" },
            after: { twoFactor: body.login2fa === "Y" },
          });
        }
      });
      return { message: MESSAGES.dataUpdateSuccess };
    },

    async editMyNotification(actor: Actor, body: S["EditMyNotificationRequest"]): Promise<S["Ok"]> {
      const first = toCents(body.firstThresh, "firstThresh");
      const second = toCents(body.secondThresh, "secondThresh");
      const err = validateThresholds(first, second);
      if (err) throw new BadRequest(err);
      await db
        .update(users)
        .set({ firstThreshCents: first, secondThreshCents: second })
        .where(and(eq(users.id, actor.userId), eq(users.companyId, actor.companyId)));
      return { message: MESSAGES.dataUpdateSuccess };
    },

    async getUserThreshold(actor: Actor): Promise<S["UserThreshold"]> {
      const u = await me(actor);
      return {
        first_thresh: u.firstThreshCents === null ? null : centsToSgd(u.firstThreshCents),
        second_thresh: u.secondThreshCents === null ? null : centsToSgd(u.secondThreshCents),
      };
    },
  };
}
