import { createApiClient } from "@herald/api-client";
import { createQueryHelpers } from "@herald/api-client/react-query";
import { MESSAGES } from "@herald/domain";
import { QueryClient } from "@tanstack/react-query";
import { getToken, raiseSessionExpired, sessionEnded } from "./session";

/** The one API client of the portal: same origin, token from local storage. */
export const api = createApiClient({
  baseUrl: "",
  getToken,
  // A refused token while signed in means the session ended on the server (logout elsewhere, password change).
  onUnauthorized: () => {
    if (getToken()) raiseSessionExpired();
  },
});

// Once the server has refused the token, nothing more is sent with it: the one refused call leads to the
// "Session Expired" dialog, and the calls still queued answer 401 locally.
api.use({
  onRequest({ request }) {
    const token = getToken();
    if (token && sessionEnded(token) && request.headers.get("Authorization") === `Bearer ${token}`) {
      return new Response(JSON.stringify({ message: MESSAGES.sessionExpired }), {
        status: 401,
        headers: { "content-type": "application/json" },
      });
    }
    return undefined;
  },
});

export const $api = createQueryHelpers(api);

/**
 * An error thrown by a query is the server's `{ message }` answer (openapi-react-query throws the body) or a
 * network failure. Only network failures are retried, once: an answer (401, 403, 404, 5xx) will not change.
 */
export const isServerAnswer = (error: unknown) =>
  typeof error === "object" && error !== null && "message" in error && !(error instanceof Error);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Queries are cached for 5 minutes, as the specification describes.
      queries: {
        staleTime: 300_000,
        gcTime: 300_000,
        retry: (failures, error) => failures < 1 && !isServerAnswer(error) && !sessionEnded(),
      },
    },
  });
}
