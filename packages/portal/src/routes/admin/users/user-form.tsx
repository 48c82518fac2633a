import type { Role } from "@herald/domain";
import { Card, MultiSelect, PasswordField, PhoneInput, Select, Switch, TextField } from "@herald/ui";
import { Link } from "react-router";
import { $api } from "../../../api";
import { useCompanyCountry } from "../../../shell/use-profile";
import {
  EMAIL_MAX,
  type FormErrors,
  NAME_MAX,
  type PasswordValues,
  type ProfileValues,
  ROLE_INFO,
  ROLE_OPTIONS,
} from "./user-rules";
import * as s from "./users.css";

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
 * First Name, Last Name, Email, Contact Number (the company's country by default), Department, Role and 2FA. A field's
 * error is re-checked as its value changes, so it never outlives the mistake.
 */
export function ProfileFields({ values, errors, onChange, disabled }: ProfileFieldsProps) {
  const companyCountry = useCompanyCountry();
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
          defaultRegion={companyCountry}
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
