/**
 * The contact import pipeline shared by /addContacts (portal) and `herald contacts import` (CLI), with its
 * progress (/contactImports/{id}), report (report.xlsx) and cancellation, and the streamed export.
 *
 * Rows are checked one by one (E.164 number, name, duplicate in the file) and written in batches of
 * IMPORT_BATCH_ROWS, each batch one transaction that inserts its contacts (ON CONFLICT DO NOTHING: a number
 * that already exists is reported; with `update`, ON CONFLICT DO UPDATE: its name, e-mail and attributes are
 * updated and it is counted as updated), their group memberships, its problem rows and the import's progress: a
 * failure loses nothing committed before and never leaves half a batch. A small file (SMALL_FILE_BYTES) is
 * imported before the answer; a larger one runs in the background of the process that received it (the
 * file is on its disk), at most IMPORTS_AT_ONCE at a time, and is followed through its import row.
 */
import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import type { components } from "@herald/api-client/schema";
import { contactsUploadedWithIssues, MESSAGES } from "@herald/domain";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { FastifyBaseLogger } from "fastify";
import { v7 as uuidv7 } from "uuid";
import type { Database } from "../../db/client";
import { rows } from "../../db/sql";
import type { Deps } from "../../deps";
import { BadRequest, HttpError, NotFound, TooManyRequests } from "../../errors";
import { neutralise } from "../../lib/spreadsheet";
import { type Actor, requireActor } from "../../plugins/actor";
import {
  CONTACTS_UPLOADED,
  GROUP_NOT_FOUND,
  IMPORT_CANCELLED,
  IMPORT_FAILED,
  IMPORT_INTERRUPTED,
  IMPORT_NOT_FOUND,
  ISSUE,
} from "./contacts.messages";
import { contactRegion, resolveGroups } from "./contacts.service";
import {
  type ColumnPlan,
  columnPlan,
  fileRows,
  MAX_ATTRIBUTE_VALUE,
  rowAttributes,
  type SpooledFile,
} from "./import-file";
import { normalizeContactMobile } from "./mobile";
import { NumberSet } from "./number-set";

type S = components["schemas"];

/** Files up to this size are imported before the answer (200 or 409); larger ones answer 202. */
export const SMALL_FILE_BYTES = 1024 * 1024;
/** Rows per batch (one transaction each). */
export const IMPORT_BATCH_ROWS = 5000;
/** Problem rows listed in a 409 answer, and in the import's status. */
export const ANSWER_ISSUE_ROWS = 5000;
export const STATUS_ISSUE_ROWS = 100;
/** Background imports one process runs at the same time; the others wait (status `queued`). */
export const IMPORTS_AT_ONCE = 2;
/** Large imports one company may have queued or running; one more is refused with 429 (each holds its file). */
export const IMPORTS_PER_COMPANY = 3;
export const TOO_MANY_IMPORTS = `${IMPORTS_PER_COMPANY} imports are already running for your company. Please wait for one to finish.`;
/** A running import whose progress has not moved for this long is shown as failed. */
const STALE_AFTER = "10 minutes";

interface Counters {
  rowsDone: number;
  imported: number;
  updated: number;
  duplicates: number;
  invalid: number;
}

interface ImportJob {
  id: string;
  companyId: string;
  userId: string;
  groupIds: string[];
  region: string;
  dryRun: boolean;
  /** Existing numbers are updated (name, e-mail, attributes merged) instead of reported. */
  update: boolean;
}

interface Issue {
  row: number;
  mobile: string;
  name: string;
  issue: string;
}

interface Valid {
  id: string;
  row: number;
  raw: string;
  mobile: string;
  name: string;
  email: string | null;
  attributes: Record<string, string>;
}

const cut = (s: string | undefined, n: number) => (s ?? "").slice(0, n);
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/**
 * Checks and writes rows: `cells` are the file's data rows (the header already read), numbered from
 * `firstRow`. Returns the counters and whether it stopped on a cancel request.
 */
