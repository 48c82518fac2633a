import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { v7 as uuidv7 } from "uuid";

const id = () =>
  uuid("id")
    .primaryKey()
    .$defaultFn(() => uuidv7());
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
/** Money is integer cents; never floating point. */
const cents = (name: string) => bigint(name, { mode: "number" });

export const companies = pgTable(
  "companies",
  {
    id: id(),
    name: varchar("name", { length: 100 }).notNull(),
    creditCents: cents("credit_cents").notNull().default(0),
    totalUsersAllowed: integer("total_users_allowed").notNull().default(25),
    firstThreshCents: cents("first_thresh_cents"),
    secondThreshCents: cents("second_thresh_cents"),
    forwardToBot: boolean("forward_to_bot").notNull().default(false),
    isDemo: boolean("is_demo").notNull().default(false),
    /** IANA time zone of the company's calendar (scheduled sends, date filters). */
    timezone: varchar("timezone", { length: 64 }).notNull().default("Asia/Singapore"),
    /** ISO 3166-1 alpha-2 country: the default calling code of phone inputs (set beside the time zone). */
    country: varchar("country", { length: 2 }).notNull().default("SG"),
    createdAt: createdAt(),
  },
  (t) => [
    check("companies_credit_nonneg", sql`${t.creditCents} >= 0`),
    // The operator's company list: keyset pages by name (modules/operator).
    index("companies_name_idx").on(sql`lower(${t.name})`, t.id),
  ],
);

export const users = pgTable(
  "users",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    firstName: varchar("first_name", { length: 50 }).notNull(),
    lastName: varchar("last_name", { length: 50 }).notNull().default(""),
    email: varchar("email", { length: 254 }).notNull(),
    passwordHash: text("password_hash").notNull(),
    contactNumber: varchar("contact_number", { length: 20 }).notNull().default(""),
    country: varchar("country", { length: 100 }),
    userRole: varchar("user_role", { length: 20 }).notNull(),
    isOwner: boolean("is_owner").notNull().default(false),
    status: varchar("status", { length: 20 }).notNull().default("active"),
    userStatus: varchar("user_status", { length: 10 }).notNull().default("offline"),
    login2fa: varchar("login2fa", { length: 1 }).notNull().default("N"),
    creditCents: cents("credit_cents").notNull().default(0),
    firstThreshCents: cents("first_thresh_cents"),
    secondThreshCents: cents("second_thresh_cents"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** SMS sender IDs the user may send with (administration; used by the SMS issue). */
    senderIds: text("sender_ids").array().notNull().default(sql`'{}'::text[]`),
    isAllowSid: boolean("is_allow_sid").notNull().default(false),
    /** Own SMS auto-reply and forwarding of inbound replies to the user's e-mail. */
    autoReply: boolean("auto_reply").notNull().default(false),
    autoReplyMessage: text("auto_reply_message"),
    autoForward: boolean("auto_forward").notNull().default(false),
    createdAt: createdAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    index("users_company_idx").on(t.companyId, t.createdAt),
    check("users_role_check", sql`${t.userRole} in ('admin', 'supervisor', 'agent')`),
    check("users_status_check", sql`${t.status} in ('active', 'inactive', 'deleted')`),
    check("users_user_status_check", sql`${t.userStatus} in ('online', 'offline')`),
    check("users_login2fa_check", sql`${t.login2fa} in ('Y', 'N')`),
    check("users_credit_nonneg", sql`${t.creditCents} >= 0`),
  ],
);

export const departments = pgTable(
  "departments",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 50 }).notNull(),
    description: varchar("description", { length: 255 }).notNull().default(""),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("departments_company_idx").on(t.companyId, t.createdAt),
    // Names are unique within a company, compared without case (and trimmed by the service).
    uniqueIndex("departments_company_name_key").on(t.companyId, sql`lower(${t.name})`),
  ],
);

export const userDepartments = pgTable(
  "user_departments",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    departmentId: uuid("department_id")
      .notNull()
      .references(() => departments.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.departmentId] }),
    index("user_departments_dept_idx").on(t.departmentId),
  ],
);

/** Revocable sessions: every access token names one; revoking it ends the token at once. */
export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 10 }).notNull().default("access"),
    ip: varchar("ip", { length: 64 }),
    userAgent: varchar("user_agent", { length: 300 }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    check("sessions_kind_check", sql`${t.kind} in ('access', 'preauth')`),
  ],
);

/** Mail and SMS captured by the sandbox drivers (embedded default). */
export const sandboxMessages = pgTable(
  "sandbox_messages",
  {
    id: id(),
    kind: varchar("kind", { length: 10 }).notNull(),
    to: text("to").notNull(),
    from: text("from").notNull().default(""),
    subject: text("subject"),
    text: text("text").notNull().default(""),
    html: text("html"),
    links: jsonb("links").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index("sandbox_messages_created_idx").on(t.createdAt),
    check("sandbox_kind_check", sql`${t.kind} in ('email', 'sms')`),
  ],
);

/** Single-use links sent by e-mail (address verification, password reset); only the hash is stored. */
export const emailTokens = pgTable(
  "email_tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 20 }).notNull(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull(),
    email: varchar("email", { length: 254 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("email_tokens_hash_key").on(t.tokenHash),
    index("email_tokens_user_idx").on(t.userId, t.kind),
    // 'email-change': the link to a new address of an own e-mail change (the address in `email`).
    check("email_tokens_kind_check", sql`${t.kind} in ('verify', 'reset', 'email-change')`),
  ],
);

/** One-time sign-in codes, bound to the pre-authentication session (the sign-in attempt). */
export const otpSessions = pgTable(
  "otp_sessions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    attemptId: uuid("attempt_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    channel: varchar("channel", { length: 5 }).notNull(),
    codeHash: varchar("code_hash", { length: 64 }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    index("otp_sessions_attempt_idx").on(t.attemptId),
    check("otp_sessions_channel_check", sql`${t.channel} in ('email', 'sms')`),
  ],
);

export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fromId: uuid("from_id").references(() => users.id, { onDelete: "set null" }),
    type: varchar("type", { length: 30 }).notNull(),
    message: text("message").notNull(),
    status: varchar("status", { length: 10 }).notNull().default("unread"),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt),
    check("notifications_status_check", sql`${t.status} in ('unread', 'read')`),
  ],
);

/** Fixed-window counters shared by every API process (sign-in, codes, resets). */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 200 }).primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

/**
 * SMS keywords: an inbound SMS whose text is the keyword subscribes or unsubscribes its sender and may be
 * answered automatically (applied by the SMS issue). Soft-deleted rows stay; among the rows that are not
 * deleted a keyword is unique per company without case, which is also the inbound lookup's index.
 */
