import {
  CONTACT_NUMBER_MAX_DIGITS,
  CONTACT_NUMBER_MIN_DIGITS,
  formatContactNumber,
  parsePhone,
} from "@herald/domain";

export type MobileCheck = { ok: true; mobile: string } | { ok: false; reason: string };

/** Formatting a number may carry: spaces, dots, dashes and brackets. */
const FORMATTING = /[\s().\-\u00a0]/g;

/**
 * Whether the server will send to a number typed in --to, and why not, in words: the rule the server applies to
 * compose recipients (7 to 15 digits; with '+' or '00' international, otherwise a Singapore number first, then
 * a calling code and number). `mobile` is the stored form, digits without '+'.
 */
export function checkMobile(raw: string, region = "SG"): MobileCheck {
  const text = raw.trim().replace(FORMATTING, "");
  if (text.length === 0) return { ok: false, reason: "empty" };
  const international = text.startsWith("+") || text.startsWith("00");
  const digits = international ? text.replace(/^(\+|00)/, "") : text;
  if (!/^[0-9]+$/.test(digits)) return { ok: false, reason: "only digits, spaces, dashes and brackets" };
  if (digits.length < CONTACT_NUMBER_MIN_DIGITS)
    return { ok: false, reason: `too short: at least ${CONTACT_NUMBER_MIN_DIGITS} digits` };
  if (digits.length > CONTACT_NUMBER_MAX_DIGITS)
    return { ok: false, reason: `too long: at most ${CONTACT_NUMBER_MAX_DIGITS} digits` };
  if (!international) {
    const national = parsePhone(digits, region);
    if (national?.valid) return { ok: true, mobile: national.e164.slice(1) };
  }
  const withCode = parsePhone(`+${digits}`);
  if (withCode?.valid) return { ok: true, mobile: withCode.e164.slice(1) };
  return {
    ok: false,
    reason: international
      ? "no such number in its country"
      : "neither a Singapore number nor one with a country code; write it as +<country code> <number>",
  };
}

/** "12345 is not a valid mobile number (too short: at least 7 digits)". */
export const refusedNumber = (raw: string, reason: string) =>
  `${raw.trim() || '""'} is not a valid mobile number (${reason})`;

/** "+65 9123 4567" for "6591234567". */
export const showMobile = (digits: string) => formatContactNumber(digits);
