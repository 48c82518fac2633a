import type { components } from "@herald/api-client/schema";
import type { FastifyInstance } from "fastify";
import type { DestinationStream } from "pino";
import { buildApp } from "../../app";
import type { JobPayloads } from "../../jobs/queue";
import {
  auth,
  createCompany,
  eventually,
  privateDatabase,
  type TestCompany,
  testConfig,
} from "../../test/harness";
import { type ProviderServer, providerServer, type Responder } from "../../test/provider-server";
import { tokenOf } from "../channels/channels.fixtures";
import { deliverChatMessage } from "./deliver";
import { processInboundEvent } from "./inbound-job";

type S = components["schemas"];

/**
 * An app on a database of its own with no job workers (the tests run the chat jobs themselves), or with them
 * (`workers`: they send the replies); `logStream` takes its log lines.
 */
export async function connectorApp(
  env: Record<string, string> = {},
  opts: { workers?: boolean; logStream?: DestinationStream } = {},
): Promise<{
  app: FastifyInstance;
  company: TestCompany;
  close: () => Promise<void>;
}> {
  const { database, dataDir, drop } = await privateDatabase();
  const app = await buildApp({
    config: {
      ...testConfig({ HERALD_PUBLIC_URL: "https://herald.example.com", ...env }, dataDir),
      runWorkers: opts.workers ?? false,
    },
    database,
    validateResponses: true,
    logStream: opts.logStream,
  });
  await app.ready();
  const company = await createCompany(app);
  return {
    app,
    company,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/**
 * A connector app (with job workers unless told otherwise) whose provider API is a loopback server answering with
 * `respond`: `urlEnv` names the setting that points at it (e.g. "TELEGRAM_API_URL"). `close` stops both.
 */
export async function providerConnectorApp(
  urlEnv: string,
  respond: Responder,
  opts: { env?: Record<string, string>; workers?: boolean; logStream?: DestinationStream } = {},
): Promise<{
  app: FastifyInstance;
  company: TestCompany;
  api: ProviderServer;
  close: () => Promise<void>;
}> {
  const api = await providerServer();
  api.respond(respond);
  const { app, company, close } = await connectorApp(
    { [urlEnv]: api.url, ...opts.env },
    { workers: opts.workers ?? true, logStream: opts.logStream },
  );
  return {
    app,
    company,
    api,
    close: async () => {
      await close();
      await api.close();
    },
  };
}

/** Saves a provider channel through the connect link and page calls; answers the save response. */
export async function saveProvider(
  app: FastifyInstance,
  admin: { token: string },
  channelType: S["ChannelType"],
  credentials: Record<string, string>,
) {
  const link = await app.inject({
    method: "POST",
    url: "/api/social-chat/channel/connect-channel",
    headers: auth(admin),
    payload: { channelType },
  });
  return app.inject({
    method: "POST",
    url: "/api/social-chat/channel/connect",
    headers: auth(admin),
    payload: {
      token: tokenOf(link.json().link),
      channelType,
      name: `My ${channelType}`,
      mode: "provider",
      credentials,
    },
  });
}

/** Runs the queued chat.send jobs; answers how many ran. */
export async function runSends(app: FastifyInstance): Promise<number> {
  const jobs = await app.deps.queue.boss.fetch<JobPayloads["chat.send"]>("chat.send", { batchSize: 100 });
  for (const j of jobs) {
    await deliverChatMessage(app.deps, j.data.messageId, j.data.waits ? { waits: j.data.waits } : {});
    await app.deps.queue.boss.complete("chat.send", j.id);
  }
  return jobs.length;
}

/**
 * Runs the queued chat.inbound jobs (an app without job workers) in the order their requests arrived (their ids
 * are time-ordered; a fetched batch is not); answers how many ran.
 */
export async function runInbound(app: FastifyInstance): Promise<number> {
  let ran = 0;
  for (;;) {
    const jobs = await app.deps.queue.boss.fetch<JobPayloads["chat.inbound"]>("chat.inbound", {
      batchSize: 100,
    });
    if (jobs.length === 0) return ran;
    jobs.sort((a, b) => (a.data.eventId < b.data.eventId ? -1 : 1));
    for (const j of jobs) {
      await processInboundEvent(app.deps, j.data.eventId);
      await app.deps.queue.boss.complete("chat.inbound", j.id);
      ran++;
    }
  }
}

/**
 * Waits until the webhook requests received so far (of one channel, or all) are processed: their inbound jobs
 * run here on an app without job workers, by the workers otherwise.
 */
export async function settleInbound(app: FastifyInstance, channelId?: string): Promise<void> {
  if (!app.deps.config.runWorkers) await runInbound(app);
  await eventually(async () => {
    const [r] = await app.deps.database.query<{ n: number }>(
      `select count(*)::int as n from channel_inbound_events
        where status = 'pending' and ($1::uuid is null or channel_id = $1::uuid)`,
      [channelId ?? null],
    );
    return r!.n === 0;
  });
}

/** The room's messages as stored. */
export async function storedMessages(app: FastifyInstance, channelId: string) {
  return app.deps.database.query<{
    id: string;
    type: string;
    text: string | null;
    provider_message_id: string | null;
    delivery_status: string | null;
    message_status: string;
    remark: string | null;
    platform_id: string;
    subscriber_name: string;
    attachments: unknown[];
  }>(
    `select m.id, m.type, m.text, m.provider_message_id, m.delivery_status, m.message_status, m.remark,
            s.platform_id, s.name as subscriber_name, m.attachments
       from chat_messages m join subscribers s on s.id = m.subscriber_id
      where m.channel_id = $1 order by m.created_at, m.id`,
    [channelId],
  );
}

/** Sends a text from the portal to the subscriber's room. */
export function sendText(app: FastifyInstance, who: { token: string }, subscriberId: string, text: string) {
  return app.inject({
    method: "POST",
    url: `/api/social-chat/chat/room/${subscriberId}/send-message`,
    headers: auth(who),
    payload: { type: "text", text },
  });
}
