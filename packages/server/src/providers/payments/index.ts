export * from "./provider";
export { type SandboxPaymentProvider, sandboxPaymentProvider, verifyHeraldSignature } from "./sandbox";
export { stripePaymentProvider } from "./stripe";
