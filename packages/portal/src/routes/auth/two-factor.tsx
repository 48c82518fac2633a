import { MESSAGES, RESEND_COUNTDOWN_S } from "@herald/domain";
import { Button, OtpInput, ResendCodeButton } from "@herald/ui";
import { type FormEvent, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { useDialogs } from "../../dialogs";
import { setToken } from "../../session";
import * as styles from "./auth.css";
import { authApi, failure } from "./auth.queries";
import { AuthLink, AuthPage } from "./auth-page";
import {
  forgetOtpSession,
  HOME,
  type OtpChannel,
  rememberOtpSession,
  twoFactorPath,
} from "./two-factor-paths";

const CODE_LENGTH = 6;

const copy: Record<OtpChannel, { subtitle: string; switchLabel: string; sent: string }> = {
  email: {
    subtitle: "Enter the 6-digit code we sent to your e-mail.",
    switchLabel: "Send the code by SMS instead",
    sent: "A new code has been sent to your e-mail.",
  },
  sms: {
    subtitle: "Enter the 6-digit code we sent by SMS to your contact number.",
    switchLabel: "Send the code by e-mail instead",
    sent: "A new code has been sent by SMS.",
  },
};

/**
 * The one-time code page of a sign-in with two-factor authentication, for the code sent by e-mail
 * (/auths/fapage-email/:jwttoken/:session) or by SMS (/auths/fapage-sms/:jwttoken/:session).
 */
export function TwoFactorScreen({ channel }: { channel: OtpChannel }) {
  const { jwttoken = "", session = "" } = useParams();
  // A new session (after switching channel) starts a fresh page: empty boxes, a new countdown.
  return (
    <TwoFactorForm key={`${channel}:${session}`} channel={channel} jwttoken={jwttoken} session={session} />
  );
}

function TwoFactorForm({
  channel,
  jwttoken,
  session,
}: {
  channel: OtpChannel;
  jwttoken: string;
  session: string;
}) {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const [code, setCode] = useState("");
  const [attempt, setAttempt] = useState(0);
  const [verifying, setVerifying] = useState(false);
  const [switching, setSwitching] = useState(false);
  const [status, setStatus] = useState("");
  const busy = useRef(false);
  const sms = channel === "sms";
  const other: OtpChannel = sms ? "email" : "sms";
  const text = copy[channel];

  /** 401: the pre-authentication token expired; the user signs in again. */
  async function tokenExpired() {
    await dialogs.message("error", MESSAGES.tokenExpired);
    forgetOtpSession();
    navigate("/login", { replace: true });
  }

  async function verify(otp: string) {
    if (busy.current || otp.length !== CODE_LENGTH) return;
    busy.current = true;
    setVerifying(true);
    setStatus("");
    try {
      const answer = await authApi.verifyOtp({ jwttoken, otptoken: otp, session_id: session, sms });
      setToken(answer.jwttoken);
      forgetOtpSession();
      navigate(HOME, { replace: true });
    } catch (err) {
      const { status: httpStatus, message } = failure(err);
      if (httpStatus === 401) {
        await tokenExpired();
      } else if (httpStatus === 400) {
        await dialogs.message("error", MESSAGES.invalidOtp);
        setCode("");
        setAttempt((n) => n + 1); // remounts the boxes with focus on the first one
      } else if (httpStatus === 403) {
        await dialogs.message("warning", message);
        navigate("/login", { replace: true });
      } else {
        await dialogs.message("warning", MESSAGES.somethingWentWrong);
      }
    } finally {
      busy.current = false;
      setVerifying(false);
    }
  }

  async function resend() {
    setStatus("");
    try {
      await authApi.resendOtp({ jwttoken, sms, sessionId: session });
      setStatus(text.sent);
    } catch (err) {
      const { status: httpStatus, message } = failure(err);
      if (httpStatus === 401) await tokenExpired();
      else if (httpStatus === 429) await dialogs.message("warning", message);
      else await dialogs.message("error", httpStatus === 0 ? MESSAGES.somethingWentWrong : message);
    }
  }

  async function switchChannel() {
    if (busy.current) return;
    busy.current = true;
    setSwitching(true);
    try {
      const answer = await authApi.requestOtp({ jwttoken, sms: !sms, sessionId: session });
      rememberOtpSession(answer.session_id);
      navigate(twoFactorPath(other, answer.jwttoken, answer.session_id), { replace: true });
    } catch (err) {
      const { status: httpStatus, message } = failure(err);
      if (httpStatus === 401) await tokenExpired();
      else await dialogs.message("error", httpStatus === 0 ? MESSAGES.somethingWentWrong : message);
    } finally {
      busy.current = false;
      setSwitching(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void verify(code);
  }

  return (
    <AuthPage
      title="Two-factor authentication"
      subtitle={text.subtitle}
      below={<AuthLink to="/login">Back to sign in</AuthLink>}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Two-factor authentication">
        <OtpInput
          key={attempt}
          label="Verification code"
          length={CODE_LENGTH}
          autoFocus
          required
          value={code}
          disabled={verifying || switching}
          onValueChange={setCode}
          onComplete={(otp) => void verify(otp)}
        />
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={verifying}
          disabled={code.length !== CODE_LENGTH || switching}
        >
          Verify
        </Button>
        <div className={styles.row}>
          <ResendCodeButton
            onResend={resend}
            cooldown={RESEND_COUNTDOWN_S}
            startWithCooldown
            disabled={verifying || switching}
          />
          <Button
            variant="link"
            loading={switching}
            disabled={verifying}
            onClick={() => void switchChannel()}
          >
            {text.switchLabel}
          </Button>
        </div>
        <p className={styles.note} aria-live="polite">
          {status}
        </p>
      </form>
    </AuthPage>
  );
}
