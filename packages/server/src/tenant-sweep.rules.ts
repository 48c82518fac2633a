/**
 * The tenant sweep's classification of every operation of openapi.yaml (tenant-sweep.test.ts reads it): who may
 * call it, and what its id-like fields name. The sweep fails for an operation that is in none of the tables, so a
 * new operation is classified the day it is added: company operations (bearerAuth) in AUTHENTICATED, the
 * operator's (paths under /operator/, tag Operator, security operatorAuth) in OPERATOR, calls without a session
 * in PUBLIC.
 *
 * Where the rules come from: the services' first lines (`assertAdmin`, role checks, `assertChangeable`,
 * `requireOperator`), the specification (/work/shared/spec: "Roles and permissions" of both documents) and
 * spec/calls.tsv.
 */

/** What an id-like field (or a name used as an id) of a request points at: one seeded row of each kind. */
export type Kind =
  | "company"
  | "user"
  | "department"
  | "keyword"
  | "mobileSub"
  | "mobileUpload"
  | "contact"
  | "group"
  | "campaign"
  | "smsTemplate"
  | "inboxSms"
  | "outboxSms"
  | "scheduledSms"
  | "smsFile"
  | "contactImport"
  | "channel"
  | "connectToken"
  | "room"
  | "chatMessage"
  | "attachment"
  | "broadcast"
  | "broadcastName"
  | "notification"
  // names and numbers a company chooses (checked by the names test: another company's are no different)
  | "departmentName"
  | "keywordText"
  | "groupName"
  | "campaignName"
  | "templateName"
  | "contactNumber"
  | "listedNumber"
  | "channelName"
  | "senderId"
  // the sender ID registry, inbound numbers and top-up requests (answered by the operator)
  /** A sender ID record of the registry (an approved one). */
  | "senderIdRecord"
  /** A sender ID record the operator has not answered yet (the company's own request). */
  | "senderIdRequest"
  /** The text of a sender ID the company asked for and the operator has not answered yet. */
  | "requestedSenderId"
  | "inboundNumber"
  /** The digits of the inbound number the operator assigned to the company. */
  | "ownedNumber"
  | "topupRequest";

/**
 * Who may call an operation, from the lowest role up (the vertical sweep calls it as every role of the victim
 * company below the rule, with the victim's ids, and expects a refusal):
 * - member: any signed-in user of the company, on the company's data;
 * - self: acts on the caller's own user only (a user id in the request is ignored);
 * - self-or-admin: the caller's own record, another user's only for admins;
 * - own-or-admin: rows the caller sent or received; every row of the company for admins (lists answer the
 *   caller's own rows: a lower role's list must not show the owner's);
 * - creator-or-admin: the resource's creator, or an admin;
 * - assignee: while a room is assigned, only its assigned agent may write in it;
 * - supervisor: supervisors and admins (agents only for themselves, if at all);
 * - admin: admins only;
 * - admin-not-owner: admins only, and never on the owner (nor on themselves);
 * - owner: the owner only;
 * - operator: the platform's operator only (OPERATOR), never a company user.
 */
export type Rule =
  | "member"
  | "self"
  | "self-or-admin"
  | "own-or-admin"
  | "creator-or-admin"
  | "assignee"
  | "supervisor"
  | "admin"
  | "admin-not-owner"
  | "owner"
  | "operator";

/** A variant's value that leaves the field out of the request. */
export const OMIT = Symbol("omit");

export interface Variant {
  /** What the variant is (shown in failures). */
  label: string;
  /** Values set on the generated request, by dotted path ("body.insertType", "query.report"). */
  set?: Record<string, unknown>;
  /** Kinds of id-like fields for this variant (by field name). */
  ids?: Record<string, Kind>;
  /** Which branch of a oneOf/anyOf the body takes (default 0). */
  branch?: number;
}

