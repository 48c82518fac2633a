import type { components } from "@herald/api-client/schema";
import { MESSAGES, normalizeRecipient, stripNonDigits } from "@herald/domain";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Database, DbOrTx } from "../../db/client";
import { mobileUploads } from "../../db/schema";
import type { Deps } from "../../deps";
import { BadRequest, Conflict, NotFound } from "../../errors";
import type { JobPayloads } from "../../jobs/queue";
import { containsPattern, direction, type PageQuery, pageWindow } from "../../lib/paging";
import { type Actor, assertAdmin } from "../../plugins/actor";
import { MobileFileError, mobileFileKind, readMobileFile, UNSUPPORTED_MOBILE_FILE } from "./mobile-file";

type S = components["schemas"];
type SubscriptionType = S["SubscriptionType"];

/** An upload is kept this long for /addMobileSub to name it. */
export const UPLOAD_TTL_MS = 24 * 3600_000;
/** Rows per insert statement of the add job. */
export const INSERT_BATCH = 1000;
/** The stored contact number is at most this many digits (the column's width). */
const MAX_DIGITS = 32;

export const RECORD_NOT_FOUND = "Mobile number not found";
export const UPLOAD_NOT_FOUND = "The uploaded file was not found or has expired. Please upload it again.";
export const RECORD_DELETED = "This mobile number is deleted and can no longer be changed.";
export const ALREADY_DELETED = "This mobile number is already deleted.";
export const FILE_REQUIRED = "Please choose a file to upload.";
export const FILE_EMPTY = "The file is empty.";

const listName = (type: SubscriptionType) => (type === "sub" ? "Subscribe" : "Unsubscribe");
export const duplicateMessage = (digits: string, type: SubscriptionType) =>
  `+${digits} is already in the ${listName(type)} list.`;

/** A file read from the request, at most 70KB. */
export interface UploadedFile {
  fileName: string;
  mimeType: string;
  data: Buffer;
}

const SORTS: Record<string, string> = {
  contact_number: "m.contact_number",
  type: "m.type",
  status: "m.status",
  created_dtm: "m.created_at",
  created_by: "lower(coalesce(u.first_name, ''))",
};

const COLUMNS = `m.id, m.contact_number, m.type, m.status, m.created_at, m.deleted_at,
                 coalesce(u.first_name, '') as created_by`;

interface MobileRow {
  id: string;
  contact_number: string;
  type: SubscriptionType;
  status: S["MobileSubscription"]["status"];
  created_at: Date | string;
  deleted_at: Date | string | null;
  created_by: string;
}

const toMobileSub = (r: MobileRow): S["MobileSubscription"] => ({
  id: r.id,
  contact_number: r.contact_number,
  created_by: r.created_by,
  type: r.type,
  status: r.status,
  created_dtm: new Date(r.created_at).toISOString(),
  deleted_dtm: r.deleted_at ? new Date(r.deleted_at).toISOString() : null,
});

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};

