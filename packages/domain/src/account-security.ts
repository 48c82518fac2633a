/**
 * Sensitive own-account changes (ASVS 7.5.1): turning two-factor sign-in off and changing the e-mail
 * address or the contact number (where codes go) need the current password. The portal asks for it on
 * the same rule the server enforces.
 */
import { stripNonDigits } from "./phone";

export const CURRENT_PASSWORD_REQUIRED = "Please enter your current password to confirm this change.";
export const CURRENT_PASSWORD_WRONG = "Your current password is not correct.";
/** After an own e-mail change: the link goes to the new address; the old one stays until it is used. */
export const EMAIL_CHANGE_LINK_SENT = "A verification link has been sent to your new e-mail.";
export const EMAIL_CHANGE_PENDING =
  "Your e-mail address changes once you open that link. Until then, keep signing in with your current address.";

/** Same address ignoring case and surrounding whitespace. */
export function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  return (a ?? "").trim().toLowerCase() === (b ?? "").trim().toLowerCase();
}

/** Same contact number digit for digit ("+65 9123 4567" and "6591234567" are the same). */
export function sameContactNumber(a: string | null | undefined, b: string | null | undefined): boolean {
  return stripNonDigits(a) === stripNonDigits(b);
}

/** Which parts of an own-profile save need the current password. */
export function profileChangeNeedsPassword(
  before: { email: string; contactNumber: string },
  after: { email: string; contactNumber: string },
): { email: boolean; contactNumber: boolean; any: boolean } {
  const email = !sameEmail(before.email, after.email);
  const contactNumber = !sameContactNumber(before.contactNumber, after.contactNumber);
  return { email, contactNumber, any: email || contactNumber };
}

/** Turning two-factor sign-in off (Y to N) needs the current password; turning it on does not. */
export function twoFactorChangeNeedsPassword(before: string, after: string): boolean {
  return before === "Y" && after !== "Y";
}
