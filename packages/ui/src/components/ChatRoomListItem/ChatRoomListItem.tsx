import { formatInZone } from "@herald/domain";
import { isValid } from "date-fns";
import { VisuallyHidden } from "radix-ui";
import { Badge, chatroomStatusTone } from "../Badge";
import { ChannelIcon, channelLabel } from "../ChannelIcon";
import * as s from "./ChatRoomListItem.css";

/** The chatroom list entry as the API sends it (subscriber summary). */
export interface ChatRoomSummary {
  subscriberId: string;
  subscriberName: string;
  chatroomStatus: string;
  channelType: string;
  /** Last message text. */
  text?: string | null;
  lastActivityAt?: Date | string | null;
  unreadCount?: number | null;
  agentFirstName?: string | null;
  agentLastName?: string | null;
}

export interface ChatRoomListItemProps {
  room: ChatRoomSummary;
  /** The room open in the message panel (aria-current). */
  active?: boolean;
  onSelect?: (subscriberId: string) => void;
  /** "Now" for the time label (today shows a time, earlier days a date). */
  now?: Date;
  className?: string;
  /** For a list with one tab stop (roving tabindex): 0 on the room that takes focus, -1 on the others. */
  tabIndex?: number;
}

const statusLabels: Record<string, string> = {
  open: "Open",
  assigned: "Assigned",
  "in-progress": "In Progress",
  closed: "Closed",
};

export function chatroomStatusLabel(status: string | null | undefined): string {
  const value = (status ?? "").trim();
  if (value === "") return "Unknown";
  return statusLabels[value] ?? value.charAt(0).toUpperCase() + value.slice(1);
}

function timeLabel(value: Date | string | null | undefined, now: Date): { text: string; iso: string } | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  if (!isValid(date)) return null;
  return {
    // in the company's time zone once the portal knows it (a compact list: the zone is not repeated here)
    text:
      formatInZone(date, "yyyy-MM-dd", undefined, false) === formatInZone(now, "yyyy-MM-dd", undefined, false)
        ? formatInZone(date, "h:mm a", undefined, false)
        : formatInZone(date, "dd/MM/yyyy", undefined, false),
    iso: date.toISOString(),
  };
}

/**
 * One chatroom in the inbox list: channel icon, subscriber name, last message (one line), time, unread count,
 * status badge and agent. A button: put it in an `<li>`; the active room has aria-current.
 */
export function ChatRoomListItem({
  room,
  active = false,
  onSelect,
  now,
  className,
  tabIndex,
}: ChatRoomListItemProps) {
  const time = timeLabel(room.lastActivityAt, now ?? new Date());
  const unread = room.unreadCount ?? 0;
  const agent = [room.agentFirstName, room.agentLastName]
    .map((p) => (p ?? "").trim())
    .filter(Boolean)
    .join(" ");
  return (
    <button
      type="button"
      className={className ? `${s.item} ${className}` : s.item}
      aria-current={active ? "true" : undefined}
      data-subscriber-id={room.subscriberId}
      tabIndex={tabIndex}
      onClick={() => onSelect?.(room.subscriberId)}
    >
      <ChannelIcon type={room.channelType} size={32} decorative />
      <span className={s.body}>
        <span className={s.line}>
          <span className={s.name}>{room.subscriberName}</span>
          <VisuallyHidden.Root>{`, ${channelLabel(room.channelType)}`}</VisuallyHidden.Root>
          {time && (
            <time className={s.time} dateTime={time.iso}>
              {time.text}
            </time>
          )}
        </span>
        <span className={s.line}>
          <span className={s.preview}>{room.text ?? ""}</span>
          {unread > 0 && (
            <Badge tone="danger" className={s.unread}>
              <span aria-hidden="true">{unread > 99 ? "99+" : unread}</span>
              <VisuallyHidden.Root>{`${unread} unread ${unread === 1 ? "message" : "messages"}`}</VisuallyHidden.Root>
            </Badge>
          )}
        </span>
        <span className={s.line}>
          <Badge tone={chatroomStatusTone(room.chatroomStatus)} variant="soft">
            {chatroomStatusLabel(room.chatroomStatus)}
          </Badge>
          {agent && (
            <span className={s.agent}>
              <VisuallyHidden.Root>Agent: </VisuallyHidden.Root>
              {agent}
            </span>
          )}
        </span>
      </span>
    </button>
  );
}
