import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { TooManyRequests } from "../errors";
import { listOperations } from "../spec";

/**
 * A per-address flood limit on the calls anyone may make without signing in (sign-in, codes, registration,
 * reset), checked when the request arrives, before its body is read. It is kept in each process's memory:
 * it costs no database round trip, and the business limits of those calls (per account and per address,
 * in PostgreSQL and shared by every process) stay the precise ones. Provider webhooks (their senders are
 * few addresses with much traffic, and they are verified by signature) and bodiless GETs are left out;
 * signed-in calls are never counted. Must be installed before the routes.
 */
// biome-ignore lint/suspicious/noExplicitAny: parsed YAML document
export async function installPublicRateLimit(app: FastifyInstance, spec: any, perMinute: number) {
  if (perMinute <= 0) return;
  const open = new Set<string>();
  for (const op of listOperations(spec)) {
    const security = spec.paths[op.path][op.method.toLowerCase()].security ?? spec.security ?? [];
    const anonymous =
      Array.isArray(security) && (security.length === 0 || security.some((s) => !Object.keys(s).length));
    if (anonymous && op.method !== "GET" && !op.path.startsWith("/webhooks/")) open.add(op.operationId);
  }
  app.addHook("onRoute", (route) => {
    const id = (route.schema as { operationId?: string } | undefined)?.operationId;
    if (id && open.has(id))
      route.config = { ...route.config, rateLimit: { max: perMinute, timeWindow: 60_000 } };
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => new TooManyRequests(context.ttl / 1000),
  });
}
