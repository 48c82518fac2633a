import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import openapiGlue from "fastify-openapi-glue";
import type { Config, TrustProxy } from "./config";
import { type Database, openDatabase, runMigrations } from "./db/client";
import type { Deps, Handler, Handlers } from "./deps";
import { HttpError, NotImplemented } from "./errors";
import { startQueue } from "./jobs/queue";
import { ChatPageCache } from "./lib/chat-cache";
import { EventHub, listenForEvents } from "./lib/events";
import { listenForInvalidations, SessionCache } from "./lib/session-cache";
import { departmentHandlers } from "./modules/admin/departments.routes";
import { userAdminHandlers } from "./modules/admin/users.routes";
import { auditHandlers } from "./modules/audit/audit.routes";
import { accountHandlers } from "./modules/auth/auth.routes";
import { broadcastHandlers } from "./modules/broadcasts/broadcasts.routes";
import { campaignHandlers } from "./modules/campaigns/campaigns.routes";
import { channelHandlers } from "./modules/channels/channels.routes";
import { chatHandlers } from "./modules/chat/chat.routes";
import { contactHandlers } from "./modules/contacts/contacts.routes";
import { stopContactImports } from "./modules/contacts/import.service";
import { creditHandlers } from "./modules/credit/credit.routes";
import { statementHandlers } from "./modules/credit/statement.routes";
import { thresholdHandlers } from "./modules/credit/thresholds.routes";
import { eventHandlers, installEventStreamToken } from "./modules/events/events.routes";
import { keywordHandlers } from "./modules/keywords/keywords.routes";
import { mobileSubHandlers } from "./modules/mobile-sub/mobile-sub.routes";
import { operatorHandlers } from "./modules/operator/operator.routes";
import { paymentHandlers, registerSandboxPaymentPages } from "./modules/payments/payments.routes";
import { profileHandlers } from "./modules/profile/profile.routes";
import { registryHandlers } from "./modules/registry/registry.routes";
import { reportHandlers } from "./modules/reports/reports.routes";
import { registerSandboxPages, sandboxHandlers } from "./modules/sandbox/sandbox.routes";
import { providerEventHandler } from "./modules/sms/events";
import { takeSendSlot } from "./modules/sms/rate";
import { smsHandlers } from "./modules/sms/sms.routes";
import { systemHandlers } from "./modules/system/system.routes";
import { templateHandlers } from "./modules/templates/templates.routes";
import { authenticate } from "./plugins/actor";
import { installNoStore } from "./plugins/cache-control";
import { installContentTypeCheck } from "./plugins/content-type";
import { installJsonBody } from "./plugins/json-body";
import { loggerOptions } from "./plugins/logging";
import { authenticateOperator } from "./plugins/operator";
import { registerPortal } from "./plugins/portal";
import { installPublicRateLimit } from "./plugins/public-rate-limit";
import { installQueryNumberCheck } from "./plugins/query-numbers";
import { RequestLog } from "./plugins/request-log";
import { installResponseValidation } from "./plugins/response-validation";
import { type EmailProvider, sandboxEmailProvider, smtpProvider } from "./providers/email";
import { type PaymentProvider, sandboxPaymentProvider, stripePaymentProvider } from "./providers/payments";
import { httpSmsProvider, type SmsProvider, sandboxSmsProvider } from "./providers/sms";
import { routedSmsProvider } from "./providers/sms/routes";
import { smppSmsProvider } from "./providers/sms/smpp";
import { listOperations, loadSpec } from "./spec";
import { validationMessage } from "./validation-messages";
import { jobHandlers, wireHooks } from "./wiring";

declare module "fastify" {
  interface FastifyInstance {
    deps: Deps;
    /** operationIds that no module implements yet (answer 501). */
    notImplemented: string[];
  }
}

/** Every module's handlers, keyed by operationId. */
function moduleHandlers(deps: Deps): Handlers {
  return {
    ...systemHandlers(deps),
    ...sandboxHandlers(deps),
    ...accountHandlers(deps),
    ...profileHandlers(deps),
    ...departmentHandlers(deps),
    ...userAdminHandlers(deps),
    ...keywordHandlers(deps),
    ...mobileSubHandlers(deps),
    ...thresholdHandlers(deps),
    ...creditHandlers(deps),
    ...paymentHandlers(deps),
    ...statementHandlers(deps),
    ...auditHandlers(deps),
    ...contactHandlers(deps),
    ...campaignHandlers(deps),
    ...reportHandlers(deps),
    ...smsHandlers(deps),
    ...templateHandlers(deps),
    ...channelHandlers(deps),
    ...chatHandlers(deps),
    ...broadcastHandlers(deps),
    ...eventHandlers(deps),
    ...registryHandlers(deps),
    ...operatorHandlers(deps),
  };
}

