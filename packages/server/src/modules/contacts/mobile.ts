/**
 * Contact numbers: the contact forms' rule (7 to 15 digits, country default SG) and E.164 normalisation with
 * libphonenumber-js (through @herald/domain). A number is stored as its E.164 digits without '+'.
 */
import {
  CONTACT_NUMBER_MAX_DIGITS,
  CONTACT_NUMBER_MIN_DIGITS,
  MESSAGES,
  parsePhone,
  stripNonDigits,
  validateContactNumber,
} from "@herald/domain";

export type MobileResult = { ok: true; mobile: string } | { ok: false; reason: string };

/** Formatting a number may carry: spaces, dots, dashes, brackets and a leading '+'. */
const FORMATTING = /[\s().\-\u00a0]/g;

/**
 * The stored form of a contact number written in a form or a file: "+65 9123 4567", "6591234567" and (with
 * region SG) "91234567" all give "6591234567". A number with '+' or '00' is international only; otherwise it is
 * read as a national number of `region` first, then as calling code and number. Letters, fewer than 7 or more
 * than 15 digits, or no valid number: the contact forms' messages as reasons.
 */
export function normalizeContactMobile(raw: string, region: string): MobileResult {
  const text = raw.trim().replace(FORMATTING, "");
  if (text.length === 0) return { ok: false, reason: MESSAGES.contactNumberRequired };
  const international = text.startsWith("+") || text.startsWith("00");
  const digits = international ? text.replace(/^(\+|00)/, "") : text;
  if (!/^[0-9]+$/.test(digits)) {
    return { ok: false, reason: MESSAGES.invalidContactNumber };
  }
  const lengthProblem = validateContactNumber(digits);
  if (lengthProblem) return { ok: false, reason: lengthProblem };
  if (!international) {
    const national = parsePhone(digits, region);
    if (national?.valid) return { ok: true, mobile: national.e164.slice(1) };
  }
  const withCode = parsePhone(`+${digits}`);
  if (withCode?.valid) return { ok: true, mobile: withCode.e164.slice(1) };
  return { ok: false, reason: MESSAGES.invalidContactNumber };
}

export { CONTACT_NUMBER_MAX_DIGITS, CONTACT_NUMBER_MIN_DIGITS, stripNonDigits };
