/**
 * Entries of the changes other modules make, built here so that each module records an action with one call
 * (audit.ts writes them). Settings, permissions and money are kept before and after, as plain words and SGD
 * amounts; where a value is read from the database (department names, balances, a row before its change) it is
 * read as a jsonb expression in the entry's own insert, not by a query of its own.
 */
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import type { Actor } from "../../plugins/actor";
import { type AuditInput, type AuditWho, userWho } from "./audit";

type Plain = Record<string, unknown>;

const uuidArray = (ids: readonly string[]) => `{${ids.join(",")}}`;

/** Department names (sorted) of the given ids, as a jsonb array. */
export const departmentNames = (ids: readonly string[]): SQL =>
  sql`(select coalesce(jsonb_agg(d.name order by lower(d.name), d.id), '[]'::jsonb)
         from departments d where d.id = any(${uuidArray(ids)}::uuid[]))`;

/** A JSON object with some values read in SQL: `{...plain, key: (expr), ...}`. */
export function withSql(plain: Plain, read: Record<string, SQL>): SQL {
  const pairs = Object.entries(read).map(([k, v]) => sql`${k}::text, (${v})`);
  return sql`(${JSON.stringify(plain)}::jsonb || jsonb_build_object(${sql.join(pairs, sql`, `)}))`;
}

/** What a user's entries keep of the user: details, role, departments (names), two-factor sign-in, credit. */
export const userSnapshot = (userId: string): SQL =>
  sql`(select jsonb_build_object(
           'name', trim(u.first_name || ' ' || u.last_name), 'email', u.email, 'contactNumber', u.contact_number,
           'role', u.user_role,
           'departments', coalesce((select jsonb_agg(d.name order by lower(d.name), d.id)
                                      from user_departments ud join departments d on d.id = ud.department_id
                                     where ud.user_id = u.id), '[]'::jsonb),
           'twoFactor', u.login2fa = 'Y', 'credit', u.credit_cents / 100.0)
         from users u where u.id = ${userId}::uuid)`;

interface UserState {
  name: string;
  email: string;
  contactNumber: string;
  role: string;
  departments: string[];
  twoFactor: boolean;
}

async function readUser(tx: DbOrTx, userId: string): Promise<UserState | null> {
  const result = (await tx.execute(sql`select ${userSnapshot(userId)} as s`)) as unknown as
    | { rows?: { s: UserState | string | null }[] }
    | { s: UserState | string | null }[];
  const row = (Array.isArray(result) ? result : (result.rows ?? []))[0];
  if (!row?.s) return null;
  return typeof row.s === "string" ? (JSON.parse(row.s) as UserState) : row.s;
}

const pick = (s: UserState, keys: readonly (keyof UserState)[]) =>
  Object.fromEntries(keys.map((k) => [k, s[k]])) as Plain;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * An admin's edit of another user: reads the user before the change (call it first, in the change's
 * transaction) and `record()` after it records one entry per kind of change (details, role, departments,
 * two-factor sign-in) with the values before and after. Three statements whatever changed.
 */
export async function userEdit(tx: DbOrTx, actor: Actor, userId: string) {
  const before = await readUser(tx, userId);
  return {
    async record(): Promise<AuditInput[]> {
      const after = await readUser(tx, userId);
      if (!before || !after) return [];
      const entries: AuditInput[] = [];
      const entry = (action: string, keys: (keyof UserState)[]) => {
        const changed = keys.filter((k) => !same(before[k], after[k]));
        if (changed.length === 0) return;
        entries.push({
          companyId: actor.companyId,
          who: userWho(actor),
          action,
          target: { type: "user", id: userId, label: after.name || after.email },
          before: pick(before, changed),
          after: pick(after, changed),
        });
      };
      entry("user.updated", ["name", "email", "contactNumber"]);
      entry("user.role_changed", ["role"]);
      entry("user.departments_changed", ["departments"]);
      entry("user.2fa_changed", ["twoFactor"]);
      return entries;
    },
  };
}