export function mobileSubService({ database, queue }: Deps) {
  const { db } = database;

  /** Why a row could not be changed: 404 when it is not the company's, 409 when it is deleted. */
  async function refuse(actor: Actor, id: string, deletedMessage: string): Promise<never> {
    const [row] = await database.query<{ status: string }>(
      "select status from mobile_subscriptions where id = $1 and company_id = $2",
      [id, actor.companyId],
    );
    if (!row) throw new NotFound(RECORD_NOT_FOUND);
    throw new Conflict(deletedMessage);
  }

  return {
    /**
     * Reads an uploaded file (70KB at most, checked by `read` while streaming), keeps its numbers for a day
     * and answers its FileInfo. Expired uploads of the company are removed by the same statement.
     */
    async upload(actor: Actor | undefined, read: () => Promise<UploadedFile>): Promise<S["FileInfo"]> {
      assertAdmin(actor);
      const file = await read();
      if (file.data.length === 0) throw new BadRequest(FILE_EMPTY);
      const kind = mobileFileKind(file.fileName, file.mimeType);
      if (!kind) throw new BadRequest(UNSUPPORTED_MOBILE_FILE);
      let numbers: string[];
      try {
        numbers = await readMobileFile(file.data, kind);
      } catch (err) {
        if (err instanceof MobileFileError) throw new BadRequest(err.message);
        throw err;
      }
      const id = uuidv7();
      await database.query(
        `with expired as (delete from mobile_uploads where company_id = $2 and expires_at < now())
         insert into mobile_uploads (id, company_id, user_id, file_name, size, mime_type, numbers, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)`,
        [
          id,
          actor.companyId,
          actor.userId,
          file.fileName,
          file.data.length,
          file.mimeType,
          JSON.stringify(numbers),
          new Date(Date.now() + UPLOAD_TTL_MS),
        ],
      );
      return {
        fileId: id,
        fileName: file.fileName,
        size: file.data.length,
        mimeType: file.mimeType,
        rows: numbers.length,
      };
    },

    /**
     * Accepts numbers for a list: those entered by hand, or those of an unexpired, unused upload of the
     * company (marked used). The job that adds them is enqueued in the same transaction.
     */
    async add(actor: Actor | undefined, body: S["AddMobileSubRequest"]): Promise<S["MobileListAccepted"]> {
      assertAdmin(actor);
      const base = { companyId: actor.companyId, userId: actor.userId, type: body.type };
      if (body.insertType === "manual") {
        const numbers = body.mobile ?? [];
        if (numbers.length === 0) throw new BadRequest("Please enter at least one mobile number.");
        await db.transaction(async (tx) => {
          await queue.enqueue("mobile-sub.add", { ...base, numbers }, { tx });
        });
        return { message: MESSAGES.mobileListAdded, received: numbers.length };
      }
      const fileId = body.fileInfo?.fileId;
      if (!fileId) throw new BadRequest("Please upload a file first.");
      const received = await db.transaction(async (tx) => {
        const [upload] = await tx
          .update(mobileUploads)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(mobileUploads.id, fileId),
              eq(mobileUploads.companyId, actor.companyId),
              gt(mobileUploads.expiresAt, sql`now()`),
              isNull(mobileUploads.usedAt),
            ),
          )
          .returning({ rows: sql<number>`jsonb_array_length(${mobileUploads.numbers})` });
        if (!upload) throw new NotFound(UPLOAD_NOT_FOUND);
        await queue.enqueue("mobile-sub.add", { ...base, uploadId: fileId }, { tx });
        return Number(upload.rows);
      });
      return { message: MESSAGES.mobileListAdded, received };
    },

    /** One page of the company's numbers (deleted ones included) and the matching total, in one query. */
    async list(
      actor: Actor | undefined,
      q: PageQuery & { type?: SubscriptionType },
    ): Promise<S["MobileSubscriptionList"]> {
      assertAdmin(actor);
      const { limit, offset } = pageWindow(q, 1000);
      const sortKey = q.sort && SORTS[q.sort] ? q.sort : "created_dtm";
      const dir = direction(q.order, sortKey === "created_dtm" ? "desc" : "asc");
      const params: unknown[] = [actor.companyId];
      const where = ["m.company_id = $1"];
      if (q.type) {
        params.push(q.type);
        where.push(`m.type = $${params.length}`);
      }
      if (q.search?.trim()) {
        const pattern = containsPattern(stripNonDigits(q.search));
        if (!pattern) return { data: [], total: 0 };
        params.push(pattern);
        where.push(`m.contact_number like $${params.length}`);
      }
      // One statement: the total is counted on the index alone (no join, no window over every row), the page
      // is read in index order and only its rows are joined to their creator. With no row on the page the
      // total still comes back (a row of nulls beside it).
      const filter = where.join(" and ");
      const joinCreator = sortKey === "created_by" ? "left join users u on u.id = m.created_by" : "";
      const found = await database.query<Partial<MobileRow> & { total: string | number }>(
        `with t as (select count(*) as total from mobile_subscriptions m where ${filter}),
              p as (select m.id, m.contact_number, m.type, m.status, m.created_at, m.deleted_at, m.created_by,
                           row_number() over (order by ${SORTS[sortKey]} ${dir}, m.created_at desc, m.id desc) as rn
                      from mobile_subscriptions m ${joinCreator}
                     where ${filter}
                     order by ${SORTS[sortKey]} ${dir}, m.created_at desc, m.id desc
                     limit $${params.length + 1} offset $${params.length + 2})
         select p.id, p.contact_number, p.type, p.status, p.created_at, p.deleted_at,
                coalesce(c.first_name, '') as created_by, t.total
           from t left join p on true left join users c on c.id = p.created_by
          order by p.rn`,
        [...params, limit, offset],
      );
      const total = Number(found[0]?.total ?? 0);
      const rows = found.filter((r): r is MobileRow & { total: string | number } => r.id != null);
      return { data: rows.map(toMobileSub), total };
    },

    async get(actor: Actor | undefined, id: string): Promise<S["MobileSubscription"]> {
      assertAdmin(actor);
      const [row] = await database.query<MobileRow>(
        `select ${COLUMNS}
           from mobile_subscriptions m left join users u on u.id = m.created_by
          where m.id = $1 and m.company_id = $2`,
        [id, actor.companyId],
      );
      if (!row) throw new NotFound(RECORD_NOT_FOUND);
      return toMobileSub(row);
    },

    /** A new number or type for a record that is not deleted; an invalid record with a valid number becomes active. */
    async edit(actor: Actor | undefined, body: S["EditMobileSubRequest"]): Promise<S["Ok"]> {
      assertAdmin(actor);
      const e164 = normalizeRecipient(body.contactNumber);
      if (!e164) throw new BadRequest(MESSAGES.invalidContactNumber);
      const digits = e164.slice(1);
      let updated: { id: string }[];
      try {
        updated = await database.query<{ id: string }>(
          `update mobile_subscriptions set contact_number = $3, type = $4, status = 'active'
            where id = $1 and company_id = $2 and status <> 'deleted'
            returning id`,
          [body.id, actor.companyId, digits, body.type],
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw new Conflict(duplicateMessage(digits, body.type));
        throw err;
      }
      if (updated.length === 0) await refuse(actor, body.id, RECORD_DELETED);
      return { message: MESSAGES.dataUpdateSuccess };
    },

    /** Soft delete: the row stays, marked deleted with its time. */
    async remove(actor: Actor | undefined, id: string): Promise<S["Ok"]> {
      assertAdmin(actor);
      const updated = await database.query<{ id: string }>(
        `update mobile_subscriptions set status = 'deleted', deleted_at = now()
          where id = $1 and company_id = $2 and status <> 'deleted'
          returning id`,
        [id, actor.companyId],
      );
      if (updated.length === 0) await refuse(actor, id, ALREADY_DELETED);
      return { message: MESSAGES.mobileSubDeleted };
    },
  };
}

