import type { Schema } from "@herald/api-client";
import {
  formatDateTime12,
  MESSAGES,
  normalizeRecipient,
  validateBroadcastDescription,
  validateBroadcastName,
} from "@herald/domain";

export type BroadcastListItem = Schema<"BroadcastListItem">;
export type BroadcastBreakdown = Schema<"BroadcastBreakdown">;
export type RecipientRow = Schema<"BroadcastRecipientRow">;
export type BroadcastStats = Schema<"BroadcastStats">;
export type Subscriber = Schema<"BroadcastSubscriber">;
export type WhatsappTemplate = Schema<"WhatsappTemplate">;

export const WIZARD_PATH = "/apps/social-broadcast";
export const REPORT_PATH = "/apps/social-broadcast-report";
export const reportPath = (id: string) => `${REPORT_PATH}/${id}`;
export const HOME_CRUMB = { label: "Home", href: "/apps/social-chat" };

/** The breakdown is polled at this pace while some recipient has no final status. */
export const REPORT_POLL_MS = 3_000;

export const STEPS = [
  { title: "Information", description: "Name and description" },
  { title: "Campaign", description: "Optional grouping" },
  { title: "Recipients", description: "Contacts, groups or a file" },
  { title: "Message", description: "Text, attachment or template" },
  { title: "Summary", description: "Check, then send" },
] as const;

/** Step 3's warning when no recipient is chosen (the specification's wording: at least 1 recipient). */
export const CHOOSE_RECIPIENT = "Please choose at least 1 recipient.";
export const LIVE_NOTE =
  "A text broadcast reaches only recipients who contacted you within the last 24 hours.";
export const CHOOSE_TEMPLATE = "Please select a template!";
export const FILL_VARIABLES = "Please fill in every template variable!";
export const FILE_COLUMNS_MISSING = "Default Columns Not Found !";
export const FILE_EMPTY = "No valid data found in the file!";

export type Readiness =
  | typeof MESSAGES.recipientReady
  | typeof MESSAGES.recipientInvalidPhone
  | typeof MESSAGES.recipientMissingValue
  | typeof MESSAGES.recipientDuplicated;

export type MessageType = "live" | "template";
export type Method = "contacts" | "groups" | "file";

/** One data row of a recipient file: mobile, name, then the template variables in column order. */
export interface FileRow {
  row: number;
  mobile: string;
  name: string;
  values: string[];
}

export interface BroadcastDraft {
  name: string;
  description: string;
  campaignId: string;
  type: MessageType;
  method: Method;
  channelId: string;
  /** Subscriber ids (contacts) or group ids (groups). */
  selected: string[];
  file: File | null;
  fileRows: FileRow[];
  fileError: string | null;
  removeDuplicates: boolean;
  text: string;
  attachment: File | null;
  templateKey: string;
  headerMedia: File | null;
  headerValues: string[];
  bodyValues: string[];
}

export const emptyDraft = (): BroadcastDraft => ({
  name: "",
  description: "",
  campaignId: "",
  type: "live",
  method: "contacts",
  channelId: "",
  selected: [],
  file: null,
  fileRows: [],
  fileError: null,
  removeDuplicates: true,
  text: "",
  attachment: null,
  templateKey: "",
  headerMedia: null,
  headerValues: [],
  bodyValues: [],
});

export const templateKey = (t: WhatsappTemplate) => `${t.name}|${t.language}`;
const part = (t: WhatsappTemplate | undefined, type: string) => t?.components.find((c) => c.type === type);
/** Highest {{n}} placeholder of a text (WhatsApp numbers them 1..9). */
export function countVariables(text: string | undefined): number {
  let max = 0;
  for (const m of (text ?? "").matchAll(/\{\{\s*(\d)\s*\}\}/g)) max = Math.max(max, Number(m[1]));
  return max;
}

export interface TemplateShape {
  headerFormat: "TEXT" | "IMAGE" | "VIDEO" | "DOCUMENT" | null;
  headerCount: number;
  bodyCount: number;
  needsMedia: boolean;
}

export function templateShape(t: WhatsappTemplate | undefined): TemplateShape {
  const header = part(t, "HEADER");
  const headerFormat = header ? (header.format ?? "TEXT") : null;
  return {
    headerFormat,
    headerCount: headerFormat === "TEXT" ? countVariables(header?.text) : 0,
    bodyCount: countVariables(part(t, "BODY")?.text),
    needsMedia: headerFormat !== null && headerFormat !== "TEXT",
  };
}

export const bodyText = (t: WhatsappTemplate | undefined) => part(t, "BODY")?.text ?? "";

/** Fills {{n}} with values (an empty value keeps the placeholder). */
export const fillVariables = (text: string, values: readonly string[]) =>
  text.replace(/\{\{\s*(\d)\s*\}\}/g, (whole, n: string) => values[Number(n) - 1]?.trim() || whole);

/** Accept attribute for a template header's media. */
export const mediaAccept = (format: TemplateShape["headerFormat"]) =>
  format === "IMAGE" ? "image/*" : format === "VIDEO" ? "video/*" : undefined;

/**
 * Readiness of every file row before sending: an invalid international number, then a
 * missing variable value (every body variable needs a value), then a repeated number when remove-duplicates is on.
 */
