/** Where a signed-in user lands: the social chat home. */
export const HOME = "/apps/social-chat";

export type OtpChannel = "email" | "sms";

/** /auths/fapage-email/{jwttoken}/{session} or /auths/fapage-sms/{jwttoken}/{session}. */
export const twoFactorPath = (channel: OtpChannel, jwttoken: string, session: string) =>
  `/auths/fapage-${channel}/${encodeURIComponent(jwttoken)}/${encodeURIComponent(session)}`;

/** Navigation state of the two-factor pages: where the code went, masked ("j***@example.com"). */
export interface TwoFactorState {
  destination?: string;
  /** Seconds before the server sends another code (its answer's `resendAfter`): the countdown's start. */
  resendAfter?: number;
}

const OTP_SESSION_KEY = "otpSessionId";

/** Keeps the current one-time-code session id for this tab (the spec stores it on sign-in). */
export function rememberOtpSession(sessionId: string) {
  try {
    sessionStorage.setItem(OTP_SESSION_KEY, sessionId);
  } catch {
    /* storage unavailable: the id also travels in the address */
  }
}

export function forgetOtpSession() {
  try {
    sessionStorage.removeItem(OTP_SESSION_KEY);
  } catch {
    /* nothing to forget */
  }
}
