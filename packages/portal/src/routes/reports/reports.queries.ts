import { type Schema, unwrap } from "@herald/api-client";
import { keepPreviousData, type QueryClient } from "@tanstack/react-query";
import { $api, api } from "../../api";
import type { ReportListState, ReportQuery } from "./report-screen";

export type InboxMessage = Schema<"InboxMessage">;
export type OutboxMessage = Schema<"OutboxMessage">;
export type ScheduledSms = Schema<"ScheduledSms">;
export type OutboxStatusCount = Schema<"OutboxStatusCount">;

const live = { placeholderData: keepPreviousData, staleTime: 0 } as const;

/** How often the outbox asks again while a message on the page waits for its delivery report. */
export const OUTBOX_FOLLOW_MS = 5_000;
/**
 * How often the inbox and scheduled lists ask again while the tab is shown (new messages arrive, scheduled
 * ones leave when sent). Hidden tabs do not poll (react-query's default); showing the tab again refetches.
 */
export const REPORT_FOLLOW_MS = 30_000;
/** A message that is queued or accepted by the gateway, its delivery report still to come. */
export const awaitingReport = (status: string | null | undefined) =>
  !status || status === "pending" || status === "sent" || status === "accepted";

function state<A, T>(
  q: {
    data: A | undefined;
    isPending: boolean;
    isFetching: boolean;
    isPlaceholderData: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  },
  rows: (a: A) => T[],
) {
  return {
    rows: q.data ? rows(q.data) : undefined,
    answer: q.data as never,
    isPending: q.isPending,
    isFetching: q.isFetching,
    isPlaceholderData: q.isPlaceholderData,
    isError: q.isError,
    error: q.error,
    refetch: q.refetch,
  };
}

export function useInbox({ query, body }: ReportQuery): ReportListState<InboxMessage> {
  return state(
    $api.useQuery(
      "post",
      "/inbox",
      { params: { query }, body },
      { ...live, refetchInterval: REPORT_FOLLOW_MS },
    ),
    (a) => a.data,
  );
}

export function useOutbox(
  { query, body }: ReportQuery,
  userId: string | undefined,
): ReportListState<OutboxMessage> {
  const q = $api.useQuery(
    "post",
    "/outbox",
    { params: { query }, body: { ...body, ...(userId ? { userId } : {}) } },
    {
      ...live,
      // Messages still on their way get their delivery reports: the page follows them closely while one is
      // shown, and otherwise still looks for new messages now and then (only while the tab is shown).
      refetchInterval: (query) =>
        query.state.data?.outbox.some((m) => awaitingReport(m.delivered_st))
          ? OUTBOX_FOLLOW_MS
          : REPORT_FOLLOW_MS,
    },
  );
  return { ...state(q, (a) => a.outbox), msgStatus: query.cursor ? undefined : q.data?.msg_status };
}

export function useScheduled({ query, body }: ReportQuery): ReportListState<ScheduledSms> {
  return state(
    $api.useQuery(
      "post",
      "/scheduledSms",
      { params: { query }, body },
      { ...live, refetchInterval: REPORT_FOLLOW_MS },
    ),
    (a) => a.data,
  );
}

/** Options of the outbox's user filter (admins only). */
export function useReportUsers(enabled: boolean) {
  return $api.useQuery("post", "/inboxUser", { body: { isAdmin: 1 } }, { enabled });
}

export const refreshReports = (queryClient: QueryClient, path: "/inbox" | "/outbox" | "/scheduledSms") =>
  queryClient.invalidateQueries({ queryKey: ["post", path] });

export async function deleteRows(
  path: "/deleteInbox" | "/deleteOutbox" | "/deleteScheduledSms",
  ids: string[],
): Promise<void> {
  unwrap(await api.POST(path, { body: { selectedRows: ids } }));
}
