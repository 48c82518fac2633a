import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CONTACT_NUMBER_INVALID,
  CONTACT_NUMBER_REQUIRED,
  CONTACT_NUMBER_TOO_LONG,
  CONTACT_NUMBER_TOO_SHORT,
  callingCodeFor,
  DEFAULT_REGION_CONTACTS,
  DEFAULT_REGION_USER_FORMS,
  formatContactNumber,
  isSupportedRegion,
  joinContactNumber,
  normalizeRecipient,
  parsePhone,
  REGISTRATION_DEFAULT_COUNTRY,
  readRecipientNumber,
  splitContactNumber,
  splitRecipientNumbers,
  stripNonDigits,
  toE164,
  validateContactNumber,
  validateStoredContactNumber,
} from "./phone";

describe("stripNonDigits", () => {
  it("keeps only ASCII digits", () => {
    expect(stripNonDigits("+65 9123-4567")).toBe("6591234567");
    expect(stripNonDigits("(012) 345 6789 ext.")).toBe("0123456789");
    expect(stripNonDigits("")).toBe("");
    expect(stripNonDigits(null)).toBe("");
    expect(stripNonDigits(undefined)).toBe("");
    expect(stripNonDigits(6591234567)).toBe("6591234567");
    expect(stripNonDigits("٠١٢")).toBe("");
  });

  it("is idempotent and yields only digits (property)", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const once = stripNonDigits(s);
        expect(once).toMatch(/^[0-9]*$/);
        expect(stripNonDigits(once)).toBe(once);
      }),
    );
  });
});

describe("validateContactNumber", () => {
  it("returns the spec's messages word for word", () => {
    expect(validateContactNumber("")).toBe("Contact Number is required");
    expect(validateContactNumber("123456")).toBe("Contact Number cannot be less than 7 digits");
    expect(validateContactNumber("1234567890123456")).toBe("Contact Number cannot exceed 15 digits.");
    expect(CONTACT_NUMBER_REQUIRED).toBe("Contact Number is required");
    expect(CONTACT_NUMBER_TOO_SHORT).toBe("Contact Number cannot be less than 7 digits");
    expect(CONTACT_NUMBER_TOO_LONG).toBe("Contact Number cannot exceed 15 digits.");
  });

  it("accepts 7 to 15 digits and counts digits only", () => {
    expect(validateContactNumber("1234567")).toBeNull();
    expect(validateContactNumber("123456789012345")).toBeNull();
    expect(validateContactNumber("+65 9123 4567")).toBeNull();
    expect(validateContactNumber("abc")).toBe(CONTACT_NUMBER_REQUIRED);
    expect(validateContactNumber(null)).toBe(CONTACT_NUMBER_REQUIRED);
  });

  it("depends only on the digit count (property)", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{0,30}$/), (digits) => {
        const n = digits.length;
        const expected =
          n === 0
            ? CONTACT_NUMBER_REQUIRED
            : n < 7
              ? CONTACT_NUMBER_TOO_SHORT
              : n > 15
                ? CONTACT_NUMBER_TOO_LONG
                : null;
        expect(validateContactNumber(digits)).toBe(expected);
      }),
    );
  });
});

describe("regions and calling codes", () => {
  it("has the spec's defaults", () => {
    expect(DEFAULT_REGION_USER_FORMS).toBe("MY");
    expect(DEFAULT_REGION_CONTACTS).toBe("SG");
    expect(REGISTRATION_DEFAULT_COUNTRY).toBe("SG");
  });

  it("maps regions to calling codes", () => {
    expect(callingCodeFor("SG")).toBe("65");
    expect(callingCodeFor("MY")).toBe("60");
    expect(callingCodeFor("us")).toBe("1");
    expect(callingCodeFor("XX")).toBeNull();
    expect(callingCodeFor("")).toBeNull();
    expect(callingCodeFor(null)).toBeNull();
    expect(isSupportedRegion("sg")).toBe(true);
    expect(isSupportedRegion("ZZ")).toBe(false);
  });
});

describe("toE164", () => {
  it("joins calling code and national digits", () => {
    expect(toE164("65", "91234567")).toBe("+6591234567");
    expect(toE164("+65", "9123 4567")).toBe("+6591234567");
    expect(toE164(60, "012-345 6789")).toBe("+60123456789");
    expect(toE164("1", "202 555 0123")).toBe("+12025550123");
  });

  it("returns null when there is nothing to join", () => {
    expect(toE164("", "91234567")).toBeNull();
    expect(toE164("65", "")).toBeNull();
  });
});