async function importRows(
  database: Database,
  job: ImportJob,
  plan: ColumnPlan,
  cells: AsyncIterable<string[]> | Iterable<string[]>,
  counters: Counters,
  stopping: () => boolean = () => false,
): Promise<{ cancelled: boolean; interrupted?: boolean }> {
  const { db } = database;
  const seen = new NumberSet();
  let pending: Valid[] = [];
  let issues: Issue[] = [];
  let row = 0;
  // One batch is written while the next one is read and checked: batches still commit one after the other,
  // in file order, each in its own transaction.
  let inFlight: Promise<boolean> | null = null;
  async function submit(): Promise<boolean> {
    if (inFlight && (await inFlight)) return true;
    inFlight = flush();
    inFlight.catch(() => undefined); // awaited by the next submit or at the end
    return false;
  }

  /** Writes the rows gathered so far as one transaction; true when the import was asked to stop. */
  async function flush(): Promise<boolean> {
    const rowsDone = row;
    const batchIssues = issues;
    const batch = pending;
    pending = [];
    issues = [];
    let imported = 0;
    let updated = 0;
    let cancel = false;
    let next: Counters = counters;
    await db.transaction(async (tx) => {
      let existing = new Set<string>();
      if (batch.length > 0) {
        if (job.dryRun) {
          const found = await rows<{ mobile: string }>(
            tx,
            sql`select mobile from contacts where company_id = ${job.companyId}
                 and mobile = any(${`{${batch.map((v) => v.mobile).join(",")}}`}::varchar[])`,
          );
          existing = new Set(found.map((f) => f.mobile));
          imported = batch.length - existing.size;
          if (job.update) {
            updated = existing.size;
            existing = new Set();
          }
        } else {
          const payload = JSON.stringify(
            batch.map((v) => ({ id: v.id, m: v.mobile, n: v.name, e: v.email, a: v.attributes })),
          );
          const inserted = await rows<{ mobile: string; created: boolean | string }>(
            tx,
            sql`with ins as (
                  insert into contacts (id, company_id, mobile, name, email, attributes, created_by)
                  select r.id, ${job.companyId}, r.m, r.n, r.e, coalesce(r.a, '{}'::jsonb),
                         (select u.id from users u where u.id = ${job.userId} and u.company_id = ${job.companyId})
                    from jsonb_to_recordset(${payload}::jsonb) as r(id uuid, m varchar, n varchar, e varchar, a jsonb)
                  on conflict (company_id, mobile) ${
                    job.update
                      ? sql`do update set name = excluded.name,
                              email = coalesce(excluded.email, contacts.email),
                              attributes = contacts.attributes || excluded.attributes,
                              updated_at = now()`
                      : sql`do nothing`
                  }
                  returning id, mobile, (xmax = 0) as created),
                gm as (
                  insert into group_members (group_id, contact_id)
                  select g, ins.id from ins cross join unnest(${`{${job.groupIds.join(",")}}`}::uuid[]) g
                  on conflict do nothing)
                select mobile, created from ins`,
          );
          const added = new Set(inserted.map((i) => i.mobile));
          for (const v of batch) if (!added.has(v.mobile)) existing.add(v.mobile);
          imported = inserted.filter((i) => i.created === true || String(i.created) === "true").length;
          updated = inserted.length - imported;
        }
      }
      for (const v of batch) {
        if (existing.has(v.mobile)) {
          batchIssues.push({ row: v.row, mobile: v.raw, name: v.name, issue: ISSUE.alreadyExists });
        }
      }
      if (batchIssues.length > 0) {
        await tx.execute(sql`insert into contact_import_issues (import_id, row, mobile, name, issue)
            select ${job.id}, r.row, r.mobile, r.name, r.issue
              from jsonb_to_recordset(${JSON.stringify(batchIssues)}::jsonb)
                as r(row int, mobile varchar, name varchar, issue varchar)`);
      }
      next = {
        rowsDone,
        imported: counters.imported + imported,
        updated: counters.updated + updated,
        duplicates:
          counters.duplicates +
          batchIssues.filter((i) => i.issue === ISSUE.duplicateInFile || i.issue === ISSUE.alreadyExists)
            .length,
        invalid: 0,
      };
      next.invalid = counters.invalid + batchIssues.length - (next.duplicates - counters.duplicates);
      const [state] = await rows<{ cancel_requested: boolean }>(
        tx,
        sql`update contact_imports set rows_done = ${next.rowsDone}, imported = ${next.imported}, updated = ${next.updated},
                   duplicates = ${next.duplicates}, invalid = ${next.invalid}, heartbeat_at = now()
             where id = ${job.id} returning cancel_requested`,
      );
      cancel = Boolean(state?.cancel_requested);
    });
    // the counters move only once the batch is committed
    Object.assign(counters, next);
    return cancel;
  }

  for await (const c of cells) {
    row += 1;
    const raw = c[0] ?? "";
    const name = cut(c[1]?.trim(), 255);
    const checked = normalizeContactMobile(raw, job.region);
    if (!checked.ok) {
      issues.push({ row, mobile: cut(raw, 64), name, issue: checked.reason });
    } else if (!name) {
      issues.push({ row, mobile: cut(raw, 64), name, issue: ISSUE.nameRequired });
    } else {
      if (!seen.add(Number(checked.mobile))) {
        issues.push({ row, mobile: cut(raw, 64), name, issue: ISSUE.duplicateInFile });
      } else {
        const email = plan.email === null ? "" : cut(c[plan.email], 255);
        pending.push({
          id: uuidv7(),
          row,
          raw: cut(raw, 64),
          mobile: checked.mobile,
          name,
          email: email || null,
          attributes: rowAttributes(plan, c),
        });
      }
    }
    if (pending.length + issues.length >= IMPORT_BATCH_ROWS) {
      if (await submit()) return { cancelled: true };
      if (stopping()) {
        // the server is shutting down: the batch being written commits, nothing after it is read
        await inFlight;
        return { cancelled: false, interrupted: true };
      }
    }
  }
  if (await submit()) return { cancelled: true };
  return { cancelled: await (inFlight ?? Promise.resolve(false)) };
}

