export { PhoneInput, type PhoneInputProps, type PhoneValue } from "./PhoneInput";
