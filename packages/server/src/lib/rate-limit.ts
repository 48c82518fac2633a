import type { Database } from "../db/client";
import { TooManyRequests } from "../errors";

export interface Limit {
  /** e.g. "login:ip:127.0.0.1" */
  key: string;
  max: number;
  windowSeconds: number;
}

/** A counter's value in its current window, and the seconds until that window ends. */
export interface Count {
  count: number;
  retry: number;
}

/**
 * Adds one to a counter (fixed windows in PostgreSQL, so every API process shares them) and returns its
 * value in the current window; a window that has passed starts again at 1.
 */
export async function bump(database: Database, key: string, windowSeconds: number): Promise<Count> {
  const rows = await database.query<Count>(
    `insert into rate_limits (key, window_start, count) values ($1, now(), 1)
     on conflict (key) do update set
       count = case when rate_limits.window_start < now() - make_interval(secs => $2) then 1 else rate_limits.count + 1 end,
       window_start = case when rate_limits.window_start < now() - make_interval(secs => $2) then now() else rate_limits.window_start end
     returning count, ceil(extract(epoch from (window_start + make_interval(secs => $2) - now())))::int as retry`,
    [key.slice(0, 200), windowSeconds],
  );
  return rows[0]!;
}

/** Reads a counter without changing it: 0 when it has no hits in its current window. */
export async function peek(database: Database, key: string, windowSeconds: number): Promise<Count> {
  const rows = await database.query<Count>(
    `select count, ceil(extract(epoch from (window_start + make_interval(secs => $2) - now())))::int as retry
       from rate_limits where key = $1 and window_start >= now() - make_interval(secs => $2)`,
    [key.slice(0, 200), windowSeconds],
  );
  return rows[0] ?? { count: 0, retry: 0 };
}

/** Counts a hit against each limit and throws 429 with Retry-After when any is exceeded. */
export async function hit(database: Database, limits: Limit[], message?: string): Promise<void> {
  for (const l of limits) {
    const row = await bump(database, l.key, l.windowSeconds);
    if (row.count > l.max) throw new TooManyRequests(row.retry, message);
  }
}

/** Takes back one hit (an attempt that turned out to succeed). */
export async function refund(database: Database, key: string): Promise<void> {
  await database.query("update rate_limits set count = greatest(count - 1, 0) where key = $1", [
    key.slice(0, 200),
  ]);
}

/** Forgets a counter (after a successful sign-in). */
export async function reset(database: Database, key: string): Promise<void> {
  await database.query("delete from rate_limits where key = $1", [key.slice(0, 200)]);
}