export const keywords = pgTable(
  "keywords",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    keyword: varchar("keyword", { length: 50 }).notNull(),
    type: varchar("type", { length: 5 }).notNull(),
    status: varchar("status", { length: 10 }).notNull().default("active"),
    autoReplyStatus: varchar("auto_reply_status", { length: 10 }).notNull().default("disable"),
    autoReply: text("auto_reply"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("keywords_company_idx").on(t.companyId, t.createdAt),
    uniqueIndex("keywords_company_keyword_key")
      .on(t.companyId, sql`lower(${t.keyword})`)
      .where(sql`${t.status} <> 'deleted'`),
    check("keywords_type_check", sql`${t.type} in ('sub', 'unsub')`),
    check("keywords_status_check", sql`${t.status} in ('active', 'deleted', 'invalid')`),
    check("keywords_auto_reply_status_check", sql`${t.autoReplyStatus} in ('enable', 'disable', 'deleted')`),
  ],
);

/**
 * Subscribe and unsubscribe lists of mobile numbers (E.164 digits without '+'). An active 'unsub' row is
 * a suppression: sends check it with one lookup on mobile_subscriptions_suppression_idx. Among rows that are
 * not deleted a number appears at most once per type; invalid numbers from imports are kept with status
 * 'invalid' so the admin sees them.
 */
export const mobileSubscriptions = pgTable(
  "mobile_subscriptions",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    contactNumber: varchar("contact_number", { length: 32 }).notNull(),
    type: varchar("type", { length: 5 }).notNull(),
    status: varchar("status", { length: 10 }).notNull().default("active"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("mobile_subscriptions_company_idx").on(t.companyId, t.createdAt),
    uniqueIndex("mobile_subscriptions_number_key")
      .on(t.companyId, t.type, t.contactNumber)
      .where(sql`${t.status} <> 'deleted'`),
    index("mobile_subscriptions_suppression_idx")
      .on(t.companyId, t.contactNumber)
      .where(sql`${t.type} = 'unsub' and ${t.status} = 'active'`),
    check("mobile_subscriptions_type_check", sql`${t.type} in ('sub', 'unsub')`),
    check("mobile_subscriptions_status_check", sql`${t.status} in ('active', 'deleted', 'invalid')`),
  ],
);

/** Files of mobile numbers uploaded before /addMobileSub names them (kept for a day, parsed on upload). */
export const mobileUploads = pgTable(
  "mobile_uploads",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fileName: varchar("file_name", { length: 255 }).notNull(),
    size: integer("size").notNull(),
    mimeType: varchar("mime_type", { length: 100 }).notNull(),
    /** The numbers read from the file, as written there (normalised when added). */
    numbers: jsonb("numbers").$type<string[]>().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("mobile_uploads_company_idx").on(t.companyId, t.createdAt)],
);

/**
 * Ledger transactions: one row per movement of money (and per idempotent request, even one that moved
 * nothing). Its entries in ledger_entries sum to zero. A request's Idempotency-Key is unique per company;
 * `fingerprint` identifies the request body and `response` holds the first answer, returned on replays.
 */
export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 20 }).notNull(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    memo: text("memo"),
    idempotencyKey: varchar("idempotency_key", { length: 200 }),
    fingerprint: varchar("fingerprint", { length: 64 }),
    response: jsonb("response"),
    createdAt: createdAt(),
  },
  (t) => [
    index("ledger_transactions_company_idx").on(t.companyId, t.createdAt),
    // The target of ledger_entries' (transaction_id, company_id) foreign key.
    uniqueIndex("ledger_transactions_id_company").on(t.id, t.companyId),
    uniqueIndex("ledger_transactions_idempotency_key")
      .on(t.companyId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check(
      "ledger_transactions_kind_check",
      sql`${t.kind} in ('purchase', 'allocate', 'deduct', 'reserve', 'capture', 'release', 'refund', 'charge', 'request')`,
    ),
  ],
);

/**
 * Append-only ledger entries (a trigger refuses UPDATE, and DELETE while the company exists). Accounts:
 * 'external' (money from outside: purchases), 'company' (the corporate balance, companies.credit_cents),
 * 'user' (users.credit_cents), 'reserved' (credit_reservations.remaining_cents) and 'usage' (spent).
 * Amounts are signed integer cents: negative leaves the account, positive enters it.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: id(),
    /** Its transaction's company: (transaction_id, company_id) references ledger_transactions (below). */
    companyId: uuid("company_id").notNull(),
    transactionId: uuid("transaction_id").notNull(),
    account: varchar("account", { length: 10 }).notNull(),
    /** References users, checked at commit (DEFERRABLE INITIALLY DEFERRED, set in 0006_ledger_speed.sql). */
    userId: uuid("user_id").references(() => users.id),
    reservationId: uuid("reservation_id"),
    amountCents: cents("amount_cents").notNull(),
    kind: varchar("kind", { length: 20 }).notNull(),
    actorId: uuid("actor_id"),
    reference: varchar("reference", { length: 200 }),
    createdAt: createdAt(),
  },
  (t) => [
    // Entries leave with their transaction, which leaves with its company; one foreign key instead of
    // two, and it also ties each entry to its transaction's company.
    foreignKey({
      name: "ledger_entries_transaction_fk",
      columns: [t.transactionId, t.companyId],
      foreignColumns: [ledgerTransactions.id, ledgerTransactions.companyId],
    }).onDelete("cascade"),
    index("ledger_entries_company_idx").on(t.companyId, t.createdAt),
    index("ledger_entries_user_idx").on(t.userId, t.createdAt).where(sql`${t.userId} is not null`),
    index("ledger_entries_transaction_idx").on(t.transactionId),
    check(
      "ledger_entries_account_check",
      sql`${t.account} in ('external', 'company', 'user', 'reserved', 'usage')`,
    ),
    check(
      "ledger_entries_user_check",
      sql`(${t.account} in ('user', 'reserved')) = (${t.userId} is not null)`,
    ),
    check("ledger_entries_amount_nonzero", sql`${t.amountCents} <> 0`),
  ],
);

/** Credit held for a scheduled or queued send: captured per accepted message, the rest released. */
export const creditReservations = pgTable(
  "credit_reservations",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    amountCents: cents("amount_cents").notNull(),
    remainingCents: cents("remaining_cents").notNull(),
    reference: varchar("reference", { length: 200 }),
    status: varchar("status", { length: 10 }).notNull().default("open"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
  },
  (t) => [
    index("credit_reservations_user_idx").on(t.userId, t.createdAt),
    check("credit_reservations_remaining_nonneg", sql`${t.remainingCents} >= 0`),
    check("credit_reservations_status_check", sql`${t.status} in ('open', 'released')`),
  ],
);

