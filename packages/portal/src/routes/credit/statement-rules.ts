/**
 * Rules of the Statement screen that need no browser: the date presets, the statement's address, and the
 * download name. Days are calendar days in the company's time zone, as the server reads them.
 */
import { DEFAULT_TIME_ZONE, dayInZone, displayTimeZone, formatInZone } from "@herald/domain";

/** The zone statements are read in: the company's (the display zone the shell set), Singapore by default. */
export const statementZone = () => displayTimeZone() ?? DEFAULT_TIME_ZONE;
export const STATEMENT_PATH = "/credit-mgt/statement";

export interface DayRange {
  from: string;
  to: string;
}

export type PresetId = "thisMonth" | "lastMonth" | "last30";
export const PRESETS: readonly { id: PresetId; label: string }[] = [
  { id: "thisMonth", label: "This month" },
  { id: "lastMonth", label: "Last month" },
  { id: "last30", label: "Last 30 days" },
];

/** Today in `zone` (the company's) as YYYY-MM-DD. */
export function todayIn(zone: string = statementZone(), now = new Date()): string {
  return dayInZone(now, zone);
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** The days of a preset, relative to `today` (YYYY-MM-DD). */
export function presetRange(id: PresetId, today: string): DayRange {
  const t = utcDay(today);
  if (id === "thisMonth") return { from: `${today.slice(0, 8)}01`, to: today };
  if (id === "lastMonth") {
    const first = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() - 1, 1));
    const last = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 0));
    return { from: iso(first), to: iso(last) };
  }
  const from = new Date(t);
  from.setUTCDate(from.getUTCDate() - 29);
  return { from: iso(from), to: today };
}

/** Which preset a range is, if any. */
export function presetOf(range: DayRange, today: string): PresetId | undefined {
  return PRESETS.find((p) => {
    const r = presetRange(p.id, today);
    return r.from === range.from && r.to === range.to;
  })?.id;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A YYYY-MM-DD that is a real day. */
export const isDay = (text: string | null | undefined): text is string =>
  typeof text === "string" &&
  DAY.test(text) &&
  !Number.isNaN(utcDay(text).getTime()) &&
  iso(utcDay(text)) === text;

/** The longest range the server answers. */
export const MAX_RANGE_DAYS = 366;

/** The first problem of a range (shown under the date inputs), or null. */
export function rangeProblem(range: DayRange): string | null {
  if (!isDay(range.from)) return "Choose a start date";
  if (!isDay(range.to)) return "Choose an end date";
  if (range.from > range.to) return "The start date must not be after the end date";
  const days = (utcDay(range.to).getTime() - utcDay(range.from).getTime()) / 86_400_000 + 1;
  if (days > MAX_RANGE_DAYS) return `The date range cannot be longer than ${MAX_RANGE_DAYS} days`;
  return null;
}

/** The statement screen's address for an account (a user's id, or none for the corporate account). */
export function statementPath(userId?: string | null, range?: DayRange): string {
  const q = new URLSearchParams();
  if (userId) q.set("userId", userId);
  if (range) {
    q.set("from", range.from);
    q.set("to", range.to);
  }
  const text = q.toString();
  return text ? `${STATEMENT_PATH}?${text}` : STATEMENT_PATH;
}

/** The file name the server proposes (Content-Disposition), or a fallback. */
export function downloadName(disposition: string | null, range: DayRange, format: "csv" | "xlsx"): string {
  const m = /filename="([^"/\\]+)"/.exec(disposition ?? "");
  return m?.[1] ?? `statement-${range.from}-${range.to}.${format}`;
}

/** An entry's time as 'dd/MM/yyyy H:mm:ss' in the company's zone, labelled ("28/11/2026 8:05:00 SGT"). */
export function formatStatementTime(isoTime: string, zone: string = statementZone()): string {
  return formatInZone(isoTime, "dd/MM/yyyy H:mm:ss", zone);
}
