import type { components } from "@herald/api-client/schema";
import {
  centsToSgd,
  MESSAGES,
  parseSenderId,
  REQUIRED,
  validateNewPassword,
  validatePasswordConfirm,
  validateStoredContactNumber,
} from "@herald/domain";
import { and, eq, inArray, isNull, ne, notInArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { companies, departments, emailTokens, userDepartments, users } from "../../db/schema";
import type { Deps } from "../../deps";
import { emailChangedByAdminEmail, welcomeEmail } from "../../emails/templates";
import { BadRequest, Conflict, Forbidden, NotFound, Unprocessable } from "../../errors";
import { toCents } from "../../lib/money";
import { containsPattern, direction, type PageQuery, pageWindow } from "../../lib/paging";
import { hashPassword } from "../../lib/passwords";
import { type Actor, assertAdmin, requireActor } from "../../plugins/actor";
import { recordAudit, recordAudits, userWho } from "../audit/audit";
import { creditMovement, twoFactorChanges, twoFactorOf, userEdit, userSnapshot } from "../audit/changes";
import { allocate, idempotent } from "../credit/ledger";
import { senderIdNotApproved } from "../registry/registry.messages";
import { allowedList, approvedSenderIds, usableSenderIds } from "../registry/sender-ids";
import { emailTaken, findUser, revokeSessions, USER_DELETED } from "../users.repository";
import {
  AUTO_REPLY_MESSAGE_REQUIRED,
  OWN_2FA_OFF,
  OWNER_2FA_PROTECTED,
  OWNER_PROTECTED,
  SELF_PROTECTED,
  UNKNOWN_DEPARTMENT,
  USER_ALREADY_DELETED,
} from "./users.messages";

type S = components["schemas"];

export interface UserListQuery extends PageQuery {
  ownDept?: boolean;
}

/** What one user row of the admin queries carries (snake case, as PostgreSQL answers). */
interface UserRowOut {
  id: string;
  company_id: string;
  first_name: string;
  last_name: string;
  email: string;
  contact_number: string;
  user_role: S["UserRole"];
  is_owner: boolean;
  status: S["UserStatus"];
  user_status: S["OnlineStatus"];
  login2fa: S["Login2fa"];
  credit_cents: number | string;
  created_at: Date | string;
  deleted_at: Date | string | null;
  sender_ids: string[] | null;
  is_allow_sid: boolean;
  auto_reply: boolean;
  auto_reply_message: string | null;
  auto_forward: boolean;
  dept: S["DeptRef"][] | string;
  company?: string;
  company_credit_cents?: number | string;
  total?: number | string;
}

const USER_COLUMNS = (a: string) =>
  `${a}.id, ${a}.company_id, ${a}.first_name, ${a}.last_name, ${a}.email, ${a}.contact_number, ${a}.user_role,
   ${a}.is_owner, ${a}.status, ${a}.user_status, ${a}.login2fa, ${a}.credit_cents, ${a}.created_at,
   ${a}.deleted_at, ${a}.sender_ids, ${a}.is_allow_sid, ${a}.auto_reply, ${a}.auto_reply_message,
   ${a}.auto_forward`;

/** A user's departments as json [{id, name}], by name, within the same statement. */
const DEPT_JSON = (a: string) =>
  `coalesce((select json_agg(json_build_object('id', d.id, 'name', d.name) order by lower(d.name), d.id)
               from user_departments ud join departments d on d.id = ud.department_id
              where ud.user_id = ${a}.id and d.company_id = ${a}.company_id), '[]'::json) as dept`;

const iso = (v: Date | string) => new Date(v).toISOString();
const flag = (b: boolean): 0 | 1 => (b ? 1 : 0);

export function toUser(r: UserRowOut): S["User"] {
  return {
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    contactNumber: r.contact_number,
    userRole: r.user_role,
    isOwner: flag(r.is_owner),
    isAdmin: flag(r.user_role === "admin"),
    status: r.status,
    userStatus: r.user_status,
    login2fa: r.login2fa,
    dept: typeof r.dept === "string" ? (JSON.parse(r.dept) as S["DeptRef"][]) : r.dept,
    totalCredit: centsToSgd(Number(r.credit_cents)),
    companyId: r.company_id,
    createdAt: iso(r.created_at),
    deletedAt: r.deleted_at === null ? null : iso(r.deleted_at),
    senderIds: r.sender_ids ?? [],
    isAllowSID: flag(r.is_allow_sid),
    autoReply: flag(r.auto_reply),
    autoReplyMessage: r.auto_reply_message,
    autoForward: flag(r.auto_forward),
    ...(r.company !== undefined ? { company: r.company } : {}),
    ...(r.company_credit_cents !== undefined
      ? { companyCredit: centsToSgd(Number(r.company_credit_cents)) }
      : {}),
  };
}

/** Sort keys of /userList: one SQL expression per column of the users table. */
const SORTS: Record<string, string> = {
  name: "lower(u.first_name || ' ' || u.last_name)",
  userRole: "u.user_role",
  dept: "coalesce(dk.first_dept, '')",
  contactNumber: "u.contact_number",
  totalCredit: "u.credit_cents",
  createdAt: "u.created_at",
  login2fa: "u.login2fa",
};

/** The first department name of each user of the company ($1), joined once for the dept sort. */
const DEPT_SORT_JOIN = `left join (select ud.user_id, min(lower(d.name)) as first_dept
                                     from user_departments ud join departments d on d.id = ud.department_id
                                    where d.company_id = $1
                                    group by ud.user_id) dk on dk.user_id = u.id`;

const GET_USER_SQL = `select ${USER_COLUMNS("u")}, ${DEPT_JSON("u")}, c.name as company,
       c.credit_cents as company_credit_cents
  from users u join companies c on c.id = u.company_id
 where u.company_id = $1 and u.id = $2`;

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string }).code === "23505" || /users_email_lower_key/.test(String(err));

