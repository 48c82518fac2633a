import type { IconName } from "@herald/ui";

/**
 * The portal's route table: mirrors routes.tsv one to one (a test keeps them in step).
 * `guard`: public, login (signed in) or admin (signed in with role admin); operator: the operator's console,
 * signed in as the operator (a session of its own, not a company user's).
 * Two screens have no path in the specification; they get one here (marked `designed`). Pages the
 * specification does not list at all (the legal pages) are marked `designed` and `added`.
 */
export type Guard = "public" | "login" | "admin" | "operator";

export interface RouteEntry {
  path: string;
  guard: Guard;
  screen: string;
  designed?: true;
  /** Not a row of routes.tsv: a page added by design. */
  added?: true;
  /** Human title: the page's `<title>` ("Users · Herald") and the heading of a screen not built yet. */
  title: string;
  /** What the screen does, in a sentence or two (shown while the screen is not built yet). */
  about?: string;
  /** The picture of the screen's empty state. */
  icon?: IconName;
}

/**
 * Screens that an open issue builds, by path prefix (the first match wins). Until it lands, such a screen
 * shows its empty state (title, `about`, icon); a path that no issue owns must have a built screen.
 */
const laterIssues: [prefix: string, issue: number][] = [];

/** The issue that builds the screen at `path`, or undefined when the screen is already built. */
export const laterIssue = (path: string): number | undefined =>
  laterIssues.find(([prefix]) => path.startsWith(prefix))?.[1];

/** The operator's console: its pages live under /operator. */
export const isOperatorPath = (path: string) => path === "/operator" || path.startsWith("/operator/");

/** The document title of a page ("Users · Herald"; the console's "Companies · Herald operator console"). */
export const documentTitle = (title: string | undefined, path = "") => {
  const product = isOperatorPath(path) ? "Herald operator console" : "Herald";
  return title ? `${title} · ${product}` : product;
};

