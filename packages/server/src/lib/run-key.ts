import { randomInt } from "node:crypto";
import { v7 as uuidv7 } from "uuid";

/**
 * The key of one run of a send, whose rows get the ids `<first 24 characters of the key><row number, 12 hex
 * digits>` (compose.service.ts `runRowId`, and the scheduler's next run in deliver.ts). A plain UUIDv7 does not do
 * for that: within one millisecond (and for as long as the clock stands still or goes back, e.g. an NTP step),
 * the `uuid` package counts up in the LAST digits and keeps the first 24, so two runs begun together would write
 * the same row ids (a duplicate key, a failed send). Here the 26 random bits of the first 24 characters are a
 * counter of this process's runs within the key's millisecond, starting at a random value: keys of one process
 * never share their first 24 characters, and keys of two processes share them only with chance 2^-26 and only
 * within the same millisecond. The keys stay time-ordered (UUIDv7 layout), as the outbox's indexes like.
 */
let last = { ms: "", n: 0 };

export function newRunKey(): string {
  const key = uuidv7();
  const ms = key.slice(0, 13); // 48-bit timestamp: "xxxxxxxx-xxxx"
  if (ms === last.ms) last = { ms, n: (last.n + 1) % 0x4000000 };
  else last = { ms, n: randomInt(0, 0x2000000) };
  const a = (last.n >> 14) & 0xfff; // rand_a: 12 bits after the version digit
  const b = 0x8000 | (last.n & 0x3fff); // variant 10, then 14 bits
  return `${ms}-7${a.toString(16).padStart(3, "0")}-${b.toString(16)}-${key.slice(24)}`;
}
