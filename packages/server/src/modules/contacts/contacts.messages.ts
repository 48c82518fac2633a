/** Texts of the contacts and groups calls that the specification leaves to the server. */
export const CONTACT_NOT_FOUND = "Contact not found";
export const GROUP_NOT_FOUND = "Group not found";
export const IMPORT_NOT_FOUND = "Import not found";
export const CONTACT_EXISTS = "This contact number already exists.";
export const INVALID_COUNTRY = "Invalid country";
export const FILE_REQUIRED = "Please choose a file to upload.";
export const CONTACT_FILE_TOO_LARGE = "File size cannot be greater than 150MB !";
export const UNREADABLE_CONTACT_FILE = "The file could not be read.";
export const FORBIDDEN_COLUMN = "Column names __proto__, constructor and prototype are not allowed.";
export const TOO_MANY_COLUMNS = "The file has too many columns (at most 50 besides mobile and name).";
/** The text under "Default Columns Not Found !": the columns a file must start with, and what it starts with. */
export function expectedColumns(header: readonly string[]): string {
  const found = header
    .slice(0, 2)
    .map((h) => (h ?? "").trim())
    .filter((h) => h !== "")
    .map((h) => `"${h.length > 40 ? `${h.slice(0, 40)}…` : h}"`);
  const starts =
    found.length > 0 ? ` This file starts with ${found.join(", ")}.` : " This file has no header row.";
  return `The first two columns must be "mobile" then "name"; an "email" column and any other columns are optional.${starts}`;
}
export const duplicateColumn = (name: string) => `The column "${name}" appears twice.`;
export const IMPORT_INTERRUPTED =
  "The import stopped unexpectedly; the rows counted as imported were committed.";
export const IMPORT_FAILED = "The import stopped on an error; the rows counted as imported were committed.";
export const IMPORT_CANCELLED = "The import was cancelled; the rows counted as imported were committed.";
export const CONTACTS_UPLOADED = "Contacts uploaded successfully";
export const CONTACT_DELETED = "Contact deleted";
export const CONTACTS_DELETED = "Contacts deleted";
export const GROUP_DELETED = "Group deleted";
export const GROUPS_DELETED = "Groups deleted";
export const MEMBERS_ADDED = "Contacts added into the group";
export const MEMBER_REMOVED = "Contact removed from the group";
export const MEMBERS_REMOVED = "Contacts removed from the group";

/** Reasons of problem rows (report.xlsx and 409 answers). */
export const ISSUE = {
  nameRequired: "Name is required",
  duplicateInFile: "Duplicate in file",
  alreadyExists: "Already exists",
  alreadyInGroup: (group: string) => `Already in group ${group}`,
} as const;
export const GROUP_NAME_TOO_LONG = "Group name cannot exceed 100 characters";
export const CONTACT_NAME_TOO_LONG = "Name cannot exceed 255 characters";
export const INVALID_ATTRIBUTES =
  "Invalid attributes: at most 50, named with 1 to 64 characters (not __proto__, constructor or prototype), values of at most 1000 characters.";

/** Schema violations of the contact and group forms, in the forms' words (validation-messages.ts). */
export function contactFieldMessage(path: string, field: string, value: unknown): string | undefined {
  const text = typeof value === "string" ? value : "";
  const group = path === "/addGroup" || path === "/editGroup";
  switch (field) {
    case "contactName":
    case "name":
      if (text.trim() === "") return "This is required";
      return group ? GROUP_NAME_TOO_LONG : CONTACT_NAME_TOO_LONG;
    case "attributes":
      return INVALID_ATTRIBUTES;
    default:
      return undefined;
  }
}
