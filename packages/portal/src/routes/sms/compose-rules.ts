import type { Schema } from "@herald/api-client";
import {
  countSms,
  formatInZone,
  instantInZone,
  MESSAGES,
  RECIPIENT_NUMBER_SEPARATORS,
  readRecipientNumber,
  type SmsCount,
  splitSms,
  zoneLabel,
} from "@herald/domain";

/** The wizard's steps: four on /sms/compose, the fifth (Preview) on /sms/preview. */
export const COMPOSE_STEPS = [
  { title: "Channel", description: "Campaign, channel and sender" },
  { title: "Recipients", description: "Numbers, contacts, groups or a file" },
  { title: "Message", description: "Template and content" },
  { title: "Frequency", description: "Now or on a schedule" },
  { title: "Preview", description: "Check, then send" },
] as const;
export const PREVIEW_STEP = COMPOSE_STEPS.length - 1;

export const CHANNELS = ["SMS", "Email", "WhatsApp", "Telegram"] as const;
export type ComposeChannel = (typeof CHANNELS)[number];
export const FREQUENCIES = ["Send Now", "One-Time", "Daily", "Weekly", "Monthly"] as const;
export type ComposeFrequency = (typeof FREQUENCIES)[number];
export const FILE_CONTENTS = ["Contacts", "Contacts & Variables", "Contacts & Message"] as const;
export type FileContent = (typeof FILE_CONTENTS)[number];

/** Files the recipients step takes: CSV or xlsx only. */
export const RECIPIENT_FILE_TYPES = ".csv,.xlsx";
/** Company time zone when the server names none (default Asia/Singapore). */
export const DEFAULT_TIME_ZONE = "Asia/Singapore";
/** The company's country when the server names none: numbers typed without a country code are of it. */
export const DEFAULT_COUNTRY = "SG";

/** Messages of the steps. The specification's words where it has them, ours where it has none. */
export const COMPOSE_MESSAGES = {
  selectChannel: MESSAGES.selectChannel,
  composeMessage: MESSAGES.composeMessage,
  emailSubject: "Please enter the Email Subject.",
  senderId: "Please select a Sender ID!",
  chatChannel: "Please choose the channel to send through.",
  noSenderIds: "No sender ID is allowed for you yet: the gateway's default sender is used.",
  recipientRequired: "Please choose at least 1 recipient.",
  invalidNumbers: "Please correct or remove the invalid mobile numbers.",
  fileUploading: "Please wait until the file is uploaded.",
  scheduleRequired: "Please select the Schedule Date and Schedule Time.",
  schedulePast: "The schedule date and time cannot be in the past.",
  invalidEmail: "Enter a valid e-mail address, e.g. name@example.com",
  invalidEmails: "Please correct or remove the invalid e-mail addresses.",
} as const;

/** The uploaded recipients file as the wizard keeps it (the file itself stays on the server). */
export interface RecipientFileState {
  id: string;
  name: string;
  rows: number;
  /** Its variable columns (beyond mobile and name), usable in the message. */
  variables: string[];
}

/** Everything the wizard collects; kept in sessionStorage so /sms/preview and a reload see it. */
export interface ComposeState {
  step: number;
  campaignId: string;
  channel: ComposeChannel | "";
  emailSubject: string;
  senderId: string;
  /** WhatsApp and Telegram: the company channel chosen (when the company has several of the type). */
  channelId: string;
  numbers: string[];
  contactIds: string[];
  groupIds: string[];
  fileContent: FileContent;
  file: RecipientFileState | null;
  removeDuplicates: boolean;
  templateId: string;
  message: string;
  frequency: ComposeFrequency;
  scheduleDate: string;
  scheduleTime: string;
  /** One key per submission of this draft: a double click or a retry sends once; an edit makes a new one. */
  idempotencyKey: string;
}