interface ImportRow {
  id: string;
  status: S["ContactImport"]["status"];
  file_name: string;
  size: number | string;
  dry_run: boolean;
  message: string | null;
  rows_total: number | null;
  rows_done: number;
  imported: number;
  updated: number;
  duplicates: number;
  invalid: number;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  stale: boolean;
  issue_rows: Issue[] | string | null;
}

const countsOf = (
  r: Pick<ImportRow, "id" | "rows_total" | "rows_done" | "imported" | "updated" | "duplicates" | "invalid">,
) => ({
  importId: r.id,
  rowsTotal: r.rows_total === null ? null : Number(r.rows_total),
  rowsDone: Number(r.rows_done),
  rowsFailed: Number(r.duplicates) + Number(r.invalid),
  imported: Number(r.imported),
  updated: Number(r.updated),
  duplicates: Number(r.duplicates),
  invalid: Number(r.invalid),
});

function toImport(r: ImportRow): S["ContactImport"] {
  const issues = (
    typeof r.issue_rows === "string" ? JSON.parse(r.issue_rows) : (r.issue_rows ?? [])
  ) as Issue[];
  return {
    ...countsOf(r),
    id: r.id,
    status: r.stale ? "failed" : r.status,
    fileName: r.file_name,
    size: Number(r.size),
    dryRun: r.dry_run,
    message: r.stale ? IMPORT_INTERRUPTED : r.message,
    rows: issues.map((i) => ({ row: i.row, mobile: i.mobile, name: i.name, issue: i.issue })),
    createdAt: iso(r.created_at)!,
    startedAt: iso(r.started_at),
    finishedAt: iso(r.finished_at),
  };
}

export interface UploadQuery {
  groupId?: string;
  groupName?: string;
  country?: string;
  dryRun?: boolean;
  update?: boolean;
}

export type UploadAnswer =
  | { status: 200; body: S["ContactUploadResult"] }
  | { status: 409; body: S["ContactUploadIssues"] }
  | { status: 202; body: S["ContactImport"] };

