import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";

/** One page of a keyset list in openapi.yaml: its rows and the cursor of the next page (null at the end). */
export interface KeysetPage<Row> {
  data: Row[];
  nextCursor: string | null;
}

export interface KeysetListOptions<Row> {
  /** The call's method and path, as the api-client's query keys name them: ["get", "/operator/companies"]. */
  call: readonly ["get", string];
  /** The filters: part of the cache key, so a new filter starts from its first page. */
  filters: object;
  /** Loads one page after `cursor` (none: the first). */
  load: (page: { cursor?: string; limit: number; signal: AbortSignal }) => Promise<KeysetPage<Row>>;
  limit?: number;
  enabled?: boolean;
}

/**
 * A list the server pages by keyset: the first page, then "Load more" fetches the next one
 * after the last row's cursor. The rows of every page loaded so far, in order. While new filters load, the
 * previous rows stay (dimmed by the table's loading state) instead of an empty table.
 */
export function useKeysetList<Row>({
  call,
  filters,
  load,
  limit = 50,
  enabled = true,
}: KeysetListOptions<Row>) {
  const query = useInfiniteQuery({
    queryKey: [call[0], call[1], filters],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => load({ ...(pageParam ? { cursor: pageParam } : {}), limit, signal }),
    getNextPageParam: (last: KeysetPage<Row>) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled,
  });
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  return { ...query, rows };
}
