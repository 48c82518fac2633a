/**
 * Helpers of the tenant sweep (tenant-sweep.test.ts): a company seeded with one of everything a call can name,
 * fingerprints of one company's rows, the cross-company link check, requests generated from openapi.yaml, and
 * the search of an answer for another company's data.
 */
import { randomUUID } from "node:crypto";
import ExcelJS from "exceljs";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { connectSandbox, joinDepartment, tokenOf } from "./modules/channels/channels.fixtures";
import { decryptCredentials } from "./modules/channels/credentials";
import { signSmsBody } from "./modules/sms/events";
import {
  FIELD_KINDS,
  type Kind,
  OMIT,
  type OperationRule,
  SUBJECT_FIELDS,
  type Variant,
} from "./tenant-sweep.rules";
import {
  auth,
  createCompany,
  createUser,
  eventually,
  signIn,
  TEST_PASSWORD,
  type TestUser,
} from "./test/harness";

export const SMS_WEBHOOK_SECRET = "tenant-sweep-sms-webhook-secret";

// ---------------------------------------------------------------------------------------------------------
// Requests

let seq = 0;
const next = () => ++seq;
/** A made-up value of a kind chosen by name (see Kind): what no company has chosen. */
export function madeUpName(kind: Kind): string {
  if (kind === "contactNumber" || kind === "listedNumber") return uniqueMobile();
  if (kind === "senderId" || kind === "requestedSenderId")
    return `M${randomUUID().replaceAll("-", "").slice(0, 9)}`;
  if (kind === "keywordText") return `MADEUP${next()}`;
  return `Sweep made up ${next()}`;
}

/** A mobile number no other call of the run uses (Singapore, 65 9xxxxxxx). */
export const uniqueMobile = () => `659${String(1_000_000 + (next() % 9_000_000)).padStart(7, "0")}`;

export interface Multipart {
  payload: Buffer;
  contentType: string;
}

