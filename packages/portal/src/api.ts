import { createApiClient } from "@herald/api-client";
import { createQueryHelpers } from "@herald/api-client/react-query";
import { getToken, raiseSessionExpired } from "./session";

/** The one API client of the portal: same origin, token from local storage. */
export const api = createApiClient({
  baseUrl: "",
  getToken,
  // A refused token while signed in means the session ended on the server (logout elsewhere, password change).
  onUnauthorized: () => {
    if (getToken()) raiseSessionExpired();
  },
});
export const $api = createQueryHelpers(api);