export interface OperationRule {
  rule: Rule;
  /** What `id`, `ids`, `selectedRows` and `lastSeenId` name. */
  subject?: Kind;
  /** Kinds of this operation's id-like fields by field name (over the common names in FIELD_KINDS). */
  ids?: Record<string, Kind>;
  /**
   * The contract's refusal when the request names rows the caller's company does not have, where that is not
   * 403/404 (e.g. a form field's validation message). Accepted only with exactly this status and message, and
   * only when made-up ids get the same answer.
   */
  invalid?: { status: number; message: string; why: string };
  /**
   * Fields that take a name or number the company chooses (by field name): the names test gives them the
   * victim's values, which must be answered as any other value (no "already exists" across companies).
   */
  names?: Record<string, Kind>;
  /** A lower role may call it on itself (e.g. an agent assigning a room to themselves). */
  selfAllowed?: boolean;
  /**
   * Reads or writes the rooms of a channel: users outside the channel's departments (admins excepted) must get
   * nothing of them (404, or a list without them).
   */
  channelScoped?: boolean;
  /**
   * Admins may call it, but an admin who is not the owner is refused it on the owner (the vertical sweep also
   * calls it as A's admin naming A's owner).
   */
  ownerProtected?: boolean;
  /** Requests to make instead of the one generated request (each as every role). */
  variants?: Variant[];
  note?: string;
}

/** Common id-like field names; a dotted suffix ("fileInfo.fileId") wins over the bare name. */
export const FIELD_KINDS: Record<string, Kind> = {
  userId: "user",
  currentUserId: "user",
  agentId: "user",
  currentAgent: "user",
  userIds: "user",
  subscriberId: "room",
  roomId: "room",
  subscribers: "room",
  channelId: "channel",
  campaignId: "campaign",
  groupId: "group",
  groupIds: "group",
  selectedGroup: "group",
  contactIds: "contact",
  departmentIds: "department",
  dept: "department",
  notificationIds: "notification",
  broadcastId: "broadcast",
  attachmentId: "attachment",
  inboxId: "chatMessage",
  companyId: "company",
  "fileInfo.fileId": "mobileUpload",
  "recipients.fileId": "smsFile",
};

/** Field names that take the operation's subject. */
export const SUBJECT_FIELDS = new Set(["id", "ids", "selectedRows", "lastSeenId"]);

const admin = (subject?: Kind, more: Partial<OperationRule> = {}): OperationRule => ({
  rule: "admin",
  ...(subject ? { subject } : {}),
  ...more,
});
const member = (subject?: Kind, more: Partial<OperationRule> = {}): OperationRule => ({
  rule: "member",
  ...(subject ? { subject } : {}),
  ...more,
});

/** A chat page's cursor: `lastSeenId` goes with its row's time. */
const afterNow: Variant = {
  label: "a page after A's row",
  set: { "query.lastSeenCreatedAt": new Date(Date.now() + 86_400_000).toISOString() },
};

/** Another company's connect link is a token like any other that was not made for the caller's company. */
const linkExpired = {
  status: 400,
  message: "This link has expired. Please get a new one.",
  why: "a connect link (a signed token) of another company is answered as any link not made for the caller's company",
};

/** A user's credit statement, and the company's (admin only). */
const statementOf: Variant[] = [
  { label: "a user's" },
  { label: "the company's", set: { "query.userId": OMIT } },
];