/** A multipart form: text fields and at most one file. */
export function multipart(
  fields: Record<string, string>,
  file?: { field?: string; name: string; type: string; data: Buffer | string },
): Multipart {
  const boundary = `----sweep${randomUUID().replaceAll("-", "")}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "file"}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      Buffer.from(file.data),
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** A CSV of recipients/contacts with numbers no other call uses. */
export const recipientsCsv = (rows = 1) =>
  `mobile,name\n${Array.from({ length: rows }, (_, i) => `${uniqueMobile()},Sweep ${i + 1}`).join("\n")}\n`;

export interface IdField {
  /** Where it is: "path.id", "query.userId", "body.recipients.fileId", "form.broadcastId". */
  at: string;
  name: string;
  kind: Kind;
}

export interface BuiltRequest {
  method: string;
  url: string;
  payload?: Buffer | object | unknown[];
  headers: Record<string, string>;
  /** Every id-like field the request carries. */
  ids: IdField[];
}

// biome-ignore lint/suspicious/noExplicitAny: parsed YAML schemas
type Schema = any;

// biome-ignore lint/suspicious/noExplicitAny: parsed YAML document
export function resolver(spec: any) {
  const resolve = (s: Schema): Schema => {
    let out = s;
    while (out && typeof out === "object" && typeof out.$ref === "string") {
      let v = spec;
      for (const k of out.$ref.replace(/^#\//, "").split("/")) v = v[k];
      out = v;
    }
    return out;
  };
  return resolve;
}

const ID_NAME = /^(id|ids)$|Ids?$|_id$/;
/** Names that end like ids but hold no row's id (an SMS sender ID is a short text). */
const NOT_IDS = new Set(["senderId", "senderIds"]);

/** Sample values for the patterns of openapi.yaml (a pattern not listed here fails the sweep). */
const PATTERN_SAMPLES: Record<string, () => string> = {
  "^[0-9]{8,19}$": () => uniqueMobile(),
  "^[0-9]{7,15}$": () => uniqueMobile(),
  "^\\+?[0-9]{7,15}$": () => uniqueMobile(),
  "\\S": () => `Sweep ${next()}`,
  "^[A-Za-z]{2}$": () => "SG",
  "^[A-Za-z][A-Za-z0-9_+/-]*$": () => "Asia/Singapore",
  "^\\d{4}-\\d{2}-\\d{2}$": () => new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
  "^([01]\\d|2[0-3]):(00|30)$": () => "10:00",
  "^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*[!@#$%*_?&])[A-Za-z0-9!@#$%*_?&]+$": () => "SweepPass123!",
  "^[A-Za-z0-9 ]{1,11}$|^[0-9]{1,15}$": () => `Sw${next() % 100_000}`,
  "^[A-Za-z0-9 ]{1,11}$|^\\+?[0-9]{1,15}$": () => `Sw${next() % 100_000}`,
  "^[0-9a-fA-F-]{36}(,[0-9a-fA-F-]{36})*$": () => randomUUID(),
};

/** Values by field name, where a schema alone does not give a value the service takes. */
const NAME_HINTS: Record<string, () => unknown> = {
  password: () => "SweepPass123!",
  confirmPass: () => "SweepPass123!",
  currentPassword: () => TEST_PASSWORD,
  oldPass: () => TEST_PASSWORD,
  firstThresh: () => 100,
  secondThresh: () => 50,
  amount: () => 500,
  autoReplyStatus: () => "disable",
  keyword: () => `SWEEP${next()}`,
  text: () => `Sweep text ${next()}`,
  content: () => `Sweep content ${next()}`,
  contactNumber: () => uniqueMobile(),
  mobile: () => [uniqueMobile()],
  // an inbound number (the operator's)
  number: () => uniqueMobile(),
};
/** Optional fields the generated request always carries (their absence would make the call refused). */
const ALWAYS = new Set(["currentPassword", "text"]);

export interface Generator {
  /** The request of one operation, or of one variant of it; `idOf` gives each id-like field its value. */
  build(
    op: { operationId: string; method: string; path: string },
    rule: OperationRule,
    variant: Variant | undefined,
    idOf: (f: IdField) => string,
    /**
     * `lenient`: unknown id-like names and patterns get placeholders instead of failing (calls refused before
     * use); `names`: the rule's name fields are treated as id-like (their values come from `idOf`).
     */
    opts?: { lenient?: boolean; names?: boolean },
  ): BuiltRequest;
}

// biome-ignore lint/suspicious/noExplicitAny: parsed YAML document
export function requestGenerator(spec: any): Generator {
  const resolve = resolver(spec);

  return {
    build(op, rule, variant, idOf, opts = {}) {
      const ids: IdField[] = [];
      const item = spec.paths[op.path];
      const o = item[op.method.toLowerCase()];
      const kindOf = (name: string, at: string): Kind => {
        const dotted = at.split(".").slice(1).join(".");
        const suffix = Object.keys(FIELD_KINDS).find((k) => k.includes(".") && dotted.endsWith(k));
        const kind =
          (opts.names ? rule.names?.[name] : undefined) ??
          variant?.ids?.[name] ??
          rule.ids?.[name] ??
          (suffix ? FIELD_KINDS[suffix] : undefined) ??
          FIELD_KINDS[name] ??
          (SUBJECT_FIELDS.has(name) ? rule.subject : undefined) ??
          (opts.lenient ? "company" : undefined);
        if (!kind)
          throw new Error(
            `${op.operationId}: the id-like field ${at} names nothing the sweep knows: add it to FIELD_KINDS or to the operation's ids in tenant-sweep.rules.ts`,
          );
        return kind;
      };
      const idValue = (name: string, at: string) => {
        const f: IdField = { at, name, kind: kindOf(name, at) };
        ids.push(f);
        return idOf(f);
      };
      const isIdLike = (name: string, s: Schema): boolean => {
        const r = resolve(s) ?? {};
        if (opts.names && rule.names?.[name]) return true;
        if (variant?.ids?.[name] || rule.ids?.[name]) return true;
        if (r.format === "uuid") return true;
        if (r.type === "array" && resolve(r.items)?.format === "uuid") return true;
        return !NOT_IDS.has(name) && (ID_NAME.test(name) || name in FIELD_KINDS);
      };
      const containsId = (s: Schema, depth = 0): boolean => {
        const r = resolve(s);
        if (!r || depth > 4) return false;
        return Object.entries<Schema>(r.properties ?? {}).some(
          ([k, v]) => isIdLike(k, v) || containsId(v, depth + 1),
        );
      };

      const scalar = (name: string, s: Schema, at: string): unknown => {
        const r = resolve(s) ?? {};
        if (r.const !== undefined) return r.const;
        if (NAME_HINTS[name]) return NAME_HINTS[name]!();
        if (Array.isArray(r.enum)) return r.enum.find((e: unknown) => e !== null);
        const type = Array.isArray(r.type) ? r.type.find((t: string) => t !== "null") : r.type;
        if (r.default !== undefined && r.default !== null) return r.default;
        if (type === "boolean") return false;
        if (type === "integer" || type === "number") return Math.max(1, r.minimum ?? 1);
        if (r.format === "email") return `sweep.${next()}.${Date.now()}@example.com`;
        if (r.format === "date-time") return new Date().toISOString();
        if (r.format === "date") return new Date().toISOString().slice(0, 10);
        if (r.format === "uri") return "https://example.com/sweep";
        if (r.pattern) {
          const sample = PATTERN_SAMPLES[r.pattern] ?? (opts.lenient ? () => "Sweep" : undefined);
          if (!sample) throw new Error(`${op.operationId}: no sample for ${at} pattern ${r.pattern}`);
          return sample();
        }
        const text = `Sweep ${next()}`;
        return r.maxLength ? text.slice(0, r.maxLength) : text;
      };

      /** A value for a schema; `undefined` leaves an optional field out. */
      const gen = (name: string, s: Schema, at: string, required: boolean, depth = 0): unknown => {
        const r = resolve(s);
        if (!r || depth > 6) return undefined;
        if (isIdLike(name, r) && !(r.type === "object" || r.properties)) {
          const v = idValue(name, at);
          return r.type === "array" ? [v] : v;
        }
        const choice = r.oneOf ?? r.anyOf;
        if (choice) {
          const pick = choice[Math.min(variant?.branch ?? 0, choice.length - 1)];
          return gen(
            name,
            { ...r, oneOf: undefined, anyOf: undefined, ...resolve(pick) },
            at,
            required,
            depth,
          );
        }
        const type = Array.isArray(r.type) ? r.type.find((t: string) => t !== "null") : r.type;
        if (type === "object" || r.properties) {
          if (!required && !containsId(r)) return undefined;
          const obj: Record<string, unknown> = {};
          const req = new Set<string>(r.required ?? []);
          const fill = (k: string, v: Schema, force: boolean) => {
            if (k in obj) return;
            const value = gen(k, v, `${at}.${k}`, force || req.has(k) || ALWAYS.has(k), depth + 1);
            if (value !== undefined) obj[k] = value;
          };
          for (const [k, v] of Object.entries<Schema>(r.properties ?? {})) {
            if (req.has(k) || ALWAYS.has(k) || isIdLike(k, v) || containsId(v)) fill(k, v, req.has(k));
          }
          applySets(obj, at);
          // if/then of allOf: fields a condition on the generated values requires
          for (const part of r.allOf ?? []) {
            const cond = resolve(part.if);
            if (!cond || !matches(obj, cond)) continue;
            const then = resolve(part.then) ?? {};
            const branch = then.anyOf?.[0] ?? then.oneOf?.[0] ?? then;
            for (const k of resolve(branch)?.required ?? []) {
              fill(k, resolve(branch)?.properties?.[k] ?? r.properties?.[k] ?? { type: "string" }, true);
            }
          }
          return obj;
        }
        if (type === "array") {
          if (!required && !r.minItems) return undefined;
          const v = gen(name, r.items ?? { type: "string" }, `${at}[]`, true, depth + 1);
          return v === undefined ? [] : Array.isArray(v) && !resolve(r.items)?.type ? v : [v];
        }
        if (!required) return undefined;
        return scalar(name, r, at);
      };

      /** Values the variant sets under `at` (e.g. "body.type" for at "body"). */
      const applySets = (obj: Record<string, unknown>, at: string) => {
        for (const [path, value] of Object.entries(variant?.set ?? {})) {
          const parent = path.split(".").slice(0, -1).join(".");
          if (parent !== at) continue;
          const key = path.split(".").pop()!;
          if (value === OMIT) delete obj[key];
          else obj[key] = value;
        }
      };

      let url = op.path;
      const query = new URLSearchParams();
      for (const raw of [...(o.parameters ?? []), ...(item.parameters ?? [])]) {
        const p = resolve(raw);
        if (p.in === "path") {
          const set = variant?.set?.[`path.${p.name}`];
          const v =
            set ??
            (isIdLike(p.name, p.schema)
              ? idValue(p.name, `path.${p.name}`)
              : scalar(p.name, p.schema, `path.${p.name}`));
          url = url.replace(`{${p.name}}`, encodeURIComponent(String(v)));
        } else if (p.in === "query") {
          const set = variant?.set?.[`query.${p.name}`];
          if (set === OMIT) continue;
          if (set !== undefined) query.set(p.name, String(set));
          else if (isIdLike(p.name, p.schema)) query.set(p.name, idValue(p.name, `query.${p.name}`));
          else if (p.required) query.set(p.name, String(scalar(p.name, p.schema, `query.${p.name}`)));
        }
      }
      const qs = query.toString();
      const built: BuiltRequest = {
        method: op.method,
        url: `/api${url}${qs ? `?${qs}` : ""}`,
        headers: {},
        ids,
      };
      const content = resolve(o.requestBody)?.content ?? {};
      if (content["application/json"]) {
        const schema = resolve(content["application/json"].schema);
        built.payload = gen("body", schema, "body", true) as object;
        if (Array.isArray(built.payload) && built.payload.length === 0) built.payload = [{}];
      } else if (content["multipart/form-data"]) {
        const schema = resolve(content["multipart/form-data"].schema) ?? {};
        const fields: Record<string, string> = {};
        let file: { field: string; name: string; type: string; data: Buffer | string } | undefined;
        for (const [k, v] of Object.entries<Schema>(schema.properties ?? {})) {
          const r = resolve(v) ?? {};
          if (k === "file" || r.format === "binary" || r.contentMediaType) {
            file = { field: k, name: "sweep.csv", type: "text/csv", data: recipientsCsv() };
          } else if (isIdLike(k, r)) fields[k] = idValue(k, `form.${k}`);
          else if ((schema.required ?? []).includes(k)) fields[k] = String(scalar(k, r, `form.${k}`));
        }
        const form = multipart(fields, file);
        built.payload = form.payload;
        built.headers["content-type"] = form.contentType;
      }
      return built;
    },
  };
}

