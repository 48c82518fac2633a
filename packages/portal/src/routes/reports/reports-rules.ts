/**
 * Pure rules of the SMS report screens (report/inbox, report/outbox, report/scheduled): the date range the
 * filter sends, its bounds, and the export file names of the specification.
 */
import { companyDay } from "../format";

/** 1000/2000/5000 rows per page, the sizes of every table without its own. */
export const REPORT_PAGE_SIZES = [1000, 2000, 5000] as const;

/** Export file names: Incoming Messages and Sent Messages as specified; the scheduled one is designed. */
export const EXPORT_NAMES = {
  inbox: "Incoming Messages",
  outbox: "Sent Messages",
  scheduled: "Scheduled Messages",
} as const;

export const END_IN_FUTURE = "End date cannot be in the future.";
export const START_IN_PAST = "Start date cannot be in the past.";
export const START_AFTER_END = "Start date cannot be after end date.";

/** A day "yyyy-MM-dd" of the browser's local calendar. */
export function localDay(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

function parseDay(day: string): [number, number, number] | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? [Number(m[1]), Number(m[2]) - 1, Number(m[3])] : null;
}

/**
 * The body fields of a day range: the start of the first day and the end of the last one in the company's
 * time zone, as ISO instants (the contract's inclusive bounds); an empty end is open.
 */
export function rangeBody(range: { start: string; end: string }): { startDate?: string; endDate?: string } {
  const start = parseDay(range.start) ? companyDay(range.start) : null;
  const end = parseDay(range.end) ? companyDay(range.end) : null;
  return {
    ...(start ? { startDate: start.start.toISOString() } : {}),
    ...(end ? { endDate: end.end.toISOString() } : {}),
  };
}

/**
 * The first problem with a range under a report's rule: inbox and outbox end dates cannot be in the future,
 * scheduled start dates cannot be in the past; a start after the end is refused everywhere.
 */
export function rangeProblem(
  range: { start: string; end: string },
  rule: "end-not-future" | "start-not-past",
  today: string,
): string | null {
  // An open end stands for today; a start after today makes every end lie in the future.
  if (rule === "end-not-future" && (range.end > today || range.start > today)) return END_IN_FUTURE;
  if (rule === "start-not-past" && range.start && range.start < today) return START_IN_PAST;
  if (range.start && range.end && range.start > range.end) return START_AFTER_END;
  return null;
}

/** Delivery status as shown: the provider's word capitalised, "Pending" before any report. */
export function deliveryLabel(status: string | null | undefined): string {
  if (!status) return "Pending";
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** Badge tone of a delivery status. */
export function deliveryTone(status: string | null | undefined): "success" | "danger" | "warning" | "info" {
  const s = (status ?? "").toLowerCase();
  if (s === "delivered") return "success";
  if (s === "failed" || s === "rejected" || s === "undelivered" || s === "expired") return "danger";
  if (s === "sent" || s === "accepted" || s === "submitted") return "info";
  return "warning";
}