describe("parsePhone", () => {
  it("reads international input regardless of the default region", () => {
    expect(parsePhone("+65 9123 4567", "MY")).toEqual({
      callingCode: "65",
      nationalNumber: "91234567",
      e164: "+6591234567",
      region: "SG",
      valid: true,
    });
    expect(parsePhone("+1 202 555 0123")?.region).toBe("US");
  });

  it("reads digits with the calling code or national digits with a region", () => {
    expect(parsePhone("6591234567", "SG")?.e164).toBe("+6591234567");
    expect(parsePhone("9123 4567", "SG")?.e164).toBe("+6591234567");
    expect(parsePhone("012-345 6789", "MY")).toMatchObject({
      e164: "+60123456789",
      region: "MY",
      valid: true,
    });
    expect(parsePhone("(+60) 12-345 6789", "SG")?.e164).toBe("+60123456789");
    expect(parsePhone(" 91234567 ", "sg")?.e164).toBe("+6591234567");
  });

  it("reports invalid but readable numbers as not valid", () => {
    expect(parsePhone("+65 1234 5678")).toMatchObject({ callingCode: "65", valid: false });
  });

  it("returns null for unreadable input", () => {
    expect(parsePhone("", "SG")).toBeNull();
    expect(parsePhone("hello", "SG")).toBeNull();
    expect(parsePhone(null, "SG")).toBeNull();
    expect(parsePhone("91234567")).toBeNull();
  });

  it("never throws (property)", () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom("SG", "MY", "US", "XX", undefined), (s, region) => {
        const p = parsePhone(s, region);
        if (p !== null) expect(p.e164).toBe(`+${p.callingCode}${p.nationalNumber}`);
      }),
    );
  });
});

describe("stored contact numbers", () => {
  it("joins calling code and digits without a plus", () => {
    expect(joinContactNumber("65", "91234567")).toBe("6591234567");
    expect(joinContactNumber("+65", "9123 4567")).toBe("6591234567");
    expect(joinContactNumber("60", "012-345 6789")).toBe("60123456789");
    expect(joinContactNumber("65", "6591234567")).toBe("6591234567");
    // Not a valid number: the digits are kept as typed.
    expect(joinContactNumber("65", "1234567")).toBe("651234567");
    expect(joinContactNumber("", "1234567")).toBe("1234567");
    // Unknown calling code: no throw, plain digits.
    expect(joinContactNumber("2", "00")).toBe("200");
    expect(toE164("999", "123")).toBeNull();
  });

  it("splits a stored number", () => {
    expect(splitContactNumber("6591234567")).toEqual({ callingCode: "65", nationalNumber: "91234567" });
    expect(splitContactNumber("+60123456789")).toEqual({ callingCode: "60", nationalNumber: "123456789" });
    expect(splitContactNumber("")).toBeNull();
    expect(splitContactNumber(null)).toBeNull();
  });

  it("formats a stored number for display", () => {
    expect(formatContactNumber("6591234567")).toBe("+65 9123 4567");
    expect(formatContactNumber("+60123456789")).toBe("+60 12 345 6789");
    expect(formatContactNumber("")).toBe("-");
    expect(formatContactNumber(undefined)).toBe("-");
  });

  it("round-trips Singapore numbers (property)", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[689][0-9]{7}$/), (national) => {
        const stored = joinContactNumber("65", national);
        expect(stored).toBe(`65${national}`);
        expect(splitContactNumber(stored)).toEqual({ callingCode: "65", nationalNumber: national });
        const shown = formatContactNumber(stored);
        expect(shown.startsWith("+65 ")).toBe(true);
        expect(stripNonDigits(shown)).toBe(stored);
      }),
    );
  });

  it("formats valid numbers as the stored digits with a plus (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("SG", "MY", "US", "GB", "ID", "IN"),
        fc.stringMatching(/^[0-9]{6,12}$/),
        (r, n) => {
          const p = parsePhone(n, r);
          if (p?.valid) {
            const stored = joinContactNumber(p.callingCode, p.nationalNumber);
            expect(`+${stored}`).toBe(p.e164);
            expect(stripNonDigits(formatContactNumber(stored))).toBe(stored);
            expect(splitContactNumber(stored)).toEqual({
              callingCode: p.callingCode,
              nationalNumber: p.nationalNumber,
            });
          }
        },
      ),
    );
  });

  it("joins to digits only (property)", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (cc, digits) => {
        expect(joinContactNumber(cc, digits)).toMatch(/^[0-9]*$/);
      }),
    );
  });
});

