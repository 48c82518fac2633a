import type { Schema } from "@herald/api-client";
import {
  isOwnerFlag,
  joinContactNumber,
  MESSAGES,
  type Role,
  splitContactNumber,
  stripNonDigits,
  validateContactNumber,
  validateEmail,
  validatePassword,
  validatePasswordConfirm,
  validateStoredContactNumber,
} from "@herald/domain";
import type { PhoneValue } from "@herald/ui";

/** The rules of the users screens, apart from their components. */

type User = Schema<"User">;

/** Longest first or last name the server takes (PersonName in openapi.yaml). */
export const NAME_MAX = 50;
export const EMAIL_MAX = 254;

export const ROLE_OPTIONS: readonly { value: Role; label: string }[] = [
  { value: "admin", label: "Admin" },
  { value: "supervisor", label: "Supervisor" },
  { value: "agent", label: "Agent" },
];

/** The profile part of the add and edit forms. */
export interface ProfileValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: PhoneValue;
  dept: string[];
  userRole: Role | "";
  login2fa: boolean;
}

export interface PasswordValues {
  password: string;
  confirmPass: string;
}

export type FormErrors = Partial<Record<keyof ProfileValues | keyof PasswordValues | "amount", string>>;

const MY_CALLING_CODE = "60";
/** Singapore's, the calling code of a company that never chose its country. */
const DEFAULT_CALLING_CODE = "65";

/** An empty profile whose phone starts with `callingCode` (the company country's). */
export const emptyProfile = (callingCode: string = DEFAULT_CALLING_CODE): ProfileValues => ({
  firstName: "",
  lastName: "",
  email: "",
  phone: { callingCode, number: "" },
  dept: [],
  userRole: "",
  login2fa: false,
});

export function profileFromUser(user: User): ProfileValues {
  const split = splitContactNumber(user.contactNumber);
  return {
    firstName: user.firstName,
    lastName: user.lastName ?? "",
    email: user.email,
    phone: {
      callingCode: split?.callingCode ?? MY_CALLING_CODE,
      number: split?.nationalNumber ?? stripNonDigits(user.contactNumber),
    },
    dept: user.dept.map((d) => d.id),
    userRole: user.userRole,
    login2fa: user.login2fa === "Y",
  };
}

/** The stored form of the contact number: calling code then national digits, no plus. */
export const contactNumberOf = (phone: PhoneValue) => joinContactNumber(phone.callingCode, phone.number);

function contactNumberError(phone: PhoneValue): string | null {
  return validateContactNumber(phone.number) ?? validateStoredContactNumber(contactNumberOf(phone));
}

/** Each field's rule and the specification's message. */
export function profileError(field: keyof ProfileValues, v: ProfileValues): string | null {
  switch (field) {
    case "firstName":
      return v.firstName.trim() ? null : MESSAGES.required;
    case "email":
      return validateEmail(v.email);
    case "phone":
      return contactNumberError(v.phone);
    case "dept":
      return v.dept.length > 0 ? null : MESSAGES.required;
    case "userRole":
      return v.userRole ? null : MESSAGES.required;
    default:
      return null;
  }
}

export function validateProfile(v: ProfileValues): FormErrors {
  const errors: FormErrors = {};
  for (const field of ["firstName", "email", "phone", "dept", "userRole"] as const) {
    const error = profileError(field, v);
    if (error) errors[field] = error;
  }
  return errors;
}

export function validatePasswords(v: PasswordValues): FormErrors {
  const errors: FormErrors = {};
  const password = validatePassword(v.password);
  const confirmPass = validatePasswordConfirm(v.password, v.confirmPass);
  if (password) errors.password = password;
  if (confirmPass) errors.confirmPass = confirmPass;
  return errors;
}

/** The body fields of /addUser and /editUserProfile the profile part sends. */
export function profileBody(v: ProfileValues) {
  return {
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim() || null,
    email: v.email.trim(),
    contactNumber: contactNumberOf(v.phone),
    dept: v.dept,
    userRole: v.userRole as Role,
    login2fa: v.login2fa ? ("Y" as const) : ("N" as const),
  };
}

/** Re-checks the fields that already show an error after a change. */
export function recheckProfile(
  errors: FormErrors,
  next: ProfileValues,
  changed: keyof ProfileValues,
): FormErrors {
  if (!errors[changed]) return errors;
  return { ...errors, [changed]: profileError(changed, next) ?? undefined };
}

export function recheckPasswords(errors: FormErrors, next: PasswordValues): FormErrors {
  const checked = validatePasswords(next);
  return {
    ...errors,
    password: errors.password ? checked.password : undefined,
    confirmPass:
      errors.confirmPass || (next.confirmPass && checked.confirmPass) ? checked.confirmPass : undefined,
  };
}

/** What each role may do, for the info panels beside the forms. */
export const ROLE_INFO: readonly { role: string; text: string }[] = [
  {
    role: "Admin",
    text: "Messaging, and all of the administration: users, departments, credit, keywords and subscription lists. Several admins are allowed.",
  },
  {
    role: "Supervisor",
    text: "Messaging in their departments, and assigning or unassigning chatrooms to agents.",
  },
  {
    role: "Agent",
    text: "Messaging in their departments: chats and broadcasts of the channels assigned to them.",
  },
];

/**
 * Why the signed-in admin may not change this user's profile (edit or delete), or null when they may:
 * deleted users, the owner and yourself are out of reach.
 */
export function editRefusal(user: Pick<User, "id" | "status" | "isOwner">, myId: string | undefined) {
  if (user.status === "deleted")
    return "This user has been deleted, so their profile can no longer be changed.";
  if (user.id === myId) return "This is your own account: change your details in Account Settings.";
  if (isOwnerFlag(user.isOwner)) return "The owner's profile can be changed only by the owner.";
  return null;
}
