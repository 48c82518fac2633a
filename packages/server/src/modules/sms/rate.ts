/**
 * The per-provider send rate, shared by every worker of every process: a counter row per provider in
 * `sms_rate_slots` holds the current one-second slot (by the database's clock, so all processes agree) and the
 * messages taken in it. Taking one is a single conditional upsert: it succeeds while the slot has room, resets
 * the counter when the second has changed, and answers nothing when the slot is full — the caller then waits
 * for the next second. At most `perSecond` slots are taken for any one second, whatever the number of workers.
 *
 * Exact rates (`sendAtRate`): a take answers the second its slots belong to and the database clock's offset from
 * this process's, measured around the statement. A worker submits a message only while that second lasts (by
 * the database clock so measured) and records the instant it submitted it (by the same clock) as the message's
 * submission instant; a message it could not start before the second ended takes a fresh slot. So every recorded
 * instant lies in the second of the slot it used, and no second of recorded instants holds more than the rate.
 */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { rows } from "../../db/sql";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What one take got: `got` slots of `second` (epoch seconds by the database's clock), or none when it was full. */
interface Take {
  got: number;
  second: number;
  /** The database clock's reading in the statement (epoch milliseconds). */
  ms: number;
  /** This process's clock (Date.now()) before and after the statement. */
  sentAt: number;
  answeredAt: number;
}

/**
 * One statement: up to `wanted` slots of the provider's current second. The counter row is locked and read
 * (`for update` answers its latest version), then written from what was read; a slot already ahead of this
 * statement's clock reading (a taker that read the clock later) counts as the current one.
 */
async function takeOnce(db: DbOrTx, provider: string, perSecond: number, wanted: number): Promise<Take> {
  for (;;) {
    const sentAt = Date.now();
    const [r] = await rows<{ got: number; ms: string | number | null; second: string | number | null }>(
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
          select coalesce((select got from taken), -1) as got, (select ms from room) as ms,
                 (select now from room) as second`,
    );
    const answeredAt = Date.now();
    if (r?.ms === null || r?.ms === undefined) {
      // The provider's first send: its counter row is made, then taken from.
      await db.execute(sql`insert into sms_rate_slots (provider, slot, used) values (${provider}, 0, 0)
        on conflict (provider) do nothing`);
      continue;
    }
    return { got: Math.max(0, r.got), second: Number(r.second), ms: Number(r.ms), sentAt, answeredAt };
  }
}

/** Takes one send from the provider's current second, waiting for a later second while it is full. */
export async function takeSendSlot(db: DbOrTx, provider: string, perSecond: number): Promise<void> {
  await takeSendSlots(db, provider, perSecond, 1);
}

/**
 * Takes `n` sends from the provider's seconds: as many as the current second still has room for, the rest from
 * the following seconds, waiting for each. One statement per second used. (Counts slots only: a sender that
 * must not spill into the next second uses `sendAtRate`.)
 */
export async function takeSendSlots(
  db: DbOrTx,
  provider: string,
  perSecond: number,
  n: number,
): Promise<void> {
  let wanted = n;
  for (;;) {
    const r = await takeOnce(db, provider, perSecond, wanted);
    wanted -= r.got;
    if (wanted <= 0) return;
    await sleep(Math.max(5, 1000 - (r.ms % 1000)));
  }
}

/**
 * The database clock as this process sees it: the offset of the take with the shortest round trip in the last
 * few seconds (its error is at most half that round trip). Only the accuracy of the recorded instants depends on
 * it; that no second holds more than the rate does not (the same reading decides and records).
 */
let clock: { offset: number; rtt: number; at: number } | undefined;
const CLOCK_KEEP_MS = 5000;

function observe(t: Take): number {
  const rtt = t.answeredAt - t.sentAt;
  const offset = t.ms - (t.sentAt + t.answeredAt) / 2;
  if (!clock || rtt <= clock.rtt || t.answeredAt - clock.at > CLOCK_KEEP_MS)
    clock = { offset, rtt, at: t.answeredAt };
  return clock.offset;
}

/** Slots of one second, as a take answered them. */
export interface SecondSlots {
  /** Slots taken (1..wanted). */
  got: number;
  /** The second they belong to (epoch seconds by the database's clock). */
  second: number;
  /** The database's clock minus this process's (Date.now()), in milliseconds. */
  offsetMs: number;
}

/**
 * Up to `wanted` slots of one second (the current one by the database's clock, or the one the counter is
 * already at), waiting for a second with room; answers at least one.
 */
export async function takeSecondSlots(
  db: DbOrTx,
  provider: string,
  perSecond: number,
  wanted: number | (() => number),
): Promise<SecondSlots> {
  for (;;) {
    const t = await takeOnce(db, provider, perSecond, typeof wanted === "number" ? wanted : wanted());
    const offsetMs = observe(t);
    if (t.got > 0) return { got: t.got, second: t.second, offsetMs };
    await sleep(Math.max(5, 1000 - (t.ms % 1000)));
  }
}

/** What `sendAtRate` answers: each item submitted with its instant, and the ones not submitted (it stopped). */
export interface Paced<T, R> {
  done: { item: T; at: Date; result: R }[];
  left: T[];
}

/**
 * Submits `items` through the provider at `perSecond`, exactly: slots are taken (at most `chunk` at a time, and no
 * more than this sender's pace so far fits in what is left of the second) just before their submissions, which
 * start only while their second lasts (by the database's clock); each item's
 * submission instant (`at`, by the same clock, within that second) is passed to `submit` and answered, to be
 * recorded as the message's. Items not started before their second ended take fresh slots. `ready` runs before
 * each submission (a throttled gateway's pause may wait in it); when it answers false, no further item starts and
 * the rest are answered as `left`. With `first`, the slots the caller took before are spent first.
 */
export async function sendAtRate<T, R>(
  db: DbOrTx,
  provider: string,
  perSecond: number,
  items: readonly T[],
  o: {
    concurrency: number;
    chunk: number;
    submit: (item: T, at: Date) => Promise<R>;
    ready?: () => boolean | Promise<boolean>;
    /** Slots the caller took already (before preparing the items): used first, while their second lasts. */
    first?: SecondSlots;
  },
): Promise<Paced<T, R>> {
  const queue = [...items];
  const done: Paced<T, R>["done"] = [];
  let stopped = false;
  // This sender's pace: milliseconds per submission of one lane (a moving average), so that a take asks for no
  // more slots than it can use before the second ends (a slot left unused is a send the rate lost).
  let perItemMs = 0;
  const wanted = () => {
    const most = Math.min(queue.length, o.chunk);
    if (!clock || perItemMs <= 0) return most;
    const left = 1000 - ((((Date.now() + clock.offset) % 1000) + 1000) % 1000) - clock.rtt;
    return Math.max(1, Math.min(most, Math.floor((left * o.concurrency) / perItemMs)));
  };
  let first = o.first;
  while (queue.length > 0 && !stopped) {
    const s = first ?? (await takeSecondSlots(db, provider, perSecond, wanted));
    first = undefined;
    const start = s.second * 1000;
    const end = start + 1000;
    // The counter may already be at a later second than this process's reading of the clock: wait for it.
    const early = start - (Date.now() + s.offsetMs);
    if (early > 0) await sleep(early);
    const batch = queue.splice(0, s.got);
    const missed: { i: number; item: T }[] = [];
    let next = 0;
    const lane = async () => {
      for (;;) {
        const i = next++;
        if (i >= batch.length) return;
        const item = batch[i]!;
        if (stopped || (o.ready && !(await o.ready()))) {
          stopped = true;
          missed.push({ i, item });
          continue;
        }
        const now = Date.now() + s.offsetMs;
        if (now < start || now >= end) {
          // Its second is over: a fresh slot for it.
          missed.push({ i, item });
          continue;
        }
        const result = await o.submit(item, new Date(Math.floor(now)));
        const took = Date.now() + s.offsetMs - now;
        perItemMs = perItemMs > 0 ? 0.8 * perItemMs + 0.2 * took : took;
        done.push({ item, at: new Date(Math.floor(now)), result });
      }
    };
    await Promise.all(Array.from({ length: Math.min(o.concurrency, batch.length) }, lane));
    missed.sort((a, b) => a.i - b.i);
    queue.unshift(...missed.map((m) => m.item));
  }
  return { done, left: queue };
}