export const emptyCompose = (): ComposeState => ({
  step: 0,
  campaignId: "",
  channel: "",
  emailSubject: "",
  senderId: "",
  channelId: "",
  numbers: [],
  contactIds: [],
  groupIds: [],
  fileContent: "Contacts",
  file: null,
  removeDuplicates: true,
  templateId: "",
  message: "",
  frequency: "Send Now",
  scheduleDate: "",
  scheduleTime: "",
  idempotencyKey: "",
});

const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === "string");
const oneOf = <T extends string>(list: readonly T[], v: unknown, fallback: T): T =>
  list.includes(v as T) ? (v as T) : fallback;

/** Reads a stored draft back, field by field: anything missing or malformed takes its empty value. */
export function parseComposeState(raw: string | null): ComposeState {
  const empty = emptyCompose();
  if (!raw) return empty;
  let data: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== "object" || parsed === null) return empty;
    data = parsed as Record<string, unknown>;
  } catch {
    return empty;
  }
  const str = (key: keyof ComposeState) => (typeof data[key] === "string" ? (data[key] as string) : "");
  const list = (key: keyof ComposeState) => (isStringArray(data[key]) ? (data[key] as string[]) : []);
  const file = data.file as Partial<RecipientFileState> | null | undefined;
  const step = typeof data.step === "number" && Number.isInteger(data.step) ? data.step : 0;
  return {
    step: Math.min(Math.max(step, 0), PREVIEW_STEP - 1),
    campaignId: str("campaignId"),
    channel: oneOf<ComposeChannel | "">(CHANNELS, data.channel, ""),
    emailSubject: str("emailSubject"),
    senderId: str("senderId"),
    channelId: str("channelId"),
    numbers: list("numbers"),
    contactIds: list("contactIds"),
    groupIds: list("groupIds"),
    fileContent: oneOf(FILE_CONTENTS, data.fileContent, "Contacts"),
    file:
      file &&
      typeof file === "object" &&
      typeof file.id === "string" &&
      typeof file.name === "string" &&
      typeof file.rows === "number"
        ? {
            id: file.id,
            name: file.name,
            rows: file.rows,
            variables: isStringArray(file.variables) ? file.variables : [],
          }
        : null,
    removeDuplicates: typeof data.removeDuplicates === "boolean" ? data.removeDuplicates : true,
    templateId: str("templateId"),
    message: str("message"),
    frequency: oneOf(FREQUENCIES, data.frequency, "Send Now"),
    scheduleDate: str("scheduleDate"),
    scheduleTime: str("scheduleTime"),
    idempotencyKey: str("idempotencyKey"),
  };
}

// ---- step 2: recipients

/** What separates typed or pasted mobile numbers: line breaks, commas, semicolons and tabs (spaces are in numbers). */
export const NUMBER_SEPARATORS = RECIPIENT_NUMBER_SEPARATORS;

/** The help under Mobile Numbers. */
export const mobileNumbersHelp = (country: string) =>
  `${country === "SG" ? "e.g. 9123 4567 or +60 12-345 6789" : "e.g. +65 9123 4567"}: numbers without a country code are taken as ${countryName(country)}'s. Press Enter or comma after each, or paste a column of numbers.`;

export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * A typed or pasted mobile number as a tag: its international form ("+6591234567") when it reads as a number —
 * written with spaces, dashes or brackets, without the country code for the company's country — else as typed.
 */
export const normalizeNumberTag = (piece: string, country = DEFAULT_COUNTRY) => {
  const read = readRecipientNumber(piece, country);
  return read.ok ? read.e164 : piece.trim().replace(/\s+/g, " ");
};

