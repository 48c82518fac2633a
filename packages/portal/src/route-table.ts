/**
 * The portal's route table: mirrors routes.tsv one to one (a test keeps them in step).
 * `guard`: public, login (signed in) or admin (signed in with role admin).
 * Two screens have no path in the specification; they get one here (marked `designed`).
 */
export type Guard = "public" | "login" | "admin";

export interface RouteEntry {
  path: string;
  guard: Guard;
  screen: string;
  designed?: true;
}

export const routeTable: RouteEntry[] = [
  { path: "/", guard: "login", screen: "landing target (social chat home for a signed-in user)" },
  { path: "/login", guard: "public", screen: "sign-in" },
  {
    path: "/auths/auth-register/:id?/:token?",
    guard: "public",
    screen: "registration; e-mail verification landing when id and token are present",
  },
  { path: "/auths/auth-reset", guard: "public", screen: "forgot password" },
  { path: "/auths/reset-pass/:id/:token", guard: "public", screen: "reset password" },
  { path: "/auths/fapage-email/:jwttoken/:session", guard: "public", screen: "two-factor code by e-mail" },
  { path: "/auths/fapage-sms/:jwttoken/:session", guard: "public", screen: "two-factor code by SMS" },
  { path: "/admin/profile", guard: "login", screen: "my profile" },
  {
    path: "/admin/profile-settings",
    guard: "login",
    screen: "account settings (Account, Security, Notifications)",
  },
  { path: "/user-manage/department-list", guard: "admin", screen: "departments" },
  { path: "/user-manage/department-edit/:id", guard: "admin", screen: "edit department" },
  { path: "/user-manage/users-list", guard: "admin", screen: "users" },
  { path: "/user-manage/user-add", guard: "admin", screen: "add user" },
  { path: "/user-manage/user-profile/:id", guard: "admin", screen: "user profile" },
  { path: "/user-manage/user-edit/:id", guard: "admin", screen: "edit user (User Profile tab)" },
  { path: "/user-manage/user-edit/:id/user-credit", guard: "admin", screen: "edit user (User Credit tab)" },
  { path: "/credit-mgt/summary", guard: "admin", screen: "top up / credit summary" },
  { path: "/credit-mgt/low-credit-mgt", guard: "admin", screen: "low credit thresholds" },
  {
    path: "/credit-mgt/purchase-credit",
    guard: "admin",
    screen: "purchase credit (?payment_success=true|false)",
    designed: true,
  },
  {
    path: "/credit-mgt/payment-history",
    guard: "admin",
    screen: "payment history (redirects to billing portal)",
    designed: true,
  },
  { path: "/keyword-mgt/keyword-list", guard: "admin", screen: "keywords" },
  { path: "/keyword-mgt/keyword-add", guard: "admin", screen: "add keyword" },
  { path: "/keyword-mgt/keyword-edit/:id", guard: "admin", screen: "edit keyword" },
  { path: "/mobile-sub/mobile-list", guard: "admin", screen: "mobile subscription lists" },
  {
    path: "/mobile-sub/mobile-add",
    guard: "admin",
    screen: "add mobile subscriptions (manual tags or file)",
  },
  { path: "/mobile-sub/mobile-edit/:id", guard: "admin", screen: "edit mobile subscription" },
  { path: "/apps/social-chat", guard: "login", screen: "chat (home)" },
  { path: "/apps/social-chat/:subscriberId", guard: "login", screen: "chat with one room open" },
  { path: "/apps/social-broadcast", guard: "login", screen: "broadcast compose wizard" },
  { path: "/apps/social-broadcast-report", guard: "login", screen: "broadcast report" },
  { path: "/apps/social-broadcast-report/:id", guard: "login", screen: "broadcast breakdown" },
  { path: "/apps/bot-settings", guard: "login", screen: "bot forwarding switch" },
  { path: "/apps/channel-management", guard: "login", screen: "channels" },
  { path: "/campaign/campaign-mgt", guard: "login", screen: "campaigns" },
  { path: "/campaign/campaign-add", guard: "login", screen: "add campaign" },
  { path: "/campaign/campaign-edit/:id", guard: "login", screen: "edit campaign" },
  { path: "/campaign/campaign-view/:id", guard: "login", screen: "campaign details" },
  { path: "/contact/individual", guard: "login", screen: "contacts" },
  { path: "/contact/contact-add", guard: "login", screen: "add contact (individual or file upload)" },
  { path: "/contact/individual/:id", guard: "login", screen: "contact details" },
  { path: "/contact/individual-edit/:id", guard: "login", screen: "edit contact" },
  { path: "/contact/group", guard: "login", screen: "groups" },
  { path: "/contact/group-add", guard: "login", screen: "add group" },
  { path: "/contact/group/:id", guard: "login", screen: "group members" },
  { path: "/contact/group-edit/:id", guard: "login", screen: "edit group" },
  { path: "/report/inbox", guard: "login", screen: "SMS inbox" },
  { path: "/report/outbox", guard: "login", screen: "SMS outbox" },
  { path: "/report/scheduled", guard: "login", screen: "scheduled SMS" },
  { path: "/sms/compose", guard: "login", screen: "compose message wizard" },
  { path: "/sms/preview", guard: "login", screen: "compose preview" },
  { path: "/not-found", guard: "public", screen: "OOPS! Page not found!" },
  { path: "*", guard: "public", screen: "OOPS! Page not found!" },
];
