import { ApiError, unwrap } from "@herald/api-client";
import {
  DEFAULT_REGION_USER_FORMS,
  formatContactNumber,
  isValidEmail,
  MESSAGES,
  sgdToCents,
  splitContactNumber,
  stripNonDigits,
  validateContactNumber,
  validatePassword,
  validatePasswordConfirm,
  validateThresholds,
} from "@herald/domain";
import {
  Breadcrumb,
  Button,
  Card,
  CurrencyInput,
  PasswordField,
  PhoneInput,
  type PhoneValue,
  Switch,
  Tabs,
  TextField,
} from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { $api, api } from "../../api";
import { useDialogs } from "../../dialogs";
import { clearToken } from "../../session";
import { routerLink } from "../../shell/link";
import { useProfile } from "../../shell/use-profile";
import * as s from "./profile.css";

type Profile = NonNullable<ReturnType<typeof useProfile>["data"]>;

const errorText = (err: unknown) =>
  err instanceof ApiError && err.status === 400 ? err.message : MESSAGES.somethingWentWrong;

function AccountTab({ me }: { me: Profile }) {
  const dialogs = useDialogs();
  const navigate = useNavigate();
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
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [saving, setSaving] = useState(false);

  const cancelPhone = () => {
    setChangingPhone(false);
    setPhone({ callingCode: original?.callingCode ?? "60", number: original?.nationalNumber ?? "" });
    setErrors((e) => ({ ...e, contactNumber: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = {
      firstName: firstName.trim() ? undefined : MESSAGES.required,
      lastName: lastName.trim() ? undefined : MESSAGES.required,
      email: !email.trim()
        ? MESSAGES.required
        : isValidEmail(email.trim())
          ? undefined
          : "Invalid email format",
      contactNumber: changingPhone ? (validateContactNumber(phone.number) ?? undefined) : undefined,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    if (!(await dialogs.confirm({ title: MESSAGES.confirmUpdate }))) return;
    setSaving(true);
    try {
      const contactNumber = changingPhone
        ? `${phone.callingCode}${stripNonDigits(phone.number)}`
        : me.contactNumber;
      const changed = unwrap(
        await api.POST("/editMyProfile", {
          body: {
            firstName: firstName.trim(),
            lastName: lastName.trim(),
            email: email.trim(),
            contactNumber,
          },
        }),
      );
      if (changed === 1) {
        clearToken();
        queryClient.clear();
        navigate("/", { replace: true });
        await dialogs.message(
          "info",
          "A verification link has been sent to your new e-mail.",
          "Please log in again after verifying your new e-mail address.",
        );
        return;
      }
      setChangingPhone(false);
      await queryClient.invalidateQueries({ queryKey: ["post", "/getProfile"] });
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
          onChange={(e) => setFirstName(e.target.value)}
          error={errors.firstName}
          maxLength={50}
        />
        <TextField
          label="Last Name"
          required
          value={lastName}
          onChange={(e) => setLastName(e.target.value)}
          error={errors.lastName}
          maxLength={50}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
        help="Changing it signs you out until you verify the new address."
      />
      {changingPhone ? (
        <div className={s.row}>
          <PhoneInput
            label="Contact Number"
            required
            value={phone}
            defaultRegion={DEFAULT_REGION_USER_FORMS}
            onValueChange={(v) => setPhone(v)}
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
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
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

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = changePass
      ? {
          oldPass: validatePassword(oldPass) ?? undefined,
          password: validatePassword(password) ?? undefined,
          confirmPass: validatePasswordConfirm(password, confirmPass) ?? undefined,
        }
      : {};
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    if (!(await dialogs.confirm({ title: MESSAGES.confirmUpdate }))) return;
    setSaving(true);
    try {
      unwrap(
        await api.POST("/editMySecurity", {
          body: changePass
            ? { changePass, oldPass, password, confirmPass, login2fa: login2fa ? "Y" : "N" }
            : { changePass, login2fa: login2fa ? "Y" : "N" },
        }),
      );
      toggle(false);
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
            onChange={(e) => setOldPass(e.target.value)}
            error={errors.oldPass}
            rulesHint={null}
            autoComplete="current-password"
          />
          <PasswordField
            label="New Password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
            autoComplete="new-password"
          />
          <PasswordField
            label="Confirm Password"
            required
            value={confirmPass}
            onChange={(e) => setConfirmPass(e.target.value)}
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

/** Account Settings: Account, Security and Notifications tabs. */
export default function ProfileSettings() {
  const { data: me } = useProfile();
  if (!me) return null;
  return (
    <div className={s.page}>
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
          defaultValue="account"
          items={[
            { value: "account", label: "Account", content: <AccountTab me={me} /> },
            { value: "security", label: "Security", content: <SecurityTab me={me} /> },
            { value: "notifications", label: "Notifications", content: <NotificationsTab /> },
          ]}
        />
      </Card>
    </div>
  );
}
