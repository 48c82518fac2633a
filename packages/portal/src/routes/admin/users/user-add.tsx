import { ApiError, unwrap } from "@herald/api-client";
import { callingCodeFor, centsToSgd, formatSgd, MESSAGES, sgdToCents } from "@herald/domain";
import { Breadcrumb, Button, Card, CurrencyInput, PageLayout } from "@herald/ui";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { $api, api } from "../../../api";
import { useDialogs } from "../../../dialogs";
import { routerLink } from "../../../shell/link";
import { useCompanyCountry, useProfile } from "../../../shell/use-profile";
import { PasswordFields, ProfileFields, RoleInfo } from "./user-form";
import {
  emptyProfile,
  type FormErrors,
  type PasswordValues,
  type ProfileValues,
  profileBody,
  recheckPasswords,
  recheckProfile,
  validatePasswords,
  validateProfile,
} from "./user-rules";
import * as s from "./users.css";
import { serverMessage, USERS_LIST, useRefreshUserData } from "./users.shared";

const safeCents = (sgd: number | undefined) => {
  if (sgd === undefined) return undefined;
  try {
    return sgdToCents(sgd);
  } catch {
    return undefined;
  }
};

/** Add User: profile form, initial credit from the corporate balance, Create New User and Cancel. */
export default function UserAdd() {
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const refresh = useRefreshUserData();
  const me = useProfile().data;
  const limit = $api.useQuery("get", "/getUserLimit");
  const company = $api.useQuery("post", "/getCompany", { body: {} });
  const balance = safeCents(company.data?.companyCredit);

  const callingCode = callingCodeFor(useCompanyCountry()) ?? undefined;
  const [profile, setProfile] = useState<ProfileValues>(() => emptyProfile(callingCode));
  // The phone starts with the company country's code, also when the profile naming it arrives after the form.
  useEffect(() => {
    if (!callingCode) return;
    setProfile((p) => (p.phone.number === "" ? { ...p, phone: { ...p.phone, callingCode } } : p));
  }, [callingCode]);
  const [passwords, setPasswords] = useState<PasswordValues>({ password: "", confirmPass: "" });
  const [amount, setAmount] = useState<number | null>(0);
  const [errors, setErrors] = useState<FormErrors>({});
  const [saving, setSaving] = useState(false);

  // At the limit there is nothing to add: say so, then back to the list (not after this page's own add).
  const atLimit = limit.data !== undefined && limit.data.totalUser >= limit.data.totalAllowed;
  const told = useRef(false);
  const added = useRef(false);
  useEffect(() => {
    if (!atLimit || told.current || added.current) return;
    told.current = true;
    void dialogs.message("warning", MESSAGES.userLimitReached).then(() => navigate(USERS_LIST));
  }, [atLimit, dialogs, navigate]);

  const amountError = (cents: number | null): string | undefined => {
    if (cents === null) return MESSAGES.required;
    if (balance !== undefined && cents > balance)
      return `The initial credit cannot be more than the corporate balance (${formatSgd(balance)}).`;
    return undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: FormErrors = {
      ...validateProfile(profile),
      ...validatePasswords(passwords),
      amount: amountError(amount),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    const ok = await dialogs.confirm({
      title: MESSAGES.confirmUserDataCorrect,
      confirmLabel: "Create New User",
    });
    if (!ok) return;
    setSaving(true);
    try {
      unwrap(
        await api.POST("/addUser", {
          body: {
            ...profileBody(profile),
            password: passwords.password,
            confirmPass: passwords.confirmPass,
            amount: centsToSgd(amount ?? 0),
            ...(me?.userId ? { id: me.userId } : {}),
          },
        }),
      );
      added.current = true;
      void refresh();
      await dialogs.message("success", MESSAGES.userAdded);
      navigate(USERS_LIST);
    } catch (err) {
      const message = serverMessage(err);
      if (err instanceof ApiError && message === MESSAGES.userLimitReached) {
        told.current = true;
        void refresh();
        await dialogs.message("warning", message);
        navigate(USERS_LIST);
        return;
      }
      await dialogs.message("error", message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <PageLayout>
      <Breadcrumb
        items={[
          { label: "Home", href: "/apps/social-chat" },
          { label: "Users", href: USERS_LIST },
          { label: "Add User" },
        ]}
        renderLink={routerLink}
      />
      <div className={s.columns}>
        <form className={s.stack} onSubmit={submit} noValidate>
          <Card title="Add User" subtitle="Fields marked * are required.">
            <div className={s.form}>
              <ProfileFields
                values={profile}
                errors={errors}
                disabled={saving}
                onChange={(values, changed) => {
                  setProfile(values);
                  setErrors((e) => recheckProfile(e, values, changed));
                }}
              />
              <PasswordFields
                values={passwords}
                errors={errors}
                disabled={saving}
                onChange={(values) => {
                  setPasswords(values);
                  setErrors((e) => recheckPasswords(e, values));
                }}
              />
            </div>
          </Card>
          <Card title="Credit" headingLevel={2}>
            <div className={s.form}>
              <p className={s.balance}>
                Corporate balance:{" "}
                {company.isPending ? "loading…" : balance === undefined ? "-" : formatSgd(balance)}
              </p>
              <CurrencyInput
                label="Initial Credit"
                value={amount}
                onValueChange={(cents) => {
                  setAmount(cents);
                  setErrors((e) => (e.amount ? { ...e, amount: amountError(cents) } : e));
                }}
                min={0}
                {...(balance !== undefined ? { max: balance } : {})}
                step={100}
                help="Moved from the corporate balance to the new user when the user is created."
                error={errors.amount}
                disabled={saving}
              />
            </div>
          </Card>
          <div className={s.actions}>
            <Link to={USERS_LIST} className={s.secondaryLink}>
              Cancel
            </Link>
            <Button type="submit" loading={saving}>
              Create New User
            </Button>
          </div>
        </form>
        <div className={s.stack}>
          <RoleInfo />
          <Card title="Signing in" headingLevel={2}>
            <p className={s.muted}>
              The new user can sign in at once with the e-mail address and the password you set here. They
              receive a welcome e-mail naming your company and their sign-in address; it never contains the
              password, so tell them the password yourself.
            </p>
          </Card>
        </div>
      </div>
    </PageLayout>
  );
}
