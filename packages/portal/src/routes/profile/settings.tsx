import { ApiError, unwrap } from "@herald/api-client";
import {
  CURRENT_PASSWORD_REQUIRED,
  countries,
  EMAIL_CHANGE_LINK_SENT,
  EMAIL_CHANGE_PENDING,
  formatContactNumber,
  formatInZone,
  isSupportedTimeZone,
  MESSAGES,
  PASSWORD_REQUIRED,
  profileChangeNeedsPassword,
  sgdToCents,
  splitContactNumber,
  stripNonDigits,
  supportedTimeZones,
  twoFactorChangeNeedsPassword,
  validateEmail,
  validatePassword,
  validatePasswordConfirm,
  validateStoredContactNumber,
  validateThresholds,
  validateTimeZone,
} from "@herald/domain";
import {
  Breadcrumb,
  Button,
  Card,
  CountryPicker,
  CurrencyInput,
  PageLayout,
  PasswordField,
  PhoneInput,
  type PhoneValue,
  Switch,
  Tabs,
  TextField,
} from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { $api, api } from "../../api";
import { useDialogs } from "../../dialogs";
import { routerLink } from "../../shell/link";
import { useProfile } from "../../shell/use-profile";
import { zoneCaption } from "../format";
import * as s from "./profile.css";

type Profile = NonNullable<ReturnType<typeof useProfile>["data"]>;

const errorText = (err: unknown) =>
  err instanceof ApiError && err.status === 400 ? err.message : MESSAGES.somethingWentWrong;

type Errors = Record<string, string | undefined>;

/**
 * A field's error is re-checked as its value changes, so an error never outlives the mistake; fields
 * without an error wait for the next save.
 */
function recheck(setErrors: (update: (e: Errors) => Errors) => void, field: string, error: string | null) {
  setErrors((e) => (e[field] ? { ...e, [field]: error ?? undefined } : e));
}

const nameError = (value: string) => (value.trim() ? null : MESSAGES.required);

/** The current password that a sensitive change (e-mail, contact number, 2FA off) asks for. */
function CurrentPasswordField(props: {
  value: string;
  onChange: (value: string) => void;
  setErrors: (update: (e: Errors) => Errors) => void;
  error: string | undefined;
  help: string;
}) {
  return (
    <PasswordField
      label="Current Password"
      required
      value={props.value}
      onChange={(e) => {
        props.onChange(e.target.value);
        recheck(props.setErrors, "currentPassword", e.target.value ? null : CURRENT_PASSWORD_REQUIRED);
      }}
      error={props.error}
      help={props.help}
      rulesHint={null}
      autoComplete="current-password"
    />
  );
}