/** The two-factor setting of some users of a company, before an admin changes it (`twoFactorChanges`). */
export async function twoFactorOf(db: DbOrTx, companyId: string, ids: readonly string[]) {
  const result = (await db.execute(
    sql`select id, login2fa from users where company_id = ${companyId}::uuid and id = any(${uuidArray(ids)}::uuid[])`,
  )) as unknown as { rows?: { id: string; login2fa: string }[] } | { id: string; login2fa: string }[];
  const found = Array.isArray(result) ? result : (result.rows ?? []);
  return new Map(found.map((r) => [r.id, r.login2fa]));
}

/** One `user.2fa_changed` entry per user whose setting the change turned (users already so are left out). */
export function twoFactorChanges(actor: Actor, before: Map<string, string>, login2fa: string): AuditInput[] {
  return [...before]
    .filter(([, was]) => was !== login2fa)
    .map(([id, was]) => ({
      companyId: actor.companyId,
      who: userWho(actor),
      action: "user.2fa_changed",
      target: { type: "user", id },
      before: { twoFactor: was === "Y" },
      after: { twoFactor: login2fa === "Y" },
    }));
}

/**
 * A movement of credit between the corporate balance and a user (`credit.allocated`, `credit.deducted`):
 * the amount, and both balances before and after, read in the insert (call it after the movement).
 */
export function creditMovement(
  actor: Actor,
  move: { userId: string; amountCents: number; action: "credit.allocated" | "credit.deducted" },
): AuditInput {
  const toUser = move.action === "credit.allocated" ? 1 : -1;
  const balances = (sign: number) =>
    sql`(select jsonb_build_object(
             'userCredit', (u.credit_cents - ${sign * toUser * move.amountCents}::bigint) / 100.0,
             'companyCredit', (c.credit_cents + ${sign * toUser * move.amountCents}::bigint) / 100.0)
           from users u join companies c on c.id = u.company_id where u.id = ${move.userId}::uuid)`;
  return {
    companyId: actor.companyId,
    who: userWho(actor),
    action: move.action,
    target: { type: "user", id: move.userId },
    before: balances(1),
    after: sql`(${JSON.stringify({ amount: move.amountCents / 100 })}::jsonb || ${balances(0)})`,
  };
}

/**
 * A sign-in that failed: in the account's company when the address is a user's (a wrong password, or `reason`
 * the account may not sign in), else in no company, with the address that was tried.
 */
export function signInFailure(
  user: { id: string; companyId: string } | undefined,
  email: string,
  ip: string | undefined,
  reason?: string,
): AuditInput {
  const who: AuditWho = user
    ? { type: "user", id: user.id, ip: ip ?? null }
    : { type: "visitor", label: `${email.slice(0, 254)} (no such account)`, ip: ip ?? null };
  return {
    companyId: user?.companyId ?? null,
    who,
    action: "auth.sign_in_failed",
    after: { reason: reason ?? (user ? "Wrong password" : "No account has this e-mail address") },
  };
}

/**
 * The company's chatbot forwarding switch and webhook address (`bot.forwarding_changed`), recorded before the
 * change so that the entry keeps the setting as it was; the secret is never kept, only that it changed.
 */
export function forwardingChange(
  actor: Actor,
  next: { enabled: boolean; webhookUrl: string | null | undefined; secretChanged: boolean },
): AuditInput {
  return {
    companyId: actor.companyId,
    who: userWho(actor),
    action: "bot.forwarding_changed",
    before: sql`(select jsonb_build_object('forwarding', b.enabled, 'webhookUrl', b.webhook_url)
                   from bot_forwarding b where b.company_id = ${actor.companyId}::uuid)`,
    after: {
      forwarding: next.enabled,
      ...(next.webhookUrl !== undefined ? { webhookUrl: next.webhookUrl } : {}),
      ...(next.secretChanged ? { webhookSecretChanged: true } : {}),
    },
  };
}
