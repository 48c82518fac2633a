import { lazy, Suspense, useEffect } from "react";
import { createBrowserRouter, Outlet, type RouteObject, useMatches } from "react-router";
import { DialogsProvider } from "./dialogs";
import { RequireAdmin, RequireLogin, SessionWatcher } from "./guards";
import { documentTitle, type Guard, type RouteEntry, routeTable } from "./route-table";
import { screenFor } from "./screens";
import { HydrateFallback } from "./shell/hydrate-fallback";

/** The signed-in layout (menus, pickers, date formatting) loads only when a signed-in screen renders. */
const Shell = lazy(() => import("./shell/shell").then((m) => ({ default: m.Shell })));

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
  const title = (useMatches().at(-1)?.handle as RouteEntry | undefined)?.title;
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
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

/** Guards wrap route groups: public screens, signed-in screens and admin screens (both in the shell). */
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
      ...group("public"),
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
