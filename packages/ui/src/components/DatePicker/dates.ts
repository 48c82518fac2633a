import { formatDate } from "@herald/domain";
import { format } from "date-fns";

/** A Date as the "yyyy-MM-dd" string date inputs use (local calendar day). */
export function toIsoDate(date: Date): string {
  return format(date, "yyyy-MM-dd");
}

/** Today as "yyyy-MM-dd", e.g. for `max` when an end date cannot be in the future. */
export function todayIso(): string {
  return toIsoDate(new Date());
}

export interface DateBoundsMessages {
  /** Message when the date is before `min`; default "Date cannot be before dd/MM/yyyy". */
  minMessage?: string | undefined;
  /** Message when the date is after `max`; default "Date cannot be after dd/MM/yyyy". */
  maxMessage?: string | undefined;
}

/**
 * The out-of-range message for an ISO date, or null. "yyyy-MM-dd" strings compare correctly as text.
 * An empty value is not out of range (whether it is required is the form's concern).
 */
export function dateBoundsError(
  value: string | undefined,
  min: string | undefined,
  max: string | undefined,
  messages: DateBoundsMessages = {},
): string | null {
  if (!value) return null;
  if (min && value < min) return messages.minMessage ?? `Date cannot be before ${formatDate(min)}`;
  if (max && value > max) return messages.maxMessage ?? `Date cannot be after ${formatDate(max)}`;
  return null;
}
