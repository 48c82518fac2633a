import { unwrap } from "@herald/api-client";
import type { QueryClient } from "@tanstack/react-query";
import { api } from "../../api";

/**
 * The console's calls that list by keyset, one page each (the lists' "Load more" asks for the next), and the
 * refresh after a change. Single reads and changes use `$api` and `api` directly on their screens.
 */
type Page = { cursor?: string; limit: number; signal: AbortSignal };
const after = (p: Page) => ({ ...(p.cursor ? { cursor: p.cursor } : {}), limit: p.limit });

export interface CompanyFilters {
  q?: string;
  status?: "active" | "suspended";
}
export const loadCompanies = (f: CompanyFilters) => async (p: Page) =>
  unwrap(
    await api.GET("/operator/companies", { params: { query: { ...f, ...after(p) } }, signal: p.signal }),
  );

export const loadTopups = (status: "open" | "granted" | "declined") => async (p: Page) =>
  unwrap(
    await api.GET("/operator/topup-requests", {
      params: { query: { status, ...after(p) } },
      signal: p.signal,
    }),
  );

export interface SenderIdFilters {
  q?: string;
  status?: "requested" | "approved" | "rejected" | "revoked" | "withdrawn";
}
export const loadSenderIds = (f: SenderIdFilters) => async (p: Page) =>
  unwrap(
    await api.GET("/operator/sender-ids", { params: { query: { ...f, ...after(p) } }, signal: p.signal }),
  );

export const loadNumbers = (q: string) => async (p: Page) =>
  unwrap(
    await api.GET("/operator/numbers", {
      params: { query: { ...(q ? { q } : {}), ...after(p) } },
      signal: p.signal,
    }),
  );

export const loadUnrouted = () => async (p: Page) =>
  unwrap(await api.GET("/operator/unrouted", { params: { query: after(p) }, signal: p.signal }));

/** After a change in the console: the lists and figures it can move. */
export async function refreshConsole(queryClient: QueryClient, ...paths: string[]) {
  await Promise.all(
    ["/operator/overview", ...paths].map((path) =>
      queryClient.invalidateQueries({ queryKey: ["get", path] }),
    ),
  );
}
