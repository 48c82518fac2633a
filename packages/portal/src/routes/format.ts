import { ApiError } from "@herald/api-client";
import { formatDateTime24, formatSgd, MESSAGES, sgdToCents } from "@herald/domain";

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

/** A date and time, compact: "28/11/2026 14:05". */
export const shortDateTime = (iso: string | null | undefined) => {
  const text = formatDateTime24(iso);
  return text === "-" ? text : text.slice(0, 16);
};

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
