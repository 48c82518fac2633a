/**
 * Run instants of scheduled sends. `date` (yyyy-mm-dd) and `time` (HH:mm) are wall-clock values in an IANA
 * time zone (the company's; Asia/Singapore by default). Daily runs repeat at the same wall-clock time each
 * day, weekly every 7 days, monthly on the same day of the month — on the month's last day when the month is
 * shorter (a send on Jan 31 runs Feb 28, or Feb 29 in a leap year, then Mar 31). A wall-clock time that does
 * not exist in the zone (a daylight-saving gap) runs at the first instant after it.
 */
export type Frequency = "now" | "once" | "daily" | "weekly" | "monthly";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):(00|30)$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC at `instant`, in milliseconds. */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(
    +parts.year!,
    +parts.month! - 1,
    +parts.day!,
    +parts.hour!,
    +parts.minute!,
    +parts.second!,
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The instant of a wall-clock date and time (minutes) in `timeZone`. */
function wallClockInstant(y: number, m0: number, d: number, minutes: number, timeZone: string): Date {
  const guess = Date.UTC(y, m0, d, 0, minutes);
  let instant = guess - zoneOffsetMs(guess, timeZone);
  const second = guess - zoneOffsetMs(instant, timeZone);
  if (second !== instant) instant = Math.max(instant, second);
  return new Date(instant);
}

export interface ScheduleStart {
  date: string;
  time: string;
  timeZone: string;
}

/** Parses yyyy-mm-dd and HH:mm (on a 30-minute step); null when either is not a real date or time. */
export function parseStart(
  date: string,
  time: string,
): { y: number; m0: number; d: number; minutes: number } | null {
  const dm = DATE.exec(date);
  const tm = TIME.exec(time);
  if (!dm || !tm) return null;
  const y = +dm[1]!;
  const m0 = +dm[2]! - 1;
  const d = +dm[3]!;
  if (m0 < 0 || m0 > 11 || d < 1 || d > daysInMonth(y, m0)) return null;
  return { y, m0, d, minutes: +tm[1]! * 60 + +tm[2]! };
}

export const daysInMonth = (y: number, m0: number) => new Date(Date.UTC(y, m0 + 1, 0)).getUTCDate();

/**
 * The instant of run number `n` (0 the first) of a send starting at `start` with `frequency`. For 'once' only
 * n = 0 exists.
 */
export function runInstant(frequency: Frequency, start: ScheduleStart, n: number): Date {
  const p = parseStart(start.date, start.time);
  if (!p) throw new RangeError(`Invalid schedule ${start.date} ${start.time}`);
  const { y, m0, d, minutes } = p;
  switch (frequency) {
    case "daily":
      return dayRun(y, m0, d + n, minutes, start.timeZone);
    case "weekly":
      return dayRun(y, m0, d + 7 * n, minutes, start.timeZone);
    case "monthly": {
      const month = m0 + n;
      const yy = y + Math.floor(month / 12);
      const mm = ((month % 12) + 12) % 12;
      return wallClockInstant(yy, mm, Math.min(d, daysInMonth(yy, mm)), minutes, start.timeZone);
    }
    default:
      return wallClockInstant(y, m0, d, minutes, start.timeZone);
  }
}

function dayRun(y: number, m0: number, day: number, minutes: number, timeZone: string): Date {
  const c = new Date(Date.UTC(y, m0, day));
  return wallClockInstant(c.getUTCFullYear(), c.getUTCMonth(), c.getUTCDate(), minutes, timeZone);
}

/** The first run strictly after `after` (null for 'now' and 'once', which do not repeat). */
export function nextRunAfter(frequency: Frequency, start: ScheduleStart, after: Date): Date | null {
  if (frequency === "now" || frequency === "once") return null;
  const first = runInstant(frequency, start, 0).getTime();
  const step = frequency === "daily" ? 86_400_000 : frequency === "weekly" ? 7 * 86_400_000 : 28 * 86_400_000;
  // Start near the answer (a run count never overshoots: steps are at most the real period), then walk.
  let n = Math.max(0, Math.floor((after.getTime() - first) / step) - 2);
  if (frequency === "monthly") n = Math.max(0, Math.floor((after.getTime() - first) / (31 * 86_400_000)) - 1);
  for (;;) {
    const at = runInstant(frequency, start, n);
    if (at.getTime() > after.getTime()) return at;
    n++;
  }
}
