/**
 * The audit log's words: every action that is recorded, as a sentence of what the actor did. The one catalogue
 * the list, the CSV export and the portal read; an action that is not here still reads as words (`humanise`).
 *
 * Every action's code starts with one of the audit log's areas (@herald/domain AUDIT_AREAS), which both audit
 * logs filter by; actions.test.ts holds the two lists and the server's recorded actions together.
 *
 * An entry is the sentence with its target named after it ("Changed the role of" + "Mei Ling"), and the
 * sentence used when the entry names no target ("Changed a user's role"); an entry without the second reads the
 * same either way.
 */

interface Words {
  /** Followed by the target's name. */
  withTarget: string;
  /** When there is no target; `withTarget` when absent. */
  alone?: string;
  /** The target is the actor themself: the sentence names no one ("Signed in to the operator console"). */
  self?: true;
}

const w = (withTarget: string, alone?: string): Words => (alone ? { withTarget, alone } : { withTarget });
/** An action on the actor's own account: its target is not named again. */
const own = (text: string): Words => ({ withTarget: text, self: true });

export const AUDIT_ACTIONS: Readonly<Record<string, Words>> = {
  // Sign-in and account security (the actor is the account's user)
  "auth.signed_in": w("Signed in"),
  "auth.sign_in_failed": w("Failed to sign in"),
  "auth.signed_out": w("Signed out"),
  "auth.code_failed": w("Entered a wrong one-time code"),
  "auth.password_reset_requested": w("Asked for a password reset link"),
  "auth.password_reset": w("Reset their password with an e-mailed link"),
  "auth.password_changed": w("Changed their password"),
  "auth.2fa_enabled": w("Turned on two-factor sign-in"),
  "auth.2fa_disabled": w("Turned off two-factor sign-in"),
  "auth.email_changed": w("Changed their e-mail address"),
  // Users
  "user.created": w("Added user", "Added a user"),
  "user.updated": w("Changed the details of", "Changed a user's details"),
  "user.role_changed": w("Changed the role of", "Changed a user's role"),
  "user.departments_changed": w("Changed the departments of", "Changed a user's departments"),
  "user.status_changed": w("Changed the status of", "Changed a user's status"),
  "user.deleted": w("Deleted user", "Deleted a user"),
  "user.2fa_changed": w("Changed two-factor sign-in for", "Changed a user's two-factor sign-in"),
  "user.sender_ids_changed": w("Changed the sender IDs of", "Changed a user's sender IDs"),
  // Departments
  "department.created": w("Added department", "Added a department"),
  "department.updated": w("Changed department", "Changed a department"),
  "department.deleted": w("Deleted department", "Deleted a department"),
  // Credit and top-ups
  "credit.allocated": w("Allocated credit to", "Allocated credit to a user"),
  "credit.deducted": w("Deducted credit from", "Deducted credit from a user"),
  "credit.purchased": w("Bought credit for", "Bought credit"),
  "credit.thresholds_changed": w("Changed the low-credit alerts of", "Changed the low-credit alerts"),
  "credit.granted": w("Granted credit to", "Granted credit"),
  "credit.corrected": w("Corrected the credit of", "Corrected the credit balance"),
  "topup.requested": w("Asked for a top-up for", "Asked for a top-up"),
  "topup.granted": w("Granted the top-up request of", "Granted a top-up request"),
  "topup.declined": w("Declined the top-up request of", "Declined a top-up request"),
  // Keywords, channels, chatbot
  "keyword.created": w("Added keyword", "Added a keyword"),
  "keyword.updated": w("Changed keyword", "Changed a keyword"),
  "keyword.deleted": w("Deleted keyword", "Deleted a keyword"),
  "channel.connected": w("Connected channel", "Connected a channel"),
  "channel.updated": w("Changed channel", "Changed a channel"),
  "channel.deleted": w("Deleted channel", "Deleted a channel"),
  "bot.forwarding_changed": w("Changed chatbot forwarding"),
  // The operator's console
  "operator.created": w("Added operator", "Added an operator"),
  "operator.link_issued": w("Issued a new sign-in link to operator", "Issued an operator a new sign-in link"),
  "operator.activated": w("Activated the operator account of", "Activated an operator account"),
  "operator.signed_in": own("Signed in to the operator console"),
  "operator.sign_in_failed": w(
    "Failed to sign in to the operator console as",
    "Failed to sign in to the operator console",
  ),
  "company.suspended": w("Suspended", "Suspended the company"),
  "company.resumed": w("Resumed", "Resumed the company"),
  "company.user_limit_changed": w("Changed the user limit of", "Changed the company's user limit"),
  "company.prices_changed": w("Changed the prices of", "Changed the company's prices"),
  "company.settings_changed": w(
    "Changed the time zone and country of",
    "Changed the company's time zone and country",
  ),
  // Sender IDs and numbers
  "sender_id.requested": w("Asked for sender ID", "Asked for a sender ID"),
  "sender_id.approved": w("Approved sender ID", "Approved a sender ID"),
  "sender_id.rejected": w("Rejected sender ID", "Rejected a sender ID"),
  "sender_id.revoked": w("Revoked sender ID", "Revoked a sender ID"),
  "sender_id.withdrawn": w("Withdrew sender ID", "Withdrew a sender ID request"),
  "sender_id.ssir_changed": w(
    "Changed the SSIR registration of sender ID",
    "Changed the SSIR registration of a sender ID",
  ),
  "number.added": w("Added number", "Added a number"),
  "number.changed": w("Changed number", "Changed a number"),
  "number.removed": w("Removed number", "Removed a number"),
};

/** An action that is not in the catalogue, in words: `sender_id.expired` -> "Sender id expired". */
export function humanise(action: string): string {
  const text = action.replace(/[._]+/g, " ").trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : "Action";
}

/** What an entry says: the action's sentence and its target's name. */
export function summarise(action: string, targetLabel: string | null | undefined): string {
  const target = targetLabel?.trim() || null;
  const words = Object.hasOwn(AUDIT_ACTIONS, action) ? AUDIT_ACTIONS[action] : undefined;
  if (!words) return target ? `${humanise(action)}: ${target}` : humanise(action);
  if (target && !words.self) return `${words.withTarget} ${target}`;
  return words.alone ?? words.withTarget;
}
