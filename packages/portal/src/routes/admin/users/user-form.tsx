import {
  DEFAULT_REGION_USER_FORMS,
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
import {
  Card,
  MultiSelect,
  PasswordField,
  PhoneInput,
  type PhoneValue,
  Select,
  type SelectOption,
  Switch,
  TextField,
} from "@herald/ui";
import { Link } from "react-router";
import { $api } from "../../../api";
import * as s from "./users.css";
import type { User } from "./users.shared";

/** Longest first or last name the server takes (PersonName in openapi.yaml). */
const NAME_MAX = 50;
const EMAIL_MAX = 254;

export const ROLE_OPTIONS: readonly SelectOption<Role>[] = [
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

export const emptyProfile = (): ProfileValues => ({
  firstName: "",
  lastName: "",
  email: "",
  phone: { callingCode: MY_CALLING_CODE, number: "" },
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

/** Each field's rule and the specification's message (accounts spec §5). */
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

/** The company's departments for the picker (every one: GET /departments?pageSize=5000). */
export function useDepartmentOptions() {
  const query = $api.useQuery("get", "/departments", { params: { query: { pageSize: 5000 } } });
  const options = (query.data?.data ?? []).map((d) => ({ value: d.id, label: d.name }));
  return { options, isPending: query.isPending, isError: query.isError };
}

interface ProfileFieldsProps {
  values: ProfileValues;
  errors: FormErrors;
  onChange: (next: ProfileValues, changed: keyof ProfileValues) => void;
  disabled?: boolean;
}

/**
 * First Name, Last Name, Email, Contact Number (Malaysia by default), Department, Role and 2FA. A field's
 * error is re-checked as its value changes, so it never outlives the mistake.
 */
export function ProfileFields({ values, errors, onChange, disabled }: ProfileFieldsProps) {
  const departments = useDepartmentOptions();
  const set = <K extends keyof ProfileValues>(field: K, value: ProfileValues[K]) =>
    onChange({ ...values, [field]: value }, field);
  const deptHelp = departments.isError ? (
    "The departments could not be loaded."
  ) : !departments.isPending && departments.options.length === 0 ? (
    <>
      There are no departments yet: <Link to="/user-manage/department-list">add one under Departments</Link>{" "}
      first.
    </>
  ) : (
    "A user sees the messages of the channels assigned to their departments."
  );
  return (
    <>
      <div className={s.row}>
        <TextField
          label="First Name"
          required
          value={values.firstName}
          onChange={(e) => set("firstName", e.target.value)}
          error={errors.firstName}
          maxLength={NAME_MAX}
          autoComplete="off"
          disabled={disabled}
        />
        <TextField
          label="Last Name"
          value={values.lastName}
          onChange={(e) => set("lastName", e.target.value)}
          maxLength={NAME_MAX}
          autoComplete="off"
          disabled={disabled}
        />
      </div>
      <div className={s.row}>
        <TextField
          label="Email"
          type="email"
          required
          value={values.email}
          onChange={(e) => set("email", e.target.value)}
          error={errors.email}
          maxLength={EMAIL_MAX}
          autoComplete="off"
          disabled={disabled}
        />
        <PhoneInput
          label="Contact Number"
          required
          value={values.phone}
          defaultRegion={DEFAULT_REGION_USER_FORMS}
          onValueChange={(phone) => set("phone", phone)}
          maxDigits={15}
          error={errors.phone}
          disabled={disabled}
        />
      </div>
      <MultiSelect
        label="Department"
        required
        options={departments.options}
        value={values.dept}
        onValueChange={(dept) => set("dept", dept)}
        placeholder={departments.isPending ? "Loading departments…" : "Search departments…"}
        emptyText="No matching department"
        selectedLabel="Selected departments"
        error={errors.dept}
        help={deptHelp}
        disabled={disabled}
      />
      <div className={s.row}>
        <Select<Role>
          label="Role"
          required
          options={ROLE_OPTIONS}
          value={values.userRole}
          onValueChange={(role) => set("userRole", role)}
          placeholder="Select a role"
          error={errors.userRole}
          disabled={disabled}
        />
        <Switch
          label="2FA"
          description="Ask for a one-time code by e-mail or SMS after the password."
          checked={values.login2fa}
          onCheckedChange={(on) => set("login2fa", on)}
          disabled={disabled}
        />
      </div>
    </>
  );
}

interface PasswordFieldsProps {
  values: PasswordValues;
  errors: FormErrors;
  onChange: (next: PasswordValues, changed: keyof PasswordValues) => void;
  disabled?: boolean;
}

/** Password (with the rules hint while focused) and Confirm Password. */
export function PasswordFields({ values, errors, onChange, disabled }: PasswordFieldsProps) {
  return (
    <div className={s.row}>
      <PasswordField
        label="Password"
        required
        value={values.password}
        onChange={(e) => onChange({ ...values, password: e.target.value }, "password")}
        error={errors.password}
        autoComplete="new-password"
        maxLength={128}
        disabled={disabled}
      />
      <PasswordField
        label="Confirm Password"
        required
        value={values.confirmPass}
        onChange={(e) => onChange({ ...values, confirmPass: e.target.value }, "confirmPass")}
        error={errors.confirmPass}
        rulesHint={null}
        autoComplete="new-password"
        maxLength={128}
        disabled={disabled}
      />
    </div>
  );
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

/** What each role may do, for the info panels beside the forms (accounts spec §6). */
export const ROLE_INFO: readonly { role: string; text: string }[] = [
  {
    role: "Admin",
    text: "Everything: users, departments, credit, keywords and subscription lists, besides messaging. Several admins are allowed.",
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

/** The side panel that explains the roles. */
export function RoleInfo() {
  return (
    <Card title="Roles" headingLevel={2}>
      <dl className={s.infoList}>
        {ROLE_INFO.map(({ role, text }) => (
          <div key={role}>
            <dt className={s.infoTerm}>{role}</dt>
            <dd className={s.infoText}>{text}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
