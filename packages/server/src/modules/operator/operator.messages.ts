/** What the operator's console and its sign-in say. */
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
  badCursor: "This page link is no longer valid. Please start from the first page.",
  badAmount: "Enter an amount in SGD with at most two decimals.",
  zeroAmount: "Enter an amount other than zero.",
  belowZero: (balance: string) =>
    `The company has SGD ${balance}: a correction cannot take its balance below zero.`,
  duplicateChannel: "Each channel may be listed once.",
  topupNotFound: "Top-up request not found",
  topupAnswered: "This request was already answered.",
} as const;