/** Trimmed first name, or 400 'This is required'. */
function firstNameOf(value: string): string {
  const name = value.trim();
  if (!name) throw new BadRequest(REQUIRED);
  return name;
}

function checkContactNumber(value: string) {
  const err = validateStoredContactNumber(value);
  if (err) throw new BadRequest(err);
}

/** Every id must be a department of the company (400 otherwise); answers them deduplicated. */
async function companyDepartments(tx: DbOrTx, companyId: string, ids: string[]): Promise<string[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) throw new BadRequest(REQUIRED);
  const found = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.companyId, companyId), inArray(departments.id, wanted)));
  if (found.length !== wanted.length) throw new BadRequest(UNKNOWN_DEPARTMENT);
  return wanted;
}

export function userAdminService({ database, config, queue }: Deps) {
  const { db } = database;

  async function readUser(companyId: string, userId: string): Promise<S["User"]> {
    const [row] = await database.query<UserRowOut>(GET_USER_SQL, [companyId, userId]);
    if (!row) throw new NotFound();
    return toUser(row);
  }

  /** The target of an admin change: the company's user, neither the owner nor the caller, not deleted. */
  function assertChangeable(actor: Actor, target: { id: string; isOwner: boolean; status: string }) {
    if (target.isOwner) throw new Forbidden(OWNER_PROTECTED);
    if (target.id === actor.userId) throw new Forbidden(SELF_PROTECTED);
    if (target.status === "deleted") throw new Conflict(USER_DELETED);
  }

  return {
    /**
     * One page of the company's users (deleted ones included) and the matching total, in one statement:
     * the page is chosen first, then only its rows get their departments.
     */
    async list(actor: Actor, q: UserListQuery): Promise<S["UserList"]> {
      assertAdmin(actor);
      const { limit, offset } = pageWindow(q, 100);
      const sortKey = q.sort && SORTS[q.sort] ? q.sort : "createdAt";
      const dir = direction(q.order, sortKey === "createdAt" ? "desc" : "asc");
      const params: unknown[] = [actor.companyId];
      const where = ["u.company_id = $1"];
      const pattern = containsPattern(q.search);
      if (pattern) {
        params.push(pattern);
        const p = `$${params.length}`;
        where.push(`(u.first_name ilike ${p} or u.last_name ilike ${p}
                     or (u.first_name || ' ' || u.last_name) ilike ${p} or u.email ilike ${p})`);
      }
      if (q.ownDept) {
        params.push(actor.userId);
        where.push(`exists (select 1 from user_departments ud
                             where ud.user_id = u.id
                               and ud.department_id in (select mine.department_id from user_departments mine
                                                         where mine.user_id = $${params.length}))`);
      }
      const page = (lim: number, off: number) =>
        database.query<UserRowOut>(
          `with page as (
             select u.*, ${SORTS[sortKey]} as sort_key, count(*) over () as total
               from users u ${sortKey === "dept" ? DEPT_SORT_JOIN : ""}
              where ${where.join(" and ")}
              order by sort_key ${dir}, u.id
              limit $${params.length + 1} offset $${params.length + 2})
           select ${USER_COLUMNS("p")}, p.total, ${DEPT_JSON("p")}
             from page p
            order by p.sort_key ${dir}, p.id`,
          [...params, lim, off],
        );
      const rows = await page(limit, offset);
      // Past the last page no row carries the total: ask for the first row instead (rare; one more query).
      const total = rows[0]
        ? Number(rows[0].total)
        : offset > 0
          ? Number((await page(1, 0))[0]?.total ?? 0)
          : 0;
      return { data: rows.map(toUser), total };
    },

    async limit(actor: Actor): Promise<S["UserLimit"]> {
      assertAdmin(actor);
      const [row] = await database.query<{ total_user: number | string; total_allowed: number }>(
        `select (select count(*) from users u where u.company_id = c.id and u.status <> 'deleted') as total_user,
                c.total_users_allowed as total_allowed
           from companies c where c.id = $1`,
        [actor.companyId],
      );
      if (!row) throw new NotFound();
      return { totalUser: Number(row.total_user), totalAllowed: Number(row.total_allowed) };
    },

    async get(actor: Actor, id: string): Promise<S["User"]> {
      assertAdmin(actor);
      return readUser(actor.companyId, id);
    },

    /**
     * Creates an active, verified user. Under a lock on the company row: the user limit, the initial credit
     * moved from the corporate balance, the user, their departments and the welcome e-mail commit together.
     */
    async add(actor: Actor, body: S["AddUserRequest"], idempotencyKey?: string): Promise<S["User"]> {
      assertAdmin(actor);
      const firstName = firstNameOf(body.firstName);
      const lastName = (body.lastName ?? "").trim();
      const email = body.email.trim();
      checkContactNumber(body.contactNumber);
      const mismatch = validatePasswordConfirm(body.password, body.confirmPass);
      if (mismatch) throw new BadRequest(mismatch);
      const weak = validateNewPassword(body.password);
      if (weak) throw new BadRequest(weak);
      const amount = toCents(body.amount, "amount");
      const passwordHash = await hashPassword(body.password);
      let id: string;
      try {
        const fingerprinted = { ...body, password: undefined, confirmPass: undefined };
        ({ answer: id } = await idempotent(
          db,
          {
            companyId: actor.companyId,
            key: idempotencyKey,
            operation: "addUser",
            body: fingerprinted,
            actorId: actor.userId,
            kind: amount > 0 ? "allocate" : "request",
          },
          async (tx, transactionId) => {
            // Inside the request's transaction: a replay answers the first answer before this check.
            if (await emailTaken(tx, email)) throw new BadRequest(MESSAGES.emailTaken);
            const [company] = await tx
              .select({ name: companies.name, allowed: companies.totalUsersAllowed })
              .from(companies)
              .where(eq(companies.id, actor.companyId))
              .for("update");
            if (!company) throw new NotFound();
            const [{ n } = { n: 0 }] = await tx
              .select({ n: sql<number>`count(*)::int` })
              .from(users)
              .where(and(eq(users.companyId, actor.companyId), ne(users.status, "deleted")));
            if (Number(n) >= company.allowed) throw new Unprocessable(MESSAGES.userLimitReached);
            const deptIds = await companyDepartments(tx, actor.companyId, body.dept);
            const [user] = await tx
              .insert(users)
              .values({
                companyId: actor.companyId,
                firstName,
                lastName,
                email,
                passwordHash,
                contactNumber: body.contactNumber,
                userRole: body.userRole,
                login2fa: body.login2fa,
                isOwner: false,
                status: "active",
                emailVerifiedAt: new Date(),
              })
              .returning({ id: users.id });
            // The initial credit moves from the corporate balance through the ledger (422 when short).
            if (amount > 0) {
              await allocate(tx, {
                companyId: actor.companyId,
                userId: user!.id,
                amountCents: amount,
                actorId: actor.userId,
                ...(transactionId ? { transactionId } : {}),
              });
            }
            await tx
              .insert(userDepartments)
              .values(deptIds.map((departmentId) => ({ userId: user!.id, departmentId })));
            await recordAudits(tx, [
              {
                companyId: actor.companyId,
                who: userWho(actor),
                action: "user.created",
                target: { type: "user", id: user!.id },
                after: userSnapshot(user!.id),
              },
              ...(amount > 0
                ? [
                    creditMovement(actor, {
                      userId: user!.id,
                      amountCents: amount,
                      action: "credit.allocated",
                    }),
                  ]
                : []),
            ]);
            await queue.enqueue(
              "email.send",
              {
                to: email,
                ...welcomeEmail(firstName, company.name, email, `${config.publicUrl}/login`),
                key: `welcome:${user!.id}`,
              },
              { tx },
            );
            return user!.id;
          },
        ));
      } catch (err) {
        // Two adds racing for one address: the unique index decides.
        if (isUniqueViolation(err)) throw new BadRequest(MESSAGES.emailTaken);
        throw err;
      }
      return readUser(actor.companyId, id);
    },

    /**
     * Names, address, contact number, departments, 2FA and role of another user. The role and departments
     * count from the user's next request (the actor is read from the database, and changes to users and
     * user_departments invalidate cached actors).
     */
    async editProfile(actor: Actor, body: S["EditUserProfileRequest"]): Promise<S["Ok"]> {
      assertAdmin(actor);
      const target = await findUser(db, actor.companyId, body.id);
      if (!target) throw new NotFound();
      assertChangeable(actor, target);
      const firstName = firstNameOf(body.firstName);
      const lastName = (body.lastName ?? "").trim();
      const email = body.email.trim();
      checkContactNumber(body.contactNumber);
      const emailChanged = email.toLowerCase() !== target.email.toLowerCase();
      if (emailChanged && (await emailTaken(db, email, target.id))) throw new BadRequest(MESSAGES.emailTaken);
      try {
        await db.transaction(async (tx) => {
          const audited = await userEdit(tx, actor, target.id);
          const deptIds = await companyDepartments(tx, actor.companyId, body.dept);
          const updated = await tx
            .update(users)
            .set({
              firstName,
              lastName,
              email,
              contactNumber: body.contactNumber,
              login2fa: body.login2fa,
              userRole: body.userRole,
            })
            .where(
              and(
                eq(users.id, target.id),
                eq(users.companyId, actor.companyId),
                ne(users.status, "deleted"),
                eq(users.isOwner, false),
              ),
            )
            .returning({ id: users.id });
          if (updated.length === 0) throw new Conflict(USER_DELETED);
          await tx
            .delete(userDepartments)
            .where(
              and(eq(userDepartments.userId, target.id), notInArray(userDepartments.departmentId, deptIds)),
            );
          await tx
            .insert(userDepartments)
            .values(deptIds.map((departmentId) => ({ userId: target.id, departmentId })))
            .onConflictDoNothing();
          await recordAudits(tx, await audited.record());
          if (!emailChanged) return;
          // Links mailed to the old address must not act on the account any more.
          await tx
            .update(emailTokens)
            .set({ usedAt: new Date() })
            .where(
              and(
                eq(emailTokens.userId, target.id),
                inArray(emailTokens.kind, ["reset", "email-change"]),
                isNull(emailTokens.usedAt),
              ),
            );
          const [company] = await tx
            .select({ name: companies.name })
            .from(companies)
            .where(eq(companies.id, actor.companyId));
          await queue.enqueue(
            "email.send",
            {
              to: target.email,
              ...emailChangedByAdminEmail(target.firstName, company?.name ?? "your company", email),
              key: `admin-email-change:${target.id}:${Date.now()}`,
            },
            { tx },
          );
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new BadRequest(MESSAGES.emailTaken);
        throw err;
      }
      return { message: MESSAGES.dataUpdateSuccess };
    },

    /**
     * Two-factor sign-in on or off for the listed users: all of them, or none when one is not the company's.
     * Only the owner changes the owner's; one's own is turned off only in My Security, with the current password.
     */
    async editLogin2Fa(actor: Actor, body: S["EditLogin2FaRequest"]): Promise<S["Ok"]> {
      assertAdmin(actor);
      const ids = [...new Set(body.userIds)];
      const twoFactorBefore = await twoFactorOf(db, actor.companyId, ids);
      await db.transaction(async (tx) => {
        const targets = await tx
          .select({ id: users.id, isOwner: users.isOwner })
          .from(users)
          .where(and(eq(users.companyId, actor.companyId), inArray(users.id, ids)))
          .for("update");
        if (targets.length !== ids.length) throw new NotFound();
        if (!actor.isOwner && targets.some((t) => t.isOwner)) throw new Forbidden(OWNER_2FA_PROTECTED);
        if (body.login2fa !== "Y" && ids.includes(actor.userId)) throw new Forbidden(OWN_2FA_OFF);
        const updated = await tx
          .update(users)
          .set({ login2fa: body.login2fa })
          .where(and(eq(users.companyId, actor.companyId), inArray(users.id, ids)))
          .returning({ id: users.id });
        if (updated.length !== ids.length) throw new NotFound();
        await recordAudits(tx, twoFactorChanges(actor, twoFactorBefore, body.login2fa));
      });
      return { message: MESSAGES.login2faUpdated };
    },

    /** Soft delete: the row stays (status deleted, deletedAt set) and every session of the user ends at once. */
    async remove(actor: Actor, id: string): Promise<S["Ok"]> {
      assertAdmin(actor);
      await db.transaction(async (tx) => {
        const [target] = await tx
          .select({ id: users.id, isOwner: users.isOwner, status: users.status })
          .from(users)
          .where(and(eq(users.companyId, actor.companyId), eq(users.id, id)))
          .for("update");
        if (!target) throw new NotFound();
        if (target.status === "deleted") throw new Conflict(USER_ALREADY_DELETED);
        assertChangeable(actor, target);
        await tx
          .update(users)
          .set({ status: "deleted", deletedAt: new Date(), userStatus: "offline" })
          .where(eq(users.id, target.id));
        await revokeSessions(tx, target.id);
        await tx
          .update(emailTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(emailTokens.userId, target.id), isNull(emailTokens.usedAt)));
        await recordAudit(tx, {
          companyId: actor.companyId,
          who: userWho(actor),
          action: "user.deleted",
          target: { type: "user", id: target.id },
          before: userSnapshot(target.id),
        });
      });
      return { message: MESSAGES.userDeleted };
    },

    /** The caller's own sender IDs they may send with (the company's approved ones) and whether they may use them. */
    async senderIds(actor: Actor): Promise<S["SenderIdList"]> {
      requireActor(actor);
      const [u] = await db
        .select({ isAllowSid: users.isAllowSid })
        .from(users)
        .where(and(eq(users.companyId, actor.companyId), eq(users.id, actor.userId)));
      if (!u) throw new NotFound();
      return { data: await usableSenderIds(db, config.sms.senderId, actor), isAllowSID: flag(u.isAllowSid) };
    },

    /**
     * Replaces a user's sender IDs (normalised, deduplicated without regard to case) and `isAllowSID`. Only the
     * company's approved sender IDs and the platform's default may be given (422 names the first other one);
     * the change is audited with the list before and after.
     */
    async editSenderIds(actor: Actor, body: S["EditSenderIdRequest"]): Promise<S["Ok"]> {
      assertAdmin(actor);
      for (const raw of body.senderIds) {
        const p = parseSenderId(raw);
        if (!p.ok) throw new BadRequest(p.message);
      }
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ senderIds: users.senderIds, isAllowSid: users.isAllowSid, email: users.email })
          .from(users)
          .where(and(eq(users.companyId, actor.companyId), eq(users.id, body.id)))
          .for("update");
        if (!before) throw new NotFound();
        const allowed = allowedList(
          body.senderIds,
          await approvedSenderIds(tx, actor.companyId),
          config.sms.senderId,
        );
        if (!allowed.ok) throw new Unprocessable(senderIdNotApproved(allowed.refused));
        const isAllowSid = body.isAllowSID === undefined ? before.isAllowSid : body.isAllowSID === 1;
        await tx
          .update(users)
          .set({ senderIds: allowed.list, isAllowSid })
          .where(and(eq(users.companyId, actor.companyId), eq(users.id, body.id)));
        await recordAudit(tx, {
          companyId: actor.companyId,
          who: userWho(actor),
          action: "user.sender_ids_changed",
          target: { type: "user", id: body.id, label: before.email },
          before: { senderIds: before.senderIds ?? [], isAllowSID: before.isAllowSid },
          after: { senderIds: allowed.list, isAllowSID: isAllowSid },
        });
      });
      return { message: MESSAGES.dataUpdateSuccess };
    },

    /** Own auto-reply and forwarding, or another user's (admins only). */
    async editSmsSetting(actor: Actor, body: S["EditSmsSettingRequest"]): Promise<S["Ok"]> {
      requireActor(actor);
      const id = body.id ?? actor.userId;
      if (id !== actor.userId) assertAdmin(actor);
      const message = body.autoReply === 1 ? (body.autoReplyMessage ?? "").trim() : null;
      if (body.autoReply === 1 && !message) throw new BadRequest(AUTO_REPLY_MESSAGE_REQUIRED);
      const updated = await db
        .update(users)
        .set({
          autoReply: body.autoReply === 1,
          autoReplyMessage: message,
          autoForward: body.autoForward === 1,
        })
        .where(and(eq(users.companyId, actor.companyId), eq(users.id, id)))
        .returning({ id: users.id });
      if (updated.length === 0) throw new NotFound();
      return { message: MESSAGES.dataUpdateSuccess };
    },
  };
}
