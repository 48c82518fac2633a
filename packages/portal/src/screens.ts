import type { ComponentType } from "react";
import { laterIssue, type RouteEntry } from "./route-table";

type Lazy = () => Promise<{ default: ComponentType }>;

/** Built screens by path. */
export const screens: Partial<Record<string, Lazy>> = {
  // Home is the shared inbox; a company with no chat yet sees how to start there.
  "/": () => import("./routes/social/social-chat"),
  "/apps/social-chat": () => import("./routes/social/social-chat"),
  "/apps/social-chat/:subscriberId": () => import("./routes/social/social-chat"),
  "/apps/channel-management": () => import("./routes/social/channel-management"),
  "/apps/channel-management/connect": () => import("./routes/social/connect-channel"),
  "/apps/bot-settings": () => import("./routes/social/bot-settings"),
  "/apps/social-broadcast": () => import("./routes/broadcast/broadcast-wizard"),
  "/apps/social-broadcast-report": () => import("./routes/broadcast/broadcast-report"),
  "/apps/social-broadcast-report/:id": () => import("./routes/broadcast/broadcast-breakdown"),
  "/admin/profile": () => import("./routes/profile/my-profile"),
  "/admin/profile-settings": () => import("./routes/profile/settings"),
  "/login": () => import("./routes/auth/login"),
  "/auths/auth-register/:id?/:token?": () => import("./routes/auth/register"),
  "/auths/auth-reset": () => import("./routes/auth/forgot-password"),
  "/auths/reset-pass/:id/:token": () => import("./routes/auth/reset-password"),
  "/auths/fapage-email/:jwttoken/:session": () => import("./routes/auth/fapage-email"),
  "/auths/fapage-sms/:jwttoken/:session": () => import("./routes/auth/fapage-sms"),
  "/legal/terms": () => import("./routes/legal/terms"),
  "/legal/privacy": () => import("./routes/legal/privacy"),
  "/user-manage/department-list": () => import("./routes/admin/departments/department-list"),
  "/user-manage/department-edit/:id": () => import("./routes/admin/departments/department-edit"),
  "/user-manage/users-list": () => import("./routes/admin/users/users-list"),
  "/user-manage/user-add": () => import("./routes/admin/users/user-add"),
  "/user-manage/user-profile/:id": () => import("./routes/admin/users/user-profile"),
  "/user-manage/user-edit/:id": () => import("./routes/admin/users/user-edit"),
  "/user-manage/user-edit/:id/user-credit": () => import("./routes/credit/user-credit"),
  "/credit-mgt/summary": () => import("./routes/credit/summary"),
  "/keyword-mgt/keyword-list": () => import("./routes/admin/keywords/keyword-list"),
  "/keyword-mgt/keyword-add": () => import("./routes/admin/keywords/keyword-add"),
  "/keyword-mgt/keyword-edit/:id": () => import("./routes/admin/keywords/keyword-edit"),
  "/mobile-sub/mobile-list": () => import("./routes/admin/mobile-sub/mobile-list"),
  "/mobile-sub/mobile-add": () => import("./routes/admin/mobile-sub/mobile-add"),
  "/mobile-sub/mobile-edit/:id": () => import("./routes/admin/mobile-sub/mobile-edit"),
  "/credit-mgt/low-credit-mgt": () => import("./routes/credit/low-credit"),
  "/credit-mgt/purchase-credit": () => import("./routes/credit/purchase-credit"),
  "/credit-mgt/payment-history": () => import("./routes/credit/payment-history"),
  "/credit-mgt/statement": () => import("./routes/credit/statement"),
  "/contact/individual": () => import("./routes/contacts/contact-list"),
  "/contact/contact-add": () => import("./routes/contacts/contact-add"),
  "/contact/individual/:id": () => import("./routes/contacts/contact-details"),
  "/contact/individual-edit/:id": () => import("./routes/contacts/contact-edit"),
  "/contact/group": () => import("./routes/contacts/group-list"),
  "/contact/group-add": () => import("./routes/contacts/group-add"),
  "/contact/group/:id": () => import("./routes/contacts/group-members"),
  "/contact/group-edit/:id": () => import("./routes/contacts/group-edit"),
  "/campaign/campaign-mgt": () => import("./routes/campaigns/campaign-list"),
  "/campaign/campaign-add": () => import("./routes/campaigns/campaign-add"),
  "/campaign/campaign-edit/:id": () => import("./routes/campaigns/campaign-edit"),
  "/campaign/campaign-view/:id": () => import("./routes/campaigns/campaign-view"),
  "/report/inbox": () => import("./routes/reports/inbox"),
  "/report/outbox": () => import("./routes/reports/outbox"),
  "/report/scheduled": () => import("./routes/reports/scheduled"),
  "/sms/compose": () => import("./routes/sms/compose"),
  "/sms/preview": () => import("./routes/sms/preview"),
  "/user-manage/audit-log": () => import("./routes/audit/audit-log"),
  "/sms-mgt/sender-ids": () => import("./routes/sender-ids/sender-ids"),
  // The operator's console.
  "/operator/activate": () => import("./routes/operator/activate"),
  "/operator/login": () => import("./routes/operator/login"),
  "/operator": () => import("./routes/operator/overview"),
  "/operator/companies": () => import("./routes/operator/companies"),
  "/operator/companies/:id": () => import("./routes/operator/company"),
  "/operator/topups": () => import("./routes/operator/topups"),
  "/operator/sender-ids": () => import("./routes/operator/sender-ids"),
  "/operator/numbers": () => import("./routes/operator/numbers"),
  "/operator/unrouted": () => import("./routes/operator/unrouted"),
  "/operator/audit": () => import("./routes/operator/audit"),
  "/not-found": () => import("./routes/not-found"),
  "*": () => import("./routes/not-found"),
};

const comingSoon: Lazy = () => import("./routes/pending");

/**
 * The screen of a route: the built one, or the empty state of a screen that an open issue builds. A route
 * with neither is a mistake, refused when the router is made (and by the route table's tests).
 */
export function screenFor(entry: RouteEntry): Lazy {
  const built = screens[entry.path];
  if (built) return built;
  if (laterIssue(entry.path) !== undefined) return comingSoon;
  throw new Error(`No screen for ${entry.path}, and no open issue builds one`);
}
