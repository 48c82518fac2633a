/**
 * SMS length, segment counting, splitting and encoding: one rule set shared by the portal counter, billing on
 * the server and the SMPP driver, so what is shown, what is charged and what is sent always agree.
 *
 * - Text made only of characters of the 3GPP TS 23.038 default alphabet (basic table + extension table) is
 *   sent in GSM-7: 160 septets in a single SMS, 153 per part once concatenated (the 6-byte concatenation
 *   header takes the rest). Extension-table characters (`\f ^ { } \ [ ~ ] | €`) are sent as escape +
 *   character and take two septets; that pair is never split across parts.
 * - Any other text is sent in UCS-2: 70 UTF-16 code units in a single SMS, 67 per part; a surrogate pair
 *   (an emoji, for instance) is never split across parts.
 *
 * The specification's "57 characters count as 1 SMS in UTF-8" figure is wrong and is not used.
 *
 * Empty text is 0 characters, 0 segments and no parts: nothing is sent or charged (compose refuses empty
 * messages before counting matters); `remaining` is then the full single-SMS capacity (160).
 */

export const GSM_SINGLE_LIMIT = 160;
export const GSM_PART_LIMIT = 153;
export const UCS2_SINGLE_LIMIT = 70;
export const UCS2_PART_LIMIT = 67;

export type SmsEncoding = "gsm7" | "ucs2";

export interface SmsCount {
  encoding: SmsEncoding;
  /** Septets for GSM-7 text (extension characters count 2); UTF-16 code units for UCS-2 text. */
  characters: number;
  /** Number of SMS sent and charged (0 for empty text). */
  segments: number;
  /** Capacity of one segment in `characters` units: 160 or 153 (GSM-7), 70 or 67 (UCS-2). */
  perSegment: number;
  /** Units still free in the last segment before another one is needed (same encoding). */
  remaining: number;
}

/**
 * Short sentence for a message counter: how characters become SMS.
 */
export const SMS_COUNTING_RULE =
  "Standard (GSM-7) text: 160 characters per SMS, 153 per part when longer; extension characters such as € { } [ ] count as 2. Other text (Unicode, e.g. with an emoji): 70, then 67 per part.";

/** Counter line for a message box, e.g. "145 characters left · 2 SMS (GSM-7)". */
export function smsCounterText(count: SmsCount): string {
  const enc = count.encoding === "gsm7" ? "GSM-7" : "Unicode";
  const sms = `${count.segments} SMS`;
  return `${count.remaining} characters left · ${sms} (${enc})`;
}

/** GSM 03.38 basic table in code order (index = septet value); 0x1B is the escape to the extension table. */
const GSM_BASIC_TABLE =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\x1bÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?" +
  "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
export const GSM_ESCAPE = 0x1b;
/** GSM 03.38 extension table: character → septet sent after the escape. */
const GSM_EXTENSION_TABLE: ReadonlyMap<string, number> = new Map([
  ["\f", 0x0a],
  ["^", 0x14],
  ["{", 0x28],
  ["}", 0x29],
  ["\\", 0x2f],
  ["[", 0x3c],
  ["~", 0x3d],
  ["]", 0x3e],
  ["|", 0x40],
  ["€", 0x65],
]);
/** Characters of the extension table (two septets each). */
export const GSM_EXTENSION_CHARS = [...GSM_EXTENSION_TABLE.keys()].join("");

const GSM_BASIC: ReadonlyMap<string, number> = new Map(
  [...GSM_BASIC_TABLE].flatMap((c, i) => (i === GSM_ESCAPE ? [] : [[c, i] as [string, number]])),
);
const GSM_EXTENSION_DECODE: ReadonlyMap<number, string> = new Map(
  [...GSM_EXTENSION_TABLE].map(([c, s]) => [s, c] as [number, string]),
);

/** Septets of each UTF-16 unit in the GSM 7-bit alphabet (0: not in it); every GSM character is one unit. */
const GSM_COST = new Uint8Array(0x10000);
for (const c of GSM_BASIC.keys()) GSM_COST[c.charCodeAt(0)] = 1;
for (const c of GSM_EXTENSION_TABLE.keys()) GSM_COST[c.charCodeAt(0)] = 2;

/** Septets a character takes in the GSM 7-bit alphabet, or 0 when it is not in it. */
function gsmCost(char: string): number {
  if (GSM_BASIC.has(char)) return 1;
  if (GSM_EXTENSION_TABLE.has(char)) return 2;
  return 0;
}

