/**
 * Phone numbers: the contact-number rules of both specifications and thin, typed wrappers around
 * libphonenumber-js (default "min" metadata, which works in Node and in the browser).
 *
 * Storage convention: a contact number is stored as the calling code followed by the
 * national digits, without a plus sign ("6591234567"), and shown with a plus ("+65 9123 4567").
 */
import {
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  type PhoneNumber,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
} from "libphonenumber-js";
import { CONTACT_NUMBER_REQUIRED, CONTACT_NUMBER_TOO_LONG, CONTACT_NUMBER_TOO_SHORT } from "./phone-messages";

/** Default country of the contact number in user add/edit/profile forms. */
export const DEFAULT_REGION_USER_FORMS = "MY";
/** Default country of the contact number in the contact forms (and other contact forms). */
export const DEFAULT_REGION_CONTACTS = "SG";
/** Country shown first in the registration country picker (Singapore). */
export const REGISTRATION_DEFAULT_COUNTRY = "SG";

export const CONTACT_NUMBER_MIN_DIGITS = 7;
export const CONTACT_NUMBER_MAX_DIGITS = 15;
/** Registration cuts the contact input at 16 digits, then rejects it if over 15. */
export const REGISTRATION_CONTACT_INPUT_MAX_DIGITS = 16;

export { CONTACT_NUMBER_REQUIRED, CONTACT_NUMBER_TOO_LONG, CONTACT_NUMBER_TOO_SHORT };

export type ContactNumberError =
  | typeof CONTACT_NUMBER_REQUIRED
  | typeof CONTACT_NUMBER_TOO_SHORT
  | typeof CONTACT_NUMBER_TOO_LONG;

/** Removes every character that is not an ASCII digit 0-9. */
export function stripNonDigits(input: string | number | null | undefined): string {
  if (input === null || input === undefined) return "";
  return String(input).replace(/[^0-9]/g, "");
}

/**
 * Contact number rule (both specs): required, 7 to 15 digits. Non-digits are stripped before counting,
 * so passing the raw input is fine. Returns the spec's message or null.
 */
export function validateContactNumber(digits: string | null | undefined): ContactNumberError | null {
  const d = stripNonDigits(digits);
  if (d.length === 0) return CONTACT_NUMBER_REQUIRED;
  if (d.length < CONTACT_NUMBER_MIN_DIGITS) return CONTACT_NUMBER_TOO_SHORT;
  if (d.length > CONTACT_NUMBER_MAX_DIGITS) return CONTACT_NUMBER_TOO_LONG;
  return null;
}

/** A stored contact number whose calling code cannot be read (accounts spec's registration message). */
export const CONTACT_NUMBER_INVALID = "Invalid Contact Number";

/**
 * The one contact-number rule for a whole stored number ("6591234567": calling code then national
 * digits): a readable calling code, then 7 to 15 digits counted on the national part, as the forms count
 * them with the country code kept separately. Registration, own profile and the Account Settings form all
 * use it, so a number accepted once is accepted again. Returns the spec's message or null.
 */
export function validateStoredContactNumber(
  stored: string | null | undefined,
): ContactNumberError | typeof CONTACT_NUMBER_INVALID | null {
  if (stripNonDigits(stored).length === 0) return CONTACT_NUMBER_REQUIRED;
  const split = splitContactNumber(stored);
  if (!split) {
    // libphonenumber-js reads no calling code: too few digits for one plus 7, too many, or no such code
    const length = stripNonDigits(stored).length;
    if (length <= CONTACT_NUMBER_MIN_DIGITS) return CONTACT_NUMBER_TOO_SHORT;
    return length > CONTACT_NUMBER_MAX_DIGITS ? CONTACT_NUMBER_TOO_LONG : CONTACT_NUMBER_INVALID;
  }
  return validateContactNumber(split.nationalNumber);
}

/** libphonenumber-js throws for an unknown default calling code; treat that as "not a number". */
function tryParse(
  text: string,
  options: { defaultCountry?: CountryCode; defaultCallingCode?: string; extract?: boolean } = {},
): PhoneNumber | undefined {
  try {
    return parsePhoneNumberFromString(text, options);
  } catch {
    return undefined;
  }
}

