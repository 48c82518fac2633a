import type { Schema } from "@herald/api-client";
import { formatSgd, sgdToCents } from "@herald/domain";
import type { BadgeTone } from "@herald/ui";

/**
 * Rules of the operator's console that need no browser: words for statuses and channels, money and prices,
 * and the checks of its forms (reasons, user limits, credit adjustments, prices, inbound numbers).
 */

export type Company = Schema<"OperatorCompany">;
export type CompanyDetail = Schema<"OperatorCompanyDetail">;
export type TopupRequest = Schema<"TopupRequestRecord">;
export type SenderIdRecord = Schema<"SenderIdRecord">;
export type InboundNumber = Schema<"InboundNumber">;
export type PriceChannel = Schema<"PriceChannel">;

export { centsOf, problemText, sgd, shortDateTime } from "../format";

export const COMPANY_STATUS: Record<Company["status"], { label: string; tone: BadgeTone }> = {
  active: { label: "Active", tone: "success" },
  suspended: { label: "Suspended", tone: "danger" },
};
export const companyStatus = (status: string) =>
  COMPANY_STATUS[status as Company["status"]] ?? { label: "Unknown", tone: "secondary" as const };

export const TOPUP_STATUS: Record<TopupRequest["status"], { label: string; tone: BadgeTone }> = {
  open: { label: "Waiting", tone: "warning" },
  granted: { label: "Granted", tone: "success" },
  declined: { label: "Declined", tone: "danger" },
};
export const topupStatus = (status: string) =>
  TOPUP_STATUS[status as TopupRequest["status"]] ?? { label: "Unknown", tone: "secondary" as const };

/** The top-up queue's views, in the order the tabs show them. */
export const TOPUP_VIEWS: readonly { value: TopupRequest["status"]; label: string }[] = [
  { value: "open", label: "Waiting" },
  { value: "granted", label: "Granted" },
  { value: "declined", label: "Declined" },
];

export const CHANNEL_LABEL: Record<PriceChannel, string> = {
  sms: "SMS (per segment)",
  email: "E-mail",
  whatsapp: "WhatsApp",
  telegram: "Telegram",
  messenger: "Messenger",
  line: "LINE",
  viber: "Viber",
  wechat: "WeChat",
  instagram: "Instagram",
  generic: "Other channels",
};
export const channelLabel = (channel: string) => CHANNEL_LABEL[channel as PriceChannel] ?? channel;

/** A price in cents of SGD per message, in SGD: 5 -> "SGD 0.05". */
export const priceText = (cents: number) => formatSgd(cents);

/** The price field's text for cents: 5 -> "0.05". */
export const priceInput = (cents: number) => (cents / 100).toFixed(2);

export const PRICE_MAX_CENTS = 100_000;

/** A price typed in SGD ("0.05", ".5", "1") as cents, or the reason it cannot be one. */
export function parsePrice(text: string): { cents: number } | { problem: string } {
  const t = text.trim();
  if (t === "") return { problem: "Enter a price, or use the default." };
  if (!/^\d*(\.\d*)?$/.test(t) || t === ".") return { problem: "Enter a price in SGD, such as 0.05." };
  let cents: number;
  try {
    cents = sgdToCents(t);
  } catch {
    return { problem: "A price has at most two decimals (whole cents)." };
  }
  if (cents > PRICE_MAX_CENTS) return { problem: "A price is at most SGD 1,000.00 per message." };
  return { cents };
}

export const REASON_MAX = 500;

/** A mandatory reason or message: said when empty, and kept under 500 characters. */
export function reasonProblem(text: string, missing = "Please give a reason."): string | null {
  const t = text.trim();
  if (t === "") return missing;
  return t.length > REASON_MAX ? `Keep it under ${REASON_MAX} characters.` : null;
}

export const USER_LIMIT_MAX = 100_000;

/** The user limit's field: a whole number from 0 to 100,000. */
export function userLimitProblem(text: string): string | null {
  const t = text.trim();
  if (t === "") return "Enter the number of users this company may have.";
  if (!/^\d+$/.test(t)) return "Enter a whole number of users.";
  return Number(t) > USER_LIMIT_MAX ? "A company may have at most 100,000 users." : null;
}

/** What a lower limit means when the company already has more users. */
export function userLimitNote(limit: number, users: number): string | null {
  return limit < users
    ? `This company has ${users} users: no one is removed, but no new user can be added until it has fewer than ${limit}.`
    : null;
}

export type AdjustDirection = "grant" | "take";
export const ADJUST_MAX_CENTS = 100_000_000;

