import type { FastifyReply, FastifyRequest } from "fastify";
import type { Deps, Handlers } from "../../deps";
import { acceptsGzip, type CachedPage, gzipOf } from "../../lib/chat-cache";
import { receiveFiles, serveAttachment } from "./attachments";
import { botReply } from "./bot";
import { chatService } from "./chat.service";
import { channelWebhook, channelWebhookChallenge } from "./webhook";

/**
 * Chat: /social-chat/chat/room, /room/message/{roomId}, /room/{id}, /room/{id}/send-message,
 * /rooms/{id}/set-read-all, /agents, /assign-agent, /remove-agent, /close; bot forwarding /getForwardingStatus,
 * /updateForwardingStatus.
 */
/**
 * The polled lists answer with an ETag and 304 when `If-None-Match` names the same answer. A page just read
 * is returned as an object (serialized, and checked against openapi.yaml in tests, by Fastify); a page from
 * the page cache is sent as the bytes it was stored as, gzip-compressed (once per page) for a client that
 * accepts it, as browsers do: a thousand agents polling every 1.5 s then move about a seventh of the bytes.
 */
function tagged<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  { body, page }: { body?: T; page: CachedPage },
): T | FastifyReply {
  const gzip =
    body === undefined && acceptsGzip(request.headers["accept-encoding"]) ? gzipOf(page) : undefined;
  // the compressed form is another representation: its own tag (either tag still means "unchanged")
  const etag = gzip ? `${page.etag.slice(0, -1)}-gzip"` : page.etag;
  reply.header("etag", etag);
  reply.header("vary", "accept-encoding");
  const given = request.headers["if-none-match"];
  if (
    given
      ?.split(",")
      .map((t) => t.trim().replace(/^W\//, ""))
      .some((t) => t === page.etag || t === `${page.etag.slice(0, -1)}-gzip"`)
  ) {
    return reply.code(304).send();
  }
  if (body !== undefined) return body;
  reply.type("application/json; charset=utf-8");
  if (gzip) return reply.header("content-encoding", "gzip").send(gzip);
  return reply.send(page.json);
}

export function chatHandlers(deps: Deps): Handlers {
  const chat = chatService(deps);
  return {
    listChatRooms: async (r, reply) => tagged(r, reply, await chat.roomListPage(r.actor, r.query ?? {})),
    listRoomMessages: async (r, reply) =>
      tagged(r, reply, await chat.messagePage(r.actor, r.params.roomId, r.query ?? {})),
    getChatRoom: async (r) => chat.getRoom(r.actor, r.params.id),
    sendMessage: async (r) => chat.send(r.actor, r.params.id, r.body),
    sendFiles: async (r) =>
      chat.sendFiles(r.actor, r.params.id, () => receiveFiles(deps, r, { maxFiles: 10 })),
    uploadAttachment: async (r) => chat.upload(r.actor, () => receiveFiles(deps, r, { maxFiles: 1 })),
    getAttachment: async (r, reply) => serveAttachment(deps, r.params.id, r.query, reply),
    setReadAll: async (r) => chat.setReadAll(r.actor, r.params.id, r.body.inboxId),
    listAgents: async (r) => chat.agents(r.actor, r.query ?? {}),
    assignAgent: async (r) => chat.assign(r.actor, r.body.subscriberId, r.body.agentId),
    removeAgent: async (r) => chat.unassign(r.actor, r.body.subscriberId),
    closeChatRoom: async (r) => chat.close(r.actor, r.body.subscriberId, r.body.agentId),
    channelWebhook: async (r) => channelWebhook(deps, r.params.channelId, r.rawBody, r.headers, r.body),
    channelWebhookVerify: async (r, reply) =>
      reply
        .type("text/plain; charset=utf-8")
        .send(
          await channelWebhookChallenge(
            deps,
            r.params.channelId,
            r.query as Record<string, string | undefined>,
          ),
        ),
    botReply: async (r) =>
      botReply(
        deps,
        r.params.companyId,
        r.rawBody,
        r.headers["x-herald-signature"] as string | undefined,
        r.body,
      ),
    getForwardingStatus: async (r) => chat.forwardingStatus(r.actor),
    updateForwardingStatus: async (r) => chat.updateForwarding(r.actor, r.body),
  };
}
