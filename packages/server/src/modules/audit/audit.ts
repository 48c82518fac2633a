/**
 * The audit log's one writer. Every administration, permission, credit, sender-ID, number, price, suspension and
 * security action (sign-ins, two-factor changes, password resets) records one entry here, in the transaction of
 * the change it describes (so an entry exists exactly when the change committed). Entries are append-only
 * (trigger in migration 0023_operator). The actor's label (name and e-mail) is read in the same statement, so
 * recording costs one insert.
 */
import { sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { DbOrTx } from "../../db/client";
import type { Actor } from "../../plugins/actor";
import type { OperatorActor } from "../../plugins/operator";

export type AuditWho =
  | { type: "user"; id: string; ip?: string | null }
  | { type: "operator"; id: string; ip?: string | null }
  | { type: "api"; id: string; label: string; ip?: string | null }
  | { type: "system"; label?: string };

export interface AuditInput {
  /** The company the action concerns; null for the operator's own actions (numbers, operators). */
  companyId: string | null;
  who: AuditWho;
  /** `area.verb`, e.g. `user.created`, `credit.granted`, `auth.signed_in` (lowercase, digits, `_` and `.`). */
  action: string;
  target?: { type: string; id?: string | null; label?: string | null };
  /** Settings, permissions or money before and after (plain JSON; never secrets or password hashes). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** The company user behind a request, as an audit actor. */
export const userWho = (actor: Pick<Actor, "userId"> & { ip?: string }): AuditWho => ({
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

const json = (v: Record<string, unknown> | null | undefined) => (v == null ? null : JSON.stringify(v));

/** Records one entry (see the module's note). */
export async function recordAudit(tx: DbOrTx, input: AuditInput): Promise<void> {
  const { who } = input;
  const actorId = who.type === "system" ? null : who.id;
  const ip = who.type === "system" ? null : ((who.ip ?? null)?.slice(0, 64) ?? null);
  const given = who.type === "api" ? who.label : who.type === "system" ? (who.label ?? "System") : null;
  const label =
    who.type === "user"
      ? sql`(select trim(u.first_name || ' ' || u.last_name) || ' <' || u.email || '>' from users u where u.id = ${actorId}::uuid)`
      : who.type === "operator"
        ? sql`(select coalesce(nullif(o.name, ''), o.email) || ' <' || o.email || '> (operator)' from operators o where o.id = ${actorId}::uuid)`
        : sql`${given}`;
  await tx.execute(sql`insert into audit_log (id, company_id, actor_type, actor_id, actor_label, actor_ip, action,
      target_type, target_id, target_label, before, after)
    values (${uuidv7()}::uuid, ${input.companyId}::uuid, ${who.type}, ${actorId}::uuid,
      coalesce(${label}, 'Unknown'), ${ip}, ${input.action}, ${input.target?.type ?? null},
      ${input.target?.id ?? null}, ${input.target?.label?.slice(0, 400) ?? null},
      ${json(input.before)}::jsonb, ${json(input.after)}::jsonb)`);
}
