import type { Schema } from "@herald/api-client";
import { describe, expect, it } from "vitest";
import {
  editRefusal,
  emptyProfile,
  type ProfileValues,
  profileBody,
  profileFromUser,
  recheckPasswords,
  recheckProfile,
  validatePasswords,
  validateProfile,
} from "./user-rules";

const filled: ProfileValues = {
  firstName: " Farah ",
  lastName: "",
  email: "farah@example.com",
  phone: { callingCode: "60", number: "12-345 6789" },
  dept: ["0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"],
  userRole: "agent",
  login2fa: true,
};

describe("user form rules", () => {
  it("an empty form shows the specification's messages; Last Name is optional", () => {
    expect(validateProfile(emptyProfile())).toEqual({
      firstName: "This is required",
      email: "This is required",
      phone: "Contact Number is required",
      dept: "This is required",
      userRole: "This is required",
    });
    expect(validateProfile(filled)).toEqual({});
  });

  it("counts the contact number's national digits: 7 to 15", () => {
    const withNumber = (number: string) =>
      validateProfile({ ...filled, phone: { callingCode: "60", number } });
    expect(withNumber("123456").phone).toBe("Contact Number cannot be less than 7 digits");
    expect(withNumber("1234567890123456").phone).toBe("Contact Number cannot exceed 15 digits.");
    expect(validateProfile({ ...filled, email: "farah@" }).email).toBe("Invalid email format");
  });

  it("checks the passwords with the specification's rules and messages", () => {
    expect(validatePasswords({ password: "", confirmPass: "" })).toEqual({
      password: "Password is required",
      confirmPass: "Please confirm your password",
    });
    expect(validatePasswords({ password: "Short1!", confirmPass: "Short1!" })).toEqual({
      password: "Password must be at least 12 characters long",
    });
    expect(validatePasswords({ password: "Welcome!Herald2026", confirmPass: "Welcome!Herald2025" })).toEqual({
      confirmPass: "Passwords do not match",
    });
    expect(validatePasswords({ password: "Welcome!Herald2026", confirmPass: "Welcome!Herald2026" })).toEqual(
      {},
    );
  });

  it("re-checks only the fields that already show an error", () => {
    const errors = validateProfile(emptyProfile());
    const next = { ...emptyProfile(), firstName: "Farah" };
    expect(recheckProfile(errors, next, "firstName").firstName).toBeUndefined();
    expect(recheckProfile({}, emptyProfile(), "firstName")).toEqual({});
    const shown = validatePasswords({ password: "", confirmPass: "" });
    expect(recheckPasswords(shown, { password: "Welcome!Herald2026", confirmPass: "" })).toMatchObject({
      password: undefined,
      confirmPass: "Please confirm your password",
    });
  });

  it("sends trimmed names, a null last name, the stored contact number and Y/N", () => {
    expect(profileBody(filled)).toEqual({
      firstName: "Farah",
      lastName: null,
      email: "farah@example.com",
      contactNumber: "60123456789",
      dept: filled.dept,
      userRole: "agent",
      login2fa: "Y",
    });
  });

  it("reads a user back into the form", () => {
    const user = {
      firstName: "Ben",
      lastName: null,
      email: "admin@demo.herald.local",
      contactNumber: "6591234568",
      dept: [{ id: "d1", name: "Marketing" }],
      userRole: "admin",
      login2fa: "N",
    } as unknown as Schema<"User">;
    expect(profileFromUser(user)).toEqual({
      firstName: "Ben",
      lastName: "",
      email: "admin@demo.herald.local",
      phone: { callingCode: "65", number: "91234568" },
      dept: ["d1"],
      userRole: "admin",
      login2fa: false,
    });
  });
});

describe("who may be changed", () => {
  const user = { id: "u2", status: "active", isOwner: 0 } as const;
  it("not a deleted user, not the owner, not yourself", () => {
    expect(editRefusal(user, "u1")).toBeNull();
    expect(editRefusal({ ...user, status: "deleted" }, "u1")).toMatch(/deleted/);
    expect(editRefusal({ ...user, isOwner: 1 }, "u1")).toMatch(/owner/);
    expect(editRefusal(user, "u2")).toMatch(/your own account/);
  });
});
