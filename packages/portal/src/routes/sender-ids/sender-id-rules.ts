import type { Schema } from "@herald/api-client";
import type { BadgeTone } from "@herald/ui";

/**
 * The sender ID rule (the registry's, in openapi.yaml's requestSenderId): a name of 1 to 11 letters, digits and
 * spaces with at least one letter, or a number of 3 to 15 digits. Written here because @herald/domain has no
 * sender ID rule yet; it moves there when one lands.
 *
 * The contract lets a requested number start with "+", but a user's sender IDs (editSenderId's SenderIdText)
 * are digits only, so an approved "+65…" could never be given to a user: the portal asks for the digits alone.
 */
export const SENDER_ID_NAME_MAX = 11;
export const SENDER_ID_NUMBER_MIN = 3;
export const SENDER_ID_NUMBER_MAX = 15;
export const SENDER_ID_PURPOSE_MAX = 500;

export const SENDER_ID_HELP =
  "A name of up to 11 letters, digits and spaces with at least one letter (ACME, Acme Care), or a number of 3 to 15 digits.";

export const SENDER_ID_MESSAGES = {
  required: "Enter the sender ID you would like.",
  plus: "Type the number without the +, for example 6591234567.",
  characters: "Use only letters, digits and spaces, or a number of 3 to 15 digits.",
  nameTooLong: "A sender ID with letters has at most 11 characters, spaces included.",
  numberLength: "A number sender ID has 3 to 15 digits.",
  purposeRequired: "Tell Herald what you will send with this sender ID.",
  purposeTooLong: `Keep the purpose under ${SENDER_ID_PURPOSE_MAX} characters.`,
} as const;

/** The sender ID as it is sent: outer spaces trimmed, inner runs of spaces made one. */
export const normalizeSenderId = (text: string) => text.trim().replace(/\s+/g, " ");

export type SenderIdKind = Schema<"SenderIdRecord">["kind"];

/** A number (digits only) or a name (anything with a letter). */
export const senderIdKind = (text: string): SenderIdKind =>
  /^\d+$/.test(normalizeSenderId(text)) ? "number" : "alphanumeric";

/** The first problem of a sender ID, or null when it may be requested. */
export function senderIdProblem(text: string): string | null {
  const id = normalizeSenderId(text);
  if (id === "") return SENDER_ID_MESSAGES.required;
  if (/^\+/.test(id)) return SENDER_ID_MESSAGES.plus;
  if (!/^[A-Za-z0-9 ]+$/.test(id)) return SENDER_ID_MESSAGES.characters;
  if (/^\d+$/.test(id))
    return id.length < SENDER_ID_NUMBER_MIN || id.length > SENDER_ID_NUMBER_MAX
      ? SENDER_ID_MESSAGES.numberLength
      : null;
  if (!/[A-Za-z]/.test(id)) return SENDER_ID_MESSAGES.characters;
  return id.length > SENDER_ID_NAME_MAX ? SENDER_ID_MESSAGES.nameTooLong : null;
}

/** The first problem of the purpose, or null. */
export function purposeProblem(text: string): string | null {
  const purpose = text.trim();
  if (purpose === "") return SENDER_ID_MESSAGES.purposeRequired;
  return purpose.length > SENDER_ID_PURPOSE_MAX ? SENDER_ID_MESSAGES.purposeTooLong : null;
}

export type SenderIdStatus = Schema<"SenderIdStatus">;

/** A sender ID's state in words, and the tone of its badge. */
export const SENDER_ID_STATUS: Record<SenderIdStatus, { label: string; tone: BadgeTone }> = {
  requested: { label: "Waiting for approval", tone: "warning" },
  approved: { label: "Approved", tone: "success" },
  rejected: { label: "Rejected", tone: "danger" },
  revoked: { label: "Revoked", tone: "danger" },
  withdrawn: { label: "Withdrawn", tone: "secondary" },
};
export const senderIdStatus = (status: string) =>
  SENDER_ID_STATUS[status as SenderIdStatus] ?? { label: "Unknown", tone: "secondary" as const };

/** Whether a company may still withdraw (a request) or give up (an approved ID). */
export const canWithdraw = (status: string) => status === "requested" || status === "approved";

/** SSIR registration matters for names only (numbers are not registered). */
export const ssirText = (record: Pick<Schema<"SenderIdRecord">, "kind" | "status" | "ssirRegistered">) => {
  if (record.kind !== "alphanumeric" || record.status !== "approved") return null;
  return record.ssirRegistered ? "Registered with SSIR" : "Not registered with SSIR";
};

/** The approved IDs a company may give its users, in order. */
export const approvedSenderIds = (records: readonly Schema<"SenderIdRecord">[]) =>
  records
    .filter((r) => r.status === "approved")
    .map((r) => r.senderId)
    .sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base", numeric: true }));

/**
 * The choices of a user's sender IDs: the company's approved IDs, plus any the user still lists that are no
 * longer approved (marked so, to be taken off).
 */
export function userSenderIdOptions(approved: readonly string[], assigned: readonly string[]) {
  const known = new Set(approved.map((id) => id.toLowerCase()));
  return [
    ...approved.map((id) => ({ value: id, label: id })),
    ...assigned
      .filter((id) => !known.has(id.toLowerCase()))
      .map((id) => ({ value: id, label: `${id} (no longer approved)` })),
  ];
}

/** How a company's inbound number reaches it, in words. */
export function numberRoute(n: Pick<Schema<"CompanyInboundNumber">, "shared" | "keyword">): string {
  if (!n.shared) return "Every message to this number";
  return n.keyword ? `Messages that start with ${n.keyword}` : "Messages that start with your keyword";
}

export const numberKindLabel = (kind: string) =>
  kind === "short" ? "Short code" : kind === "long" ? "Long number" : "Number";

/** A user's listed IDs in the registry's spelling (IDs compare without regard to case), without repeats. */
export function userSenderIdValue(approved: readonly string[], assigned: readonly string[]): string[] {
  const byLower = new Map(approved.map((id) => [id.toLowerCase(), id]));
  const out: string[] = [];
  for (const id of assigned) {
    const value = byLower.get(id.toLowerCase()) ?? id;
    if (!out.some((v) => v.toLowerCase() === value.toLowerCase())) out.push(value);
  }
  return out;
}
