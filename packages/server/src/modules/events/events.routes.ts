/**
 * GET /api/events (streamEvents): server-sent events of the caller's company, filtered to what the caller may
 * see: room and message events only for channels the caller's departments hold (admins: every channel; checked
 * against the database and remembered for 30 s per stream), notification events only for their user. A comment
 * line every 25 s keeps proxies from closing the stream. Only clients that accept `text/event-stream` get a
 * stream (406 otherwise); EventSource may pass the token as `access_token`.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Deps, Handlers } from "../../deps";
import { HttpError } from "../../errors";
import type { HeraldEvent } from "../../lib/events";
import { requireActor } from "../../plugins/actor";
import { visibleChannel } from "../channels/scope";
import { rows } from "../contacts/contacts.service";

export const NOT_EVENT_STREAM = "This call answers text/event-stream only.";
const PING_MS = 25_000;
const VISIBILITY_TTL_MS = 30_000;

/** EventSource cannot send headers: on /api/events only, `access_token` stands for the Authorization header. */
export function installEventStreamToken(app: FastifyInstance) {
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/events") || request.headers.authorization) return;
    const token = new URL(request.url, "http://localhost").searchParams.get("access_token");
    if (token) request.headers.authorization = `Bearer ${token}`;
  });
}

export function eventHandlers(deps: Deps): Handlers {
  return {
    async streamEvents(request, reply) {
      const actor = requireActor(request.actor);
      if (!(request.headers.accept ?? "").includes("text/event-stream"))
        throw new HttpError(406, NOT_EVENT_STREAM);
      const seen = new Map<string, { ok: boolean; at: number }>();
      const mayShow = async (e: HeraldEvent): Promise<boolean> => {
        if (e.userId && e.userId !== actor.userId) return false;
        if (!e.channelId || actor.role === "admin") return true;
        const hit = seen.get(e.channelId);
        if (hit && Date.now() - hit.at < VISIBILITY_TTL_MS) return hit.ok;
        const [r] = await rows<{ ok: boolean }>(
          deps.database.db,
          sql`select exists (select 1 from channels c where c.id = ${e.channelId} and c.company_id = ${actor.companyId}
                               and ${visibleChannel(actor, sql`c.id`)}) as ok`,
        );
        const ok = r?.ok === true;
        seen.set(e.channelId, { ok, at: Date.now() });
        return ok;
      };

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      raw.write(": connected\n\n");
      let seq = Date.now();
      // events are written in the order they arrived, even when a visibility check has to wait
      let chain = Promise.resolve();
      const unsubscribe = deps.events.subscribe(actor.companyId, (e) => {
        chain = chain.then(async () => {
          try {
            if (!(await mayShow(e)) || raw.writableEnded) return;
            seq += 1;
            raw.write(`id: ${seq}\nevent: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
          } catch (err) {
            request.log.warn({ err }, "event stream write failed");
          }
        });
      });
      const ping = setInterval(() => raw.write(": ping\n\n"), PING_MS);
      const close = () => {
        clearInterval(ping);
        unsubscribe();
      };
      request.raw.on("close", close);
      raw.on("close", close);
    },
  };
}