/** Why a number tag cannot be sent to (e.g. "Too few digits for a Singapore number"), or null. */
export const numberTagError = (tag: string, country = DEFAULT_COUNTRY): string | null => {
  const read = readRecipientNumber(tag, country);
  return read.ok ? null : read.reason;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail address tag (the Email channel's recipients). */
export const emailTagError = (tag: string): string | null =>
  EMAIL.test(tag) ? null : COMPOSE_MESSAGES.invalidEmail;

/** Typed recipients are e-mail addresses for Email, mobile numbers otherwise. */
export const tagErrorFor = (channel: ComposeChannel | "", country = DEFAULT_COUNTRY) =>
  channel === "Email" ? emailTagError : (tag: string) => numberTagError(tag, country);

/** Cleans a typed piece before it becomes a tag. */
export const normalizeTagFor = (channel: ComposeChannel | "", country = DEFAULT_COUNTRY) =>
  channel === "Email"
    ? (piece: string) => piece.trim()
    : (piece: string) => normalizeNumberTag(piece, country);

export function hasRecipients(
  s: Pick<ComposeState, "numbers" | "contactIds" | "groupIds" | "file">,
): boolean {
  return s.numbers.length + s.contactIds.length + s.groupIds.length > 0 || s.file !== null;
}

/** The message comes from the file when the file carries it and is the only source of recipients. */
export const messageFromFile = (s: ComposeState) =>
  s.file !== null &&
  s.fileContent === "Contacts & Message" &&
  s.numbers.length + s.contactIds.length + s.groupIds.length === 0;

// ---- step 4: schedule

const pad = (n: number) => String(n).padStart(2, "0");

/** The wall-clock date ("yyyy-MM-dd") and time ("HH:mm") of an instant in a time zone. */
export function wallClock(instant: Date, timeZone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return { date: `${get("year")}-${get("month")}-${get("day")}`, time: `${get("hour")}:${get("minute")}` };
}

/**
 * The first 30-minute slot a schedule may take today: the next slot strictly after now (at 10:00 exactly,
 * 10:30; at 10:10, 10:30). Null when no slot is left today.
 */
export function firstSlotAfter(time: string): string | null {
  const [h = 0, m = 0] = time.split(":").map(Number);
  const next = (Math.floor((h * 60 + m) / 30) + 1) * 30;
  return next >= 24 * 60 ? null : `${pad(Math.floor(next / 60))}:${pad(next % 60)}`;
}

/** The day after a "yyyy-MM-dd" date. */
export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The earliest date and time a schedule may take, in the company's time zone. */
export function scheduleBounds(
  now: Date,
  timeZone: string,
): { minDate: string; today: string; minTime: string | null } {
  const { date, time } = wallClock(now, timeZone);
  const slot = firstSlotAfter(time);
  return { today: date, minDate: slot ? date : nextDay(date), minTime: slot };
}

/** For a monthly schedule on the 29th–31st: the day it falls on in shorter months. */
export function monthlyNote(date: string): string | null {
  const day = Number(date.slice(8, 10));
  if (!(day >= 29 && day <= 31)) return null;
  return `Months without a ${ordinal(day)} get it on their last day (for example, 28 or 29 February).`;
}

export function ordinal(n: number): string {
  const rem100 = n % 100;
  if (rem100 >= 11 && rem100 <= 13) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th"}`;
}

// ---- validation per step

/** A company channel a WhatsApp or Telegram send goes through (ComposePageOne's `chatChannels`). */
export interface ChatChannelChoice {
  id: string;
  name: string;
  channel: "WhatsApp" | "Telegram";
}

/** The channels of the chosen type (WhatsApp or Telegram), or none for SMS and Email. */
export const chatChannelsFor = (
  channel: ComposeChannel | "",
  all: readonly ChatChannelChoice[] | undefined,
): ChatChannelChoice[] => (all ?? []).filter((c) => c.channel === channel);

export interface StepContext {
  senderIds: readonly string[];
  chatChannels?: readonly ChatChannelChoice[];
  /** A file is being uploaded. */
  uploading?: boolean;
  now: Date;
  timeZone: string;
  /** The company's country (numbers typed without a country code). */
  country?: string;
}

/** Why the wizard cannot leave a step (the message shown), or null. */
export function stepError(step: number, s: ComposeState, ctx: StepContext): string | null {
  if (step === 0) {
    if (!s.channel) return COMPOSE_MESSAGES.selectChannel;
    if (s.channel === "Email" && !s.emailSubject.trim()) return COMPOSE_MESSAGES.emailSubject;
    if (s.channel === "SMS") {
      // Without any allowed sender ID the gateway's default sender is used.
      if (ctx.senderIds.length > 0 && !ctx.senderIds.includes(s.senderId)) return COMPOSE_MESSAGES.senderId;
    }
    const ofType = chatChannelsFor(s.channel, ctx.chatChannels);
    if (ofType.length > 1 && !ofType.some((c) => c.id === s.channelId)) return COMPOSE_MESSAGES.chatChannel;
    return null;
  }
  if (step === 1) {
    if (ctx.uploading) return COMPOSE_MESSAGES.fileUploading;
    const tagError = tagErrorFor(s.channel, ctx.country);
    if (s.numbers.some((n) => tagError(n) !== null))
      return s.channel === "Email" ? COMPOSE_MESSAGES.invalidEmails : COMPOSE_MESSAGES.invalidNumbers;
    if (!hasRecipients(s)) return COMPOSE_MESSAGES.recipientRequired;
    return null;
  }
  if (step === 2) {
    if (!messageFromFile(s) && !s.message.trim()) return COMPOSE_MESSAGES.composeMessage;
    return null;
  }
  if (step === 3) {
    if (s.frequency === "Send Now") return null;
    if (!s.scheduleDate || !s.scheduleTime) return COMPOSE_MESSAGES.scheduleRequired;
    const { date, time } = wallClock(ctx.now, ctx.timeZone);
    if (`${s.scheduleDate} ${s.scheduleTime}` <= `${date} ${time}`) return COMPOSE_MESSAGES.schedulePast;
    return null;
  }
  return null;
}

/** The first step that does not pass, or null when every step before the preview passes. */
export function firstInvalidStep(
  s: ComposeState,
  ctx: StepContext,
): { step: number; message: string } | null {
  for (let step = 0; step < PREVIEW_STEP; step++) {
    const message = stepError(step, s, ctx);
    if (message) return { step, message };
  }
  return null;
}

// ---- step 3: message

export const ENCODING_LABEL: Record<string, string> = {
  gsm7: "GSM-7",
  ucs2: "UCS-2 (Unicode)",
  unicode: "UCS-2 (Unicode)",
};

/** The one line the counter shows about the rule it follows. */
export const COUNTING_NOTE =
  "GSM-7 text: 160 characters per SMS, 153 per part. An emoji or another character outside GSM-7 makes the whole message Unicode: 70 characters per SMS, 67 per part.";

export interface SmsCounter {
  encoding: string;
  characters: number;
  segments: number;
  /** Units left in the last part before one more SMS is needed. */
  remaining: number;
}

/** The live counter of a message: encoding, characters, SMS parts and what is left in the last part. */
export function smsCounter(text: string): SmsCounter {
  const count: SmsCount & { remaining?: number } = countSms(text);
  const encoding = ENCODING_LABEL[count.encoding] ?? count.encoding;
  let remaining = count.remaining;
  if (remaining === undefined) {
    if (count.segments <= 1) remaining = count.perSegment - count.characters;
    else {
      const last = splitSms(text).at(-1) ?? "";
      const used = count.encoding === "gsm7" ? countSms(last).characters : last.length;
      remaining = count.perSegment - used;
    }
  }
  return {
    encoding,
    characters: count.characters,
    segments: count.segments,
    remaining: Math.max(0, remaining),
  };
}

export const counterText = (c: SmsCounter) =>
  `${c.encoding} · ${c.characters} character${c.characters === 1 ? "" : "s"} · ${c.segments} SMS · ${c.remaining} left`;

/** How a variable is written in the message: `{name}`. */
export const variableToken = (name: string) => `{${name}}`;

/** A variable's name from its placeholder ("{age}" -> "age"). */
export const variableName = (placeholder: string) => placeholder.replace(/^\{|\}$/g, "").trim();

/** The variables every recipient has (beside a contact's attributes and a file's own columns). */
export const baseVariables = (channel: ComposeChannel | "") =>
  channel === "Email" ? ["name", "email"] : ["name", "mobile"];

/**
 * The variables step 3 offers: the base ones, the file's columns (a Contacts & Variables file) and the
 * attribute columns of the company's contacts, each once whatever its case.
 */
export function offeredVariables(
  channel: ComposeChannel | "",
  fileColumns: readonly string[],
  contactAttributes: readonly string[],
): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const name of [...baseVariables(channel), ...fileColumns, ...contactAttributes]) {
    const key = name.trim().toLowerCase();
    if (!key || seen.has(key) || /[{}|\n]/.test(name)) continue;
    seen.add(key);
    out.push(name.trim());
  }
  return out;
}

