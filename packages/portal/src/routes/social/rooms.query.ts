import { unwrap } from "@herald/api-client";
import { infiniteQueryOptions } from "@tanstack/react-query";
import { api } from "../../api";
import { nextCursor, POLL_MS, ROOM_PAGE_SIZE, type RoomSummary } from "./social-rules";

type Cursor = { lastSeenCreatedAt: string; lastSeenId: string } | undefined;

export const roomsKey = ["social-chat", "rooms"] as const;

/**
 * The room list, newest activity first, keyset-paged and polled every 1.5 s. Kept apart from the inbox's
 * screen so that a page load can ask for it while the screen's code is still on its way (preload.ts).
 */
export const roomsQuery = () =>
  infiniteQueryOptions({
    queryKey: roomsKey,
    initialPageParam: undefined as Cursor,
    queryFn: async ({ pageParam, signal }) =>
      unwrap(
        await api.GET("/social-chat/chat/room", {
          params: { query: { limit: ROOM_PAGE_SIZE, ...pageParam } },
          signal,
        }),
      ),
    getNextPageParam: (_last, pages) =>
      nextCursor(pages, (r: RoomSummary) => ({ at: r.lastActivityAt, id: r.subscriberId })),
    refetchInterval: POLL_MS,
    staleTime: 0,
  });
