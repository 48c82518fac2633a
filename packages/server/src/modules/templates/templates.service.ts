/**
 * Message templates of a company (/sms/templates, /sms/templates/{id}/edit, /sms/templates/{id}/delete) and the
 * template options of the compose wizard (/compose-msg-page-two). Every signed-in user of the company may list,
 * use and add templates; admins and a template's creator may edit or delete it. Every statement is filtered by
 * the actor's company, so another company's id answers 404 and its templates are never listed.
 */
import type { components } from "@herald/api-client/schema";
import { sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { DbOrTx } from "../../db/client";
import { rows } from "../../db/sql";
import type { Deps } from "../../deps";
import { Conflict, Forbidden, NotFound, Unprocessable } from "../../errors";
import { type Actor, requireActor } from "../../plugins/actor";
import { TEMPLATE_CONTENT_MAX, TEMPLATE_MESSAGES, TEMPLATE_NAME_MAX } from "./templates.messages";

type S = components["schemas"];

/** Templates offered by the compose wizard (by name); the list call answers them all. */
export const TEMPLATE_OPTION_LIMIT = 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};

/** Characters as PostgreSQL counts them (code points), not UTF-16 units. */
const length = (text: string) => [...text].length;

/** Whether the actor may edit or delete a template created by `createdBy`. */
export const canManageTemplate = (actor: Actor, createdBy: string | null) =>
  actor.role === "admin" || (createdBy !== null && createdBy === actor.userId);

/** The trimmed name and the content as typed, within the limits (422 with the form's words otherwise). */
export function checkTemplate(input: { name?: unknown; content?: unknown }): {
  name: string;
  content: string;
} {
  const name = typeof input.name === "string" ? input.name.trim() : "";
  const content = typeof input.content === "string" ? input.content : "";
  if (!name) throw new Unprocessable(TEMPLATE_MESSAGES.nameRequired);
  if (length(name) > TEMPLATE_NAME_MAX) throw new Unprocessable(TEMPLATE_MESSAGES.nameTooLong);
  if (!content.trim()) throw new Unprocessable(TEMPLATE_MESSAGES.contentRequired);
  if (length(content) > TEMPLATE_CONTENT_MAX) throw new Unprocessable(TEMPLATE_MESSAGES.contentTooLong);
  return { name, content };
}

interface TemplateRow {
  id: string;
  name: string;
  content: string;
  created_by: string | null;
  first_name: string | null;
  last_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const SELECT = sql`select t.id::text as id, t.name, t.content, t.created_by::text as created_by,
       u.first_name, u.last_name, t.created_at, t.updated_at
  from sms_templates t left join users u on u.id = t.created_by`;

function toTemplate(actor: Actor, r: TemplateRow): S["SmsTemplate"] {
  const creator = [r.first_name, r.last_name].filter(Boolean).join(" ").trim();
  return {
    id: r.id,
    name: r.name,
    content: r.content,
    canEdit: canManageTemplate(actor, r.created_by),
    createdBy: r.created_by,
    createdByName: r.created_by ? creator || null : null,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

/** The company's templates as compose step 3 offers them (id, name, content, whether the actor may change it). */
export async function templateOptions(db: DbOrTx, actor: Actor): Promise<S["SmsTemplateOption"][]> {
  const found = await rows<{ id: string; name: string; content: string; created_by: string | null }>(
    db,
    sql`select id::text as id, name, content, created_by::text as created_by from sms_templates
         where company_id = ${actor.companyId}::uuid
         order by lower(name), id limit ${TEMPLATE_OPTION_LIMIT}`,
  );
  return found.map((t) => ({
    id: t.id,
    name: t.name,
    content: t.content,
    canEdit: canManageTemplate(actor, t.created_by),
  }));
}

export function templatesService({ database }: Deps) {
  const { db } = database;

  /** The company's template `id` (locked for the change that follows), or 404. */
  async function owned(tx: DbOrTx, companyId: string, id: string): Promise<{ created_by: string | null }> {
    if (!UUID.test(id)) throw new NotFound(TEMPLATE_MESSAGES.notFound);
    const [r] = await rows<{ created_by: string | null }>(
      tx,
      sql`select created_by::text as created_by from sms_templates
           where company_id = ${companyId}::uuid and id = ${id}::uuid for update`,
    );
    if (!r) throw new NotFound(TEMPLATE_MESSAGES.notFound);
    return r;
  }

  async function one(actor: Actor, id: string): Promise<S["SmsTemplate"]> {
    const [r] = await rows<TemplateRow>(
      db,
      sql`${SELECT} where t.company_id = ${actor.companyId}::uuid and t.id = ${id}::uuid`,
    );
    if (!r) throw new NotFound(TEMPLATE_MESSAGES.notFound);
    return toTemplate(actor, r);
  }

  return {
    /** Every template of the company, by name (case-insensitive). */
    async list(actor: Actor | undefined): Promise<S["SmsTemplateList"]> {
      const a = requireActor(actor);
      const found = await rows<TemplateRow>(
        db,
        sql`${SELECT} where t.company_id = ${a.companyId}::uuid order by lower(t.name), t.id`,
      );
      return { data: found.map((r) => toTemplate(a, r)) };
    },

    /** A new template created by the actor; 409 when the company has the name in any case. */
    async add(actor: Actor | undefined, input: S["SmsTemplateInput"]): Promise<S["SmsTemplate"]> {
      const a = requireActor(actor);
      const { name, content } = checkTemplate(input);
      const id = uuidv7();
      const [r] = await rows<{ id: string }>(
        db,
        sql`insert into sms_templates (id, company_id, name, content, created_by)
            values (${id}::uuid, ${a.companyId}::uuid, ${name}, ${content}, ${a.userId}::uuid)
            on conflict do nothing
            returning id::text as id`,
      );
      if (!r) throw new Conflict(TEMPLATE_MESSAGES.nameExists);
      return one(a, r.id);
    },

    /** Renames a template and replaces its content: admins or its creator (403), 409 on another's name. */
    async edit(
      actor: Actor | undefined,
      id: string,
      input: S["SmsTemplateInput"],
    ): Promise<S["SmsTemplate"]> {
      const a = requireActor(actor);
      const { name, content } = checkTemplate(input);
      try {
        await db.transaction(async (tx) => {
          const t = await owned(tx, a.companyId, id);
          if (!canManageTemplate(a, t.created_by)) throw new Forbidden(TEMPLATE_MESSAGES.notAllowed);
          await tx.execute(
            sql`update sms_templates set name = ${name}, content = ${content}, updated_at = now()
                 where company_id = ${a.companyId}::uuid and id = ${id}::uuid`,
          );
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new Conflict(TEMPLATE_MESSAGES.nameExists);
        throw err;
      }
      return one(a, id);
    },

    /** Deletes a template for good: admins or its creator (403). */
    async remove(actor: Actor | undefined, id: string): Promise<S["Ok"]> {
      const a = requireActor(actor);
      await db.transaction(async (tx) => {
        const t = await owned(tx, a.companyId, id);
        if (!canManageTemplate(a, t.created_by)) throw new Forbidden(TEMPLATE_MESSAGES.notAllowed);
        await tx.execute(
          sql`delete from sms_templates where company_id = ${a.companyId}::uuid and id = ${id}::uuid`,
        );
      });
      return { message: TEMPLATE_MESSAGES.deleted };
    },
  };
}
