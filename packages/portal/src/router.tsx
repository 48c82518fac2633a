import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { RequireAdmin, RequireLogin } from "./guards";
import { type RouteEntry, routeTable } from "./route-table";

type Lazy = () => Promise<{ default: ComponentType }>;

/** Screens by path; a path without one renders the pending screen until its issue lands. */
const screens: Partial<Record<string, Lazy>> = {
  "/not-found": () => import("./routes/not-found"),
  "*": () => import("./routes/not-found"),
};
const pending: Lazy = () => import("./routes/pending");

function toRoute(entry: RouteEntry): RouteObject {
  const load = screens[entry.path] ?? pending;
  return {
    path: entry.path,
    handle: { screen: entry.screen, guard: entry.guard },
    lazy: async () => {
      const { default: Screen } = await load();
      const Guarded =
        entry.guard === "admin"
          ? () => (
              <RequireAdmin>
                <Screen />
              </RequireAdmin>
            )
          : entry.guard === "login"
            ? () => (
                <RequireLogin>
                  <Screen />
                </RequireLogin>
              )
            : Screen;
      return { Component: Guarded };
    },
  };
}

export const routes: RouteObject[] = routeTable.map(toRoute);
export const createRouter = () => createBrowserRouter(routes);
