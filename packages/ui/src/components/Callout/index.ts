export { Callout, type CalloutProps, type CalloutTone } from "./Callout";
