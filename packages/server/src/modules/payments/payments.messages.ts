/** Messages of the purchase calls that the specification does not word (designed). */

import { PURCHASE_MAX_SGD } from "@herald/domain";

/** Largest purchase in whole SGD (openapi.yaml CheckoutRequest.maximum). */
export const MAX_PURCHASE_SGD = PURCHASE_MAX_SGD;
export const PURCHASE_TOO_LARGE = "Please enter an amount of at most 999,999 SGD";
export const UNKNOWN_PROVIDER = "Unknown or unconfigured payment provider";