export interface BuildOptions {
  config: Config;
  /** Reuse an open, migrated database (tests share one per worker). */
  database?: Database;
  /** Validate every response body against openapi.yaml (on in tests). */
  validateResponses?: boolean;
  /** Where log lines go (tests capture them); standard output by default. */
  logStream?: import("pino").DestinationStream;
}

/**
 * Fastify's trustProxy for HERALD_TRUST_PROXY. A hop count becomes a function of the hop (Fastify takes a bare
 * number as trusting nobody): the peer and the hops - 1 addresses before it in X-Forwarded-For are proxies, and
 * the next one, counted from the right, is the client. Never `true` (that believes the client's leftmost entry).
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ("proxies" in trust) return trust.proxies;
  const { hops } = trust;
  return (_address, hop) => hop < hops;
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: loggerOptions(config, opts.logStream),
    logController: new RequestLog(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
    ajv: {
      // Unknown request properties are stripped where a schema forbids them and otherwise ignored by handlers.
      customOptions: {
        strictTypes: false,
        removeAdditional: true,
        coerceTypes: "array",
        useDefaults: true,
        allErrors: false,
      },
    },
  });

  const database =
    opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  if (!opts.database) await runMigrations(database);
  const queue = await startQueue(database, { onError: (err) => app.log.error({ err }, "job queue error") });
  const email: EmailProvider = config.smtpUrl
    ? smtpProvider(config.smtpUrl, config.mailFrom)
    : sandboxEmailProvider(database, config.mailFrom);
  const sms: SmsProvider = config.sms.routes
    ? routedSmsProvider({
        routes: config.sms.routes.routes,
        gateways: new Map(
          config.sms.routes.gateways.map((g) => [
            g.name,
            g.type === "smpp"
              ? smppSmsProvider({
                  url: g.url ?? "",
                  defaultSender: config.sms.senderId,
                  log: app.log,
                  // A gateway that lost its session is passed over at once rather than waited for.
                  sendWaitMs: 2_000,
                })
              : g.type === "http"
                ? httpSmsProvider(g.url ?? "", config.sms.senderId)
                : sandboxSmsProvider(database, config.sms.senderId),
          ]),
        ),
        costs: new Map(
          config.sms.routes.gateways.flatMap((g) =>
            g.costCents !== undefined ? [[g.name, g.costCents]] : [],
          ),
        ),
        // Each gateway's own rate, shared by every worker of every process (its counter row by name).
        beforeSend: async (name) => {
          const rate = config.sms.routes?.gateways.find((g) => g.name === name)?.ratePerSecond;
          if (rate) await takeSendSlot(database.db, name, rate);
        },
        log: app.log,
      })
    : config.sms.provider === "smpp" && config.sms.smppUrl
      ? smppSmsProvider({ url: config.sms.smppUrl, defaultSender: config.sms.senderId, log: app.log })
      : config.sms.provider === "http" && config.sms.url
        ? httpSmsProvider(config.sms.url, config.sms.senderId)
        : sandboxSmsProvider(database, config.sms.senderId);
  // Corporate credit purchases: Stripe with both keys, otherwise the sandbox checkout pages.
  const payments: PaymentProvider =
    config.payments.provider === "stripe"
      ? stripePaymentProvider(config.payments)
      : sandboxPaymentProvider({ publicUrl: config.publicUrl, secret: config.jwtSecret });
  // Session actors cached in the process, dropped at once on any revocation (LISTEN/NOTIFY).
  const sessionCache = new SessionCache({ ttlMs: config.sessionCacheMs });
  // The inbox's polled pages, kept until a change they show is committed (notices on the same connection).
  const chatCache = new ChatPageCache(sessionCache);
  const stopListening = await listenForInvalidations(database, sessionCache, {
    onError: (err) => app.log.warn({ err }, "session invalidation listener lost; sessions are not cached"),
  });
  if (config.channelKeyDerived && config.env !== "test") {
    app.log.warn(
      "HERALD_CHANNEL_KEY is not set: channel credentials are encrypted with a key derived from the JWT secret; set HERALD_CHANNEL_KEY (32 bytes, hex or base64) before connecting real channels",
    );
  }
  // Live updates: this process hears every committed change's event (LISTEN/NOTIFY) for its open streams.
  const events = new EventHub();
  const stopEvents = await listenForEvents(database, events, {
    onError: (err) => app.log.warn({ err }, "event listener lost; reconnecting"),
  });
  const deps: Deps = { config, database, queue, email, sms, payments, events, chatCache };
  app.decorate("deps", deps);
  // Delivery receipts and inbound messages pushed by the SMS driver over its own connection (SMPP).
  sms.onEvent?.(providerEventHandler(deps));
  app.decorate("sessionCache", sessionCache);
  // The modules' hooks into each other (e.g. deleting a campaign cancels its sends) and the job handlers: wiring.ts.
  wireHooks();
  if (config.runWorkers) await queue.startWorkers(jobHandlers(deps));

  app.addHook("onClose", async () => {
    await stopContactImports(deps); // contacts: running imports commit their batch and end
    await stopListening();
    await stopEvents();
    await queue.stop();
    await email.close();
    await sms.close();
    if (!opts.database) await database.close();
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        "img-src": ["'self'", "data:", "blob:"],
        // the registration page may ask the configured IP-geolocation service for the visitor's country
        "connect-src": ["'self'", ...(config.geoipUrl ? [new URL(config.geoipUrl).origin] : [])],
        "upgrade-insecure-requests": null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(multipart, { limits: { fileSize: 157_286_400, files: 10 } });
  // Request hardening from openapi.yaml, before any route: body media types, JSON limits, flood limit, numbers
  // in query strings, caching.
  const spec = loadSpec();
  installContentTypeCheck(app, spec);
  installJsonBody(app, validationMessage);
  await installPublicRateLimit(app, spec, config.publicRateLimit);
  installQueryNumberCheck(app);
  installNoStore(app);
  installEventStreamToken(app);

  if (opts.validateResponses) installResponseValidation(app);
  // Before any route plugin: Fastify copies the error handler into child contexts when they are created.
  installErrorHandlers(app);

  // Routes from openapi.yaml: every operation is routed; unimplemented ones answer 501.
  const implemented = moduleHandlers(deps) as Record<string, Handler | undefined>;
  const serviceHandlers: Record<string, Handler> = {};
  const missing: string[] = [];
  for (const op of listOperations(spec)) {
    const h = implemented[op.operationId];
    if (h) serviceHandlers[op.operationId] = h;
    else {
      missing.push(op.operationId);
      serviceHandlers[op.operationId] = async () => {
        throw new NotImplemented();
      };
    }
  }
  app.decorate("notImplemented", missing);
  await app.register(openapiGlue, {
    specification: spec,
    prefix: "/api",
    serviceHandlers,
    securityHandlers: {
      async bearerAuth(request: import("fastify").FastifyRequest) {
        request.actor = await authenticate(
          database,
          config.jwtSecret,
          request.headers.authorization,
          sessionCache,
        );
        request.actor.ip = request.ip;
      },
      // The operator's console (modules/operator): operator tokens only; company tokens are refused.
      async operatorAuth(request: import("fastify").FastifyRequest) {
        request.operator = await authenticateOperator(
          database,
          config.jwtSecret,
          request.headers.authorization,
        );
      },
    },
  });

  await registerSandboxPages(app, deps);
  await registerSandboxPaymentPages(app, deps);
  await registerPortal(app, config);
  return app;
}

function installErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError & { errors?: unknown[] }, request, reply) => {
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send(error.detail ? { message: error.message, detail: error.detail } : { message: error.message });
    }
    // The glue wraps the auth hook's error: answer with the hook's own status and message.
    if (error.name === "Unauthorized" && Array.isArray(error.errors)) {
      const inner = error.errors.find((e): e is HttpError => e instanceof HttpError);
      if (inner) return reply.code(inner.statusCode).send({ message: inner.message });
      return reply.code(401).send({ message: "Invalid or expired token" });
    }
    if (error.validation) {
      const route = (request.routeOptions.url ?? "").replace(/^\/api/, "");
      const { status, message } = validationMessage(
        route,
        request.body,
        error.validation[0],
        error.validationContext,
      );
      return reply.code(status).send({ message });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .code(error.statusCode)
        .send({ message: error.statusCode === 413 ? "The request is too large." : error.message });
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({ message: "Something went wrong" });
  });
}
