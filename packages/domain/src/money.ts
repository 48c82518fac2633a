/**
 * Money: SGD with two decimals, held as integer cents (the server stores `bigint` cents). Conversions use
 * string arithmetic so no binary floating-point error can creep in: 0.29 -> 29 cents, 1.005 is refused.
 */

export const CURRENCY = "SGD";

/** Preset purchase amounts in whole SGD. */
export const PURCHASE_PRESETS_SGD: readonly number[] = [500, 1000, 1500, 2000, 2500, 3000];

export const PURCHASE_AMOUNT_REQUIRED = "Please select or enter amount";

/** Largest purchase in whole SGD (openapi.yaml CheckoutRequest.maximum). */
export const PURCHASE_MAX_SGD = 999_999;

/** Thrown when a value is not an exact SGD amount or a whole number of cents. */
export class MoneyError extends Error {
  override readonly name = "MoneyError";
}

// Optional sign; integer part either plain digits or correctly grouped thousands; optional fraction.
const AMOUNT_PATTERN = /^([+-]?)(\d+|\d{1,3}(?:,\d{3})+)?(?:\.(\d*))?$/;

/**
 * Exact SGD -> integer cents. Accepts a number or a string such as "12.5", "1,234.50", ".5", "-3".
 * Throws `MoneyError` for NaN, Infinity, exponent notation, more than two (non-zero) decimals, negative
 * zero, empty input, or a result beyond Number.MAX_SAFE_INTEGER cents.
 */
export function sgdToCents(value: number | string): number {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new MoneyError(`Not a finite amount: ${value}`);
    if (Object.is(value, -0)) throw new MoneyError("Negative zero is not an amount");
    text = String(value);
  } else if (typeof value === "string") {
    text = value.trim();
  } else {
    throw new MoneyError(`Not an amount: ${String(value)}`);
  }
  const match = AMOUNT_PATTERN.exec(text);
  if (!match) throw new MoneyError(`Not an SGD amount: ${JSON.stringify(text)}`);
  const sign = match[1] ?? "";
  const whole = (match[2] ?? "").replaceAll(",", "");
  let fraction = match[3] ?? "";
  if (whole.length === 0 && fraction.length === 0)
    throw new MoneyError(`Not an SGD amount: ${JSON.stringify(text)}`);
  // Trailing zeros beyond the cents are exact ("12.500"); any other third decimal is not.
  fraction = fraction.replace(/0+$/, "");
  if (fraction.length > 2) throw new MoneyError(`More than two decimals: ${JSON.stringify(text)}`);
  const cents = BigInt(whole || "0") * 100n + BigInt(fraction.padEnd(2, "0"));
  if (sign === "-" && cents === 0n) throw new MoneyError("Negative zero is not an amount");
  if (cents > BigInt(Number.MAX_SAFE_INTEGER))
    throw new MoneyError(`Amount too large: ${JSON.stringify(text)}`);
  const n = Number(cents);
  return sign === "-" ? -n : n;
}

function toBigCents(cents: number | bigint): bigint {
  if (typeof cents === "bigint") return cents;
  if (!Number.isSafeInteger(cents)) throw new MoneyError(`Cents must be a safe integer: ${cents}`);
  return BigInt(cents);
}

/**
 * Largest magnitude of cents `centsToSgd` converts. Up to here (10 trillion SGD) every two-decimal amount
 * has a double whose shortest decimal form is that amount; beyond it doubles are too sparse.
 */
export const MAX_EXACT_CENTS = 10 ** 15;

/**
 * Integer cents -> SGD as a number: 1250 -> 12.5. Throws `MoneyError` for fractional cents or a magnitude
 * above `MAX_EXACT_CENTS`.
 */
export function centsToSgd(cents: number | bigint): number {
  const big = toBigCents(cents);
  const max = BigInt(MAX_EXACT_CENTS);
  if (big > max || big < -max) throw new MoneyError(`Cents beyond exact range: ${big}`);
  // Both operands are exact doubles and IEEE division rounds correctly, so the result is the double
  // nearest to the decimal amount, whose shortest form is that decimal.
  const n = Number(big) / 100;
  return n === 0 ? 0 : n;
}

/** Two-decimal amount with thousands separators: 123450 -> "1,234.50", -5 -> "-0.05". */
export function formatAmount(cents: number | bigint): string {
  const big = toBigCents(cents);
  const negative = big < 0n;
  const abs = negative ? -big : big;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const fraction = (abs % 100n).toString().padStart(2, "0");
  return `${negative ? "-" : ""}${whole}.${fraction}`;
}

/** "SGD 1,234.50" (negative: "SGD -1,234.50"). */
export function formatSgd(cents: number | bigint): string {
  return `${CURRENCY} ${formatAmount(cents)}`;
}

/**
 * The custom purchase amount rule: a non-negative whole number of SGD, otherwise 0. Accepts "1500",
 * " 1500 ", "1500.00", 1500; anything else (negative, fractional, text, unsafe) is 0.
 */
export function parseCustomAmount(input: string | number | null | undefined): number {
  let n: number;
  if (typeof input === "number") {
    n = input;
  } else if (typeof input === "string") {
    const text = input.trim();
    if (!/^\d+(?:\.0*)?$/.test(text)) return 0;
    n = Number(text);
  } else {
    return 0;
  }
  // Whole SGD whose cents still fit in a safe integer.
  if (!Number.isSafeInteger(n) || n < 0 || n > Math.floor(Number.MAX_SAFE_INTEGER / 100)) return 0;
  return n === 0 ? 0 : n;
}

export type PurchaseAmountResult =
  | { ok: true; sgd: number; cents: number }
  | { ok: false; error: typeof PURCHASE_AMOUNT_REQUIRED };

/**
 * The purchase amount (a preset or a custom entry) per the spec: read as a non-negative integer of SGD
 * (otherwise 0), and zero is rejected with 'Please select or enter amount'.
 */
export function parsePurchaseAmount(input: string | number | null | undefined): PurchaseAmountResult {
  const sgd = parseCustomAmount(input);
  if (sgd === 0) return { ok: false, error: PURCHASE_AMOUNT_REQUIRED };
  return { ok: true, sgd, cents: sgd * 100 };
}
