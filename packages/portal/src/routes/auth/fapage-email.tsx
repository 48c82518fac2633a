import { TwoFactorScreen } from "./two-factor";

/** /auths/fapage-email/:jwttoken/:session: the one-time code sent by e-mail. */
export default function TwoFactorEmailScreen() {
  return <TwoFactorScreen channel="email" />;
}
