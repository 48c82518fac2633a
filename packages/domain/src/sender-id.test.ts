import { describe, expect, it } from "vitest";
import {
  checkSenderIdPurpose,
  isSingaporeNumber,
  parseSenderId,
  SENDER_ID_MESSAGES,
  senderIdKey,
  ssirWarning,
} from "./sender-id";

describe("parseSenderId", () => {
  it.each([
    ["ACMEBANK", "ACMEBANK", "alphanumeric"],
    ["  My   Shop ", "My Shop", "alphanumeric"],
    ["A", "A", "alphanumeric"],
    ["Shop 24x7 A", "Shop 24x7 A", "alphanumeric"],
    ["+6591234567", "6591234567", "number"],
    ["72345", "72345", "number"],
    ["123", "123", "number"],
    ["123456789012345", "123456789012345", "number"],
  ])("accepts %j as %j (%s)", (input, value, kind) => {
    expect(parseSenderId(input)).toEqual({ ok: true, value, kind });
  });

  it.each([
    ["", SENDER_ID_MESSAGES.required],
    ["   ", SENDER_ID_MESSAGES.required],
    ["TWELVE CHARS", SENDER_ID_MESSAGES.tooLong],
    ["Bad-Char", SENDER_ID_MESSAGES.characters],
    ["Café", SENDER_ID_MESSAGES.characters],
    ["12", SENDER_ID_MESSAGES.numberLength],
    ["1234567890123456", SENDER_ID_MESSAGES.numberLength],
    ["+12", SENDER_ID_MESSAGES.numberLength],
    ["123 456", SENDER_ID_MESSAGES.needsLetter],
    ["65+91234567", SENDER_ID_MESSAGES.characters],
  ])("refuses %j: %s", (input, message) => {
    expect(parseSenderId(input)).toEqual({ ok: false, message });
  });

  it("compares IDs without regard to case and the number's +", () => {
    expect(senderIdKey(" AcmeBank ")).toBe(senderIdKey("ACMEBANK"));
    expect(senderIdKey("+6591234567")).toBe(senderIdKey("6591234567"));
    expect(senderIdKey("Bad-Char")).toBe("");
  });

  it("checks the purpose", () => {
    expect(checkSenderIdPurpose("  Bank alerts ")).toEqual({ ok: true, value: "Bank alerts" });
    expect(checkSenderIdPurpose(" ")).toEqual({ ok: false, message: SENDER_ID_MESSAGES.purposeRequired });
    expect(checkSenderIdPurpose("x".repeat(501))).toEqual({
      ok: false,
      message: SENDER_ID_MESSAGES.purposeTooLong,
    });
  });
});

describe("SSIR", () => {
  it("knows Singapore mobile numbers as stored and words the warning", () => {
    expect(isSingaporeNumber("6591234567")).toBe(true);
    expect(isSingaporeNumber("60123456789")).toBe(false);
    expect(isSingaporeNumber("659123456")).toBe(false);
    expect(ssirWarning("DemoCo", 12)).toBe(
      "DemoCo is not registered with Singapore's SMS Sender ID Registry: 12 messages to Singapore numbers may be shown as Likely-SCAM.",
    );
    expect(ssirWarning("DemoCo", 1)).toContain(": 1 message to Singapore numbers");
  });
});