/**
 * Corporate credit purchases (checkout sessions at the payment provider). A row is made `pending` before the
 * provider's session; the provider's confirmed payment event turns it `paid` exactly once and credits
 * `amount_cents` (this row's amount, never the event's alone) to this row's company. The sandbox checkout's
 * Cancel turns it `cancelled`.
 */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    amountCents: cents("amount_cents").notNull(),
    status: varchar("status", { length: 10 }).notNull().default("pending"),
    provider: varchar("provider", { length: 20 }).notNull(),
    providerSessionId: varchar("provider_session_id", { length: 255 }),
    /** The provider event that confirmed the payment. */
    providerEventId: varchar("provider_event_id", { length: 255 }),
    ledgerTransactionId: uuid("ledger_transaction_id"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    index("payments_company_idx").on(t.companyId, t.createdAt),
    uniqueIndex("payments_provider_session").on(t.provider, t.providerSessionId),
    check("payments_amount_positive", sql`${t.amountCents} > 0`),
    check("payments_status_check", sql`${t.status} in ('pending', 'paid', 'cancelled')`),
  ],
);

/** Payment provider events already handled, by provider and event id: a redelivered event does nothing. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    provider: varchar("provider", { length: 20 }).notNull(),
    eventId: varchar("event_id", { length: 255 }).notNull(),
    type: varchar("type", { length: 100 }).notNull(),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "cascade" }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** A company's customer at a payment provider (created on its first checkout; the billing portal's key). */
export const paymentCustomers = pgTable(
  "payment_customers",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    provider: varchar("provider", { length: 20 }).notNull(),
    customerId: varchar("customer_id", { length: 255 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.provider] })],
);

// ---- Contacts and groups ----

/**
 * The phone book: one row per contact of a company. `mobile` is the E.164 number without '+' (as every
 * number in Herald), unique per company. Lists page by keyset on (company_id, created_at desc, id desc);
 * search uses trigram indexes (pg_trgm) on the lowered name and on the number, led by company_id (btree_gin),
 * so "contains" stays indexed and a small company's search never walks a large company's matches.
 * `attributes` holds an upload's extra columns by header (message variables of broadcasts).
 */
export const contacts = pgTable(
  "contacts",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    mobile: varchar("mobile", { length: 15 }).notNull(),
    name: varchar("name", { length: 255 }).notNull(),
    email: varchar("email", { length: 255 }),
    attributes: jsonb("attributes").$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("contacts_company_mobile_key").on(t.companyId, t.mobile),
    index("contacts_company_keyset_idx").on(t.companyId, t.createdAt.desc(), t.id.desc()),
    index("contacts_name_trgm_idx").using("gin", t.companyId, sql`lower(${t.name}) gin_trgm_ops`),
    index("contacts_mobile_trgm_idx").using("gin", t.companyId, sql`${t.mobile} gin_trgm_ops`),
  ],
);

/**
 * The number of contacts of each company, kept by statement triggers on contacts (migration contact_counts):
 * every insert, import batch, delete and company deletion moves it in the same transaction, so the contact
 * list shows an exact total without counting rows. A company without contacts may have no row (0).
 */
export const contactCounts = pgTable("contact_counts", {
  companyId: uuid("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  contacts: bigint("contacts", { mode: "number" }).notNull().default(0),
});

/**
 * Groups of contacts. Names are unique per company without case; `member_count` is kept by statement
 * triggers on group_members (migration 0006), so lists never count members.
 */
export const contactGroups = pgTable(
  "contact_groups",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 100 }).notNull(),
    memberCount: integer("member_count").notNull().default(0),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("contact_groups_company_name_key").on(t.companyId, sql`lower(${t.name})`),
    index("contact_groups_company_keyset_idx").on(t.companyId, t.createdAt.desc(), t.id.desc()),
    index("contact_groups_name_trgm_idx").using("gin", t.companyId, sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

/** Membership: deleting a group or a contact removes its rows (the contact itself stays when a group goes). */
export const groupMembers = pgTable(
  "group_members",
  {
    groupId: uuid("group_id")
      .notNull()
      .references(() => contactGroups.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.contactId] }),
    index("group_members_contact_idx").on(t.contactId),
    index("group_members_keyset_idx").on(t.groupId, t.createdAt.desc(), t.contactId.desc()),
  ],
);

/**
 * Uploads of contacts (/addContacts, `herald contacts import`) and their progress; the problem rows are in
 * contact_import_issues. A running import refreshes `heartbeat_at`; one whose heartbeat stops is shown as
 * failed (its committed batches stay).
 */
export const contactImports = pgTable(
  "contact_imports",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    fileName: varchar("file_name", { length: 255 }).notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    status: varchar("status", { length: 10 }).notNull().default("queued"),
    dryRun: boolean("dry_run").notNull().default(false),
    /** Rows whose number is already a contact update it (name, e-mail, attributes) instead of being problems. */
    updateExisting: boolean("update_existing").notNull().default(false),
    country: varchar("country", { length: 2 }).notNull().default("SG"),
    groupIds: jsonb("group_ids").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    message: text("message"),
    rowsTotal: integer("rows_total"),
    rowsDone: integer("rows_done").notNull().default(0),
    imported: integer("imported").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    duplicates: integer("duplicates").notNull().default(0),
    invalid: integer("invalid").notNull().default(0),
    cancelRequested: boolean("cancel_requested").notNull().default(false),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("contact_imports_company_idx").on(t.companyId, t.createdAt),
    check(
      "contact_imports_status_check",
      sql`${t.status} in ('queued', 'running', 'done', 'failed', 'cancelled')`,
    ),
  ],
);

/** The problem rows of an import: 1-based data row, the value as written, the name and the reason. */
export const contactImportIssues = pgTable(
  "contact_import_issues",
  {
    importId: uuid("import_id")
      .notNull()
      .references(() => contactImports.id, { onDelete: "cascade" }),
    row: integer("row").notNull(),
    mobile: varchar("mobile", { length: 64 }).notNull(),
    name: varchar("name", { length: 255 }).notNull(),
    issue: varchar("issue", { length: 120 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.row] })],
);

/**
 * Campaigns of a company (campaign/campaign-mgt). Deleting marks `status` deleted and sets `deleted_at`; the
 * row stays listed. Names are unique per company without case among campaigns that are not deleted, so a
 * deleted campaign's name can be used again. Lists filter and order by (company_id, created_at desc, id desc).
 */
export const campaigns = pgTable(
  "campaigns",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 50 }).notNull(),
    description: varchar("description", { length: 255 }),
    status: varchar("status", { length: 16 }).notNull().default("ready"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    check(
      "campaigns_status_check",
      sql`${t.status} in ('ready', 'processing', 'scheduled', 'sent', 'deleted')`,
    ),
    uniqueIndex("campaigns_company_name_key")
      .on(t.companyId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    index("campaigns_company_keyset_idx").on(t.companyId, t.createdAt.desc(), t.id.desc()),
  ],
);

// ---- Message templates (compose step 3, `herald sms send --template`) ----

