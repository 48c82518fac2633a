import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { Queue } from "./jobs/queue";
import type { EmailProvider } from "./providers/email";
import type { SmsProvider } from "./providers/sms";

/** What every module receives: built once per process in app.ts. */
export interface Deps {
  config: Config;
  database: Database;
  queue: Queue;
  email: EmailProvider;
  sms: SmsProvider;
}

// biome-ignore lint/suspicious/noExplicitAny: handlers return bodies validated and serialised against openapi.yaml
export type Handler = (request: FastifyRequest<any>, reply: FastifyReply) => Promise<unknown>;
export type Handlers = Record<string, Handler>;
