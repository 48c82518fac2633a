/**
 * Rules of the campaign screens that need no browser: paths, the default date range (the last 2 days), the
 * list filter sent to /campaignList, which row actions a campaign offers, the status badge, the export table
 * and the View Outgoing Report link.
 */
import type { Schema } from "@herald/api-client";
import { CAMPAIGN_NAME_MAX, formatDateTime12, MESSAGES, REQUIRED } from "@herald/domain";
import { companyDay, companyToday } from "../format";

export type Campaign = Schema<"Campaign">;
export type CampaignStatus = Campaign["status"];

export const CAMPAIGNS_PATH = "/campaign/campaign-mgt";
export const CAMPAIGN_ADD_PATH = "/campaign/campaign-add";
export const campaignEditPath = (id: string) => `/campaign/campaign-edit/${id}`;
export const campaignViewPath = (id: string) => `/campaign/campaign-view/${id}`;
export const broadcastReportPath = (broadcastId: string) => `/apps/social-broadcast-report/${broadcastId}`;

export { CAMPAIGN_NAME_MAX };
/** The file name of the list's export (Campaign.csv, Campaign.xlsx). */
export const EXPORT_NAME = "Campaign";
/** How many days back the list starts by default: the last 2 days, today included. */
export const DEFAULT_RANGE_DAYS = 2;

/** A range of local calendar days as "yyyy-MM-dd"; "" for an open end. */
export interface DayRange {
  start: string;
  end: string;
}

const pad = (n: number) => String(n).padStart(2, "0");
/** A local calendar day as "yyyy-MM-dd". */
export const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The default range: from 2 days before today to today, today as the company's calendar has it. */
export function defaultRange(now = new Date()): DayRange {
  const end = companyToday(now);
  const [y, m, d] = end.split("-").map(Number) as [number, number, number];
  const start = new Date(Date.UTC(y, m - 1, d - DEFAULT_RANGE_DAYS)).toISOString().slice(0, 10);
  return { start, end };
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The local midnight starting a "yyyy-MM-dd" day, or null when it is not a real day. */
function dayStart(day: string): Date | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return localDay(d) === day ? d : null;
}

/** What is wrong with a range, or null: an end before the start. */
export function rangeProblem(range: DayRange): string | null {
  if (range.start && range.end && range.end < range.start) return "End date cannot be before start date";
  return null;
}

/**
 * The /campaignList body of a range: the start of the first day and the end (last millisecond) of the last
 * one in the company's time zone, both inclusive; an open or unreadable end is left out.
 */
export function listFilter(range: DayRange): { startDate?: string; endDate?: string } {
  const start = dayStart(range.start) ? companyDay(range.start) : null;
  const end = dayStart(range.end) ? companyDay(range.end) : null;
  const filter: { startDate?: string; endDate?: string } = {};
  if (start) filter.startDate = start.start.toISOString();
  if (end) filter.endDate = end.end.toISOString();
  return filter;
}

/** A deleted campaign can no longer be renamed: Edit is hidden for it. */
export const canEdit = (c: Pick<Campaign, "status">) => c.status !== "deleted";

const STATUS_LABEL: Record<CampaignStatus, string> = {
  ready: "Ready",
  processing: "Processing",
  scheduled: "Scheduled",
  sent: "Sent",
  deleted: "Deleted",
};
export const statusLabel = (s: CampaignStatus) => STATUS_LABEL[s] ?? s;

export type StatusTone = "primary" | "success" | "danger" | "warning" | "info" | "secondary";
const STATUS_TONE: Record<CampaignStatus, StatusTone> = {
  ready: "primary",
  processing: "warning",
  scheduled: "info",
  sent: "success",
  deleted: "secondary",
};
export const statusTone = (s: CampaignStatus): StatusTone => STATUS_TONE[s] ?? "secondary";

/** "31/01/2024 09:05 PM", or "-" when there is no date. */
export const dateText = (d: string | null | undefined) => (d ? formatDateTime12(d) : "-");

export const EXPORT_HEADER = [
  "Campaign Name",
  "Status",
  "Created Date",
  "Scheduled Date",
  "Broadcast",
] as const;
/** One exported row, as the table shows it. */
export const exportRow = (c: Campaign): string[] => [
  c.name,
  statusLabel(c.status),
  dateText(c.created_dtm),
  dateText(c.scheduled_dtm),
  c.broadcast_name ?? "-",
];