/** Whether generated values satisfy an `if` schema of simple `const`/`enum` conditions and `required`. */
function matches(obj: Record<string, unknown>, cond: Schema): boolean {
  for (const k of cond.required ?? []) if (!(k in obj)) return false;
  for (const [k, v] of Object.entries<Schema>(cond.properties ?? {})) {
    if (!(k in obj)) continue;
    if (v.const !== undefined && obj[k] !== v.const) return false;
    if (Array.isArray(v.enum) && !v.enum.includes(obj[k])) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------------------
// Answers

/** The text of an answer, spreadsheets included (their cells), for the search for another company's data. */
export async function answerText(res: LightMyRequestResponse): Promise<string> {
  const type = String(res.headers["content-type"] ?? "");
  if (type.includes("spreadsheetml") && res.statusCode < 300) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    for (const ws of wb.worksheets) ws.eachRow((row) => cells.push(JSON.stringify(row.values)));
    return `${JSON.stringify(res.headers)}\n${cells.join("\n")}`;
  }
  return `${JSON.stringify(res.headers)}\n${res.body}`;
}

/** The secrets of `world` found in `text`, leaving out those the request itself carried. */
export function leaked(text: string, secrets: string[], sent: string): string[] {
  const lower = text.toLowerCase();
  const sentLower = sent.toLowerCase();
  return secrets.filter((s) => lower.includes(s.toLowerCase()) && !sentLower.includes(s.toLowerCase()));
}

// ---------------------------------------------------------------------------------------------------------
// Fingerprints and cross-company links

/** Tables of the platform's own people, which company rows may point at (who answered a request). */
const PLATFORM_TABLES = new Set(["operators", "operator_sessions"]);

interface Catalog {
  fingerprintSql: string;
  crossLinkSql: string;
}

/**
 * Built from the database's catalogue, so a new table is covered the day it is added: every table with a
 * `company_id` (that company's rows: sender IDs, top-up requests, prices, status, inbound number owners, its
 * audit entries...), the company's own row, every other table's rows that point (by a foreign key) at one of the
 * company's rows, and the rows the company's rows point at in tables without `company_id` (its inbound numbers).
 */
export async function catalog(app: FastifyInstance): Promise<Catalog> {
  const { database } = app.deps;
  const tables = await database.query<{ table_name: string; cols: string[]; types: string[] }>(
    `select table_name::text, array_agg(column_name::text order by ordinal_position) as cols,
            array_agg(data_type::text order by ordinal_position) as types
       from information_schema.columns where table_schema = 'public' group by 1 order by 1`,
  );
  const fks = await database.query<{ tbl: string; ref: string; cols: string[]; refcols: string[] }>(
    `select cl.relname::text as tbl, rf.relname::text as ref,
            array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
                    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as cols,
            array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
                    join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as refcols
       from pg_constraint c join pg_class cl on cl.oid = c.conrelid join pg_class rf on rf.oid = c.confrelid
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace
      order by 1, 2`,
  );
  const cols = new Map(tables.map((t) => [t.table_name, t.cols]));
  const typeOf = (t: string, c: string) => {
    const i = cols.get(t)?.indexOf(c) ?? -1;
    return i < 0 ? undefined : tables.find((x) => x.table_name === t)!.types[i];
  };
  const scoped = (t: string) => cols.get(t)?.includes("company_id") ?? false;
  const q = (s: string) => `"${s.replaceAll('"', '""')}"`;
  const hash = (t: string, where: string) =>
    `select '${t}'::text as t, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${q(t)} x where ${where}`;

  const parts: string[] = [hash("companies", "x.id = $1")];
  for (const { table_name: t } of tables) {
    if (t === "companies") continue;
    if (scoped(t)) {
      parts.push(hash(t, "x.company_id = $1"));
      continue;
    }
    const refs = fks
      .filter((f) => f.tbl === t && f.cols.length === 1 && (scoped(f.ref) || f.ref === "companies"))
      .map((f) =>
        f.ref === "companies"
          ? `x.${q(f.cols[0]!)} = $1`
          : `exists (select 1 from ${q(f.ref)} r where r.${q(f.refcols[0]!)} = x.${q(f.cols[0]!)} and r.company_id = $1)`,
      );
    // and the rows the company's rows point at (an inbound number its owner row names), except the operators
    // who answered it: they are the platform's, not the company's
    if (!PLATFORM_TABLES.has(t)) {
      for (const f of fks) {
        if (f.ref !== t || f.cols.length !== 1 || !scoped(f.tbl)) continue;
        refs.push(
          `exists (select 1 from ${q(f.tbl)} r where r.${q(f.cols[0]!)} = x.${q(f.refcols[0]!)} and r.company_id = $1)`,
        );
      }
    }
    if (refs.length > 0) parts.push(hash(t, refs.join(" or ")));
  }

  // References between two companies' rows: by foreign key, and by the id columns that carry none.
  type Ref = { tbl: string; col: string; ref: string; refcol: string };
  const refs: Ref[] = fks
    .filter((f) => f.cols.length === 1 && f.cols[0] !== "company_id")
    .map((f) => ({ tbl: f.tbl, col: f.cols[0]!, ref: f.ref, refcol: f.refcols[0]! }));
  const extra: Ref[] = [
    { tbl: "sms_messages", col: "campaign_id", ref: "campaigns", refcol: "id" },
    { tbl: "sms_messages", col: "channel_id", ref: "channels", refcol: "id" },
    { tbl: "sms_messages", col: "reservation_id", ref: "credit_reservations", refcol: "id" },
    { tbl: "sms_sends", col: "campaign_id", ref: "campaigns", refcol: "id" },
    { tbl: "broadcasts", col: "reservation_id", ref: "credit_reservations", refcol: "id" },
    { tbl: "broadcast_recipients", col: "subscriber_id", ref: "subscribers", refcol: "id" },
    { tbl: "broadcast_recipients", col: "chat_message_id", ref: "chat_messages", refcol: "id" },
    { tbl: "sms_inbox", col: "keyword_id", ref: "keywords", refcol: "id" },
    { tbl: "ledger_entries", col: "reservation_id", ref: "credit_reservations", refcol: "id" },
    { tbl: "payments", col: "ledger_transaction_id", ref: "ledger_transactions", refcol: "id" },
    { tbl: "contact_imports", col: "group_ids", ref: "contact_groups", refcol: "id" },
    { tbl: "topup_requests", col: "ledger_transaction_id", ref: "ledger_transactions", refcol: "id" },
  ];
  for (const e of extra) {
    if (!typeOf(e.tbl, e.col) || !typeOf(e.ref, e.refcol)) continue;
    if (refs.some((r) => r.tbl === e.tbl && r.col === e.col)) continue;
    refs.push(e);
  }
  const companyOf = (t: string, alias: string) => (t === "companies" ? `${alias}.id` : `${alias}.company_id`);
  const on = (r: Ref, alias: string) => {
    const type = typeOf(r.tbl, r.col);
    if (type === "jsonb") return `c.${q(r.col)} ? ${alias}.${q(r.refcol)}::text`;
    if (type === "ARRAY") return `${alias}.${q(r.refcol)} = any(c.${q(r.col)})`;
    return `${alias}.${q(r.refcol)} = c.${q(r.col)}`;
  };
  const links: string[] = [];
  for (const r of refs) {
    if (!(scoped(r.ref) || r.ref === "companies")) continue;
    if (scoped(r.tbl)) {
      links.push(
        `select '${r.tbl}.${r.col} -> ${r.ref}'::text as link, count(*)::int as n from ${q(r.tbl)} c join ${q(r.ref)} p on ${on(r, "p")} where ${companyOf(r.ref, "p")} <> c.company_id`,
      );
    }
  }
  // Tables without company_id that join two company rows (user_departments, group_members, ...)
  for (const { table_name: t } of tables) {
    if (scoped(t) || t === "companies") continue;
    const mine = refs.filter((r) => r.tbl === t && (scoped(r.ref) || r.ref === "companies"));
    for (let i = 0; i < mine.length; i++) {
      for (let j = i + 1; j < mine.length; j++) {
        const a = mine[i]!;
        const b = mine[j]!;
        links.push(
          `select '${t}.${a.col} / ${t}.${b.col}'::text as link, count(*)::int as n from ${q(t)} c join ${q(a.ref)} p1 on ${on(a, "p1")} join ${q(b.ref)} p2 on ${on(b, "p2")} where ${companyOf(a.ref, "p1")} <> ${companyOf(b.ref, "p2")}`,
        );
      }
    }
  }
  return { fingerprintSql: parts.join("\nunion all\n"), crossLinkSql: links.join("\nunion all\n") };
}

export type Fingerprint = Map<string, string>;

export async function fingerprint(
  app: FastifyInstance,
  cat: Catalog,
  companyId: string,
): Promise<Fingerprint> {
  const rows = await app.deps.database.query<{ t: string; n: number; h: string }>(cat.fingerprintSql, [
    companyId,
  ]);
  return new Map(rows.map((r) => [r.t, `${r.n}:${r.h}`]));
}

/** Tables whose rows of the company differ between two fingerprints. */
export function changed(before: Fingerprint, after: Fingerprint): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((t) => before.get(t) !== after.get(t));
}