/** True when every character of the text is in the GSM 03.38 basic or extension table ("" is). */
export function isGsm7(text: string): boolean {
  for (const c of text) if (gsmCost(c) === 0) return false;
  return true;
}

/** Splits the text greedily into parts of at most `limit` units, keeping each character (code point) whole. */
function pack(text: string, limit: number, cost: (c: string) => number): { parts: string[]; last: number } {
  const parts: string[] = [];
  let current = "";
  let used = 0;
  for (const c of text) {
    const n = cost(c);
    if (used + n > limit) {
      parts.push(current);
      current = "";
      used = 0;
    }
    current += c;
    used += n;
  }
  if (current.length > 0) parts.push(current);
  return { parts, last: used };
}

function segment(text: string): { count: SmsCount; parts: string[] } {
  if (text.length === 0) {
    return {
      count: {
        encoding: "gsm7",
        characters: 0,
        segments: 0,
        perSegment: GSM_SINGLE_LIMIT,
        remaining: GSM_SINGLE_LIMIT,
      },
      parts: [],
    };
  }
  const gsm = isGsm7(text);
  const cost = gsm ? gsmCost : (c: string) => c.length;
  const single = gsm ? GSM_SINGLE_LIMIT : UCS2_SINGLE_LIMIT;
  const perPart = gsm ? GSM_PART_LIMIT : UCS2_PART_LIMIT;
  const encoding: SmsEncoding = gsm ? "gsm7" : "ucs2";
  let characters = 0;
  for (const c of text) characters += cost(c);
  if (characters <= single) {
    return {
      count: { encoding, characters, segments: 1, perSegment: single, remaining: single - characters },
      parts: [text],
    };
  }
  const multi = pack(text, perPart, cost);
  return {
    count: {
      encoding,
      characters,
      segments: multi.parts.length,
      perSegment: perPart,
      remaining: perPart - multi.last,
    },
    parts: multi.parts,
  };
}

/** Encoding, length and number of SMS for a message text. Empty text is 0 segments. */
export function countSms(text: string): SmsCount {
  // The same rule as segment() without building the parts: one pass over the UTF-16 units with a table of
  // septet costs (every character of both GSM tables is one unit), a second only for multi-part UCS-2 text.
  const len = text.length;
  if (len === 0) return segment(text).count;
  // GSM-7: the septets and, as if the text were multi-part, its parts of 153 (greedy, an escape pair whole).
  let septets = 0;
  let parts = 1;
  let used = 0;
  let gsm = true;
  for (let i = 0; i < len; i++) {
    const n = GSM_COST[text.charCodeAt(i)]!;
    if (n === 0) {
      gsm = false;
      break;
    }
    septets += n;
    if (used + n > GSM_PART_LIMIT) {
      parts++;
      used = 0;
    }
    used += n;
  }
  if (gsm) {
    const single = septets <= GSM_SINGLE_LIMIT;
    const perSegment = single ? GSM_SINGLE_LIMIT : GSM_PART_LIMIT;
    return {
      encoding: "gsm7",
      characters: septets,
      segments: single ? 1 : parts,
      perSegment,
      remaining: single ? GSM_SINGLE_LIMIT - septets : GSM_PART_LIMIT - used,
    };
  }
  if (len <= UCS2_SINGLE_LIMIT) {
    return {
      encoding: "ucs2",
      characters: len,
      segments: 1,
      perSegment: UCS2_SINGLE_LIMIT,
      remaining: UCS2_SINGLE_LIMIT - len,
    };
  }
  // UCS-2 parts: a code point takes its UTF-16 units (a surrogate pair 2, kept whole; a lone surrogate 1).
  parts = 1;
  used = 0;
  for (let i = 0; i < len; i++) {
    const u = text.charCodeAt(i);
    let n = 1;
    if (u >= 0xd800 && u <= 0xdbff && i + 1 < len) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        n = 2;
        i++;
      }
    }
    if (used + n > UCS2_PART_LIMIT) {
      parts++;
      used = 0;
    }
    used += n;
  }
  return {
    encoding: "ucs2",
    characters: len,
    segments: parts,
    perSegment: UCS2_PART_LIMIT,
    remaining: UCS2_PART_LIMIT - used,
  };
}

/**
 * The text of each SMS part exactly as it is sent (`splitSms(t).length === countSms(t).segments`, and the
 * parts joined give back `t`). A single-SMS text is one part; empty text is no part.
 */
export function splitSms(text: string): string[] {
  return segment(text).parts;
}

