/** Texts of the chat calls. The specification shows only the portal's success texts; these are designed. */
export const ROOM_NOT_FOUND = "Chat room not found";
export const MESSAGE_NOT_FOUND = "Message not found";
export const AGENT_NOT_FOUND = "Agent not found";
export const CURSOR_PAIR = "lastSeenCreatedAt and lastSeenId go together";
export const ROOM_CLOSED = "This chatroom is closed.";
export const ONLY_DESIGNATED_AGENT = "Only the designated agent may send messages in this chatroom.";
export const AGENTS_ASSIGN_THEMSELVES = "Agents may only assign chatrooms to themselves.";
export const ROOM_TAKEN = "This chatroom is assigned to another agent.";
export const ONLY_SUPERVISORS_UNASSIGN = "Only supervisors and admins may unassign a chatroom.";
export const NOT_ASSIGNED = "This chatroom is not assigned.";
export const NOT_CURRENT_AGENT = "The agent is not this chatroom's current agent.";
export const AGENTS_CLOSE_OWN = "Agents may close only their own chatrooms.";
export const AGENT_OUTSIDE_CHANNEL = "The agent's departments do not handle this chatroom's channel.";
export const TEMPLATE_NOT_WHATSAPP = "Template messages can be sent on WhatsApp channels only.";
export const TEMPLATE_NOT_FOUND = "Template not found";
export const ATTACHMENT_NOT_FOUND = "Attachment not found";
export const ATTACHMENT_LINK_EXPIRED =
  "This link to the file has expired. Open the conversation again to get a new link.";
export const OUTSIDE_WINDOW =
  "The subscriber has not written in the last 24 hours: only template messages can be sent.";
export const textTooLong = (max: number) => `The message cannot exceed ${max} characters on this channel.`;
export const templateVariables = (part: string, expected: number) =>
  `The template's ${part} takes ${expected} variable${expected === 1 ? "" : "s"}.`;
export const CONNECTOR_UNAVAILABLE = "This channel's connector is not available.";
export const FORWARDING_FORBIDDEN = "Only supervisors and admins may change chatbot forwarding.";
export const NOT_YOURSELF = "currentUserId must be your own user id.";
export const fileTypeRefused = (name: string, type: string) =>
  `${name}: this file type cannot be sent on ${type}.`;
export const fileTooLargeFor = (name: string, maxBytes: number) =>
  `${name} is too large for this channel (at most ${maxBytes} bytes).`;
export const BOT_URL_INVALID = "The chatbot's webhook URL must be an http(s) URL.";
