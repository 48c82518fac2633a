/** Limits and messages of the credit statement (/creditStatement, /creditStatement/export). */
export const STATEMENT_TIME_ZONE = "Asia/Singapore";
export const STATEMENT_MAX_DAYS = 366;
export const STATEMENT_DEFAULT_LIMIT = 100;
export const STATEMENT_MAX_LIMIT = 1000;
/** Entries per query while exporting. */
export const EXPORT_BATCH = 1000;

export const STATEMENT_MESSAGES = {
  badDate: (field: string) => `${field} must be a date as YYYY-MM-DD`,
  fromAfterTo: "The start date (from) must not be after the end date (to)",
  tooLong: `The date range cannot be longer than ${STATEMENT_MAX_DAYS} days`,
  badLimit: `limit must be a whole number from 1 to ${STATEMENT_MAX_LIMIT}`,
  badCursor: "Invalid cursor: use the nextCursor of the previous page with the same filters",
  badFormat: "format must be csv or xlsx",
  corporateAdminOnly: "Only admins can see the corporate account's statement",
  otherUser: "You can only see your own statement",
  userNotFound: "User not found",
} as const;