function AccountTab({ me }: { me: Profile }) {
  const companyCountry = me.companyCountry ?? "SG";
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const original = splitContactNumber(me.contactNumber);
  const [firstName, setFirstName] = useState(me.firstName);
  const [lastName, setLastName] = useState(me.lastName ?? "");
  const [email, setEmail] = useState(me.email);
  const [changingPhone, setChangingPhone] = useState(false);
  const [phone, setPhone] = useState<PhoneValue>({
    callingCode: original?.callingCode ?? "60",
    number: original?.nationalNumber ?? "",
  });
  const [currentPassword, setCurrentPassword] = useState("");
  const [pendingEmail, setPendingEmail] = useState<string | null>(me.pendingEmail ?? null);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const contactNumber = changingPhone
    ? `${phone.callingCode}${stripNonDigits(phone.number)}`
    : me.contactNumber;
  // A new e-mail address or contact number (where sign-in codes go) needs the current password.
  const needs = profileChangeNeedsPassword(me, { email, contactNumber });

  const cancelPhone = () => {
    setChangingPhone(false);
    setPhone({ callingCode: original?.callingCode ?? "60", number: original?.nationalNumber ?? "" });
    setErrors((e) => ({ ...e, contactNumber: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = {
      firstName: nameError(firstName) ?? undefined,
      lastName: nameError(lastName) ?? undefined,
      email: validateEmail(email) ?? undefined,
      // the rule registration and the server use: calling code, then 7 to 15 national digits
      contactNumber: changingPhone ? (validateStoredContactNumber(contactNumber) ?? undefined) : undefined,
      currentPassword: needs.any && !currentPassword ? CURRENT_PASSWORD_REQUIRED : undefined,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    if (!(await dialogs.confirm({ title: MESSAGES.confirmUpdate }))) return;
    setSaving(true);
    try {
      const changed = unwrap(
        await api.POST("/editMyProfile", {
          body: {
            firstName: firstName.trim(),
            lastName: lastName.trim(),
            email: email.trim(),
            contactNumber,
            ...(needs.any ? { currentPassword } : {}),
          },
        }),
      );
      setCurrentPassword("");
      setChangingPhone(false);
      await queryClient.invalidateQueries({ queryKey: ["post", "/getProfile"] });
      if (changed === 1) {
        // The account keeps its current address (and this session) until the new one is verified.
        setPendingEmail(email.trim());
        setEmail(me.email);
        await dialogs.message("info", EMAIL_CHANGE_LINK_SENT, EMAIL_CHANGE_PENDING);
        return;
      }
      await dialogs.message("success", MESSAGES.dataUpdateSuccess);
    } catch (err) {
      await dialogs.message("error", errorText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={s.form} onSubmit={submit} noValidate>
      <div className={s.row}>
        <TextField
          label="First Name"
          required
          value={firstName}
          onChange={(e) => {
            setFirstName(e.target.value);
            recheck(setErrors, "firstName", nameError(e.target.value));
          }}
          error={errors.firstName}
          maxLength={50}
        />
        <TextField
          label="Last Name"
          required
          value={lastName}
          onChange={(e) => {
            setLastName(e.target.value);
            recheck(setErrors, "lastName", nameError(e.target.value));
          }}
          error={errors.lastName}
          maxLength={50}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        required
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          recheck(setErrors, "email", validateEmail(e.target.value));
        }}
        error={errors.email}
        help={
          pendingEmail
            ? `Waiting for verification of ${pendingEmail}: ${EMAIL_CHANGE_PENDING}`
            : "A new address takes effect once you open the link sent to it."
        }
      />
      {changingPhone ? (
        <div className={s.row}>
          <PhoneInput
            label="Contact Number"
            required
            value={phone}
            defaultRegion={companyCountry}
            onValueChange={(v) => {
              setPhone(v);
              recheck(
                setErrors,
                "contactNumber",
                validateStoredContactNumber(`${v.callingCode}${stripNonDigits(v.number)}`),
              );
            }}
            maxDigits={15}
            error={errors.contactNumber}
          />
          <Button variant="ghost" onClick={cancelPhone}>
            Cancel
          </Button>
        </div>
      ) : (
        <div className={s.row}>
          <TextField label="Contact Number" value={formatContactNumber(me.contactNumber)} readOnly />
          <Button variant="outline" onClick={() => setChangingPhone(true)}>
            Change
          </Button>
        </div>
      )}
      {needs.any && (
        <CurrentPasswordField
          value={currentPassword}
          onChange={setCurrentPassword}
          setErrors={setErrors}
          error={errors.currentPassword}
          help="Needed to change your e-mail address or contact number."
        />
      )}
      <div className={s.actions}>
        <Button type="submit" loading={saving}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}

function SecurityTab({ me }: { me: Profile }) {
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const [changePass, setChangePass] = useState(false);
  const [oldPass, setOldPass] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPass, setConfirmPass] = useState("");
  const [login2fa, setLogin2fa] = useState(me.login2fa === "Y");
  const [currentPassword, setCurrentPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const toggle = (on: boolean) => {
    setChangePass(on);
    if (!on) {
      // Cancelling the change clears old, new and confirm.
      setOldPass("");
      setPassword("");
      setConfirmPass("");
      setErrors({});
    }
  };

  // Turning two-factor sign-in off needs the current password (the old one, when it changes too).
  const needsCurrent = twoFactorChangeNeedsPassword(me.login2fa, login2fa ? "Y" : "N") && !changePass;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = changePass
      ? {
          // the old password is checked against the stored one only: it may predate today's rules
          oldPass: oldPass ? undefined : PASSWORD_REQUIRED,
          password: validatePassword(password) ?? undefined,
          confirmPass: validatePasswordConfirm(password, confirmPass) ?? undefined,
        }
      : { currentPassword: needsCurrent && !currentPassword ? CURRENT_PASSWORD_REQUIRED : undefined };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    if (!(await dialogs.confirm({ title: MESSAGES.confirmUpdate }))) return;
    setSaving(true);
    try {
      unwrap(
        await api.POST("/editMySecurity", {
          body: changePass
            ? { changePass, oldPass, password, confirmPass, login2fa: login2fa ? "Y" : "N" }
            : {
                changePass,
                login2fa: login2fa ? "Y" : "N",
                ...(needsCurrent ? { currentPassword } : {}),
              },
        }),
      );
      toggle(false);
      setCurrentPassword("");
      await queryClient.invalidateQueries({ queryKey: ["post", "/getProfile"] });
      await dialogs.message("success", MESSAGES.dataUpdateSuccess);
    } catch (err) {
      await dialogs.message("error", err instanceof ApiError ? err.message : MESSAGES.somethingWentWrong);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={s.form} onSubmit={submit} noValidate>
      <Switch label="Change password" checked={changePass} onCheckedChange={toggle} />
      {changePass && (
        <>
          <PasswordField
            label="Old Password"
            required
            value={oldPass}
            onChange={(e) => {
              setOldPass(e.target.value);
              recheck(setErrors, "oldPass", e.target.value ? null : PASSWORD_REQUIRED);
            }}
            error={errors.oldPass}
            rulesHint={null}
            autoComplete="current-password"
          />
          <PasswordField
            label="New Password"
            required
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              recheck(setErrors, "password", validatePassword(e.target.value));
              recheck(setErrors, "confirmPass", validatePasswordConfirm(e.target.value, confirmPass));
            }}
            error={errors.password}
            autoComplete="new-password"
          />
          <PasswordField
            label="Confirm Password"
            required
            value={confirmPass}
            onChange={(e) => {
              setConfirmPass(e.target.value);
              recheck(setErrors, "confirmPass", validatePasswordConfirm(password, e.target.value));
            }}
            error={errors.confirmPass}
            rulesHint={null}
            autoComplete="new-password"
          />
        </>
      )}
      <Switch
        label="Two-factor sign-in"
        description="Ask for a one-time code by e-mail or SMS after the password."
        checked={login2fa}
        onCheckedChange={setLogin2fa}
      />
      {needsCurrent && (
        <CurrentPasswordField
          value={currentPassword}
          onChange={setCurrentPassword}
          setErrors={setErrors}
          error={errors.currentPassword}
          help="Needed to turn two-factor sign-in off."
        />
      )}
      <div className={s.actions}>
        <Button type="submit" loading={saving}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}

function NotificationsTab() {
  const dialogs = useDialogs();
  const thresholds = $api.useQuery("post", "/getUserThreshold", { body: {} });
  const [first, setFirst] = useState<number | null | undefined>(undefined);
  const [second, setSecond] = useState<number | null | undefined>(undefined);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  if (thresholds.isPending) return null;
  const toCents = (sgd: number | null | undefined) => (sgd == null ? null : sgdToCents(sgd));
  const firstCents = first === undefined ? toCents(thresholds.data?.first_thresh) : first;
  const secondCents = second === undefined ? toCents(thresholds.data?.second_thresh) : second;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (firstCents == null || secondCents == null) {
      setError(MESSAGES.required);
      return;
    }
    const err = validateThresholds(firstCents, secondCents);
    setError(err ?? undefined);
    if (err) return;
    if (!(await dialogs.confirm({ title: MESSAGES.confirmUpdate }))) return;
    setSaving(true);
    try {
      unwrap(
        await api.POST("/editMyNotification", {
          body: { firstThresh: firstCents / 100, secondThresh: secondCents / 100 },
        }),
      );
      await thresholds.refetch();
      await dialogs.message("success", MESSAGES.dataUpdateSuccess);
    } catch (err) {
      await dialogs.message("error", errorText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={s.form} onSubmit={submit} noValidate>
      <p>You receive a low-credit alert when your credit falls below each threshold.</p>
      <CurrencyInput
        label="First Threshold"
        required
        value={firstCents}
        onValueChange={setFirst}
        min={0}
        step={1}
      />
      <CurrencyInput
        label="Second Threshold"
        required
        value={secondCents}
        onValueChange={setSecond}
        min={0}
        step={1}
        error={error}
      />
      <div className={s.actions}>
        <Button type="submit" loading={saving}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}

/**
 * The company's time zone and country (admins): every date and time the company sees, types and exports is in
 * the zone, and every phone input starts with the country's calling code.
 */
function CompanyTab() {
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const settings = $api.useQuery("post", "/getCompanySettings", {});
  const [zone, setZone] = useState<string | undefined>();
  const [country, setCountry] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const zones = useMemo(() => supportedTimeZones(), []);
  if (settings.isPending) return <p className={s.form}>Loading…</p>;
  if (settings.isError) return <p className={s.form}>{errorText(settings.error)}</p>;
  const shownZone = zone ?? settings.data.timeZone;
  const shownCountry = country ?? settings.data.country;
  const countryName = countries.find((c) => c.alpha2Code === shownCountry)?.name ?? "";
  const zoneOk = isSupportedTimeZone(shownZone.trim());

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validateTimeZone(shownZone.trim());
    setError(problem ?? undefined);
    if (problem) return;
    setSaving(true);
    try {
      unwrap(
        await api.POST("/editCompanySettings", {
          body: { timeZone: shownZone.trim(), country: shownCountry },
        }),
      );
      await Promise.all([
        settings.refetch(),
        queryClient.invalidateQueries({ queryKey: ["post", "/getProfile"] }),
      ]);
      setZone(undefined);
      setCountry(undefined);
      await dialogs.message("success", MESSAGES.dataUpdateSuccess);
    } catch (err) {
      await dialogs.message("error", errorText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={s.form} onSubmit={submit} noValidate>
      <TextField
        label="Time zone"
        required
        list="company-time-zones"
        autoComplete="off"
        spellCheck={false}
        value={shownZone}
        onChange={(e) => {
          setZone(e.target.value);
          if (error) setError(validateTimeZone(e.target.value.trim()) ?? undefined);
        }}
        error={error}
        help={
          zoneOk
            ? `Now ${formatInZone(new Date(), "d MMM yyyy, HH:mm", shownZone.trim())} (${zoneCaption(shownZone.trim())}). Dates and times in the portal, the command line and exports are shown and read in this zone; statements count its days.`
            : "Type a city or region and pick a zone from the list, e.g. Asia/Singapore or America/New_York."
        }
      />
      <datalist id="company-time-zones">
        {zones.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <CountryPicker
        label="Country"
        required
        value={countryName}
        onValueChange={(_name, c) => setCountry(c.alpha2Code)}
        help="New phone numbers start with this country's calling code."
      />
      <div className={s.actions}>
        <Button type="submit" loading={saving}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}

/** Account Settings: Account, Security and Notifications tabs, and Company for admins. */
export default function ProfileSettings() {
  const { data: me } = useProfile();
  const tab = useSearchParams()[0].get("tab");
  if (!me) return null;
  return (
    <PageLayout maxWidth={960}>
      <Breadcrumb
        items={[
          { label: "Home", href: "/apps/social-chat" },
          { label: "My Profile", href: "/admin/profile" },
          { label: "Account Settings" },
        ]}
        renderLink={routerLink}
      />
      <Card title="Account Settings">
        <Tabs
          aria-label="Account settings"
          defaultValue={tab === "company" && me.userRole === "admin" ? "company" : "account"}
          items={[
            { value: "account", label: "Account", content: <AccountTab me={me} /> },
            { value: "security", label: "Security", content: <SecurityTab me={me} /> },
            { value: "notifications", label: "Notifications", content: <NotificationsTab /> },
            ...(me.userRole === "admin"
              ? [{ value: "company", label: "Company", content: <CompanyTab /> }]
              : []),
          ]}
        />
      </Card>
    </PageLayout>
  );
}
