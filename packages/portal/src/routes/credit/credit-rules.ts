import { formatSgd, MESSAGES, sgdToCents } from "@herald/domain";

export type CreditAction = "add" | "deduct";

/** SGD from the API as cents, or undefined when the figure is missing or not a two-decimal amount. */
export function safeCents(sgd: number | null | undefined): number | undefined {
  if (sgd === undefined || sgd === null) return undefined;
  try {
    return sgdToCents(sgd);
  } catch {
    return undefined;
  }
}

export interface Balances {
  /** The user's credit in cents. */
  user: number;
  /** The corporate balance in cents. */
  company: number;
}

/**
 * The amount field's error for an action: required, more than 0, an add no more than the corporate balance,
 * a deduction no more than the user's credit (the user never goes below 0).
 */
export function amountError(
  cents: number | null,
  action: CreditAction,
  balances: Balances,
): string | undefined {
  if (cents === null) return MESSAGES.required;
  if (cents <= 0) return "Enter an amount more than 0.00.";
  if (action === "add" && cents > balances.company)
    return `You can allocate at most ${formatSgd(balances.company)}, the corporate balance.`;
  if (action === "deduct" && cents > balances.user)
    return `You cannot deduct more than the user's credit (${formatSgd(balances.user)}).`;
  return undefined;
}

/** The departments of a summary row, joined with " & " ("-" when none). */
export const joinDepts = (dept: readonly { name: string }[]) =>
  dept.length ? dept.map((d) => d.name).join(" & ") : "-";