/** Each input once, as E.164 digits (invalid ones as their digits, marked invalid), in input order. */
export function normaliseNumbers(
  inputs: readonly string[],
): { number: string; status: "active" | "invalid" }[] {
  const seen = new Set<string>();
  const out: { number: string; status: "active" | "invalid" }[] = [];
  for (const input of inputs) {
    const e164 = normalizeRecipient(input);
    const number = e164 ? e164.slice(1) : stripNonDigits(input).slice(0, MAX_DIGITS);
    if (number.length === 0 || seen.has(number)) continue;
    seen.add(number);
    out.push({ number, status: e164 ? "active" : "invalid" });
  }
  return out;
}

/**
 * The worker of "mobile-sub.add": normalises and dedupes the numbers, then inserts them in batches of
 * INSERT_BATCH rows. A number already listed with the same type (not deleted) is skipped by the partial
 * unique index (`on conflict do nothing`), so running the job again inserts nothing twice.
 */
export async function addNumbersJob(
  database: Database,
  data: JobPayloads["mobile-sub.add"],
): Promise<{ inserted: number; received: number }> {
  let inputs = data.numbers ?? [];
  if (data.uploadId) {
    const [upload] = await database.query<{ numbers: string[] }>(
      "select numbers from mobile_uploads where id = $1 and company_id = $2",
      [data.uploadId, data.companyId],
    );
    // the upload expired and was removed before the job ran (or the company is gone): nothing to add
    if (!upload) return { inserted: 0, received: 0 };
    inputs = upload.numbers;
  }
  const rows = normaliseNumbers(inputs);
  let inserted = 0;
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const batch = rows.slice(i, i + INSERT_BATCH).map((r) => ({ id: uuidv7(), n: r.number, s: r.status }));
    const result = await database.query<{ id: string }>(
      `insert into mobile_subscriptions (id, company_id, contact_number, type, status, created_by)
       select t.id, $2, t.n, $3, t.s, (select u.id from users u where u.id = $4 and u.company_id = $2)
         from jsonb_to_recordset($1::jsonb) as t(id uuid, n text, s text)
       on conflict (company_id, type, contact_number) where status <> 'deleted' do nothing
       returning id`,
      [JSON.stringify(batch), data.companyId, data.type, data.userId],
    );
    inserted += result.length;
  }
  return { inserted, received: inputs.length };
}

/**
 * True when the number is on the company's unsubscribe list (an active 'unsub' row): one lookup on
 * mobile_subscriptions_suppression_idx. `e164Digits` is the E.164 number with or without '+'. Takes a
 * Drizzle handle, so a send can check inside its own transaction.
 */
export async function isSuppressed(db: DbOrTx, companyId: string, e164Digits: string): Promise<boolean> {
  const digits = stripNonDigits(e164Digits);
  if (digits.length === 0) return false;
  const result = await db.execute(sql`select 1 as hit from mobile_subscriptions
     where company_id = ${companyId} and contact_number = ${digits} and type = 'unsub' and status = 'active'
     limit 1`);
  const rows = (result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]);
  return rows.length > 0;
}
