/**
 * Date display formats of both specifications. Times are formatted in the runtime's local time zone (the
 * browser's, or the server process's `TZ`). Missing or invalid input shows as '-'.
 */
import { format, isValid, parseISO } from "date-fns";

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

function formatWith(input: DateInput, pattern: string): string {
  const d = toDate(input);
  return d === null ? EMPTY_DATE : format(d, pattern);
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
