/**
 * Company time zones: every date and time a company sees or types is in its own IANA zone (Asia/Singapore
 * unless an admin chose another), labelled with the zone's abbreviation ("SGT", "EST") so nobody mistakes it
 * for the clock of the device they happen to use.
 */

export const DEFAULT_TIME_ZONE = "Asia/Singapore";
/** The country of a company that never chose one: the default calling code of its phone inputs. */
export const DEFAULT_COMPANY_COUNTRY = "SG";
export const TIME_ZONE_REQUIRED = "Please choose a time zone.";
export const TIME_ZONE_UNKNOWN = "Please choose a time zone from the list, such as Asia/Singapore.";

let supported: Set<string> | undefined;

/** The IANA zones this runtime's Intl knows (plus UTC, which Intl accepts but does not list). */
export function supportedTimeZones(): string[] {
  if (!supported) {
    const list = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    supported = new Set(["UTC", ...list]);
  }
  return [...supported].sort();
}

/** Whether `zone` is one of Intl's supported zones (as listed, not merely accepted). */
export function isSupportedTimeZone(zone: string | null | undefined): boolean {
  if (!zone) return false;
  supportedTimeZones();
  return supported!.has(zone);
}

/** TIME_ZONE_REQUIRED, TIME_ZONE_UNKNOWN, or null for a supported zone. */
export function validateTimeZone(zone: string | null | undefined): string | null {
  const name = zone?.trim();
  if (!name) return TIME_ZONE_REQUIRED;
  return isSupportedTimeZone(name) ? null : TIME_ZONE_UNKNOWN;
}

export interface WallClock {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** 0–23 */
  hour: number;
  minute: number;
  second: number;
  /** 0 (Sunday) – 6 */
  weekday: number;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** The wall clock of `instant` in `zone`. */
export function wallClock(instant: Date, zone: string): WallClock {
  let f = partFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      weekday: "short",
    });
    partFormatters.set(zone, f);
  }
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(instant)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? "Sun"),
  };
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** The calendar day of `instant` in `zone`: "2026-11-28". */
export function dayInZone(instant: Date, zone: string): string {
  const c = wallClock(instant, zone);
  return `${c.year}-${pad(c.month)}-${pad(c.day)}`;
}

/** Milliseconds `zone` is ahead of UTC at `instant`. */
export function zoneOffsetMs(instant: Date, zone: string): number {
  const c = wallClock(instant, zone);
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant of a wall-clock date ("2026-11-28") and time ("08:00", default midnight) in `zone`. A time a
 * daylight-saving change skips moves forward by the gap, as clocks do. Null for malformed input.
 */
export function instantInZone(date: string, time: string | undefined, zone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  const t = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec((time ?? "00:00").trim());
  if (!d || !t) return null;
  const guess = Date.UTC(
    Number(d[1]),
    Number(d[2]) - 1,
    Number(d[3]),
    Number(t[1]),
    Number(t[2]),
    Number(t[3] ?? 0),
  );
  if (Number.isNaN(guess)) return null;
  const first = guess - zoneOffsetMs(new Date(guess), zone);
  const second = guess - zoneOffsetMs(new Date(first), zone);
  const c = wallClock(new Date(second), zone);
  const exact = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) === guess;
  // A skipped time (spring forward): the later candidate, the same distance past the gap.
  return new Date(exact ? second : Math.max(first, second));
}

const LABEL_LOCALES = ["en-US", "en-SG", "en-AU", "en-GB", "en-IN", "en-NZ", "en-CA"];
const labelFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The short label of `zone` at `instant`: a common abbreviation when English has one ("SGT", "EST", "AEDT",
 * "IST"), otherwise the offset ("GMT+7"); "UTC" for UTC.
 */
export function zoneLabel(zone: string, instant: Date = new Date()): string {
  if (zone === "UTC" || zone === "Etc/UTC") return "UTC";
  let offset = "";
  for (const locale of LABEL_LOCALES) {
    const key = `${locale}|${zone}`;
    let f = labelFormatters.get(key);
    if (!f) {
      f = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "short" });
      labelFormatters.set(key, f);
    }
    const name = f.formatToParts(instant).find((p) => p.type === "timeZoneName")?.value ?? "";
    if (/^[A-Z]{2,5}$/.test(name) && name !== "GMT" && name !== "UTC") return name;
    if (!offset) offset = name;
    if (name === "GMT" && locale === "en-GB") return "GMT";
  }
  return offset || zone;
}

/** The zone in words: "Singapore time", "New York time", "UTC". */
export function zoneDescription(zone: string): string {
  if (zone === "UTC" || zone === "Etc/UTC") return "UTC";
  const city = zone.split("/").pop()!.replace(/_/g, " ");
  return `${city} time`;
}
