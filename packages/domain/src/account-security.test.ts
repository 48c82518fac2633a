import { describe, expect, it } from "vitest";
import {
  profileChangeNeedsPassword,
  sameContactNumber,
  sameEmail,
  twoFactorChangeNeedsPassword,
} from "./account-security";

describe("sensitive own-account changes", () => {
  const before = { email: "mei@example.com", contactNumber: "6591234567" };

  it("needs the password for a new e-mail or contact number, not for the same ones written differently", () => {
    expect(
      profileChangeNeedsPassword(before, { email: " MEI@example.com ", contactNumber: "+65 9123 4567" }),
    ).toEqual({ email: false, contactNumber: false, any: false });
    expect(profileChangeNeedsPassword(before, { ...before, email: "mei@example.org" })).toEqual({
      email: true,
      contactNumber: false,
      any: true,
    });
    expect(profileChangeNeedsPassword(before, { ...before, contactNumber: "6598765432" })).toEqual({
      email: false,
      contactNumber: true,
      any: true,
    });
    expect(sameEmail("a@b.co", "A@B.CO")).toBe(true);
    expect(sameContactNumber("6591234567", "6591234568")).toBe(false);
  });

  it("needs the password to turn two-factor sign-in off, not on", () => {
    expect(twoFactorChangeNeedsPassword("Y", "N")).toBe(true);
    expect(twoFactorChangeNeedsPassword("N", "Y")).toBe(false);
    expect(twoFactorChangeNeedsPassword("Y", "Y")).toBe(false);
    expect(twoFactorChangeNeedsPassword("N", "N")).toBe(false);
  });
});