/** Rows that link one company's row to another company's (should be none, ever). */
export async function crossLinks(app: FastifyInstance, cat: Catalog): Promise<string[]> {
  if (!cat.crossLinkSql) return [];
  const rows = await app.deps.database.query<{ link: string; n: number }>(cat.crossLinkSql);
  return rows.filter((r) => Number(r.n) > 0).map((r) => `${r.link}: ${r.n}`);
}

// ---------------------------------------------------------------------------------------------------------
// The seeded companies

export type Role = "owner" | "admin" | "supervisor" | "agent";
export const ROLES: Role[] = ["owner", "admin", "supervisor", "agent"];

export interface World {
  label: string;
  /** Unique text in the names of the company's rows. */
  tag: string;
  companyId: string;
  /**
   * The company's users by role ("admin" is the admin who is not the owner; every lower role is in the
   * channel's department); `target` is an agent acted on; `outsider` an agent of another department only.
   */
  users: Record<Role | "target" | "outsider", TestUser>;
  ids: Record<Kind, string>;
  /** Names and texts of the company's rows (none of them may appear in another company's answers). */
  names: string[];
  /** Rows and texts of the owner's own SMS that a lower role may not see. */
  hiddenFromMembers: string[];
  /** The channel's room, messages and names: not for users outside the channel's departments. */
  hiddenFromOutsiders: string[];
  /** The secret of its sandbox channel's webhook. */
  channelSecret: string;
  /** The secret its chatbot signs replies with. */
  botSecret: string;
  /** Its sandbox checkout (a pending purchase). */
  paymentId: string;
}

