import type { components } from "@herald/api-client/schema";
import { DEPARTMENT_DESC_MAX, DEPARTMENT_NAME_MAX, MESSAGES, validateDepartmentName } from "@herald/domain";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { departments, userDepartments, users } from "../../db/schema";
import { rowsOf } from "../../db/sql";
import type { Deps } from "../../deps";
import { BadRequest, Conflict, NotFound } from "../../errors";
import { containsPattern, direction, type PageQuery, pageWindow } from "../../lib/paging";
import { type Actor, assertAdmin } from "../../plugins/actor";
import { recordAudit, recordAudits, userWho } from "../audit/audit";

type S = components["schemas"];

const SORTS: Record<string, string> = {
  name: "lower(d.name)",
  desc: "lower(d.description)",
  creatorFirstName: "lower(u.first_name)",
  created_at: "d.created_at",
};

interface DeptRow {
  id: string;
  name: string;
  description: string;
  creator_first_name: string | null;
  created_at: Date | string;
  total: string | number;
}

export const toDepartment = (r: Omit<DeptRow, "total">): S["Department"] => ({
  id: r.id,
  name: r.name,
  desc: r.description,
  creatorFirstName: r.creator_first_name,
  created_at: new Date(r.created_at).toISOString(),
});

/** Designed texts (the specification has no message for these). */
export const DEPARTMENT_MESSAGES = {
  nameTaken: "Department name already exists",
  nameTooLong: `Department name cannot exceed ${DEPARTMENT_NAME_MAX} characters`,
  descTooLong: `Description cannot exceed ${DEPARTMENT_DESC_MAX} characters`,
  notFound: "Department not found",
} as const;

/** 'Sales still has 3 users. Move them to another department first.' */
export const stillHasUsers = (name: string, count: number) =>
  `${name} still has ${count} ${count === 1 ? "user" : "users"}. Move them to another department first.`;

const isUniqueViolation = (err: unknown) => {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return /departments_company_name_key/.test(String(err));
};

/** A department as its audit entries keep it (read in the entry's insert). */
const departmentSnapshot = (id: string) =>
  sql`(select jsonb_build_object('name', d.name, 'description', d.description) from departments d where d.id = ${id}::uuid)`;

/** A name and description as stored: the name trimmed and checked, the description trimmed ("" when absent). */
function cleanFields(body: { name: string; desc?: string | null }, editPage: boolean) {
  const name = body.name.trim();
  const required = validateDepartmentName(name, { editPage });
  if (required) throw new BadRequest(required);
  if ([...name].length > DEPARTMENT_NAME_MAX) throw new BadRequest(DEPARTMENT_MESSAGES.nameTooLong);
  const description = (body.desc ?? "").trim();
  if ([...description].length > DEPARTMENT_DESC_MAX) throw new BadRequest(DEPARTMENT_MESSAGES.descTooLong);
  return { name, description };
}