/** Every operation that needs a company user's bearer token. */
export const AUTHENTICATED: Record<string, OperationRule> = {
  // Auth and own profile: the caller's own user only.
  logout: { rule: "self", note: "ends the caller's own session (the sweep signs the caller in again)" },
  getProfile: { rule: "self" },
  editMyProfile: { rule: "self" },
  editMySecurity: { rule: "self" },
  editMyNotification: { rule: "self", subject: "user", note: "id is the caller; ignored" },
  getUserThreshold: { rule: "self" },
  updateStatus: { rule: "self-or-admin", subject: "user" },
  getNotification: { rule: "self" },
  updateNotification: { rule: "self", note: "only the caller's own notifications are marked" },
  getSenderId: { rule: "self" },
  streamEvents: { rule: "self", note: "the caller's company's events it may see (checked on a live stream)" },

  // Departments and users (admin only; every user reads the department list).
  listDepartments: member(),
  addDept: admin(undefined, { names: { name: "departmentName" } }),
  deleteDept: admin("department"),
  getDept: admin("department"),
  editDept: admin("department", { names: { name: "departmentName" } }),
  getUserLimit: admin(),
  userList: admin(),
  getUser: admin("user"),
  addUser: admin("user", {
    invalid: {
      status: 400,
      message: "Please select a department of your company",
      why: "dept is a form field: openapi.yaml declares no 404 for addUser, and users.test.ts asserts this answer",
    },
  }),
  editUserProfile: { rule: "admin-not-owner", subject: "user" },
  editLogin2Fa: admin("user", {
    ownerProtected: true,
    note: "only the owner changes the owner's two-factor sign-in; an admin may turn its own on (not off)",
  }),
  deleteUser: { rule: "admin-not-owner", subject: "user" },
  editSenderId: admin("user", { names: { senderIds: "senderId" } }),
  editSmsSetting: { rule: "self-or-admin", subject: "user" },

  // Credit and payments.
  getCompany: admin(),
  topupReq: admin(undefined, {
    note: "topUpType 1 (corporate, to the vendor) is admin only; type 2 is the other roles' request to their admins",
  }),
  summaryList: admin(),
  editUserCredit: admin("user"),
  creditStatement: { rule: "self-or-admin", subject: "user", variants: statementOf },
  exportCreditStatement: { rule: "self-or-admin", subject: "user", variants: statementOf },
  getCompanyThreshold: admin(),
  editCompanyThreshold: admin(),
  getCompanySettings: admin(),
  editCompanySettings: admin(),
  billingPortal: admin(),
  checkout: admin(),
  topupRequests: admin(undefined, {
    note: "the company's corporate top-up requests and the operator's answers",
  }),

  // The sender ID registry and inbound numbers (admins; the operator answers and assigns).
  senderIdRegistry: admin(),
  requestSenderId: admin(undefined, {
    names: { senderId: "requestedSenderId" },
    note:
      "another company's request that is not answered yet is no different from a made-up ID (names test); an " +
      "approved ID belongs to one company, so asking for it is answered 409 'owned by another company' by design",
  }),
  withdrawSenderId: admin("senderIdRecord"),
  inboundNumbers: admin(),

  // The audit log (admins; their company's entries).
  auditLog: admin(),
  exportAuditLog: admin(),

  // Keywords and mobile subscription lists (admin only).
  keywordList: admin("keyword"),
  getKeyword: admin("keyword"),
  deleteKeyword: admin("keyword"),
  addKeyword: admin("keyword", { names: { keyword: "keywordText" } }),
  editKeyword: admin("keyword", { names: { keyword: "keywordText" } }),
  mobileSubList: admin("mobileSub"),
  getMobileSub: admin("mobileSub"),
  deleteMobileSub: admin("mobileSub"),
  editMobileSub: admin("mobileSub", { names: { contactNumber: "listedNumber" } }),
  addMobileSub: admin("mobileSub", {
    names: { mobile: "listedNumber" },
    variants: [
      { label: "numbers typed in", set: { "body.insertType": "manual" } },
      { label: "an uploaded file", set: { "body.insertType": "file" } },
    ],
  }),
  uploadMobileList: admin(),

  // SMS reports: a lower role sees and deletes only its own rows (and general or its own inbox rows).
  inbox: { rule: "own-or-admin" },
  outbox: { rule: "own-or-admin" },
  scheduledSms: { rule: "own-or-admin" },
  inboxUser: { rule: "own-or-admin" },
  deleteInbox: { rule: "own-or-admin", subject: "inboxSms" },
  deleteOutbox: { rule: "own-or-admin", subject: "outboxSms" },
  deleteScheduledSms: { rule: "own-or-admin", subject: "scheduledSms" },
  exportSmsReport: {
    rule: "own-or-admin",
    variants: [
      { label: "inbox", set: { "query.report": "inbox" } },
      { label: "outbox", set: { "query.report": "outbox" } },
      { label: "scheduled", set: { "query.report": "scheduled" } },
    ],
  },

  // Campaigns, contacts, groups: every user of the company.
  campaignList: member("campaign"),
  addCampaign: member("campaign", { names: { name: "campaignName" } }),
  getCampaign: member("campaign"),
  getCampaignReport: member("campaign"),
  listCampaignMessages: member("campaign"),
  editCampaign: member("campaign", { names: { name: "campaignName" } }),
  deleteCampaign: member("campaign"),
  listContacts: member("contact"),
  exportContacts: member("contact"),
  getContact: member("contact"),
  addContact: member("contact", { names: { contactNumber: "contactNumber" } }),
  addContacts: member("contact"),
  getContactImport: member("contactImport"),
  downloadContactImportReport: member("contactImport"),
  cancelContactImport: member("contactImport"),
  downloadUploadTemplate: member(),
  editContact: member("contact", { names: { contactNumber: "contactNumber" } }),
  deleteContact: member("contact"),
  deleteContacts: member("contact"),
  listGroups: member("group"),
  addGroup: member("group", { names: { name: "groupName" } }),
  getGroup: member("group"),
  editGroup: member("group", { names: { name: "groupName" } }),
  deleteGroup: member("group"),
  deleteGroups: member("group"),
  addMembers: member("group", { ids: { selectedRows: "contact", selectedGroup: "group" } }),
  removeMember: member("group", { ids: { id: "contact", groupId: "group" } }),
  removeMembers: member("group", { ids: { selectedRows: "contact", id: "group" } }),

  // Bot forwarding: supervisors and admins, for themselves.
  getForwardingStatus: member(),
  updateForwardingStatus: { rule: "supervisor" },

  // Channels: admins manage; users see the channels of their departments.
  connectChannel: admin("channel", { names: { name: "channelName" } }),
  editChannelLink: admin("channel"),
  listCompanyChannels: member("channel", { channelScoped: true }),
  listWhatsappTemplates: member("channel", { channelScoped: true }),
  syncWhatsappTemplates: admin("channel"),
  deleteChannel: admin("channel"),
  getChannelConnectSession: admin("channel", { ids: { token: "connectToken" }, invalid: linkExpired }),
  saveChannelConnection: admin("channel", { ids: { token: "connectToken" }, invalid: linkExpired }),

  // Chat: rooms of the channels of the caller's departments (every channel for admins).
  listChatRooms: member("room", { variants: [afterNow], channelScoped: true }),
  listRoomMessages: member("room", {
    ids: { lastSeenId: "chatMessage" },
    variants: [afterNow],
    channelScoped: true,
  }),
  getChatRoom: member("room", { channelScoped: true }),
  sendMessage: {
    rule: "assignee",
    subject: "room",
    channelScoped: true,
    variants: [
      { label: "text", branch: 0 },
      { label: "WhatsApp template", branch: 1 },
    ],
  },
  sendFiles: { rule: "assignee", subject: "room", channelScoped: true },
  uploadAttachment: member("attachment"),
  setReadAll: member("room", { channelScoped: true }),
  listAgents: member("room", { channelScoped: true }),
  assignAgent: {
    rule: "supervisor",
    subject: "room",
    channelScoped: true,
    selfAllowed: true,
    note: "an agent may assign only themselves",
  },
  removeAgent: { rule: "supervisor", subject: "room", channelScoped: true },
  closeChatRoom: {
    rule: "supervisor",
    subject: "room",
    channelScoped: true,
    note: "an agent may close only their own rooms",
  },

  // Broadcasts: every user of the company, on channels of their departments.
  listBroadcastSubscribers: member("channel", { channelScoped: true }),
  listBroadcastCampaigns: member("campaign"),
  validateBroadcastName: member("broadcast", { ids: { name: "broadcastName" } }),
  sendBroadcast: member("broadcast", {
    names: { broadcastName: "broadcastName" },
    channelScoped: true,
    variants: [
      { label: "live to contacts", set: { "body.type": "live", "body.method": "contacts" } },
      {
        label: "live to groups",
        set: { "body.type": "live", "body.method": "groups" },
        ids: { subscribers: "group" },
      },
      { label: "template from a file", set: { "body.type": "template", "body.method": "file" } },
    ],
  }),
  uploadBroadcastFile: member("broadcast"),
  listBroadcasts: member("broadcast"),
  getBroadcast: member("broadcast"),
  pauseBroadcast: member("broadcast"),
  resumeBroadcast: member("broadcast"),
  cancelBroadcast: member("broadcast"),
  exportBroadcastRecipients: member("broadcast"),

  // Compose and SMS templates.
  composeMsgPageOne: member(),
  composeMsgPageTwo: member(),
  uploadSmsRecipientsFile: member("smsFile"),
  previewSms: member(undefined, {
    names: { senderId: "senderId" },
    note: "another company's approved sender ID is refused as an ID nobody approved (no SSIR warning of A's)",
  }),
  sendSms: member(undefined, { names: { senderId: "senderId" } }),
  listSmsTemplates: member("smsTemplate"),
  addSmsTemplate: member("smsTemplate", { names: { name: "templateName" } }),
  editSmsTemplate: { rule: "creator-or-admin", subject: "smsTemplate", names: { name: "templateName" } },
  deleteSmsTemplate: { rule: "creator-or-admin", subject: "smsTemplate" },
};

