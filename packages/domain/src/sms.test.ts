import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countSms, isGsm7, splitSms } from "./sms";

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

describe("countSms", () => {
  it("counts empty text as 0 segments", () => {
    expect(countSms("")).toEqual({ encoding: "gsm7", characters: 0, segments: 0, perSegment: 160 });
  });

  it("fits 160 GSM characters in one SMS and 153 per part beyond", () => {
    expect(countSms("a".repeat(160))).toEqual({
      encoding: "gsm7",
      characters: 160,
      segments: 1,
      perSegment: 160,
    });
    expect(countSms("a".repeat(161))).toEqual({
      encoding: "gsm7",
      characters: 161,
      segments: 2,
      perSegment: 153,
    });
    expect(countSms("a".repeat(306)).segments).toBe(2);
    expect(countSms("a".repeat(307)).segments).toBe(3);
    expect(countSms("Hello, world!").segments).toBe(1);
  });

  it("counts extension-table characters as two", () => {
    expect(countSms("€")).toEqual({ encoding: "gsm7", characters: 2, segments: 1, perSegment: 160 });
    expect(countSms("{}[]~^|\\").characters).toBe(16);
    expect(countSms("a".repeat(159) + "€").segments).toBe(2);
    expect(countSms("a".repeat(158) + "€").segments).toBe(1);
    // An escape sequence is never split: 152 septets + € (2) would exceed 153, so € starts the next part.
    expect(splitSms("a".repeat(152) + "€" + "a".repeat(10))).toEqual(["a".repeat(152), "€" + "a".repeat(10)]);
  });

  it("uses the spec's 57 characters per SMS outside the GSM alphabet", () => {
    expect(countSms("Привет")).toEqual({ encoding: "unicode", characters: 6, segments: 1, perSegment: 57 });
    expect(countSms("ç")).toMatchObject({ encoding: "unicode", segments: 1 });
    expect(countSms("你".repeat(57)).segments).toBe(1);
    expect(countSms("你".repeat(58)).segments).toBe(2);
    expect(countSms("a".repeat(100) + "😀")).toMatchObject({
      encoding: "unicode",
      characters: 102,
      segments: 2,
    });
    // A surrogate pair stays whole.
    const parts = splitSms("a".repeat(56) + "😀");
    expect(parts).toEqual(["a".repeat(56), "😀"]);
  });

  it("recognises the GSM alphabet", () => {
    expect(isGsm7("Hello @ £5 ¿Qué? ÄÖÜ äöü €")).toBe(true);
    expect(isGsm7("ç")).toBe(false);
    expect(isGsm7("`")).toBe(false);
    expect(isGsm7("😀")).toBe(false);
    expect(isGsm7("")).toBe(true);
  });

  it("agrees with splitSms and never overfills a part (property)", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const count = countSms(text);
        const parts = splitSms(text);
        expect(parts.length).toBe(count.segments);
        expect(parts.join("")).toBe(text);
        expect(count.encoding).toBe(isGsm7(text) ? "gsm7" : "unicode");
        for (const part of parts) {
          expect(part.length).toBeGreaterThan(0);
          expect(countSms(part).characters).toBeLessThanOrEqual(count.perSegment);
        }
      }),
    );
  });

  it("matches the closed-form count for plain GSM and unicode text (property)", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9 ]{1,1000}$/), (text) => {
        const n = text.length;
        expect(countSms(text).segments).toBe(n <= 160 ? 1 : Math.ceil(n / 153));
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), (n) => {
        expect(countSms("你".repeat(n)).segments).toBe(Math.ceil(n / 57));
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