export type CampaignReport = Schema<"CampaignReport">;
export type CampaignSend = Schema<"CampaignSend">;
export type CampaignMessage = Schema<"CampaignMessage">;
export type CampaignTotals = Schema<"CampaignTotals">;

/** The hint under a disabled View Outgoing Report: nothing has been sent in the campaign yet. */
export const NOTHING_SENT = "Nothing has been sent in this campaign yet.";
/** Where View Outgoing Report leads: the campaign's messages on its own page (?report=outgoing). */
export const OUTGOING_PARAM = "report";
export const OUTGOING_VALUE = "outgoing";
export const outgoingReportPath = (id: string) =>
  `${campaignViewPath(id)}?${OUTGOING_PARAM}=${OUTGOING_VALUE}`;

/** The View Outgoing Report link of a campaign: its messages once something was sent, else a hint. */
export function outgoingReport(
  id: string,
  report: Pick<CampaignReport, "sends"> | undefined,
): { href: string } | { hint: string } {
  return report && report.sends.length > 0 ? { href: outgoingReportPath(id) } : { hint: NOTHING_SENT };
}

/** A campaign whose messages are still on their way (or due): its page follows them. */
export const stillSending = (
  c: Pick<Campaign, "status"> | undefined,
  r: Pick<CampaignReport, "sends"> | undefined,
) => c?.status === "processing" || (r?.sends.some((x) => !x.finished) ?? false);

const CHANNEL_LABEL: Record<CampaignSend["channel"], string> = {
  sms: "SMS",
  email: "Email",
  whatsapp: "WhatsApp",
  telegram: "Telegram",
  social: "Subscribers' channels",
};
export const sendChannelLabel = (c: CampaignSend["channel"]) => CHANNEL_LABEL[c] ?? "Other";

/** What a send is called in the campaign's table: the broadcast's name, else its channel and sender. */
export const sendTitle = (x: Pick<CampaignSend, "kind" | "name" | "channel">) =>
  x.kind === "broadcast"
    ? x.name || "Broadcast"
    : `${sendChannelLabel(x.channel)} message${x.name ? ` from ${x.name}` : ""}`;

const MESSAGE_STATUS: Record<CampaignMessage["status"], { label: string; tone: StatusTone }> = {
  pending: { label: "Pending", tone: "warning" },
  sent: { label: "Sent", tone: "info" },
  delivered: { label: "Delivered", tone: "success" },
  read: { label: "Read", tone: "success" },
  failed: { label: "Failed", tone: "danger" },
  skipped: { label: "Skipped", tone: "secondary" },
  cancelled: { label: "Cancelled", tone: "secondary" },
};
export const messageStatus = (s: CampaignMessage["status"]) =>
  MESSAGE_STATUS[s] ?? { label: "Pending", tone: "warning" };

/** "+65 9111 0001"-style numbers are shown with their plus; e-mail addresses as they are. */
export const recipientText = (r: string) => (/^\d{6,}$/.test(r) ? `+${r}` : r);

/** The figures of the campaign's totals, in the order the cards and the funnel show them. */
export function totalFigures(t: CampaignTotals): { label: string; value: number; tone: StatusTone }[] {
  const figures: { label: string; value: number; tone: StatusTone }[] = [
    { label: "Recipients", value: t.recipients, tone: "primary" },
    { label: "Sent", value: t.sent, tone: "info" },
    { label: "Delivered", value: t.delivered, tone: "secondary" },
  ];
  if (t.read > 0) figures.push({ label: "Read", value: t.read, tone: "success" });
  figures.push({ label: "Failed", value: t.failed, tone: "danger" });
  figures.push({ label: "Pending", value: t.pending, tone: "warning" });
  if (t.skipped > 0) figures.push({ label: "Skipped", value: t.skipped, tone: "secondary" });
  if (t.cancelled > 0) figures.push({ label: "Cancelled", value: t.cancelled, tone: "secondary" });
  return figures;
}

/** The name field's problem, or undefined: required, at most 50 characters. */
export function campaignNameError(name: string): string | undefined {
  const text = name.trim();
  if (!text) return REQUIRED;
  if (text.length > CAMPAIGN_NAME_MAX) return `Campaign name cannot exceed ${CAMPAIGN_NAME_MAX} characters`;
  return undefined;
}

/** The duplicate-name text (422 on add and edit). */
export const NAME_EXISTS = MESSAGES.campaignNameExists;

/** "2 campaigns will be deleted." */
export const deleteText = (count: number) =>
  `${count} campaign${count === 1 ? "" : "s"} will be deleted, with ${count === 1 ? "its" : "their"} broadcasts.`;
