/**
 * Recipient readiness (messaging spec: READY, INVALID PHONE NUMBER, MISSING VALUE, DUPLICATED). A number is
 * read in international format ('+' added when missing); every body variable must be non-empty; with
 * remove-duplicates on, a number seen on an earlier row is DUPLICATED. Only READY rows are sent.
 */
import { parsePhone } from "@herald/domain";

export type Readiness = "READY" | "INVALID PHONE NUMBER" | "MISSING VALUE" | "DUPLICATED";

export interface RawRecipient {
  mobile: string;
  name: string;
  /** The row's body variables (already resolved). */
  variables: string[];
}

export interface CheckedRecipient extends RawRecipient {
  /** E.164 digits without '+' when valid, the input otherwise. */
  mobile: string;
  readiness: Readiness;
}

/** The E.164 digits of a number written with or without '+', or null when it is not a valid number. */
export function internationalMobile(raw: string): string | null {
  const text = raw.trim().replace(/[\s().\-\u00a0]/g, "");
  if (!/^\+?[0-9]{7,15}$/.test(text)) return null;
  const parsed = parsePhone(text.startsWith("+") ? text : `+${text}`);
  return parsed?.valid ? parsed.e164.slice(1) : null;
}

export function checkRecipients(
  rows: RawRecipient[],
  opts: { bodyVariables: number; removeDuplicates: boolean },
): CheckedRecipient[] {
  const seen = new Set<string>();
  return rows.map((r) => {
    const mobile = internationalMobile(r.mobile);
    if (!mobile) return { ...r, mobile: r.mobile.trim(), readiness: "INVALID PHONE NUMBER" as const };
    const vars = r.variables.slice(0, opts.bodyVariables);
    if (vars.length < opts.bodyVariables || vars.some((v) => !v?.trim())) {
      return { ...r, mobile, readiness: "MISSING VALUE" as const };
    }
    if (opts.removeDuplicates && seen.has(mobile)) return { ...r, mobile, readiness: "DUPLICATED" as const };
    seen.add(mobile);
    return { ...r, mobile, readiness: "READY" as const };
  });
}
