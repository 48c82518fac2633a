import type { components } from "@herald/api-client/schema";
import { MESSAGES } from "@herald/domain";
import { and, eq, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { DbOrTx } from "../../db/client";
import { keywords } from "../../db/schema";
import { rowsOf } from "../../db/sql";
import type { Deps } from "../../deps";
import { BadRequest, Conflict, NotFound } from "../../errors";
import { containsPattern, direction, type PageQuery, pageWindow } from "../../lib/paging";
import { type Actor, assertAdmin } from "../../plugins/actor";
import { recordAudit, userWho } from "../audit/audit";

type S = components["schemas"];

/** Keyword rules (designed: the specification names the fields, not their limits or wording). */
export const KEYWORD_MAX = 50;
export const AUTO_REPLY_MAX = 1000;
export const KEYWORD_MESSAGES = {
  required: MESSAGES.required,
  oneWord: "A keyword is one word, without spaces",
  tooLong: `A keyword cannot exceed ${KEYWORD_MAX} characters`,
  exists: "Keyword already exists",
  deleted: "This keyword has been deleted",
  alreadyDeleted: "This keyword is already deleted",
  notFound: "Keyword not found",
  autoReplyTooLong: `The auto reply cannot exceed ${AUTO_REPLY_MAX} characters`,
} as const;

/** The error of a keyword's text (trimmed first), or null when it is one word of at most 50 characters. */
export function keywordError(text: string): string | null {
  const t = text.trim();
  if (!t) return KEYWORD_MESSAGES.required;
  if (/\s/.test(t)) return KEYWORD_MESSAGES.oneWord;
  if (t.length > KEYWORD_MAX) return KEYWORD_MESSAGES.tooLong;
  return null;
}

const SORTS: Record<string, string> = {
  keyword: "lower(k.keyword)",
  type: "k.type",
  status: "k.status",
  created_dtm: "k.created_at",
  auto_reply_status: "k.auto_reply_status",
  created_by: "lower(u.first_name)",
};

interface KeywordRow {
  id: string;
  keyword: string;
  type: string;
  status: string;
  auto_reply_status: string;
  auto_reply: string | null;
  created_at: Date | string;
  created_by: string | null;
}

export const toKeyword = (r: KeywordRow): S["Keyword"] => ({
  id: r.id,
  keyword: r.keyword,
  created_by: r.created_by ?? "",
  type: r.type as S["Keyword"]["type"],
  status: r.status as S["Keyword"]["status"],
  created_dtm: new Date(r.created_at).toISOString(),
  auto_reply_status: r.auto_reply_status as S["Keyword"]["auto_reply_status"],
  // The reply text is shown only while it is in use.
  auto_reply: r.auto_reply_status === "enable" ? r.auto_reply : null,
});

const COLUMNS = `k.id, k.keyword, k.type, k.status, k.auto_reply_status, k.auto_reply, k.created_at,
                 u.first_name as created_by`;

/** A unique violation of the keyword index (also when two adds of the same keyword race). */
function isDuplicate(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return /keywords_company_keyword_key/.test(String(err));
}

interface KeywordInput {
  keyword: string;
  type: "sub" | "unsub";
  autoReplyStatus: "enable" | "disable";
  auto_reply?: string | null;
}

/** The stored values of a submitted keyword: trimmed and checked; the reply text only while enabled. */
function normalise(input: KeywordInput, replyRequired: boolean) {
  const keyword = input.keyword.trim();
  const error = keywordError(keyword);
  if (error) throw new BadRequest(error);
  const enabled = input.autoReplyStatus === "enable";
  const reply = enabled ? (input.auto_reply ?? "").trim() : "";
  if (enabled && replyRequired && !reply) throw new BadRequest(KEYWORD_MESSAGES.required);
  if (reply.length > AUTO_REPLY_MAX) throw new BadRequest(KEYWORD_MESSAGES.autoReplyTooLong);
  return { keyword, type: input.type, autoReplyStatus: input.autoReplyStatus, autoReply: reply || null };
}

/** A keyword as its audit entries keep it. */
const auditValues = (v: ReturnType<typeof normalise>) => ({
  keyword: v.keyword,
  type: v.type === "sub" ? "subscribe" : "unsubscribe",
  autoReply: v.autoReplyStatus === "enable",
  autoReplyMessage: v.autoReply,
});

/** The keyword as it is now, read in the entry's insert (before it changes). */
const keywordSnapshot = (id: string) =>
  sql`(select jsonb_build_object('keyword', k.keyword,
              'type', case k.type when 'sub' then 'subscribe' else 'unsubscribe' end,
              'autoReply', k.auto_reply_status = 'enable', 'autoReplyMessage', k.auto_reply)
         from keywords k where k.id = ${id}::uuid)`;

/** Inside a transaction: the keyword was not changed (deleted, or not the company's); rolls the entry back. */
class NothingChanged extends Error {}

export function keywordService({ database }: Deps) {
  const { db } = database;

  /** 404 for an id that is not the company's, otherwise the keyword's status. */
  async function statusOf(actor: Actor, id: string): Promise<string> {
    const rows = await database.query<{ status: string }>(
      "select status from keywords where id = $1 and company_id = $2",
      [id, actor.companyId],
    );
    if (!rows[0]) throw new NotFound(KEYWORD_MESSAGES.notFound);
    return rows[0].status;
  }

  return {
    /** One page of the company's keywords (deleted ones included) and the matching total, in one query. */
    async list(actor: Actor, q: PageQuery): Promise<S["KeywordList"]> {
      assertAdmin(actor);
      const { limit, offset } = pageWindow(q, 1000);
      const pattern = containsPattern(q.search);
      const sortKey = q.sort && SORTS[q.sort] ? q.sort : "created_dtm";
      const dir = direction(q.order, sortKey === "created_dtm" ? "desc" : "asc");
      const search = pattern ? "and k.keyword ilike $4" : "";
      const page = (lim: number, off: number) =>
        database.query<KeywordRow & { total: string | number }>(
          `select ${COLUMNS}, count(*) over () as total
             from keywords k left join users u on u.id = k.created_by
            where k.company_id = $1 ${search}
            order by ${SORTS[sortKey]} ${dir}, k.created_at desc, k.id desc
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
      return { data: rows.map(toKeyword), total };
    },

    async get(actor: Actor, id: string): Promise<S["Keyword"]> {
      assertAdmin(actor);
      const rows = await database.query<KeywordRow>(
        `select ${COLUMNS} from keywords k left join users u on u.id = k.created_by
          where k.id = $1 and k.company_id = $2`,
        [id, actor.companyId],
      );
      if (!rows[0]) throw new NotFound(KEYWORD_MESSAGES.notFound);
      return toKeyword(rows[0]);
    },

    /** Adds a keyword; the reply text is optional on add and dropped when auto-reply is disabled. */
    async add(actor: Actor, input: KeywordInput): Promise<S["Keyword"]> {
      assertAdmin(actor);
      const v = normalise(input, false);
      const id = uuidv7();
      try {
        const row = await db.transaction(async (tx) => {
          const result = await tx.execute(
            sql`with k as (
                  insert into keywords (id, company_id, keyword, type, status, auto_reply_status, auto_reply, created_by)
                  values (${id}, ${actor.companyId}, ${v.keyword}, ${v.type}, 'active', ${v.autoReplyStatus},
                          ${v.autoReply}, ${actor.userId})
                  returning *)
                select ${sql.raw(COLUMNS)} from k left join users u on u.id = k.created_by`,
          );
          await recordAudit(tx, {
            companyId: actor.companyId,
            who: userWho(actor),
            action: "keyword.created",
            target: { type: "keyword", id, label: v.keyword },
            after: auditValues(v),
          });
          return rowsOf<KeywordRow>(result)[0]!;
        });
        return toKeyword(row);
      } catch (err) {
        if (isDuplicate(err)) throw new Conflict(KEYWORD_MESSAGES.exists);
        throw err;
      }
    },

    /** Edits a keyword that is not deleted; the reply text is required while auto-reply is enabled. */
    async edit(actor: Actor, input: KeywordInput & { id: string }): Promise<S["Ok"]> {
      assertAdmin(actor);
      const v = normalise(input, true);
      try {
        await db.transaction(async (tx) => {
          // Recorded first, so the entry keeps the keyword as it was; rolled back when nothing changes.
          await recordAudit(tx, {
            companyId: actor.companyId,
            who: userWho(actor),
            action: "keyword.updated",
            target: { type: "keyword", id: input.id, label: v.keyword },
            before: keywordSnapshot(input.id),
            after: auditValues(v),
          });
          const changed = rowsOf<{ id: string }>(
            await tx.execute(
              sql`update keywords
                     set keyword = ${v.keyword}, type = ${v.type}, auto_reply_status = ${v.autoReplyStatus},
                         auto_reply = ${v.autoReply}, updated_at = now()
                   where id = ${input.id} and company_id = ${actor.companyId} and status <> 'deleted'
                   returning id`,
            ),
          );
          if (!changed[0]) throw new NothingChanged();
        });
      } catch (err) {
        if (err instanceof NothingChanged) {
          await statusOf(actor, input.id);
          throw new Conflict(KEYWORD_MESSAGES.deleted);
        }
        if (isDuplicate(err)) throw new Conflict(KEYWORD_MESSAGES.exists);
        throw err;
      }
      return { message: MESSAGES.dataUpdateSuccess };
    },

    /** Soft delete: the row stays, its status and auto-reply status become deleted. */
    async remove(actor: Actor, id: string): Promise<S["Ok"]> {
      assertAdmin(actor);
      try {
        await db.transaction(async (tx) => {
          await recordAudit(tx, {
            companyId: actor.companyId,
            who: userWho(actor),
            action: "keyword.deleted",
            target: { type: "keyword", id },
            before: keywordSnapshot(id),
          });
          const done = rowsOf<{ id: string }>(
            await tx.execute(
              sql`update keywords
                     set status = 'deleted', auto_reply_status = 'deleted', deleted_at = now(), updated_at = now()
                   where id = ${id} and company_id = ${actor.companyId} and status <> 'deleted'
                   returning id`,
            ),
          );
          if (!done[0]) throw new NothingChanged();
        });
      } catch (err) {
        if (!(err instanceof NothingChanged)) throw err;
        await statusOf(actor, id);
        throw new Conflict(KEYWORD_MESSAGES.alreadyDeleted);
      }
      return { message: MESSAGES.keywordDeleted };
    },
  };
}

export type KeywordRecord = typeof keywords.$inferSelect;

/**
 * The company's active keyword that an inbound SMS text is, without case (surrounding spaces ignored), or
 * undefined. One lookup on keywords_company_keyword_key (the unique index of the keywords not deleted).
 */
export async function matchKeyword(
  db: DbOrTx,
  companyId: string,
  text: string,
): Promise<KeywordRecord | undefined> {
  const word = text.trim();
  if (!word || /\s/.test(word) || word.length > KEYWORD_MAX) return undefined;
  const rows = await db
    .select()
    .from(keywords)
    .where(
      and(
        eq(keywords.companyId, companyId),
        sql`lower(${keywords.keyword}) = lower(${word})`,
        sql`${keywords.status} <> 'deleted'`,
        eq(keywords.status, "active"),
      ),
    )
    .limit(1);
  return rows[0];
}
