/**
 * The per-provider send rate, shared by every worker of every process: a counter row per provider in
 * `sms_rate_slots` holds the current one-second slot (by the database's clock, so all processes agree) and the
 * messages taken in it. Taking one is a single conditional upsert: it succeeds while the slot has room, resets
 * the counter when the second has changed, and answers nothing when the slot is full — the caller then waits
 * for the next second. At most `perSecond` submissions start in any one second, whatever the number of workers.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { rows } from "../contacts/contacts.service";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Takes one send from the provider's current second, waiting for a later second while it is full. */
export async function takeSendSlot(db: DbOrTx, provider: string, perSecond: number): Promise<void> {
  for (;;) {
    const [r] = await rows<{ used: number; ms: string | number }>(
      db,
      sql`with now as (select (extract(epoch from clock_timestamp()) * 1000)::bigint as ms)
          insert into sms_rate_slots as s (provider, slot, used)
          select ${provider}, ms / 1000, 1 from now
          on conflict (provider) do update
             set slot = excluded.slot,
                 used = case when s.slot = excluded.slot then s.used + 1 else 1 end
           where s.slot <> excluded.slot or s.used < ${perSecond}
          returning used, (select ms from now) as ms`,
    );
    if (r) return;
    const [n] = await rows<{ ms: string | number }>(
      db,
      sql`select (extract(epoch from clock_timestamp()) * 1000)::bigint as ms`,
    );
    await sleep(Math.max(5, 1000 - (Number(n?.ms ?? 0) % 1000)));
  }
}
