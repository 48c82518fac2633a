import { createApiClient } from "@herald/api-client";
import { createQueryHelpers } from "@herald/api-client/react-query";
import { MESSAGES } from "@herald/domain";
import { QueryClient } from "@tanstack/react-query";
import { type ApiArea, apiArea } from "./api-area";
import { getOperatorToken, operatorSessionEnded, raiseOperatorSessionEnded } from "./operator-session";
import { getToken, raiseSessionExpired, sessionEnded } from "./session";

/** The token a call carries: the company user's, the operator's, or none (api-area.ts). */
export function tokenFor(area: ApiArea): string | null {
  if (area === "company") return getToken();
  if (area === "operator") return getOperatorToken();
  return null;
}

const refused = (message: string) =>
  new Response(JSON.stringify({ message }), { status: 401, headers: { "content-type": "application/json" } });

/**
 * The one API client of the portal: same origin. Each call carries the token of its own area, never the
 * other's: a company user's calls the `userToken`, the operator console's the `operatorToken`.
 */
export const api = createApiClient({ baseUrl: "" });

api.use({
  onRequest({ request, schemaPath }) {
    const area = apiArea(schemaPath);
    const named = request.headers.get("Authorization");
    if (named) {
      // A call that names its token (a sign-out sends the token it ends, already cleared from storage) keeps
      // it, unless it is the other area's token.
      const other = tokenFor(area === "operator" ? "company" : "operator");
      if (area === "none" || (other && named === `Bearer ${other}`)) request.headers.delete("Authorization");
      return request;
    }
    const token = tokenFor(area);
    if (!token) return request;
    // Once the server has refused a token, nothing more is sent with it: the one refused call leads to the
    // session's dialog, and the calls still queued answer 401 locally.
    if (area === "company" && sessionEnded(token)) return refused(MESSAGES.sessionExpired);
    if (area === "operator" && operatorSessionEnded(token)) return refused(OPERATOR_SESSION_ENDED);
    request.headers.set("Authorization", `Bearer ${token}`);
    return request;
  },
  onResponse({ response, schemaPath }) {
    if (response.status !== 401) return response;
    // A refused token while signed in means the session ended on the server (sign-out elsewhere, expiry).
    const area = apiArea(schemaPath);
    if (area === "company" && getToken()) raiseSessionExpired();
    if (area === "operator" && getOperatorToken()) raiseOperatorSessionEnded();
    return response;
  },
});

/** What the operator is told when the console's session ends. */
export const OPERATOR_SESSION_ENDED = "Your operator session has ended. Please sign in again.";

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
        retry: (failures, error) =>
          failures < 1 && !isServerAnswer(error) && !sessionEnded() && !operatorSessionEnded(),
      },
    },
  });
}
