import type { Database } from "../db/client";
import { TooManyRequests } from "../errors";

export interface Limit {
  /** e.g. "login:ip:127.0.0.1" */
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counts a hit against each limit (fixed windows in PostgreSQL, so every API process shares them) and
 * throws 429 with Retry-After when any is exceeded.
 */
export async function hit(database: Database, limits: Limit[], message?: string): Promise<void> {
  for (const l of limits) {
    const rows = await database.query<{ count: number; retry: number }>(
      `insert into rate_limits (key, window_start, count) values ($1, now(), 1)
       on conflict (key) do update set
         count = case when rate_limits.window_start < now() - make_interval(secs => $2) then 1 else rate_limits.count + 1 end,
         window_start = case when rate_limits.window_start < now() - make_interval(secs => $2) then now() else rate_limits.window_start end
       returning count, ceil(extract(epoch from (window_start + make_interval(secs => $2) - now())))::int as retry`,
      [l.key.slice(0, 200), l.windowSeconds],
    );
    const row = rows[0]!;
    if (row.count > l.max) throw new TooManyRequests(row.retry, message);
  }
}

/** Forgets an account's failure counter (after a successful sign-in). */
export async function reset(database: Database, key: string): Promise<void> {
  await database.query("delete from rate_limits where key = $1", [key]);
}
