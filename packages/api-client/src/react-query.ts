import createQueryClient from "openapi-react-query";
import type { ApiClient } from "./index";

/** TanStack Query helpers (`$api.useQuery("get", "/departments")`, `$api.queryOptions(...)`). React only. */
export function createQueryHelpers(client: ApiClient) {
  return createQueryClient(client);
}
export type QueryHelpers = ReturnType<typeof createQueryHelpers>;
