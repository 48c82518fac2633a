export { OtpInput, type OtpInputProps, ResendCodeButton, type ResendCodeButtonProps } from "./OtpInput";
