import type { Schema } from "@herald/api-client";
import { assigneeName, canCloseTicket, canSendInRoom, chatroomButtonLabel } from "@herald/domain";

export type RoomSummary = Schema<"SubscriberSummary">;
export type RoomProfile = Schema<"SubscriberProfile">;
export type ChatMessage = Schema<"ChatMessage">;
export type Agent = Schema<"Agent">;
export type Channel = Schema<"Channel">;
export type ChannelType = Schema<"ChannelType">;
export type WhatsappTemplate = Schema<"WhatsappTemplate">;

/** Rooms and messages are polled every 1.5 s. */
export const POLL_MS = 1_500;
/** The room list offers a scroll-to-top button after 250 px of scrolling. */
export const SCROLL_TOP_AFTER_PX = 250;
/** Virtualised lists render 10 rows beyond the visible ones. */
export const OVERSCAN = 10;
/** Estimated heights of a room list entry and of a message before they are measured. */
export const ESTIMATED_ROOM_HEIGHT = 300;
export const ESTIMATED_MESSAGE_HEIGHT = 500;
/** The narrow layout (list or room, not both) applies up to 768 px wide. */
export const NARROW_QUERY = "(max-width: 768px)";
/** Rows asked for per page (designed; the contract allows up to 200). */
export const ROOM_PAGE_SIZE = 50;
export const MESSAGE_PAGE_SIZE = 50;
/** WhatsApp lets a business write freely only within 24 hours of the subscriber's last message. */
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;

export const CHAT_PATH = "/apps/social-chat";
export const roomPath = (subscriberId: string) => `${CHAT_PATH}/${subscriberId}`;
export const CHANNELS_PATH = "/apps/channel-management";

/** The keyset cursor after a page: the last row's time and id, or undefined when every row is loaded. */
export function nextCursor<T>(
  pages: readonly { data: readonly T[]; total: number }[],
  last: (row: T) => { at: string; id: string },
): { lastSeenCreatedAt: string; lastSeenId: string } | undefined {
  const lastPage = pages.at(-1);
  if (!lastPage || lastPage.data.length === 0) return undefined;
  const loaded = pages.reduce((n, p) => n + p.data.length, 0);
  if (loaded >= lastPage.total) return undefined;
  const row = lastPage.data.at(-1) as T;
  const { at, id } = last(row);
  return { lastSeenCreatedAt: at, lastSeenId: id };
}

/**
 * The rows of several keyset pages as one list: a row that moved to an earlier page while later pages were
 * not refetched yet (a room with a new message) shows once, where the earlier page has it.
 */
export function mergePages<T>(pages: readonly { data: readonly T[] }[], id: (row: T) => string): T[] {
  const seen = new Set<string>();
  const rows: T[] = [];
  for (const page of pages) {
    for (const row of page.data) {
      const key = id(row);
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push(row);
    }
  }
  return rows;
}

/** Messages as the panel shows them: oldest first (the API pages newest first). */
export const chronological = (newestFirst: readonly ChatMessage[]): ChatMessage[] =>
  [...newestFirst].sort((a, b) =>
    a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt < b.createdAt ? -1 : 1,
  );

export interface Viewer {
  userId: string;
  role: string | null | undefined;
}

const agentName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last]
    .map((p) => (p ?? "").trim())
    .filter(Boolean)
    .join(" ");

/** What the panel header offers for a room, by its status and the viewer's role. */
export interface RoomActions {
  /** The assignment button's label: Assign Agent, Assigned ({who}), In Progress ({who}), Closed. */
  statusLabel: string;
  /** Open the agent picker (non-agents, open or closed room). */
  assignAgent: boolean;
  /** Take the room for oneself: non-agents at once, agents after confirming the take-over. */
  assignYourself: boolean;
  /** Agents confirm before taking a room over. */
  confirmTakeOver: boolean;
  /** Pick another agent (non-agents, assigned or in-progress room). */
  reassign: boolean;
  /** Return the room to open (non-agents, assigned or in-progress room). */
  unassign: boolean;
  /** Close ticket (assigned or in progress; agents only their own rooms). */
  close: boolean;
  /** The composer is replaced by the designated-agent notice. */
  locked: boolean;
  /** The ticket is closed: the composer waits for the room to be assigned again. */
  closed: boolean;
}

export function roomActions(room: RoomProfile, viewer: Viewer): RoomActions {
  const status = room.chatroomStatus;
  const isAgent = viewer.role === "agent";
  const assignment = { status, agentId: room.agentId };
  const who = assigneeName(
    { agentId: room.agentId, agentFirstName: room.agentFirstName, agentLastName: room.agentLastName },
    viewer.userId,
  );
  const taken = status === "assigned" || status === "in-progress";
  return {
    statusLabel: chatroomButtonLabel(status, who),
    assignAgent: !taken && !isAgent,
    assignYourself: !taken,
    confirmTakeOver: isAgent,
    reassign: taken && !isAgent,
    unassign: taken && !isAgent,
    close: canCloseTicket(assignment, viewer),
    locked: !canSendInRoom(assignment, viewer),
    closed: status === "closed",
  };
}

/**
 * A WhatsApp room outside the 24-hour window (no subscriber message in the last 24 hours among the ones
 * loaded) can only be sent templates.
 */
export function outsideWhatsappWindow(
  channelType: string,
  messages: readonly ChatMessage[],
  now: number = Date.now(),
): boolean {
  if (channelType !== "WHATSAPP") return false;
  const lastInbound = messages.reduce<number | null>((latest, m) => {
    if (m.type !== "inbox") return latest;
    const at = Date.parse(m.createdAt);
    return Number.isNaN(at) ? latest : Math.max(latest ?? at, at);
  }, null);
  return lastInbound === null || now - lastInbound > WHATSAPP_WINDOW_MS;
}

/** The newest subscriber message, which set-read-all marks as read (with every one before it). */
export function latestInbound(newestFirst: readonly ChatMessage[]): ChatMessage | undefined {
  return newestFirst.find((m) => m.type === "inbox");
}

/** Display name of an agent in the picker. */
export const agentLabel = (agent: Agent) => agentName(agent.first_name, agent.last_name) || "Unnamed agent";

/**
 * The file types the picker offers on the channels that have a fixed list: WhatsApp and WeChat. Other
 * channels take any file here; the server refuses a type the channel does not support (422).
 */
export function acceptFor(channelType: string): string | undefined {
  switch (channelType) {
    case "WHATSAPP":
      return ".png,.jpg,.jpeg,.mp4,.3gp,.xlsx,.xls,.ppt,.doc,.docx,.pdf,.zip,.mp3";
    case "WECHAT":
      return ".png,.jpg";
    default:
      return undefined;
  }
}
