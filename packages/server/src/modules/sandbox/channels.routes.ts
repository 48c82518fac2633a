/**
 * The subscriber side of sandbox channels (embedded default, never in production): /_sandbox/channels lists them,
 * /_sandbox/channels/:id is the subscriber's page (send text, see replies and statuses), and
 * POST /_sandbox/channels/:id/messages (a form or JSON) stores the message through the same ingest function the
 * connectors' webhooks use. /_sandbox/channels/:id/conversation.json is the page's data. Showing the page marks
 * the replies read (a simulated read receipt) on channel types that report reads.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { v7 as uuidv7 } from "uuid";
import { sandboxPagesEnabled } from "../../config";
import { rows } from "../../db/sql";
import type { Deps } from "../../deps";
import { BadRequest, NotFound } from "../../errors";
import { CAPABILITIES, type ChannelType } from "../../providers/channels";
import { signedAttachments } from "../chat/attachments";
import { ingestInbound } from "../chat/ingest";
import {
  type ConversationMessage,
  renderChannelList,
  renderNotFound,
  renderSubscriberPage,
  type SandboxChannelRow,
} from "./channels.page";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function sandboxChannel(deps: Deps, id: string) {
  if (!UUID.test(id)) return undefined;
  const [c] = await rows<SandboxChannelRow & { company_id: string }>(
    deps.database.db,
    sql`select c.id, c.name, c.channel_type, c.company_id, co.name as company
          from channels c join companies co on co.id = c.company_id
         where c.id = ${id} and c.driver = 'sandbox' and c.deleted_at is null`,
  );
  return c;
}

/** A subscriber message on a sandbox channel, as the channel's webhook would deliver it. */
export async function sandboxInbound(
  deps: Deps,
  channelId: string,
  body: { subscriberName?: string; platformId?: string; text?: string },
) {
  const channel = await sandboxChannel(deps, channelId);
  if (!channel) throw new NotFound("Sandbox channel not found");
  const name = (body.subscriberName ?? "").trim();
  const platformId = (body.platformId ?? "").trim();
  const text = body.text ?? "";
  if (!name || !platformId || name.length > 255 || platformId.length > 255) {
    throw new BadRequest("subscriberName and platformId are required");
  }
  if (!text.trim() || text.length > 4096) throw new BadRequest("text is required (at most 4096 characters)");
  const r = await ingestInbound(deps, {
    companyId: channel.company_id,
    channelId: channel.id,
    platformId,
    subscriberName: name,
    providerMessageId: `sandbox-in-${uuidv7()}`,
    text,
  });
  return { subscriberId: r.subscriberId, messageId: r.messageId!, channel };
}

async function conversation(deps: Deps, channel: SandboxChannelRow, platformId: string) {
  const { db } = deps.database;
  if (CAPABILITIES[channel.channel_type as ChannelType].readReceipts) {
    await db.execute(
      sql`update chat_messages m set delivery_status = 'read'
            from subscribers s
           where s.id = m.subscriber_id and s.channel_id = ${channel.id} and s.platform_id = ${platformId}
             and m.type = 'outbox' and m.delivery_status in ('sent', 'delivered')`,
    );
  }
  const found = await rows<{
    id: string;
    type: "inbox" | "outbox";
    text: string | null;
    created_at: Date | string;
    delivery_status: string | null;
    message_status: string | null;
    remark: string | null;
    template: string | null;
    attachments: { name: string; url: string }[] | null;
  }>(
    db,
    sql`select m.id, m.type, m.text, m.created_at, m.delivery_status, m.message_status, m.remark,
               m.whatsapp_template_metadata->>'name' as template, m.attachments
          from chat_messages m join subscribers s on s.id = m.subscriber_id
         where s.channel_id = ${channel.id} and s.platform_id = ${platformId}
         order by m.created_at desc, m.id desc limit 200`,
  );
  return found.reverse().map(
    (m): ConversationMessage => ({
      id: m.id,
      type: m.type,
      text: m.text,
      createdAt: new Date(m.created_at).toISOString(),
      deliveryStatus: m.delivery_status,
      messageStatus: m.message_status,
      remark: m.remark,
      template: m.template,
      attachments: signedAttachments(deps, m.attachments).map((a) => ({ name: a.name, url: a.url })),
    }),
  );
}

const html = (reply: FastifyReply, code: number, body: string) =>
  reply.code(code).header("content-type", "text/html; charset=utf-8").send(body);

export async function registerSandboxChannelPages(app: FastifyInstance, deps: Deps) {
  if (!sandboxPagesEnabled(deps.config)) return;
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 16_384 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get("/_sandbox/channels", async (_req, reply) => {
      const list = await rows<SandboxChannelRow>(
        deps.database.db,
        sql`select c.id, c.name, c.channel_type, co.name as company
              from channels c join companies co on co.id = c.company_id
             where c.driver = 'sandbox' and c.deleted_at is null
             order by c.created_at desc limit 200`,
      );
      return html(reply, 200, renderChannelList(list));
    });

    scope.get<{ Params: { id: string }; Querystring: { platformId?: string; name?: string } }>(
      "/_sandbox/channels/:id",
      async (req, reply) => {
        const channel = await sandboxChannel(deps, req.params.id);
        if (!channel) return html(reply, 404, renderNotFound());
        const platformId = req.query.platformId?.trim();
        const who = platformId ? { platformId, name: req.query.name?.trim() || platformId } : undefined;
        const messages = who ? await conversation(deps, channel, who.platformId) : [];
        return html(reply, 200, renderSubscriberPage(channel, who, messages));
      },
    );

    scope.get<{ Params: { id: string }; Querystring: { platformId?: string } }>(
      "/_sandbox/channels/:id/conversation.json",
      async (req, reply) => {
        const channel = await sandboxChannel(deps, req.params.id);
        if (!channel) return reply.code(404).send({ message: "Sandbox channel not found" });
        const platformId = req.query.platformId?.trim();
        if (!platformId) return reply.code(400).send({ message: "platformId is required" });
        return { data: await conversation(deps, channel, platformId) };
      },
    );

    scope.post<{ Params: { id: string }; Body: Record<string, string> | undefined }>(
      "/_sandbox/channels/:id/messages",
      async (req, reply) => {
        const form = (req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");
        try {
          const r = await sandboxInbound(deps, req.params.id, req.body ?? {});
          if (!form) return { subscriberId: r.subscriberId, messageId: r.messageId };
          const q = `platformId=${encodeURIComponent(req.body?.platformId?.trim() ?? "")}&name=${encodeURIComponent(req.body?.subscriberName?.trim() ?? "")}`;
          return reply.redirect(`/_sandbox/channels/${r.channel.id}?${q}`, 303);
        } catch (err) {
          if (err instanceof NotFound) {
            return form ? html(reply, 404, renderNotFound()) : reply.code(404).send({ message: err.message });
          }
          if (err instanceof BadRequest) return reply.code(400).send({ message: err.message });
          throw err;
        }
      },
    );
  });
}
