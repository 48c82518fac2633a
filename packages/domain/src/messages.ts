/**
 * Every user-facing message of the two specifications (error catalogues, success lists, confirmations and
 * validation tables), copied word for word: typos, capitals and the space before "!" are intentional.
 * Change a value only when the specification changes.
 */

import { PURCHASE_AMOUNT_REQUIRED } from "./money";
import {
  PASSWORD_COMPOSITION,
  PASSWORD_CONFIRM_REQUIRED,
  PASSWORD_REQUIRED,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
  PASSWORDS_DO_NOT_MATCH_REGISTRATION,
} from "./password";
import { CONTACT_NUMBER_REQUIRED, CONTACT_NUMBER_TOO_LONG, CONTACT_NUMBER_TOO_SHORT } from "./phone-messages";
import {
  BROADCAST_DESCRIPTION_TOO_LONG,
  BROADCAST_NAME_REQUIRED,
  BROADCAST_NAME_TOO_LONG,
  DEPARTMENT_NAME_REQUIRED_EDIT,
  EMAIL_REQUIRED_REGISTRATION,
  INVALID_EMAIL_FORMAT,
  MOBILE_FILE_TOO_LARGE,
  REQUIRED,
  THRESHOLD_ORDER,
  UNSUPPORTED_FILE_TYPE,
} from "./validation";

