export { CreditBox, type CreditBoxProps } from "./CreditBox";
export { CreditSummary, type CreditSummaryProps } from "./CreditSummary";