export function fileReadiness(
  rows: readonly FileRow[],
  variableCount: number,
  removeDuplicates: boolean,
): { row: FileRow; status: Readiness }[] {
  const seen = new Set<string>();
  return rows.map((row) => {
    const number = normalizeRecipient(row.mobile);
    if (!number) return { row, status: MESSAGES.recipientInvalidPhone };
    const missing = Array.from({ length: variableCount }, (_, i) => row.values[i] ?? "").some(
      (v) => v.trim() === "",
    );
    if (missing) return { row, status: MESSAGES.recipientMissingValue };
    if (seen.has(number) && removeDuplicates) return { row, status: MESSAGES.recipientDuplicated };
    seen.add(number);
    return { row, status: MESSAGES.recipientReady };
  });
}

/** Contacts: a template needs a valid number; a live text needs the 24-hour window still open. */
export function subscriberReady(sub: Subscriber, type: MessageType, now: number): boolean {
  if (type === "template") return normalizeRecipient(sub.mobile ?? sub.platformId) !== null;
  return sub.conversationExpiry !== null && Date.parse(sub.conversationExpiry) > now;
}

/** Parses a recipient table (first row is the header): mobile and name first, then variables. */
export function rowsFromTable(table: readonly (readonly unknown[])[]): FileRow[] | string {
  const [head, ...data] = table;
  const cell = (v: unknown) => (v === null || v === undefined ? "" : String(v).trim());
  if (!head || cell(head[0]).toLowerCase() !== "mobile" || cell(head[1]).toLowerCase() !== "name")
    return FILE_COLUMNS_MISSING;
  const rows = data
    .map((r, i) => ({ row: i + 1, mobile: cell(r[0]), name: cell(r[1]), values: r.slice(2).map(cell) }))
    .filter((r) => r.mobile !== "" || r.name !== "" || r.values.some((v) => v !== ""));
  return rows.length === 0 ? FILE_EMPTY : rows;
}

export interface StepContext {
  templates: readonly WhatsappTemplate[];
}

/** The message that blocks Next on `step`, or null (the server's name check runs on top of step 0). */
export function stepError(step: number, d: BroadcastDraft, ctx: StepContext): string | null {
  if (step === 0) return validateBroadcastName(d.name) ?? validateBroadcastDescription(d.description);
  if (step === 2) {
    if (d.type === "template" && !d.channelId) return MESSAGES.selectChannel;
    if (d.method === "file") return d.fileError ?? (d.fileRows.length === 0 ? CHOOSE_RECIPIENT : null);
    return d.selected.length === 0 ? CHOOSE_RECIPIENT : null;
  }
  if (step === 3) {
    if (d.type === "live") return d.text.trim() === "" && !d.attachment ? MESSAGES.composeMessage : null;
    const template = ctx.templates.find((t) => templateKey(t) === d.templateKey);
    if (!template) return CHOOSE_TEMPLATE;
    const shape = templateShape(template);
    if (shape.needsMedia && !d.headerMedia) return MESSAGES.uploadMedia;
    const filled = (values: string[], n: number) =>
      Array.from({ length: n }, (_, i) => values[i] ?? "").every((v) => v.trim() !== "");
    if (!filled(d.headerValues, shape.headerCount)) return FILL_VARIABLES;
    // A file carries each row's body values in its columns.
    if (d.method !== "file" && !filled(d.bodyValues, shape.bodyCount)) return FILL_VARIABLES;
  }
  return null;
}

export const dateText = (d: string | null | undefined) => (d ? formatDateTime12(d) : "-");

/** Breakdown: a recipient whose message has no final status yet keeps the page polling. */
export const isRunning = (b: BroadcastBreakdown | undefined) =>
  b !== undefined &&
  (b.recipients.some((r) => r.delivery_status === null) || b.stats.sent + b.stats.failed < b.stats.total);

export const STATUS_LABEL: Record<string, string> = {
  sent: "Sent",
  delivered: "Delivered",
  read: "Read",
  failed: "Failed",
};
export const statusLabel = (s: RecipientRow["delivery_status"]) => (s ? (STATUS_LABEL[s] ?? s) : "Queued");
export const statusTone = (s: RecipientRow["delivery_status"]) =>
  s === "failed"
    ? "danger"
    : s === "read"
      ? "success"
      : s === "delivered"
        ? "info"
        : s
          ? "primary"
          : "secondary";

export const RECIPIENT_EXPORT_HEADER = [
  "Name",
  "Contact Name",
  "Channel",
  "Status",
  "Remark",
  "Created At",
] as const;
export const recipientExportRow = (r: RecipientRow) => [
  r.name,
  r.contactName ?? "",
  r.channel_type,
  statusLabel(r.delivery_status),
  r.remark ?? "",
  dateText(r.created_at),
];

/** The text of a recipient's message as it was sent (template body filled with its variables). */
export function messageText(r: RecipientRow): string {
  if (r.whatsapp_template_components) {
    const body = r.whatsapp_template_components.find((c) => c.type === "BODY")?.text ?? "";
    return fillVariables(body, r.whatsapp_template_variables?.body ?? []);
  }
  return r.text ?? "";
}
