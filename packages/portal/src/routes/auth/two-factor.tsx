import { MESSAGES, RESEND_COUNTDOWN_S } from "@herald/domain";
import { Button, Icon, OtpInput, ResendCodeButton } from "@herald/ui";
import { type FormEvent, useRef, useState } from "react";
import { useLocation, useNavigate, useParams } from "react-router";
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
  type TwoFactorState,
  twoFactorPath,
} from "./two-factor-paths";

const CODE_LENGTH = 6;

/** How many positions of two codes differ. */
function differences(before: string, after: string): number {
  let n = 0;
  for (let i = 0; i < CODE_LENGTH; i++) if (before[i] !== after[i]) n += 1;
  return n;
}
const LAST_BOX = `Digit ${CODE_LENGTH} of ${CODE_LENGTH}`;

/** The page's words; a known (masked) destination replaces the general ones. */
const sentTo = (destination: string) => `We sent a 6-digit code to ${destination}.`;
const resentTo = (destination: string) => `A new code has been sent to ${destination}.`;

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
  const state = useLocation().state as TwoFactorState | null;
  // A new session (after switching channel) starts a fresh page: empty boxes, a new countdown.
  return (
    <TwoFactorForm
      key={`${channel}:${session}`}
      channel={channel}
      jwttoken={jwttoken}
      session={session}
      sentDestination={state?.destination}
      resendAfter={state?.resendAfter ?? RESEND_COUNTDOWN_S}
    />
  );
}

function TwoFactorForm({
  channel,
  jwttoken,
  session,
  sentDestination,
  resendAfter,
}: {
  channel: OtpChannel;
  jwttoken: string;
  session: string;
  sentDestination?: string | undefined;
  /** Seconds the Resend button counts down: the server's wait between codes. */
  resendAfter: number;
}) {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const [code, setCode] = useState("");
  const [attempt, setAttempt] = useState(0);
  const [verifying, setVerifying] = useState(false);
  const [switching, setSwitching] = useState(false);
  const [status, setStatus] = useState("");
  const [destination, setDestination] = useState(sentDestination);
  /** The server's answer to the code now in the boxes ('Invalid OTP'); cleared when it changes. */
  const [codeError, setCodeError] = useState<string | null>(null);
  const busy = useRef(false);
  /**
   * After a wrong code its digits stay, selected for retyping. A digit typed over them is not yet a new
   * code: the code goes on its own once a digit is typed in the last box (or a whole code is pasted), and
   * with Verify after fixing a digit in the middle.
   */
  const retyping = useRef(false);
  const changed = useRef(0);
  const latest = useRef("");
  const sms = channel === "sms";
  const other: OtpChannel = sms ? "email" : "sms";
  const text = copy[channel];

  /** 401: the pre-authentication token expired; the user signs in again. */
  async function tokenExpired() {
    await dialogs.message("error", MESSAGES.tokenExpired);
    forgetOtpSession();
    navigate("/login", { replace: true });
  }

  /** 429: too many wrong codes for the account ends this sign-in; other limits only ask to wait. */
  async function tooMany(message: string) {
    await dialogs.message("warning", message);
    if (message === MESSAGES.otpLocked) {
      forgetOtpSession();
      navigate("/login", { replace: true });
    }
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
        // 'Invalid OTP', or 'Too many attempts, request a new code' once the code's tries are spent.
        await dialogs.message("error", message);
        // The digits stay for correcting: the boxes remount with the first one focused and selected.
        setCodeError(message);
        retyping.current = true;
        setAttempt((n) => n + 1);
      } else if (httpStatus === 429) {
        await tooMany(message);
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
      const answer = await authApi.resendOtp({ jwttoken, sms, sessionId: session });
      setDestination(answer.destination);
      // A new code: the old digits are of no use.
      setCodeError(null);
      setCode("");
      latest.current = "";
      retyping.current = false;
      setAttempt((n) => n + 1);
      setStatus(answer.destination ? resentTo(answer.destination) : text.sent);
    } catch (err) {
      const { status: httpStatus, message } = failure(err);
      if (httpStatus === 401) await tokenExpired();
      else if (httpStatus === 429) await tooMany(message);
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
      const next: TwoFactorState = { destination: answer.destination, resendAfter: answer.resendAfter };
      navigate(twoFactorPath(other, answer.jwttoken, answer.session_id), { replace: true, state: next });
    } catch (err) {
      const { status: httpStatus, message } = failure(err);
      if (httpStatus === 401) await tokenExpired();
      else if (httpStatus === 429) await tooMany(message);
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
      subtitle={destination ? sentTo(destination) : text.subtitle}
      below={<AuthLink to="/login">Back to sign in</AuthLink>}
    >
      <form
        className={styles.form}
        onSubmit={onSubmit}
        onKeyUp={(event) => {
          const box = event.target as HTMLElement;
          if (retyping.current && /^\d$/.test(event.key) && box.getAttribute("aria-label") === LAST_BOX)
            void verify(latest.current);
        }}
        noValidate
        aria-label="Two-factor authentication"
      >
        <OtpInput
          key={attempt}
          label="Verification code"
          length={CODE_LENGTH}
          autoFocus
          required
          value={code}
          error={codeError}
          disabled={verifying || switching}
          onValueChange={(next) => {
            changed.current = differences(latest.current, next);
            latest.current = next;
            setCode(next);
            setCodeError(null);
          }}
          onComplete={(otp) => {
            if (retyping.current && changed.current <= 1) return;
            void verify(otp);
          }}
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
            cooldown={resendAfter}
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
        <p className={styles.note} role="status">
          {status ? <Icon name="checkCircle" /> : null} {status}
        </p>
      </form>
    </AuthPage>
  );
}