export const MESSAGES = {
  // ---- Validation of form fields and uploaded files ----
  required: REQUIRED,
  departmentNameRequired: DEPARTMENT_NAME_REQUIRED_EDIT,
  emailRequired: EMAIL_REQUIRED_REGISTRATION,
  invalidEmailFormat: INVALID_EMAIL_FORMAT,
  contactNumberRequired: CONTACT_NUMBER_REQUIRED,
  contactNumberTooShort: CONTACT_NUMBER_TOO_SHORT,
  contactNumberTooLong: CONTACT_NUMBER_TOO_LONG,
  passwordRequired: PASSWORD_REQUIRED,
  passwordTooShort: PASSWORD_TOO_SHORT,
  passwordComposition: PASSWORD_COMPOSITION,
  /** Not in the specification: a password on the block-list of common passwords. */
  passwordTooCommon: PASSWORD_TOO_COMMON,
  confirmPasswordRequired: PASSWORD_CONFIRM_REQUIRED,
  passwordsDoNotMatch: PASSWORDS_DO_NOT_MATCH,
  passwordsDoNotMatchRegistration: PASSWORDS_DO_NOT_MATCH_REGISTRATION,
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  countryRequired: "Please select your country",
  thresholdOrder: THRESHOLD_ORDER,
  selectOrEnterAmount: PURCHASE_AMOUNT_REQUIRED,
  mobileFileTooLarge: MOBILE_FILE_TOO_LARGE,
  broadcastNameRequired: BROADCAST_NAME_REQUIRED,
  broadcastNameTooLong: BROADCAST_NAME_TOO_LONG,
  broadcastDescriptionTooLong: BROADCAST_DESCRIPTION_TOO_LONG,
  selectChannel: "Please select a Channel!",
  uploadMedia: "Please upload a media!",
  composeMessage: "Please compose a message!",
  unsupportedFileType: UNSUPPORTED_FILE_TYPE,
  defaultColumnsNotFound: "Default Columns Not Found",
  /** The same check in another upload path ends with " !". */
  defaultColumnsNotFoundBang: "Default Columns Not Found !",
  noValidDataInFile: "No valid data found in the file!",

  // ---- Errors ----
  /** Profile load failure (warning); the typo is the spec's. */
  profileLoadFailed: "Someting went wrong !",
  somethingWentWrong: "Something went wrong",
  invalidOrExpiredToken: "Invalid or expired token",
  sessionExpired: "Session Expired. Please login again.",
  errorUpdatingData: "Error Updating Data",
  errorDeletingData: "Error Deleting Data",
  errorUploadingFile: "Error Uploading File",
  /** Title of the bulk delete and assign/unassign failure dialogs. */
  errorTitle: "Error!",
  deleteRowsFailed: "An error occurred while deleting rows.",
  unassignFailed: "An error occurred while unassigned.",
  userLimitReached: "Your account has surpassed the total allowed user count limit.",
  paymentSuccess: "Payment Success",
  paymentCancelled: "Payment Cancelled",
  emailTaken: "That email is taken, please try another",
  invalidContactNumber: "Invalid Contact Number",
  invalidEmail: "Invalid Email",
  /** Reset token check (capitalised differently from `invalidOrExpiredToken`). */
  invalidOrExpiredTokenReset: "Invalid or Expired Token",
  invalidEmailOrPassword: "Invalid Email or Password",
  invalidOtp: "Invalid OTP",
  tokenExpired: "Token Expired. Please Login Again.",
  notFound: "OOPS! Page not found!",
  backToHome: "Back To Home",
  invalidAccess: "Invalid Access",
  broadcastNameExists: "Broadcast Name already exists. Please use another name.",
  broadcastNameInvalid: "Invalid Broadcast Name. Please use another name.",
  broadcastListError: "There is an error occur.",
  scheduledDeleteTooSoon: "Cannot delete ! Some records are scheduled within 30 minutes from now.",
  campaignNameExists: "The campaign name already exists. Please use another name.",
  groupNameExists: "The group name already exists. Please use another name.",

  // ---- Successes ----
  dataUpdateSuccess: "Data Update Successful !",
  dataDeleteSuccess: "Data Deleted Successful !",
  login2faUpdated: "User Login 2FA updated !",
  userDeleted: "User deleted Successfully !",
  topUpRequestSent: "Topup Request has been sent !",
  userAdded: "User Successfully Added !",
  keywordDeleted: "Keyword deleted Successfully !",
  keywordAdded: "Keyword Add Successful !",
  mobileSubDeleted: "Mobile Sub deleted Successfully !",
  mobileListAdded: "Mobile List Add Successful !",
  verifySuccess: "Verify Successful !",
  checkEmailForVerification: "Please check your email for verification !",
  resetLinkSent: "Reset password link has been sent !",
  /** Shown with `verifySuccess` after the reset token check. */
  pleaseResetPassword: "Please reset your password",
  passwordResetSuccess: "Password Reset Successful !",
  loginSuccess: "Login Successfull",
  assignYourselfSuccess: "You have assign yourself Successful!",
  removeAgentSuccess: "You have remove agent Successful!",
  closeTicketSuccess: "You have close the ticket",
  broadcastReceived: "Broadcast Received",
  broadcastExecuted: "Broadcast Executed",
  contactEdited: "Contact Successfully Edited !",
  processingComplete: "Processing complete!",

  // ---- Confirmations ----
  confirmUpdate: "Are you sure you want to update the changes?",
  confirmDeleteUser: "Are you sure you want to delete this user ?",
  confirmDelete: "Are you sure?",
  /** The spec's 'Enable/Disable 2FA for this user / these users?', one string per case. */
  confirmEnable2faUser: "Enable 2FA for this user?",
  confirmEnable2faUsers: "Enable 2FA for these users?",
  confirmDisable2faUser: "Disable 2FA for this user?",
  confirmDisable2faUsers: "Disable 2FA for these users?",
  confirmLogout: "Log out of the product?",
  /** Followed by the vendor support's name. */
  confirmTopUpRequestTo: "Send top up request to",
  confirmTopUpRequestAdmin: "Send top up request to Admin ?",
  confirmDataCorrect: "Are you sure the data is correct?",
  confirmUserDataCorrect: "Are you sure the user's data is correct?",
  actionNotReversible: "This action is not reversable.",

  // ---- Tables and states ----
  noRecords: "There are no records found.",
  noGroupRecipients: "There are no recipients in this group",
  recipientReady: "READY",
  recipientInvalidPhone: "INVALID PHONE NUMBER",
  recipientMissingValue: "MISSING VALUE",
  recipientDuplicated: "DUPLICATED",

  // ---- Sign-in security (designed; not in the specification) ----
  /** verifyOtp once the code's 5 tries are used, even for the right code. */
  otpTriesUsed: "Too many attempts, request a new code",
  /** verifyOtp (and code requests) once the account's wrong codes reach the hourly cap. */
  otpLocked:
    "Too many wrong codes. For your security, please sign in again later. We have sent a warning to the account's e-mail address.",
  /** Sign-in (403) of an account whose e-mail address is not verified yet. */
  verifyEmailFirst: "Please verify your email address before signing in. Check your inbox for the link.",
  /** The action offered on the "Please verify your email address" sign-in dialog. */
  resendVerificationEmail: "Resend verification e-mail",
  /** After "Resend verification e-mail": the same words whether or not the address has an account. */
  verificationEmailResent: "If this address is waiting for verification, a new link is on its way.",
} as const;

export type MessageKey = keyof typeof MESSAGES;
export type Message = (typeof MESSAGES)[MessageKey];

/** 2FA confirmation for the selected users: confirm2faText(true, 1) -> "Enable 2FA for this user?". */
export function confirm2faText(enable: boolean, count: number): string {
  if (enable) return count === 1 ? MESSAGES.confirmEnable2faUser : MESSAGES.confirmEnable2faUsers;
  return count === 1 ? MESSAGES.confirmDisable2faUser : MESSAGES.confirmDisable2faUsers;
}

/** Bulk contact upload with problem rows (409): "3 Contacts uploaded with issues !". */
export function contactsUploadedWithIssues(count: number): string {
  return `${count} Contacts uploaded with issues !`;
}

/** Add members with problem rows (409): "3 Contacts with issues !". */
export function contactsWithIssues(count: number): string {
  return `${count} Contacts with issues !`;
}

/** "Showing 1 to 100 of 250 entries" (0 entries: "Showing 0 to 0 of 0 entries"). */
export function showingEntriesText(page: number, pageSize: number, total: number): string {
  if (total <= 0) return "Showing 0 to 0 of 0 entries";
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `Showing ${from} to ${to} of ${total} entries`;
}
