/**
 * Server-side paging of the admin lists (`page`, `pageSize`, `search`, `sort`, `order` query parameters of
 * openapi.yaml). One query per list page: rows and the matching total come back together
 * (`count(*) over ()`), so a page costs one round trip whatever its size.
 */
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
