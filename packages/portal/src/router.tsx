import type { ComponentType } from "react";
import { createBrowserRouter, Outlet, type RouteObject } from "react-router";
import { DialogsProvider } from "./dialogs";
import { RequireAdmin, RequireLogin, SessionWatcher } from "./guards";
import { type Guard, type RouteEntry, routeTable } from "./route-table";
import { Shell } from "./shell/shell";

type Lazy = () => Promise<{ default: ComponentType }>;

/** Screens by path; a path without one renders the pending screen until its issue lands. */
export const screens: Partial<Record<string, Lazy>> = {
  "/": () => import("./routes/home"),
  "/admin/profile": () => import("./routes/profile/my-profile"),
  "/admin/profile-settings": () => import("./routes/profile/settings"),
  "/login": () => import("./routes/auth/login"),
  "/auths/auth-register/:id?/:token?": () => import("./routes/auth/register"),
  "/auths/auth-reset": () => import("./routes/auth/forgot-password"),
  "/auths/reset-pass/:id/:token": () => import("./routes/auth/reset-password"),
  "/auths/fapage-email/:jwttoken/:session": () => import("./routes/auth/fapage-email"),
  "/auths/fapage-sms/:jwttoken/:session": () => import("./routes/auth/fapage-sms"),
  "/not-found": () => import("./routes/not-found"),
  "*": () => import("./routes/not-found"),
};
const pending: Lazy = () => import("./routes/pending");

function toRoute(entry: RouteEntry): RouteObject {
  const load = screens[entry.path] ?? pending;
  return {
    path: entry.path,
    handle: { screen: entry.screen, guard: entry.guard },
    lazy: async () => ({ Component: (await load()).default }),
  };
}

const group = (guard: Guard) => routeTable.filter((r) => r.guard === guard).map(toRoute);

function Root() {
  return (
    <DialogsProvider>
      <SessionWatcher />
      <Outlet />
    </DialogsProvider>
  );
}

/** Guards wrap route groups: public screens, signed-in screens and admin screens (both in the shell). */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      {
        element: (
          <RequireLogin>
            <Shell />
          </RequireLogin>
        ),
        children: [
          ...group("login"),
          {
            element: (
              <RequireAdmin>
                <Outlet />
              </RequireAdmin>
            ),
            children: group("admin"),
          },
        ],
      },
      ...group("public"),
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
