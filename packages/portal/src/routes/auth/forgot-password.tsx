import { MESSAGES, validateEmail } from "@herald/domain";
import { Button, TextField } from "@herald/ui";
import { type FormEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useDialogs } from "../../dialogs";
import * as styles from "./auth.css";
import { authApi, failure } from "./auth.queries";
import { AuthLink, AuthPage } from "./auth-page";

/** /auths/auth-reset: asks for the account's e-mail and sends a reset link to it. */
export default function ForgotPasswordScreen() {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const [email, setEmail] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const error = submitted ? validateEmail(email) : null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sendingRef.current) return;
    setSubmitted(true);
    if (validateEmail(email)) return;
    sendingRef.current = true;
    setSending(true);
    try {
      await authApi.forgotPassword({ email: email.trim() });
      setSending(false);
      await dialogs.message("success", MESSAGES.resetLinkSent);
      navigate("/login");
    } catch (err) {
      setSending(false);
      const { status } = failure(err);
      if (status === 400) await dialogs.message("error", MESSAGES.invalidEmail);
      else await dialogs.message("warning", MESSAGES.somethingWentWrong);
    } finally {
      sendingRef.current = false;
    }
  }

  return (
    <AuthPage
      title="Forgot password?"
      subtitle="Enter your e-mail and we will send you a link to reset your password."
      below={
        <>
          Remembered it? <AuthLink to="/login">Back to sign in</AuthLink>
        </>
      }
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Forgot password">
        <TextField
          label="E-mail"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          autoFocus
          value={email}
          error={error}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" size="lg" fullWidth loading={sending}>
          Send
        </Button>
      </form>
    </AuthPage>
  );
}
