/**
 * The audit log's areas: every action's code starts with its area and a dot ("user.role_changed",
 * "company.prices_changed"), and both audit logs (a company's admins', the operator console's) filter by area.
 * The server's catalogue of actions (packages/server/src/modules/audit/actions.ts) is checked against this list.
 */
export interface AuditArea {
  /** The codes' start, with its dot: the `action` filter of the audit log calls. */
  prefix: string;
  /** The area in words, as the filter shows it. */
  label: string;
  /** Recorded for the console only (never in a company's log). */
  consoleOnly?: true;
}

export const AUDIT_AREAS: readonly AuditArea[] = [
  { prefix: "user.", label: "Users and permissions" },
  { prefix: "department.", label: "Departments" },
  { prefix: "credit.", label: "Credit" },
  { prefix: "topup.", label: "Top-up requests" },
  { prefix: "sender_id.", label: "Sender IDs" },
  { prefix: "number.", label: "Numbers" },
  { prefix: "keyword.", label: "Keywords" },
  { prefix: "channel.", label: "Channels" },
  { prefix: "bot.", label: "Chatbot" },
  { prefix: "company.", label: "Company settings, suspension, user limit and prices" },
  { prefix: "auth.", label: "Sign-ins and security" },
  { prefix: "operator.", label: "Operator accounts", consoleOnly: true },
];

/** The area of an action code ("user." for "user.created"), or null when it has none. */
export function auditAreaOf(action: string): AuditArea | null {
  return AUDIT_AREAS.find((a) => action.startsWith(a.prefix) && action.length > a.prefix.length) ?? null;
}