/** A company's saved message texts; names are unique per company whatever their case. */
export const smsTemplates = pgTable(
  "sms_templates",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 50 }).notNull(),
    content: varchar("content", { length: 1600 }).notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sms_templates_company_name_key").on(t.companyId, sql`lower(${t.name})`),
    check("sms_templates_name_check", sql`btrim(${t.name}) <> ''`),
    check("sms_templates_content_check", sql`btrim(${t.content}) <> ''`),
  ],
);

// ---- SMS and e-mail sending (compose, outbox, scheduled, inbox) ----

/**
 * One submission of the compose wizard (or `herald sms send`): what was asked, how often, and its totals.
 * A recurring send (daily, weekly, monthly) keeps `next_run_at`: when a run fires, the next run's rows are
 * created (and their credit reserved). `first_date` / `first_time` are in `timezone` (the company's).
 * `campaign_id` names a campaign (no foreign key: campaigns live in their own module).
 */
export const smsSends = pgTable(
  "sms_sends",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    campaignId: uuid("campaign_id"),
    channel: varchar("channel", { length: 10 }).notNull(),
    senderId: varchar("sender_id", { length: 50 }),
    subject: varchar("subject", { length: 255 }),
    /** The message as written, placeholders not expanded ({name}, {column}, …). */
    body: text("body").notNull(),
    frequency: varchar("frequency", { length: 10 }).notNull(),
    /** yyyy-mm-dd and HH:mm in `timezone` (null for 'now'). */
    firstDate: varchar("first_date", { length: 10 }),
    firstTime: varchar("first_time", { length: 5 }),
    timezone: varchar("timezone", { length: 64 }).notNull().default("Asia/Singapore"),
    /** The next run of a recurring send whose rows are not created yet (null when none). */
    nextRunAt: timestamp("next_run_at", { withTimezone: true }),
    /** Recipients of a recurring send, resolved once (for the next runs). */
    plan: jsonb("plan"),
    status: varchar("status", { length: 10 }).notNull().default("queued"),
    recipients: integer("recipients").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    segments: integer("segments").notNull().default(0),
    costCents: cents("cost_cents").notNull().default(0),
    idempotencyKey: varchar("idempotency_key", { length: 200 }),
    createdAt: createdAt(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    index("sms_sends_company_idx").on(t.companyId, t.createdAt),
    index("sms_sends_campaign_idx").on(t.companyId, t.campaignId).where(sql`${t.campaignId} is not null`),
    index("sms_sends_next_run_idx").on(t.nextRunAt).where(sql`${t.nextRunAt} is not null`),
    uniqueIndex("sms_sends_idempotency_key")
      .on(t.companyId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check("sms_sends_channel_check", sql`${t.channel} in ('sms', 'email', 'whatsapp', 'telegram')`),
    check("sms_sends_frequency_check", sql`${t.frequency} in ('now', 'once', 'daily', 'weekly', 'monthly')`),
    check("sms_sends_status_check", sql`${t.status} in ('queued', 'scheduled', 'sent', 'cancelled')`),
  ],
);

/**
 * The outbox and the scheduled messages: one row per recipient per run of a send. Life of a row:
 * scheduled -> queued (its time came) -> submitting (a worker holds it) -> accepted (the gateway took it,
 * charged) -> delivered | failed (receipt); or rejected (the gateway refused it: not billable, released),
 * skipped (never sent), cancelled (a scheduled row deleted: released). `idempotency_key` is unique per
 * company and is what the gateway receives as reference on every attempt. `text` is the expanded message.
 */
export const smsMessages = pgTable(
  "sms_messages",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    sendId: uuid("send_id")
      .notNull()
      .references(() => smsSends.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    campaignId: uuid("campaign_id"),
    channel: varchar("channel", { length: 10 }).notNull(),
    /** The caller id (SMS sender ID) or the e-mail subject's sender. */
    senderId: varchar("sender_id", { length: 50 }),
    subject: varchar("subject", { length: 255 }),
    /** E.164 digits without '+' (SMS) or an e-mail address. */
    recipient: varchar("recipient", { length: 254 }).notNull(),
    recipientName: varchar("recipient_name", { length: 255 }),
    text: text("text").notNull(),
    encoding: varchar("encoding", { length: 10 }).notNull().default("GSM-7"),
    segments: integer("segments").notNull().default(1),
    costCents: cents("cost_cents").notNull().default(0),
    status: varchar("status", { length: 12 }).notNull(),
    billable: boolean("billable").notNull().default(true),
    /** The last delivery report's status as the gateway named it (delivered, failed, expired, …). */
    deliveredSt: text("delivered_st"),
    provider: varchar("provider", { length: 20 }),
    providerMessageId: varchar("provider_message_id", { length: 255 }),
    /** Every part's id (SMPP answers per part; receipts may name any of them). */
    partIds: text("part_ids").array(),
    idempotencyKey: varchar("idempotency_key", { length: 200 }).notNull(),
    reservationId: uuid("reservation_id"),
    /**
     * WhatsApp and Telegram rows: the company channel they go through. Such a row's message in the subscriber's
     * chat room (chat_messages) has the row's id.
     */
    channelId: uuid("channel_id"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    /** When a worker took the row ('submitting'): a row held past the timeout is taken again. */
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    /** Do not submit before this instant (scheduled time, or a throttled retry). */
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("sms_messages_idempotency_key").on(t.companyId, t.idempotencyKey),
    index("sms_messages_company_keyset_idx").on(t.companyId, t.createdAt.desc(), t.id.desc()),
    index("sms_messages_user_idx").on(t.companyId, t.userId, t.createdAt.desc()),
    index("sms_messages_status_idx").on(t.companyId, t.status, t.scheduledAt),
    /** A send's rows by state: "is any row of this send still pending?" after every worker batch. */
    index("sms_messages_send_idx").on(t.sendId, t.status),
    // The rows still to send of a send or a reservation (settle.ts), whatever the size of the send.
    index("sms_messages_pending_send_idx")
      .on(t.sendId)
      .where(sql`${t.status} in ('scheduled', 'queued', 'submitting')`),
    index("sms_messages_pending_reservation_idx")
      .on(t.reservationId)
      .where(sql`${t.status} in ('scheduled', 'queued', 'submitting')`),
    // The reports' search (text, sender ID, number) within a company.
    index("outbox_search").using(
      "gin",
      t.companyId,
      sql`lower(${t.text}) gin_trgm_ops`,
      sql`lower(coalesce(${t.senderId}, '')) gin_trgm_ops`,
      sql`${t.recipient} gin_trgm_ops`,
    ),
    index("sms_messages_due_idx")
      .on(t.scheduledAt)
      .where(sql`${t.status} in ('scheduled', 'queued', 'submitting')`),
    index("sms_messages_provider_id_idx")
      .on(t.provider, t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    index("sms_messages_part_ids_idx").using("gin", t.partIds),
    // Messages a company sent in a period (the operator's "messages this month"): counted from the index alone.
    index("sms_messages_submitted_idx")
      .on(t.companyId, t.submittedAt)
      .where(sql`${t.submittedAt} is not null`),
    check(
      "sms_messages_status_check",
      sql`${t.status} in ('scheduled', 'queued', 'submitting', 'accepted', 'delivered', 'failed', 'rejected', 'skipped', 'cancelled')`,
    ),
    check("sms_messages_channel_check", sql`${t.channel} in ('sms', 'email', 'whatsapp', 'telegram')`),
    check(
      "sms_messages_chat_channel_check",
      sql`(${t.channel} in ('whatsapp', 'telegram')) = (${t.channelId} is not null)`,
    ),
  ],
);

/**
 * Inbound SMS (mobile-originated): the inbox. `receiver_user_id` set makes it private to that user (a reply
 * to the user's own sender ID); null shows it to the company. Unique per provider and provider event.
 */
export const smsInbox = pgTable(
  "sms_inbox",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    fromNumber: varchar("from_number", { length: 32 }).notNull(),
    toAddress: varchar("to_address", { length: 64 }).notNull(),
    text: text("text").notNull(),
    receiverUserId: uuid("receiver_user_id").references(() => users.id, { onDelete: "set null" }),
    provider: varchar("provider", { length: 20 }).notNull(),
    providerMessageId: varchar("provider_message_id", { length: 255 }).notNull(),
    keywordId: uuid("keyword_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("sms_inbox_provider_key").on(t.provider, t.providerMessageId),
    index("sms_inbox_company_keyset_idx").on(t.companyId, t.createdAt.desc(), t.id.desc()),
    index("sms_inbox_receiver_idx").on(t.companyId, t.receiverUserId, t.createdAt.desc()),
  ],
);

/** SMS gateway events already handled (delivery reports, inbound), by provider and event id. */
export const smsWebhookEvents = pgTable(
  "sms_webhook_events",
  {
    provider: varchar("provider", { length: 20 }).notNull(),
    eventId: varchar("event_id", { length: 255 }).notNull(),
    kind: varchar("kind", { length: 10 }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * Delivery receipts that arrived before the answer to their message's submission was recorded (a gateway may
 * report delivery within milliseconds, while the worker writes its window's answers together): kept here after
 * a few seconds of waiting, and applied when the message's acceptance is recorded (modules/sms/deliver.ts).
 * Kept a day at most.
 */
export const smsEarlyReceipts = pgTable(
  "sms_early_receipts",
  {
    provider: varchar("provider", { length: 20 }).notNull(),
    eventId: varchar("event_id", { length: 255 }).notNull(),
    providerMessageId: varchar("provider_message_id", { length: 255 }).notNull(),
    event: jsonb("event").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.eventId] }),
    index("sms_early_receipts_message_idx").on(t.provider, t.providerMessageId),
    index("sms_early_receipts_received_idx").on(t.receivedAt),
  ],
);

/**
 * Recipient files of the compose wizard (POST /sms/recipients-file), parsed on upload and kept for a day:
 * the header's columns and the rows as text cells (the first column the mobile number or e-mail).
 */
export const smsRecipientFiles = pgTable(
  "sms_recipient_files",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fileName: varchar("file_name", { length: 255 }).notNull(),
    content: varchar("content", { length: 30 }).notNull(),
    columns: jsonb("columns").$type<string[]>().notNull(),
    rows: jsonb("rows").$type<string[][]>().notNull(),
    rowCount: integer("row_count").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sms_recipient_files_company_idx").on(t.companyId, t.createdAt)],
);

/**
 * Per-provider send rate across every worker: messages taken in the current one-second slot. A worker takes
 * tokens with one conditional upsert (see modules/sms/rate.ts); the row is reset when the second changes.
 */
export const smsRateSlots = pgTable("sms_rate_slots", {
  provider: varchar("provider", { length: 20 }).primaryKey(),
  slot: bigint("slot", { mode: "number" }).notNull(),
  used: integer("used").notNull(),
});

// ---- Social channels and the shared chat inbox (issue 12) ----

/** The 13 social channel types, written as the specification writes them. */
export const CHANNEL_TYPES = [
  "LINE",
  "FACEBOOK MESSENGER",
  "TELEGRAM",
  "SLACK",
  "WECHAT",
  "MICROSOFT TEAMS",
  "WHATSAPP",
  "WEBEX TEAMS",
  "WECOM",
  "LINE NOTIFY",
  "VIBER",
  "INSTAGRAM",
  "LARK",
] as const;
const channelTypeList = sql.raw(CHANNEL_TYPES.map((t) => `'${t}'`).join(", "));

/**
 * A company's social channel. `driver` is 'sandbox' (no provider account: messages stay here and a person plays
 * the subscriber at /_sandbox) or 'provider' (the type's real connector). `credentials` is the provider secrets
 * as JSON, encrypted with AES-256-GCM (modules/channels/credentials.ts); it never leaves the server. Deleted
 * channels keep their rows (`deleted_at`) so chat history stays readable. `connect_token_id` is the id of the
 * connect link that created the channel: a link creates at most one channel.
 */
export const channels = pgTable(
  "channels",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    channelType: varchar("channel_type", { length: 20 }).notNull(),
    driver: varchar("driver", { length: 10 }).notNull().default("sandbox"),
    name: varchar("name", { length: 100 }).notNull(),
    credentials: text("credentials"),
    connectTokenId: uuid("connect_token_id"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("channels_company_idx").on(t.companyId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex("channels_connect_token_key")
      .on(t.connectTokenId)
      .where(sql`${t.connectTokenId} is not null`),
    check("channels_type_check", sql`${t.channelType} in (${channelTypeList})`),
    check("channels_driver_check", sql`${t.driver} in ('sandbox', 'provider')`),
  ],
);

/** Which departments handle a channel: their users see the channel's rooms. */
export const channelDepartments = pgTable(
  "channel_departments",
  {
    channelId: uuid("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    departmentId: uuid("department_id")
      .notNull()
      .references(() => departments.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.departmentId] }),
    index("channel_departments_dept_idx").on(t.departmentId),
  ],
);

/** A person writing in on a channel, identified by the provider's user id (`platform_id`) on that channel. */
export const subscribers = pgTable(
  "subscribers",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    channelId: uuid("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    platformId: varchar("platform_id", { length: 255 }).notNull(),
    name: varchar("name", { length: 255 }).notNull(),
    mobile: varchar("mobile", { length: 32 }),
    /** What the provider tells about the person (avatar URL, locale, username, ...). */
    profile: jsonb("profile").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscribers_channel_platform_key").on(t.channelId, t.platformId),
    index("subscribers_company_idx").on(t.companyId),
  ],
);

/**
 * One chat room per subscriber (so per subscriber and channel); its id is the subscriber's id. Status follows
 * the specification's state machine (open, assigned, in-progress, closed). `last_message_at` has millisecond
 * precision (set from the application) so that the list's cursor (`lastSeenCreatedAt`, an ISO string) matches
 * it exactly. `last_inbound_at` opens the 24-hour window of channels that have one.
 */
export const chatRooms = pgTable(
  "chat_rooms",
  {
    subscriberId: uuid("subscriber_id")
      .primaryKey()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    channelId: uuid("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    status: varchar("status", { length: 12 }).notNull().default("open"),
    agentId: uuid("agent_id").references(() => users.id, { onDelete: "set null" }),
    unreadCount: integer("unread_count").notNull().default(0),
    /** The room's messages, kept by statement triggers on chat_messages (the message page's total). */
    messageCount: integer("message_count").notNull().default(0),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true, precision: 3 }).notNull(),
    lastMessageText: text("last_message_text"),
    lastInboundAt: timestamp("last_inbound_at", { withTimezone: true, precision: 3 }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("chat_rooms_company_keyset_idx").on(t.companyId, t.lastMessageAt.desc(), t.subscriberId.desc()),
    index("chat_rooms_channel_keyset_idx").on(t.channelId, t.lastMessageAt.desc(), t.subscriberId.desc()),
    index("chat_rooms_agent_idx")
      .on(t.companyId, t.agentId)
      .where(sql`${t.status} in ('assigned', 'in-progress')`),
    check("chat_rooms_status_check", sql`${t.status} in ('open', 'assigned', 'in-progress', 'closed')`),
    check("chat_rooms_unread_nonneg", sql`${t.unreadCount} >= 0`),
  ],
);

/**
 * How many rooms each channel has, kept by statement triggers on chat_rooms: the room list's total is the sum
 * over the channels the caller sees (a few rows), not a count of every visible room on each 1.5 s poll.
 */
export const chatRoomCounts = pgTable("chat_room_counts", {
  channelId: uuid("channel_id")
    .primaryKey()
    .references(() => channels.id, { onDelete: "cascade" }),
  rooms: integer("rooms").notNull().default(0),
});

/**
 * Messages of a room: 'inbox' from the subscriber, 'outbox' to them. `provider_message_id` is unique per
 * channel (inbound dedupe; receipts find our sent messages by it). `message_status` (outbox): no (not sent yet),
 * yes (the provider took it), failed. `delivery_status` moves only forward: sent -> delivered -> read; failed.
 * `attachments` holds the Attachment objects as shown (id, type, mime, url, name).
 */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    channelId: uuid("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    type: varchar("type", { length: 6 }).notNull(),
    text: text("text"),
    attachments: jsonb("attachments").$type<unknown[]>().notNull().default([]),
    providerMessageId: varchar("provider_message_id", { length: 255 }),
    messageStatus: varchar("message_status", { length: 6 }),
    deliveryStatus: varchar("delivery_status", { length: 10 }),
    remark: text("remark"),
    sentBy: uuid("sent_by").references(() => users.id, { onDelete: "set null" }),
    costCents: cents("cost_cents").notNull().default(0),
    whatsappListMessage: jsonb("whatsapp_list_message"),
    whatsappTemplateComponents: jsonb("whatsapp_template_components"),
    whatsappTemplateVariables: jsonb("whatsapp_template_variables"),
    whatsappTemplateMetadata: jsonb("whatsapp_template_metadata"),
    /** Inbound: when an agent saw it (set-read-all). */
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("chat_messages_room_keyset_idx").on(t.subscriberId, t.createdAt.desc(), t.id.desc()),
    // A room's unread inbound messages (set-read-all marks and recounts them without reading the others).
    index("chat_messages_unread_idx")
      .on(t.subscriberId, t.createdAt, t.id)
      .where(sql`${t.type} = 'inbox' and ${t.readAt} is null`),
    uniqueIndex("chat_messages_provider_id_key")
      .on(t.channelId, t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    check("chat_messages_type_check", sql`${t.type} in ('inbox', 'outbox')`),
    check("chat_messages_status_check", sql`${t.messageStatus} in ('no', 'yes', 'failed')`),
    check(
      "chat_messages_delivery_check",
      sql`${t.deliveryStatus} in ('sent', 'delivered', 'read', 'failed')`,
    ),
  ],
);

/** A room's status changes, with the names as they were (Open ticket, Assigned to X by Y, ...). */
export const chatRoomStatusLogs = pgTable(
  "chat_room_status_logs",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    status: varchar("status", { length: 12 }).notNull(),
    assignById: uuid("assign_by_id").references(() => users.id, { onDelete: "set null" }),
    assignBy: varchar("assign_by", { length: 255 }),
    assignToId: uuid("assign_to_id").references(() => users.id, { onDelete: "set null" }),
    assignTo: varchar("assign_to", { length: 255 }),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("chat_room_status_logs_room_idx").on(t.subscriberId, t.createdAt),
    check(
      "chat_room_status_logs_status_check",
      sql`${t.status} in ('open', 're-opened', 'unassigned', 'assigned', 'in-progress', 'closed')`,
    ),
  ],
);

/** Channel webhook events already handled (messages and receipts), by channel and provider event id. */
export const channelWebhookEvents = pgTable(
  "channel_webhook_events",
  {
    channelId: uuid("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    eventId: varchar("event_id", { length: 255 }).notNull(),
    kind: varchar("kind", { length: 10 }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.eventId] })],
);

/**
 * Verified provider webhook requests waiting for (or done by) the `chat.inbound` job (modules/chat/inbound-job.ts):
 * the raw body as received, once per channel and set of provider event ids (`dedupe_key`, a hash of them), so a
 * redelivered request is answered as a duplicate and not queued again. `pending` until the job has stored its
 * messages and receipts (`done`); `dropped` when it can never be processed (unreadable, channel deleted) and
 * `failed` when every retry failed, with the reason in `error`.
 */
export const channelInboundEvents = pgTable(
  "channel_inbound_events",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    channelId: uuid("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    dedupeKey: varchar("dedupe_key", { length: 64 }).notNull(),
    rawBody: text("raw_body").notNull(),
    status: varchar("status", { length: 8 }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("channel_inbound_events_dedupe_key").on(t.channelId, t.dedupeKey),
    index("channel_inbound_events_done_idx").on(t.receivedAt).where(sql`${t.status} = 'done'`),
    check(
      "channel_inbound_events_status_check",
      sql`${t.status} in ('pending', 'done', 'dropped', 'failed')`,
    ),
  ],
);

/** WhatsApp message templates of a channel, as the last sync found them. */
export const whatsappTemplates = pgTable(
  "whatsapp_templates",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    channelId: uuid("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 512 }).notNull(),
    language: varchar("language", { length: 20 }).notNull(),
    status: varchar("status", { length: 20 }).notNull().default("APPROVED"),
    category: varchar("category", { length: 30 }),
    components: jsonb("components").$type<unknown[]>().notNull(),
    syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("whatsapp_templates_channel_key").on(t.channelId, t.name, t.language)],
);

/** Uploaded files (chat files, broadcast attachments, template header media). */
export const attachments = pgTable(
  "attachments",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    kind: varchar("kind", { length: 6 }).notNull(),
    mime: varchar("mime", { length: 255 }).notNull(),
    name: varchar("name", { length: 255 }).notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    /** Where the bytes are (local disk path under the data dir, or an object key). */
    storageKey: text("storage_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("attachments_company_idx").on(t.companyId, t.createdAt),
    check("attachments_kind_check", sql`${t.kind} in ('image', 'video', 'audio', 'other')`),
  ],
);

/**
 * The company's chatbot forwarding switch (/getForwardingStatus, /updateForwardingStatus) and where forwarded
 * messages go. `webhook_secret` is encrypted like channel credentials.
 */
export const botForwarding = pgTable("bot_forwarding", {
  companyId: uuid("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  webhookUrl: text("webhook_url"),
  webhookSecret: text("webhook_secret"),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---- Social broadcasts (apps/social-broadcast, modules/broadcasts) ----

/**
 * A broadcast: its content (live text/attachment or a WhatsApp template) and its progress. Life: queued (waiting
 * for recipients or the worker) -> running -> done; paused <-> running; cancelled (what was not sent stays unsent).
 * Counts are kept by the worker; delivery statuses are read from the recipients' chat messages.
 */
export const broadcasts = pgTable(
  "broadcasts",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 50 }).notNull(),
    description: varchar("description", { length: 255 }),
    campaignId: uuid("campaign_id").references(() => campaigns.id, { onDelete: "cascade" }),
    channelId: uuid("channel_id").references(() => channels.id, { onDelete: "set null" }),
    type: varchar("type", { length: 8 }).notNull(),
    method: varchar("method", { length: 8 }).notNull(),
    text: text("text"),
    attachmentId: uuid("attachment_id").references(() => attachments.id, { onDelete: "set null" }),
    templateName: varchar("template_name", { length: 512 }),
    templateLanguage: varchar("template_language", { length: 16 }),
    /** { header: string[], body: string[] } as composed (body variables may be overridden per recipient). */
    templateVariables: jsonb("template_variables"),
    templateComponents: jsonb("template_components"),
    /** { name, language, headerMedia } as the chat's template messages carry it. */
    templateMetadata: jsonb("template_metadata"),
    metadata: jsonb("metadata"),
    status: varchar("status", { length: 10 }).notNull().default("queued"),
    total: integer("total").notNull().default(0),
    ready: integer("ready").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    sent: integer("sent").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    priceCents: cents("price_cents").notNull().default(0),
    reservationId: uuid("reservation_id"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("broadcasts_company_name_key").on(t.companyId, sql`lower(${t.name})`),
    index("broadcasts_company_keyset_idx").on(t.companyId, t.createdAt.desc(), t.id.desc()),
    index("broadcasts_campaign_idx").on(t.companyId, t.campaignId).where(sql`${t.campaignId} is not null`),
    check("broadcasts_type_check", sql`${t.type} in ('live', 'template')`),
    check("broadcasts_method_check", sql`${t.method} in ('contacts', 'groups', 'file')`),
    check(
      "broadcasts_status_check",
      sql`${t.status} in ('queued', 'running', 'paused', 'cancelled', 'done')`,
    ),
  ],
);

/**
 * One recipient of a broadcast. `readiness` is decided at submit (READY, INVALID PHONE NUMBER, MISSING VALUE,
 * DUPLICATED); only READY rows are sent. Status: pending -> sending (a worker holds it) -> sent | failed;
 * skipped (not READY, or suppressed); cancelled. The delivery status (sent/delivered/read/failed from receipts)
 * is the chat message's (`chat_message_id`). `idempotency_key` is what the driver receives.
 */
export const broadcastRecipients = pgTable(
  "broadcast_recipients",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    broadcastId: uuid("broadcast_id")
      .notNull()
      .references(() => broadcasts.id, { onDelete: "cascade" }),
    row: integer("row").notNull(),
    mobile: varchar("mobile", { length: 64 }).notNull(),
    name: varchar("name", { length: 255 }).notNull().default(""),
    subscriberId: uuid("subscriber_id"),
    variables: jsonb("variables"),
    readiness: varchar("readiness", { length: 24 }).notNull(),
    status: varchar("status", { length: 10 }).notNull().default("pending"),
    providerMessageId: varchar("provider_message_id", { length: 255 }),
    remark: text("remark"),
    idempotencyKey: varchar("idempotency_key", { length: 200 }).notNull(),
    chatMessageId: uuid("chat_message_id"),
    /** Sends that did not reach the provider (throttled or unreachable); the row fails after the worker's limit. */
    attempts: integer("attempts").notNull().default(0),
    /** When a worker claimed the row (a row held past the claim timeout by a dead worker is claimed again). */
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    /** When the receipts said delivered and read (the recipients export's times). */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("broadcast_recipients_idempotency_key").on(t.companyId, t.idempotencyKey),
    index("broadcast_recipients_broadcast_idx").on(t.broadcastId, t.row),
    // The rows a worker may claim (pending, or held by a worker), in row order: claims and cancel read only these.
    index("broadcast_recipients_due_idx")
      .on(t.broadcastId, t.row)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index("broadcast_recipients_chat_message_idx")
      .on(t.chatMessageId)
      .where(sql`${t.chatMessageId} is not null`),
    check(
      "broadcast_recipients_readiness_check",
      sql`${t.readiness} in ('READY', 'INVALID PHONE NUMBER', 'MISSING VALUE', 'DUPLICATED')`,
    ),
    check(
      "broadcast_recipients_status_check",
      sql`${t.status} in ('pending', 'sending', 'sent', 'failed', 'skipped', 'cancelled')`,
    ),
  ],
);

// ---- The operator (the vendor running the service), the sender ID registry, inbound numbers, audit log ----

/** Platform operators: not users of any company. Two-factor (an e-mailed code) is always on. */
export const operators = pgTable(
  "operators",
  {
    id: id(),
    email: varchar("email", { length: 254 }).notNull(),
    name: varchar("name", { length: 100 }).notNull().default(""),
    /** Null until the operator sets a password from the one-time link. */
    passwordHash: text("password_hash"),
    status: varchar("status", { length: 10 }).notNull().default("invited"),
    createdAt: createdAt(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("operators_email_lower_key").on(sql`lower(${t.email})`),
    check("operators_status_check", sql`${t.status} in ('invited', 'active', 'disabled')`),
  ],
);

/**
 * Operators' one-time links ('activate'), sign-in challenges ('preauth', holding the e-mailed code's hash and
 * tries) and sessions ('access'). Tokens are stored hashed; a session is revoked by setting revoked_at.
 */
export const operatorSessions = pgTable(
  "operator_sessions",
  {
    id: id(),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 10 }).notNull(),
    tokenHash: varchar("token_hash", { length: 64 }),
    codeHash: varchar("code_hash", { length: 64 }),
    attempts: integer("attempts").notNull().default(0),
    ip: varchar("ip", { length: 64 }),
    userAgent: varchar("user_agent", { length: 300 }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("operator_sessions_operator_idx").on(t.operatorId),
    uniqueIndex("operator_sessions_token_key").on(t.tokenHash).where(sql`${t.tokenHash} is not null`),
    check("operator_sessions_kind_check", sql`${t.kind} in ('activate', 'preauth', 'access')`),
  ],
);

/** A company's state as the operator set it; a suspended company's users cannot sign in and its sends wait. */
export const companyStatus = pgTable(
  "company_status",
  {
    companyId: uuid("company_id")
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    status: varchar("status", { length: 10 }).notNull().default("active"),
    reason: text("reason"),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
    changedBy: uuid("changed_by").references(() => operators.id, { onDelete: "set null" }),
  },
  (t) => [check("company_status_check", sql`${t.status} in ('active', 'suspended')`)],
);

/** Per-company prices overriding the service's defaults, in cents per SMS segment, e-mail or social message. */
export const companyPrices = pgTable(
  "company_prices",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    channel: varchar("channel", { length: 20 }).notNull(),
    priceCents: integer("price_cents").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.channel] }),
    check("company_prices_nonneg", sql`${t.priceCents} >= 0`),
  ],
);

