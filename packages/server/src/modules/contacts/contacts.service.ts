/**
 * Contacts and groups of a company (/contacts, /getContact, /addContact, /editContact, /deleteContact(s),
 * /groups, /getGroup, /addGroup, /editGroup, /deleteGroup(s), /addMembers, /removeMember(s)). Every signed-in
 * user of the company may manage them (the specification guards these routes by sign-in only); every
 * statement is filtered by the actor's company, so another company's id answers 404.
 */
import type { components } from "@herald/api-client/schema";
import { contactsWithIssues, isSupportedRegion, MESSAGES, stripNonDigits } from "@herald/domain";
import { type SQL, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { DbOrTx } from "../../db/client";
import { isUniqueViolation, rows } from "../../db/sql";
import type { Deps } from "../../deps";
import { BadRequest, Conflict, NotFound } from "../../errors";
import {
  containsPattern,
  decodeCursor,
  encodeCursor,
  INVALID_CURSOR,
  type KeysetPosition,
  TOTAL_CAP,
} from "../../lib/paging";
import { type Actor, requireActor } from "../../plugins/actor";
import {
  CONTACT_DELETED,
  CONTACT_EXISTS,
  CONTACT_NOT_FOUND,
  CONTACTS_DELETED,
  GROUP_DELETED,
  GROUP_NOT_FOUND,
  GROUPS_DELETED,
  INVALID_COUNTRY,
  ISSUE,
  MEMBER_REMOVED,
  MEMBERS_ADDED,
  MEMBERS_REMOVED,
} from "./contacts.messages";
import { normalizeContactMobile } from "./mobile";

type S = components["schemas"];

const iso = (d: Date | string) => new Date(d).toISOString();

/** The region of numbers written without country code: the `country` parameter, SG by default. */
export function contactRegion(country: string | undefined): string {
  const region = (country ?? "SG").toUpperCase();
  if (!isSupportedRegion(region)) throw new BadRequest(INVALID_COUNTRY);
  return region;
}

/** The search of a list: the name pattern (lowered) and, when the text has digits, the number pattern. */
function searchPatterns(search: string | undefined) {
  const text = search?.trim().toLowerCase();
  if (!text) return null;
  const name = containsPattern(text)!;
  const digits = /[a-z]/.test(text) ? "" : stripNonDigits(text);
  return { name, mobile: digits ? `%${digits}%` : null };
}

function cursorOf(cursor: string | undefined): KeysetPosition | null {
  if (cursor === undefined) return null;
  const position = decodeCursor(cursor);
  if (!position) throw new BadRequest(INVALID_CURSOR);
  return position;
}

/** `(created_at, id)` strictly after `p` in descending order, in a form the keyset index serves. */
const after = (createdAt: SQL, id: SQL, p: KeysetPosition, inclusive = false) =>
  sql`and ${createdAt} <= ${p.at}::timestamptz and (${createdAt} < ${p.at}::timestamptz or ${id} ${inclusive ? sql`<=` : sql`<`} ${p.id}::uuid)`;

/** The exact number of contacts of a company (kept by triggers on contacts: migration contact_counts). */
export async function contactCount(db: DbOrTx, companyId: string): Promise<number> {
  const [r] = await rows<{ n: number | string }>(
    db,
    sql`select contacts as n from contact_counts where company_id = ${companyId}`,
  );
  return Number(r?.n ?? 0);
}

interface ContactRow {
  id: string;
  mobile: string;
  name: string;
  email: string | null;
  attributes: Record<string, string> | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  ck: string;
  groups: { id: string; name: string }[] | string | null;
}

const parseJson = <T>(v: T | string | null, fallback: T): T =>
  v === null ? fallback : typeof v === "string" ? (JSON.parse(v) as T) : v;

/** An attributes object without inherited keys, whatever the stored JSON holds. */
function attributesOf(v: ContactRow["attributes"]): Record<string, string> {
  const parsed = parseJson<Record<string, string>>(v, {});
  const out: Record<string, string> = Object.create(null);
  for (const [k, val] of Object.entries(parsed)) out[k] = String(val);
  return { ...out };
}

const toContact = (r: ContactRow): S["Contact"] => ({
  id: r.id,
  name: r.name,
  mobile: r.mobile,
  email: r.email,
  attributes: attributesOf(r.attributes),
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
  groups: parseJson(r.groups, []).map((g) => ({ id: g.id, name: g.name, group_name: g.name })),
  conversationExpiry: null,
  platformId: null,
  channelType: null,
});

const CONTACT_COLUMNS = (groupLimit: SQL) => sql`c.id, c.mobile, c.name, c.email, c.attributes, c.created_at,
  c.updated_at, c.created_at::text as ck,
  coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name) order by lower(g.name), g.id)
              from (select g.id, g.name from group_members m join contact_groups g on g.id = m.group_id
                     where m.contact_id = c.id order by lower(g.name), g.id ${groupLimit}) g), '[]'::json) as groups`;

interface GroupRow {
  id: string;
  name: string;
  member_count: number;
  created_at: Date | string;
  updated_at: Date | string;
  ck: string;
}

const toGroup = (r: GroupRow): S["Group"] => ({
  id: r.id,
  name: r.name,
  group_name: r.name,
  total_recipients: Number(r.member_count),
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Ids in the order given, each once. */
const unique = (ids: readonly string[]) => [...new Set(ids.map((i) => i.toLowerCase()))];

/** The company's groups among `ids`; 404 when one is not. */
export async function assertGroups(tx: DbOrTx, companyId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const [r] = await rows<{ n: number | string }>(
    tx,
    sql`select count(*) as n from contact_groups
         where company_id = ${companyId} and id = any(${`{${ids.join(",")}}`}::uuid[])`,
  );
  if (Number(r?.n) !== ids.length) throw new NotFound(GROUP_NOT_FOUND);
}

/**
 * The groups of `groupId` (comma-separated ids, each the company's) and `groupName` (found without case,
 * created when missing unless `create` is false), for contacts being added.
 */
export async function resolveGroups(
  tx: DbOrTx,
  actor: Actor,
  q: { groupId?: string; groupName?: string },
  create = true,
): Promise<string[]> {
  const ids = unique((q.groupId ?? "").split(",").filter((s) => s.trim() !== ""));
  if (ids.some((i) => !UUID.test(i))) throw new NotFound(GROUP_NOT_FOUND);
  await assertGroups(tx, actor.companyId, ids);
  const name = q.groupName?.trim();
  if (name && !create) {
    const [g] = await rows<{ id: string }>(
      tx,
      sql`select id from contact_groups where company_id = ${actor.companyId} and lower(name) = lower(${name})`,
    );
    if (g && !ids.includes(g.id)) ids.push(g.id);
  } else if (name) {
    const [g] = await rows<{ id: string }>(
      tx,
      sql`with ins as (
            insert into contact_groups (id, company_id, name, created_by)
            values (${uuidv7()}, ${actor.companyId}, ${name}, ${actor.userId})
            on conflict do nothing returning id)
          select id from ins
          union all
          select id from contact_groups where company_id = ${actor.companyId} and lower(name) = lower(${name})
          limit 1`,
    );
    if (g && !ids.includes(g.id)) ids.push(g.id);
  }
  return ids;
}

export function contactsService({ database }: Deps) {
  const { db } = database;

  /** A page of `limit` rows plus the cursor of the next one (read limit + 1 rows). */
  function page<R extends { id: string; ck: string }>(found: R[], limit: number) {
    const more = found.length > limit;
    const data = more ? found.slice(0, limit) : found;
    const last = data[data.length - 1];
    return { data, nextCursor: more && last ? encodeCursor({ at: last.ck, id: last.id }) : null };
  }

  /** Counts up to TOTAL_CAP + 1 matching rows (index only), for the first page of a list. */
  async function cappedTotal(from: SQL): Promise<{ total: number; totalExact: boolean }> {
    const [r] = await rows<{ n: number | string }>(
      db,
      sql`select count(*) as n from (select 1 ${from} limit ${TOTAL_CAP + 1}) t`,
    );
    const n = Number(r?.n ?? 0);
    return { total: Math.min(n, TOTAL_CAP), totalExact: n <= TOTAL_CAP };
  }

  async function readContact(tx: DbOrTx, companyId: string, id: string): Promise<S["Contact"]> {
    const [r] = await rows<ContactRow>(
      tx,
      sql`select ${CONTACT_COLUMNS(sql``)} from contacts c where c.company_id = ${companyId} and c.id = ${id}`,
    );
    if (!r) throw new NotFound(CONTACT_NOT_FOUND);
    return toContact(r);
  }

  async function readGroup(tx: DbOrTx, companyId: string, id: string): Promise<GroupRow> {
    const [g] = await rows<GroupRow>(
      tx,
      sql`select id, name, member_count, created_at, updated_at, created_at::text as ck
            from contact_groups where company_id = ${companyId} and id = ${id}`,
    );
    if (!g) throw new NotFound(GROUP_NOT_FOUND);
    return g;
  }

  /** The stored number of a form's input; 400 with the contact form's message when it is not one. */
  function formMobile(input: string, country: string | undefined): string {
    const result = normalizeContactMobile(input, contactRegion(country));
    if (!result.ok) throw new BadRequest(result.reason);
    return result.mobile;
  }

  const attributesJson = (a: Record<string, string> | undefined) => JSON.stringify(a ?? {});

  return {
    async list(
      actor: Actor | undefined,
      q: { limit?: number; cursor?: string; search?: string; page?: number },
    ): Promise<S["ContactList"]> {
      const { companyId } = requireActor(actor);
      const limit = Math.min(Math.max(q.limit ?? 100, 1), 1000);
      let position = cursorOf(q.cursor);
      const s = searchPatterns(q.search);
      const filter = s
        ? s.mobile
          ? sql`and (lower(c.name) like ${s.name} or c.mobile like ${s.mobile})`
          : sql`and lower(c.name) like ${s.name}`
        : sql``;
      // The whole phone book's total is exact and costs one row (contact_counts); a search counts its matches
      // up to TOTAL_CAP + 1 (first page and page jumps only) and says when there are more.
      let total: { total: number; totalExact: boolean } | undefined;
      if (!s) total = { total: await contactCount(db, companyId), totalExact: true };
      else if (!position)
        total = await cappedTotal(sql`from contacts c where c.company_id = ${companyId} ${filter}`);
      // A page jump (no cursor): the first row of page `page` is found on the keyset index from the nearer end
      // of the list (index entries only), then the page is read by keyset from that row.
      let served: number | undefined;
      let inclusive = false;
      if (!position && q.page !== undefined && total) {
        const pages = Math.max(1, Math.ceil(total.total / limit));
        served = Math.min(Math.max(q.page, 1), pages);
        const skip = (served - 1) * limit;
        if (skip > 0) {
          const fromEnd = total.totalExact && skip > total.total / 2;
          const [first] = await rows<{ id: string; ck: string }>(
            db,
            sql`select c.id, c.created_at::text as ck from contacts c
                 where c.company_id = ${companyId} ${filter}
                 order by ${
                   fromEnd
                     ? sql`c.created_at asc nulls first, c.id asc nulls first`
                     : sql`c.created_at desc nulls last, c.id desc nulls last`
                 }
                offset ${fromEnd ? total.total - 1 - skip : skip} limit 1`,
          );
          if (first) {
            position = { at: first.ck, id: first.id };
            inclusive = true;
          }
        }
      }
      const found = await rows<ContactRow>(
        db,
        sql`select ${CONTACT_COLUMNS(sql`limit 100`)}
              from (select c.id, c.created_at from contacts c
                     where c.company_id = ${companyId} ${filter}
                           ${position ? after(sql`c.created_at`, sql`c.id`, position, inclusive) : sql``}
                     order by c.created_at desc nulls last, c.id desc nulls last
                     limit ${limit + 1}) p
              join contacts c on c.id = p.id
             order by c.created_at desc nulls last, c.id desc nulls last`,
      );
      const { data, nextCursor } = page(found, limit);
      return {
        data: data.map(toContact),
        nextCursor,
        ...(total ?? {}),
        ...(served !== undefined ? { page: served } : {}),
      };
    },

    async get(actor: Actor | undefined, id: string): Promise<S["Contact"]> {
      const { companyId } = requireActor(actor);
      return readContact(db, companyId, id);
    },

    async add(
      actor: Actor | undefined,
      body: S["ContactInput"],
      q: { groupId?: string; groupName?: string; country?: string },
    ): Promise<S["Contact"]> {
      const a = requireActor(actor);
      const mobile = formMobile(body.contactNumber, q.country);
      const name = body.contactName.trim();
      if (!name) throw new BadRequest(MESSAGES.required);
      return db.transaction(async (tx) => {
        const groupIds = await resolveGroups(tx, a, q);
        const id = uuidv7();
        const inserted = await rows<{ id: string }>(
          tx,
          sql`insert into contacts (id, company_id, mobile, name, email, attributes, created_by)
              values (${id}, ${a.companyId}, ${mobile}, ${name}, ${body.email?.trim() || null},
                      ${attributesJson(body.attributes)}::jsonb, ${a.userId})
              on conflict (company_id, mobile) do nothing returning id`,
        );
        if (inserted.length === 0) throw new Conflict(CONTACT_EXISTS);
        if (groupIds.length > 0) {
          await tx.execute(sql`insert into group_members (group_id, contact_id)
              select g, ${id}::uuid from unnest(${`{${groupIds.join(",")}}`}::uuid[]) g
              on conflict do nothing`);
        }
        return readContact(tx, a.companyId, id);
      });
    },

    async edit(
      actor: Actor | undefined,
      body: S["ContactEdit"],
      q: { country?: string },
    ): Promise<S["Contact"]> {
      const { companyId } = requireActor(actor);
      const mobile = formMobile(body.contactNumber, q.country);
      const name = body.name.trim();
      if (!name) throw new BadRequest(MESSAGES.required);
      return db.transaction(async (tx) => {
        let updated: { id: string }[];
        try {
          updated = await rows<{ id: string }>(
            tx,
            sql`update contacts set mobile = ${mobile}, name = ${name}, email = ${body.email?.trim() || null},
                       attributes = ${body.attributes ? sql`${attributesJson(body.attributes)}::jsonb` : sql`attributes`},
                       updated_at = now()
                 where company_id = ${companyId} and id = ${body.id} returning id`,
          );
        } catch (err) {
          if (isUniqueViolation(err)) throw new Conflict(CONTACT_EXISTS);
          throw err;
        }
        if (updated.length === 0) throw new NotFound(CONTACT_NOT_FOUND);
        if (body.groupIds) {
          const ids = unique(body.groupIds);
          await assertGroups(tx, companyId, ids);
          const list = `{${ids.join(",")}}`;
          await tx.execute(sql`delete from group_members
              where contact_id = ${body.id} and not (group_id = any(${list}::uuid[]))`);
          await tx.execute(sql`insert into group_members (group_id, contact_id)
              select g, ${body.id}::uuid from unnest(${list}::uuid[]) g on conflict do nothing`);
        }
        return readContact(tx, companyId, body.id);
      });
    },

    async remove(actor: Actor | undefined, ids: string[], one: boolean): Promise<S["Ok"]> {
      const { companyId } = requireActor(actor);
      const wanted = unique(ids);
      await db.transaction(async (tx) => {
        // the company's count row first, as inserts take it (before their group rows): no lock-order deadlock
        await tx.execute(sql`select 1 from contact_counts where company_id = ${companyId} for update`);
        const [r] = await rows<{ n: number | string }>(
          tx,
          sql`with d as (delete from contacts where company_id = ${companyId}
                           and id = any(${`{${wanted.join(",")}}`}::uuid[]) returning 1)
              select count(*) as n from d`,
        );
        // all or nothing: an id that is not the company's contact undoes the whole delete
        if (Number(r?.n) !== wanted.length) throw new NotFound(CONTACT_NOT_FOUND);
      });
      return { message: one ? CONTACT_DELETED : CONTACTS_DELETED };
    },

    async listGroups(
      actor: Actor | undefined,
      q: { limit?: number; cursor?: string; search?: string },
    ): Promise<S["GroupList"]> {
      const { companyId } = requireActor(actor);
      const limit = Math.min(Math.max(q.limit ?? 1000, 1), 5000);
      const position = cursorOf(q.cursor);
      const s = searchPatterns(q.search);
      const filter = s ? sql`and lower(g.name) like ${s.name}` : sql``;
      const found = await rows<GroupRow>(
        db,
        sql`select g.id, g.name, g.member_count, g.created_at, g.updated_at, g.created_at::text as ck
              from contact_groups g
             where g.company_id = ${companyId} ${filter}
                   ${position ? after(sql`g.created_at`, sql`g.id`, position) : sql``}
             order by g.created_at desc nulls last, g.id desc nulls last
             limit ${limit + 1}`,
      );
      const { data, nextCursor } = page(found, limit);
      const total = position
        ? {}
        : await cappedTotal(sql`from contact_groups g where g.company_id = ${companyId} ${filter}`);
      return { data: data.map(toGroup), nextCursor, ...total };
    },

    async getGroup(actor: Actor | undefined, body: S["GetGroupRequest"]): Promise<S["GroupDetail"]> {
      const { companyId } = requireActor(actor);
      const limit = Math.min(Math.max(body.limit ?? 100, 1), 1000);
      const position = cursorOf(body.cursor);
      const group = await readGroup(db, companyId, body.id);
      const s = searchPatterns(body.search);
      const filter = s
        ? s.mobile
          ? sql`and (lower(c.name) like ${s.name} or c.mobile like ${s.mobile})`
          : sql`and lower(c.name) like ${s.name}`
        : sql``;
      const members = await rows<{
        id: string;
        name: string;
        mobile: string;
        email: string | null;
        created_at: Date | string;
        ck: string;
      }>(
        db,
        sql`select c.id, c.name, c.mobile, c.email, m.created_at, m.created_at::text as ck
              from group_members m join contacts c on c.id = m.contact_id
             where m.group_id = ${group.id} ${filter}
                   ${position ? after(sql`m.created_at`, sql`m.contact_id`, position) : sql``}
             order by m.created_at desc nulls last, m.contact_id desc nulls last
             limit ${limit + 1}`,
      );
      const { data, nextCursor } = page(members, limit);
      return {
        ...toGroup(group),
        groupName: group.name,
        groupMembers: data.map((m) => ({
          id: m.id,
          name: m.name,
          mobile: m.mobile,
          email: m.email,
          created_at: iso(m.created_at),
        })),
        nextCursor,
      };
    },

    async addGroup(actor: Actor | undefined, rawName: string): Promise<S["Group"]> {
      const a = requireActor(actor);
      const name = rawName.trim();
      if (!name) throw new BadRequest(MESSAGES.required);
      const [g] = await rows<GroupRow>(
        db,
        sql`insert into contact_groups (id, company_id, name, created_by)
            values (${uuidv7()}, ${a.companyId}, ${name}, ${a.userId})
            on conflict do nothing
            returning id, name, member_count, created_at, updated_at, created_at::text as ck`,
      );
      if (!g) throw new Conflict(MESSAGES.groupNameExists);
      return toGroup(g);
    },

    async editGroup(actor: Actor | undefined, id: string, rawName: string): Promise<S["Group"]> {
      const { companyId } = requireActor(actor);
      const name = rawName.trim();
      if (!name) throw new BadRequest(MESSAGES.required);
      let g: GroupRow | undefined;
      try {
        [g] = await rows<GroupRow>(
          db,
          sql`update contact_groups set name = ${name}, updated_at = now()
               where company_id = ${companyId} and id = ${id}
           returning id, name, member_count, created_at, updated_at, created_at::text as ck`,
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw new Conflict(MESSAGES.groupNameExists);
        throw err;
      }
      if (!g) throw new NotFound(GROUP_NOT_FOUND);
      return toGroup(g);
    },

    /** Deletes groups, all or nothing; their members stay contacts (memberships go by cascade). */
    async removeGroups(actor: Actor | undefined, ids: string[], one: boolean): Promise<S["Ok"]> {
      const { companyId } = requireActor(actor);
      const wanted = unique(ids);
      await db.transaction(async (tx) => {
        const [r] = await rows<{ n: number | string }>(
          tx,
          sql`with d as (delete from contact_groups where company_id = ${companyId}
                           and id = any(${`{${wanted.join(",")}}`}::uuid[]) returning 1)
              select count(*) as n from d`,
        );
        if (Number(r?.n) !== wanted.length) throw new NotFound(GROUP_NOT_FOUND);
      });
      return { message: one ? GROUP_DELETED : GROUPS_DELETED };
    },

    /**
     * Adds every selected contact into every selected group. Pairs that already exist are the issues: 409
     * "N Contacts with issues !" (N contacts) with one row per contact and group; the other pairs are added.
     */
    async addMembers(
      actor: Actor | undefined,
      body: { selectedRows: string[]; selectedGroup: string[] },
    ): Promise<{ ok: S["Ok"] } | { issues: S["ContactIssues"] }> {
      const { companyId } = requireActor(actor);
      const contactIds = unique(body.selectedRows);
      const groupIds = unique(body.selectedGroup);
      return db.transaction(async (tx) => {
        await assertGroups(tx, companyId, groupIds);
        const [c] = await rows<{ n: number | string }>(
          tx,
          sql`select count(*) as n from contacts
               where company_id = ${companyId} and id = any(${`{${contactIds.join(",")}}`}::uuid[])`,
        );
        if (Number(c?.n) !== contactIds.length) throw new NotFound(CONTACT_NOT_FOUND);
        const existing = await rows<{ contact_id: string; group_name: string; name: string; mobile: string }>(
          tx,
          sql`with pairs as (
                select g, c from unnest(${`{${groupIds.join(",")}}`}::uuid[]) g
                 cross join unnest(${`{${contactIds.join(",")}}`}::uuid[]) c),
              ins as (
                insert into group_members (group_id, contact_id) select g, c from pairs
                on conflict do nothing returning group_id, contact_id)
              select p.c as contact_id, cg.name as group_name, ct.name, ct.mobile
                from pairs p
                join contact_groups cg on cg.id = p.g
                join contacts ct on ct.id = p.c
               where not exists (select 1 from ins where ins.group_id = p.g and ins.contact_id = p.c)`,
        );
        if (existing.length === 0) return { ok: { message: MEMBERS_ADDED } };
        const position = new Map(contactIds.map((id, i) => [id, i + 1]));
        const issueRows = existing
          .map((e) => ({
            row: position.get(e.contact_id.toLowerCase()) ?? 1,
            mobile: e.mobile,
            name: e.name,
            issue: ISSUE.alreadyInGroup(e.group_name),
          }))
          .sort((x, y) => x.row - y.row || x.issue.localeCompare(y.issue));
        const contactsWithProblems = new Set(existing.map((e) => e.contact_id)).size;
        return { issues: { message: contactsWithIssues(contactsWithProblems), rows: issueRows } };
      });
    },

    async removeMembers(
      actor: Actor | undefined,
      groupId: string,
      contactIds: string[],
      one: boolean,
    ): Promise<S["Ok"]> {
      const { companyId } = requireActor(actor);
      const ids = unique(contactIds);
      const [r] = await rows<{ group_exists: boolean; removed: number | string }>(
        db,
        sql`with g as (select id from contact_groups where company_id = ${companyId} and id = ${groupId}),
                 d as (delete from group_members m using g
                        where m.group_id = g.id and m.contact_id = any(${`{${ids.join(",")}}`}::uuid[])
                    returning 1)
            select exists (select 1 from g) as group_exists, (select count(*) from d) as removed`,
      );
      if (!r?.group_exists) throw new NotFound(GROUP_NOT_FOUND);
      if (one && Number(r.removed) === 0) throw new NotFound(CONTACT_NOT_FOUND);
      return { message: one ? MEMBER_REMOVED : MEMBERS_REMOVED };
    },
  };
}