// ---- Message templates (step 3)

/** Limits and texts of the company's message templates: the server answers the same words. */
export const TEMPLATE_NAME_MAX = 50;
export const TEMPLATE_CONTENT_MAX = 1600;
export const TEMPLATE_TEXTS = {
  noTemplates: "No templates yet — save this message as one",
  nameRequired: "Template name is required",
  nameTooLong: `Template name cannot exceed ${TEMPLATE_NAME_MAX} characters`,
  contentRequired: "Message content is required",
  contentTooLong: `Message content cannot exceed ${TEMPLATE_CONTENT_MAX} characters`,
} as const;

/** Characters as the server counts them (code points: an emoji is one). */
const codePoints = (text: string) => [...text].length;

/** What is wrong with a template's name (trimmed, required, at most 50), or null. */
export function templateNameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return TEMPLATE_TEXTS.nameRequired;
  if (codePoints(trimmed) > TEMPLATE_NAME_MAX) return TEMPLATE_TEXTS.nameTooLong;
  return null;
}

/** What is wrong with a template's content (not blank, at most 1600), or null. */
export function templateContentError(content: string): string | null {
  if (!content.trim()) return TEMPLATE_TEXTS.contentRequired;
  if (codePoints(content) > TEMPLATE_CONTENT_MAX) return TEMPLATE_TEXTS.contentTooLong;
  return null;
}