/** The background imports of each app (its Deps): stopped when the app closes. */
const registries = new WeakMap<Deps, { stopping: boolean; running: Set<Promise<void>> }>();

/**
 * Stops the app's background imports (app.ts, on close): each commits the batch it is writing and ends
 * `failed` with IMPORT_INTERRUPTED (committed batches counted); queued ones end the same way unstarted.
 */
export async function stopContactImports(deps: Deps): Promise<void> {
  const registry = registries.get(deps);
  if (!registry) return;
  registry.stopping = true;
  await Promise.allSettled([...registry.running]);
}

export function contactImportsService(deps: Deps) {
  const { database } = deps;
  const { db } = database;
  const registry = { stopping: false, running: new Set<Promise<void>>() };
  registries.set(deps, registry);

  // background imports of this process, IMPORTS_AT_ONCE at a time
  let active = 0;
  const waiting: (() => void)[] = [];
  async function inSlot(fn: () => Promise<void>): Promise<void> {
    if (active >= IMPORTS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      await fn();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  }

  async function readImport(companyId: string, id: string, issueRows: number): Promise<S["ContactImport"]> {
    const [r] = await rows<ImportRow>(
      db,
      sql`select i.id, i.status, i.file_name, i.size, i.dry_run, i.message, i.rows_total, i.rows_done, i.imported, i.updated,
                 i.duplicates, i.invalid, i.created_at, i.started_at, i.finished_at,
                 (i.status = 'running' and coalesce(i.heartbeat_at, i.created_at) < now() - ${STALE_AFTER}::interval)
                 or (i.status = 'queued' and i.created_at < now() - interval '1 day') as stale,
                 (select coalesce(json_agg(json_build_object('row', x.row, 'mobile', x.mobile, 'name', x.name,
                                                             'issue', x.issue) order by x.row), '[]'::json)
                    from (select row, mobile, name, issue from contact_import_issues
                           where import_id = i.id order by row limit ${issueRows}) x) as issue_rows
            from contact_imports i where i.id = ${id} and i.company_id = ${companyId}`,
    );
    if (!r) throw new NotFound(IMPORT_NOT_FOUND);
    return toImport(r);
  }

  /** Ends an import: done (with the problem count as message), cancelled or failed. */
  async function finish(
    job: ImportJob,
    outcome: "done" | "cancelled" | "failed",
    counters: Counters,
    why?: string,
  ) {
    const problems = counters.duplicates + counters.invalid;
    const message =
      outcome === "done"
        ? problems > 0
          ? contactsUploadedWithIssues(problems)
          : null
        : outcome === "cancelled"
          ? IMPORT_CANCELLED
          : (why ?? IMPORT_FAILED);
    await database.query(
      `update contact_imports set status = $2::varchar, message = $3::text, finished_at = now(),
              heartbeat_at = now(), rows_total = case when $2::varchar = 'done' then $4::int else rows_total end
        where id = $1 and status in ('queued', 'running')`,
      [job.id, outcome, message, counters.rowsDone],
    );
  }

  /** Runs an import to its end and records the outcome; never throws. */
  async function run(
    job: ImportJob,
    plan: ColumnPlan,
    cells: AsyncIterable<string[]> | Iterable<string[]>,
    log?: FastifyBaseLogger,
  ) {
    const counters: Counters = { rowsDone: 0, imported: 0, updated: 0, duplicates: 0, invalid: 0 };
    try {
      const { cancelled, interrupted } = await importRows(
        database,
        job,
        plan,
        cells,
        counters,
        () => registry.stopping,
      );
      if (interrupted) await finish(job, "failed", counters, IMPORT_INTERRUPTED);
      else await finish(job, cancelled ? "cancelled" : "done", counters);
    } catch (err) {
      log?.error({ err, importId: job.id }, "contact import failed");
      const why = err instanceof HttpError && err.statusCode < 500 ? err.message : undefined;
      await finish(job, "failed", counters, why).catch(() => undefined);
    }
    return counters;
  }

  async function createImport(
    actor: Actor,
    file: SpooledFile,
    q: UploadQuery,
    status: "queued" | "running",
  ): Promise<ImportJob> {
    const region = contactRegion(q.country);
    const dryRun = q.dryRun === true;
    const update = q.update === true;
    const id = uuidv7();
    const groupIds = await db.transaction(async (tx) => {
      const ids = await resolveGroups(tx, actor, q, !dryRun);
      await tx.execute(sql`insert into contact_imports
            (id, company_id, user_id, file_name, size, status, dry_run, update_existing, country, group_ids,
             started_at, heartbeat_at)
          values (${id}, ${actor.companyId}, ${actor.userId}, ${file.fileName}, ${file.size}, ${status}, ${dryRun}, ${update},
                  ${region}, ${JSON.stringify(ids)}::jsonb,
                  ${status === "running" ? sql`now()` : sql`null`}, ${status === "running" ? sql`now()` : sql`null`})`);
      return ids;
    });
    return { id, companyId: actor.companyId, userId: actor.userId, groupIds, region, dryRun, update };
  }

  return {
    /**
     * Imports a received file (already spooled and checked by import-file.ts). The header and, for a small
     * file, every row are read before anything is written: a file refused here writes nothing.
     */
    async upload(
      actor: Actor | undefined,
      file: SpooledFile,
      q: UploadQuery,
      log?: FastifyBaseLogger,
    ): Promise<UploadAnswer> {
      let handedOver = false;
      try {
        const a = requireActor(actor);
        contactRegion(q.country);
        if (file.size <= SMALL_FILE_BYTES) {
          const all: string[][] = [];
          for await (const r of fileRows(file)) all.push(r);
          if (all.length === 0) throw new BadRequest(MESSAGES.noValidDataInFile);
          const plan = columnPlan(all[0]!);
          if (all.length === 1) throw new BadRequest(MESSAGES.noValidDataInFile);
          const job = await createImport(a, file, q, "running");
          await run(job, plan, all.slice(1), log);
          const result = await readImport(a.companyId, job.id, ANSWER_ISSUE_ROWS);
          if (result.status === "failed") throw new Error(result.message ?? IMPORT_FAILED);
          const counts = {
            importId: result.importId,
            rowsTotal: result.rowsTotal,
            rowsDone: result.rowsDone,
            rowsFailed: result.rowsFailed,
            imported: result.imported,
            updated: result.updated,
            duplicates: result.duplicates,
            invalid: result.invalid,
          };
          if (result.rowsFailed > 0) {
            return {
              status: 409,
              body: { message: result.message!, rows: result.rows, ...counts, inserted: counts.imported },
            };
          }
          return { status: 200, body: { message: CONTACTS_UPLOADED, ...counts, inserted: counts.imported } };
        }
        // a large file: the header (and a first data row) now, the rows in the background
        const iterator = fileRows(file)[Symbol.asyncIterator]();
        const header = await iterator.next();
        if (header.done) throw new BadRequest(MESSAGES.noValidDataInFile);
        const plan = columnPlan(header.value);
        const first = await iterator.next();
        if (first.done) throw new BadRequest(MESSAGES.noValidDataInFile);
        const [busy] = await database.query<{ n: number }>(
          `select count(*)::int as n from contact_imports
            where company_id = $1 and status in ('queued', 'running')
              and coalesce(heartbeat_at, created_at) > now() - interval '${STALE_AFTER}'`,
          [a.companyId],
        );
        if ((busy?.n ?? 0) >= IMPORTS_PER_COMPANY) throw new TooManyRequests(30, TOO_MANY_IMPORTS);
        const job = await createImport(a, file, q, "queued");
        const cells = (async function* () {
          yield first.value;
          for (;;) {
            const next = await iterator.next();
            if (next.done) return;
            yield next.value;
          }
        })();
        handedOver = true;
        const task = inSlot(async () => {
          try {
            if (registry.stopping) {
              await finish(
                job,
                "failed",
                { rowsDone: 0, imported: 0, updated: 0, duplicates: 0, invalid: 0 },
                IMPORT_INTERRUPTED,
              );
              return;
            }
            const started = await database.query(
              `update contact_imports set status = 'running', started_at = now(), heartbeat_at = now()
                where id = $1 and status = 'queued' returning id`,
              [job.id],
            );
            if (started.length > 0) await run(job, plan, cells, log);
          } finally {
            await iterator.return?.(undefined).catch(() => undefined);
            await file.remove();
          }
        }).catch((err) => log?.error({ err }, "contact import slot failed"));
        registry.running.add(task);
        void task.finally(() => registry.running.delete(task));
        return { status: 202, body: await readImport(a.companyId, job.id, STATUS_ISSUE_ROWS) };
      } finally {
        if (!handedOver) await file.remove();
      }
    },

    async status(actor: Actor | undefined, id: string): Promise<S["ContactImport"]> {
      const { companyId } = requireActor(actor);
      return readImport(companyId, id, STATUS_ISSUE_ROWS);
    },

    /** Asks an import to stop after its current batch; a queued one is cancelled at once. */
    async cancel(actor: Actor | undefined, id: string): Promise<S["ContactImport"]> {
      const { companyId } = requireActor(actor);
      await database.query(
        `update contact_imports set cancel_requested = true,
                status = case when status = 'queued' then 'cancelled' else status end,
                message = case when status = 'queued' then $3::text else message end,
                finished_at = case when status = 'queued' then now() else finished_at end
          where id = $1 and company_id = $2 and status in ('queued', 'running')`,
        [id, companyId, IMPORT_CANCELLED],
      );
      return readImport(companyId, id, STATUS_ISSUE_ROWS);
    },

    /** report.xlsx: every problem row (Row, Mobile, Name, Reason), streamed in pages. */
    async report(actor: Actor | undefined, id: string): Promise<Readable> {
      const { companyId } = requireActor(actor);
      const found = await database.query("select 1 from contact_imports where id = $1 and company_id = $2", [
        id,
        companyId,
      ]);
      if (found.length === 0) throw new NotFound(IMPORT_NOT_FOUND);
      const out = new PassThrough();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: false,
        useSharedStrings: false,
      });
      const sheet = workbook.addWorksheet("Report");
      (async () => {
        sheet.addRow(["Row", "Mobile", "Name", "Reason"]).commit();
        let last = 0;
        for (;;) {
          const page = await database.query<Issue>(
            `select row, mobile, name, issue from contact_import_issues
              where import_id = $1 and row > $2 order by row limit 5000`,
            [id, last],
          );
          for (const r of page) {
            sheet.addRow([r.row, neutralise(r.mobile), neutralise(r.name), neutralise(r.issue)]).commit();
          }
          if (page.length < 5000) break;
          last = page[page.length - 1]!.row;
          if (out.writableNeedDrain) await once(out, "drain");
        }
        sheet.commit();
        await workbook.commit();
      })().catch((err) => out.destroy(err));
      return out;
    },

    /** Every contact (of a group, or matching `search`) as CSV or XLSX, streamed page by page. */
    async exportContacts(
      actor: Actor | undefined,
      q: { format?: "csv" | "xlsx"; groupId?: string; search?: string },
    ): Promise<{ stream: Readable; fileName: string; contentType: string }> {
      const { companyId } = requireActor(actor);
      if (q.groupId) {
        const g = await database.query("select 1 from contact_groups where id = $1 and company_id = $2", [
          q.groupId,
          companyId,
        ]);
        if (g.length === 0) throw new NotFound(GROUP_NOT_FOUND);
      }
      const text = q.search?.trim().toLowerCase();
      const params: unknown[] = [companyId, q.groupId ?? null];
      let filter = "";
      if (text) {
        params.push(`%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);
        filter = `and lower(c.name) like $${params.length}`;
        const digits = /[a-z]/.test(text) ? "" : text.replace(/[^0-9]/g, "");
        if (digits) {
          params.push(`%${digits}%`);
          filter = `and (lower(c.name) like $${params.length - 1} or c.mobile like $${params.length})`;
        }
      }
      const member = q.groupId ? "join group_members m on m.contact_id = c.id and m.group_id = $2::uuid" : "";
      const keys = (
        await database.query<{ k: string }>(
          `select distinct k from contacts c ${member}, jsonb_object_keys(c.attributes) k
            where c.company_id = $1 and ($2::uuid is null or true) ${filter} order by k limit 200`,
          params,
        )
      ).map((r) => r.k);
      const header = ["mobile", "name", "email", "created_at", ...keys];
      // keyset pages: by membership for a group (its index), else by contact
      const order = q.groupId ? ["m.created_at", "m.contact_id"] : ["c.created_at", "c.id"];
      async function* pages(): AsyncGenerator<string[]> {
        let position: { at: string; id: string } | null = null;
        for (;;) {
          const p: unknown[] = [...params];
          let after = "";
          if (position) {
            p.push(position.at, position.id);
            const at = `$${p.length - 1}::timestamptz`;
            const pid = `$${p.length}::uuid`;
            after = `and ${order[0]} <= ${at} and (${order[0]} < ${at} or ${order[1]} < ${pid})`;
          }
          const page = await database.query<{
            id: string;
            mobile: string;
            name: string;
            email: string | null;
            attributes: Record<string, string> | string;
            created_at: Date | string;
            ck: string;
            kid: string;
          }>(
            `select c.id, c.mobile, c.name, c.email, c.attributes, c.created_at, ${order[0]}::text as ck,
                    ${order[1]} as kid
               from contacts c ${member}
              where c.company_id = $1 and ($2::uuid is null or true) ${filter} ${after}
              order by ${order[0]} desc nulls last, ${order[1]} desc nulls last limit 5000`,
            p,
          );
          for (const r of page) {
            const attrs = (
              typeof r.attributes === "string" ? JSON.parse(r.attributes) : r.attributes
            ) as Record<string, unknown>;
            yield [
              r.mobile,
              r.name,
              r.email ?? "",
              new Date(r.created_at).toISOString(),
              ...keys.map((k) => (Object.hasOwn(attrs, k) ? String(attrs[k]) : "")),
            ].map(neutralise);
          }
          if (page.length < 5000) return;
          const last = page[page.length - 1]!;
          position = { at: last.ck, id: last.kid };
        }
      }
      if ((q.format ?? "csv") === "csv") {
        const line = (cells: string[]) =>
          `${cells.map((v) => (/[",\r\n;]|^\s|\s$/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(",")}\r\n`;
        const stream = Readable.from(
          (async function* () {
            yield line(header);
            for await (const cells of pages()) yield line(cells);
          })(),
        );
        return { stream, fileName: "contacts.csv", contentType: "text/csv; charset=utf-8" };
      }
      const out = new PassThrough();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: false,
        useSharedStrings: false,
      });
      const sheet = workbook.addWorksheet("Contacts");
      (async () => {
        sheet.addRow(header).commit();
        let n = 0;
        for await (const cells of pages()) {
          sheet.addRow(cells).commit();
          if (++n % 1000 === 0 && out.writableNeedDrain) await once(out, "drain");
        }
        sheet.commit();
        await workbook.commit();
      })().catch((err) => out.destroy(err));
      return {
        stream: out,
        fileName: "contacts.xlsx",
        contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      };
    },
  };
}

let template: Promise<Buffer> | undefined;

/** UploadTemplate.xlsx: mobile, name (required, in this order), then the sample columns age and email. */
export function uploadTemplate(): Promise<Buffer> {
  template ??= (async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Contacts");
    sheet.addRow(["mobile", "name", "age", "email"]);
    sheet.addRow(["6591234567", "Tan Mei Ling", "32", "meiling@example.com"]);
    sheet.getColumn(1).numFmt = "@";
    return Buffer.from(await workbook.xlsx.writeBuffer());
  })();
  return template;
}

export { MAX_ATTRIBUTE_VALUE };