/** Operations anyone may call without a session, and why that is safe. */
export const PUBLIC: Record<string, string> = {
  healthz: "liveness probe for load balancers; no company data",
  portalConfig: "the portal's settings needed before sign-in; no company data",
  login: "sign-in: the person proves who they are with a password",
  requestOtp: "two-factor sign-in: bound to the sign-in attempt's short-lived token",
  resendOtp: "two-factor sign-in: bound to the sign-in attempt's short-lived token",
  verifyOtp: "two-factor sign-in: bound to the sign-in attempt's short-lived token",
  forgotpassword: "password reset request: answers the same for any address",
  verifyReset: "password reset: the mailed single-use token is the credential",
  reset: "password reset: the mailed single-use token is the credential",
  register: "registration creates a new company; touches no existing one",
  verify: "e-mail verification: the mailed single-use token is the credential",
  resendVerification: "a new verification link: answers the same for any address",
  getAttachment:
    "the signed URL (an HMAC of the attachment id) is the credential; checked with B's signature",
  smsInboundWebhook: "the SMS gateway's webhook, signed with the platform's gateway secret; checked forged",
  smsDeliveryWebhook: "the SMS gateway's webhook, signed with the platform's gateway secret; checked forged",
  channelWebhookVerify: "a provider's webhook check, answered only with the channel's own verify token",
  channelWebhook:
    "a channel's webhook, signed with that channel's own secret; checked with B's channel secret",
  botReply: "the company's chatbot, signed with the company's bot secret; checked with B's bot secret",
  paymentWebhook: "the payment provider's webhook, signed with the provider's secret; checked forged",
  listSandboxMessages: "sandbox mailbox of the embedded default; never served with HERALD_ENV=production",
  simulateChannelInbound:
    "sandbox: a person playing a subscriber of a sandbox channel; never served with HERALD_ENV=production",
  operatorActivate:
    "the operator's one-time activation link (a random token, stored hashed) is the credential",
  operatorLogin:
    "the operator's sign-in, first step (password, then an e-mailed code); a company user's address and password get no operator session (checked)",
  operatorVerifyOtp: "the operator's sign-in, second step: bound to the first step's challenge",
};