/**
 * Whether filling the message with a template would lose text the user typed: the message is not blank, is not
 * the text of the template chosen before (unchanged), and is not already the new template's text.
 */
export function overwritesTypedText(
  message: string,
  chosen: { content: string } | undefined,
  next: { content: string },
): boolean {
  if (!message.trim() || message === next.content) return false;
  return !chosen || message !== chosen.content;
}

/** Inserts `token` into `text` over the selection [start, end); returns the text and the caret after it. */
export function insertAt(
  text: string,
  token: string,
  start: number,
  end = start,
): { text: string; caret: number } {
  const a = Math.min(Math.max(start, 0), text.length);
  const b = Math.min(Math.max(end, a), text.length);
  return { text: text.slice(0, a) + token + text.slice(b), caret: a + token.length };
}

// ---- sample files

/** The three sample files of the recipients step, one per file content option (first columns mobile, name). */
export function sampleFile(content: FileContent): { baseName: string; header: string[]; rows: string[][] } {
  if (content === "Contacts")
    return {
      baseName: "Sample Contacts",
      header: ["mobile", "name"],
      rows: [
        ["6591234567", "Alice Tan"],
        ["60123456789", "Bob Lee"],
      ],
    };
  if (content === "Contacts & Variables")
    return {
      baseName: "Sample Contacts and Variables",
      header: ["mobile", "name", "age", "email"],
      rows: [
        ["6591234567", "Alice Tan", "32", "alice@example.com"],
        ["60123456789", "Bob Lee", "45", "bob@example.com"],
      ],
    };
  return {
    baseName: "Sample Contacts and Message",
    header: ["mobile", "name", "message"],
    rows: [
      ["6591234567", "Alice Tan", "Hi Alice, your order is ready for collection."],
      ["60123456789", "Bob Lee", "Hi Bob, your appointment is tomorrow at 10:00."],
    ],
  };
}

// ---- preview

/** The ledger's refusal when the credit does not cover a send (the server's words). */
export const NOT_ENOUGH_CREDIT = "Credit cannot go below 0";

