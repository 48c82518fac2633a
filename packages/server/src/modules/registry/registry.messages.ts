/** The sender ID registry and inbound numbers (designed; the specification has none). */
import { checkSenderIdPurpose, parseSenderId, SENDER_ID_MESSAGES } from "@herald/domain";

export { senderIdNotApproved } from "@herald/domain";

export const ownedElsewhere = (id: string) =>
  `${id} is already registered to another company. Choose another sender ID.`;
export const alreadyOwned = (id: string) => `Your company already owns ${id}.`;
export const alreadyAsked = (id: string) =>
  `Your company has already asked for ${id}; the request is waiting for an answer.`;
export const platformDefault = (id: string) =>
  `${id} is the platform's default sender ID: every company may send with it without asking.`;
export const notRequested = (id: string, status: string) => `${id} is ${status}, not waiting for an answer.`;
export const closedRequest = (id: string, status: string) =>
  `${id} is already ${status}; there is nothing to change.`;
export const REASON_REQUIRED = "Please give the reason.";
export const SENDER_ID_NOT_FOUND = "Sender ID not found";

/** Bell notifications to the admin who asked. */
export const approvedNotice = (id: string) =>
  `Your request for the sender ID ${id} was approved. Admins can now give it to users.`;
export const rejectedNotice = (id: string, reason: string) =>
  `Your request for the sender ID ${id} was rejected: ${reason}`;
export const revokedNotice = (id: string, reason: string) =>
  `The sender ID ${id} was withdrawn from your company: ${reason}`;

// ---- Inbound numbers ----
export const NUMBER_NOT_FOUND = "Number not found";
export const NUMBER_DIGITS = "A number has only digits (a long number may start with +).";
export const SHORT_CODE_LENGTH = "A short code has 3 to 8 digits.";
export const NUMBER_LENGTH =
  "A short code has 3 to 8 digits; a long number 7 to 15 digits, country code first.";
export const LONG_NUMBER_LENGTH = "A long number has 7 to 15 digits, country code first.";
export const EXCLUSIVE_ONE_OWNER = "A number that is not shared belongs to one company at most.";
export const EXCLUSIVE_NO_KEYWORD =
  "A number that is not shared takes no keyword: every message to it goes to its company.";
export const SHARED_KEYWORD_REQUIRED =
  "Each company on a shared number needs a keyword: the first word that sends a message to it.";
export const KEYWORD_FORMAT = "A keyword is one word of letters and digits (at most 50).";
export const stopKeyword = (word: string) =>
  `${word} cannot be a keyword: subscribers send it to stop messages.`;
export const COMPANY_TWICE = "A company can be on a number only once.";
export const UNKNOWN_COMPANY = "One of the companies does not exist.";
export const keywordTaken = (word: string) =>
  `The keyword ${word} is already used on this number (keywords are compared without regard to case).`;
export const numberTaken = (number: string) => `${number} is already set up.`;

/** Why an inbound message reached no company, in words (operatorUnrouted). */
export const UNROUTED_REASONS: Record<string, string> = {
  no_owner: "No company owns this number.",
  no_keyword: "The first word is not the keyword of any company on this shared number.",
};

const SENDER_ID_CALLS = new Set([
  "/operator/sender-ids/:id/approve",
  "/operator/sender-ids/:id/reject",
  "/operator/sender-ids/:id/ssir",
]);
const NUMBER_CALLS = new Set(["/operator/numbers", "/operator/numbers/:id"]);

/**
 * Schema violations of the registry's calls in words (validation-messages.ts): the sender ID and purpose
 * by the domain's rule, the operator's fields, and a malformed id as the 404 an unknown one answers.
 */
export function registryFieldMessage(
  path: string,
  field: string,
  value: unknown,
  context: string,
): { status: number; message: string } | undefined {
  const str = typeof value === "string" ? value : "";
  const bad = (message: string, status = 400) => ({ status, message });
  if (context === "params" && field === "id") {
    if (SENDER_ID_CALLS.has(path)) return bad(SENDER_ID_NOT_FOUND, 404);
    if (path === "/operator/numbers/:id") return bad(NUMBER_NOT_FOUND, 404);
  }
  if (
    context === "querystring" &&
    (path === "/operator/sender-ids" || NUMBER_CALLS.has(path) || path === "/operator/unrouted")
  ) {
    if (field === "cursor") return bad("Invalid cursor");
    if (field === "limit") return bad("limit is a whole number from 1 to 200");
    if (field === "status") return bad("status is one of requested, approved, rejected, revoked, withdrawn");
    if (field === "q") return bad("The search text can be at most 100 characters.");
  }
  if (context !== "body") return undefined;
  if (path === "/requestSenderId") {
    if (field === "senderId") {
      const p = parseSenderId(str);
      return bad(p.ok ? SENDER_ID_MESSAGES.tooLong : p.message);
    }
    if (field === "purpose") {
      const p = checkSenderIdPurpose(str);
      return bad(p.ok ? SENDER_ID_MESSAGES.purposeTooLong : p.message);
    }
  }
  if (path === "/withdrawSenderId" && field === "id") return bad(SENDER_ID_NOT_FOUND, 404);
  if (path === "/operator/sender-ids/:id/reject" && field === "reason") {
    return bad(str.trim() ? "The reason can be at most 500 characters." : REASON_REQUIRED);
  }
  if (path === "/operator/sender-ids/:id/ssir" && field === "ssirRegistered") {
    return bad("Say whether the ID is registered (ssirRegistered: true or false).");
  }
  if (path === "/operator/sender-ids/:id/approve" && field === "ssirRegistered") {
    return bad("ssirRegistered is true or false.");
  }
  if (NUMBER_CALLS.has(path)) {
    switch (field) {
      case "number":
        if (!str.trim()) return bad("Please enter the number.");
        return bad(/^\+?[0-9 ()-]+$/.test(str.trim()) ? NUMBER_LENGTH : NUMBER_DIGITS);
      case "kind":
        return bad("The kind is long (a long number) or short (a short code).");
      case "shared":
        return bad("Say whether the number is shared (shared: true or false).");
      case "owners":
        return bad(
          "List the number's owners: each a company (companyId) and, on a shared number, its keyword (at most 50).",
        );
      default:
        return undefined;
    }
  }
  return undefined;
}
