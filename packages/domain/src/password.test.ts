import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COMMON_PASSWORDS } from "./common-passwords";
import {
  isCommonPassword,
  meetsPasswordComposition,
  PASSPHRASE_MIN_LENGTH,
  PASSWORD_COMPOSITION,
  PASSWORD_REQUIRED,
  PASSWORD_SPECIALS,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_SHORT,
  validateNewPassword,
  validatePassword,
  validatePasswordConfirm,
} from "./password";

const upper = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ");
const lower = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz");
const digit = fc.constantFrom(..."0123456789");
const special = fc.constantFrom(...PASSWORD_SPECIALS);
const allowed = fc.oneof(upper, lower, digit, special);

/** Passwords meeting every rule: one of each class plus allowed filler, shuffled. */
const validPassword = fc
  .tuple(
    upper,
    lower,
    digit,
    special,
    fc.array(allowed, { minLength: 8, maxLength: 40 }),
    fc.infiniteStream(fc.nat()),
  )
  .map(([u, l, d, s, rest, rnd]) => {
    const chars = [u, l, d, s, ...rest];
    const it = rnd[Symbol.iterator]();
    for (let i = chars.length - 1; i > 0; i--) {
      const j = (it.next().value as number) % (i + 1);
      [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
    }
    return chars.join("");
  });

describe("password messages", () => {
  it("are the spec's, word for word", () => {
    expect(PASSWORD_SPECIALS).toBe("!@#$%*_?&");
    expect(PASSWORD_REQUIRED).toBe("Password is required");
    expect(PASSWORD_TOO_SHORT).toBe("Password must be at least 12 characters long");
    expect(PASSWORD_COMPOSITION).toBe(
      "Password must be 12+ chars with 1 uppercase [A-Z], 1 lowercase [a-z], 1 number [0-9], and 1 special character [!@#$%*_?&].",
    );
    expect(PASSWORD_TOO_COMMON).toBe("This password is too common. Please choose another.");
  });
});

describe("validatePassword", () => {
  it("checks empty, then length, then composition", () => {
    expect(validatePassword("")).toBe(PASSWORD_REQUIRED);
    expect(validatePassword(null)).toBe(PASSWORD_REQUIRED);
    expect(validatePassword(undefined)).toBe(PASSWORD_REQUIRED);
    expect(validatePassword("a")).toBe(PASSWORD_TOO_SHORT);
    expect(validatePassword("Ab1!Ab1!Ab1")).toBe(PASSWORD_TOO_SHORT);
    expect(validatePassword("Ab1!Ab1!Ab1!")).toBeNull();
    expect(validatePassword("abcdefghijkl")).toBe(PASSWORD_COMPOSITION);
  });

  it("requires each character class", () => {
    expect(validatePassword("abcdefgh1!xy")).toBe(PASSWORD_COMPOSITION); // no uppercase
    expect(validatePassword("ABCDEFGH1!XY")).toBe(PASSWORD_COMPOSITION); // no lowercase
    expect(validatePassword("ABCDefgh!!xy")).toBe(PASSWORD_COMPOSITION); // no digit
    expect(validatePassword("ABCDefgh12xy")).toBe(PASSWORD_COMPOSITION); // no special
    for (const s of PASSWORD_SPECIALS) expect(validatePassword(`Abcdefgh123${s}`)).toBeNull();
  });

  it("allows only the listed specials", () => {
    expect(validatePassword("Abcdefgh123-")).toBe(PASSWORD_COMPOSITION);
    expect(validatePassword("Abcdefgh123! ")).toBe(PASSWORD_COMPOSITION);
    expect(validatePassword("Abcdefgh123!^")).toBe(PASSWORD_COMPOSITION);
    expect(validatePassword("Ábcdefgh123!")).toBe(PASSWORD_COMPOSITION);
    expect(meetsPasswordComposition("Aa1!")).toBe(true);
  });

  it("counts characters, not UTF-16 units, for the length rule", () => {
    expect(validatePassword("😀😀😀😀😀😀")).toBe(PASSWORD_TOO_SHORT);
  });

  it("accepts every password that has all classes and 12+ allowed characters (property)", () => {
    fc.assert(
      fc.property(validPassword, (pw) => {
        expect(validatePassword(pw)).toBeNull();
      }),
    );
  });

  it("rejects anything shorter than 12 as too short (property)", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 11, unit: "grapheme-ascii" }), (pw) => {
        expect(validatePassword(pw)).toBe(PASSWORD_TOO_SHORT);
      }),
    );
  });

  it("rejects 12 to 14 characters missing a class (property)", () => {
    const noDigit = fc
      .array(fc.oneof(upper, lower, special), { minLength: 12, maxLength: PASSPHRASE_MIN_LENGTH - 1 })
      .map((a) => a.join(""));
    fc.assert(
      fc.property(noDigit, (pw) => {
        expect(validatePassword(pw)).toBe(PASSWORD_COMPOSITION);
      }),
    );
  });
});