/** Why the send button is disabled when the credit does not cover the send. */
export const notEnoughCreditText = (cost: string, balance: string) =>
  `${NOT_ENOUGH_CREDIT}: this send costs SGD ${cost} and your credit is SGD ${balance}.`;

/** The preview's warnings (e.g. a sender ID not registered with Singapore's SSIR) and their acknowledgement. */
export const SEND_WARNINGS = {
  title: "Check before sending",
  sendAnyway: "Send anyway",
  sendAnywayHelp: (count: number) =>
    `I have read the ${count === 1 ? "warning" : "warnings"} above. Nothing is sent until this is ticked.`,
  sendAnywayMissing: 'Tick "Send anyway" to send despite the warning, or go back and change the message.',
} as const;

/**
 * The preview's final button: what it does, how many and for how much ("Send 195 SMS · SGD 9.75",
 * "Schedule 3 e-mails · SGD 0.03"); just "Send"/"Schedule" until the totals are known.
 */
export function finalActionLabel(
  s: Pick<ComposeState, "channel" | "frequency">,
  totals?: { segments: number; recipients: number; cost: string },
): string {
  const verb = s.frequency === "Send Now" ? "Send" : "Schedule";
  if (!totals) return verb;
  const n =
    s.channel === "Email" || s.channel === "WhatsApp" || s.channel === "Telegram"
      ? totals.recipients
      : totals.segments;
  const what =
    s.channel === "Email"
      ? n === 1
        ? "e-mail"
        : "e-mails"
      : s.channel === "WhatsApp" || s.channel === "Telegram"
        ? n === 1
          ? `${s.channel} message`
          : `${s.channel} messages`
        : "SMS";
  return `${verb} ${n.toLocaleString("en-US")} ${what} · SGD ${totals.cost}`;
}

/** When the send goes out, in words, with the company's time zone. */
export function scheduleSummary(
  s: Pick<ComposeState, "frequency" | "scheduleDate" | "scheduleTime">,
  timeZone: string,
): string {
  if (s.frequency === "Send Now") return "Now";
  // "31 Jan 2026, 09:30 SGT": the wall clock the user chose, labelled with the company's zone.
  const instant = instantInZone(s.scheduleDate, s.scheduleTime, timeZone);
  const at = instant
    ? formatInZone(instant, "d MMM yyyy, HH:mm", timeZone)
    : `${s.scheduleDate} ${s.scheduleTime} ${zoneLabel(timeZone)}`;
  if (s.frequency === "One-Time") return `Once, ${at}`;
  return `${s.frequency}, from ${at}`;
}

// ---- the contract

export type ComposeDraft = Schema<"ComposeDraft">;
export type ComposePreview = Schema<"ComposePreview">;
export type ComposePreviewRow = Schema<"ComposePreviewRow">;

const FREQUENCY_CODE: Record<ComposeFrequency, NonNullable<ComposeDraft["frequency"]>> = {
  "Send Now": "now",
  "One-Time": "once",
  Daily: "daily",
  Weekly: "weekly",
  Monthly: "monthly",
};

/** The wizard's state as the contract's ComposeDraft (the body of /sms/preview and /sms/send). */
export function toComposeDraft(s: ComposeState): ComposeDraft {
  const channel = s.channel || "SMS";
  const frequency = FREQUENCY_CODE[s.frequency];
  return {
    campaignId: s.campaignId || null,
    channel,
    ...(channel === "Email" ? { subject: s.emailSubject.trim() } : {}),
    ...(channel === "SMS" && s.senderId ? { senderId: s.senderId } : {}),
    ...((channel === "WhatsApp" || channel === "Telegram") && s.channelId ? { channelId: s.channelId } : {}),
    recipients: {
      numbers: s.numbers,
      contactIds: s.contactIds,
      groupIds: s.groupIds,
      ...(s.file ? { fileId: s.file.id } : {}),
    },
    fileContent: s.fileContent,
    removeDuplicates: s.removeDuplicates,
    ...(s.message.trim() ? { text: s.message } : {}),
    frequency,
    ...(frequency === "now" ? {} : { date: s.scheduleDate, time: s.scheduleTime }),
  };
}
