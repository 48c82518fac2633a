/**
 * SMS sender IDs: the format rule of the sender ID registry, shared by the server (requests, users' lists,
 * sends), the portal's forms and the CLI, so each refuses the same input with the same words.
 *
 * - An alphanumeric ID: 1 to 11 letters, digits and spaces, with at least one letter (the name a phone shows).
 *   Surrounding spaces are dropped and inner runs of spaces become one.
 * - A number: 3 to 15 digits, with an optional leading +; kept as digits only, so "+6591234567" and
 *   "6591234567" are the same ID.
 *
 * IDs are compared without regard to case (`senderIdKey`).
 */

export const SENDER_ID_ALPHANUMERIC_MAX = 11;
export const SENDER_ID_NUMBER_MIN = 3;
export const SENDER_ID_NUMBER_MAX = 15;
export const SENDER_ID_PURPOSE_MAX = 500;

export type SenderIdKind = "alphanumeric" | "number";

export const SENDER_ID_MESSAGES = {
  required: "Please enter the sender ID.",
  characters: "A sender ID has only letters, digits and spaces (a number may start with +).",
  tooLong: "A sender ID has at most 11 letters, digits and spaces.",
  needsLetter: "A sender ID with spaces needs at least one letter; a number has no spaces.",
  numberLength: "A sender ID number has 3 to 15 digits.",
  purposeRequired: "Please say what the sender ID is for.",
  purposeTooLong: "The purpose can be at most 500 characters.",
} as const;

export type SenderIdCheck = { ok: true; value: string; kind: SenderIdKind } | { ok: false; message: string };

/** Checks and normalises a sender ID (see the module's note). */
export function parseSenderId(input: string | null | undefined): SenderIdCheck {
  const text = (input ?? "").trim().replace(/\s+/g, " ");
  if (!text) return { ok: false, message: SENDER_ID_MESSAGES.required };
  if (/^\+?[0-9]+$/.test(text)) {
    const digits = text.replace(/^\+/, "");
    if (digits.length < SENDER_ID_NUMBER_MIN || digits.length > SENDER_ID_NUMBER_MAX) {
      return { ok: false, message: SENDER_ID_MESSAGES.numberLength };
    }
    return { ok: true, value: digits, kind: "number" };
  }
  if (!/^[A-Za-z0-9 ]+$/.test(text)) return { ok: false, message: SENDER_ID_MESSAGES.characters };
  if (!/[A-Za-z]/.test(text)) return { ok: false, message: SENDER_ID_MESSAGES.needsLetter };
  if (text.length > SENDER_ID_ALPHANUMERIC_MAX) return { ok: false, message: SENDER_ID_MESSAGES.tooLong };
  return { ok: true, value: text, kind: "alphanumeric" };
}

/** The form of an ID two IDs are compared by: normalised and lower case ("" when it is not a sender ID). */
export function senderIdKey(input: string | null | undefined): string {
  const r = parseSenderId(input);
  return r.ok ? r.value.toLowerCase() : "";
}

/** The purpose of a sender ID request, trimmed; a message when it is missing or too long. */
export function checkSenderIdPurpose(
  input: string | null | undefined,
): { ok: true; value: string } | { ok: false; message: string } {
  const value = (input ?? "").trim();
  if (!value) return { ok: false, message: SENDER_ID_MESSAGES.purposeRequired };
  if (value.length > SENDER_ID_PURPOSE_MAX) return { ok: false, message: SENDER_ID_MESSAGES.purposeTooLong };
  return { ok: true, value };
}

/** "ACMEBANK is not one of your company's approved sender IDs." */
export const senderIdNotApproved = (id: string) => `${id} is not one of your company's approved sender IDs.`;

/**
 * Singapore's SMS Sender ID Registry (SSIR): messages from an alphanumeric ID that is not registered there are
 * shown to Singapore numbers as "Likely-SCAM". A Singapore mobile number as Herald stores it: 65 then 8 digits.
 */
export const isSingaporeNumber = (msisdn: string) => /^65[0-9]{8}$/.test(msisdn);

/** The warning shown before sending with an unregistered alphanumeric ID to Singapore numbers. */
export const ssirWarning = (id: string, singaporeMessages: number) =>
  `${id} is not registered with Singapore's SMS Sender ID Registry: ${singaporeMessages} ${
    singaporeMessages === 1 ? "message" : "messages"
  } to Singapore numbers may be shown as Likely-SCAM.`;
