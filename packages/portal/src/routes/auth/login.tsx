import { MESSAGES, validateEmail } from "@herald/domain";
import { Button, PasswordField, Stack, TextField } from "@herald/ui";
import { type FormEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useDialogs } from "../../dialogs";
import { clearToken, setToken } from "../../session";
import * as styles from "./auth.css";
import { authApi, failure } from "./auth.queries";
import { AuthLink, AuthPage } from "./auth-page";
import { HOME, rememberOtpSession, type TwoFactorState, twoFactorPath } from "./two-factor-paths";

interface Errors {
  email?: string | null;
  password?: string | null;
}

const validate = (email: string, password: string): Errors => ({
  email: validateEmail(email),
  password: password.length === 0 ? MESSAGES.passwordRequired : null,
});

/** /login: e-mail and password; a second factor by e-mail code when the account asks for one. */
export default function LoginScreen() {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  // Errors show once the form was sent, then follow the typing.
  const shown: Errors = submitted ? validate(email, password) : {};

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    setSubmitted(true);
    const found = validate(email, password);
    if (found.email || found.password) return;
    sending.current = true;
    setBusy(true);
    try {
      const answer = await authApi.login({ email: email.trim(), password });
      if (answer.code === 1) {
        setToken(answer.jwttoken);
        navigate(HOME, { replace: true });
        return;
      }
      // Two-factor: an older token in this browser must not interfere with the code pages.
      clearToken();
      const ok = await dialogs.confirm({
        title: "Two-factor authentication",
        text: "A one-time code will be sent to your e-mail.",
        confirmLabel: "Send code",
      });
      if (!ok) return;
      try {
        const otp = await authApi.requestOtp({ jwttoken: answer.jwttoken, sms: false });
        rememberOtpSession(otp.session_id);
        const state: TwoFactorState = { destination: otp.destination, resendAfter: otp.resendAfter };
        navigate(twoFactorPath("email", otp.jwttoken, otp.session_id), { state });
      } catch (err) {
        await dialogs.message("error", failure(err).message);
      }
    } catch (err) {
      const { status, message } = failure(err);
      // Not verified yet: the dialog offers a new verification link.
      const offer =
        status === 403 && message === MESSAGES.verifyEmailFirst ? (
          <ResendVerification email={email.trim()} />
        ) : undefined;
      await dialogs.message(status === 403 ? "warning" : "error", message, offer);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  return (
    <AuthPage
      title="Sign in"
      subtitle="Welcome back! Sign in to your account."
      below={
        <>
          New here? <AuthLink to="/auths/auth-register">Create an account</AuthLink>
        </>
      }
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Sign in">
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          autoFocus
          value={email}
          error={shown.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <PasswordField
          label="Password"
          name="password"
          rulesHint={null}
          required
          value={password}
          error={shown.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className={styles.rowEnd}>
          <AuthLink to="/auths/auth-reset" small>
            Forgot password?
          </AuthLink>
        </div>
        <Button type="submit" size="lg" fullWidth loading={busy}>
          Sign in
        </Button>
      </form>
    </AuthPage>
  );
}

/** "Resend verification e-mail" inside the sign-in dialog, then the answer in its place. */
function ResendVerification({ email }: { email: string }) {
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  const [answer, setAnswer] = useState("");
  async function resend() {
    setState("sending");
    try {
      await authApi.resendVerification({ email });
      setAnswer(MESSAGES.verificationEmailResent);
      setState("sent");
    } catch (err) {
      setAnswer(failure(err).message);
      setState("idle");
    }
  }
  return (
    <Stack as="span" gap="2" align="center">
      {state === "sent" ? null : (
        <Button variant="link" loading={state === "sending"} onClick={() => void resend()}>
          {MESSAGES.resendVerificationEmail}
        </Button>
      )}
      <span role="status">{answer}</span>
    </Stack>
  );
}
