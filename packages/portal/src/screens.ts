import type { ComponentType } from "react";
import { laterIssue, type RouteEntry } from "./route-table";

type Lazy = () => Promise<{ default: ComponentType }>;

/** Built screens by path. */
export const screens: Partial<Record<string, Lazy>> = {
  "/": () => import("./routes/home"),
  // The inbox arrives with its issue: until then the home greeting stands in for it.
  "/apps/social-chat": () => import("./routes/home"),
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
