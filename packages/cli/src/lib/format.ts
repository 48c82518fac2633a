import { formatSgd, sgdToCents } from "@herald/domain";

/**
 * How every command's human output writes numbers (`--json` keeps the raw numbers): counts with thousands
 * separators ("49,997") and money as "SGD 2,499.85".
 */
export const count = (n: number): string => n.toLocaleString("en-US");

/** "1 recipient", "49,997 recipients". */
export const counted = (n: number, one: string, many = `${one}s`): string =>
  `${count(n)} ${n === 1 ? one : many}`;

/** Integer cents as "SGD 2,499.85". */
export const money = (cents: number): string => formatSgd(cents);

/** An SGD amount (a number such as 2499.85, or the API's two-decimal string "2499.85") as "SGD 2,499.85". */
export const sgd = (amount: number | string): string => formatSgd(sgdToCents(amount));
