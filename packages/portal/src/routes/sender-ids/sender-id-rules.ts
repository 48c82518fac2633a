import type { Schema } from "@herald/api-client";
import { formatContactNumber } from "@herald/domain";
import type { BadgeTone } from "@herald/ui";

/**
 * What the sender ID screens show: states in words, SSIR registration, how a number reaches the company, and a
 * user's choice among the approved IDs. The format rule itself is @herald/domain's (`parseSenderId`), the one the
 * server and the CLI check.
 */

export const SENDER_ID_HELP =
  "A name of up to 11 letters, digits and spaces with at least one letter (ACME, Acme Care), or a number of 3 to 15 digits.";

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

/**
 * An inbound number as people read it: a long number with its country code's + and spaces ("6580001234" is
 * "+65 8000 1234"), a short code as its digits.
 */
export const inboundNumberText = (n: { number: string; kind: string }) =>
  n.kind === "short" ? n.number : formatContactNumber(n.number);

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
