/**
 * Date display formats of both specifications. Instants are shown in the display time zone: the company's,
 * once the portal or the CLI knows it (`setDisplayTimeZone`), with the zone's label after every time
 * ("28/11/2026 08:00 SGT"); until then in the runtime's local zone without a label. Strings without an offset
 * ("2026-11-28", "2026-11-28 08:00") are wall-clock values already and are shown as written. Missing or
 * invalid input shows as '-'.
 */
import { format, isValid, parseISO } from "date-fns";
import { wallClock, zoneLabel } from "./zones";

export const DATE_FORMAT = "dd/MM/yyyy";
/** Top-up timestamp (credit summary). */
export const DATE_TIME_FORMAT = "dd/MM/yyyy H:mm:ss";
export const DATE_TIME_12_FORMAT = "dd/MM/yyyy hh:mm a";
/** Group members table. */
export const DATE_TIME_24_FORMAT = "dd/MM/yyyy HH:mm:ss";
/** Shown instead of a missing or invalid date. */
export const EMPTY_DATE = "-";

export type DateInput = Date | string | number | null | undefined;

/**
 * Reads a Date, epoch milliseconds, or an ISO 8601 string ("2024-01-31T13:05:00Z", "2024-01-31 13:05:00",
 * "2024-01-31"; without an offset it is local time). Other strings are refused rather than guessed at
 * ("01/02/2024" is ambiguous). Returns null when missing or invalid.
 */
export function toDate(input: DateInput): Date | null {
  if (input === null || input === undefined) return null;
  if (input instanceof Date) return isValid(input) ? input : null;
  if (typeof input === "number") {
    const d = new Date(input);
    return isValid(d) ? d : null;
  }
  if (typeof input !== "string") return null;
  const text = input.trim();
  if (text.length === 0) return null;
  const iso = parseISO(text);
  return isValid(iso) ? iso : null;
}

let displayZone: string | null = null;

/** Shows every later formatted date and time in `zone` (the company's), labelled; null: runtime local time. */
export function setDisplayTimeZone(zone: string | null): void {
  displayZone = zone;
}

/** The zone dates are shown in (null: the runtime's local zone, unlabelled). */
export function displayTimeZone(): string | null {
  return displayZone;
}

const HAS_OFFSET = /(?:[zZ]|[+-]\d{2}(?::?\d{2})?)$/;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const pad2 = (n: number) => String(n).padStart(2, "0");

/** date-fns-style tokens (yyyy MMM MM dd d EEE HH H hh h mm ss a) of a wall clock; text in quotes kept. */
function formatClock(c: ReturnType<typeof wallClock>, pattern: string): string {
  const h12 = c.hour % 12 === 0 ? 12 : c.hour % 12;
  const tokens: Record<string, string> = {
    yyyy: String(c.year),
    MMM: MONTHS[c.month - 1]!,
    MM: pad2(c.month),
    dd: pad2(c.day),
    d: String(c.day),
    EEE: DAYS[c.weekday]!,
    HH: pad2(c.hour),
    H: String(c.hour),
    hh: pad2(h12),
    h: String(h12),
    mm: pad2(c.minute),
    ss: pad2(c.second),
    a: c.hour < 12 ? "AM" : "PM",
  };
  return pattern.replace(/'([^']*)'|yyyy|MMM|MM|dd|d|EEE|HH|H|hh|h|mm|ss|a/g, (m, quoted) =>
    quoted !== undefined ? quoted : (tokens[m] ?? m),
  );
}

/**
 * `input` in `pattern` (date-fns tokens), in `zone` (default: the display zone). With a zone, a pattern that
 * shows a time gets the zone's label ("08:00 SGT") unless `label` is false.
 */
export function formatInZone(
  input: DateInput,
  pattern: string,
  zone: string | null = displayZone,
  label = true,
): string {
  const d = toDate(input);
  if (d === null) return EMPTY_DATE;
  const wallClockText = typeof input === "string" && !HAS_OFFSET.test(input.trim());
  if (!zone || wallClockText) return format(d, pattern);
  const text = formatClock(wallClock(d, zone), pattern);
  return label && /[Hh]/.test(pattern.replace(/'[^']*'/g, "")) ? `${text} ${zoneLabel(zone, d)}` : text;
}

function formatWith(input: DateInput, pattern: string): string {
  return formatInZone(input, pattern);
}

/** 'dd/MM/yyyy' -> "31/01/2024" */
export function formatDate(d: DateInput): string {
  return formatWith(d, DATE_FORMAT);
}

/** 'dd/MM/yyyy H:mm:ss' -> "31/01/2024 9:05:00" (top-up time) */
export function formatDateTime(d: DateInput): string {
  return formatWith(d, DATE_TIME_FORMAT);
}

/** 'dd/MM/yyyy hh:mm a' -> "31/01/2024 09:05 PM" */
export function formatDateTime12(d: DateInput): string {
  return formatWith(d, DATE_TIME_12_FORMAT);
}

/** 'dd/MM/yyyy HH:mm:ss' -> "31/01/2024 21:05:00" */
export function formatDateTime24(d: DateInput): string {
  return formatWith(d, DATE_TIME_24_FORMAT);
}

/** Time-picker options from 00:00 in `stepMinutes` steps up to 23:59: ['00:00', '00:30', ..., '23:30']. */
export function timeSlots(stepMinutes = 30): string[] {
  if (!Number.isInteger(stepMinutes) || stepMinutes <= 0 || stepMinutes > 1440) {
    throw new RangeError(`stepMinutes must be an integer from 1 to 1440: ${stepMinutes}`);
  }
  const slots: string[] = [];
  for (let m = 0; m < 24 * 60; m += stepMinutes) {
    const hh = String(Math.floor(m / 60)).padStart(2, "0");
    const mm = String(m % 60).padStart(2, "0");
    slots.push(`${hh}:${mm}`);
  }
  return slots;
}
