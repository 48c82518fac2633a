import {
  DEPARTMENT_DESC_MAX,
  DEPARTMENT_NAME_MAX,
  MESSAGES,
  PASSWORD_COMPOSITION,
  PASSWORD_CONFIRM_REQUIRED,
  PURCHASE_AMOUNT_REQUIRED,
  REQUIRED,
  validateContactNumber,
  validatePassword,
  validateStoredContactNumber,
} from "@herald/domain";
import type { FastifySchemaValidationError } from "fastify/types/schema";
import {
  AUTO_REPLY_MESSAGE_REQUIRED,
  AUTO_REPLY_MESSAGE_TOO_LONG,
  INVALID_AMOUNT,
  INVALID_LOGIN_2FA,
  INVALID_ROLE,
  INVALID_SENDER_ID,
  TOO_MANY_SENDER_IDS,
  UNKNOWN_DEPARTMENT,
} from "./modules/admin/users.messages";
import { broadcastPayloadMessage } from "./modules/broadcasts/payload-rules";
import { campaignFieldMessage } from "./modules/campaigns/campaigns.messages";
import { contactFieldMessage } from "./modules/contacts/contacts.messages";
import { INVALID_CREDIT_ACTION, INVALID_CREDIT_AMOUNT } from "./modules/credit/credit.messages";
import { STATEMENT_MESSAGES } from "./modules/credit/statement.messages";
import { AUTO_REPLY_MAX, KEYWORD_MESSAGES, keywordError } from "./modules/keywords/keywords.service";
import { operatorFieldMessage } from "./modules/operator/operator.messages";
import { PURCHASE_TOO_LARGE } from "./modules/payments/payments.messages";
import { registryFieldMessage } from "./modules/registry/registry.messages";
import { templateFieldMessage } from "./modules/templates/templates.messages";

/** Contacts and groups: the calls whose fields follow the contact and group forms. */
const CONTACT_CALLS = new Set(["/addContact", "/editContact", "/addGroup", "/editGroup"]);

/** Low-credit threshold fields and their labels in the forms. */
const THRESHOLD_FIELDS = new Map([
  ["firstThresh", "First threshold"],
  ["secondThresh", "Second threshold"],
]);

/** Users administration, sender IDs and SMS settings: the calls whose fields follow the user forms. */
const USER_CALLS = new Set([
  "/addUser",
  "/editUserProfile",
  "/editLogin2Fa",
  "/editSenderId",
  "/editSmsSetting",
]);

function userCallMessage(
  field: string,
  missing: string | undefined,
  str: string,
  value: unknown,
  v: FastifySchemaValidationError | undefined,
): string | undefined {
  switch (field) {
    case "contactNumber":
      return validateStoredContactNumber(str) ?? MESSAGES.invalidContactNumber;
    case "dept":
      return missing || (Array.isArray(value) && value.length === 0) ? REQUIRED : UNKNOWN_DEPARTMENT;
    case "userRole":
      return missing ? REQUIRED : INVALID_ROLE;
    case "login2fa":
      return missing ? REQUIRED : INVALID_LOGIN_2FA;
    case "amount":
      return missing ? REQUIRED : INVALID_AMOUNT;
    case "senderIds":
      return v?.keyword === "maxItems" ? TOO_MANY_SENDER_IDS : missing ? REQUIRED : INVALID_SENDER_ID;
    case "autoReplyMessage":
      return str.length > 1000 ? AUTO_REPLY_MESSAGE_TOO_LONG : AUTO_REPLY_MESSAGE_REQUIRED;
    case "lastName":
      return "Last name is too long";
    default:
      return undefined;
  }
}

/**
 * Turns the first schema violation of a request into the product's own message (the specification's
 * wording where it has one), so a client shows the same text whether its own form or the server caught it.
 */
