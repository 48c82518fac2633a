import { ApiError } from "@herald/api-client";
import {
  DEFAULT_TIME_ZONE,
  dayInZone,
  displayTimeZone,
  formatInZone,
  formatSgd,
  instantInZone,
  MESSAGES,
  sgdToCents,
  zoneDescription,
  zoneLabel,
} from "@herald/domain";

/** Cents of an SGD amount the server sent, or undefined when it is not one. */
export function centsOf(sgd: number | null | undefined): number | undefined {
  if (sgd === null || sgd === undefined) return undefined;
  try {
    return sgdToCents(sgd);
  } catch {
    return undefined;
  }
}

/** "SGD 1,234.50", or "-" for a missing amount. */
export const sgd = (amount: number | null | undefined) => {
  const cents = centsOf(amount);
  return cents === undefined ? "-" : formatSgd(cents);
};

/**
 * Dates and times: the company shell makes the company's zone (from the profile) the display zone of every
 * formatter (@herald/domain `setDisplayTimeZone`), so each date and time the portal shows is in it and labelled,
 * whatever the browser's own zone. `useCompanyZone()` (shell/use-profile) names it for inputs and captions.
 */
/** The zone in words with its label: "Singapore time, SGT". */
export const zoneCaption = (zone: string, at: Date = new Date()) => {
  const label = zoneLabel(zone, at);
  const words = zoneDescription(zone);
  return label === words ? words : `${words}, ${label}`;
};

/** A date and time, compact, in the company's zone and labelled: "28/11/2026 14:05 SGT". */
export const shortDateTime = (iso: string | null | undefined) => formatInZone(iso, "dd/MM/yyyy HH:mm");

/** A date and time in words, in the company's zone and labelled: "28 Nov 2026, 08:00 SGT". */
export const longDateTime = (iso: string | Date | null | undefined, zone?: string) =>
  formatInZone(iso, "d MMM yyyy, HH:mm", zone ?? displayTimeZone() ?? DEFAULT_TIME_ZONE);

/** The message of a failed call: the server's words for a 4xx, otherwise "Something went wrong". */
export function problemText(err: unknown): string {
  if (err instanceof ApiError && err.status < 500 && err.message) return err.message;
  return MESSAGES.somethingWentWrong;
}

/** "Ada Tan <ada@example.com>" as its name and e-mail (a label without an address is all name). */
export function personParts(label: string): { name: string; email: string | null } {
  const m = /^(.*?)\s*<([^<>]+)>\s*(?:\(.*\))?$/.exec(label.trim());
  if (!m) return { name: label.trim(), email: null };
  return { name: m[1] || m[2]!, email: m[1] ? m[2]! : null };
}

/**
 * The first and last millisecond of a "yyyy-MM-dd" day in the company's zone (the display zone; the browser's
 * own before the shell knows it), or null when it is not a real day: date filters read days as the company does.
 */
/**
 * Today as "yyyy-MM-dd" in the company's time zone (the browser's calendar while the zone is not known): late in
 * the evening in London it is already tomorrow for a company in Singapore, and its lists count days as it does.
 */
export function companyToday(now: Date = new Date()): string {
  const zone = displayTimeZone();
  if (zone) return dayInZone(now, zone);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

export function companyDay(day: string): { start: Date; end: Date } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const real = new Date(Date.UTC(y, mo, d));
  if (real.getUTCFullYear() !== y || real.getUTCMonth() !== mo || real.getUTCDate() !== d) return null;
  const next = new Date(Date.UTC(y, mo, d + 1)).toISOString().slice(0, 10);
  const zone = displayTimeZone();
  if (!zone) return { start: new Date(y, mo, d), end: new Date(new Date(y, mo, d + 1).getTime() - 1) };
  const start = instantInZone(day, "00:00", zone);
  const after = instantInZone(next, "00:00", zone);
  return start && after ? { start, end: new Date(after.getTime() - 1) } : null;
}
