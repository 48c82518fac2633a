import type { ApiClient, Schema } from "@herald/api-client";
import { CliError } from "../../errors";
import { call } from "../../session";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s.trim());

/**
 * A contact by id, or by mobile number (digits; `+`, spaces, `-` and brackets ignored): the contact whose number
 * is exactly those digits, else the only one whose number ends with them (a national number).
 */
export async function findContact(url: string, client: ApiClient, ref: string): Promise<Schema<"Contact">> {
  const text = ref.trim();
  if (isUuid(text)) return call(url, () => client.POST("/getContact", { body: { id: text } }));
  const digits = text.replace(/[\s+\-()]/g, "");
  if (!/^\d{4,15}$/.test(digits)) throw new CliError(`Not a contact id or mobile number: ${ref}`, 2);
  const page = await call(url, () =>
    client.GET("/contacts", { params: { query: { search: digits, limit: 100 } } }),
  );
  const exact = page.data.find((c) => c.mobile === digits);
  const ending = page.data.filter((c) => c.mobile.endsWith(digits));
  const hit = exact ?? (ending.length === 1 ? ending[0] : undefined);
  if (!hit) {
    if (ending.length > 1)
      throw new CliError(`${ref} matches ${ending.length} contacts: give the full number or the id`);
    throw new CliError(`No contact with the number ${ref}`);
  }
  return call(url, () => client.POST("/getContact", { body: { id: hit.id } }));
}

/** Contact ids for ids or mobile numbers (ids are kept as given, the server checks them). */
export async function contactIds(url: string, client: ApiClient, refs: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const ref of refs) ids.push(isUuid(ref) ? ref.trim() : (await findContact(url, client, ref)).id);
  return [...new Set(ids)];
}

/** A group by its name (case and surrounding spaces ignored), as the server keeps names unique. */
export async function findGroup(url: string, client: ApiClient, name: string): Promise<Schema<"Group">> {
  const wanted = name.trim().toLowerCase();
  if (!wanted) throw new CliError("A group name is required", 2);
  let cursor: string | undefined;
  for (;;) {
    const page = await call(url, () =>
      client.GET("/groups", {
        params: { query: { search: name.trim().slice(0, 100), limit: 1000, ...(cursor ? { cursor } : {}) } },
      }),
    );
    const hit = page.data.find((g) => g.name.trim().toLowerCase() === wanted);
    if (hit) return hit;
    if (!page.nextCursor) throw new CliError(`No group named ${name.trim()}`);
    cursor = page.nextCursor;
  }
}

/** Splits comma- or line-separated lists (of --contacts, or a file's lines) into their trimmed items. */
export function splitList(values: string | string[] | undefined): string[] {
  const all = Array.isArray(values) ? values : values ? [values] : [];
  return all
    .flatMap((v) => v.split(/[,\r\n]+/))
    .map((v) => v.trim())
    .filter(Boolean);
}

/** Sends ids in slices the contract accepts (at most 5,000 per call). */
export function slices<T>(items: T[], size = 5000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
