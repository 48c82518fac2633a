/**
 * Inbound numbers (tables `inbound_numbers`, `inbound_number_owners`, written only here) and the messages no
 * company owns (`unrouted_inbound`, written by routing.ts). The operator adds, changes and removes the long
 * numbers and short codes Herald receives SMS on, and says who owns each: one company without keyword
 * (exclusive), or several companies each with a keyword that is unique on the number without regard to case
 * (shared). Numbers are stored as digits only. Every change is audited (as the operator's own action, without
 * company). Company admins read the numbers their company owns (inboundNumbers).
 */
import type { components } from "@herald/api-client/schema";
import { sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { DbOrTx, Tx } from "../../db/client";
import { rows } from "../../db/sql";
import type { Deps } from "../../deps";
import { BadRequest, Conflict, NotFound } from "../../errors";
import { decodeCursor, encodeCursor, INVALID_CURSOR } from "../../lib/paging";
import { type Actor, assertAdmin } from "../../plugins/actor";
import { type OperatorActor, requireOperator } from "../../plugins/operator";
import { operatorWho, recordAudit } from "../audit/audit";
import {
  COMPANY_TWICE,
  EXCLUSIVE_NO_KEYWORD,
  EXCLUSIVE_ONE_OWNER,
  KEYWORD_FORMAT,
  keywordTaken,
  LONG_NUMBER_LENGTH,
  NUMBER_DIGITS,
  NUMBER_NOT_FOUND,
  numberTaken,
  SHARED_KEYWORD_REQUIRED,
  SHORT_CODE_LENGTH,
  stopKeyword,
  UNKNOWN_COMPANY,
  UNROUTED_REASONS,
} from "./registry.messages";
import { violates } from "./registry.service";
import { STOP_WORDS } from "./routing";

type S = components["schemas"];

interface NumberRow {
  id: string;
  number: string;
  kind: "long" | "short";
  shared: boolean;
  created_at: Date | string;
  owners: { companyId: string; companyName: string; keyword: string | null }[] | string;
}

const iso = (d: Date | string) => new Date(d).toISOString();

const NUMBER_COLUMNS = sql`n.id::text as id, n.number, n.kind, n.shared, n.created_at,
  (select coalesce(json_agg(json_build_object('companyId', o.company_id, 'companyName', c.name, 'keyword', o.keyword)
                            order by lower(c.name), o.company_id), '[]'::json)
     from inbound_number_owners o join companies c on c.id = o.company_id where o.number_id = n.id) as owners`;

const numberRecord = (r: NumberRow): S["InboundNumber"] => ({
  id: r.id,
  number: r.number,
  kind: r.kind,
  shared: r.shared,
  owners: typeof r.owners === "string" ? JSON.parse(r.owners) : r.owners,
  createdAt: iso(r.created_at),
});

async function numberById(db: DbOrTx, id: string, lock = false): Promise<NumberRow | undefined> {
  const [r] = await rows<NumberRow>(
    db,
    sql`select ${NUMBER_COLUMNS} from inbound_numbers n where n.id = ${id}::uuid ${lock ? sql`for update` : sql``}`,
  );
  return r;
}

interface CleanNumber {
  number: string;
  kind: "long" | "short";
  shared: boolean;
  owners: { companyId: string; keyword: string | null }[];
}

/** Checks and normalises a number and its owners (see the module's note); 400 names what is wrong. */
export function cleanNumber(body: S["InboundNumberRequest"]): CleanNumber {
  const raw = body.number.trim();
  if (!/^\+?[0-9 ()-]+$/.test(raw)) throw new BadRequest(NUMBER_DIGITS);
  const number = raw.replace(/[^0-9]/g, "");
  if (raw.startsWith("+") && body.kind === "short") throw new BadRequest(SHORT_CODE_LENGTH);
  if (body.kind === "short" && (number.length < 3 || number.length > 8))
    throw new BadRequest(SHORT_CODE_LENGTH);
  if (body.kind === "long" && (number.length < 7 || number.length > 15))
    throw new BadRequest(LONG_NUMBER_LENGTH);
  const seen = new Set<string>();
  const words = new Map<string, string>();
  const owners: CleanNumber["owners"] = [];
  for (const o of body.owners) {
    const companyId = o.companyId.toLowerCase();
    if (seen.has(companyId)) throw new BadRequest(COMPANY_TWICE);
    seen.add(companyId);
    const keyword = (o.keyword ?? "").trim();
    if (!body.shared) {
      if (keyword) throw new BadRequest(EXCLUSIVE_NO_KEYWORD);
      owners.push({ companyId, keyword: null });
      continue;
    }
    if (!keyword) throw new BadRequest(SHARED_KEYWORD_REQUIRED);
    if (!/^[A-Za-z0-9]{1,50}$/.test(keyword)) throw new BadRequest(KEYWORD_FORMAT);
    if (STOP_WORDS.has(keyword.toUpperCase())) throw new BadRequest(stopKeyword(keyword));
    const key = keyword.toLowerCase();
    if (words.has(key)) throw new Conflict(keywordTaken(keyword));
    words.set(key, keyword);
    owners.push({ companyId, keyword });
  }
  if (!body.shared && owners.length > 1) throw new BadRequest(EXCLUSIVE_ONE_OWNER);
  return { number, kind: body.kind, shared: body.shared, owners };
}

/** A number as the audit log keeps it: its owners by id and by name (the log is read by people). */
const snapshot = (r: { number: string; kind: string; shared: boolean; owners: NumberRow["owners"] }) => ({
  number: r.number,
  kind: r.kind,
  shared: r.shared,
  owners: (typeof r.owners === "string" ? JSON.parse(r.owners) : r.owners).map(
    (o: { companyId: string; companyName: string; keyword: string | null }) => ({
      companyId: o.companyId,
      companyName: o.companyName,
      keyword: o.keyword,
    }),
  ),
});

/** The owners of a number, replaced (every company must exist). */
async function setOwners(tx: Tx, numberId: string, owners: CleanNumber["owners"]) {
  await tx.execute(sql`delete from inbound_number_owners where number_id = ${numberId}::uuid`);
  if (owners.length === 0) return;
  const values = JSON.stringify(owners.map((o) => ({ c: o.companyId, k: o.keyword })));
  const inserted = await rows<{ company_id: string }>(
    tx,
    sql`insert into inbound_number_owners (number_id, company_id, keyword)
        select ${numberId}::uuid, c.id, v.k from jsonb_to_recordset(${values}::jsonb) as v(c uuid, k text)
          join companies c on c.id = v.c
        returning company_id::text as company_id`,
  );
  if (inserted.length !== owners.length) throw new BadRequest(UNKNOWN_COMPANY);
}

/** A unique violation of the number or of a keyword on it, as the operator's 409. */
function conflictOf(err: unknown, clean: CleanNumber): never {
  if (violates(err, "inbound_numbers_number_key")) throw new Conflict(numberTaken(clean.number));
  if (violates(err, "inbound_number_owners_keyword_key")) {
    throw new Conflict(keywordTaken(clean.owners.find((o) => o.keyword)?.keyword ?? ""));
  }
  throw err;
}

const NUMBER_CURSOR = /^[0-9]{1,20}$/;

export function numbersService({ database }: Deps) {
  const { db } = database;
  return {
    /** The numbers the caller's company receives SMS on. */
    async companyNumbers(actor: Actor): Promise<S["CompanyInboundNumberList"]> {
      assertAdmin(actor);
      const found = await rows<{
        number: string;
        kind: "long" | "short";
        shared: boolean;
        keyword: string | null;
      }>(
        db,
        sql`select n.number, n.kind, n.shared, o.keyword from inbound_number_owners o
              join inbound_numbers n on n.id = o.number_id
             where o.company_id = ${actor.companyId}::uuid order by n.number`,
      );
      return { data: found };
    },

    /** One page of numbers, by number; `q` searches the number's digits and its owners' names. */
    async list(
      operator: OperatorActor | undefined,
      q: { q?: string; cursor?: string; limit?: number },
    ): Promise<S["InboundNumberPage"]> {
      requireOperator(operator);
      const limit = Math.min(Math.max(q.limit ?? 50, 1), 200);
      let after: string | null = null;
      if (q.cursor) {
        after = Buffer.from(q.cursor, "base64url").toString("utf8");
        if (!NUMBER_CURSOR.test(after)) throw new BadRequest(INVALID_CURSOR);
      }
      const text = q.q?.trim().toLowerCase() ?? "";
      const digits = text.replace(/[^0-9]/g, "");
      const like = text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const search = like
        ? sql`and (${digits ? sql`n.number like ${`%${digits}%`} or` : sql``}
                   exists (select 1 from inbound_number_owners o join companies c on c.id = o.company_id
                            where o.number_id = n.id and (lower(c.name) like ${like} or lower(o.keyword) like ${like})))`
        : sql``;
      const found = await rows<NumberRow>(
        db,
        sql`select ${NUMBER_COLUMNS} from inbound_numbers n
             where true ${after ? sql`and n.number > ${after}` : sql``} ${search}
             order by n.number limit ${limit + 1}`,
      );
      const shown = found.slice(0, limit);
      const last = shown[shown.length - 1];
      return {
        data: shown.map(numberRecord),
        nextCursor:
          found.length > limit && last ? Buffer.from(last.number, "utf8").toString("base64url") : null,
      };
    },

    async add(
      operator: OperatorActor | undefined,
      ip: string,
      body: S["InboundNumberRequest"],
    ): Promise<S["InboundNumber"]> {
      const op = requireOperator(operator);
      const clean = cleanNumber(body);
      try {
        return await db.transaction(async (tx) => {
          const id = uuidv7();
          await tx.execute(sql`insert into inbound_numbers (id, number, kind, shared)
            values (${id}::uuid, ${clean.number}, ${clean.kind}, ${clean.shared})`);
          await setOwners(tx, id, clean.owners);
          const r = (await numberById(tx, id))!;
          await recordAudit(tx, {
            companyId: null,
            who: operatorWho(op, ip),
            action: "number.added",
            target: { type: "inbound_number", id, label: clean.number },
            after: snapshot(r),
          });
          return numberRecord(r);
        });
      } catch (err) {
        return conflictOf(err, clean);
      }
    },

    async edit(
      operator: OperatorActor | undefined,
      ip: string,
      id: string,
      body: S["InboundNumberRequest"],
    ): Promise<S["InboundNumber"]> {
      const op = requireOperator(operator);
      const clean = cleanNumber(body);
      try {
        return await db.transaction(async (tx) => {
          const before = await numberById(tx, id, true);
          if (!before) throw new NotFound(NUMBER_NOT_FOUND);
          await tx.execute(sql`update inbound_numbers set number = ${clean.number}, kind = ${clean.kind},
              shared = ${clean.shared} where id = ${id}::uuid`);
          await setOwners(tx, id, clean.owners);
          const r = (await numberById(tx, id))!;
          await recordAudit(tx, {
            companyId: null,
            who: operatorWho(op, ip),
            action: "number.changed",
            target: { type: "inbound_number", id, label: clean.number },
            before: snapshot(before),
            after: snapshot(r),
          });
          return numberRecord(r);
        });
      } catch (err) {
        return conflictOf(err, clean);
      }
    },

    async remove(operator: OperatorActor | undefined, ip: string, id: string): Promise<S["Ok"]> {
      const op = requireOperator(operator);
      await db.transaction(async (tx) => {
        const before = await numberById(tx, id, true);
        if (!before) throw new NotFound(NUMBER_NOT_FOUND);
        await tx.execute(sql`delete from inbound_numbers where id = ${id}::uuid`);
        await recordAudit(tx, {
          companyId: null,
          who: operatorWho(op, ip),
          action: "number.removed",
          target: { type: "inbound_number", id, label: before.number },
          before: snapshot(before),
        });
      });
      return { message: "Number removed." };
    },

    /** Messages no company owns, newest first (keyset on received_at, id). */
    async unrouted(
      operator: OperatorActor | undefined,
      q: { cursor?: string; limit?: number },
    ): Promise<S["UnroutedPage"]> {
      requireOperator(operator);
      const limit = Math.min(Math.max(q.limit ?? 50, 1), 200);
      const after = q.cursor ? decodeCursor(q.cursor) : null;
      if (q.cursor && !after) throw new BadRequest(INVALID_CURSOR);
      const found = await rows<{
        id: string;
        from_number: string;
        to_address: string;
        text: string;
        reason: string;
        received_at: Date | string;
        ck: string;
      }>(
        db,
        sql`select id::text as id, from_number, to_address, text, reason, received_at, received_at::text as ck
              from unrouted_inbound
             where true ${after ? sql`and (received_at, id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
             order by received_at desc, id desc limit ${limit + 1}`,
      );
      const shown = found.slice(0, limit);
      const last = shown[shown.length - 1];
      return {
        data: shown.map((r) => ({
          id: r.id,
          from: r.from_number,
          to: r.to_address,
          text: r.text,
          reason: UNROUTED_REASONS[r.reason] ?? r.reason,
          receivedAt: iso(r.received_at),
        })),
        nextCursor: found.length > limit && last ? encodeCursor({ at: last.ck, id: last.id }) : null,
      };
    },
  };
}
