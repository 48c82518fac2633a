import type { QueryClient } from "@tanstack/react-query";
import { $api } from "./api";
import { portalConfigQuery } from "./routes/auth/auth.queries";
import { roomsQuery } from "./routes/social/rooms.query";
import { currentRole } from "./session";

let shell: Promise<typeof import("./shell/shell")> | undefined;
/** The signed-in layout's code, asked for once: by the first signed-in route's loader, or when it renders. */
export const loadShell = () => {
  shell ??= import("./shell/shell");
  return shell;
};

/** The shell's own data (header and guards): the profile, the notifications and, for admins, the company. */
export const profileQuery = () => $api.queryOptions("post", "/getProfile", {});

/**
 * What a signed-in page needs before it can show anything, asked for at once when the route matches, in
 * parallel with the page's code (route loaders run beside route modules): the shell's code and its data.
 * Nothing is awaited, so the page never waits for a loader; the screens' queries find the answers in flight.
 */
export function preloadSignedIn(queryClient: QueryClient) {
  const role = currentRole();
  if (role === null) return;
  void loadShell();
  // The header's calls follow the profile's answer (still before the header's code arrives): a session ended
  // on the server costs one refused call, not three.
  void queryClient.prefetchQuery(profileQuery()).then(() => {
    if (queryClient.getQueryState(profileQuery().queryKey)?.status !== "success") return;
    void queryClient.prefetchQuery($api.queryOptions("post", "/getNotification", {}));
    if (role === "admin")
      void queryClient.prefetchQuery($api.queryOptions("post", "/getCompany", { body: {} }));
  });
}

/** Each screen's first data, by route path, asked for beside its code (the screens ask for the same keys). */
export const screenPreloads: Partial<Record<string, (queryClient: QueryClient) => void>> = {};
const inbox = (queryClient: QueryClient) => {
  void queryClient.prefetchInfiniteQuery(roomsQuery());
  void queryClient.prefetchQuery(portalConfigQuery());
};
for (const path of ["/", "/apps/social-chat", "/apps/social-chat/:subscriberId"])
  screenPreloads[path] = inbox;
