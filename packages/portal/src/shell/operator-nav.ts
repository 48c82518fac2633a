import type { Schema } from "@herald/api-client";
import type { ConsoleNavItem } from "@herald/ui";

export const OPERATOR_HOME = "/operator";

/**
 * The console's sections, in the order the operator works through them; the queues carry the count of what
 * waits in them (from the overview), read as "Top-up requests, 3 waiting".
 */
export function operatorNav(counts?: Schema<"OperatorOverview">): ConsoleNavItem[] {
  return [
    { label: "Overview", href: OPERATOR_HOME },
    { label: "Companies", href: "/operator/companies" },
    { label: "Top-up requests", href: "/operator/topups", count: counts?.openTopups, countLabel: "waiting" },
    {
      label: "Sender IDs",
      href: "/operator/sender-ids",
      count: counts?.senderIdRequests,
      countLabel: "to review",
    },
    { label: "Numbers", href: "/operator/numbers" },
    {
      label: "Unrouted",
      href: "/operator/unrouted",
      count: counts?.unrouted,
      countLabel: "in the last 7 days",
    },
    { label: "Audit log", href: "/operator/audit" },
  ];
}
