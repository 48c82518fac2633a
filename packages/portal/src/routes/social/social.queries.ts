import { unwrap } from "@herald/api-client";
import { type QueryClient, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "../../api";
import { useLiveEvents } from "../../shell/event-stream";
import { roomsKey, roomsQuery } from "./rooms.query";
import { MESSAGE_PAGE_SIZE, mergePages, nextCursor, POLL_MS } from "./social-rules";

type Cursor = { lastSeenCreatedAt: string; lastSeenId: string } | undefined;

export { roomsKey };
export const messagesKey = (roomId: string) => ["social-chat", "messages", roomId] as const;
export const profileKey = (roomId: string) => ["social-chat", "room", roomId] as const;

/** The room list, newest activity first, keyset-paged and polled every 1.5 s. */
export function useRooms() {
  const query = useInfiniteQuery(roomsQuery());
  const pages = query.data?.pages ?? [];
  return {
    ...query,
    rooms: mergePages(pages, (r) => r.subscriberId),
    total: pages[0]?.total ?? 0,
  };
}

/**
 * One room's messages, newest first, keyset-paged; polled every 1.5 s, also while the tab is in the
 * background, so a room left open is marked read and current when the user comes back.
 */
export function useMessages(roomId: string) {
  const query = useInfiniteQuery({
    queryKey: messagesKey(roomId),
    initialPageParam: undefined as Cursor,
    queryFn: async ({ pageParam, signal }) =>
      unwrap(
        await api.GET("/social-chat/chat/room/message/{roomId}", {
          params: { path: { roomId }, query: { limit: MESSAGE_PAGE_SIZE, ...pageParam } },
          signal,
        }),
      ),
    getNextPageParam: (_last, pages) => nextCursor(pages, (m) => ({ at: m.createdAt, id: m.id })),
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
  const pages = query.data?.pages ?? [];
  return { ...query, newestFirst: mergePages(pages, (m) => m.id), total: pages[0]?.total ?? 0 };
}

/** The panel header's subscriber profile (channel, name, status, agent); follows the room list's polling. */
export function useRoomProfile(roomId: string) {
  return useQuery({
    queryKey: profileKey(roomId),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/social-chat/chat/room/{id}", { params: { path: { id: roomId } }, signal })),
    refetchInterval: POLL_MS,
    staleTime: 0,
  });
}

/** After an assignment, a close or a send: the list, the header and the messages show it at once. */
export const refreshRoom = (queryClient: QueryClient, roomId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: roomsKey }),
    queryClient.invalidateQueries({ queryKey: profileKey(roomId) }),
    queryClient.invalidateQueries({ queryKey: messagesKey(roomId) }),
  ]);

/**
 * Live updates: while the inbox is open, the server's event stream (`GET /api/events`, the tab's one
 * EventSource shared with the header, shell/event-stream.ts) refetches the room list, a room's profile and
 * its messages as soon as they change. Events are hints only; the 1.5 s polling stays as the fallback when the
 * stream is unavailable.
 */
export function useChatEvents(queryClient: QueryClient, token: string | null) {
  const roomOf = (data: Record<string, unknown>) =>
    typeof data.subscriberId === "string" ? data.subscriberId : null;
  useLiveEvents(token, {
    room: (data) => {
      void queryClient.invalidateQueries({ queryKey: roomsKey });
      const id = roomOf(data);
      if (!id) return;
      void queryClient.invalidateQueries({ queryKey: profileKey(id) });
      // an assignment, unassignment or close adds a status-log line under the newest message
      void queryClient.invalidateQueries({ queryKey: messagesKey(id) });
    },
    message: (data) => {
      void queryClient.invalidateQueries({ queryKey: roomsKey });
      const id = roomOf(data);
      if (id) void queryClient.invalidateQueries({ queryKey: messagesKey(id) });
    },
  });
}