function toCountryCode(region: string | null | undefined): CountryCode | undefined {
  if (!region) return undefined;
  const upper = region.trim().toUpperCase();
  return isSupportedCountry(upper) ? upper : undefined;
}

/** True when libphonenumber-js knows the ISO 3166-1 alpha-2 region ("SG", "my"). */
export function isSupportedRegion(region: string | null | undefined): boolean {
  return toCountryCode(region) !== undefined;
}

/** The calling code of a region, without plus: "SG" -> "65". Null for an unknown region. */
export function callingCodeFor(region: string | null | undefined): string | null {
  const cc = toCountryCode(region);
  return cc === undefined ? null : getCountryCallingCode(cc);
}

/**
 * E.164 form ("+6591234567") of a calling code and national digits, via libphonenumber-js: national trunk
 * prefixes are dropped ("60", "0123456789" -> "+60123456789"). Null when the input cannot form a number.
 * The result is not necessarily a valid number; use `parsePhone` for that.
 */
export function toE164(callingCode: string | number, nationalDigits: string): string | null {
  const cc = stripNonDigits(callingCode);
  const national = stripNonDigits(nationalDigits);
  if (cc.length === 0 || national.length === 0) return null;
  const parsed = tryParse(national, { defaultCallingCode: cc });
  return parsed ? parsed.number : null;
}

export interface ParsedPhone {
  /** Calling code without plus, e.g. "65". */
  callingCode: string;
  /** National significant number, e.g. "91234567". */
  nationalNumber: string;
  /** "+6591234567" */
  e164: string;
  /** ISO region ("SG"), or null for non-geographic numbers or when ambiguous. */
  region: string | null;
  /** Full validity check against libphonenumber-js metadata. */
  valid: boolean;
}

/**
 * Parses free input: "+65 9123 4567", "6591234567" or "91234567" with default region "SG", "(+60) 12-345 6789".
 * A number written with a leading "+" (or an international prefix) ignores the default region.
 * Returns null when nothing number-like can be read.
 */
export function parsePhone(
  input: string | number | null | undefined,
  defaultRegion?: string,
): ParsedPhone | null {
  if (input === null || input === undefined) return null;
  const text = String(input).trim();
  if (stripNonDigits(text).length === 0) return null;
  const region = toCountryCode(defaultRegion);
  const parsed = tryParse(text, region ? { defaultCountry: region } : {});
  if (!parsed) return null;
  return {
    callingCode: parsed.countryCallingCode,
    nationalNumber: parsed.nationalNumber,
    e164: parsed.number,
    region: parsed.country ?? null,
    valid: parsed.isValid(),
  };
}

/**
 * The stored form of a contact number: calling code then digits, no plus ("65", "9123 4567" -> "6591234567").
 * When libphonenumber-js reads the pair as a valid number, its normalised digits are used (trunk prefix
 * dropped, a repeated calling code removed); otherwise the plain concatenation of the digits.
 */
export function joinContactNumber(callingCode: string | number, digits: string): string {
  const cc = stripNonDigits(callingCode);
  const national = stripNonDigits(digits);
  if (cc.length > 0 && national.length > 0) {
    const parsed = tryParse(national, { defaultCallingCode: cc });
    if (parsed?.isValid()) return parsed.number.slice(1);
  }
  return cc + national;
}

/** Splits a stored contact number ("6591234567" or "+6591234567") into calling code and national number. */
export function splitContactNumber(
  stored: string | number | null | undefined,
): { callingCode: string; nationalNumber: string } | null {
  const digits = stripNonDigits(stored);
  if (digits.length === 0) return null;
  const parsed = tryParse(`+${digits}`);
  if (!parsed) return null;
  return { callingCode: parsed.countryCallingCode, nationalNumber: parsed.nationalNumber };
}

/**
 * Display form of a stored contact number: "6591234567" -> "+65 9123 4567". A number libphonenumber-js
 * cannot read is shown as "+" and its digits; an empty value as "-".
 */
