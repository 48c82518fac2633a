/** Limits and messages of the audit log's reads (/auditLog, /operator/audit-log and their exports). */
export const AUDIT_DEFAULT_LIMIT = 50;
export const AUDIT_MAX_LIMIT = 200;
/** Entries per query while exporting. */
export const AUDIT_EXPORT_BATCH = 1000;

export const AUDIT_MESSAGES = {
  badDate: (field: "from" | "to") => `${field} must be a date as YYYY-MM-DD`,
  fromAfterTo: "The start date (from) must not be after the end date (to)",
  badLimit: `limit must be a whole number from 1 to ${AUDIT_MAX_LIMIT}`,
  badCursor: "Invalid cursor: use the nextCursor of the previous page with the same filters",
  badAction: "action must be an action such as user.created, or its start such as user.",
} as const;
