import { MESSAGES, PURCHASE_MAX_SGD, PURCHASE_PRESETS_SGD, parseCustomAmount } from "@herald/domain";

export { PURCHASE_PRESETS_SGD };

/** What the admin picked: a preset card, or the text of the custom amount field. */
export type PurchaseChoice = { kind: "preset"; sgd: number } | { kind: "custom"; text: string };

/**
 * The whole SGD to buy: the preset, or the custom entry (grouping commas allowed: "1,000") read as a
 * non-negative integer up to the maximum (otherwise 0).
 */
export const choiceSgd = (choice: PurchaseChoice | null): number => {
  if (choice === null) return 0;
  if (choice.kind === "preset") return choice.sgd;
  const sgd = parseCustomAmount(choice.text.replace(/,/g, ""));
  return sgd > PURCHASE_MAX_SGD ? 0 : sgd;
};

const sgdText = (n: number) => n.toLocaleString("en-US");

/** The rule a custom amount must follow, as the field's help says it. */
export const CUSTOM_AMOUNT_RULE = `Whole SGD from 1 to ${sgdText(PURCHASE_MAX_SGD)}, e.g. 750 (no cents).`;

/** Why a custom entry is refused, naming the rule it breaks; undefined when it is a valid amount. */
function customProblem(text: string): string | undefined {
  const plain = text.trim().replace(/,/g, "");
  if (plain === "") return undefined;
  const m = /^(\d+)(?:\.(\d*))?$/.exec(plain);
  if (!m) return "Amounts are whole SGD written in digits, e.g. 750.";
  const whole = Number(m[1]);
  if (whole < 1) return "The smallest purchase is SGD 1.";
  if (m[2] && /[1-9]/.test(m[2]))
    return `Amounts are whole SGD, without cents: enter ${sgdText(whole)} or ${sgdText(whole + 1)}.`;
  if (whole > PURCHASE_MAX_SGD) return `The largest purchase is SGD ${sgdText(PURCHASE_MAX_SGD)}.`;
  return undefined;
}

/**
 * The error of a choice on Checkout: the specification's 'Please select or enter amount' when nothing valid
 * is chosen, followed by the rule a custom entry breaks (cents, below 1, above the maximum, not digits).
 */
export function choiceError(choice: PurchaseChoice | null): string | undefined {
  const rule = choice?.kind === "custom" ? customProblem(choice.text) : undefined;
  if (rule) return `${MESSAGES.selectOrEnterAmount}. ${rule}`;
  return choiceSgd(choice) === 0 ? MESSAGES.selectOrEnterAmount : undefined;
}

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
