/**
 * Raw-statement helpers shared by every area: the rows of a `db.execute` on either driver (node-postgres answers
 * `{ rows }`, PGlite's drizzle driver the same; older shapes an array), the unique-violation test, and a Postgres
 * text-array literal.
 */
import type { SQL } from "drizzle-orm";
import type { DbOrTx } from "./client";

/** Rows of a raw statement on either driver. */
export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** Rows of an already executed raw statement. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/** Whether the error (or its cause) is a unique-constraint violation (23505). */
export const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};

/** A Postgres array literal of text values (quoted), for `= any(...::text[])`. */
export function pgArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(",")}}`;
}