/**
 * The operator's calls (operatorAuth): the platform's operator acts on every company, so there is no tenant to
 * keep apart, only callers to keep out. Every company user (each role of both companies) is refused them with the
 * victim's ids in every id field; the operator's token is refused by every company call; and the operator's
 * calls that take an id answer 404 for ids that name nothing (no 5xx).
 */
export const OPERATOR: Record<string, OperationRule> = {
  operatorLogout: { rule: "operator" },
  operatorMe: { rule: "operator" },
  operatorOverview: { rule: "operator" },
  operatorCompanies: { rule: "operator" },
  operatorCompany: { rule: "operator", subject: "company" },
  operatorSuspendCompany: { rule: "operator", subject: "company" },
  operatorResumeCompany: { rule: "operator", subject: "company" },
  operatorSetUserLimit: { rule: "operator", subject: "company" },
  operatorSetPrices: { rule: "operator", subject: "company" },
  operatorAdjustCredit: { rule: "operator", subject: "company" },
  operatorTopupRequests: { rule: "operator" },
  operatorGrantTopup: { rule: "operator", subject: "topupRequest" },
  operatorDeclineTopup: { rule: "operator", subject: "topupRequest" },
  operatorSenderIds: { rule: "operator" },
  operatorApproveSenderId: {
    rule: "operator",
    subject: "senderIdRequest",
    note: "a company's admin approving its own company's request is the case to refuse",
  },
  operatorRejectSenderId: { rule: "operator", subject: "senderIdRequest" },
  operatorSetSsir: { rule: "operator", subject: "senderIdRecord" },
  operatorNumbers: { rule: "operator" },
  operatorAddNumber: {
    rule: "operator",
    note: "owners name companies: one that does not exist is answered 400 (UNKNOWN_COMPANY), not 404",
  },
  operatorEditNumber: { rule: "operator", subject: "inboundNumber" },
  operatorDeleteNumber: { rule: "operator", subject: "inboundNumber" },
  operatorUnrouted: { rule: "operator" },
  operatorAuditLog: {
    rule: "operator",
    note: "companyId filters; a company that does not exist has no entries",
  },
  operatorExportAuditLog: { rule: "operator", note: "as operatorAuditLog" },
};

/** Whether an operation belongs to the operator area (the platform's operator, not a user of any company). */
export function isOperatorOperation(op: { path: string; tags: string[]; security: string[] }): boolean {
  return (
    op.path.startsWith("/operator/") ||
    op.tags.includes("Operator") ||
    op.security.some((s) => s.toLowerCase().startsWith("operator"))
  );
}
