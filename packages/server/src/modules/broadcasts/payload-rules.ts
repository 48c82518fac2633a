/**
 * The wizard's rules on a broadcast payload, in the order of its steps (Information, Campaign, Message): the
 * first broken one's message, or null. Used by the request validation (schema violations get these words) and
 * by the service.
 */
import {
  COMPOSE_MESSAGE,
  DESCRIPTION_TOO_LONG,
  NAME_REQUIRED,
  NAME_TOO_LONG,
  SELECT_CHANNEL,
} from "./broadcasts.messages";

export function broadcastPayloadMessage(body: unknown): string | null {
  const b = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const name = typeof b.broadcastName === "string" ? b.broadcastName.trim() : "";
  if (!name) return NAME_REQUIRED;
  if (name.length > 50) return NAME_TOO_LONG;
  if (typeof b.broadcastDescription === "string" && b.broadcastDescription.length > 255) {
    return DESCRIPTION_TOO_LONG;
  }
  if (b.type === "template" && (typeof b.channelId !== "string" || !b.channelId)) return SELECT_CHANNEL;
  if (b.type === "live") {
    const text = typeof b.text === "string" ? b.text.trim() : "";
    if (!text && !b.attachmentId) return COMPOSE_MESSAGE;
  }
  return null;
}
