/**
 * The sender ID registry (table `sender_ids`, written only here). A company admin asks for an ID with a purpose
 * (requestSenderId); the operator approves it (optionally recording its SSIR registration), rejects it, or later
 * revokes it, with a reason; the admin may withdraw a request or give up an approved ID. An approved ID belongs to
 * one company (unique without regard to case among approved IDs, index `sender_ids_approved_key`, which also
 * settles two approvals racing); admins give approved IDs to users (editSenderId), and every send checks that the
 * company still owns its ID (modules/registry/sender-ids.ts). Revoking or withdrawing takes the ID off every user
 * of the company in the same transaction. Every change is audited in its transaction; the admin who asked is told
 * of the operator's answer by a bell notification.
 *
 * The operator's list: requests waiting first (oldest first), then the rest (newest first); keyset paging with an
 * opaque cursor that carries the part of the list and the last row's position.
 */
import type { components } from "@herald/api-client/schema";
import { checkSenderIdPurpose, parseSenderId, senderIdKey } from "@herald/domain";
import { type SQL, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { DbOrTx, Tx } from "../../db/client";
import { rows } from "../../db/sql";
import type { Deps } from "../../deps";
import { BadRequest, Conflict, NotFound } from "../../errors";
import { notificationEvent, publish } from "../../lib/events";
import { containsPattern, INVALID_CURSOR } from "../../lib/paging";
import { type Actor, assertAdmin } from "../../plugins/actor";
import { type OperatorActor, requireOperator } from "../../plugins/operator";
import { type AuditWho, operatorWho, recordAudit, userWho } from "../audit/audit";
import { removeSenderIdFromUsers } from "../users.repository";
import {
  alreadyAsked,
  alreadyOwned,
  approvedNotice,
  closedRequest,
  notRequested,
  ownedElsewhere,
  platformDefault,
  REASON_REQUIRED,
  rejectedNotice,
  revokedNotice,
  SENDER_ID_NOT_FOUND,
} from "./registry.messages";

type S = components["schemas"];

interface Row {
  id: string;
  sender_id: string;
  kind: "alphanumeric" | "number";
  purpose: string;
  status: S["SenderIdStatus"];
  reason: string | null;
  ssir_registered: boolean;
  company_id: string;
  company_name: string;
  requested_by: string | null;
  requester_label: string;
  created_at: Date | string;
  decided_at: Date | string | null;
  ck: string;
}

const COLUMNS = sql`s.id::text as id, s.sender_id, s.kind, s.purpose, s.status, s.reason, s.ssir_registered,
  s.company_id::text as company_id, c.name as company_name, s.requested_by::text as requested_by, s.requester_label,
  s.created_at, s.decided_at, s.created_at::text as ck`;

const iso = (d: Date | string) => new Date(d).toISOString();

const record = (r: Row): S["SenderIdRecord"] => ({
  id: r.id,
  senderId: r.sender_id,
  kind: r.kind,
  purpose: r.purpose,
  status: r.status,
  reason: r.reason,
  ssirRegistered: r.ssir_registered,
  companyId: r.company_id,
  companyName: r.company_name,
  requestedBy: r.requester_label,
  createdAt: iso(r.created_at),
  decidedAt: r.decided_at ? iso(r.decided_at) : null,
});

/** A unique violation of `name` (also when it is wrapped by the driver). */
export function violates(err: unknown, name: string): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const x = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (x.code === "23505" && (x.constraint === name || String(x.message ?? "").includes(name))) return true;
  }
  return false;
}

async function one(db: DbOrTx, where: SQL, lock = false): Promise<Row | undefined> {
  const [r] = await rows<Row>(
    db,
    sql`select ${COLUMNS} from sender_ids s join companies c on c.id = s.company_id where ${where}
        ${lock ? sql`for update of s` : sql``}`,
  );
  return r;
}

/** Another company's approved ID with this key, or its exclusive inbound number (a number-kind ID). */
async function ownerElsewhere(db: DbOrTx, companyId: string, value: string, kind: string): Promise<boolean> {
  const found = await rows<{ x: number }>(
    db,
    sql`select 1 as x from sender_ids where status = 'approved' and lower(sender_id) = lower(${value})
          and company_id <> ${companyId}::uuid
        union all
        select 1 from inbound_numbers n join inbound_number_owners o on o.number_id = n.id
         where ${kind} = 'number' and n.number = ${value} and o.company_id <> ${companyId}::uuid
        limit 1`,
  );
  return found.length > 0;
}

