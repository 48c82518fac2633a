/** Social chat rooms: status, badge tone, assignment button label, status-log texts and transitions. */

export const CHATROOM_STATUSES = ["open", "assigned", "in-progress", "closed"] as const;
export type ChatroomStatus = (typeof CHATROOM_STATUSES)[number];

export type BadgeTone = "success" | "danger" | "warning" | "primary" | "secondary" | "info";

export const ASSIGN_AGENT = "Assign Agent";
export const ASSIGN_YOURSELF = "Assign Yourself";
export const MYSELF = "Myself";

export function isChatroomStatus(value: unknown): value is ChatroomStatus {
  return typeof value === "string" && (CHATROOM_STATUSES as readonly string[]).includes(value);
}

/** Badge tone: open success, assigned danger, in-progress warning, closed primary, anything else secondary. */
export function chatroomBadgeTone(status: string | null | undefined): BadgeTone {
  switch (status) {
    case "open":
      return "success";
    case "assigned":
      return "info";
    case "in-progress":
      return "warning";
    case "closed":
      return "primary";
    default:
      return "secondary";
  }
}

/**
 * Who a room is assigned to, as the button shows it: 'Myself' when the agent is the viewer, otherwise the
 * agent's first and last name.
 */
export function assigneeName(
  room: { agentId?: string | number | null; agentFirstName?: string | null; agentLastName?: string | null },
  currentUserId: string | number | null | undefined,
): string {
  if (
    room.agentId !== null &&
    room.agentId !== undefined &&
    currentUserId !== null &&
    currentUserId !== undefined
  ) {
    if (String(room.agentId) === String(currentUserId)) return MYSELF;
  }
  return [room.agentFirstName, room.agentLastName]
    .map((part) => (part ?? "").trim())
    .filter((part) => part.length > 0)
    .join(" ");
}

/**
 * The assignment button label: 'Assign Agent' (open, or unknown status), 'Assigned ({who})',
 * 'In Progress ({who})', 'Closed'. `who` is 'Myself' or the agent's name (see `assigneeName`).
 */
export function chatroomButtonLabel(status: string | null | undefined, who = ""): string {
  switch (status) {
    case "assigned":
      return `Assigned (${who})`;
    case "in-progress":
      return `In Progress (${who})`;
    case "closed":
      return "Closed";
    default:
      return ASSIGN_AGENT;
  }
}

/** Kinds of entries in a room's status log. */
export const STATUS_LOG_KINDS = [
  "open",
  "reopened",
  "unassigned",
  "assigned",
  "in-progress",
  "closed",
] as const;
export type StatusLogKind = (typeof STATUS_LOG_KINDS)[number];

export interface StatusLogEntry {
  /** One of `StatusLogKind` ("re-opened" and "unassign" are read as aliases). */
  status: string;
  /** Name of the person who made the change. */
  assignBy?: string | null;
  /** Name of the agent assigned (for "assigned"). */
  assignTo?: string | null;
}

function by(name: string | null | undefined): string {
  const n = (name ?? "").trim();
  return n.length > 0 ? ` by ${n}` : "";
}

/**
 * The status-log line shown in the chat: 'Open ticket', 'Re-opened by Y', 'Unassigned by Y',
 * 'Assigned to X by Y', 'In progress by Y', 'Closed by Y'. A missing name leaves out its part; an unknown
 * status is shown as is.
 */
export function statusLogText(entry: StatusLogEntry): string {
  const to = (entry.assignTo ?? "").trim();
  switch (entry.status) {
    case "open":
      return "Open ticket";
    case "reopened":
    case "re-opened":
      return `Re-opened${by(entry.assignBy)}`;
    case "unassigned":
    case "unassign":
      return `Unassigned${by(entry.assignBy)}`;
    case "assigned":
      return `Assigned${to.length > 0 ? ` to ${to}` : ""}${by(entry.assignBy)}`;
    case "in-progress":
      return `In progress${by(entry.assignBy)}`;
    case "closed":
      return `Closed${by(entry.assignBy)}`;
    default:
      return entry.status;
  }
}

export type ChatroomAction = "assign" | "unassign" | "start" | "close";

/**
 * Room state machine: assign from any state (re-opens a closed room) -> assigned;
 * unassign from assigned or in-progress -> open; start (the assignee begins replying) from assigned or in-progress ->
 * in-progress (idempotent once in progress); close from assigned or in-progress -> closed (irreversible except by a new assignment).
 * Returns the next status, or null when the action is not allowed.
 */
export function nextChatroomStatus(status: ChatroomStatus, action: ChatroomAction): ChatroomStatus | null {
  switch (action) {
    case "assign":
      return "assigned";
    case "unassign":
      return status === "assigned" || status === "in-progress" ? "open" : null;
    case "start":
      return status === "assigned" || status === "in-progress" ? "in-progress" : null;
    case "close":
      return status === "assigned" || status === "in-progress" ? "closed" : null;
  }
}

export interface ChatroomViewer {
  userId: string | number;
  role: string | null | undefined;
}

export interface ChatroomAssignment {
  status: string | null | undefined;
  agentId?: string | number | null;
}

function isMine(room: ChatroomAssignment, viewer: ChatroomViewer): boolean {
  return (
    room.agentId !== null && room.agentId !== undefined && String(room.agentId) === String(viewer.userId)
  );
}

/**
 * Whether the viewer may send in the room: not when it is assigned or in progress to someone else (the
 * input is replaced by a notice that only the designated agent may send).
 */
export function canSendInRoom(room: ChatroomAssignment, viewer: ChatroomViewer): boolean {
  if (room.status === "assigned" || room.status === "in-progress") return isMine(room, viewer);
  return true;
}

/** Close ticket: only when assigned or in progress; an agent may close only their own rooms. */
export function canCloseTicket(room: ChatroomAssignment, viewer: ChatroomViewer): boolean {
  if (room.status !== "assigned" && room.status !== "in-progress") return false;
  return viewer.role === "agent" ? isMine(room, viewer) : true;
}
