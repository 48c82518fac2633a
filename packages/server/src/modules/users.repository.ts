import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { companies, departments, emailTokens, sessions, userDepartments, users } from "../db/schema";
import { hashToken } from "../lib/tokens";

export type UserRow = typeof users.$inferSelect;

/** The answer to a change aimed at a deleted user (users administration, credit transfers). */
export const USER_DELETED = "This user has been deleted.";

/** Users by e-mail are looked up across companies only for sign-in and registration (e-mail is unique). */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return u;
}

export async function emailTaken(db: DbOrTx, email: string, exceptUserId?: string): Promise<boolean> {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      exceptUserId
        ? and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, exceptUserId))
        : sql`lower(${users.email}) = lower(${email})`,
    )
    .limit(1);
  return Boolean(u);
}

/** A user of one company; another company's id finds nothing. */
export async function findUser(db: DbOrTx, companyId: string, userId: string): Promise<UserRow | undefined> {
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .limit(1);
  return u;
}

/** Only for flows that start from a link carrying the user id (verification, reset). */
export async function findUserById(db: DbOrTx, userId: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return u;
}

export async function userDepartmentRefs(db: DbOrTx, companyId: string, userId: string) {
  return db
    .select({ id: departments.id, name: departments.name })
    .from(userDepartments)
    .innerJoin(departments, eq(departments.id, userDepartments.departmentId))
    .where(and(eq(userDepartments.userId, userId), eq(departments.companyId, companyId)))
    .orderBy(departments.name);
}

export async function companyOf(db: DbOrTx, companyId: string) {
  const [c] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return c;
}

/** Ends sessions of a user at once (all, or all but one). */
export async function revokeSessions(db: DbOrTx, userId: string, exceptSessionId?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}

/**
 * Spends a single-use e-mailed link (verification, reset, e-mail change) of one user: marks it used and
 * answers its row, or undefined when the link is unknown, of another kind or user, used or expired.
 */
export async function spendLink(
  tx: DbOrTx,
  kind: "verify" | "reset" | "email-change",
  link: { id: string; token: string },
) {
  const [t] = await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(link.token)),
        eq(emailTokens.userId, link.id),
        eq(emailTokens.kind, kind),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  return t;
}

/**
 * Takes a sender ID off every user of the company that lists it (compared without regard to case, a number with
 * or without its +): the sender ID registry calls it when the company loses the ID, in that change's transaction.
 */
export async function removeSenderIdFromUsers(
  db: DbOrTx,
  companyId: string,
  senderId: string,
): Promise<void> {
  const key = senderId.toLowerCase();
  await db.execute(sql`update users
      set sender_ids = array(select x from unnest(sender_ids) as x where lower(regexp_replace(x, '^\\+', '')) <> ${key})
    where company_id = ${companyId}::uuid
      and exists (select 1 from unnest(sender_ids) as x where lower(regexp_replace(x, '^\\+', '')) = ${key})`);
}
