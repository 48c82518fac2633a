import { MESSAGES, splitContactNumber, stripNonDigits, validateContactNumber } from "@herald/domain";

/** Most characters of a group name. */
export const GROUP_NAME_MAX = 100;
/** Page sizes: contacts 100/200/500, group members 10/100/1000. */
export const CONTACT_PAGE_SIZES = [100, 200, 500] as const;
export const MEMBER_PAGE_SIZES = [10, 100, 1000] as const;
/** Groups table: 1000/2000/5000, the sizes of every table without its own (/groups takes up to 5000). */
export const GROUP_PAGE_SIZES = [1000, 2000, 5000] as const;

/**
 * Keyset paging: `cursors[i]` is the cursor that loads page i (undefined for the first page, and for a page not
 * reached yet). An answer for page `index` with `nextCursor` makes page index + 1 reachable; a last page (null)
 * makes it the end. Pages already known beyond stay when the answer agrees with them, so going back and forth
 * keeps the page links. With `jumps` (a page can also be read by its number) a page is recorded wherever it is,
 * leaving unknown pages before it as holes, and a last page does not forget the cursors before it.
 */
export function recordPage(
  cursors: readonly (string | undefined)[],
  index: number,
  nextCursor: string | null | undefined,
  jumps = false,
): (string | undefined)[] {
  if (jumps) {
    const next = [...cursors];
    if (nextCursor) next[index + 1] = nextCursor;
    else next.length = Math.min(next.length, index + 1);
    return next;
  }
  if (index >= cursors.length) return [...cursors];
  if (!nextCursor) return cursors.slice(0, index + 1);
  if (cursors[index + 1] === nextCursor) return [...cursors];
  return [...cursors.slice(0, index + 1), nextCursor];
}

/** Entries of a keyset list: the server counts up to 10,000 and says when there are more. */
export function totalLabel(total: number, exact: boolean | undefined): string {
  const figure = total.toLocaleString("en-US");
  return exact === false ? `${figure}+` : figure;
}

/** A spreadsheet cell that would run as a formula (`=`, `+`, `-`, `@`, tab, CR) gets a leading `'`. */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A CSV file of the rows (header first): every cell neutralised and quoted when it needs to be. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  const cell = (raw: string) => {
    const v = neutraliseCell(raw);
    return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
  };
  return `${rows.map((r) => r.map(cell).join(",")).join("\r\n")}\r\n`;
}

export interface ContactFormValues {
  name: string;
  /** Calling code without +, as the phone field keeps it. */
  callingCode: string;
  /** National digits (other characters are stripped). */
  number: string;
  email: string;
}

export type ContactFormErrors = Partial<Record<"name" | "number", string>>;

/**
 * The contact rules: name required ("This is required"); number required, 7 to 15 digits counted with
 * the country code, non-digits stripped. The e-mail address is optional and not validated.
 */
export function contactFormErrors(v: ContactFormValues): ContactFormErrors {
  const errors: ContactFormErrors = {};
  if (!v.name.trim()) errors.name = MESSAGES.required;
  const national = stripNonDigits(v.number);
  if (!national) errors.number = MESSAGES.contactNumberRequired;
  else {
    const problem = validateContactNumber(`${stripNonDigits(v.callingCode)}${national}`);
    if (problem) errors.number = problem;
  }
  return errors;
}

/** The number as the contract takes it: the calling code then the national digits, digits only. */
export const contactNumberOf = (v: Pick<ContactFormValues, "callingCode" | "number">) =>
  `${stripNonDigits(v.callingCode)}${stripNonDigits(v.number)}`;

/** A stored number ("6591234567") split for the phone field; a number without a readable code stays whole. */
export function phoneOf(
  stored: string,
  fallbackCallingCode: string,
): { callingCode: string; number: string } {
  const split = splitContactNumber(stored);
  return split
    ? { callingCode: split.callingCode, number: split.nationalNumber }
    : { callingCode: fallbackCallingCode, number: stripNonDigits(stored) };
}

/** Group name rule: required, at most 100 characters. */
export function groupNameError(name: string): string | undefined {
  if (!name.trim()) return MESSAGES.required;
  if (name.trim().length > GROUP_NAME_MAX) return `Group name cannot exceed ${GROUP_NAME_MAX} characters.`;
  return undefined;
}

/** Distinct contacts among problem rows (add members reports one row per contact and group). */
export function distinctContacts(rows: readonly { row: number; mobile: string }[]): number {
  return new Set(rows.map((r) => `${r.row}:${r.mobile}`)).size;
}

export interface ImportProgress {
  rowsDone: number;
  rowsTotal?: number | null;
  rowsFailed: number;
  status: "queued" | "running" | "done" | "failed" | "cancelled";
}

/** Percent of an import for the progress bar: null (indeterminate) while the file's length is unknown. */
export function importPercent(p: ImportProgress): number | null {
  if (p.status === "done") return 100;
  if (!p.rowsTotal) return null;
  return Math.min(100, Math.floor((p.rowsDone / p.rowsTotal) * 100));
}

/** The line under the progress bar: "1,200 of 5,000 rows checked, 3 with issues". */
export function importProgressText(p: ImportProgress): string {
  if (p.status === "queued") return "Waiting to start…";
  const done = p.rowsDone.toLocaleString("en-US");
  const of = p.rowsTotal ? ` of ${p.rowsTotal.toLocaleString("en-US")}` : "";
  const failed = p.rowsFailed ? `, ${p.rowsFailed.toLocaleString("en-US")} with issues` : "";
  return `${done}${of} rows checked${failed}`;
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/**
 * What an upload did, counted honestly: "2 contacts were added, 1 existing contact was updated. 3 rows were not
 * imported: see the reasons below."
 */
export function importSummary(o: { imported: number; updated?: number; rowsFailed: number }): string {
  const done = [plural(o.imported, "contact was added", "contacts were added")];
  if (o.updated)
    done.push(plural(o.updated, "existing contact was updated", "existing contacts were updated"));
  const rejected = o.rowsFailed
    ? ` ${plural(o.rowsFailed, "row was not imported", "rows were not imported")}: see the reasons below.`
    : "";
  return `${done.join(", ")}.${rejected}`;
}

export const importEnded = (status: ImportProgress["status"]) =>
  status === "done" || status === "failed" || status === "cancelled";

/** The upload limit (the specification's value; the server says the same in its own words). */
export { CONTACT_UPLOAD_MAX_BYTES } from "@herald/domain";
export const CONTACT_FILE_TOO_LARGE = "File size cannot be greater than 150MB !";
export const CONTACT_FILE_TYPES = ".csv,.xlsx";
