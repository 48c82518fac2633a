import type { FastifyInstance } from "fastify";
import { sandboxPagesEnabled } from "../../config";
import type { Deps, Handlers } from "../../deps";
import { NotFound } from "../../errors";
import { listSandboxMessages } from "../../sandbox/store";
import { registerSandboxChannelPages, sandboxInbound } from "./channels.routes";
import { renderSandboxPage } from "./sandbox.page";

/** The API view of the sandbox mailbox (also at /_sandbox/messages.json). */
export function sandboxHandlers(deps: Deps): Handlers {
  return {
    async listSandboxMessages(request) {
      if (!sandboxPagesEnabled(deps.config)) throw new NotFound();
      // As the contract documents: one kind, one recipient (exact match), newest first, 100 unless told.
      const { kind, to, limit = 100 } = request.query ?? {};
      return { data: await listSandboxMessages(deps.database, { kind, to, limit }) };
    },
    async simulateChannelInbound(request) {
      if (!sandboxPagesEnabled(deps.config)) throw new NotFound();
      const r = await sandboxInbound(deps, request.params.channelId, request.body);
      return { subscriberId: r.subscriberId, messageId: r.messageId };
    },
  };
}

/** Developer pages of the embedded default; never registered when HERALD_ENV=production. */
export async function registerSandboxPages(app: FastifyInstance, deps: Deps) {
  if (!sandboxPagesEnabled(deps.config)) return;
  app.get("/_sandbox/messages.json", async () => listSandboxMessages(deps.database));
  app.get("/_sandbox", async (_req, reply) => {
    const messages = await listSandboxMessages(deps.database);
    reply.header("content-type", "text/html; charset=utf-8");
    return renderSandboxPage(messages);
  });
  await registerSandboxChannelPages(app, deps);
}
