import { sgdToCents } from "@herald/domain";
import { BadRequest } from "../errors";

/** SGD from the API to cents; more than two decimals is a 400, never a silent rounding. */
export function toCents(value: number, field: string): number {
  try {
    return sgdToCents(value);
  } catch {
    throw new BadRequest(`${field} must be an amount in SGD with at most two decimals`);
  }
}