/** Corporate top-up requests (Top Up, type 1): a queue the operator answers by a grant or a decline. */
export const topupRequests = pgTable(
  "topup_requests",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    requesterLabel: varchar("requester_label", { length: 400 }).notNull(),
    amountCents: cents("amount_cents"),
    note: text("note"),
    status: varchar("status", { length: 10 }).notNull().default("open"),
    grantedCents: cents("granted_cents"),
    answer: text("answer"),
    answeredBy: uuid("answered_by").references(() => operators.id, { onDelete: "set null" }),
    ledgerTransactionId: uuid("ledger_transaction_id"),
    createdAt: createdAt(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    index("topup_requests_company_idx").on(t.companyId, t.createdAt),
    index("topup_requests_status_idx").on(t.status, t.createdAt),
    check("topup_requests_status_check", sql`${t.status} in ('open', 'granted', 'declined')`),
  ],
);

/**
 * The sender ID registry: IDs a company asked for and the operator's decision. An approved ID belongs to exactly
 * one company (unique without regard to case among approved IDs); users send only with their company's approved
 * IDs.
 */
export const senderIds = pgTable(
  "sender_ids",
  {
    id: id(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    senderId: varchar("sender_id", { length: 16 }).notNull(),
    kind: varchar("kind", { length: 12 }).notNull(),
    purpose: text("purpose").notNull(),
    status: varchar("status", { length: 10 }).notNull().default("requested"),
    reason: text("reason"),
    ssirRegistered: boolean("ssir_registered").notNull().default(false),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    requesterLabel: varchar("requester_label", { length: 400 }).notNull().default(""),
    decidedBy: uuid("decided_by").references(() => operators.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("sender_ids_approved_key").on(sql`lower(${t.senderId})`).where(sql`${t.status} = 'approved'`),
    uniqueIndex("sender_ids_company_open_key")
      .on(t.companyId, sql`lower(${t.senderId})`)
      .where(sql`${t.status} in ('requested', 'approved')`),
    index("sender_ids_status_idx").on(t.status, t.createdAt),
    check("sender_ids_kind_check", sql`${t.kind} in ('alphanumeric', 'number')`),
    check(
      "sender_ids_status_check",
      sql`${t.status} in ('requested', 'approved', 'rejected', 'revoked', 'withdrawn')`,
    ),
  ],
);

/** Numbers Herald receives SMS on (long numbers, short codes), as the operator set them up. */
export const inboundNumbers = pgTable(
  "inbound_numbers",
  {
    id: id(),
    /** Digits only (E.164 without '+', or the short code). */
    number: varchar("number", { length: 20 }).notNull(),
    kind: varchar("kind", { length: 5 }).notNull(),
    shared: boolean("shared").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("inbound_numbers_number_key").on(t.number),
    check("inbound_numbers_kind_check", sql`${t.kind} in ('long', 'short')`),
  ],
);

/** Who owns an inbound number: one company without keyword (exclusive), or companies each with a keyword (shared). */
export const inboundNumberOwners = pgTable(
  "inbound_number_owners",
  {
    numberId: uuid("number_id")
      .notNull()
      .references(() => inboundNumbers.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    keyword: varchar("keyword", { length: 50 }),
  },
  (t) => [
    primaryKey({ columns: [t.numberId, t.companyId] }),
    uniqueIndex("inbound_number_owners_keyword_key")
      .on(t.numberId, sql`lower(${t.keyword})`)
      .where(sql`${t.keyword} is not null`),
    index("inbound_number_owners_company_idx").on(t.companyId),
  ],
);

/** Inbound SMS that no company owns: kept for the operator, never given to a company. */
export const unroutedInbound = pgTable(
  "unrouted_inbound",
  {
    id: id(),
    provider: varchar("provider", { length: 40 }).notNull(),
    providerMessageId: varchar("provider_message_id", { length: 200 }),
    fromNumber: varchar("from_number", { length: 32 }).notNull(),
    toAddress: varchar("to_address", { length: 64 }).notNull(),
    text: text("text").notNull(),
    reason: varchar("reason", { length: 20 }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("unrouted_inbound_received_idx").on(t.receivedAt, t.id)],
);

/**
 * The audit log: who (a user, an operator, an API key or the system, with address), what (action and target,
 * settings, permissions and money before and after) and when. Append-only (a trigger refuses UPDATE and DELETE);
 * company_id is kept without a foreign key so a company's history outlives the company.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    companyId: uuid("company_id"),
    actorType: varchar("actor_type", { length: 10 }).notNull(),
    actorId: uuid("actor_id"),
    actorLabel: varchar("actor_label", { length: 400 }).notNull(),
    actorIp: varchar("actor_ip", { length: 64 }),
    action: varchar("action", { length: 60 }).notNull(),
    targetType: varchar("target_type", { length: 30 }),
    targetId: varchar("target_id", { length: 64 }),
    targetLabel: varchar("target_label", { length: 400 }),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_company_idx").on(t.companyId, t.createdAt, t.id),
    index("audit_log_created_idx").on(t.createdAt, t.id),
    check("audit_log_actor_type_check", sql`${t.actorType} in ('user', 'operator', 'system', 'api')`),
  ],
);
