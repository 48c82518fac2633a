/**
 * Which company an inbound SMS belongs to, from the inbound numbers the operator assigned (see registry.routes.ts's
 * note): only a number the company owns exclusively, or on a shared number the first word equal to the company's
 * keyword there. Nothing else routes: not who last sent to the subscriber, not which user lists the number, not a
 * number-kind sender ID (the operator assigns receiving numbers explicitly, in inbound_numbers).
 */
import { sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { DbOrTx } from "../../db/client";
import { rows } from "../../db/sql";

/**
 * The first words that opt the sender out of a company's SMS (modules/sms/events.ts applies them); no keyword on
 * a shared number may be one of them (numbers.service.ts).
 */
export const STOP_WORDS = new Set(["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"]);

/** A gateway's destination address as Herald stores numbers: digits only ("" when it is not a number). */
export function inboundAddress(to: string): string {
  const t = to.trim();
  if (!/^\+?[0-9 ()-]+$/.test(t)) return "";
  return t.replace(/[^0-9]/g, "");
}

export type Route =
  | {
      routed: true;
      companyId: string;
      numberId: string;
      shared: boolean;
      /** On a shared number, the keyword that picked the company (the message's first word). */
      keyword: string | null;
    }
  | { routed: false; reason: "no_owner" | "no_keyword" };

/** Routes a message to `number` (digits) whose first word is `firstWord` (one query). */
export async function routeInbound(db: DbOrTx, number: string, firstWord: string): Promise<Route> {
  if (!number) return { routed: false, reason: "no_owner" };
  const owners = await rows<{
    number_id: string;
    shared: boolean;
    company_id: string;
    keyword: string | null;
  }>(
    db,
    sql`select n.id::text as number_id, n.shared, o.company_id::text as company_id, o.keyword
          from inbound_numbers n join inbound_number_owners o on o.number_id = n.id
         where n.number = ${number}`,
  );
  if (owners.length === 0) return { routed: false, reason: "no_owner" };
  const first = owners[0]!;
  if (!first.shared) {
    return {
      routed: true,
      companyId: first.company_id,
      numberId: first.number_id,
      shared: false,
      keyword: null,
    };
  }
  const word = firstWord.toLowerCase();
  const match = word ? owners.find((o) => o.keyword?.toLowerCase() === word) : undefined;
  if (!match) return { routed: false, reason: "no_keyword" };
  return {
    routed: true,
    companyId: match.company_id,
    numberId: match.number_id,
    shared: true,
    keyword: match.keyword,
  };
}

/** Keeps a message no company owns for the operator (operatorUnrouted). */
export async function recordUnrouted(
  db: DbOrTx,
  m: {
    provider: string;
    providerMessageId: string;
    from: string;
    to: string;
    text: string;
    reason: "no_owner" | "no_keyword";
    receivedAt: Date;
  },
): Promise<void> {
  await db.execute(sql`insert into unrouted_inbound (id, provider, provider_message_id, from_number, to_address, text,
      reason, received_at)
    values (${uuidv7()}::uuid, ${m.provider}, ${m.providerMessageId.slice(0, 200)}, ${m.from.slice(0, 32)},
      ${m.to.slice(0, 64)}, ${m.text}, ${m.reason}, ${m.receivedAt.toISOString()}::timestamptz)`);
}

/**
 * Every company that sends from `number` (digits): the companies that own it as an inbound number (all owners
 * of a shared number) and the company that owns it as an approved sender ID. A STOP to the number stops them all.
 */
export async function companiesSendingFrom(db: DbOrTx, number: string): Promise<string[]> {
  if (!number) return [];
  const found = await rows<{ company_id: string }>(
    db,
    sql`select o.company_id::text as company_id from inbound_numbers n
          join inbound_number_owners o on o.number_id = n.id where n.number = ${number}
        union
        select company_id::text from sender_ids where status = 'approved' and kind = 'number'
           and sender_id = ${number}`,
  );
  return found.map((f) => f.company_id);
}

/** The company's active user whose sender IDs include the number (their private inbox), if any. */
export async function receivingUser(db: DbOrTx, companyId: string, number: string): Promise<string | null> {
  if (!number) return null;
  const [u] = await rows<{ id: string }>(
    db,
    sql`select id::text as id from users
         where company_id = ${companyId}::uuid and status = 'active'
           and (${number} = any(sender_ids) or ${`+${number}`} = any(sender_ids))
         order by created_at limit 1`,
  );
  return u?.id ?? null;
}