type Who = { token: string };

async function call(
  app: FastifyInstance,
  who: Who | undefined,
  method: string,
  url: string,
  payload?: object | Multipart,
  expected: number[] = [200, 201, 202],
) {
  const isForm = payload && "contentType" in payload && Buffer.isBuffer((payload as Multipart).payload);
  const res = await app.inject({
    method: method as "GET",
    url: `/api${url}`,
    headers: {
      ...(who ? auth(who) : {}),
      ...(isForm ? { "content-type": (payload as Multipart).contentType } : {}),
    },
    ...(payload ? { payload: isForm ? (payload as Multipart).payload : (payload as object) } : {}),
  });
  if (!expected.includes(res.statusCode))
    throw new Error(`seed: ${method} ${url} answered ${res.statusCode}: ${res.body}`);
  // biome-ignore lint/suspicious/noExplicitAny: seed answers of many shapes
  return (res.body ? res.json() : {}) as any;
}

/**
 * A company with one of everything a call can name, made through the API as its admins and users would, and as
 * the operator answers them (sender IDs approved, a number assigned); rows are written directly only for what the
 * API cannot do: the users of the harness, names, memberships.
 */
export async function seedWorld(
  app: FastifyInstance,
  label: string,
  operator: { token: string },
): Promise<World> {
  const { database } = app.deps;
  const q = <T>(text: string, params: unknown[] = []) => database.query<T>(text, params);
  const tag = `Sweep${label}${randomUUID().slice(0, 6)}`;
  const company = await createCompany(app, { creditCents: 10_000_000 });
  const companyId = company.id;
  await q("update companies set name = $2 where id = $1", [companyId, `${tag} Company`]);
  const owner = company.owner;
  // the operator's console: the company suspended for a moment and resumed (its status row; the owner signs in
  // again, suspension ended its session), and a price of its own
  const asOperator = { token: operator.token };
  const atConsole = (method: string, path: string, payload: object) =>
    call(app, asOperator, method, `/operator/companies/${companyId}${path}`, payload);
  await atConsole("POST", "/suspend", { reason: `${tag} suspended for a moment` });
  await atConsole("POST", "/resume", { reason: `${tag} resumed` });
  Object.assign(owner, await signIn(app, owner.id, companyId, "admin"));
  await atConsole("PUT", "/prices", { prices: [{ channel: "sms", priceCents: 4 }] });
  const [admin, supervisor, agent, target, outsider] = await Promise.all([
    createUser(app, companyId, { role: "admin" }),
    createUser(app, companyId, { role: "supervisor" }),
    createUser(app, companyId, { role: "agent" }),
    createUser(app, companyId, { role: "agent" }),
    createUser(app, companyId, { role: "agent" }),
  ]);
  const users = {
    owner,
    admin: admin!,
    supervisor: supervisor!,
    agent: agent!,
    target: target!,
    outsider: outsider!,
  };
  for (const [role, u] of Object.entries(users)) {
    await q("update users set first_name = $2, last_name = $3 where id = $1", [u.id, tag, `${role}${label}`]);
  }
  const ids = { company: companyId } as Record<Kind, string>;
  const names = [`${tag} Company`, `${tag} suspended for a moment`, `${tag} resumed`];
  const post = (url: string, payload?: object | Multipart, who: Who = owner, expected?: number[]) =>
    call(app, who, "POST", url, payload, expected);

  // departments: the channel's (every lower role is in it) and another
  const sales = await post("/addDept", { name: `${tag} Sales`, desc: `${tag} desk` });
  const support = await post("/addDept", { name: `${tag} Support` });
  ids.department = sales.id;
  ids.departmentName = `${tag} Sales`;
  names.push(`${tag} Sales`, `${tag} Support`, `${tag} desk`);
  for (const u of [admin!, supervisor!, agent!, target!]) await joinDepartment(app, u.id, sales.id);
  await joinDepartment(app, owner.id, support.id);
  await joinDepartment(app, outsider!.id, support.id);
  ids.user = target!.id;

  // credit for the owner's sends, moved from the corporate balance
  await post("/editUserCredit", { id: owner.id, amount: 500, action: "add" });
  await post("/editUserCredit", { id: target!.id, amount: 5, action: "add" });

  // keyword, subscription list, an unused list upload
  const keyword = `${tag.toUpperCase()}KW`;
  ids.keyword = (await post("/addKeyword", { keyword, type: "sub", autoReplyStatus: "disable" })).id;
  ids.keywordText = keyword;
  names.push(keyword);
  const listed = uniqueMobile();
  ids.listedNumber = listed;
  await post("/addMobileSub", { insertType: "manual", mobile: [listed], type: "sub" });
  ids.mobileSub = await eventually(async () => {
    const [r] = await q<{ id: string }>("select id from mobile_subscriptions where company_id = $1", [
      companyId,
    ]);
    return r?.id;
  });
  ids.mobileUpload = (
    await post(
      "/uploadMobileList",
      multipart({}, { name: "list.csv", type: "text/csv", data: `mobile\n${uniqueMobile()}\n` }),
    )
  ).fileId;

  // contact in a group, campaign, SMS template, contact import with an issue
  const contactName = `${tag} Contact`;
  ids.contactNumber = uniqueMobile();
  ids.contact = (
    await post("/addContact", {
      contactName,
      contactNumber: ids.contactNumber,
      email: `${tag.toLowerCase()}@example.com`,
    })
  ).id;
  ids.groupName = `${tag} Group`;
  ids.group = (await post("/addGroup", { name: ids.groupName })).id;
  await post("/addMembers", { selectedRows: [ids.contact], selectedGroup: [ids.group] });
  ids.campaignName = `${tag} Campaign`;
  ids.campaign = (await post("/addCampaign", { name: ids.campaignName })).id;
  ids.templateName = `${tag} Template`;
  ids.smsTemplate = (
    await post("/sms/templates", { name: ids.templateName, content: `${tag} template text` })
  ).id;
  names.push(contactName, `${tag} Group`, `${tag} Campaign`, `${tag} Template`, `${tag} template text`);
  const imported = await post(
    "/addContacts",
    multipart(
      {},
      {
        name: "contacts.csv",
        type: "text/csv",
        data: `mobile,name\n${uniqueMobile()},${tag} Imported\n12ab,${tag} Bad\n`,
      },
    ),
    owner,
    [200, 202, 409],
  );
  ids.contactImport = imported.importId ?? imported.id;
  names.push(`${tag} Imported`, `${tag} Bad`);

  // a sandbox WhatsApp channel of the first department, a subscriber who wrote in, a file sent back
  const channel = await connectSandbox(app, owner, {
    channelType: "WHATSAPP",
    name: `${tag} Channel`,
    departmentIds: [sales.id],
  });
  ids.channel = channel.id;
  ids.channelName = `${tag} Channel`;
  names.push(`${tag} Channel`);
  const [stored] = await q<{ credentials: string | null }>("select credentials from channels where id = $1", [
    channel.id,
  ]);
  const channelSecret =
    decryptCredentials(app.deps.config.channelKey, channel.id, stored!.credentials).webhookSecret ?? "";
  ids.connectToken = tokenOf(
    (await post("/social-chat/channel/connect-channel", { channelType: "TELEGRAM" })).link,
  );
  const inbound = await call(app, undefined, "POST", `/sandbox/channels/${channel.id}/inbound`, {
    subscriberName: `${tag} Subscriber`,
    platformId: `${tag}-p1`,
    text: `${tag} hello`,
  });
  ids.room = inbound.subscriberId;
  ids.chatMessage = inbound.messageId;
  names.push(`${tag} Subscriber`, `${tag} hello`);
  ids.attachment = (
    await post(
      "/social-chat/attachment/upload",
      multipart({}, { name: `${tag}.png`, type: "image/png", data: PNG }),
    )
  ).attachmentId;
  await post(
    `/social-chat/chat/room/${ids.room}/send-files`,
    multipart({}, { name: `${tag}-sent.png`, type: "image/png", data: PNG }),
  );
  names.push(`${tag}.png`, `${tag}-sent.png`);

  // a live broadcast to the subscriber
  const broadcastName = `${tag} Broadcast`;
  ids.broadcast = (
    await post("/social-chat/broadcast/send", {
      type: "live",
      broadcastName,
      broadcastDescription: `${tag} broadcast description`,
      method: "contacts",
      subscribers: [ids.room],
      text: `${tag} broadcast text`,
      channelId: channel.id,
      campaignId: ids.campaign,
    })
  ).broadcastId;
  ids.broadcastName = broadcastName;
  names.push(broadcastName, `${tag} broadcast description`, `${tag} broadcast text`);

  // the room is the target agent's from now on (lower roles are not its assignee)
  await post("/social-chat/chat/assign-agent", { subscriberId: ids.room, agentId: target!.id });

  // SMS: one sent, one scheduled, a recipients file, and one received on the owner's sender ID
  const sent = await post("/sms/send", {
    channel: "SMS",
    recipients: { numbers: [uniqueMobile()] },
    text: `${tag} outbox`,
  });
  const date = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const later = await post("/sms/send", {
    channel: "SMS",
    recipients: { numbers: [uniqueMobile()] },
    text: `${tag} scheduled`,
    frequency: "once",
    date,
    time: "10:00",
  });
  const rowOf = async (sendId: string) =>
    (
      await q<{ id: string }>("select id from sms_messages where send_id = $1 order by id limit 1", [sendId])
    )[0]!.id;
  ids.outboxSms = await rowOf(sent.id ?? sent.sendId);
  ids.scheduledSms = await rowOf(later.id ?? later.sendId);
  ids.smsFile = (
    await post(
      "/sms/recipients-file",
      multipart(
        {},
        { name: "r.csv", type: "text/csv", data: `mobile,name\n${uniqueMobile()},${tag} Recipient\n` },
      ),
    )
  ).fileId;
  names.push(`${tag} outbox`, `${tag} scheduled`, `${tag} Recipient`);
  // the sender ID registry: the admin asks for an ID, a number, and one more the operator has not answered; the
  // operator approves the first two and assigns the number to the company as its inbound number; the owner sends
  // from both, and an SMS comes back to the number (the owner's: the number is among its sender IDs)
  const senderId = `S${label}${randomUUID().replaceAll("-", "").slice(0, 8)}`.slice(0, 11);
  const number = uniqueMobile();
  const requested = `R${label}${randomUUID().replaceAll("-", "").slice(0, 8)}`.slice(0, 11);
  const asked = async (id: string) =>
    (await post("/requestSenderId", { senderId: id, purpose: `${tag} purpose of ${id}` })).id as string;
  ids.senderIdRecord = await asked(senderId);
  const numberRecord = await asked(number);
  ids.senderIdRequest = await asked(requested);
  for (const id of [ids.senderIdRecord, numberRecord])
    await post(`/operator/sender-ids/${id}/approve`, { ssirRegistered: true }, asOperator);
  ids.inboundNumber = (
    await post(
      "/operator/numbers",
      { number, kind: "long", shared: false, owners: [{ companyId }] },
      asOperator,
    )
  ).id;
  await post("/editSenderId", { id: owner.id, senderIds: [senderId, number], isAllowSID: 1 });
  ids.senderId = senderId;
  ids.requestedSenderId = requested;
  ids.ownedNumber = number;
  const mo = JSON.stringify({
    eventId: `mo-${randomUUID()}`,
    from: uniqueMobile(),
    to: number,
    text: `${tag} inbound`,
  });
  const moRes = await app.inject({
    method: "POST",
    url: "/api/webhooks/sms/sandbox/inbound",
    headers: {
      "content-type": "application/json",
      "x-herald-signature": signSmsBody(mo, SMS_WEBHOOK_SECRET),
    },
    payload: mo,
  });
  if (moRes.statusCode !== 200)
    throw new Error(`seed: inbound SMS answered ${moRes.statusCode}: ${moRes.body}`);
  ids.inboxSms = (
    await q<{ id: string }>("select id from sms_inbox where company_id = $1", [companyId])
  )[0]!.id;
  names.push(`${tag} inbound`, senderId, number, requested, `${tag} purpose of`);

  // a notification (an agent's top-up request to the admins), bot forwarding with a secret, a checkout
  await post("/topupReq", { topUpType: 2 }, agent!);
  ids.notification = (
    await q<{ id: string }>("select id from notifications where company_id = $1 and user_id = $2", [
      companyId,
      owner.id,
    ])
  )[0]!.id;
  const botSecret = `bot-secret-${randomUUID()}`;
  await post("/updateForwardingStatus", {
    currentUserId: owner.id,
    forwardToBot: true,
    webhookSecret: botSecret,
  });
  await post("/checkout", { amount: 500 });
  // a corporate top-up request to the operator (left open)
  await post("/topupReq", { topUpType: 1, amount: 250, note: `${tag} top-up note` });
  ids.topupRequest = (
    await q<{ id: string }>("select id::text as id from topup_requests where company_id = $1", [companyId])
  )[0]!.id;
  names.push(`${tag} top-up note`);
  const paymentId = (
    await q<{ id: string }>("select id from payments where company_id = $1", [companyId])
  )[0]!.id;

  // background work of the seed done: the SMS delivered, the broadcast and the file sent
  await eventually(
    async () =>
      (
        await q<{ n: number }>(
          `select count(*)::int as n from sms_messages where id = $1 and status = 'delivered'`,
          [ids.outboxSms],
        )
      )[0]!.n === 1,
    30_000,
  );
  await eventually(
    async () =>
      (
        await q<{ n: number }>(
          `select count(*)::int as n from broadcasts where id = $1 and status not in ('queued', 'sending', 'received', 'processing')`,
          [ids.broadcast],
        )
      )[0]!.n === 1,
    30_000,
  );
  await eventually(
    async () =>
      (
        await q<{ n: number }>(
          `select count(*)::int as n from chat_messages where company_id = $1 and type = 'outbox' and message_status = 'no'`,
          [companyId],
        )
      )[0]!.n === 0,
    30_000,
  );

  for (const [kind, id] of Object.entries(ids))
    if (typeof id !== "string" || !id) throw new Error(`seed: no ${kind} for ${label}`);
  return {
    label,
    tag,
    companyId,
    users,
    ids,
    names,
    hiddenFromOutsiders: [
      ids.room,
      ids.channel,
      ids.chatMessage,
      `${tag} Subscriber`,
      `${tag} hello`,
      `${tag} Channel`,
    ],
    hiddenFromMembers: [
      ids.outboxSms,
      ids.scheduledSms,
      ids.inboxSms,
      `${tag} outbox`,
      `${tag} scheduled`,
      `${tag} inbound`,
    ],
    channelSecret,
    botSecret,
    paymentId,
  };
}

