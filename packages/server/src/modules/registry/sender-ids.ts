/**
 * What the sender ID registry answers the rest of the server: which sender IDs a company owns (approved), which
 * of them a user may choose, whether a send's ID is allowed, and which queued rows carry an ID that is no longer
 * allowed. The platform's default sender ID (config.sms.senderId) is allowed for everyone. IDs listed on a user
 * (users.sender_ids) that the company does not own are ignored: never offered, never sent with.
 */
import { parseSenderId, type SenderIdKind, senderIdKey } from "@herald/domain";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { pgArray, rows } from "../../db/sql";
import { Unprocessable } from "../../errors";
import { senderIdNotApproved } from "./registry.messages";

export interface OwnedSenderId {
  senderId: string;
  kind: SenderIdKind;
  ssirRegistered: boolean;
}

/** The user's list and the company's approved IDs, in one query. */
async function listsOf(
  db: DbOrTx,
  companyId: string,
  userId: string,
): Promise<{ listed: string[]; approved: OwnedSenderId[] }> {
  const [r] = await rows<{ listed: string[] | null; approved: OwnedSenderId[] | string | null }>(
    db,
    sql`select u.sender_ids as listed,
               (select coalesce(json_agg(json_build_object('senderId', s.sender_id, 'kind', s.kind,
                                  'ssirRegistered', s.ssir_registered) order by s.created_at), '[]'::json)
                  from sender_ids s where s.company_id = u.company_id and s.status = 'approved') as approved
          from users u where u.id = ${userId}::uuid and u.company_id = ${companyId}::uuid`,
  );
  const approved = typeof r?.approved === "string" ? JSON.parse(r.approved) : (r?.approved ?? []);
  return { listed: r?.listed ?? [], approved };
}

/** The company's approved sender IDs, oldest first. */
export async function approvedSenderIds(db: DbOrTx, companyId: string): Promise<OwnedSenderId[]> {
  return rows<OwnedSenderId>(
    db,
    sql`select sender_id as "senderId", kind, ssir_registered as "ssirRegistered" from sender_ids
         where company_id = ${companyId}::uuid and status = 'approved' order by created_at`,
  );
}

/**
 * The sender IDs a user may choose, in the order of their list: those the company owns (spelled as approved)
 * and the platform's default; others are left out.
 */
export async function usableSenderIds(
  db: DbOrTx,
  platformDefault: string,
  actor: { companyId: string; userId: string },
): Promise<string[]> {
  const { listed, approved } = await listsOf(db, actor.companyId, actor.userId);
  return usableOf(listed, approved, platformDefault).map((s) => s.senderId);
}

function usableOf(listed: string[], approved: OwnedSenderId[], platformDefault: string): OwnedSenderId[] {
  const owned = new Map(approved.map((s) => [senderIdKey(s.senderId), s]));
  const defaultKey = senderIdKey(platformDefault);
  const out: OwnedSenderId[] = [];
  const seen = new Set<string>();
  for (const id of listed) {
    const key = senderIdKey(id);
    if (!key || seen.has(key)) continue;
    const own = owned.get(key);
    if (own) out.push(own);
    else if (key === defaultKey)
      out.push({ senderId: platformDefault, kind: "alphanumeric", ssirRegistered: true });
    else continue;
    seen.add(key);
  }
  return out;
}

/** The sender a send goes out with: the default, or an ID the company owns (`owned` set: SSIR applies). */
export interface SendSender {
  senderId: string;
  owned: OwnedSenderId | null;
}

/**
 * Checks the sender ID a user chose for a send: the platform's default, or one of the company's approved IDs
 * that is on the user's list. Another company's ID, or an ID nobody approved, answers 422 naming it; an ID the
 * company owns that the user was not given answers `notGiven`.
 */
export async function checkSendSender(
  db: DbOrTx,
  platformDefault: string,
  actor: { companyId: string; userId: string },
  requested: string,
  notGiven: string,
): Promise<SendSender> {
  const key = senderIdKey(requested);
  const shown = requested.trim().replace(/\s+/g, " ");
  if (!key) throw new Unprocessable(senderIdNotApproved(shown));
  const { listed, approved } = await listsOf(db, actor.companyId, actor.userId);
  const usable = usableOf(listed, approved, platformDefault).find((s) => senderIdKey(s.senderId) === key);
  const own = usable && approved.some((s) => senderIdKey(s.senderId) === key);
  // the company's own spelling first (a company may own an ID equal to the default, e.g. the demo's HERALD)
  if (usable && own) return { senderId: usable.senderId, owned: usable };
  if (key === senderIdKey(platformDefault)) return { senderId: platformDefault, owned: null };
  if (approved.some((s) => senderIdKey(s.senderId) === key)) throw new Unprocessable(notGiven);
  throw new Unprocessable(senderIdNotApproved(shown));
}

/**
 * Which of a user's sender IDs are allowed: each is normalised (parseSenderId) and must be the default or an ID
 * the company owns. Answers the list as stored (deduplicated without regard to case, spelled as approved), or
 * the first ID that is not allowed.
 */
export function allowedList(
  given: string[],
  approved: OwnedSenderId[],
  platformDefault: string,
): { ok: true; list: string[] } | { ok: false; refused: string } {
  const owned = new Map(approved.map((s) => [senderIdKey(s.senderId), s.senderId]));
  const defaultKey = senderIdKey(platformDefault);
  const seen = new Set<string>();
  const list: string[] = [];
  for (const raw of given) {
    const p = parseSenderId(raw);
    if (!p.ok) return { ok: false, refused: raw.trim() };
    const key = p.value.toLowerCase();
    if (seen.has(key)) continue;
    const spelled = owned.get(key) ?? (key === defaultKey ? p.value : undefined);
    if (spelled === undefined) return { ok: false, refused: p.value };
    seen.add(key);
    list.push(spelled);
  }
  return { ok: true, list };
}

/**
 * The rows among these whose sender ID their company does not own (any more) and that is not the platform's
 * default: one query for the lot. Rows without a sender ID go out with the default.
 */
export async function rowsWithForeignSender(
  db: DbOrTx,
  platformDefault: string,
  list: { id: string; company_id: string; sender_id: string | null }[],
): Promise<Set<string>> {
  const defaultKey = senderIdKey(platformDefault);
  const check = list.filter((r) => r.sender_id && r.sender_id.toLowerCase() !== defaultKey);
  if (check.length === 0) return new Set();
  const found = await rows<{ id: string }>(
    db,
    sql`select r.id::text as id
          from unnest(${pgArray(check.map((r) => r.id))}::uuid[], ${pgArray(check.map((r) => r.company_id))}::uuid[],
                      ${pgArray(check.map((r) => r.sender_id!))}::text[]) as r(id, company_id, sender_id)
         where not exists (select 1 from sender_ids s where s.company_id = r.company_id and s.status = 'approved'
                            and lower(s.sender_id) = lower(r.sender_id))`,
  );
  return new Set(found.map((f) => f.id));
}

/** The company's approved number-kind sender ID equal to `number` (digits), spelled as approved; else null. */
export async function ownedNumberSender(
  db: DbOrTx,
  companyId: string,
  number: string,
): Promise<string | null> {
  if (!/^[0-9]{3,15}$/.test(number)) return null;
  const [r] = await rows<{ sender_id: string }>(
    db,
    sql`select sender_id from sender_ids where company_id = ${companyId}::uuid and status = 'approved'
         and kind = 'number' and sender_id = ${number} limit 1`,
  );
  return r?.sender_id ?? null;
}
