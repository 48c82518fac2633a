import { createApiClient } from "@herald/api-client";
import { createQueryHelpers } from "@herald/api-client/react-query";
import { getToken } from "./session";

/** The one API client of the portal: same origin, token from local storage. */
export const api = createApiClient({ baseUrl: "", getToken });
export const $api = createQueryHelpers(api);
