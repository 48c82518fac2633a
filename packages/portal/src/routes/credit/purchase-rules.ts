import { MESSAGES, PURCHASE_PRESETS_SGD, parseCustomAmount } from "@herald/domain";

export { PURCHASE_PRESETS_SGD };

/** What the admin picked: a preset card, or the text of the custom amount field. */
export type PurchaseChoice = { kind: "preset"; sgd: number } | { kind: "custom"; text: string };

/** The whole SGD to buy: the preset, or the custom entry read as a non-negative integer (otherwise 0). */
export const choiceSgd = (choice: PurchaseChoice | null): number =>
  choice === null ? 0 : choice.kind === "preset" ? choice.sgd : parseCustomAmount(choice.text);

/** The error of a choice on Checkout: zero (nothing picked, or an entry that is not a whole number) is refused. */
export const choiceError = (choice: PurchaseChoice | null): string | undefined =>
  choiceSgd(choice) === 0 ? MESSAGES.selectOrEnterAmount : undefined;

/** The outcome the payment provider returned with (`?payment_success=true|false`), if any. */
export function paymentOutcome(search: URLSearchParams): "success" | "cancelled" | undefined {
  const v = search.get("payment_success");
  if (v === "true") return "success";
  if (v === "false") return "cancelled";
  return undefined;
}

/** The message of an outcome: 'Payment Success' or 'Payment Cancelled'. */
export const outcomeMessage = (outcome: "success" | "cancelled") =>
  outcome === "success" ? MESSAGES.paymentSuccess : MESSAGES.paymentCancelled;