describe("passphrases: 15 or more characters need no particular kinds of character", () => {
  it("accepts long passphrases and keeps the spec's rules and messages below 15 characters", () => {
    expect(PASSPHRASE_MIN_LENGTH).toBe(15);
    expect(validatePassword("correct horse battery staple 2024")).toBeNull();
    expect(validatePassword("correcthorsebat")).toBeNull(); // 15 letters
    expect(validatePassword("correcthorseba")).toBe(PASSWORD_COMPOSITION); // 14
    expect(validatePassword("correct horse")).toBe(PASSWORD_COMPOSITION); // 13
    expect(validatePassword("correct")).toBe(PASSWORD_TOO_SHORT);
    expect(validatePassword("ünïcödé wörds ok")).toBeNull();
    expect(validatePassword("😀".repeat(14))).toBe(PASSWORD_COMPOSITION); // 14 characters, 28 UTF-16 units
    expect(validateNewPassword("correct horse battery staple 2024")).toBeNull();
    expect(validateNewPassword("Tr0ub4dor and three horses")).toBeNull();
  });

  it("accepts any 15+ characters under the rules (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", minLength: PASSPHRASE_MIN_LENGTH, maxLength: 64 }), (pw) => {
        expect(validatePassword(pw)).toBeNull();
      }),
    );
  });

  it("still refuses block-listed phrases, one character said again and again, and separators alone", () => {
    for (const pw of [
      "aaaaaaaaaaaaaaa",
      "AAAAaaaaAAAAaaaa",
      "a a a a a a a a a",
      "               ",
      "- - - - - - - - -",
      "password password",
      "Password-Password-Password",
      "p a s s w o r d 1 2 3 4",
      "qwertyuiop123456",
      "welcome welcome 2024",
      "iloveyou iloveyou",
    ]) {
      expect(validateNewPassword(pw), pw).toBe(PASSWORD_TOO_COMMON);
    }
  });

  it("refuses any one character repeated to passphrase length (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
        fc.integer({ min: 15, max: 64 }),
        (c, n) => {
          expect(validateNewPassword(c.repeat(n))).toBe(PASSWORD_TOO_COMMON);
        },
      ),
    );
  });

  it("refuses a block-listed word spelled out with separators or said again (property)", () => {
    const words = COMMON_PASSWORDS.filter((w) => w.length >= 4);
    fc.assert(
      fc.property(
        fc.constantFrom(...words),
        fc.constantFrom(" ", "-", ".", "_"),
        fc.integer({ min: 1, max: 8 }),
        (word, sep, times) => {
          const spelled = [...word].join(sep);
          const said = Array(Math.max(times, Math.ceil(PASSPHRASE_MIN_LENGTH / word.length) + 1))
            .fill(word)
            .join(sep);
          expect(isCommonPassword(spelled)).toBe(true);
          expect(validateNewPassword(said)).toBe(PASSWORD_TOO_COMMON);
        },
      ),
    );
  });
});