/** Every id of the company's rows (any uuid column named id of a table with company_id), and its names. */
export async function secretsOf(app: FastifyInstance, world: World): Promise<string[]> {
  const tables = await app.deps.database.query<{ table_name: string }>(
    `select c.table_name::text from information_schema.columns c
      where c.table_schema = 'public' and c.column_name = 'company_id'
        and exists (select 1 from information_schema.columns i
                     where i.table_schema = 'public' and i.table_name = c.table_name and i.column_name = 'id')`,
  );
  const ids = new Set<string>([world.companyId, ...Object.values(world.ids)]);
  for (const { table_name } of tables) {
    const rows = await app.deps.database.query<{ id: string }>(
      `select id::text as id from "${table_name}" where company_id = $1`,
      [world.companyId],
    );
    for (const r of rows) ids.add(r.id);
  }
  for (const u of Object.values(world.users)) ids.add(u.id);
  return [...ids, ...world.names];
}

/** Waits until the company's rows stop changing (background work of the seed finished). */
export async function settle(app: FastifyInstance, cat: Catalog, companyId: string) {
  let last = JSON.stringify([...(await fingerprint(app, cat, companyId))]);
  const start = Date.now();
  for (;;) {
    await new Promise((r) => setTimeout(r, 400));
    const now = JSON.stringify([...(await fingerprint(app, cat, companyId))]);
    if (now === last) return;
    if (Date.now() - start > 20_000) expect.fail("the seeded company's rows keep changing");
    last = now;
  }
}