export function departmentService({ database }: Deps) {
  const { db } = database;

  /** One department of the actor's company with its creator's first name, or 404. */
  const load = async (actor: Actor, id: string): Promise<S["Department"]> => {
    const rows = await database.query<Omit<DeptRow, "total">>(
      `select d.id, d.name, d.description, u.first_name as creator_first_name, d.created_at
         from departments d left join users u on u.id = d.created_by
        where d.id = $1 and d.company_id = $2`,
      [id, actor.companyId],
    );
    if (!rows[0]) throw new NotFound(DEPARTMENT_MESSAGES.notFound);
    return toDepartment(rows[0]);
  };

  return {
    /** One page of the company's departments and the matching total, in one query. Any signed-in user. */
    async list(actor: Actor, q: PageQuery): Promise<S["DepartmentList"]> {
      const { limit, offset } = pageWindow(q, 100);
      const pattern = containsPattern(q.search);
      const sort = SORTS[q.sort ?? "name"] ?? SORTS.name;
      const dir = direction(q.order, q.sort && q.sort !== "name" && q.sort !== "desc" ? "desc" : "asc");
      const search = pattern ? "and (d.name ilike $4 or d.description ilike $4)" : "";
      const page = (lim: number, off: number) =>
        database.query<DeptRow>(
          `select d.id, d.name, d.description, u.first_name as creator_first_name, d.created_at,
                  count(*) over () as total
             from departments d left join users u on u.id = d.created_by
            where d.company_id = $1 ${search}
            order by ${sort} ${dir}, d.id
            limit $2 offset $3`,
          pattern ? [actor.companyId, lim, off, pattern] : [actor.companyId, lim, off],
        );
      const rows = await page(limit, offset);
      // Past the last page no row carries the total: ask for the first row instead (rare; one more query).
      const total = rows[0]
        ? Number(rows[0].total)
        : offset > 0
          ? Number((await page(1, 0))[0]?.total ?? 0)
          : 0;
      return { data: rows.map(toDepartment), total };
    },

    /** Admin only. A new department created by the caller; names are unique per company without case. */
    async add(actor: Actor | undefined, body: S["AddDeptRequest"]): Promise<S["Department"]> {
      assertAdmin(actor);
      const fields = cleanFields(body, false);
      const id = uuidv7();
      try {
        const row = await db.transaction(async (tx) => {
          const result = await tx.execute(
            sql`with d as (
                  insert into departments (id, company_id, created_by, name, description)
                  values (${id}, ${actor.companyId}, ${actor.userId}, ${fields.name}, ${fields.description})
                  returning id, name, description, created_by, created_at)
                select d.id, d.name, d.description, u.first_name as creator_first_name, d.created_at
                  from d left join users u on u.id = d.created_by`,
          );
          await recordAudit(tx, {
            companyId: actor.companyId,
            who: userWho(actor),
            action: "department.created",
            target: { type: "department", id, label: fields.name },
            after: fields,
          });
          return rowsOf<Omit<DeptRow, "total">>(result)[0]!;
        });
        return toDepartment(row);
      } catch (err) {
        // The unique index on (company, lower(name)) decides, also between two admins adding at once.
        if (isUniqueViolation(err)) throw new Conflict(DEPARTMENT_MESSAGES.nameTaken);
        throw err;
      }
    },

    /** Admin only. Another company's department answers 404. */
    async get(actor: Actor | undefined, body: S["DeptIdRequest"]): Promise<S["Department"]> {
      assertAdmin(actor);
      return load(actor, body.id);
    },

    /** Admin only. Renames and redescribes; the name stays unique within the company. */
    async edit(actor: Actor | undefined, body: S["EditDeptRequest"]): Promise<S["Ok"]> {
      assertAdmin(actor);
      const fields = cleanFields(body, true);
      let updated: { id: string }[];
      try {
        updated = await db.transaction(async (tx) => {
          // Recorded first, so the entry keeps the department as it was; nothing stays if nothing changes.
          await recordAudit(tx, {
            companyId: actor.companyId,
            who: userWho(actor),
            action: "department.updated",
            target: { type: "department", id: body.id, label: fields.name },
            before: departmentSnapshot(body.id),
            after: fields,
          });
          const changed = await tx
            .update(departments)
            .set(fields)
            .where(and(eq(departments.id, body.id), eq(departments.companyId, actor.companyId)))
            .returning({ id: departments.id });
          if (changed.length === 0) throw new NotFound(DEPARTMENT_MESSAGES.notFound);
          return changed;
        });
      } catch (err) {
        // Another department of the company already has this name (compared without case).
        if (isUniqueViolation(err)) throw new Conflict(DEPARTMENT_MESSAGES.nameTaken);
        throw err;
      }
      if (updated.length === 0) throw new NotFound(DEPARTMENT_MESSAGES.notFound);
      return { message: MESSAGES.dataUpdateSuccess };
    },

    /**
     * Admin only. All or nothing, in one transaction: the departments are locked first (a user being
     * added to one waits, then fails on the missing department), every id must be the company's (else
     * 404), and a department that still has users who are not deleted is refused with 409. Deleted
     * users' memberships go with the department.
     */
    async remove(actor: Actor | undefined, body: S["DeleteDeptRequest"]): Promise<S["Ok"]> {
      assertAdmin(actor);
      const ids = [...new Set(body.map((row) => row.id))];
      await db.transaction(async (tx) => {
        const locked = await tx
          .select({ id: departments.id, name: departments.name })
          .from(departments)
          .where(and(eq(departments.companyId, actor.companyId), inArray(departments.id, ids)))
          .orderBy(departments.id)
          .for("update");
        if (locked.length !== ids.length) throw new NotFound(DEPARTMENT_MESSAGES.notFound);
        const [busy] = await tx
          .select({ departmentId: userDepartments.departmentId, users: sql<number>`count(*)::int` })
          .from(userDepartments)
          .innerJoin(users, eq(users.id, userDepartments.userId))
          .where(and(inArray(userDepartments.departmentId, ids), ne(users.status, "deleted")))
          .groupBy(userDepartments.departmentId)
          .orderBy(sql`count(*) desc`, userDepartments.departmentId)
          .limit(1);
        if (busy) {
          const name = locked.find((d) => d.id === busy.departmentId)?.name ?? "";
          throw new Conflict(stillHasUsers(name, Number(busy.users)));
        }
        await recordAudits(
          tx,
          locked.map((d) => ({
            companyId: actor.companyId,
            who: userWho(actor),
            action: "department.deleted",
            target: { type: "department", id: d.id, label: d.name },
            before: departmentSnapshot(d.id),
          })),
        );
        await tx.delete(userDepartments).where(inArray(userDepartments.departmentId, ids));
        await tx
          .delete(departments)
          .where(and(eq(departments.companyId, actor.companyId), inArray(departments.id, ids)));
      });
      return { message: MESSAGES.dataDeleteSuccess };
    },
  };
}