describe("validatePasswordConfirm", () => {
  it("requires the confirmation, then a match", () => {
    expect(validatePasswordConfirm("Abcdefgh123!", "")).toBe("Please confirm your password");
    expect(validatePasswordConfirm("Abcdefgh123!", null)).toBe("Please confirm your password");
    expect(validatePasswordConfirm("Abcdefgh123!", "abcdefgh123!")).toBe("Passwords do not match");
    expect(validatePasswordConfirm("Abcdefgh123!", "x", { registration: true })).toBe(
      "Passwords do not match!",
    );
    expect(validatePasswordConfirm("Abcdefgh123!", "Abcdefgh123!")).toBeNull();
    expect(validatePasswordConfirm("Abcdefgh123!", "Abcdefgh123!", { registration: true })).toBeNull();
    expect(validatePasswordConfirm("", "x")).toBe("Passwords do not match");
  });

  it("is null exactly when a non-empty confirmation equals the password (property)", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.boolean(), (pw, confirm, registration) => {
        const r = validatePasswordConfirm(pw, confirm, { registration });
        if (confirm === "") expect(r).toBe("Please confirm your password");
        else if (confirm === pw) expect(r).toBeNull();
        else expect(r).toBe(registration ? "Passwords do not match!" : "Passwords do not match");
      }),
    );
  });
});

describe("common-password block-list", () => {
  it("holds about 200 distinct lower-case entries", () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(190);
    expect(new Set(COMMON_PASSWORDS).size).toBe(COMMON_PASSWORDS.length);
    for (const p of COMMON_PASSWORDS) expect(p).toBe(p.toLowerCase());
  });

  it("matches case-insensitively", () => {
    expect(isCommonPassword("password")).toBe(true);
    expect(isCommonPassword("PASSWORD")).toBe(true);
    expect(isCommonPassword("PaSsWoRd123!")).toBe(true);
  });

  it("sees through affixes and common substitutions", () => {
    expect(isCommonPassword("Summer2024!!")).toBe(true);
    expect(isCommonPassword("P@ssw0rd!123")).toBe(true);
    expect(isCommonPassword("@dmin1234567")).toBe(true);
    expect(isCommonPassword("123Welcome!!")).toBe(true);
    expect(isCommonPassword("Qwertyuiop1!")).toBe(true);
    expect(isCommonPassword("L3tm3in2024!")).toBe(true);
  });

  it("leaves uncommon passwords alone", () => {
    expect(isCommonPassword("Tr0ub4dor&3Horse")).toBe(false);
    expect(isCommonPassword("Zebra$Kettle42")).toBe(false);
    expect(isCommonPassword("Abc!2345678X")).toBe(false);
  });

  it("validateNewPassword applies the rules first, then the block-list", () => {
    expect(validateNewPassword("")).toBe(PASSWORD_REQUIRED);
    expect(validateNewPassword("password")).toBe(PASSWORD_TOO_SHORT);
    expect(validateNewPassword("password1234")).toBe(PASSWORD_COMPOSITION);
    expect(validateNewPassword("Password123!")).toBe(PASSWORD_TOO_COMMON);
    expect(validateNewPassword("P@ssw0rd1234")).toBe(PASSWORD_TOO_COMMON);
    expect(validateNewPassword("Welcome@1234")).toBe(PASSWORD_TOO_COMMON);
    expect(validateNewPassword("Zebra$Kettle42")).toBeNull();
    // validatePassword has no block-list.
    expect(validatePassword("Password123!")).toBeNull();
  });

  it("never rejects a rule-abiding password that isCommonPassword accepts (property)", () => {
    fc.assert(
      fc.property(validPassword, (pw) => {
        expect(validateNewPassword(pw)).toBe(isCommonPassword(pw) ? PASSWORD_TOO_COMMON : null);
      }),
    );
  });
});
