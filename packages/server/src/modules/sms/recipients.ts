/**
 * Recipients of a compose draft: typed numbers (or addresses), contacts, groups' members and the rows of a
 * recipients file, normalised (SMS: E.164 digits without '+', region SG for national numbers; Email: a valid
 * address, lower-cased), deduplicated when asked, and numbers on the company's unsubscribe list skipped.
 *
 * Placeholders: `{name}`, `{mobile}` / `{email}`, the contact's attributes and a `Contacts & Variables` file's
 * columns by their header, matched without case; `{name|there}` gives a fallback for recipients without a value
 * (the rules are @herald/domain's `renderMessage`, shared by every send).
 */

import type { components } from "@herald/api-client/schema";
import { countSms, DEFAULT_COMPANY_COUNTRY, isValidEmail, renderMessage } from "@herald/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { pgArray, rows } from "../../db/sql";
import { NotFound } from "../../errors";
import type { Actor } from "../../plugins/actor";
import { CONTACT_NOT_FOUND } from "../contacts/contacts.messages";
import { assertGroups } from "../contacts/contacts.service";
import { normalizeContactMobile } from "../contacts/mobile";
import { FILE_NOT_FOUND } from "./sms.messages";

type S = components["schemas"];

/** The company's country (set by its admins beside its time zone): numbers written without a country code are read as its. */
export async function companyCountry(tx: DbOrTx, companyId: string): Promise<string> {
  const [row] = await rows<{ country: string }>(
    tx,
    sql`select country from companies where id = ${companyId}::uuid`,
  );
  return row?.country ?? DEFAULT_COMPANY_COUNTRY;
}
export type Channel = "sms" | "email" | "whatsapp" | "telegram";

export interface Recipient {
  to: string;
  name: string;
  /** Variables by lower-cased name. */
  vars: Map<string, string>;
  /** The row's own message (a `Contacts & Message` file). */
  message?: string;
}

export interface Planned {
  to: string;
  name: string;
  text: string;
  encoding: "GSM-7" | "UCS-2" | "email" | "text";
  segments: number;
  costCents: number;
}

export interface Skipped {
  unsubscribed: number;
  invalid: number;
  duplicate: number;
  /** Telegram: numbers of no known subscriber of the channel. */
  notReachable?: number;
}

/** The text with the recipient's variables put in (see the module's note). */
export function expand(template: string, vars: Map<string, string>): string {
  return renderMessage(template, vars);
}

/** Encoding, segments and cost of one message (WhatsApp and Telegram: one message at the channel's price). */
export function priced(
  channel: Channel,
  text: string,
  prices: { sms: number; email: number; chat?: number },
) {
  if (channel === "email") return { encoding: "email" as const, segments: 1, costCents: prices.email };
  if (channel === "whatsapp" || channel === "telegram") {
    return { encoding: "text" as const, segments: 1, costCents: prices.chat ?? 0 };
  }
  const c = countSms(text);
  const segments = Math.max(1, c.segments);
  return {
    encoding: c.encoding === "gsm7" ? ("GSM-7" as const) : ("UCS-2" as const),
    segments,
    costCents: segments * prices.sms,
  };
}

function normalise(channel: Channel, raw: string, country: string): string | null {
  if (channel === "email") {
    const a = raw.trim().toLowerCase();
    return isValidEmail(a) ? a : null;
  }
  const m = normalizeContactMobile(raw, country);
  return m.ok ? m.mobile : null;
}

function contactVars(c: { name: string; mobile: string; email: string | null; attributes: unknown }) {
  const vars = new Map<string, string>();
  const attrs = (c.attributes ?? {}) as Record<string, unknown>;
  for (const k of Object.keys(attrs)) vars.set(k.toLowerCase(), String(attrs[k] ?? ""));
  vars.set("name", c.name);
  vars.set("mobile", c.mobile);
  vars.set("email", c.email ?? "");
  return vars;
}