export const routeTable: RouteEntry[] = [
  {
    path: "/",
    guard: "login",
    screen: "landing target (social chat home for a signed-in user)",
    title: "Home",
  },
  { path: "/login", guard: "public", screen: "sign-in", title: "Sign in" },
  {
    path: "/auths/auth-register/:id?/:token?",
    guard: "public",
    screen: "registration; e-mail verification landing when id and token are present",
    title: "Create an account",
  },
  { path: "/auths/auth-reset", guard: "public", screen: "forgot password", title: "Forgot password" },
  {
    path: "/auths/reset-pass/:id/:token",
    guard: "public",
    screen: "reset password",
    title: "Reset password",
  },
  {
    path: "/auths/fapage-email/:jwttoken/:session",
    guard: "public",
    screen: "two-factor code by e-mail",
    title: "Sign-in code by e-mail",
  },
  {
    path: "/auths/fapage-sms/:jwttoken/:session",
    guard: "public",
    screen: "two-factor code by SMS",
    title: "Sign-in code by SMS",
  },
  {
    path: "/legal/terms",
    guard: "public",
    screen: "terms of service",
    designed: true,
    added: true,
    title: "Terms of Service",
  },
  {
    path: "/legal/privacy",
    guard: "public",
    screen: "privacy policy",
    designed: true,
    added: true,
    title: "Privacy Policy",
  },
  {
    path: "/admin/profile",
    guard: "login",
    screen: "my profile",
    title: "My profile",
    about: "Your name, e-mail, contact number, departments, role and credit at a glance.",
    icon: "user",
  },
  {
    path: "/admin/profile-settings",
    guard: "login",
    screen: "account settings (Account, Security, Notifications)",
    title: "Account settings",
    about:
      "Change your details, your password and two-factor sign-in, and the credit levels at which you are warned.",
    icon: "settings",
  },
  {
    path: "/user-manage/department-list",
    guard: "admin",
    screen: "departments",
    title: "Departments",
    about:
      "Group your users into departments. Each department sees only the messages of the channels assigned to it.",
    icon: "user",
  },
  {
    path: "/user-manage/department-edit/:id",
    guard: "admin",
    screen: "edit department",
    title: "Edit department",
    about: "Rename a department and change its description.",
    icon: "user",
  },
  {
    path: "/user-manage/users-list",
    guard: "admin",
    screen: "users",
    title: "Users",
    about:
      "Everyone in your company in one table: roles, departments, credit and two-factor sign-in, with room to add people up to your user limit.",
    icon: "user",
  },
  {
    path: "/user-manage/user-add",
    guard: "admin",
    screen: "add user",
    title: "Add user",
    about: "Invite a colleague: their name, e-mail, departments, role and the credit they start with.",
    icon: "user",
  },
  {
    path: "/user-manage/user-profile/:id",
    guard: "admin",
    screen: "user profile",
    title: "User profile",
    about: "One user's details: account, contact number, departments, role, status and credit.",
    icon: "user",
  },
  {
    path: "/user-manage/user-edit/:id",
    guard: "admin",
    screen: "edit user (User Profile tab)",
    title: "Edit user",
    about: "Change a user's details, departments, role and two-factor sign-in.",
    icon: "user",
  },
  {
    path: "/user-manage/user-edit/:id/user-credit",
    guard: "admin",
    screen: "edit user (User Credit tab)",
    title: "User credit",
    about: "Add credit to a user from the corporate balance, or take unused credit back.",
    icon: "user",
  },
  // ---- Audit log (designed and added: not a row of routes.tsv) ----
  {
    path: "/user-manage/audit-log",
    guard: "admin",
    screen: "audit log (?actor=&action=&from=&to=)",
    designed: true,
    added: true,
    title: "Audit log",
    about:
      "Who did what and when in your company: users and permissions, credit, sender IDs, numbers and sign-ins, with what each change was.",
    icon: "search",
  },
  {
    path: "/credit-mgt/summary",
    guard: "admin",
    screen: "top up / credit summary",
    title: "Credit summary",
    about:
      "Your corporate balance and every user's credit with their last top-up, and a quick way to top any of them up.",
    icon: "info",
  },
  {
    path: "/credit-mgt/low-credit-mgt",
    guard: "admin",
    screen: "low credit thresholds",
    title: "Low credit alerts",
    about:
      "Set the two balances at which every administrator is e-mailed that the corporate credit is running low.",
    icon: "warning",
  },
  // ---- Credit statement (designed and added: not a row of routes.tsv) ----
  {
    path: "/credit-mgt/statement",
    guard: "login",
    screen: "credit statement (?userId=&from=&to=)",
    designed: true,
    added: true,
    title: "Credit statement",
    about:
      "Where the credit went: every movement of the corporate account or of one user between two dates, with running balances, to export as CSV or XLSX.",
    icon: "info",
  },
  {
    path: "/credit-mgt/purchase-credit",
    guard: "admin",
    screen: "purchase credit (?payment_success=true|false)",
    designed: true,
    title: "Purchase credit",
    about: "Buy prepaid SGD credit: pick an amount or enter your own, then pay on the checkout page.",
    icon: "info",
  },
  {
    path: "/credit-mgt/payment-history",
    guard: "admin",
    screen: "payment history (redirects to billing portal)",
    designed: true,
    title: "Payment history",
    about: "Your past payments and invoices, on the billing provider's portal.",
    icon: "info",
  },
  // ---- Sender IDs and inbound numbers (designed and added: not a row of routes.tsv) ----
  {
    path: "/sms-mgt/sender-ids",
    guard: "admin",
    screen: "sender IDs and inbound numbers",
    designed: true,
    added: true,
    title: "Sender IDs & numbers",
    about:
      "The names and numbers your SMS are sent from, asked for and approved by Herald, and the numbers your subscribers' SMS reach you on.",
    icon: "inbox",
  },
  {
    path: "/keyword-mgt/keyword-list",
    guard: "admin",
    screen: "keywords",
    title: "Keywords",
    about: "Words subscribers text in to subscribe or unsubscribe, each with an optional automatic reply.",
    icon: "search",
  },
  {
    path: "/keyword-mgt/keyword-add",
    guard: "admin",
    screen: "add keyword",
    title: "Add keyword",
    about: "Create a subscribe or unsubscribe keyword and the reply it sends.",
    icon: "search",
  },
  {
    path: "/keyword-mgt/keyword-edit/:id",
    guard: "admin",
    screen: "edit keyword",
    title: "Edit keyword",
    about: "Change a keyword, its type and its automatic reply.",
    icon: "search",
  },
  {
    path: "/mobile-sub/mobile-list",
    guard: "admin",
    screen: "mobile subscription lists",
    title: "Mobile subscriptions",
    about:
      "The numbers that subscribed to or unsubscribed from your messages; unsubscribed numbers are skipped when you send.",
    icon: "inbox",
  },
  {
    path: "/mobile-sub/mobile-add",
    guard: "admin",
    screen: "add mobile subscriptions (manual tags or file)",
    title: "Add mobile subscriptions",
    about: "Add numbers to a subscribe or unsubscribe list by typing them or uploading a file.",
    icon: "inbox",
  },
  {
    path: "/mobile-sub/mobile-edit/:id",
    guard: "admin",
    screen: "edit mobile subscription",
    title: "Edit mobile subscription",
    about: "Change a subscribed number or move it to the other list.",
    icon: "inbox",
  },
  {
    path: "/apps/social-chat",
    guard: "login",
    screen: "chat (home)",
    title: "Home",
    about:
      "Answer subscribers on WhatsApp, Messenger, Telegram and your other channels from one shared inbox.",
    icon: "inbox",
  },
  {
    path: "/apps/social-chat/:subscriberId",
    guard: "login",
    screen: "chat with one room open",
    title: "Chat",
    about:
      "One conversation with a subscriber: the messages, files and templates, and who the chat is assigned to.",
    icon: "inbox",
  },
  {
    path: "/apps/social-broadcast",
    guard: "login",
    screen: "broadcast compose wizard",
    title: "Broadcast",
    about:
      "Send one message to many subscribers on a channel, in five steps: details, campaign, recipients, message and summary.",
    icon: "inbox",
  },
  {
    path: "/apps/social-broadcast-report",
    guard: "login",
    screen: "broadcast report",
    title: "Broadcast reports",
    about: "Every broadcast you sent, with its campaign and number of recipients.",
    icon: "info",
  },
  {
    path: "/apps/social-broadcast-report/:id",
    guard: "login",
    screen: "broadcast breakdown",
    title: "Broadcast details",
    about: "How one broadcast went: sent, delivered, read and failed, recipient by recipient.",
    icon: "info",
  },
  {
    path: "/apps/bot-settings",
    guard: "login",
    screen: "bot forwarding switch",
    title: "Chatbot forwarding",
    about: "Turn forwarding of incoming messages to your chatbot on or off.",
    icon: "settings",
  },
  {
    path: "/apps/channel-management",
    guard: "login",
    screen: "channels",
    title: "Channels",
    about:
      "Connect WhatsApp, Messenger, Telegram, LINE, Viber and other channels, and keep their message templates in sync.",
    icon: "settings",
  },
  // ---- Channel connect page (designed and added: the page the connect and edit links open) ----
  {
    path: "/apps/channel-management/connect",
    guard: "admin",
    screen: "connect or edit a channel (?token=)",
    designed: true,
    added: true,
    title: "Connect channel",
    about:
      "Pick a channel type, name the channel, choose its departments, and connect its sandbox channel or your provider account.",
    icon: "settings",
  },
  {
    path: "/campaign/campaign-mgt",
    guard: "login",
    screen: "campaigns",
    title: "Campaigns",
    about:
      "Group your broadcasts and messages into campaigns and see how each one went; export the list as CSV or Excel.",
    icon: "info",
  },
  {
    path: "/campaign/campaign-add",
    guard: "login",
    screen: "add campaign",
    title: "Add campaign",
    about: "Name a new campaign to group the messages you are about to send.",
    icon: "info",
  },
  {
    path: "/campaign/campaign-edit/:id",
    guard: "login",
    screen: "edit campaign",
    title: "Edit campaign",
    about: "Change the name of a campaign; its messages stay with it.",
    icon: "info",
  },
  {
    path: "/campaign/campaign-view/:id",
    guard: "login",
    screen: "campaign details",
    title: "Campaign details",
    about: "A campaign's status and schedule, with a link to its outgoing report.",
    icon: "info",
  },
  {
    path: "/contact/individual",
    guard: "login",
    screen: "contacts",
    title: "Contacts",
    about: "The people you message: names, numbers, e-mail addresses and the groups they belong to.",
    icon: "user",
  },
  {
    path: "/contact/contact-add",
    guard: "login",
    screen: "add contact (individual or file upload)",
    title: "Add contacts",
    about: "Add one contact by hand, or many at once from a CSV or Excel file.",
    icon: "user",
  },
  {
    path: "/contact/individual/:id",
    guard: "login",
    screen: "contact details",
    title: "Contact details",
    about: "One contact's name, number, e-mail and groups.",
    icon: "user",
  },
  {
    path: "/contact/individual-edit/:id",
    guard: "login",
    screen: "edit contact",
    title: "Edit contact",
    about: "Change a contact's name, number, e-mail and groups.",
    icon: "user",
  },
  {
    path: "/contact/group",
    guard: "login",
    screen: "groups",
    title: "Groups",
    about: "Lists of contacts you send to together.",
    icon: "user",
  },
  {
    path: "/contact/group-add",
    guard: "login",
    screen: "add group",
    title: "Add group",
    about: "Name a new group of contacts.",
    icon: "user",
  },
  {
    path: "/contact/group/:id",
    guard: "login",
    screen: "group members",
    title: "Group members",
    about: "The contacts in one group; remove any of them from it.",
    icon: "user",
  },
  {
    path: "/contact/group-edit/:id",
    guard: "login",
    screen: "edit group",
    title: "Edit group",
    about: "Change the name of a group; its members stay in it.",
    icon: "user",
  },
  {
    path: "/report/inbox",
    guard: "login",
    screen: "SMS inbox",
    title: "SMS inbox",
    about: "Text messages your numbers received, by date, ready to export.",
    icon: "inbox",
  },
  {
    path: "/report/outbox",
    guard: "login",
    screen: "SMS outbox",
    title: "SMS outbox",
    about: "Text messages you sent, with their delivery status and the number of SMS each took.",
    icon: "inbox",
  },
  {
    path: "/report/scheduled",
    guard: "login",
    screen: "scheduled SMS",
    title: "Scheduled SMS",
    about: "Text messages waiting to go out, and when.",
    icon: "inbox",
  },
  {
    path: "/sms/compose",
    guard: "login",
    screen: "compose message wizard",
    title: "Compose message",
    about:
      "Send an SMS, e-mail, WhatsApp or Telegram message to numbers, contacts, groups or a file, now or on a schedule.",
    icon: "inbox",
  },
  {
    path: "/sms/preview",
    guard: "login",
    screen: "compose preview",
    title: "Message preview",
    about: "Check the message and its recipients before you send.",
    icon: "inbox",
  },
  // ---- The operator's console (designed and added: the vendor running Herald, not a user of any company) ----
  {
    path: "/operator/activate",
    guard: "public",
    screen: "operator activation (?token=)",
    designed: true,
    added: true,
    title: "Activate your operator account",
  },
  {
    path: "/operator/login",
    guard: "public",
    screen: "operator sign-in (e-mail and password, then the code)",
    designed: true,
    added: true,
    title: "Operator sign-in",
  },
  {
    path: "/operator",
    guard: "operator",
    screen: "operator overview",
    designed: true,
    added: true,
    title: "Overview",
    about:
      "What waits for you: top-up requests, sender IDs to review, unrouted messages, and the companies on Herald.",
    icon: "info",
  },
  {
    path: "/operator/companies",
    guard: "operator",
    screen: "companies (?q=&status=)",
    designed: true,
    added: true,
    title: "Companies",
    about:
      "Every company on Herald: its owner, users, balance, messages this month and whether it is suspended.",
    icon: "user",
  },
  {
    path: "/operator/companies/:id",
    guard: "operator",
    screen: "one company",
    designed: true,
    added: true,
    title: "Company",
    about:
      "One company: suspend or resume it, its user limit, its prices, its credit, its sender IDs and numbers.",
    icon: "user",
  },
  {
    path: "/operator/topups",
    guard: "operator",
    screen: "top-up requests (?status=)",
    designed: true,
    added: true,
    title: "Top-up requests",
    about:
      "Companies asking for corporate credit: grant what they asked for, or decline with a message they see.",
    icon: "info",
  },
  {
    path: "/operator/sender-ids",
    guard: "operator",
    screen: "sender ID registry (?status=&q=)",
    designed: true,
    added: true,
    title: "Sender IDs",
    about:
      "Sender IDs companies asked for: approve or reject them, revoke approved ones, and record SSIR registration.",
    icon: "inbox",
  },
  {
    path: "/operator/numbers",
    guard: "operator",
    screen: "inbound numbers (?q=)",
    designed: true,
    added: true,
    title: "Numbers",
    about: "The numbers Herald receives SMS on and the companies that own them, alone or shared by keyword.",
    icon: "inbox",
  },
  {
    path: "/operator/unrouted",
    guard: "operator",
    screen: "unrouted inbound messages",
    designed: true,
    added: true,
    title: "Unrouted messages",
    about:
      "SMS that reached no company: sent to a number nobody owns, or without a known keyword on a shared one.",
    icon: "warning",
  },
  {
    path: "/operator/audit",
    guard: "operator",
    screen: "audit log (?companyId=&actor=&action=&from=&to=)",
    designed: true,
    added: true,
    title: "Audit log",
    about: "Who did what and when, in every company and in the console, with what each change was.",
    icon: "search",
  },
  { path: "/not-found", guard: "public", screen: "OOPS! Page not found!", title: "Page not found" },
  { path: "*", guard: "public", screen: "OOPS! Page not found!", title: "Page not found" },
];
