/**
 * SMS length and segment counting. Text made only of GSM 03.38 characters is sent in the 7-bit default
 * alphabet: 160 septets in a single message, 153 per part once concatenated (the rest carries the
 * concatenation header); characters of the extension table take two septets (escape + character) and are
 * never split across parts. Any other text is counted with the spec's figure of 57 characters per SMS
 * ("57 characters count as 1 SMS in UTF-8, 160 otherwise"), in UTF-16 code units, never splitting a
 * surrogate pair.
 */

export const GSM_SINGLE_LIMIT = 160;
export const GSM_PART_LIMIT = 153;
/** The spec's per-SMS figure for text outside the GSM alphabet. */
export const UNICODE_PER_SMS = 57;

export type SmsEncoding = "gsm7" | "unicode";

export interface SmsCount {
  encoding: SmsEncoding;
  /** Septets for GSM text (extension characters count 2); UTF-16 code units otherwise. */
  characters: number;
  segments: number;
  /** Capacity of one segment in `characters` units: 160 or 153 (GSM), 57 (unicode). */
  perSegment: number;
}

/** GSM 03.38 default alphabet (basic table), excluding the escape code. */
const GSM_BASIC = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?" +
    "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);
/** GSM 03.38 extension table: sent as escape + character, 2 septets each. */
const GSM_EXTENSION = new Set("\f^{}\\[~]|€");

/** Septets a character takes in the GSM 7-bit alphabet, or 0 when it is not in it. */
function gsmCost(char: string): number {
  if (GSM_BASIC.has(char)) return 1;
  if (GSM_EXTENSION.has(char)) return 2;
  return 0;
}

/** True when every character of the text is in the GSM 03.38 basic or extension table. */
export function isGsm7(text: string): boolean {
  for (const c of text) if (gsmCost(c) === 0) return false;
  return true;
}

/** Splits the text greedily into parts of at most `limit` units, keeping each character whole. */
function pack(text: string, limit: number, cost: (c: string) => number): { parts: string[]; units: number } {
  const parts: string[] = [];
  let current = "";
  let used = 0;
  let units = 0;
  for (const c of text) {
    const n = cost(c);
    units += n;
    if (used + n > limit) {
      parts.push(current);
      current = "";
      used = 0;
    }
    current += c;
    used += n;
  }
  if (current.length > 0) parts.push(current);
  return { parts, units };
}

function segment(text: string): { count: SmsCount; parts: string[] } {
  if (text.length === 0) {
    return {
      count: { encoding: "gsm7", characters: 0, segments: 0, perSegment: GSM_SINGLE_LIMIT },
      parts: [],
    };
  }
  if (isGsm7(text)) {
    const single = pack(text, GSM_SINGLE_LIMIT, gsmCost);
    if (single.units <= GSM_SINGLE_LIMIT) {
      return {
        count: { encoding: "gsm7", characters: single.units, segments: 1, perSegment: GSM_SINGLE_LIMIT },
        parts: [text],
      };
    }
    const multi = pack(text, GSM_PART_LIMIT, gsmCost);
    return {
      count: {
        encoding: "gsm7",
        characters: multi.units,
        segments: multi.parts.length,
        perSegment: GSM_PART_LIMIT,
      },
      parts: multi.parts,
    };
  }
  const u = pack(text, UNICODE_PER_SMS, (c) => c.length);
  return {
    count: {
      encoding: "unicode",
      characters: u.units,
      segments: u.parts.length,
      perSegment: UNICODE_PER_SMS,
    },
    parts: u.parts,
  };
}

/** Encoding, length and number of SMS for a message text. Empty text is 0 segments. */
export function countSms(text: string): SmsCount {
  return segment(text).count;
}

/** The text of each SMS part, as counted by `countSms` (`splitSms(t).length === countSms(t).segments`). */
export function splitSms(text: string): string[] {
  return segment(text).parts;
}
