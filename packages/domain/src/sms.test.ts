import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  countSms,
  decodeGsm7,
  decodeUcs2,
  encodeGsm7,
  encodeSms,
  encodeUcs2,
  GSM_EXTENSION_CHARS,
  isGsm7,
  nonGsmCharacters,
  SMS_COUNTING_RULE,
  type SmsEncoding,
  smsCounterText,
  splitSms,
  toGsm7,
  unicodeCost,
} from "./sms";
import { SMS_CASES, SMS_EXTENSION_CHARS } from "./sms.cases";

const GSM_BASIC_CHARS =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXT_CHARS = "\f^{}\\[~]|€";

const gsmText = fc
  .array(
    fc.oneof(
      { weight: 9, arbitrary: fc.constantFrom(...GSM_BASIC_CHARS) },
      fc.constantFrom(...GSM_EXT_CHARS),
    ),
    {
      maxLength: 700,
    },
  )
  .map((a) => a.join(""));
const anyText = fc.oneof(
  gsmText,
  fc.string({ maxLength: 400, unit: "grapheme" }),
  fc.string({ maxLength: 400 }),
);

/** Length of a part in the message's encoding: septets for GSM-7, UTF-16 code units for UCS-2. */
function units(part: string, encoding: SmsEncoding): number {
  return encoding === "gsm7" ? encodeGsm7(part).length : part.length;
}

describe("SMS reference cases", () => {
  it.each(SMS_CASES.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const count = countSms(c.text);
    expect(count).toMatchObject({ encoding: c.encoding, characters: c.characters, segments: c.segments });
    expect(splitSms(c.text)).toEqual(c.parts);
    expect(c.parts.join("")).toBe(c.text);
    const encoded = encodeSms(c.text);
    expect(encoded).toHaveLength(c.segments);
    for (const [i, part] of encoded.entries()) {
      expect(part.dataCoding).toBe(c.encoding === "gsm7" ? 0 : 8);
      const back = part.dataCoding === 0 ? decodeGsm7(part.bytes) : decodeUcs2(part.bytes);
      expect(back).toBe(c.parts[i]);
    }
  });

  it("covers every extension character", () => {
    expect([...SMS_EXTENSION_CHARS].sort()).toEqual([...GSM_EXTENSION_CHARS].sort());
    for (const x of SMS_EXTENSION_CHARS) expect(SMS_CASES.some((c) => c.text === x)).toBe(true);
  });
});

describe("countSms", () => {
  it("counts empty text as 0 segments with a full SMS left", () => {
    expect(countSms("")).toEqual({
      encoding: "gsm7",
      characters: 0,
      segments: 0,
      perSegment: 160,
      remaining: 160,
    });
    expect(splitSms("")).toEqual([]);
  });

  it("fits 160 GSM characters in one SMS and 153 per part beyond", () => {
    expect(countSms("a".repeat(160))).toEqual({
      encoding: "gsm7",
      characters: 160,
      segments: 1,
      perSegment: 160,
      remaining: 0,
    });
    expect(countSms("a".repeat(161))).toEqual({
      encoding: "gsm7",
      characters: 161,
      segments: 2,
      perSegment: 153,
      remaining: 145,
    });
  });

  it("fits 70 UCS-2 units in one SMS and 67 per part beyond (not the specification's 57)", () => {
    expect(countSms("Привет")).toEqual({
      encoding: "ucs2",
      characters: 6,
      segments: 1,
      perSegment: 70,
      remaining: 64,
    });
    expect(countSms("你".repeat(57)).segments).toBe(1);
    expect(countSms("你".repeat(58)).segments).toBe(1);
    expect(countSms("你".repeat(71))).toEqual({
      encoding: "ucs2",
      characters: 71,
      segments: 2,
      perSegment: 67,
      remaining: 63,
    });
  });

  it("reports the space left in the last part, not counting a part-split escape as free", () => {
    // 152 + € (moved whole) + 10: part 2 holds € (2) + 10 = 12 septets.
    expect(countSms(`${"a".repeat(152)}€${"a".repeat(10)}`).remaining).toBe(153 - 12);
    expect(countSms(`${"你".repeat(66)}😀`).remaining).toBe(2);
    expect(countSms(`${"你".repeat(69)}😀`).remaining).toBe(67 - 4);
  });

  it("recognises the GSM alphabet", () => {
    expect(isGsm7("Hello @ £5 ¿Qué? ÄÖÜ äöü €")).toBe(true);
    expect(isGsm7("ç")).toBe(false);
    expect(isGsm7("`")).toBe(false);
    expect(isGsm7("😀")).toBe(false);
    expect(isGsm7("\x1b")).toBe(false);
    expect(isGsm7("")).toBe(true);
  });

  it("agrees with splitSms and never overfills a part (property)", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const count = countSms(text);
        const parts = splitSms(text);
        expect(parts.length).toBe(count.segments);
        expect(parts.join("")).toBe(text);
        expect(count.encoding).toBe(isGsm7(text) ? "gsm7" : "ucs2");
        let total = 0;
        for (const part of parts) {
          expect(part.length).toBeGreaterThan(0);
          const n = units(part, count.encoding);
          total += n;
          expect(n).toBeLessThanOrEqual(count.perSegment);
          // No part ends in the middle of a surrogate pair.
          expect(/[\uD800-\uDBFF]$/.test(part)).toBe(false);
        }
        expect(total).toBe(count.characters);
        if (parts.length > 0)
          expect(count.remaining).toBe(count.perSegment - units(parts.at(-1) ?? "", count.encoding));
      }),
    );
  });

  it("matches the closed-form count for plain GSM and UCS-2 text (property)", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9 ]{1,1000}$/), (text) => {
        const n = text.length;
        expect(countSms(text).segments).toBe(n <= 160 ? 1 : Math.ceil(n / 153));
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), (n) => {
        expect(countSms("你".repeat(n)).segments).toBe(n <= 70 ? 1 : Math.ceil(n / 67));
      }),
    );
  });

  it("grows monotonically as text is appended (property)", () => {
    fc.assert(
      fc.property(anyText, anyText, (a, b) => {
        if (isGsm7(a) === isGsm7(a + b))
          expect(countSms(a + b).segments).toBeGreaterThanOrEqual(countSms(a).segments);
      }),
    );
  });
});

