/**
 * GET /api/events (streamEvents): server-sent events of the caller's company, filtered to what the caller may
 * see: room and message events only for channels the caller's departments hold (admins: every channel; the
 * users of each channel's departments are read from the database once per channel for all of this process's
 * streams and remembered for 30 s), notification events and a user's own credit events only for that user. A comment
 * line every 25 s keeps proxies from closing the stream. Only clients that accept `text/event-stream` get a
 * stream (406 otherwise); EventSource may pass the token as `access_token`.
 */
import type { ServerResponse } from "node:http";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { rows } from "../../db/sql";
import type { Deps, Handlers } from "../../deps";
import { HttpError } from "../../errors";
import type { HeraldEvent } from "../../lib/events";
import { requireActor } from "../../plugins/actor";

export const NOT_EVENT_STREAM = "This call answers text/event-stream only.";
const PING_MS = 25_000;
const VISIBILITY_TTL_MS = 30_000;

/**
 * EventSource cannot send headers: on /api/events only, `access_token` stands for the Authorization header.
 * The open streams are ended when the server closes: a stream never ends by itself, and the HTTP server's close
 * waits for every open request (a stopping server with a page open would wait for its 10 s exit timer).
 */
export function installEventStreamToken(app: FastifyInstance) {
  const open = new Set<ServerResponse>();
  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith("/api/events")) return;
    const raw = reply.raw;
    open.add(raw);
    raw.on("close", () => open.delete(raw));
    if (request.headers.authorization) return;
    const token = new URL(request.url, "http://localhost").searchParams.get("access_token");
    if (token) request.headers.authorization = `Bearer ${token}`;
  });
  app.addHook("preClose", async () => {
    for (const raw of open) raw.end();
  });
}

interface Audience {
  at: number;
  /** The channel's company, whether it is live, and the users of the departments holding it. */
  found: Promise<{ companyId: string; live: boolean; users: Set<string> } | null>;
}

export function eventHandlers(deps: Deps): Handlers {
  // Who may see each channel's room events, read once per channel for every stream of this process (and again
  // after 30 s): a message fans out to a thousand streams with one query, not one per stream.
  const audiences = new Map<string, Audience>();
  const audienceOf = (channelId: string) => {
    const hit = audiences.get(channelId);
    if (hit && Date.now() - hit.at < VISIBILITY_TTL_MS) return hit.found;
    const found = rows<{ company_id: string; live: boolean; users: string[] }>(
      deps.database.db,
      sql`select c.company_id, c.deleted_at is null as live,
                 array(select distinct ud.user_id from channel_departments cd
                         join user_departments ud on ud.department_id = cd.department_id
                        where cd.channel_id = c.id) as users
            from channels c where c.id = ${channelId}`,
    ).then(
      ([r]) => (r ? { companyId: r.company_id, live: r.live, users: new Set(r.users) } : null),
      (err) => {
        audiences.delete(channelId);
        throw err;
      },
    );
    audiences.set(channelId, { at: Date.now(), found });
    if (audiences.size > 10_000) audiences.delete(audiences.keys().next().value!);
    return found;
  };

  return {
    async streamEvents(request, reply) {
      const actor = requireActor(request.actor);
      if (!(request.headers.accept ?? "").includes("text/event-stream"))
        throw new HttpError(406, NOT_EVENT_STREAM);
      const mayShow = async (e: HeraldEvent): Promise<boolean> => {
        if (e.userId && e.userId !== actor.userId) return false;
        if (!e.channelId || actor.role === "admin") return true;
        const a = await audienceOf(e.channelId);
        return a !== null && a.companyId === actor.companyId && a.live && a.users.has(actor.userId);
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