/** GSM-7 text to unpacked septets, one byte each (extension characters as 0x1B + septet), as SMPP sends with data_coding 0. */
export function encodeGsm7(text: string): Uint8Array {
  const out: number[] = [];
  for (const c of text) {
    const basic = GSM_BASIC.get(c);
    if (basic !== undefined) {
      out.push(basic);
      continue;
    }
    const ext = GSM_EXTENSION_TABLE.get(c);
    if (ext === undefined)
      throw new RangeError(`Character U+${c.codePointAt(0)?.toString(16)} is not in the GSM-7 alphabet`);
    out.push(GSM_ESCAPE, ext);
  }
  return Uint8Array.from(out);
}

/** Unpacked GSM-7 septets back to text (an unknown escape gives the basic character, as 23.038 says). */
export function decodeGsm7(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i++) {
    const b = (bytes[i] ?? 0) & 0x7f;
    if (b === GSM_ESCAPE && i + 1 < bytes.length) {
      const next = (bytes[++i] ?? 0) & 0x7f;
      out += GSM_EXTENSION_DECODE.get(next) ?? GSM_BASIC_TABLE[next] ?? "";
      continue;
    }
    out += b === GSM_ESCAPE ? " " : (GSM_BASIC_TABLE[b] ?? "");
  }
  return out;
}

/** Text to UCS-2 (UTF-16 big-endian) bytes, as SMPP sends with data_coding 8. */
export function encodeUcs2(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const u = text.charCodeAt(i);
    out[2 * i] = u >> 8;
    out[2 * i + 1] = u & 0xff;
  }
  return out;
}

/** UCS-2 / UTF-16 big-endian bytes back to text (a trailing odd byte is ignored). */
export function decodeUcs2(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i + 1 < bytes.length; i += 2)
    out += String.fromCharCode(((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0));
  return out;
}

/** One part as it goes on the wire: SMPP data_coding (0 GSM-7 default alphabet, 8 UCS-2) and payload bytes. */
export interface EncodedSmsPart {
  dataCoding: 0 | 8;
  bytes: Uint8Array;
}

/** `splitSms` with each part encoded in the message's encoding (the same for every part). */
export function encodeSms(text: string): EncodedSmsPart[] {
  const gsm = isGsm7(text);
  return splitSms(text).map((part) =>
    gsm ? { dataCoding: 0, bytes: encodeGsm7(part) } : { dataCoding: 8, bytes: encodeUcs2(part) },
  );
}

/** Look-alikes in GSM-7 of common characters outside it (typographic quotes, dashes, spaces, ellipsis). */
const GSM_LOOKALIKES: ReadonlyMap<string, string> = new Map([
  ["\u2018", "'"],
  ["\u2019", "'"],
  ["\u201a", "'"],
  ["\u201b", "'"],
  ["\u2032", "'"],
  ["\u201c", '"'],
  ["\u201d", '"'],
  ["\u201e", '"'],
  ["\u2033", '"'],
  ["\u2013", "-"],
  ["\u2014", "-"],
  ["\u2212", "-"],
  ["\u2026", "..."],
  ["\u00a0", " "],
  ["\u2009", " "],
  ["\u202f", " "],
  ["\u2022", "-"],
]);

/** The distinct characters of the text outside GSM-7 (each makes the whole message Unicode), in order. */
export function nonGsmCharacters(text: string): string[] {
  const out: string[] = [];
  // Whole graphemes where the platform can say them (an emoji with its modifiers is one character to a person).
  const segmenter = typeof Intl !== "undefined" && "Segmenter" in Intl ? new Intl.Segmenter("en") : null;
  const pieces = segmenter ? [...segmenter.segment(text)].map((s) => s.segment) : [...text];
  for (const piece of pieces) if (!isGsm7(piece) && !out.includes(piece)) out.push(piece);
  return out;
}

/** The text in GSM-7: look-alikes for typographic characters, the other characters outside it left out. */
export function toGsm7(text: string): string {
  let out = "";
  for (const c of text) out += gsmCost(c) > 0 ? c : (GSM_LOOKALIKES.get(c) ?? "");
  return out.replace(/ {2,}/g, " ");
}

/**
 * When characters outside GSM-7 make a message take more SMS than it would without them: those characters, the
 * SMS with them (Unicode) and without them (GSM-7, look-alikes put in). Null when they cost nothing more.
 */
export function unicodeCost(text: string): { characters: string[]; unicode: number; gsm: number } | null {
  const characters = nonGsmCharacters(text);
  if (characters.length === 0) return null;
  const unicode = countSms(text).segments;
  const gsm = countSms(toGsm7(text)).segments;
  return unicode > gsm ? { characters, unicode, gsm } : null;
}
