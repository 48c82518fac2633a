import type { components } from "@herald/api-client/schema";
import {
  centsToSgd,
  MESSAGES,
  sgdToCents,
  validateNewPassword,
  validatePasswordConfirm,
  validateThresholds,
} from "@herald/domain";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { notifications, users } from "../../db/schema";
import type { Deps } from "../../deps";
import { BadRequest, Forbidden, NotFound } from "../../errors";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import { type Actor, assertAdmin } from "../../plugins/actor";
import type { authService } from "../auth/auth.service";
import { companyOf, emailTaken, findUser, revokeSessions, userDepartmentRefs } from "../users.repository";

type S = components["schemas"];

/** SGD from the API to cents; more than two decimals is a 400, never a silent rounding. */
export function toCents(value: number, field: string): number {
  try {
    return sgdToCents(value);
  } catch {
    throw new BadRequest(`${field} must be an amount in SGD with at most two decimals`);
  }
}

export function profileService({ database }: Deps, auth: ReturnType<typeof authService>) {
  const { db } = database;

  async function me(actor: Actor) {
    const u = await findUser(db, actor.companyId, actor.userId);
    if (!u) throw new NotFound();
    return u;
  }

  return {
    async getProfile(actor: Actor): Promise<S["OwnProfile"]> {
      const u = await me(actor);
      const [company, dept] = await Promise.all([
        companyOf(db, u.companyId),
        userDepartmentRefs(db, u.companyId, u.id),
      ]);
      return {
        userId: u.id,
        userRole: u.userRole as S["OwnProfile"]["userRole"],
        userCredit: centsToSgd(u.creditCents),
        userStatus: u.userStatus as S["OwnProfile"]["userStatus"],
        firstName: u.firstName,
        lastName: u.lastName,
        isOwner: u.isOwner ? 1 : 0,
        isAdmin: u.userRole === "admin" ? 1 : 0,
        email: u.email,
        contactNumber: u.contactNumber,
        login2fa: u.login2fa as S["OwnProfile"]["login2fa"],
        companyId: u.companyId,
        company: company?.name ?? "",
        dept,
        createdAt: u.createdAt.toISOString(),
      };
    },

    async getCompany(actor: Actor): Promise<S["CompanyCredit"]> {
      assertAdmin(actor);
      const c = await companyOf(db, actor.companyId);
      if (!c) throw new NotFound();
      return { companyId: c.id, companyName: c.name, companyCredit: centsToSgd(c.creditCents) };
    },

    async getNotifications(actor: Actor): Promise<S["NotificationList"]> {
      const rows = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, actor.userId), eq(notifications.companyId, actor.companyId)))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(50);
      const [{ count } = { count: 0 }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(notifications)
        .where(and(eq(notifications.userId, actor.userId), eq(notifications.status, "unread")));
      return {
        count,
        data: rows.map((n) => ({
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
      const updated = await db
        .update(users)
        .set({ userStatus: body.status })
        .where(and(eq(users.id, body.id), eq(users.companyId, actor.companyId)))
        .returning({ id: users.id });
      if (updated.length === 0) throw new NotFound();
      return { message: MESSAGES.dataUpdateSuccess };
    },

    async editMyProfile(actor: Actor, body: S["EditMyProfileRequest"]): Promise<0 | 1> {
      const u = await me(actor);
      const email = body.email.trim();
      const changed = email.toLowerCase() !== u.email.toLowerCase();
      if (changed && (await emailTaken(db, email, u.id))) throw new BadRequest(MESSAGES.emailTaken);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({
            firstName: body.firstName.trim(),
            lastName: body.lastName.trim(),
            contactNumber: body.contactNumber,
            ...(changed ? { email, emailVerifiedAt: null } : {}),
          })
          .where(and(eq(users.id, u.id), eq(users.companyId, actor.companyId)));
        if (changed) {
          // The account signs in again once the new address is verified.
          await revokeSessions(tx, u.id);
          await auth.sendVerification(u, email, tx);
        }
      });
      return changed ? 1 : 0;
    },

    async editMySecurity(actor: Actor, body: S["EditMySecurityRequest"]): Promise<S["Ok"]> {
      const u = await me(actor);
      let passwordHash: string | undefined;
      if (body.changePass) {
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
        // A new password ends every other session at once; this one stays.
        if (passwordHash) await revokeSessions(tx, u.id, actor.sessionId);
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
