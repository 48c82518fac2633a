import type { FastifyInstance } from "fastify";

/**
 * Answers of the API carry tokens and personal data: no browser or proxy may keep them. Every `/api` and
 * `/_sandbox` answer is `Cache-Control: no-store` unless its handler chose its own caching.
 */
export function installNoStore(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply, payload) => {
    const url = request.url;
    const api =
      url === "/api" || url.startsWith("/api/") || url.startsWith("/api?") || url.startsWith("/_sandbox");
    if (api && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });
}