describe("normalizeRecipient", () => {
  it("adds a plus when missing and requires a valid international number", () => {
    expect(normalizeRecipient("6591234567")).toBe("+6591234567");
    expect(normalizeRecipient("+65 9123 4567")).toBe("+6591234567");
    expect(normalizeRecipient(" 60123456789 ")).toBe("+60123456789");
    expect(normalizeRecipient(6591234567)).toBe("+6591234567");
    expect(normalizeRecipient("(+65) 9123-4567")).toBe("+6591234567");
    expect(normalizeRecipient("65.9123.4567")).toBe("+6591234567");
  });

  it("rejects national-only, invalid and empty numbers", () => {
    expect(normalizeRecipient("91234567")).toBeNull();
    expect(normalizeRecipient("6512345678")).toBeNull();
    expect(normalizeRecipient("")).toBeNull();
    expect(normalizeRecipient("abc")).toBeNull();
    expect(normalizeRecipient("tel:+6591234567")).toBeNull();
    expect(normalizeRecipient("+6591234567abc")).toBeNull();
    expect(normalizeRecipient("006591234567")).toBeNull();
    expect(normalizeRecipient(null)).toBeNull();
  });

  it("returns E.164 or null, never throws (property)", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const r = normalizeRecipient(s);
        if (r !== null) expect(r).toMatch(/^\+[1-9][0-9]{6,14}$/);
      }),
    );
  });
});

describe("validateStoredContactNumber (one rule for registration, own profile and the settings form)", () => {
  it("counts the 7 to 15 digits on the national part, not the whole stored number", () => {
    // 2-digit calling code + 15 national digits: 17 digits stored, accepted at registration
    expect(validateStoredContactNumber(`65${"9".repeat(15)}`)).toBeNull();
    expect(validateStoredContactNumber(`60${"1".repeat(7)}`)).toBeNull();
    expect(validateStoredContactNumber(`65${"9".repeat(16)}`)).toBe(CONTACT_NUMBER_TOO_LONG);
    expect(validateStoredContactNumber("65123456")).toBe(CONTACT_NUMBER_TOO_SHORT);
    expect(validateStoredContactNumber("")).toBe(CONTACT_NUMBER_REQUIRED);
  });

  it("refuses a number without a readable calling code", () => {
    expect(validateStoredContactNumber("999123456789")).toBe(CONTACT_NUMBER_INVALID);
    expect(validateStoredContactNumber("9".repeat(20))).toBe(CONTACT_NUMBER_TOO_LONG);
  });

  it("agrees with the form rule on the national digits for every valid national length", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), (n) => {
        const national = "8".repeat(n);
        expect(validateStoredContactNumber(`65${national}`)).toBe(validateContactNumber(national));
      }),
    );
  });
});

describe("readRecipientNumber and splitRecipientNumbers (typed and pasted recipients)", () => {
  it("reads numbers as people write them, with the company's country for national ones", () => {
    for (const [written, e164] of [
      ["+65 9876 5432", "+6598765432"],
      ["9123 4567", "+6591234567"],
      ["(65) 8123-4567", "+6581234567"],
      ["(+65) 9123-4567", "+6591234567"],
      ["0065 9123 4567", "+6591234567"],
      ["6591234567", "+6591234567"],
      ["60123456789", "+60123456789"],
      ["+60 12-345 6789", "+60123456789"],
    ] as const)
      expect(readRecipientNumber(written, "SG"), written).toEqual({ ok: true, e164 });
    expect(readRecipientNumber("012-345 6789", "MY")).toEqual({ ok: true, e164: "+60123456789" });
  });

  it("says why a number is refused", () => {
    expect(readRecipientNumber("12345", "SG")).toEqual({
      ok: false,
      reason: "Too few digits for a Singapore number",
    });
    expect(readRecipientNumber("9123 456x", "SG")).toMatchObject({ reason: /Only digits/ });
    expect(readRecipientNumber("+999 1234567", "SG")).toMatchObject({ reason: /No country has this/ });
    expect(readRecipientNumber("912345678901234567", "SG")).toMatchObject({ reason: /Too many digits/ });
    expect(readRecipientNumber("+65 1234 5678", "SG")).toMatchObject({
      reason: "Not a valid mobile number of Singapore",
    });
  });

  it("splits a pasted column or list on line breaks, commas, semicolons and tabs, never on spaces", () => {
    expect(splitRecipientNumbers("9123 4567\n(65) 8123-4567\r\n+65 9000 0001;  6590000002,\t")).toEqual([
      "9123 4567",
      "(65) 8123-4567",
      "+65 9000 0001",
      "6590000002",
    ]);
    expect(splitRecipientNumbers("+65 9876 5432")).toEqual(["+65 9876 5432"]);
  });
});