/** Tells the admin who asked (when still an active user of the company), with the bell's live event. */
async function notifyRequester(tx: Tx, r: Row, message: string) {
  if (!r.requested_by) return;
  const [n] = await rows<{ id: string; user_id: string }>(
    tx,
    sql`insert into notifications (id, company_id, user_id, type, message)
        select ${uuidv7()}::uuid, u.company_id, u.id, 'sender_id', ${message} from users u
         where u.id = ${r.requested_by}::uuid and u.company_id = ${r.company_id}::uuid and u.status = 'active'
        returning id::text as id, user_id::text as user_id`,
  );
  if (n) await publish(tx, notificationEvent({ companyId: r.company_id, userId: n.user_id, id: n.id }));
}

const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/;

/** The operator's list cursor: the part of the list (0 waiting requests, 1 the rest) and the last row. */
interface ListCursor {
  part: 0 | 1;
  at: string;
  id: string;
}
const encode = (c: ListCursor) =>
  Buffer.from(JSON.stringify([c.part, c.at, c.id]), "utf8").toString("base64url");
function decode(cursor: string | undefined): ListCursor | null {
  if (!cursor) return null;
  try {
    const [part, at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    if (
      (part === 0 || part === 1) &&
      typeof at === "string" &&
      TIMESTAMP_TEXT.test(at) &&
      typeof id === "string" &&
      /^[0-9a-f-]{36}$/i.test(id)
    ) {
      return { part, at, id };
    }
  } catch {
    // not one of ours
  }
  throw new BadRequest(INVALID_CURSOR);
}

export function registryService({ database, config }: Deps) {
  const { db } = database;

  /** Rejects (a request) or revokes (an approved ID) with a reason; withdraw is the company's own. */
  async function close(
    tx: Tx,
    r: Row,
    to: "rejected" | "revoked" | "withdrawn",
    who: AuditWho,
    reason: string | null,
    decidedBy: string | null,
  ): Promise<Row> {
    await tx.execute(sql`update sender_ids set status = ${to}, reason = coalesce(${reason}, reason),
        decided_at = now(), decided_by = coalesce(${decidedBy}::uuid, decided_by)
      where id = ${r.id}::uuid`);
    if (r.status === "approved") await removeSenderIdFromUsers(tx, r.company_id, r.sender_id);
    await recordAudit(tx, {
      companyId: r.company_id,
      who,
      action: `sender_id.${to}`,
      target: { type: "sender_id", id: r.id, label: r.sender_id },
      before: { status: r.status },
      after: { status: to, ...(reason ? { reason } : {}) },
    });
    return (await one(tx, sql`s.id = ${r.id}::uuid`))!;
  }

  return {
    // ---- the company's side ----

    /** Every sender ID the company asked for, newest first. */
    async list(actor: Actor): Promise<S["SenderIdRegistryList"]> {
      assertAdmin(actor);
      const found = await rows<Row>(
        db,
        sql`select ${COLUMNS} from sender_ids s join companies c on c.id = s.company_id
             where s.company_id = ${actor.companyId}::uuid order by s.created_at desc, s.id desc limit 1000`,
      );
      return { data: found.map(record) };
    },

    /** Asks the operator for an ID (see the module's note). */
    async request(actor: Actor, body: S["RequestSenderIdRequest"]): Promise<S["SenderIdRecord"]> {
      assertAdmin(actor);
      const id = parseSenderId(body.senderId);
      if (!id.ok) throw new BadRequest(id.message);
      const purpose = checkSenderIdPurpose(body.purpose);
      if (!purpose.ok) throw new BadRequest(purpose.message);
      if (senderIdKey(config.sms.senderId) === id.value.toLowerCase()) {
        throw new Conflict(platformDefault(config.sms.senderId));
      }
      try {
        return await db.transaction(async (tx) => {
          const mine = await one(
            tx,
            sql`s.company_id = ${actor.companyId}::uuid and lower(s.sender_id) = lower(${id.value})
                and s.status in ('requested', 'approved')`,
          );
          if (mine?.status === "approved") throw new Conflict(alreadyOwned(mine.sender_id));
          if (mine) throw new Conflict(alreadyAsked(mine.sender_id));
          if (await ownerElsewhere(tx, actor.companyId, id.value, id.kind)) {
            throw new Conflict(ownedElsewhere(id.value));
          }
          const newId = uuidv7();
          await tx.execute(sql`insert into sender_ids (id, company_id, sender_id, kind, purpose, status, requested_by,
              requester_label)
            select ${newId}::uuid, ${actor.companyId}::uuid, ${id.value}, ${id.kind}, ${purpose.value}, 'requested',
                   u.id, trim(u.first_name || ' ' || u.last_name) || ' <' || u.email || '>'
              from users u where u.id = ${actor.userId}::uuid`);
          await recordAudit(tx, {
            companyId: actor.companyId,
            who: userWho(actor),
            action: "sender_id.requested",
            target: { type: "sender_id", id: newId, label: id.value },
            after: { senderId: id.value, kind: id.kind, purpose: purpose.value },
          });
          return record((await one(tx, sql`s.id = ${newId}::uuid`))!);
        });
      } catch (err) {
        // two requests of the same company racing: the second is told the first is waiting
        if (violates(err, "sender_ids_company_open_key")) throw new Conflict(alreadyAsked(id.value));
        throw err;
      }
    },

    /** Withdraws a request, or gives up an approved ID (taken off every user of the company). */
    async withdraw(actor: Actor, body: S["IdRequest"]): Promise<S["Ok"]> {
      assertAdmin(actor);
      await db.transaction(async (tx) => {
        const r = await one(
          tx,
          sql`s.id = ${body.id}::uuid and s.company_id = ${actor.companyId}::uuid`,
          true,
        );
        if (!r) throw new NotFound(SENDER_ID_NOT_FOUND);
        if (r.status !== "requested" && r.status !== "approved") {
          throw new Conflict(closedRequest(r.sender_id, r.status));
        }
        await close(tx, r, "withdrawn", userWho(actor), null, null);
      });
      return { message: "Sender ID withdrawn." };
    },

    // ---- the operator's side ----

    /** One page of the registry (see the module's note). */
    async operatorList(
      operator: OperatorActor | undefined,
      q: { status?: S["SenderIdStatus"]; q?: string; cursor?: string; limit?: number },
    ): Promise<S["SenderIdPage"]> {
      requireOperator(operator);
      const limit = Math.min(Math.max(q.limit ?? 50, 1), 200);
      const cursor = decode(q.cursor);
      const like = containsPattern(q.q?.toLowerCase());
      const search = like ? sql`and (lower(s.sender_id) like ${like} or lower(c.name) like ${like})` : sql``;
      const statusFilter = q.status ? sql`and s.status = ${q.status}` : sql``;
      const page = (part: 0 | 1, after: ListCursor | null, n: number) =>
        rows<Row>(
          db,
          part === 0
            ? sql`select ${COLUMNS} from sender_ids s join companies c on c.id = s.company_id
                   where s.status = 'requested' ${statusFilter} ${search}
                     ${after ? sql`and (s.created_at, s.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
                   order by s.created_at, s.id limit ${n}`
            : sql`select ${COLUMNS} from sender_ids s join companies c on c.id = s.company_id
                   where s.status <> 'requested' ${statusFilter} ${search}
                     ${after ? sql`and (s.created_at, s.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
                   order by s.created_at desc, s.id desc limit ${n}`,
        );
      const found: { part: 0 | 1; row: Row }[] = [];
      const wantWaiting = !q.status || q.status === "requested";
      const wantRest = q.status !== "requested";
      if (wantWaiting && (!cursor || cursor.part === 0)) {
        for (const row of await page(0, cursor, limit + 1)) found.push({ part: 0, row });
      }
      if (wantRest && found.length <= limit) {
        const after = cursor?.part === 1 ? cursor : null;
        for (const row of await page(1, after, limit + 1 - found.length)) found.push({ part: 1, row });
      }
      const more = found.length > limit;
      const shown = found.slice(0, limit);
      const last = shown[shown.length - 1];
      return {
        data: shown.map((f) => record(f.row)),
        nextCursor: more && last ? encode({ part: last.part, at: last.row.ck, id: last.row.id }) : null,
      };
    },

    /** Approves a request; 409 when another company owns the ID (also when two approvals race). */
    async approve(
      operator: OperatorActor | undefined,
      ip: string,
      id: string,
      body: S["SenderIdApproveRequest"],
    ): Promise<S["SenderIdRecord"]> {
      const op = requireOperator(operator);
      let shown = "";
      try {
        return await db.transaction(async (tx) => {
          const r = await one(tx, sql`s.id = ${id}::uuid`, true);
          if (!r) throw new NotFound(SENDER_ID_NOT_FOUND);
          shown = r.sender_id;
          if (r.status !== "requested") throw new Conflict(notRequested(r.sender_id, r.status));
          if (await ownerElsewhere(tx, r.company_id, r.sender_id, r.kind)) {
            throw new Conflict(ownedElsewhere(r.sender_id));
          }
          const ssir = body?.ssirRegistered ?? false;
          await tx.execute(sql`update sender_ids set status = 'approved', ssir_registered = ${ssir},
              decided_at = now(), decided_by = ${op.operatorId}::uuid, reason = null
            where id = ${r.id}::uuid`);
          await recordAudit(tx, {
            companyId: r.company_id,
            who: operatorWho(op, ip),
            action: "sender_id.approved",
            target: { type: "sender_id", id: r.id, label: r.sender_id },
            before: { status: r.status },
            after: { status: "approved", ssirRegistered: ssir },
          });
          await notifyRequester(tx, r, approvedNotice(r.sender_id));
          return record((await one(tx, sql`s.id = ${r.id}::uuid`))!);
        });
      } catch (err) {
        if (violates(err, "sender_ids_approved_key")) throw new Conflict(ownedElsewhere(shown));
        throw err;
      }
    },

    /** Rejects a request or revokes an approved ID, with a reason. */
    async reject(
      operator: OperatorActor | undefined,
      ip: string,
      id: string,
      body: S["ReasonRequest"],
    ): Promise<S["SenderIdRecord"]> {
      const op = requireOperator(operator);
      const reason = body.reason.trim();
      if (!reason) throw new BadRequest(REASON_REQUIRED);
      return db.transaction(async (tx) => {
        const r = await one(tx, sql`s.id = ${id}::uuid`, true);
        if (!r) throw new NotFound(SENDER_ID_NOT_FOUND);
        if (r.status !== "requested" && r.status !== "approved") {
          throw new Conflict(closedRequest(r.sender_id, r.status));
        }
        const to = r.status === "approved" ? "revoked" : "rejected";
        const after = await close(tx, r, to, operatorWho(op, ip), reason, op.operatorId);
        await notifyRequester(
          tx,
          r,
          to === "revoked" ? revokedNotice(r.sender_id, reason) : rejectedNotice(r.sender_id, reason),
        );
        return record(after);
      });
    },

    /** Records whether the ID is registered with Singapore's SMS Sender ID Registry. */
    async setSsir(
      operator: OperatorActor | undefined,
      ip: string,
      id: string,
      body: S["SsirRequest"],
    ): Promise<S["SenderIdRecord"]> {
      const op = requireOperator(operator);
      return db.transaction(async (tx) => {
        const r = await one(tx, sql`s.id = ${id}::uuid`, true);
        if (!r) throw new NotFound(SENDER_ID_NOT_FOUND);
        if (r.ssir_registered === body.ssirRegistered) return record(r);
        await tx.execute(
          sql`update sender_ids set ssir_registered = ${body.ssirRegistered} where id = ${r.id}::uuid`,
        );
        await recordAudit(tx, {
          companyId: r.company_id,
          who: operatorWho(op, ip),
          action: "sender_id.ssir_changed",
          target: { type: "sender_id", id: r.id, label: r.sender_id },
          before: { ssirRegistered: r.ssir_registered },
          after: { ssirRegistered: body.ssirRegistered },
        });
        return record((await one(tx, sql`s.id = ${r.id}::uuid`))!);
      });
    },
  };
}
