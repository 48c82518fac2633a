/**
 * Test-only: renders portal screens in the browser tests the way the router does (dialogs service, query
 * client, a memory router), with a session token in local storage and the API mocked by msw.
 */
import "@herald/ui/theme";
import { QueryClientProvider } from "@tanstack/react-query";
import axe from "axe-core";
import type { RequestHandler } from "msw";
import { setupWorker } from "msw/browser";
import type { ComponentType } from "react";
import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { page } from "vitest/browser";
import { createQueryClient } from "../api";
import { DialogsProvider } from "../dialogs";
import { OPERATOR_TOKEN_KEY } from "../operator-session";
import { TOKEN_KEY } from "../session";

const worker = setupWorker();
let started: Promise<unknown> | null = null;

/** Starts the mock service worker once per file and replaces its handlers. */
export async function mockApi(handlers: RequestHandler[]) {
  started ??= worker.start({
    quiet: true,
    onUnhandledRequest: "error",
    serviceWorker: { url: "/mockServiceWorker.js" },
  });
  await started;
  worker.resetHandlers(...handlers);
}

export interface Rendered {
  router: ReturnType<typeof createMemoryRouter>;
  unmount: () => void;
}

let mounted: { root: Root; container: HTMLElement } | null = null;

/** Renders `routes` at `path` signed in with `token` (a company user's, or with `operator` the console's). */
export function renderScreen(
  path: string,
  routes: { path: string; Component: ComponentType }[],
  token: string,
  options: { operator?: boolean } = {},
): Rendered {
  unmountScreen();
  localStorage.setItem(options.operator ? OPERATOR_TOKEN_KEY : TOKEN_KEY, token);
  const router = createMemoryRouter(
    [
      {
        element: (
          <DialogsProvider>
            <main>
              <Outlet />
            </main>
          </DialogsProvider>
        ),
        children: routes,
      },
    ],
    { initialEntries: [path] },
  );
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  const client = createQueryClient();
  flushSync(() =>
    root.render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  );
  mounted = { root, container };
  return { router, unmount: unmountScreen };
}

/** A toast's text, in the notifications region (Radix also reads it out once in a live region outside it). */
export const toastText = (text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });

export function unmountScreen() {
  if (!mounted) return;
  mounted.root.unmount();
  mounted.container.remove();
  mounted = null;
}

/** WCAG 2.2 AA violations in the document, one line each ("rule: selectors"), as the journeys check them. */
export async function axeViolations(): Promise<string[]> {
  // Dialogs fade in and the theme's colours transition: measure contrast once they have settled.
  await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
  await new Promise((r) => setTimeout(r, 250));
  const result = await axe.run(document, {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