describe("SMS encoding", () => {
  it("encodes GSM-7 as unpacked septets with escapes for the extension table", () => {
    expect([...encodeGsm7("@A€{")]).toEqual([0x00, 0x41, 0x1b, 0x65, 0x1b, 0x28]);
    expect([...encodeGsm7("\f^}\\[~]|")]).toEqual([
      0x1b, 0x0a, 0x1b, 0x14, 0x1b, 0x29, 0x1b, 0x2f, 0x1b, 0x3c, 0x1b, 0x3d, 0x1b, 0x3e, 0x1b, 0x40,
    ]);
    expect([...encodeGsm7("£$¥èÄ§à")]).toEqual([0x01, 0x02, 0x03, 0x04, 0x5b, 0x5f, 0x7f]);
    expect(() => encodeGsm7("ç")).toThrow(RangeError);
  });

  it("round-trips GSM-7 and UCS-2 (property)", () => {
    fc.assert(
      fc.property(gsmText, (text) => {
        expect(decodeGsm7(encodeGsm7(text))).toBe(text);
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 200, unit: "grapheme" }), (text) => {
        expect(decodeUcs2(encodeUcs2(text))).toBe(text);
      }),
    );
  });

  it("encodes UCS-2 big-endian, surrogate pairs as two units", () => {
    expect([...encodeUcs2("A你😀")]).toEqual([0x00, 0x41, 0x4f, 0x60, 0xd8, 0x3d, 0xde, 0x00]);
  });
});

describe("counter text", () => {
  it("states the rule in the user's terms", () => {
    expect(SMS_COUNTING_RULE).toMatch(/160/);
    expect(SMS_COUNTING_RULE).toMatch(/153/);
    expect(SMS_COUNTING_RULE).toMatch(/70/);
    expect(SMS_COUNTING_RULE).toMatch(/67/);
    expect(SMS_COUNTING_RULE).not.toMatch(/specification/);
    expect(smsCounterText(countSms("a".repeat(161)))).toBe("145 characters left · 2 SMS (GSM-7)");
    expect(smsCounterText(countSms("你好"))).toBe("68 characters left · 1 SMS (Unicode)");
  });
});

describe("unicodeCost: characters outside GSM-7 that add SMS", () => {
  it("names the emoji that doubles a message and counts the SMS with and without it", () => {
    const text = `${"Your table is ready. Show this SMS for a free drink tonight at the bar. ".repeat(2)}🎉`;
    expect(countSms(text).segments).toBe(3);
    expect(unicodeCost(text)).toEqual({ characters: ["🎉"], unicode: 3, gsm: 1 });
  });

  it("puts look-alikes in for typographic quotes and dashes, and says nothing when the SMS count is the same", () => {
    expect(toGsm7("It’s “ready” – now…")).toBe('It\'s "ready" - now...');
    expect(unicodeCost("Short 😀")).toBeNull();
    expect(unicodeCost("plain text")).toBeNull();
    expect(nonGsmCharacters("a👍🏽b👍🏽ü€")).toEqual(["👍🏽"]);
  });
});
