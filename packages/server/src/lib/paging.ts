/**
 * Server-side paging of the admin lists (`page`, `pageSize`, `search`, `sort`, `order` query parameters of
 * openapi.yaml). One query per list page: rows and the matching total come back together
 * (`count(*) over ()`), so a page costs one round trip whatever its size.
 */
/** The answer to a keyset cursor that is not one of ours (contacts, registry, reports lists). */
export const INVALID_CURSOR = "Invalid cursor";

export interface PageQuery {
  page?: number;
  pageSize?: number;
  search?: string;
  sort?: string;
  order?: "asc" | "desc";
}

export interface PageWindow {
  limit: number;
  offset: number;
}

export function pageWindow(q: PageQuery, defaultSize = 100): PageWindow {
  const limit = Math.min(Math.max(q.pageSize ?? defaultSize, 1), 5000);
  const page = Math.max(q.page ?? 1, 1);
  return { limit, offset: (page - 1) * limit };
}

/** A LIKE pattern matching `text` anywhere, with %, _ and \ taken literally; undefined for blank text. */
export function containsPattern(text: string | undefined): string | undefined {
  const t = text?.trim();
  if (!t) return undefined;
  return `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The SQL direction of `order`, or the list's default. */
export const direction = (order: PageQuery["order"], fallback: "asc" | "desc") =>
  (order ?? fallback) === "asc" ? "asc" : "desc";

// ---- Keyset paging (contacts and groups) ----

/** Position after the last row of a page ordered by (created_at desc, id desc). */
export interface KeysetPosition {
  /** created_at as PostgreSQL prints it (microseconds kept), passed back as `::timestamptz`. */
  at: string;
  id: string;
}

const TIMESTAMP_TEXT =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-](\d{2})(:?(\d{2}))?)$/;

/** A timestamp text PostgreSQL accepts: a day that exists, a time of day, an offset of at most 15 hours. */
function realTimestamp(text: string): boolean {
  const m = TIMESTAMP_TEXT.exec(text);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as number[];
  const day = new Date(Date.UTC(y!, mo! - 1, d!));
  const realDay = day.getUTCFullYear() === y && day.getUTCMonth() === mo! - 1 && day.getUTCDate() === d;
  const offsetOk = m[8] === "Z" || (Number(m[9]) <= 15 && Number(m[11] ?? 0) < 60);
  return realDay && y! >= 1970 && h! <= 23 && mi! <= 59 && s! <= 59 && offsetOk;
}
const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The opaque `nextCursor` of a keyset page. */
export function encodeCursor(p: KeysetPosition): string {
  return Buffer.from(`${p.at}|${p.id}`, "utf8").toString("base64url");
}

/**
 * The position a `cursor` stands for; null when it is not one this server made (also a well-formed text naming a
 * day or time that does not exist, which PostgreSQL would refuse with an error).
 */
export function decodeCursor(cursor: string | undefined): KeysetPosition | null {
  if (!cursor || cursor.length > 200) return null;
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const bar = text.lastIndexOf("|");
  const at = text.slice(0, bar);
  const id = text.slice(bar + 1);
  if (bar < 0 || !realTimestamp(at) || !UUID_TEXT.test(id)) return null;
  return { at, id };
}

/** Totals are counted up to this many matching rows; beyond it `totalExact` is false. */
export const TOTAL_CAP = 10_000;
