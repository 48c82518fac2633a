/** Messages of the credit calls that the specification does not word (designed). */
export const INVALID_CREDIT_AMOUNT = "Please enter an amount in SGD greater than 0 with at most two decimals";
export const INVALID_CREDIT_ACTION = "Please choose Add or Deduct";
/** A credit move larger than the company's unassigned balance (user transfers, a new user's initial credit). */
export const INSUFFICIENT_CORPORATE_CREDIT = "Insufficient corporate credit";

/** Top-up requests: the company's Top Up and the operator's queue (modules/operator words its console alike). */
export const TOPUP_MESSAGES = {
  badAmount: "Enter an amount in SGD with at most two decimals.",
  badCursor: "This page link is no longer valid. Please start from the first page.",
  notFound: "Top-up request not found",
  answered: "This request was already answered.",
} as const;
