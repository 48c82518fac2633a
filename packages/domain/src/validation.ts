/** Field limits, business constants and small validators shared by forms, the server and the CLI. */

export const DEPARTMENT_NAME_MAX = 50;
export const DEPARTMENT_DESC_MAX = 255;
export const REGISTRATION_NAME_MAX = 20;
export const CAMPAIGN_NAME_MAX = 50;
export const GROUP_NAME_MAX = 100;
export const BROADCAST_NAME_MAX = 50;
export const DESCRIPTION_MAX = 255;
/** Mobile subscription list upload: 70KB. */
export const MOBILE_UPLOAD_MAX_BYTES = 71680;
/** Contact / broadcast file upload limit as the spec's check compares it (its message says 1.5 MB). */
export const CONTACT_UPLOAD_MAX_BYTES = 157286400;

export const PAGE_SIZES = {
  users: [100, 200, 500],
  departments: [100, 200, 500],
  contacts: [100, 200, 500],
  groupMembers: [10, 100, 1000],
  agents: [5, 10, 15],
  default: [1000, 2000, 5000],
} as const;
export type PageSizeKind = keyof typeof PAGE_SIZES;
/** The pager shows up to this many page numbers. */
export const PAGER_MAX_PAGES = 5;

/** Session token check interval. */
export const SESSION_CHECK_MS = 5000;
/** One-time code resend countdown. */
export const RESEND_COUNTDOWN_S = 30;
/** Chat room and message polling interval. */
export const POLL_MS = 1500;

export const REQUIRED = "This is required";
export const EMAIL_REQUIRED_REGISTRATION = "Email Address is required";
export const INVALID_EMAIL_FORMAT = "Invalid email format";
export const THRESHOLD_ORDER = "Second threshold must be smaller than the first threshold";
export const DEPARTMENT_NAME_REQUIRED_EDIT = "Department name is required";
export const BROADCAST_NAME_REQUIRED = "Broadcast Name is Required!";
export const BROADCAST_NAME_TOO_LONG = "Broadcast Name cannot exceeds 50 characters";
export const BROADCAST_DESCRIPTION_TOO_LONG = "Broadcast Description cannot exceeds 255 characters";
export const MOBILE_FILE_TOO_LARGE = "File size cannot be greater than 70KB !";
export const UNSUPPORTED_FILE_TYPE = "Unsupported file type";

const EMAIL_MAX = 254;
const EMAIL_LOCAL_MAX = 64;
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LEVEL = /^[A-Za-z]{2,63}$|^xn--[A-Za-z0-9-]{1,59}$/;

/**
 * A sane e-mail check: one "@", a dot-atom local part of at most 64 characters, and a domain of at least
 * two DNS labels whose last is alphabetic (or an IDN "xn--" label). No surrounding whitespace.
 */
export function isValidEmail(s: string | null | undefined): boolean {
  if (typeof s !== "string" || s.length === 0 || s.length > EMAIL_MAX) return false;
  const at = s.lastIndexOf("@");
  if (at <= 0) return false;
  const local = s.slice(0, at);
  const domain = s.slice(at + 1);
  if (local.length > EMAIL_LOCAL_MAX || !LOCAL_PART.test(local)) return false;
  const labels = domain.split(".");
  if (labels.length < 2) return false;
  if (!labels.every((label) => DOMAIN_LABEL.test(label))) return false;
  return TOP_LEVEL.test(labels[labels.length - 1] ?? "");
}

/**
 * E-mail field: required ('Email Address is required' on registration, 'This is required' elsewhere), then
 * 'Invalid email format'. Surrounding whitespace is ignored.
 */
export function validateEmail(
  value: string | null | undefined,
  options: { registration?: boolean } = {},
): typeof REQUIRED | typeof EMAIL_REQUIRED_REGISTRATION | typeof INVALID_EMAIL_FORMAT | null {
  const s = (value ?? "").trim();
  if (s.length === 0) return options.registration ? EMAIL_REQUIRED_REGISTRATION : REQUIRED;
  return isValidEmail(s) ? null : INVALID_EMAIL_FORMAT;
}

/** True when the value is missing or only whitespace. */
export function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim().length === 0;
}

/** Required text field: returns `message` ('This is required' by default) when blank, else null. */
export function validateRequired(
  value: string | null | undefined,
  message: string = REQUIRED,
): string | null {
  return isBlank(value) ? message : null;
}

/** Length as text inputs count it (UTF-16 code units, like the `maxlength` attribute). */
export function textLength(value: string | null | undefined): number {
  return value?.length ?? 0;
}

export function isWithinMax(value: string | null | undefined, max: number): boolean {
  return textLength(value) <= max;
}

/** Live counter under a field: counterText("Sales", 50) -> "5/50". */
export function counterText(value: string | null | undefined, max: number): string {
  return `${textLength(value)}/${max}`;
}

/** Department name: required ('Department name is required' on the edit page), at most 50. */
export function validateDepartmentName(
  name: string | null | undefined,
  options: { editPage?: boolean } = {},
): typeof REQUIRED | typeof DEPARTMENT_NAME_REQUIRED_EDIT | null {
  if (isBlank(name)) return options.editPage ? DEPARTMENT_NAME_REQUIRED_EDIT : REQUIRED;
  return null;
}

/** Both thresholds required; the second must be smaller than the first. */
export function validateThresholds(first: number, second: number): typeof THRESHOLD_ORDER | null {
  return Number.isFinite(first) && Number.isFinite(second) && second < first ? null : THRESHOLD_ORDER;
}

/** Broadcast name: required, at most 50 characters (uniqueness is checked by the server). */
export function validateBroadcastName(
  name: string | null | undefined,
): typeof BROADCAST_NAME_REQUIRED | typeof BROADCAST_NAME_TOO_LONG | null {
  if (isBlank(name)) return BROADCAST_NAME_REQUIRED;
  return isWithinMax(name, BROADCAST_NAME_MAX) ? null : BROADCAST_NAME_TOO_LONG;
}

/** Broadcast description: optional, at most 255 characters. */
export function validateBroadcastDescription(
  description: string | null | undefined,
): typeof BROADCAST_DESCRIPTION_TOO_LONG | null {
  return isWithinMax(description, DESCRIPTION_MAX) ? null : BROADCAST_DESCRIPTION_TOO_LONG;
}

/** Mobile subscription list upload: at most 71680 bytes. */
export function validateMobileUploadSize(bytes: number): typeof MOBILE_FILE_TOO_LARGE | null {
  return bytes <= MOBILE_UPLOAD_MAX_BYTES ? null : MOBILE_FILE_TOO_LARGE;
}

/** Contact, broadcast and compose uploads: .csv or .xlsx only (by file name, case-insensitive). */
export function validateUploadFileType(
  fileName: string | null | undefined,
): typeof UNSUPPORTED_FILE_TYPE | null {
  return /\.(csv|xlsx)$/i.test(fileName ?? "") ? null : UNSUPPORTED_FILE_TYPE;
}
