import { ApiError, unwrap } from "@herald/api-client";
import { MESSAGES, RESEND_COUNTDOWN_S, validateEmail } from "@herald/domain";
import { Button, Icon, OtpInput, PasswordField, ResendCodeButton, TextField } from "@herald/ui";
import { type FormEvent, useRef, useState } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { api } from "../../api";
import { useDialogs } from "../../dialogs";
import type { OperatorLoginState } from "../../guards";
import { hasOperatorSession, setOperatorToken } from "../../operator-session";
import { OPERATOR_HOME } from "../../shell/operator-nav";
import * as styles from "../auth/auth.css";
import { AuthPage } from "../auth/auth-page";
import { problemText } from "./operator-rules";

const CODE_LENGTH = 6;
export const CONSOLE_BRAND = "Herald operator console";
export const CONSOLE_TAGLINE = "For the team that runs Herald";

/** Where to go after signing in: the console page that sent here, or the overview. */
function destination(state: unknown): string {
  const from = (state as OperatorLoginState | null)?.from;
  return from?.startsWith("/operator") && !from.startsWith("/operator/login") ? from : OPERATOR_HOME;
}

const statusOf = (err: unknown) => (err instanceof ApiError ? err.status : 0);

/**
 * /operator/login: the operator's e-mail and password, then the 6-digit code e-mailed to them (two-factor sign-in
 * is always on for operators). The session is the console's own: a company user's session is left as it is.
 */
export default function OperatorLogin() {
  const location = useLocation();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [challenge, setChallenge] = useState<{ token: string; message: string } | null>(null);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const next = destination(location.state);

  if (hasOperatorSession() && !busy) return <Navigate to={next} replace />;

  const errors = submitted
    ? { email: validateEmail(email), password: password ? null : MESSAGES.passwordRequired }
    : { email: null, password: null };

  async function askForCode() {
    return unwrap(await api.POST("/operator/login", { body: { email: email.trim(), password } }));
  }

  async function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    setSubmitted(true);
    if (validateEmail(email) || !password) return;
    sending.current = true;
    setBusy(true);
    try {
      const answer = await askForCode();
      setChallenge({ token: answer.challenge, message: answer.message });
      setCode("");
      setCodeError(null);
      setStatus("");
    } catch (err) {
      await dialogs.message(statusOf(err) === 429 ? "warning" : "error", problemText(err));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  async function verify(otp: string) {
    if (!challenge || sending.current || otp.length !== CODE_LENGTH) return;
    sending.current = true;
    setBusy(true);
    try {
      const session = unwrap(
        await api.POST("/operator/verifyOtp", { body: { challenge: challenge.token, code: otp } }),
      );
      setOperatorToken(session.token);
      navigate(next, { replace: true });
    } catch (err) {
      const code = statusOf(err);
      if (code === 400) {
        // A wrong code: the boxes empty, the first one focused, and the reason shown under them.
        setCodeError(problemText(err));
        setCode("");
        setAttempt((n) => n + 1);
      } else if (code === 401) {
        await dialogs.message("error", "The code has expired. Please sign in again.");
        setChallenge(null);
        setPassword("");
        setSubmitted(false);
      } else await dialogs.message(code === 429 ? "warning" : "error", problemText(err));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  async function resend() {
    setStatus("");
    try {
      const answer = await askForCode();
      setChallenge({ token: answer.challenge, message: answer.message });
      setCode("");
      setCodeError(null);
      setAttempt((n) => n + 1);
      setStatus("A new code has been sent to your e-mail.");
    } catch (err) {
      await dialogs.message(statusOf(err) === 429 ? "warning" : "error", problemText(err));
    }
  }

  if (challenge) {
    return (
      <AuthPage
        brand={CONSOLE_BRAND}
        tagline={CONSOLE_TAGLINE}
        title="Enter your sign-in code"
        subtitle={challenge.message || "We e-mailed you a 6-digit code."}
      >
        <form
          className={styles.form}
          noValidate
          aria-label="Sign-in code"
          onSubmit={(event) => {
            event.preventDefault();
            void verify(code);
          }}
        >
          <OtpInput
            key={attempt}
            label="Sign-in code"
            length={CODE_LENGTH}
            autoFocus
            required
            value={code}
            error={codeError}
            disabled={busy}
            onValueChange={(value) => {
              setCode(value);
              if (value) setCodeError(null);
            }}
            onComplete={(otp) => void verify(otp)}
          />
          <Button type="submit" size="lg" fullWidth loading={busy} disabled={code.length !== CODE_LENGTH}>
            Verify and sign in
          </Button>
          <div className={styles.row}>
            <ResendCodeButton
              onResend={resend}
              cooldown={RESEND_COUNTDOWN_S}
              startWithCooldown
              disabled={busy}
            />
            <Button
              variant="link"
              disabled={busy}
              onClick={() => {
                setChallenge(null);
                setPassword("");
                setSubmitted(false);
              }}
            >
              Use another account
            </Button>
          </div>
          <p className={styles.note} role="status">
            {status ? <Icon name="checkCircle" /> : null} {status}
          </p>
        </form>
      </AuthPage>
    );
  }

  return (
    <AuthPage
      brand={CONSOLE_BRAND}
      tagline={CONSOLE_TAGLINE}
      title="Operator sign-in"
      subtitle="Sign in with your operator e-mail and password. A code is e-mailed to you next."
    >
      <form className={styles.form} onSubmit={signIn} noValidate aria-label="Operator sign-in">
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          autoFocus
          value={email}
          error={errors.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <PasswordField
          label="Password"
          name="password"
          rulesHint={null}
          required
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" size="lg" fullWidth loading={busy}>
          Continue
        </Button>
      </form>
    </AuthPage>
  );
}
