import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  confirm2faText,
  contactsUploadedWithIssues,
  contactsWithIssues,
  MESSAGES,
  showingEntriesText,
} from "./messages";

describe("MESSAGES", () => {
  it("holds the specs' texts character for character (typos included)", () => {
    const sample: Partial<Record<keyof typeof MESSAGES, string>> = {
      emailTaken: "That email is taken, please try another",
      sessionExpired: "Session Expired. Please login again.",
      notFound: "OOPS! Page not found!",
      noRecords: "There are no records found.",
      loginSuccess: "Login Successfull",
      profileLoadFailed: "Someting went wrong !",
      somethingWentWrong: "Something went wrong",
      invalidOrExpiredToken: "Invalid or expired token",
      invalidOrExpiredTokenReset: "Invalid or Expired Token",
      tokenExpired: "Token Expired. Please Login Again.",
      userLimitReached: "Your account has surpassed the total allowed user count limit.",
      dataUpdateSuccess: "Data Update Successful !",
      dataDeleteSuccess: "Data Deleted Successful !",
      topUpRequestSent: "Topup Request has been sent !",
      confirmDeleteUser: "Are you sure you want to delete this user ?",
      confirmTopUpRequestAdmin: "Send top up request to Admin ?",
      mobileFileTooLarge: "File size cannot be greater than 70KB !",
      passwordComposition:
        "Password must be 12+ chars with 1 uppercase [A-Z], 1 lowercase [a-z], 1 number [0-9], and 1 special character [!@#$%*_?&].",
      contactNumberTooLong: "Contact Number cannot exceed 15 digits.",
      passwordsDoNotMatchRegistration: "Passwords do not match!",
      thresholdOrder: "Second threshold must be smaller than the first threshold",
      selectOrEnterAmount: "Please select or enter amount",
      broadcastNameRequired: "Broadcast Name is Required!",
      broadcastNameTooLong: "Broadcast Name cannot exceeds 50 characters",
      broadcastListError: "There is an error occur.",
      scheduledDeleteTooSoon: "Cannot delete ! Some records are scheduled within 30 minutes from now.",
      assignYourselfSuccess: "You have assign yourself Successful!",
      removeAgentSuccess: "You have remove agent Successful!",
      closeTicketSuccess: "You have close the ticket",
      actionNotReversible: "This action is not reversable.",
      confirmUserDataCorrect: "Are you sure the user's data is correct?",
      defaultColumnsNotFound: "Default Columns Not Found",
      defaultColumnsNotFoundBang: "Default Columns Not Found !",
      noValidDataInFile: "No valid data found in the file!",
      noGroupRecipients: "There are no recipients in this group",
      processingComplete: "Processing complete!",
      contactEdited: "Contact Successfully Edited !",
      errorTitle: "Error!",
      deleteRowsFailed: "An error occurred while deleting rows.",
      unassignFailed: "An error occurred while unassigned.",
    };
    for (const [key, text] of Object.entries(sample)) {
      expect(MESSAGES[key as keyof typeof MESSAGES], key).toBe(text);
    }
  });

  it("has only non-empty strings without surrounding spaces", () => {
    for (const [key, text] of Object.entries(MESSAGES)) {
      expect(typeof text, key).toBe("string");
      expect(text.length, key).toBeGreaterThan(0);
      expect(text, key).toBe(text.trim());
    }
  });
});

describe("message builders", () => {
  it("builds the 2FA confirmation", () => {
    expect(confirm2faText(true, 1)).toBe("Enable 2FA for this user?");
    expect(confirm2faText(true, 3)).toBe("Enable 2FA for these users?");
    expect(confirm2faText(false, 1)).toBe("Disable 2FA for this user?");
    expect(confirm2faText(false, 2)).toBe("Disable 2FA for these users?");
  });

  it("builds the upload issue titles", () => {
    expect(contactsUploadedWithIssues(3)).toBe("3 Contacts uploaded with issues !");
    expect(contactsWithIssues(12)).toBe("12 Contacts with issues !");
  });

  it("builds the pager summary", () => {
    expect(showingEntriesText(1, 100, 250)).toBe("Showing 1 to 100 of 250 entries");
    expect(showingEntriesText(3, 100, 250)).toBe("Showing 201 to 250 of 250 entries");
    expect(showingEntriesText(1, 100, 0)).toBe("Showing 0 to 0 of 0 entries");
  });

  it("pager summary stays within the total (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.constantFrom(5, 10, 100, 1000), (total, size) => {
        const pages = Math.ceil(total / size);
        for (const page of [1, pages]) {
          const m = /^Showing (\d+) to (\d+) of (\d+) entries$/.exec(showingEntriesText(page, size, total));
          expect(m).not.toBeNull();
          const [from, to, of] = [Number(m?.[1]), Number(m?.[2]), Number(m?.[3])];
          expect(of).toBe(total);
          expect(from).toBeGreaterThanOrEqual(1);
          expect(from).toBeLessThanOrEqual(to);
          expect(to).toBeLessThanOrEqual(total);
          expect(to - from + 1).toBeLessThanOrEqual(size);
        }
      }),
    );
  });
});
