/**
 * The per-provider send rate, shared by every worker of every process: a counter row per provider in
 * `sms_rate_slots` holds the current one-second slot (by the database's clock, so all processes agree) and the
 * messages taken in it. Taking one is a single conditional upsert: it succeeds while the slot has room, resets
 * the counter when the second has changed, and answers nothing when the slot is full — the caller then waits
 * for the next second. At most `perSecond` submissions start in any one second, whatever the number of workers.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { rows } from "../../db/sql";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Takes one send from the provider's current second, waiting for a later second while it is full. */
export async function takeSendSlot(db: DbOrTx, provider: string, perSecond: number): Promise<void> {
  await takeSendSlots(db, provider, perSecond, 1);
}

/**
 * Takes `n` sends (a worker's next submissions) from the provider's seconds: as many as the current second
 * still has room for, the rest from the following seconds, waiting for each. One statement per second used: the
 * counter row is locked and read (`for update` answers its latest version), then written from what was read; a
 * slot already ahead of this statement's clock reading (a taker that read the clock later) counts as the current
 * one.
 */
export async function takeSendSlots(
  db: DbOrTx,
  provider: string,
  perSecond: number,
  n: number,
): Promise<void> {
  let wanted = n;
  for (;;) {
    const [r] = await rows<{ got: number; ms: string | number }>(
      db,
      sql`with cur as (
            select s.slot, s.used, (extract(epoch from clock_timestamp()) * 1000)::bigint as ms
              from sms_rate_slots s where s.provider = ${provider} for update),
          room as (
            select ms, greatest(slot, ms / 1000) as now, case when slot >= ms / 1000 then used else 0 end as used
              from cur),
          taken as (
            update sms_rate_slots s
               set slot = room.now, used = room.used + least(${wanted}::int, ${perSecond}::int - room.used)
              from room
             where s.provider = ${provider} and room.used < ${perSecond}::int
            returning least(${wanted}::int, ${perSecond}::int - room.used) as got)
          select coalesce((select got from taken), -1) as got, (select ms from room) as ms`,
    );
    if (r?.ms === null || r?.ms === undefined) {
      // The provider's first send: its counter row is made, then taken from.
      await db.execute(sql`insert into sms_rate_slots (provider, slot, used) values (${provider}, 0, 0)
        on conflict (provider) do nothing`);
      continue;
    }
    if (r.got > 0) wanted -= r.got;
    if (wanted <= 0) return;
    await sleep(Math.max(5, 1000 - (Number(r.ms) % 1000)));
  }
}
