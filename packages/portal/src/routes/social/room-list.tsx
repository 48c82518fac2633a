import { Button, ChatRoomListItem } from "@herald/ui";
import { useVirtualizer } from "@tanstack/react-virtual";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
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

  // One tab stop for the whole list (roving tabindex): the open room, else the last one focused, else the
  // first. Up/Down/Home/End move focus between rooms; Enter (or Space) opens the focused one.
  const [focusIndex, setFocusIndex] = useState(0);
  const activeIndex = activeId ? rooms.findIndex((r) => r.subscriberId === activeId) : -1;
  const [lastActive, setLastActive] = useState(activeIndex);
  if (activeIndex !== lastActive) {
    setLastActive(activeIndex);
    if (activeIndex >= 0) setFocusIndex(activeIndex);
  }
  const tabStop = Math.min(focusIndex, Math.max(rooms.length - 1, 0));
  const focusRoom = (index: number) => {
    const target = Math.min(Math.max(index, 0), rooms.length - 1);
    if (target < 0) return;
    setFocusIndex(target);
    const find = () =>
      scroller.current?.querySelector<HTMLElement>(`li[data-index="${target}"] button[data-subscriber-id]`);
    const el = find();
    if (el) {
      el.focus();
      el.scrollIntoView({ block: "nearest" });
      return;
    }
    virtualizer.scrollToIndex(target);
    requestAnimationFrame(() => requestAnimationFrame(() => find()?.focus()));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const li = (event.target as HTMLElement).closest<HTMLElement>("li[data-index]");
    if (!li) return;
    const index = Number(li.dataset.index);
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: rooms.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    focusRoom(to);
  };

  const now = new Date();
  return (
    <>
      <h2 className={s.paneHeading} id="chat-list-heading">
        Chats <span className={s.count}>{total}</span>
      </h2>
      <p id="chat-list-keys" hidden>
        Use the up and down arrow keys to move between chats, Enter to open one.
      </p>
      <div
        ref={scroller}
        className={s.scroller}
        data-testid="room-scroller"
        onScroll={(e) => setScrolled(e.currentTarget.scrollTop > SCROLL_TOP_AFTER_PX)}
      >
        <ul
          className={s.virtualList}
          aria-labelledby="chat-list-heading"
          aria-describedby="chat-list-keys"
          style={{ height: virtualizer.getTotalSize() }}
          onKeyDown={onKeyDown}
          onFocus={(e) => {
            const li = (e.target as HTMLElement).closest<HTMLElement>("li[data-index]");
            if (li) setFocusIndex(Number(li.dataset.index));
          }}
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
                  tabIndex={item.index === tabStop ? 0 : -1}
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
