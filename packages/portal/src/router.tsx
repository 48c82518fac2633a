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
import { documentTitle, type Guard, type RouteEntry, routeTable } from "./route-table";
import { screenFor } from "./screens";
import { HydrateFallback } from "./shell/hydrate-fallback";

/** The signed-in layout (menus, pickers, date formatting) loads only when a signed-in screen renders. */
const Shell = lazy(() => import("./shell/shell").then((m) => ({ default: m.Shell })));
/** The operator console's layout, likewise loaded only when a console screen renders. */
const OperatorShell = lazy(() =>
  import("./shell/operator-shell").then((m) => ({ default: m.OperatorShell })),
);

function toRoute(entry: RouteEntry): RouteObject {
  const load = screenFor(entry);
  return {
    path: entry.path,
    // The whole entry: its title names the page, and a screen not built yet shows its description.
    handle: entry satisfies RouteEntry,
    lazy: async () => ({ Component: (await load()).default }),
  };
}

const group = (guard: Guard) => routeTable.filter((r) => r.guard === guard).map(toRoute);

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
 * operator's console (its own guard, session and layout).
 */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    HydrateFallback,
    children: [
      {
        element: (
          <RequireLogin>
            <Suspense>
              <Shell />
            </Suspense>
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

export const createRouter = () => createBrowserRouter(routes);
