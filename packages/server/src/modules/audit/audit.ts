/**
 * The audit log's one writer. Every administration, permission, credit, sender-ID, number, price, suspension and
 * security action (sign-ins, two-factor changes, password resets) records one entry here, in the transaction of
 * the change it describes (so an entry exists exactly when the change committed). Entries are append-only
 * (trigger in migration 0023_operator). The actor's label (name and e-mail) is read in the same statement, so
 * recording costs one insert; so are the target's name (`target` without `label`, for the kinds in
 * TARGET_LABELS) and the company of a user (`companyId: { ofUser }`). Several entries are one insert
 * (`recordAudits`). The entries' words are in actions.ts; the reads in audit.service.ts.
 */
import { type SQL, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { DbOrTx } from "../../db/client";
import type { Actor } from "../../plugins/actor";
import type { OperatorActor } from "../../plugins/operator";

export type AuditWho =
  | { type: "user"; id: string; ip?: string | null }
  | { type: "operator"; id: string; ip?: string | null }
  | { type: "api"; id: string; label: string; ip?: string | null }
  | { type: "system"; label?: string }
  /** Someone who named no account (a sign-in with an unknown e-mail): kept as a user without id. */
  | { type: "visitor"; label: string; ip?: string | null };

/** Plain JSON, or a jsonb expression read in the entry's own statement (see snapshots.ts). */
export type AuditValues = Record<string, unknown> | SQL;

export interface AuditInput {
  /**
   * The company the action concerns; null for the operator's own actions (numbers, operators) and for sign-ins
   * that named no account; `{ ofUser }`: that user's company, read in the insert.
   */
  companyId: string | null | { ofUser: string };
  who: AuditWho;
  /** `area.verb`, e.g. `user.created`, `credit.granted`, `auth.signed_in` (lowercase, digits, `_` and `.`). */
  action: string;
  /** Without `label`, a user's, company's, department's, keyword's or channel's name is read by its id. */
  target?: { type: string; id?: string | null; label?: string | null };
  /** Settings, permissions or money before and after (plain JSON; never secrets or password hashes). */
  before?: AuditValues | null;
  after?: AuditValues | null;
  /** Record only if this holds at insert time (e.g. a setting really changes); `recordAudit` only. */
  onlyIf?: SQL;
}

/** The company user behind a request, as an audit actor. */
export const userWho = (actor: Pick<Actor, "userId"> & { ip?: string | null }): AuditWho => ({
  type: "user",
  id: actor.userId,
  ip: actor.ip ?? null,
});

/** The operator behind a request, as an audit actor. */
export const operatorWho = (operator: OperatorActor, ip?: string): AuditWho => ({
  type: "operator",
  id: operator.operatorId,
  ip: ip ?? null,
});

const ACTION = /^[a-z0-9_]+(\.[a-z0-9_]+)+$/;

/** The name of a target by its id, read in the insert (so a caller needs no query for it). */
const TARGET_LABELS: Record<string, (id: string) => SQL> = {
  user: (id) =>
    sql`(select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) from users u where u.id = ${id}::uuid)`,
  company: (id) => sql`(select c.name from companies c where c.id = ${id}::uuid)`,
  department: (id) => sql`(select d.name from departments d where d.id = ${id}::uuid)`,
  keyword: (id) => sql`(select k.keyword from keywords k where k.id = ${id}::uuid)`,
  channel: (id) => sql`(select ch.name from channels ch where ch.id = ${id}::uuid)`,
};

const values = (v: AuditValues | null | undefined): SQL =>
  v == null
    ? sql`null::jsonb`
    : typeof (v as SQL).getSQL === "function"
      ? sql`(${v as SQL})::jsonb`
      : sql`${JSON.stringify(v)}::jsonb`;

/** The entry's column values, in the order of COLUMNS. */
function row(input: AuditInput): SQL {
  if (!ACTION.test(input.action) || input.action.length > 60)
    throw new Error(`audit action "${input.action}" is not area.verb`);
  const { who, target } = input;
  const actorType = who.type === "visitor" ? "user" : who.type;
  const actorId = who.type === "system" || who.type === "visitor" ? null : who.id;
  const ip = who.type === "system" ? null : ((who.ip ?? null)?.slice(0, 64) ?? null);
  const label =
    who.type === "user"
      ? sql`(select trim(u.first_name || ' ' || u.last_name) || ' <' || u.email || '>' from users u where u.id = ${actorId}::uuid)`
      : who.type === "operator"
        ? sql`(select coalesce(nullif(o.name, ''), o.email) || ' <' || o.email || '> (operator)' from operators o where o.id = ${actorId}::uuid)`
        : sql`${(who.type === "system" ? (who.label ?? "System") : who.label).slice(0, 400)}`;
  const company =
    input.companyId !== null && typeof input.companyId === "object"
      ? sql`(select u.company_id from users u where u.id = ${input.companyId.ofUser}::uuid)`
      : sql`${input.companyId}::uuid`;
  const named = target?.id && target.label === undefined ? TARGET_LABELS[target.type] : undefined;
  const targetLabel = named ? named(target!.id!) : sql`${target?.label ?? null}`;
  return sql`${uuidv7()}::uuid, ${company}, ${actorType}::varchar, ${actorId}::uuid,
    coalesce(${label}, 'Unknown'), ${ip}::varchar, ${input.action}::varchar, ${target?.type ?? null}::varchar,
    ${target?.id ?? null}::varchar, left(${targetLabel}, 400), ${values(input.before)}, ${values(input.after)}`;
}

const COLUMNS = sql`audit_log (id, company_id, actor_type, actor_id, actor_label, actor_ip, action, target_type,
  target_id, target_label, before, after)`;

/** Records entries in one insert (see the module's note); nothing for none. */
export async function recordAudits(tx: DbOrTx, inputs: readonly AuditInput[]): Promise<void> {
  if (inputs.length === 0) return;
  if (inputs.some((i) => i.onlyIf)) throw new Error("onlyIf is for recordAudit");
  await tx.execute(
    sql`insert into ${COLUMNS} values ${sql.join(
      inputs.map((i) => sql`(${row(i)})`),
      sql`, `,
    )}`,
  );
}

/** Records one entry (see the module's note). */
export async function recordAudit(tx: DbOrTx, input: AuditInput): Promise<void> {
  if (!input.onlyIf) return recordAudits(tx, [input]);
  await tx.execute(sql`insert into ${COLUMNS} select ${row(input)} where ${input.onlyIf}`);
}
