import type { Schema } from "@herald/api-client";
import { AUDIT_AREAS, formatSgd, sgdToCents } from "@herald/domain";
import type { ChangeRow } from "@herald/ui";

export type AuditEntry = Schema<"AuditEntry">;

/**
 * The audit log's action filter: "All actions", then the server's areas (@herald/domain AUDIT_AREAS; `user.`
 * selects every user action, as the contract's `action` parameter reads a prefix). The labels speak of the work,
 * never of the codes. A company's log leaves out the console's own areas (never in it).
 */
export function actionGroups(scope: "company" | "operator"): readonly { value: string; label: string }[] {
  return [
    { value: "", label: "All actions" },
    ...AUDIT_AREAS.filter((a) => scope === "operator" || !a.consoleOnly).map((a) => ({
      value: a.prefix,
      label: a.label,
    })),
  ];
}
export const isActionGroup = (scope: "company" | "operator", v: string) =>
  actionGroups(scope).some((g) => g.value === v);

/** Who acted, beyond the name: an operator, an automatic action, an API key (a company user needs no mark). */
export function actorKind(type: string): string | null {
  if (type === "operator") return "Herald operator";
  if (type === "system") return "Automatic";
  if (type === "api") return "API key";
  return null;
}

/** Field names in words; anything else is spelt out from its name ("autoReplyMessage" -> "Auto reply message"). */
const LABELS: Record<string, string> = {
  userRole: "Role",
  role: "Role",
  isOwner: "Owner",
  isAdmin: "Admin",
  isAllowSID: "May use sender IDs",
  senderIds: "Sender IDs",
  senderId: "Sender ID",
  login2fa: "Two-factor sign-in",
  twoFactor: "Two-factor sign-in",
  dept: "Departments",
  departments: "Departments",
  email: "E-mail",
  contactNumber: "Contact number",
  userLimit: "User limit",
  limit: "User limit",
  balance: "Balance",
  totalCredit: "Credit",
  companyCredit: "Corporate balance",
  amount: "Amount",
  grantedAmount: "Granted",
  priceCents: "Price",
  defaultCents: "Default price",
  ssirRegistered: "Registered with SSIR",
  autoReply: "Auto-reply",
  autoForward: "Auto-forward",
  status: "Status",
  reason: "Reason",
  keyword: "Keyword",
  shared: "Shared",
  kind: "Kind",
  sms: "SMS",
  email_price: "E-mail",
  whatsapp: "WhatsApp",
  line: "LINE",
  wechat: "WeChat",
};

/** Money in SGD under these names; cents under names that end in "Cents". */
const SGD_FIELDS = new Set([
  "balance",
  "amount",
  "credit",
  "totalCredit",
  "companyCredit",
  "grantedAmount",
  "userCredit",
]);

export function fieldLabel(key: string): string {
  const known = LABELS[key];
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_.-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An id is no one's business in the log: fields named id, *Id or *_id, and values that are UUIDs, are left out. */
const NOT_IDS = new Set(["senderId", "senderIds", "sender_id", "sender_ids"]);
const isIdKey = (key: string) => key === "id" || (!NOT_IDS.has(key) && /Id$|_id$|Ids$|_ids$/.test(key));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Kinds of numbers and sender IDs, as their screens say them. */
const KINDS: Record<string, string> = {
  long: "Long number",
  short: "Short code",
  alphanumeric: "Name",
  number: "Number",
};

/** One value in words. */
export function valueText(key: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") {
    if (/Cents$/.test(key) && Number.isSafeInteger(value)) return formatSgd(value);
    if (SGD_FIELDS.has(key)) {
      try {
        return formatSgd(sgdToCents(value));
      } catch {
        return String(value);
      }
    }
    return value.toLocaleString("en");
  }
  if (typeof value === "string") {
    if (key === "login2fa" && (value === "Y" || value === "N")) return value === "Y" ? "On" : "Off";
    if (key === "kind" && Object.hasOwn(KINDS, value)) return KINDS[value]!;
    if (UUID.test(value)) return null;
    // A code such as "sender_id" or "admin" reads as words.
    if (/^[a-z][a-z_]{0,24}$/.test(value) && key !== "keyword" && key !== "senderId")
      return (value.charAt(0).toUpperCase() + value.slice(1)).replace(/_/g, " ");
    return value;
  }
  if (Array.isArray(value)) {
    const parts = value.map((v) =>
      typeof v === "object" && v !== null
        ? Object.entries(v as Record<string, unknown>)
            .filter(([k, x]) => !isIdKey(k) && valueText(k, x) !== null)
            .map(([k, x]) => valueText(k, x))
            .join(" ")
        : valueText(key, v),
    );
    const shown = parts.filter((p): p is string => Boolean(p));
    return shown.length ? shown.join(", ") : "None";
  }
  return null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * What an entry changed, field by field and in words: unchanged fields and ids are left out, nested settings
 * ("prices": { "sms": … }) become "Prices: SMS". The ui's ChangeDiff shows the rows.
 */
export function auditChanges(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
  prefix = "",
): ChangeRow[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const rows: ChangeRow[] = [];
  for (const key of keys) {
    if (isIdKey(key)) continue;
    const b = before?.[key];
    const a = after?.[key];
    if (same(b, a)) continue;
    const label = prefix ? `${prefix}: ${fieldLabel(key)}` : fieldLabel(key);
    if (isPlain(b) || isPlain(a)) {
      rows.push(...auditChanges(isPlain(b) ? b : null, isPlain(a) ? a : null, label));
      continue;
    }
    const bt = valueText(key, b);
    const at = valueText(key, a);
    if (bt === null && at === null) continue;
    if (bt === at) continue;
    rows.push({ label, before: bt, after: at });
  }
  return rows;
}

/** The export's file name: the server's, or one from the dates. */
export function exportName(disposition: string | null, from: string, to: string): string {
  const m = /filename="([^"/\\]+)"/.exec(disposition ?? "");
  if (m?.[1]) return m[1];
  return `audit-log${from ? `-${from}` : ""}${to ? `-to-${to}` : ""}.csv`;
}
