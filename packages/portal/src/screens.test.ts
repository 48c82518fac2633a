import { describe, expect, it } from "vitest";
import { laterIssue, routeTable } from "./route-table";
import { screenFor, screens } from "./screens";

// The issues that build the screens still shown as "coming soon" (none since the broadcasts, 13). Nothing an
// issue already resolved may be here.
const OPEN_ISSUES = new Set<number>();

describe("screens", () => {
  it("gives every route a built screen or the empty state of the open issue that builds it", () => {
    for (const entry of routeTable) {
      expect(() => screenFor(entry), entry.path).not.toThrow();
      const issue = laterIssue(entry.path);
      if (!screens[entry.path]) expect(OPEN_ISSUES.has(issue ?? 0), entry.path).toBe(true);
    }
  });

  it("builds every screen of the accounts, administration, campaigns, contacts, compose, reports, inbox, sender ID, audit and operator work", () => {
    const built = routeTable.filter((e) => laterIssue(e.path) === undefined).map((e) => e.path);
    expect(built).toEqual([
      "/",
      "/login",
      "/auths/auth-register/:id?/:token?",
      "/auths/auth-reset",
      "/auths/reset-pass/:id/:token",
      "/auths/fapage-email/:jwttoken/:session",
      "/auths/fapage-sms/:jwttoken/:session",
      "/legal/terms",
      "/legal/privacy",
      "/admin/profile",
      "/admin/profile-settings",
      "/user-manage/department-list",
      "/user-manage/department-edit/:id",
      "/user-manage/users-list",
      "/user-manage/user-add",
      "/user-manage/user-profile/:id",
      "/user-manage/user-edit/:id",
      "/user-manage/user-edit/:id/user-credit",
      "/user-manage/audit-log",
      "/credit-mgt/summary",
      "/credit-mgt/low-credit-mgt",
      "/credit-mgt/statement",
      "/credit-mgt/purchase-credit",
      "/credit-mgt/payment-history",
      "/sms-mgt/sender-ids",
      "/keyword-mgt/keyword-list",
      "/keyword-mgt/keyword-add",
      "/keyword-mgt/keyword-edit/:id",
      "/mobile-sub/mobile-list",
      "/mobile-sub/mobile-add",
      "/mobile-sub/mobile-edit/:id",
      "/apps/social-chat",
      "/apps/social-chat/:subscriberId",
      "/apps/social-broadcast",
      "/apps/social-broadcast-report",
      "/apps/social-broadcast-report/:id",
      "/apps/bot-settings",
      "/apps/channel-management",
      "/apps/channel-management/connect",
      "/campaign/campaign-mgt",
      "/campaign/campaign-add",
      "/campaign/campaign-edit/:id",
      "/campaign/campaign-view/:id",
      "/contact/individual",
      "/contact/contact-add",
      "/contact/individual/:id",
      "/contact/individual-edit/:id",
      "/contact/group",
      "/contact/group-add",
      "/contact/group/:id",
      "/contact/group-edit/:id",
      "/report/inbox",
      "/report/outbox",
      "/report/scheduled",
      "/sms/compose",
      "/sms/preview",
      "/operator/activate",
      "/operator/login",
      "/operator",
      "/operator/companies",
      "/operator/companies/:id",
      "/operator/topups",
      "/operator/sender-ids",
      "/operator/numbers",
      "/operator/unrouted",
      "/operator/audit",
      "/not-found",
      "*",
    ]);
    for (const path of built) expect(screens[path], path).toBeDefined();
  });

  it("names which issue builds each screen still to come", () => {
    expect(laterIssue("/user-manage/users-list")).toBeUndefined();
    expect(laterIssue("/user-manage/user-edit/:id/user-credit")).toBeUndefined();
    expect(laterIssue("/credit-mgt/summary")).toBeUndefined();
    expect(laterIssue("/credit-mgt/low-credit-mgt")).toBeUndefined();
    expect(laterIssue("/credit-mgt/purchase-credit")).toBeUndefined();
    expect(laterIssue("/credit-mgt/payment-history")).toBeUndefined();
    expect(laterIssue("/contact/group")).toBeUndefined();
    expect(laterIssue("/campaign/campaign-mgt")).toBeUndefined();
    expect(laterIssue("/campaign/campaign-view/:id")).toBeUndefined();
    expect(laterIssue("/contact/individual-edit/:id")).toBeUndefined();
    expect(laterIssue("/sms/compose")).toBeUndefined();
    expect(laterIssue("/report/outbox")).toBeUndefined();
    expect(laterIssue("/apps/bot-settings")).toBeUndefined();
    expect(laterIssue("/apps/social-chat/:subscriberId")).toBeUndefined();
    expect(laterIssue("/apps/channel-management")).toBeUndefined();
    expect(laterIssue("/apps/social-broadcast")).toBeUndefined();
    expect(laterIssue("/apps/social-broadcast-report")).toBeUndefined();
    expect(laterIssue("/apps/social-broadcast-report/:id")).toBeUndefined();
  });

  it("refuses a route that has neither a screen nor an issue that builds it", () => {
    expect(() => screenFor({ path: "/somewhere/new", guard: "login", screen: "new", title: "New" })).toThrow(
      "No screen for /somewhere/new, and no open issue builds one",
    );
  });
});