export function formatContactNumber(stored: string | number | null | undefined): string {
  const digits = stripNonDigits(stored);
  if (digits.length === 0) return "-";
  const parsed = tryParse(`+${digits}`);
  return parsed ? parsed.formatInternational() : `+${digits}`;
}

/**
 * Template-broadcast recipient rule: the number must be valid in international format;
 * a "+" is added if missing. Spaces, dashes, dots and brackets are ignored; any other character rejects it. Returns the E.164 number ("+6591234567") or null when not valid.
 */
export function normalizeRecipient(input: string | number | null | undefined): string | null {
  if (input === null || input === undefined) return null;
  // Spaces, dashes, dots and brackets are formatting; anything else (letters) makes the number invalid.
  const text = String(input).replace(/[\s().-]/g, "");
  if (stripNonDigits(text).length === 0) return null;
  const withPlus = text.startsWith("+") ? text : `+${text}`;
  const parsed = tryParse(withPlus, { extract: false });
  return parsed?.isValid() ? parsed.number : null;
}

/** A typed recipient number read as a phone number (`readRecipientNumber`). */
export type RecipientNumber = { ok: true; e164: string } | { ok: false; reason: string };

/** Separators of typed or pasted recipient numbers: line breaks, commas, semicolons and tabs (not spaces). */
export const RECIPIENT_NUMBER_SEPARATORS = /[\r\n,;\t]+/;

/** Splits pasted text (a spreadsheet column, a comma-separated list) into numbers; spaces stay inside a number. */
export function splitRecipientNumbers(text: string): string[] {
  return text
    .split(RECIPIENT_NUMBER_SEPARATORS)
    .map((piece) => piece.trim().replace(/\s+/g, " "))
    .filter((piece) => piece.length > 0);
}

/**
 * Reads a number as people write it — "+65 9123 4567", "9123 4567", "(65) 8123-4567", "6591234567",
 * "0065 9123 4567" — with the company's country for numbers written without their country code. Answers the
 * E.164 number, or why it is not a mobile number one can send to.
 */
export function readRecipientNumber(input: string, defaultRegion: string): RecipientNumber {
  const text = input.trim();
  const region = toCountryCode(defaultRegion);
  const countryName = (code: string | undefined) =>
    code ? (new Intl.DisplayNames(["en"], { type: "region" }).of(code) ?? code) : "its country";
  if (!text) return { ok: false, reason: "No digits" };
  if (/[^0-9+\s().\-/]/.test(text))
    return { ok: false, reason: "Only digits, spaces, dashes and brackets can be in a number" };
  const digits = stripNonDigits(text);
  if (digits.length === 0) return { ok: false, reason: "No digits" };
  const international = text.startsWith("+") || text.startsWith("00");
  const candidates: (PhoneNumber | undefined)[] = [];
  if (international) candidates.push(tryParse(text.startsWith("00") ? `+${digits.slice(2)}` : text));
  else {
    candidates.push(tryParse(text, region ? { defaultCountry: region } : {}));
    // the stored form, calling code first without a plus ("60123456789")
    candidates.push(tryParse(`+${digits}`));
  }
  const valid = candidates.find((c) => c?.isValid());
  if (valid) return { ok: true, e164: valid.number };
  const first = candidates[0];
  const country = first?.country ?? (international ? undefined : region);
  if (international && !first) return { ok: false, reason: "No country has this calling code" };
  const national = first?.nationalNumber ?? digits;
  const where = international ? `a number of ${countryName(country)}` : `a ${countryName(region)} number`;
  const example = international ? "" : " (a number of another country starts with + and its country code)";
  if (national.length < 7 || (first && validateLength(first) === "TOO_SHORT"))
    return { ok: false, reason: `Too few digits for ${where}` };
  if (digits.length > CONTACT_NUMBER_MAX_DIGITS || (first && validateLength(first) === "TOO_LONG"))
    return { ok: false, reason: `Too many digits for ${where}` };
  return { ok: false, reason: `Not a valid mobile number of ${countryName(country)}${example}` };
}

function validateLength(p: PhoneNumber): string | undefined {
  try {
    return validatePhoneNumberLength(p.number);
  } catch {
    return undefined;
  }
}
