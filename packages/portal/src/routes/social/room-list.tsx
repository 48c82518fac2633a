import { Button, ChatRoomListItem } from "@herald/ui";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useRef, useState } from "react";
import * as s from "./social.css";
import { ESTIMATED_ROOM_HEIGHT, OVERSCAN, type RoomSummary, SCROLL_TOP_AFTER_PX } from "./social-rules";

export interface RoomListProps {
  rooms: RoomSummary[];
  total: number;
  activeId: string | undefined;
  onSelect: (subscriberId: string) => void;
  /** More rooms exist beyond the loaded pages. */
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/**
 * The chatroom list: virtualised (overscan 10, rows measured after their first render), the next keyset page
 * loaded when the end comes into view, and a Back to top button once it is scrolled more than 250 px.
 */
export function RoomList({
  rooms,
  total,
  activeId,
  onSelect,
  hasMore,
  loadingMore,
  onLoadMore,
}: RoomListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrolled, setScrolled] = useState(false);
  const virtualizer = useVirtualizer({
    count: rooms.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROOM_HEIGHT,
    overscan: OVERSCAN,
    getItemKey: (index) => rooms[index]?.subscriberId ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= rooms.length - 1 && rooms.length > 0) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, rooms.length, onLoadMore]);

  const now = new Date();
  return (
    <>
      <h2 className={s.paneHeading} id="chat-list-heading">
        Chats <span className={s.count}>{total}</span>
      </h2>
      <div
        ref={scroller}
        className={s.scroller}
        data-testid="room-scroller"
        onScroll={(e) => setScrolled(e.currentTarget.scrollTop > SCROLL_TOP_AFTER_PX)}
      >
        <ul
          className={s.virtualList}
          aria-labelledby="chat-list-heading"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {items.map((item) => {
            const room = rooms[item.index];
            if (!room) return null;
            return (
              <li
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className={s.virtualRow}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <ChatRoomListItem
                  room={room}
                  active={room.subscriberId === activeId}
                  onSelect={onSelect}
                  now={now}
                />
              </li>
            );
          })}
        </ul>
      </div>
      {scrolled && (
        <Button
          size="sm"
          variant="solid"
          className={s.scrollTop}
          onClick={() => scroller.current?.scrollTo({ top: 0, behavior: "smooth" })}
        >
          Back to top
        </Button>
      )}
    </>
  );
}