/** Everyone the draft names, in order (numbers, contacts, groups, file), with the invalid ones counted. */
export async function collectRecipients(
  tx: DbOrTx,
  actor: Actor,
  channel: Channel,
  r: S["ComposeDraft"]["recipients"],
  fileContent: S["ComposeFileContent"] | undefined,
): Promise<{ list: Recipient[]; invalid: number }> {
  const list: Recipient[] = [];
  let invalid = 0;
  // typed numbers need the company's country; contacts' and groups' numbers are stored whole already
  const country =
    channel !== "email" && (r.numbers?.length ?? 0) + (fileContent ? 1 : 0) > 0
      ? await companyCountry(tx, actor.companyId)
      : DEFAULT_COMPANY_COUNTRY;
  const push = (
    raw: string | null | undefined,
    name: string,
    vars: Map<string, string>,
    message?: string,
  ) => {
    const to = raw ? normalise(channel, raw, country) : null;
    if (!to) {
      invalid++;
      return;
    }
    vars.set(channel === "email" ? "email" : "mobile", to);
    if (!vars.has("name")) vars.set("name", name);
    list.push({ to, name, vars, ...(message ? { message } : {}) });
  };
  for (const n of r.numbers ?? []) push(n, "", new Map());

  const contactIds = [...new Set((r.contactIds ?? []).map((i) => i.toLowerCase()))];
  if (contactIds.length > 0) {
    const found = await rows<{
      id: string;
      name: string;
      mobile: string;
      email: string | null;
      attributes: unknown;
    }>(
      tx,
      sql`select id::text as id, name, mobile, email, attributes from contacts
           where company_id = ${actor.companyId}::uuid and id = any(${pgArray(contactIds)}::uuid[])`,
    );
    if (found.length !== contactIds.length) throw new NotFound(CONTACT_NOT_FOUND);
    const byId = new Map(found.map((c) => [c.id, c]));
    for (const id of contactIds) {
      const c = byId.get(id)!;
      push(channel === "email" ? c.email : c.mobile, c.name, contactVars(c));
    }
  }

  const groupIds = [...new Set((r.groupIds ?? []).map((i) => i.toLowerCase()))];
  if (groupIds.length > 0) {
    await assertGroups(tx, actor.companyId, groupIds);
    const members = await rows<{ name: string; mobile: string; email: string | null; attributes: unknown }>(
      tx,
      sql`select c.name, c.mobile, c.email, c.attributes
            from group_members gm join contacts c on c.id = gm.contact_id
           where gm.group_id = any(${pgArray(groupIds)}::uuid[]) and c.company_id = ${actor.companyId}::uuid
           order by gm.group_id, gm.created_at, c.id`,
    );
    for (const c of members) push(channel === "email" ? c.email : c.mobile, c.name, contactVars(c));
  }

  if (r.fileId) {
    const [f] = await rows<{ columns: string[]; rows: string[][]; content: string }>(
      tx,
      sql`select columns, rows, content from sms_recipient_files
           where id = ${r.fileId}::uuid and company_id = ${actor.companyId}::uuid and user_id = ${actor.userId}::uuid
             and expires_at > now()`,
    );
    if (!f) throw new NotFound(FILE_NOT_FOUND);
    const content = fileContent ?? (f.content as S["ComposeFileContent"]);
    const keys = f.columns.map((c) => c.toLowerCase());
    for (const cells of f.rows) {
      const vars = new Map<string, string>();
      if (content === "Contacts & Variables") {
        keys.forEach((k, i) => {
          if (i >= 2 && k) vars.set(k, cells[i] ?? "");
        });
      }
      const name = cells[1] ?? "";
      vars.set("name", name);
      push(cells[0], name, vars, content === "Contacts & Message" ? (cells[2] ?? "").trim() : undefined);
    }
  }
  return { list, invalid };
}

/** Drops repeated recipients (when asked) and unsubscribed numbers (SMS), counting both. */
export async function filterRecipients(
  tx: DbOrTx,
  companyId: string,
  channel: Channel,
  list: Recipient[],
  removeDuplicates: boolean,
): Promise<{ kept: Recipient[]; duplicate: number; unsubscribed: number }> {
  let duplicate = 0;
  let kept = list;
  if (removeDuplicates) {
    const seen = new Set<string>();
    kept = [];
    for (const r of list) {
      if (seen.has(r.to)) duplicate++;
      else {
        seen.add(r.to);
        kept.push(r);
      }
    }
  }
  let unsubscribed = 0;
  if (channel !== "email" && kept.length > 0) {
    const suppressed = new Set<string>();
    const distinct = [...new Set(kept.map((r) => r.to))];
    for (let i = 0; i < distinct.length; i += 10_000) {
      const found = await rows<{ n: string }>(
        tx,
        sql`select contact_number as n from mobile_subscriptions
             where company_id = ${companyId}::uuid and type = 'unsub' and status = 'active'
               and contact_number = any(${pgArray(distinct.slice(i, i + 10_000))}::text[])`,
      );
      for (const f of found) suppressed.add(f.n);
    }
    if (suppressed.size > 0) {
      const before = kept.length;
      kept = kept.filter((r) => !suppressed.has(r.to));
      unsubscribed = before - kept.length;
    }
  }
  return { kept, duplicate, unsubscribed };
}

/**
 * Telegram: the numbers among `numbers` that a subscriber of the channel is known by (its shared mobile, compared
 * as digits), with that subscriber. Others cannot be reached: a bot cannot write to a phone number.
 */
export async function telegramSubscribersByMobile(
  tx: DbOrTx,
  companyId: string,
  channelId: string,
  numbers: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const distinct = [...new Set(numbers)];
  for (let i = 0; i < distinct.length; i += 10_000) {
    const got = await rows<{ n: string; id: string }>(
      tx,
      sql`select distinct on (n) n, id from (
            select regexp_replace(mobile, '[^0-9]', '', 'g') as n, id::text as id, updated_at from subscribers
             where company_id = ${companyId}::uuid and channel_id = ${channelId}::uuid and mobile is not null) s
           where n = any(${pgArray(distinct.slice(i, i + 10_000))}::text[])
           order by n, updated_at desc, id desc`,
    );
    for (const g of got) found.set(g.n, g.id);
  }
  return found;
}
