/** What the operator's console and its sign-in say. */
import type { FastifySchemaValidationError } from "fastify/types/schema";
import { TOPUP_MESSAGES } from "../credit/credit.messages";

export const OPERATOR_MESSAGES = {
  wrongCredentials: "Wrong e-mail or password.",
  codeSent: "We e-mailed you a 6-digit sign-in code. It expires in 10 minutes.",
  wrongCode: "That code is not right. Please check the e-mail and try again.",
  challengeEnded: "This sign-in has expired or was already used. Please sign in again.",
  triesUsed: "Too many wrong codes for this sign-in. Please sign in again.",
  linkInvalid: "This link is invalid or has expired. Ask for a new one.",
  accountDisabled: "This operator account is disabled.",
  activated: "Your operator account is ready. Please sign in.",
  signedOut: "Signed out",
  companyNotFound: "Company not found",
  alreadySuspended: "This company is already suspended.",
  notSuspended: "This company is not suspended.",
  reasonRequired: "Please give a reason.",
  badCursor: TOPUP_MESSAGES.badCursor,
  badAmount: TOPUP_MESSAGES.badAmount,
  zeroAmount: "Enter an amount other than zero.",
  belowZero: (balance: string) =>
    `The company has SGD ${balance}: a correction cannot take its balance below zero.`,
  duplicateChannel: "Each channel may be listed once.",
  topupNotFound: TOPUP_MESSAGES.notFound,
  topupAnswered: TOPUP_MESSAGES.answered,
} as const;

/**
 * The operator's calls (and Top Up's new fields): the first schema violation of a request in the console's own
 * words (validation-messages.ts); undefined leaves it to the common messages.
 */
export function operatorFieldMessage(
  path: string,
  field: string,
  missing: string | undefined,
  v: FastifySchemaValidationError | undefined,
): { status: number; message: string } | undefined {
  const bad = (message: string, status = 400) => ({ status, message });
  const tooLong = v?.keyword === "maxLength";
  if (path === "/topupReq") {
    if (field === "amount") return bad(OPERATOR_MESSAGES.badAmount);
    if (field === "note") return bad("The note can be at most 500 characters.");
    return undefined;
  }
  if (!path.startsWith("/operator/")) return undefined;
  switch (field) {
    case "reason":
      return bad(tooLong ? "The reason can be at most 500 characters." : OPERATOR_MESSAGES.reasonRequired);
    case "message":
      return bad(
        tooLong ? "The message can be at most 500 characters." : "Please write a message for the company.",
      );
    case "limit":
      if (path.endsWith("/user-limit"))
        return bad("The user limit must be a whole number from 0 to 100,000.");
      return bad("Rows per page must be a whole number from 1 to 200.");
    case "amount":
      if (v?.keyword === "maximum" || v?.keyword === "minimum")
        return bad("The amount can be at most SGD 1,000,000.");
      return bad(OPERATOR_MESSAGES.badAmount);
    case "prices":
      return bad(
        "Prices are whole numbers of cents from 0 to 100,000 (or empty for the default), one per channel.",
      );
    case "name":
      return bad(tooLong ? "The name can be at most 100 characters." : "Please enter your name.");
    case "token":
      return bad(OPERATOR_MESSAGES.linkInvalid);
    case "challenge":
      return bad(OPERATOR_MESSAGES.challengeEnded, 401);
    case "code":
      return bad("Enter the 6-digit code from the e-mail.");
    case "email":
      return bad(missing ? "Please enter your e-mail and password." : OPERATOR_MESSAGES.wrongCredentials);
    case "status":
      return bad("Unknown status.");
    case "q":
      return bad("The search text can be at most 100 characters.");
    case "cursor":
      return bad(OPERATOR_MESSAGES.badCursor);
    default:
      return undefined;
  }
}
