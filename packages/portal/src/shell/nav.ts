import type { NavSection } from "@herald/ui";

/**
 * The sidebar, as the specification lists it (the Administrator section is for admins only), with the designed
 * Audit Log and Sender IDs & Numbers pages.
 */
export const navSections: NavSection[] = [
  {
    id: "admin",
    title: "Administrator",
    adminOnly: true,
    entries: [
      {
        label: "User Management",
        items: [
          { label: "Departments", href: "/user-manage/department-list" },
          { label: "Users", href: "/user-manage/users-list" },
          { label: "Audit Log", href: "/user-manage/audit-log" },
        ],
      },
      {
        label: "Credit Management",
        items: [
          { label: "Top Up / Summary", href: "/credit-mgt/summary" },
          { label: "Low Credit Management", href: "/credit-mgt/low-credit-mgt" },
          { label: "Statement", href: "/credit-mgt/statement" },
          { label: "Purchase Credit", href: "/credit-mgt/purchase-credit" },
          { label: "Payment History", href: "/credit-mgt/payment-history" },
        ],
      },
      { label: "Sender IDs & Numbers", href: "/sms-mgt/sender-ids" },
      {
        label: "Keywords & Subscriptions",
        items: [
          { label: "Keywords", href: "/keyword-mgt/keyword-list" },
          { label: "Mobile Subscriptions", href: "/mobile-sub/mobile-list" },
        ],
      },
    ],
  },
  {
    id: "main",
    title: "Messaging",
    entries: [
      { label: "Campaign Management", href: "/campaign/campaign-mgt" },
      {
        label: "Contact Management",
        items: [
          { label: "Individuals", href: "/contact/individual" },
          { label: "Groups", href: "/contact/group" },
        ],
      },
      {
        label: "Social Messaging",
        items: [
          { label: "Chat", href: "/apps/social-chat" },
          { label: "Broadcast Compose", href: "/apps/social-broadcast" },
          { label: "Broadcast Report", href: "/apps/social-broadcast-report" },
          { label: "Channels Management", href: "/apps/channel-management" },
        ],
      },
      {
        label: "SMS",
        items: [
          { label: "Compose Message", href: "/sms/compose" },
          { label: "Inbox", href: "/report/inbox" },
          { label: "Outbox", href: "/report/outbox" },
          { label: "Scheduled", href: "/report/scheduled" },
        ],
      },
      { label: "Bot Management", items: [{ label: "Settings", href: "/apps/bot-settings" }] },
    ],
  },
];

/** Pages reached from a list (add, edit, details) and the sidebar entry they belong to. */
const parents: [prefix: string, href: string][] = [
  ["/user-manage/department-edit/", "/user-manage/department-list"],
  ["/user-manage/user-", "/user-manage/users-list"],
  ["/keyword-mgt/", "/keyword-mgt/keyword-list"],
  ["/mobile-sub/", "/mobile-sub/mobile-list"],
  ["/sms/preview", "/sms/compose"],
  ["/apps/channel-management/", "/apps/channel-management"],
];

/** The path the sidebar marks as current: a detail page marks the list it belongs to. */
export const navPath = (pathname: string): string =>
  parents.find(([prefix]) => pathname.startsWith(prefix))?.[1] ?? pathname;
