/**
 * Reference cases for SMS counting and splitting, shared by the domain tests, the server's billing tests and
 * the SMPP driver tests so every user of the rule checks the same table.
 */
import type { SmsEncoding } from "./sms";

export interface SmsCase {
  name: string;
  text: string;
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  characters: number;
  segments: number;
  /** Parts exactly as sent; joined they give `text`. */
  parts: string[];
}

const a = (n: number) => "a".repeat(n);
const zh = (n: number) => "你".repeat(n);
const EMOJI = "😀";
/** The GSM 03.38 extension table: each counts two septets (escape + character). */
export const SMS_EXTENSION_CHARS = ["\f", "^", "{", "}", "\\", "[", "~", "]", "|", "€"] as const;

export const SMS_CASES: SmsCase[] = [
  { name: "empty text", text: "", encoding: "gsm7", characters: 0, segments: 0, parts: [] },
  {
    name: "plain ASCII",
    text: "Hello, world!",
    encoding: "gsm7",
    characters: 13,
    segments: 1,
    parts: ["Hello, world!"],
  },
  {
    name: "GSM accents, Greek capitals, CR/LF",
    text: "Café £5 ¿Qué? ÄÖÜ äöü ΔΩ\r\n@",
    encoding: "gsm7",
    characters: 27,
    segments: 1,
    parts: ["Café £5 ¿Qué? ÄÖÜ äöü ΔΩ\r\n@"],
  },
  {
    name: "160 GSM characters",
    text: a(160),
    encoding: "gsm7",
    characters: 160,
    segments: 1,
    parts: [a(160)],
  },
  {
    name: "161 GSM characters",
    text: a(161),
    encoding: "gsm7",
    characters: 161,
    segments: 2,
    parts: [a(153), a(8)],
  },
  {
    name: "306 GSM characters",
    text: a(306),
    encoding: "gsm7",
    characters: 306,
    segments: 2,
    parts: [a(153), a(153)],
  },
  {
    name: "307 GSM characters",
    text: a(307),
    encoding: "gsm7",
    characters: 307,
    segments: 3,
    parts: [a(153), a(153), a(1)],
  },
  ...SMS_EXTENSION_CHARS.flatMap((x): SmsCase[] => {
    const label = JSON.stringify(x);
    return [
      { name: `extension ${label} alone`, text: x, encoding: "gsm7", characters: 2, segments: 1, parts: [x] },
      {
        name: `extension ${label} filling septets 159-160 of one SMS`,
        text: a(158) + x,
        encoding: "gsm7",
        characters: 160,
        segments: 1,
        parts: [a(158) + x],
      },
      {
        name: `extension ${label} at septet 160-161 forces two parts`,
        text: a(159) + x,
        encoding: "gsm7",
        characters: 161,
        segments: 2,
        parts: [a(153), a(6) + x],
      },
      {
        name: `extension ${label} at septets 153-154 (across the boundary) moves whole to part 2`,
        text: a(152) + x + a(10),
        encoding: "gsm7",
        characters: 164,
        segments: 2,
        parts: [a(152), x + a(10)],
      },
      {
        name: `extension ${label} at septets 152-153 ends part 1`,
        text: a(151) + x + a(10),
        encoding: "gsm7",
        characters: 163,
        segments: 2,
        parts: [a(151) + x, a(10)],
      },
    ];
  }),
  {
    name: "only extension characters over two parts",
    text: "€".repeat(81),
    encoding: "gsm7",
    characters: 162,
    segments: 2,
    parts: ["€".repeat(76), "€".repeat(5)],
  },
  { name: "one emoji", text: EMOJI, encoding: "ucs2", characters: 2, segments: 1, parts: [EMOJI] },
  { name: "backtick is not GSM", text: "`", encoding: "ucs2", characters: 1, segments: 1, parts: ["`"] },
  { name: "lowercase ç is not GSM", text: "ç", encoding: "ucs2", characters: 1, segments: 1, parts: ["ç"] },
  {
    name: "mixed scripts",
    text: "Hello Привет 你好 مرحبا",
    encoding: "ucs2",
    characters: 21,
    segments: 1,
    parts: ["Hello Привет 你好 مرحبا"],
  },
  { name: "70 UCS-2 units", text: zh(70), encoding: "ucs2", characters: 70, segments: 1, parts: [zh(70)] },
  {
    name: "71 UCS-2 units",
    text: zh(71),
    encoding: "ucs2",
    characters: 71,
    segments: 2,
    parts: [zh(67), zh(4)],
  },
  {
    name: "134 UCS-2 units",
    text: zh(134),
    encoding: "ucs2",
    characters: 134,
    segments: 2,
    parts: [zh(67), zh(67)],
  },
  {
    name: "135 UCS-2 units",
    text: zh(135),
    encoding: "ucs2",
    characters: 135,
    segments: 3,
    parts: [zh(67), zh(67), zh(1)],
  },
  {
    name: "one non-GSM character turns long GSM text into UCS-2",
    text: `${a(100)}ç`,
    encoding: "ucs2",
    characters: 101,
    segments: 2,
    parts: [a(67), `${a(33)}ç`],
  },
  {
    name: "surrogate pair filling units 69-70 of one SMS",
    text: zh(68) + EMOJI,
    encoding: "ucs2",
    characters: 70,
    segments: 1,
    parts: [zh(68) + EMOJI],
  },
  {
    name: "surrogate pair at units 70-71 forces two parts",
    text: zh(69) + EMOJI,
    encoding: "ucs2",
    characters: 71,
    segments: 2,
    parts: [zh(67), zh(2) + EMOJI],
  },
  {
    name: "surrogate pair at units 67-68 (across the boundary) moves whole to part 2",
    text: zh(66) + EMOJI + zh(10),
    encoding: "ucs2",
    characters: 78,
    segments: 2,
    parts: [zh(66), EMOJI + zh(10)],
  },
  {
    name: "surrogate pair at units 66-67 ends part 1",
    text: zh(65) + EMOJI + zh(10),
    encoding: "ucs2",
    characters: 77,
    segments: 2,
    parts: [zh(65) + EMOJI, zh(10)],
  },
  {
    name: "36 emoji",
    text: EMOJI.repeat(36),
    encoding: "ucs2",
    characters: 72,
    segments: 2,
    parts: [EMOJI.repeat(33), EMOJI.repeat(3)],
  },
  {
    name: "surrogate pair at the second part boundary (units 133-134 vs 134-135)",
    text: zh(133) + EMOJI + zh(3),
    encoding: "ucs2",
    characters: 138,
    segments: 3,
    parts: [zh(67), zh(66), EMOJI + zh(3)],
  },
  {
    name: "extension character at the second part boundary",
    text: a(305) + "€" + a(3),
    encoding: "gsm7",
    characters: 310,
    segments: 3,
    parts: [a(153), a(152), `€${a(3)}`],
  },
];
