import { TwoFactorScreen } from "./two-factor";

/** /auths/fapage-sms/:jwttoken/:session: the one-time code sent by SMS. */
export default function TwoFactorSmsScreen() {
  return <TwoFactorScreen channel="sms" />;
}
