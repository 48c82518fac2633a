export { CreditBox, type CreditBoxProps } from "./CreditBox";
