/**
 * Password rules (required; at least 12 characters with an uppercase letter, a lowercase letter, a digit and
 * one of `PASSWORD_SPECIALS`) and the block-list of common passwords.
 *
 * `validatePassword` is the spec's rules, with one addition: a passphrase of `PASSPHRASE_MIN_LENGTH` or more
 * characters of any kind is accepted without the composition rule (OWASP ASVS 5.0 6.2.5). `validateNewPassword`
 * adds the block-list and is what registration, user add, reset and password change should use for a
 * password being set.
 */
import { COMMON_PASSWORDS } from "./common-passwords";

/** The special characters the spec allows (and requires one of). */
export const PASSWORD_SPECIALS = "!@#$%*_?&";
export const PASSWORD_MIN_LENGTH = 12;
/** From this many characters a password needs no particular kinds of character ("correct horse battery staple"). */
export const PASSPHRASE_MIN_LENGTH = 15;

export const PASSWORD_REQUIRED = "Password is required";
export const PASSWORD_TOO_SHORT = "Password must be at least 12 characters long";
export const PASSWORD_COMPOSITION =
  "Password must be 12+ chars with 1 uppercase [A-Z], 1 lowercase [a-z], 1 number [0-9], and 1 special character [!@#$%*_?&].";
export const PASSWORD_CONFIRM_REQUIRED = "Please confirm your password";
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";
export const PASSWORDS_DO_NOT_MATCH_REGISTRATION = "Passwords do not match!";
export const PASSWORD_TOO_COMMON = "This password is too common. Please choose another.";

export type PasswordError =
  | typeof PASSWORD_REQUIRED
  | typeof PASSWORD_TOO_SHORT
  | typeof PASSWORD_COMPOSITION;
export type NewPasswordError = PasswordError | typeof PASSWORD_TOO_COMMON;
export type PasswordConfirmError =
  | typeof PASSWORD_CONFIRM_REQUIRED
  | typeof PASSWORDS_DO_NOT_MATCH
  | typeof PASSWORDS_DO_NOT_MATCH_REGISTRATION;

const SPECIALS = new Set(PASSWORD_SPECIALS);

function isUpper(c: string): boolean {
  return c >= "A" && c <= "Z";
}
function isLower(c: string): boolean {
  return c >= "a" && c <= "z";
}
function isDigit(c: string): boolean {
  return c >= "0" && c <= "9";
}

/**
 * True when the password has at least one uppercase letter, one lowercase letter, one digit and one of
 * `PASSWORD_SPECIALS`, and no other characters (the spec lists the specials "allowed"; the usual pattern
 * `[A-Za-z\d!@#$%*_?&]{12,}`). Length is not checked here.
 */
export function meetsPasswordComposition(pw: string): boolean {
  let upper = false;
  let lower = false;
  let digit = false;
  let special = false;
  for (const c of pw) {
    if (isUpper(c)) upper = true;
    else if (isLower(c)) lower = true;
    else if (isDigit(c)) digit = true;
    else if (SPECIALS.has(c)) special = true;
    else return false;
  }
  return upper && lower && digit && special;
}

/**
 * The spec's password rules, in order: required, at least 12 characters, composition; a passphrase of 15 or
 * more characters (any characters, spaces included) needs no composition. Lengths count characters.
 */
export function validatePassword(pw: string | null | undefined): PasswordError | null {
  if (pw === null || pw === undefined || pw.length === 0) return PASSWORD_REQUIRED;
  const length = [...pw].length;
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (length >= PASSPHRASE_MIN_LENGTH) return null;
  if (!meetsPasswordComposition(pw)) return PASSWORD_COMPOSITION;
  return null;
}

/** Confirm-password rule: required, then must equal the password ('Passwords do not match!' on registration). */
export function validatePasswordConfirm(
  pw: string | null | undefined,
  confirm: string | null | undefined,
  options: { registration?: boolean } = {},
): PasswordConfirmError | null {
  if (confirm === null || confirm === undefined || confirm.length === 0) return PASSWORD_CONFIRM_REQUIRED;
  if ((pw ?? "") !== confirm) {
    return options.registration ? PASSWORDS_DO_NOT_MATCH_REGISTRATION : PASSWORDS_DO_NOT_MATCH;
  }
  return null;
}

const COMMON = new Set(COMMON_PASSWORDS);

const LEET: Readonly<Record<string, string>> = {
  "@": "a",
  "4": "a",
  "8": "b",
  "3": "e",
  "6": "g",
  "0": "o",
  $: "s",
  "5": "s",
  "7": "t",
  "+": "t",
};

function deLeet(s: string, one: "i" | "l"): string {
  let out = "";
  for (const c of s) out += c === "1" || c === "!" ? one : (LEET[c] ?? c);
  return out;
}

const NON_LETTERS_START = /^[^a-z]+/;
const NON_LETTERS_END = /[^a-z]+$/;

/** Strips leading and trailing characters that are not letters: "!!password2024#" -> "password". */
function letterCore(s: string): string {
  return s.replace(NON_LETTERS_START, "").replace(NON_LETTERS_END, "");
}

/** Spaces and the usual word separators of a passphrase ("pass word", "pass-word", "pass.word"). */
const SEPARATORS = /[\s_.,;:+-]+/gu;

/** Every string the text is two or more repetitions of ("abab" -> ["ab"], "aaaa" -> ["a", "aa"]). */
function repeatedUnits(text: string): string[] {
  const chars = [...text];
  const units: string[] = [];
  for (let size = 1; size <= chars.length / 2; size++) {
    if (chars.length % size !== 0) continue;
    const unit = chars.slice(0, size).join("");
    if (unit.repeat(chars.length / size) === text) units.push(unit);
  }
  return units;
}

/**
 * True when the password is on the block-list, compared case-insensitively. Besides the exact password it
 * checks the word left after removing leading/trailing digits and symbols ("Summer2024!!" -> "summer") and
 * that word with common character substitutions undone ("P@ssw0rd!123" -> "password", "@dmin1234!" ->
 * "admin"), when the word has at least 4 letters. A phrase is checked with its spaces and separators taken
 * out ("pass word 1234" -> "password1234"), and one character or block-listed word said again and again
 * ("aaaaaaaaaaaaaaa", "password password 2024") is common too.
 */
export function isCommonPassword(pw: string): boolean {
  const lower = pw.toLowerCase();
  const compact = lower.replace(SEPARATORS, "");
  if (compact.length === 0) return true; // nothing but spaces and separators
  const units = [...repeatedUnits(compact), ...repeatedUnits(letterCore(compact))];
  if (units.some((unit) => [...unit].length === 1)) return true;
  return [lower, compact, ...units].some(isCommonWord);
}

function isCommonWord(lower: string): boolean {
  if (COMMON.has(lower)) return true;
  const trimmed = [
    letterCore(lower),
    lower.replace(NON_LETTERS_END, ""),
    lower.replace(NON_LETTERS_START, ""),
  ];
  const candidates = new Set<string>();
  for (const t of trimmed) {
    candidates.add(letterCore(t));
    candidates.add(letterCore(deLeet(t, "i")));
    candidates.add(letterCore(deLeet(t, "l")));
  }
  for (const c of candidates) if (c.length >= 4 && COMMON.has(c)) return true;
  return false;
}

/** The spec's rules plus the common-password block-list: use for any password being set. */
export function validateNewPassword(pw: string | null | undefined): NewPasswordError | null {
  const ruleError = validatePassword(pw);
  if (ruleError !== null) return ruleError;
  if (isCommonPassword(pw ?? "")) return PASSWORD_TOO_COMMON;
  return null;
}
