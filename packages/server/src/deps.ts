import type { operations } from "@herald/api-client/schema";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { Queue } from "./jobs/queue";
import type { ChatPageCache } from "./lib/chat-cache";
import type { EventHub } from "./lib/events";
import type { EmailProvider } from "./providers/email";
import type { PaymentProvider } from "./providers/payments";
import type { SmsProvider } from "./providers/sms";

/** What every module receives: built once per process in app.ts. */
export interface Deps {
  config: Config;
  database: Database;
  queue: Queue;
  email: EmailProvider;
  sms: SmsProvider;
  payments: PaymentProvider;
  /** Live change notifications of this process's open event streams (lib/events.ts). */
  events: EventHub;
  /** The inbox's polled pages kept between changes (lib/chat-cache.ts); absent: every poll reads. */
  chatCache?: ChatPageCache;
}

export type OperationId = keyof operations;
type Op<K extends OperationId> = operations[K];
type JsonBody<K extends OperationId> =
  Op<K> extends { requestBody?: { content: { "application/json": infer B } } } ? B : unknown;
type PathParams<K extends OperationId> = Op<K> extends { parameters: { path?: infer P } } ? P : unknown;
type QueryParams<K extends OperationId> = Op<K> extends { parameters: { query?: infer Q } } ? Q : unknown;

/** A handler for one operation of openapi.yaml: body, params and query typed from the contract. */
export type OperationHandler<K extends OperationId> = (
  request: FastifyRequest<{ Body: JsonBody<K>; Params: PathParams<K>; Querystring: QueryParams<K> }>,
  reply: FastifyReply,
) => Promise<unknown>;

export type Handlers = { [K in OperationId]?: OperationHandler<K> };
// biome-ignore lint/suspicious/noExplicitAny: the router calls handlers generically
export type Handler = (request: FastifyRequest<any>, reply: FastifyReply) => Promise<unknown>;
