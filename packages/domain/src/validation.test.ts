import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BROADCAST_NAME_MAX,
  CAMPAIGN_NAME_MAX,
  CONTACT_UPLOAD_MAX_BYTES,
  counterText,
  DEPARTMENT_DESC_MAX,
  DEPARTMENT_NAME_MAX,
  DESCRIPTION_MAX,
  GROUP_NAME_MAX,
  isBlank,
  isValidEmail,
  MOBILE_UPLOAD_MAX_BYTES,
  PAGE_SIZES,
  PAGER_MAX_PAGES,
  POLL_MS,
  REGISTRATION_NAME_MAX,
  RESEND_COUNTDOWN_S,
  SESSION_CHECK_MS,
  validateBroadcastDescription,
  validateBroadcastName,
  validateDepartmentName,
  validateEmail,
  validateMobileUploadSize,
  validateRequired,
  validateThresholds,
  validateUploadFileType,
} from "./validation";

describe("constants", () => {
  it("match the specs", () => {
    expect(DEPARTMENT_NAME_MAX).toBe(50);
    expect(DEPARTMENT_DESC_MAX).toBe(255);
    expect(REGISTRATION_NAME_MAX).toBe(20);
    expect(CAMPAIGN_NAME_MAX).toBe(50);
    expect(GROUP_NAME_MAX).toBe(100);
    expect(BROADCAST_NAME_MAX).toBe(50);
    expect(DESCRIPTION_MAX).toBe(255);
    expect(MOBILE_UPLOAD_MAX_BYTES).toBe(71680);
    expect(CONTACT_UPLOAD_MAX_BYTES).toBe(157286400);
    expect(PAGE_SIZES).toEqual({
      users: [100, 200, 500],
      departments: [100, 200, 500],
      contacts: [100, 200, 500],
      groupMembers: [10, 100, 1000],
      agents: [5, 10, 15],
      default: [1000, 2000, 5000],
    });
    expect(PAGER_MAX_PAGES).toBe(5);
    expect(SESSION_CHECK_MS).toBe(5000);
    expect(RESEND_COUNTDOWN_S).toBe(30);
    expect(POLL_MS).toBe(1500);
  });
});

describe("e-mail", () => {
  it("accepts ordinary addresses", () => {
    for (const ok of [
      "a@b.co",
      "john.doe@example.com",
      "first+tag@sub.example.com.sg",
      "o'reilly@example.org",
      "USER_1@EXAMPLE.COM",
      "x@xn--p1ai.xn--p1ai",
      "a-b@my-company.io",
    ]) {
      expect(isValidEmail(ok), ok).toBe(true);
    }
  });

  it("rejects malformed addresses", () => {
    for (const bad of [
      "",
      "plain",
      "@example.com",
      "a@",
      "a@b",
      "a@b.c",
      "a@b..com",
      "a@-b.com",
      "a@b-.com",
      "a..b@example.com",
      ".a@example.com",
      "a.@example.com",
      "a b@example.com",
      " a@example.com",
      "a@example.com ",
      "a@b@example.com",
      "a@exa mple.com",
      "a@example.123",
      `${"a".repeat(65)}@example.com`,
      `a@${"b".repeat(250)}.com`,
      null,
      undefined,
    ]) {
      expect(isValidEmail(bad), String(bad)).toBe(false);
    }
  });

  it("validateEmail gives the spec's messages", () => {
    expect(validateEmail("", { registration: true })).toBe("Email Address is required");
    expect(validateEmail("  ")).toBe("This is required");
    expect(validateEmail("nope")).toBe("Invalid email format");
    expect(validateEmail(" ok@example.com ")).toBeNull();
  });

  it("never accepts whitespace or a missing @ (property)", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        if (isValidEmail(s)) {
          expect(s).not.toMatch(/\s/);
          expect(s.split("@")).toHaveLength(2);
        }
      }),
    );
  });

  it("accepts generated simple addresses (property)", () => {
    const word = fc.stringMatching(/^[a-z0-9]{1,20}$/);
    fc.assert(
      fc.property(word, word, fc.stringMatching(/^[a-z]{2,6}$/), (local, domain, tld) => {
        expect(isValidEmail(`${local}@${domain}.${tld}`)).toBe(true);
      }),
    );
  });
});

describe("thresholds", () => {
  it("requires the second threshold to be smaller than the first", () => {
    expect(validateThresholds(100, 50)).toBeNull();
    expect(validateThresholds(50, 50)).toBe("Second threshold must be smaller than the first threshold");
    expect(validateThresholds(50, 100)).toBe("Second threshold must be smaller than the first threshold");
    expect(validateThresholds(Number.NaN, 1)).toBe(
      "Second threshold must be smaller than the first threshold",
    );
  });

  it("is null exactly when second < first (property)", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (a, b) => {
        expect(validateThresholds(a, b) === null).toBe(b < a);
      }),
    );
  });
});

describe("text fields", () => {
  it("builds the live counter", () => {
    expect(counterText("Hello world!", 50)).toBe("12/50");
    expect(counterText("", 255)).toBe("0/255");
    expect(counterText(null, 50)).toBe("0/50");
  });

  it("required fields", () => {
    expect(isBlank("  ")).toBe(true);
    expect(validateRequired("")).toBe("This is required");
    expect(validateRequired(" x ")).toBeNull();
    expect(validateRequired(undefined, "First name is required")).toBe("First name is required");
    expect(validateDepartmentName("")).toBe("This is required");
    expect(validateDepartmentName(" ", { editPage: true })).toBe("Department name is required");
    expect(validateDepartmentName("Sales")).toBeNull();
  });

  it("broadcast name and description", () => {
    expect(validateBroadcastName("")).toBe("Broadcast Name is Required!");
    expect(validateBroadcastName("x".repeat(50))).toBeNull();
    expect(validateBroadcastName("x".repeat(51))).toBe("Broadcast Name cannot exceeds 50 characters");
    expect(validateBroadcastDescription(undefined)).toBeNull();
    expect(validateBroadcastDescription("x".repeat(255))).toBeNull();
    expect(validateBroadcastDescription("x".repeat(256))).toBe(
      "Broadcast Description cannot exceeds 255 characters",
    );
  });

  it("counter reflects the length (property)", () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(1000), (s, max) => {
        expect(counterText(s, max)).toBe(`${s.length}/${max}`);
      }),
    );
  });
});

describe("uploads", () => {
  it("limits the mobile list file to 70KB", () => {
    expect(validateMobileUploadSize(71680)).toBeNull();
    expect(validateMobileUploadSize(71681)).toBe("File size cannot be greater than 70KB !");
  });

  it("accepts only .csv and .xlsx", () => {
    expect(validateUploadFileType("contacts.csv")).toBeNull();
    expect(validateUploadFileType("Contacts.XLSX")).toBeNull();
    expect(validateUploadFileType("contacts.xls")).toBe("Unsupported file type");
    expect(validateUploadFileType("contacts.csv.exe")).toBe("Unsupported file type");
    expect(validateUploadFileType("")).toBe("Unsupported file type");
  });
});