/** The balance after a grant or a correction, in cents. */
export const adjustedBalance = (balanceCents: number, direction: AdjustDirection, cents: number) =>
  direction === "grant" ? balanceCents + cents : balanceCents - cents;

/** The first problem of a credit adjustment's amount, or null. */
export function adjustmentProblem(direction: AdjustDirection, cents: number | null, balanceCents: number) {
  if (cents === null || cents <= 0) return "Enter an amount greater than zero.";
  if (cents > ADJUST_MAX_CENTS) return "At most SGD 1,000,000.00 at a time.";
  if (direction === "take" && cents > balanceCents)
    return `You can take back at most the balance, ${formatSgd(balanceCents)}.`;
  return null;
}

/** The amount the call sends: SGD, positive to grant, negative to take back. */
export const adjustmentAmount = (direction: AdjustDirection, cents: number) =>
  (direction === "grant" ? cents : -cents) / 100;

// ---- Inbound numbers ----

export interface NumberOwnerForm {
  companyId: string;
  companyName: string;
  keyword: string;
}
export interface NumberForm {
  number: string;
  kind: "long" | "short";
  shared: boolean;
  owners: NumberOwnerForm[];
}
export interface NumberProblems {
  number?: string;
  owners?: string;
  /** Keyword problems by company id. */
  keywords: Record<string, string>;
}

export const emptyNumberForm = (): NumberForm => ({ number: "", kind: "long", shared: false, owners: [] });

export const formFromNumber = (n: InboundNumber): NumberForm => ({
  number: n.number,
  kind: n.kind,
  shared: n.shared,
  owners: n.owners.map((o) => ({
    companyId: o.companyId,
    companyName: o.companyName,
    keyword: o.keyword ?? "",
  })),
});

/** A number as stored: spaces, dashes and brackets removed. */
export const compactNumber = (text: string) => text.trim().replace(/[\s\-().]/g, "");

const KEYWORD = /^[A-Za-z0-9]{1,50}$/;

/** Every problem of the number dialog (none: `number` and `owners` undefined and no keyword problems). */
export function numberProblems(form: NumberForm): NumberProblems {
  const out: NumberProblems = { keywords: {} };
  const number = compactNumber(form.number);
  if (number === "") out.number = "Enter the number.";
  else if (form.kind === "short" && !/^\d{3,8}$/.test(number)) out.number = "A short code has 3 to 8 digits.";
  else if (form.kind === "long" && !/^\+?\d{7,15}$/.test(number))
    out.number = "A long number has 7 to 15 digits, with the country code (a + is optional).";
  if (!form.shared && form.owners.length > 1)
    out.owners = "An exclusive number belongs to one company. Choose Shared to give it to several.";
  if (form.shared) {
    const seen = new Map<string, string>();
    for (const owner of form.owners) {
      const k = owner.keyword.trim();
      if (k === "") out.keywords[owner.companyId] = `Enter ${owner.companyName}'s keyword.`;
      else if (!KEYWORD.test(k))
        out.keywords[owner.companyId] = "One word of letters and digits, at most 50.";
      else if (seen.has(k.toLowerCase()))
        out.keywords[owner.companyId] =
          `${seen.get(k.toLowerCase())} already has this keyword on this number.`;
      else seen.set(k.toLowerCase(), owner.companyName);
    }
  }
  return out;
}

export const hasNumberProblems = (p: NumberProblems) =>
  p.number !== undefined || p.owners !== undefined || Object.keys(p.keywords).length > 0;

/** The add and edit calls' body. */
export function numberBody(form: NumberForm): Schema<"InboundNumberRequest"> {
  return {
    number: compactNumber(form.number),
    kind: form.kind,
    shared: form.shared,
    owners: form.owners.map((o) =>
      form.shared
        ? { companyId: o.companyId, keyword: o.keyword.trim() }
        : { companyId: o.companyId, keyword: null },
    ),
  };
}

/** Who receives a number's messages, in words. */
export function ownersText(n: Pick<InboundNumber, "shared" | "owners">): string {
  if (n.owners.length === 0) return "No company yet";
  if (!n.shared) return n.owners[0]!.companyName;
  return n.owners.map((o) => (o.keyword ? `${o.companyName} (${o.keyword})` : o.companyName)).join(", ");
}

export const numberKindLabel = (kind: string) =>
  kind === "short" ? "Short code" : kind === "long" ? "Long number" : "Number";
export const sharingLabel = (shared: boolean) => (shared ? "Shared by keyword" : "Exclusive");
