import type { QueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect } from "react";
import { createBrowserRouter, Outlet, type RouteObject, useMatches } from "react-router";
import { DialogsProvider } from "./dialogs";
import {
  OperatorSessionWatcher,
  RequireAdmin,
  RequireLogin,
  RequireOperator,
  SessionWatcher,
} from "./guards";
import { loadShell, preloadSignedIn, screenPreloads } from "./preload";
import { documentTitle, type Guard, type RouteEntry, routeTable } from "./route-table";
import { screenFor } from "./screens";
import { currentRole } from "./session";
import { HydrateFallback } from "./shell/hydrate-fallback";
import { ShellSkeleton } from "./shell/skeleton";

/**
 * The signed-in layout (menus, pickers, date formatting) loads only for a signed-in screen: asked for by the
 * signed-in routes' loader, beside the screen's code, and shown as its skeleton until it arrives.
 */
const Shell = lazy(() => loadShell().then((m) => ({ default: m.Shell })));
/** The operator console's layout, likewise loaded only when a console screen renders. */
const OperatorShell = lazy(() =>
  import("./shell/operator-shell").then((m) => ({ default: m.OperatorShell })),
);

function toRoute(entry: RouteEntry, queryClient?: QueryClient): RouteObject {
  const load = screenFor(entry);
  const preload = queryClient && screenPreloads[entry.path];
  return {
    path: entry.path,
    // The whole entry: its title names the page, and a screen not built yet shows its description.
    handle: entry satisfies RouteEntry,
    lazy: async () => ({ Component: (await load()).default }),
    // The screen's first data is asked for beside its code, not after it (nothing awaited).
    ...(preload
      ? {
          loader: () => {
            if (currentRole() !== null) preload(queryClient);
            return null;
          },
        }
      : {}),
  };
}

/** Every page's `<title>` comes from its route table entry ("Users · Herald"). */
function DocumentTitle() {
  const entry = useMatches().at(-1)?.handle as RouteEntry | undefined;
  const title = entry?.title;
  const path = entry?.path;
  useEffect(() => {
    document.title = documentTitle(title, path);
  }, [title, path]);
  return null;
}

function Root() {
  return (
    <DialogsProvider>
      <DocumentTitle />
      <SessionWatcher />
      <Outlet />
    </DialogsProvider>
  );
}

/**
 * Guards wrap route groups: public screens, signed-in screens and admin screens (both in the shell), and the
 * operator's console (its own guard, session and layout). With a query client, signed-in routes ask for the
 * shell's code and data, and each screen for its first data, as soon as they match (loaders), beside the
 * screens' code.
 */
export function appRoutes(queryClient?: QueryClient): RouteObject[] {
  const group = (guard: Guard) =>
    routeTable.filter((r) => r.guard === guard).map((r) => toRoute(r, queryClient));
  return [
    {
      element: <Root />,
      HydrateFallback,
      children: [
        {
          element: (
            <RequireLogin>
              <Suspense fallback={<ShellSkeleton />}>
                <Shell />
              </Suspense>
            </RequireLogin>
          ),
          ...(queryClient
            ? {
                loader: () => {
                  preloadSignedIn(queryClient);
                  return null;
                },
                // Once asked for, the shell's data follows its own polling: no new ask per navigation.
                shouldRevalidate: () => false,
              }
            : {}),
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
        {
          element: (
            <RequireOperator>
              <OperatorSessionWatcher />
              <Suspense>
                <OperatorShell />
              </Suspense>
            </RequireOperator>
          ),
          children: group("operator"),
        },
        ...group("public"),
      ],
    },
  ];
}

/** The routes without preloads (component tests). */
export const routes: RouteObject[] = appRoutes();

export const createRouter = (queryClient?: QueryClient) => createBrowserRouter(appRoutes(queryClient));