export function validationMessage(
  path: string,
  body: unknown,
  v: FastifySchemaValidationError | undefined,
  context = "body",
): { status: number; message: string } {
  const missing = (v?.params as { missingProperty?: string } | undefined)?.missingProperty;
  const field = missing ?? v?.instancePath?.replace(/^\//, "").split("/")[0] ?? "";
  const value = body && typeof body === "object" ? (body as Record<string, unknown>)[field] : undefined;
  const str = typeof value === "string" ? value : "";
  const bad = (message: string, status = 400) => ({ status, message });
  const registration = path === "/register";

  // ---- Broadcasts: /social-chat/broadcast/send (the wizard's messages, step by step) ----
  if (path === "/social-chat/broadcast/send") {
    const message = broadcastPayloadMessage(body);
    if (message) return bad(message);
  }

  // Departments: /addDept and /editDept (name required and at most 50, description at most 255).
  if ((path === "/addDept" || path === "/editDept") && (field === "name" || field === "desc")) {
    if (field === "desc") return bad(`Description cannot exceed ${DEPARTMENT_DESC_MAX} characters`);
    if (typeof value === "string" && value.trim() !== "")
      return bad(`Department name cannot exceed ${DEPARTMENT_NAME_MAX} characters`);
    return bad(path === "/editDept" ? MESSAGES.departmentNameRequired : MESSAGES.required);
  }

  // /addKeyword and /editKeyword
  if (path === "/addKeyword" || path === "/editKeyword") {
    const message = keywordMessage(field, missing, value);
    if (message) return bad(message);
  }

  // ---- Users administration (/addUser, /editUserProfile, /editLogin2Fa, /editSenderId, /editSmsSetting) ----
  if (USER_CALLS.has(path)) {
    const message = userCallMessage(field, missing, str, value, v);
    if (message) return bad(message);
  }

  // ---- Credit allocation: /editUserCredit (amount required and positive, action add or deduct) ----
  if (path === "/editUserCredit" && (field === "amount" || field === "action")) {
    if (missing) return bad(REQUIRED);
    return bad(field === "amount" ? INVALID_CREDIT_AMOUNT : INVALID_CREDIT_ACTION);
  }

  // ---- Credit purchase: /checkout (amount a whole number of SGD from 1) ----
  if (path === "/checkout" && field === "amount") {
    return bad(v?.keyword === "maximum" ? PURCHASE_TOO_LARGE : PURCHASE_AMOUNT_REQUIRED);
  }

  // ---- Mobile subscription lists: /addMobileSub ----
  if (path === "/addMobileSub") {
    const message = mobileSubMessage(field, v, body);
    if (message) return bad(message);
  }
  // ---- Mobile subscription lists: /editMobileSub (contactNumber: the common contact-number case) ----
  if (path === "/editMobileSub" && field === "type") return bad(MOBILE_SUB_TYPE_REQUIRED);
  // ---- Mobile subscription lists: /mobileSubList ----
  if (path === "/mobileSubList" && field === "type") return bad("Invalid type: use sub or unsub");

  // ---- Contacts and groups: /addContact, /editContact, /addGroup, /editGroup ----
  if (CONTACT_CALLS.has(path)) {
    const message = contactFieldMessage(path, field, value);
    if (message) return bad(message);
  }

  // ---- Message templates: /sms/templates, /sms/templates/{id}/edit|delete (422 fields, 404 ids) ----
  const templateMessage = templateFieldMessage(path, field, value, context);
  if (templateMessage) return templateMessage;

  // ---- Sender ID registry and inbound numbers (modules/registry) ----
  const registryMessage = registryFieldMessage(path, field, value, context);
  if (registryMessage) return registryMessage;

  // ---- Campaigns: /addCampaign, /editCampaign (name required, at most 50) ----
  const campaignMessage = campaignFieldMessage(path, field, value);
  if (campaignMessage) return bad(campaignMessage);

  // ---- Low-credit thresholds: /editCompanyThreshold and /editMyNotification (firstThresh, secondThresh) ----
  if ((path === "/editCompanyThreshold" || path === "/editMyNotification") && THRESHOLD_FIELDS.has(field)) {
    if (missing || value === null || value === undefined || value === "") return bad(REQUIRED);
    if (v?.keyword === "minimum") return bad(`${THRESHOLD_FIELDS.get(field)} cannot be negative`);
    return bad(`${THRESHOLD_FIELDS.get(field)} must be an amount in SGD with at most two decimals`);
  }

  // ---- The operator's console (/operator/...) and Top Up's amount and note ----
  const operatorMessage = operatorFieldMessage(path, field, missing, v);
  if (operatorMessage) return operatorMessage;

  // ---- Credit statement: /creditStatement and /creditStatement/export (query parameters) ----
  if (path === "/creditStatement" || path === "/creditStatement/export") {
    const message = STATEMENT_QUERY_MESSAGES[field];
    if (message) return bad(message);
  }

  switch (field) {
    case "password":
    case "oldPass":
      return bad(validatePassword(str) ?? PASSWORD_COMPOSITION);
    case "confirmPass":
      return bad(missing || !str ? PASSWORD_CONFIRM_REQUIRED : MESSAGES.somethingWentWrong);
    case "email":
      if (path === "/forgotpassword") return bad(MESSAGES.invalidEmail);
      if (path === "/login") return bad(MESSAGES.invalidEmailOrPassword);
      if (missing || !str) return bad(registration ? "Email Address is required" : "This is required");
      return bad("Invalid email format");
    case "contactNumber":
      if (registration && !missing && str) return bad(MESSAGES.invalidContactNumber, 403);
      return bad(validateContactNumber(str) ?? "Contact Number is required");
    case "firstName":
      if (registration) return bad(str ? "First name cannot exceed 20 characters" : "First name is required");
      return bad(str ? "First name is too long" : "This is required");
    case "lastName":
      if (registration) return bad(str ? "Last name cannot exceed 20 characters" : "Last name is required");
      return bad(str ? "Last name is too long" : "This is required");
    case "companyName":
      return bad(str ? "Company name is too long" : "Company name is required");
    case "country":
      return bad("Please select your country");
    case "otptoken":
      return bad(MESSAGES.invalidOtp);
    case "jwttoken":
      return bad(MESSAGES.tokenExpired, 401);
    default: {
      if (!field) return bad(`Invalid ${context}: ${v?.message ?? "malformed"}`);
      return bad(`Invalid ${context}: ${field} ${missing ? "is required" : (v?.message ?? "is invalid")}`);
    }
  }
}

/** /addKeyword, /editKeyword: the keyword form's messages; undefined for other fields. */
function keywordMessage(field: string, missing: string | undefined, value: unknown): string | undefined {
  const str = typeof value === "string" ? value : "";
  switch (field) {
    case "keyword":
      return missing || typeof value !== "string"
        ? KEYWORD_MESSAGES.required
        : (keywordError(str) ?? KEYWORD_MESSAGES.tooLong);
    case "type":
      return missing || !str
        ? KEYWORD_MESSAGES.required
        : "Type must be Subscribe (sub) or Unsubscribe (unsub)";
    case "autoReplyStatus":
      return missing || !str ? KEYWORD_MESSAGES.required : "Auto Reply must be enable or disable";
    case "auto_reply":
      // required (and not blank) while auto-reply is enabled on edit
      return str.length > AUTO_REPLY_MAX ? KEYWORD_MESSAGES.autoReplyTooLong : KEYWORD_MESSAGES.required;
    default:
      return undefined;
  }
}

const MOBILE_SUB_TYPE_REQUIRED = "Please select a type (Subscribe or Unsubscribe).";

/** /addMobileSub: type and insert type required, numbers for manual entry, an uploaded file for file entry. */
function mobileSubMessage(
  field: string,
  v: FastifySchemaValidationError | undefined,
  body: unknown,
): string | undefined {
  switch (field) {
    case "type":
      return MOBILE_SUB_TYPE_REQUIRED;
    case "insertType":
      return "Please select an insert type (Manual or File upload).";
    case "fileInfo":
      return "Please upload a file first.";
    case "mobile": {
      if (v?.keyword === "maxItems") return "At most 5000 numbers can be added at once.";
      const index = Number(v?.instancePath?.split("/")[2]);
      const list = (body as { mobile?: unknown } | undefined)?.mobile;
      const item = Array.isArray(list) && Number.isInteger(index) ? list[index] : undefined;
      if (item === undefined) return "Please enter at least one mobile number.";
      const text = typeof item === "string" ? item : JSON.stringify(item);
      return `Invalid mobile number ${text}: ${validateContactNumber(text) ?? "use the calling code then 7 to 15 digits"}`;
    }
    default:
      return undefined;
  }
}

/** /creditStatement, /creditStatement/export: the query parameters the contract checks. */
const STATEMENT_QUERY_MESSAGES: Record<string, string> = {
  userId: "userId must be a user id (UUID)",
  from: STATEMENT_MESSAGES.badDate("from"),
  to: STATEMENT_MESSAGES.badDate("to"),
  limit: STATEMENT_MESSAGES.badLimit,
  cursor: STATEMENT_MESSAGES.badCursor,
  format: STATEMENT_MESSAGES.badFormat,
};
