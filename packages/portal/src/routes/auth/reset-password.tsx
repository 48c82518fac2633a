import { MESSAGES, validateNewPassword, validatePasswordConfirm } from "@herald/domain";
import { Button, PasswordField, Spinner } from "@herald/ui";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { useDialogs } from "../../dialogs";
import * as styles from "./auth.css";
import { authApi, failure } from "./auth.queries";
import { AuthLink, AuthPage } from "./auth-page";

/** /auths/reset-pass/:id/:token: checks the link's token on load, then sets a new password. */
export default function ResetPasswordScreen() {
  const { id = "", token = "" } = useParams();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const [checked, setChecked] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        await authApi.verifyReset({ token });
      } catch (err) {
        const { status } = failure(err);
        if (status === 400) await dialogs.message("error", MESSAGES.invalidOrExpiredTokenReset);
        else await dialogs.message("warning", MESSAGES.somethingWentWrong);
        navigate("/", { replace: true });
        return;
      }
      setChecked(true);
      await dialogs.message("success", MESSAGES.verifySuccess, MESSAGES.pleaseResetPassword);
    })();
  }, [token, dialogs, navigate]);

  return (
    <AuthPage
      title="Reset password"
      subtitle="Choose a new password for your account."
      below={<AuthLink to="/login">Back to sign in</AuthLink>}
    >
      {checked ? (
        <ResetForm id={id} token={token} />
      ) : (
        <div className={styles.centre}>
          <Spinner label="Checking your reset link" showLabel />
        </div>
      )}
    </AuthPage>
  );
}

function ResetForm({ id, token }: { id: string; token: string }) {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const [password, setPassword] = useState("");
  const [confirmPass, setConfirmPass] = useState("");
  const [touched, setTouched] = useState({ password: false, confirmPass: false });
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);

  const passwordError = validateNewPassword(password);
  const confirmError = validatePasswordConfirm(password, confirmPass);
  const showPassword = submitted || touched.password ? passwordError : null;
  const showConfirm = submitted || touched.confirmPass || confirmPass.length > 0 ? confirmError : null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sendingRef.current) return;
    setSubmitted(true);
    if (passwordError) {
      document.getElementById("reset-password")?.focus();
      return;
    }
    if (confirmError) {
      document.getElementById("reset-confirm-password")?.focus();
      return;
    }
    sendingRef.current = true;
    setSending(true);
    try {
      await authApi.reset({ id, token, password, confirmPass });
      setSending(false);
      await dialogs.message("success", MESSAGES.passwordResetSuccess);
      navigate("/login", { replace: true });
    } catch (err) {
      setSending(false);
      const { status, message } = failure(err);
      // 400 names the reason: an expired link ('Invalid Email or Password'), or a password rule.
      if (status === 400) await dialogs.message("error", message);
      else await dialogs.message("warning", MESSAGES.somethingWentWrong);
    } finally {
      sendingRef.current = false;
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Reset password">
      <PasswordField
        id="reset-password"
        label="New password"
        name="password"
        autoComplete="new-password"
        // The rule shows once: as the hint, or as the error when the password breaks it.
        rulesHint={showPassword ? null : undefined}
        required
        value={password}
        error={showPassword}
        onChange={(e) => setPassword(e.target.value)}
        onBlur={() => password && setTouched((t) => ({ ...t, password: true }))}
      />
      <PasswordField
        id="reset-confirm-password"
        label="Confirm new password"
        name="confirmPass"
        autoComplete="new-password"
        rulesHint={null}
        required
        value={confirmPass}
        error={showConfirm}
        onChange={(e) => setConfirmPass(e.target.value)}
        onBlur={() => confirmPass && setTouched((t) => ({ ...t, confirmPass: true }))}
      />
      <Button type="submit" size="lg" fullWidth loading={sending}>
        Reset password
      </Button>
    </form>
  );
}
