import { unwrap } from "@herald/api-client";
import { validateNewPassword, validatePasswordConfirm } from "@herald/domain";
import { Button, PasswordField, TextField } from "@herald/ui";
import { type FormEvent, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { api } from "../../api";
import { useDialogs } from "../../dialogs";
import { OPERATOR_LOGIN } from "../../guards";
import * as styles from "../auth/auth.css";
import { AuthPage } from "../auth/auth-page";
import { CONSOLE_BRAND, CONSOLE_TAGLINE } from "./login";
import { problemText } from "./operator-rules";

const NAME_MAX = 100;

interface Values {
  name: string;
  password: string;
  confirm: string;
}
const FIELD_IDS = {
  name: "operator-name",
  password: "operator-password",
  confirm: "operator-confirm",
} as const;

function validate(v: Values) {
  return {
    name: v.name.trim() ? null : "Enter your name, as your colleagues will see it in the audit log.",
    password: validateNewPassword(v.password),
    confirm: validatePasswordConfirm(v.password, v.confirm),
  };
}

/**
 * /operator/activate?token=: the one-time link `herald-server operator create` prints (valid 24 hours). The new
 * operator gives their name and a password, with the same rules as users' passwords, then signs in.
 */
export default function OperatorActivate() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const [values, setValues] = useState<Values>({ name: "", password: "", confirm: "" });
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const sending = useRef(false);

  if (!token) {
    return (
      <AuthPage brand={CONSOLE_BRAND} tagline={CONSOLE_TAGLINE} title="This link is incomplete">
        <div className={styles.form}>
          <p className={styles.note}>
            Open the whole activation link you were given. If it has expired, ask for a new one: it is printed
            by <code>herald-server operator create</code> and works for 24 hours.
          </p>
          <Link to={OPERATOR_LOGIN} className={styles.link}>
            Go to operator sign-in
          </Link>
        </div>
      </AuthPage>
    );
  }

  const errors = submitted ? validate(values) : { name: null, password: null, confirm: null };
  const confirmError = submitted || values.confirm.length > 0 ? validate(values).confirm : null;
  const set = (key: keyof Values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  async function activate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    setSubmitted(true);
    const found = validate(values);
    const first = (Object.keys(FIELD_IDS) as (keyof Values)[]).find((k) => found[k]);
    if (first) {
      document.getElementById(FIELD_IDS[first])?.focus();
      return;
    }
    sending.current = true;
    setSaving(true);
    try {
      unwrap(
        await api.POST("/operator/activate", {
          body: { token, name: values.name.trim(), password: values.password },
        }),
      );
      setSaving(false);
      await dialogs.message(
        "success",
        "Your operator account is ready",
        "Sign in with your e-mail and new password.",
      );
      navigate(OPERATOR_LOGIN, { replace: true });
    } catch (err) {
      setSaving(false);
      await dialogs.message("error", problemText(err));
    } finally {
      sending.current = false;
    }
  }

  return (
    <AuthPage
      brand={CONSOLE_BRAND}
      tagline={CONSOLE_TAGLINE}
      title="Activate your operator account"
      subtitle="Choose the name your colleagues see and a password for the console."
    >
      <form
        className={styles.form}
        onSubmit={activate}
        noValidate
        aria-label="Activate your operator account"
      >
        <TextField
          id={FIELD_IDS.name}
          label="Your name"
          name="name"
          autoComplete="name"
          required
          autoFocus
          maxLength={NAME_MAX}
          value={values.name}
          error={errors.name}
          onChange={(e) => set("name")(e.target.value)}
        />
        <PasswordField
          id={FIELD_IDS.password}
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          value={values.password}
          error={errors.password}
          onChange={(e) => set("password")(e.target.value)}
        />
        <PasswordField
          id={FIELD_IDS.confirm}
          label="Confirm password"
          name="confirm"
          autoComplete="new-password"
          rulesHint={null}
          required
          value={values.confirm}
          error={confirmError}
          onChange={(e) => set("confirm")(e.target.value)}
        />
        <Button type="submit" size="lg" fullWidth loading={saving}>
          Activate account
        </Button>
      </form>
    </AuthPage>
  );
}
