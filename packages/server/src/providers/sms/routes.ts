/**
 * SMS routes: several gateways, chosen by the destination's prefix, with failover.
 *
 * A route names the gateways for numbers starting with its prefix (E.164 digits; "" matches every number), in
 * order of priority; the longest matching prefix wins. A message goes to the first gateway of its route that is
 * available. A gateway is passed over, for a while (`coolOffMs`), when it cannot take messages at all (not
 * connected, bind refused, unreachable, HTTP 503: `SmsGatewayUnavailable`, which guarantees the message was not
 * handed to it) or when it keeps throttling (`throttleLimit` throttled answers in a row); the message then goes
 * to the next gateway of the route with the same idempotency key, so it is neither lost nor sent twice. A
 * permanent refusal (`SmsRejected`) ends the message on any gateway; another error (a timeout after the
 * submission was written) is left to the outbox's retry, which routes it again.
 *
 * The accepted message records the gateway that took it (`gateway`), so its receipts are matched within that
 * gateway, and its per-message cost is looked up from the gateway's `costCents`.
 */
import {
  SmsGatewayUnavailable,
  type SmsMessage,
  type SmsProvider,
  type SmsProviderEvent,
  SmsRejected,
  type SmsSubmitted,
  SmsThrottled,
} from "./index";
import { parseSmppUrl } from "./smpp-url";

export interface GatewaySpec {
  /** Unique; lower-case letters, digits and '-' (it names the gateway's webhooks: /webhooks/sms/<name>/…). */
  name: string;
  type: "smpp" | "http" | "sandbox";
  /** smpp://user:password@host:port?window=… for SMPP, the POST address for HTTP. */
  url?: string;
  /** Messages per second this gateway takes (default HERALD_SMS_RATE). */
  ratePerSecond?: number;
  /** What one segment costs the operator on this gateway, in cents (for the margin per message). */
  costCents?: number;
}

export interface RouteSpec {
  /** E.164 digits the destination starts with ("65", "6591"); "" for every number. */
  prefix: string;
  /** Gateway names, first choice first. */
  gateways: string[];
}

export interface RoutesConfig {
  gateways: GatewaySpec[];
  routes: RouteSpec[];
}

const NAME = /^[a-z0-9-]{1,20}$/;

/** Reads HERALD_SMS_ROUTES (JSON): the first problem named, so a mistyped file stops the server at start. */
export function parseRoutesConfig(text: string): RoutesConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new Error(`HERALD_SMS_ROUTES is not valid JSON: ${(err as Error).message}`);
  }
  const fail = (why: string): never => {
    throw new Error(`HERALD_SMS_ROUTES: ${why}`);
  };
  if (!raw || typeof raw !== "object") fail("expected an object with gateways and routes");
  const { gateways, routes } = raw as { gateways?: unknown; routes?: unknown };
  if (!Array.isArray(gateways) || gateways.length === 0) fail("gateways must be a non-empty list");
  if (!Array.isArray(routes) || routes.length === 0) fail("routes must be a non-empty list");
  const names = new Set<string>();
  const parsedGateways = (gateways as unknown[]).map((g, i): GatewaySpec => {
    const o = (g ?? {}) as Record<string, unknown>;
    const at = `gateway ${i + 1}`;
    if (typeof o.name !== "string" || !NAME.test(o.name))
      fail(`${at}: name must be 1-20 lower-case letters, digits or '-'`);
    const name = o.name as string;
    if (names.has(name) || name === "sandbox" || name === "http" || name === "smpp" || name === "email")
      fail(`gateway name "${name}" is used twice or reserved`);
    names.add(name);
    if (o.type !== "smpp" && o.type !== "http" && o.type !== "sandbox")
      fail(`gateway "${name}": type must be smpp, http or sandbox`);
    if (o.type !== "sandbox" && (typeof o.url !== "string" || o.url === ""))
      fail(`gateway "${name}": url is required for ${String(o.type)}`);
    if (o.type === "smpp") {
      try {
        parseSmppUrl(o.url as string);
      } catch (err) {
        fail(`gateway "${name}": ${(err as Error).message}`);
      }
    }
    if (o.type === "http" && !/^https?:\/\//.test(o.url as string))
      fail(`gateway "${name}": url must be an http(s) address`);
    for (const k of ["ratePerSecond", "costCents"] as const) {
      const v = o[k];
      if (v !== undefined && !(Number.isInteger(v) && (v as number) >= (k === "ratePerSecond" ? 1 : 0)))
        fail(
          `gateway "${name}": ${k} must be a whole number${k === "ratePerSecond" ? " from 1" : " from 0"}`,
        );
    }
    return {
      name,
      type: o.type as GatewaySpec["type"],
      ...(typeof o.url === "string" ? { url: o.url } : {}),
      ...(o.ratePerSecond !== undefined ? { ratePerSecond: o.ratePerSecond as number } : {}),
      ...(o.costCents !== undefined ? { costCents: o.costCents as number } : {}),
    };
  });
  const prefixes = new Set<string>();
  const parsedRoutes = (routes as unknown[]).map((r, i): RouteSpec => {
    const o = (r ?? {}) as Record<string, unknown>;
    const at = `route ${i + 1}`;
    if (typeof o.prefix !== "string" || !/^\d{0,15}$/.test(o.prefix))
      fail(`${at}: prefix must be up to 15 digits ("" for every number)`);
    if (prefixes.has(o.prefix as string)) fail(`${at}: prefix "${o.prefix}" is routed twice`);
    prefixes.add(o.prefix as string);
    if (!Array.isArray(o.gateways) || o.gateways.length === 0)
      fail(`${at}: gateways must be a non-empty list`);
    for (const g of o.gateways as unknown[])
      if (typeof g !== "string" || !names.has(g)) fail(`${at}: unknown gateway "${String(g)}"`);
    return { prefix: o.prefix as string, gateways: [...(o.gateways as string[])] };
  });
  return { gateways: parsedGateways, routes: parsedRoutes };
}

/** The route for a destination (E.164 digits): the longest prefix it starts with. */
export function pickRoute(routes: readonly RouteSpec[], to: string): RouteSpec | undefined {
  const digits = to.replace(/^\+/, "");
  let best: RouteSpec | undefined;
  for (const r of routes)
    if (digits.startsWith(r.prefix) && (!best || r.prefix.length > best.prefix.length)) best = r;
  return best;
}

export interface RoutedOptions {
  routes: readonly RouteSpec[];
  /** The drivers, by gateway name. */
  gateways: ReadonlyMap<string, SmsProvider>;
  /** Before each submission to a gateway (the shared rate of that gateway). */
  beforeSend?: (gateway: string) => Promise<void>;
  /** How long a gateway found unavailable or throttling is passed over (default 30 s). */
  coolOffMs?: number;
  /** Throttled answers in a row after which a gateway is passed over (default 5). */
  throttleLimit?: number;
  now?: () => number;
  log?: { warn(obj: object, msg: string): void };
}

export interface RoutedSmsProvider extends SmsProvider {
  readonly name: "routes";
  readonly gatewayNames: readonly string[];
}

/** An SMS provider that routes each message to a gateway (see the module's note). */
export function routedSmsProvider(options: RoutedOptions): RoutedSmsProvider {
  const coolOffMs = options.coolOffMs ?? 30_000;
  const throttleLimit = options.throttleLimit ?? 5;
  const now = options.now ?? Date.now;
  const passedOverUntil = new Map<string, number>();
  const throttledInRow = new Map<string, number>();

  const usable = (name: string) => {
    const g = options.gateways.get(name);
    if (!g) return false;
    if ((passedOverUntil.get(name) ?? 0) > now()) return false;
    return g.available?.() ?? true;
  };
  const passOver = (name: string, reason: string) => {
    passedOverUntil.set(name, now() + coolOffMs);
    options.log?.warn(
      { gateway: name, reason },
      "SMS gateway passed over; its messages go to the next route",
    );
  };

  async function send(m: SmsMessage): Promise<SmsSubmitted> {
    const route = pickRoute(options.routes, m.to);
    if (!route) throw new SmsRejected("No SMS route for this number", "no-route");
    // Usable gateways first, in the route's order; the others after, in case all are passed over (one of
    // them may be back).
    const order = [...route.gateways.filter(usable), ...route.gateways.filter((g) => !usable(g))];
    let last: unknown;
    for (const name of order) {
      const gateway = options.gateways.get(name);
      if (!gateway) continue;
      await options.beforeSend?.(name);
      try {
        const r = await gateway.send(m);
        throttledInRow.set(name, 0);
        passedOverUntil.delete(name);
        return { ...r, gateway: name };
      } catch (err) {
        last = err;
        if (err instanceof SmsGatewayUnavailable) {
          passOver(name, err.message);
          continue;
        }
        if (err instanceof SmsThrottled) {
          const n = (throttledInRow.get(name) ?? 0) + 1;
          throttledInRow.set(name, n);
          if (n >= throttleLimit) {
            throttledInRow.set(name, 0);
            passOver(name, `throttled ${n} times in a row`);
            continue;
          }
        }
        throw err;
      }
    }
    // Every gateway of the route is down: the outbox tries again later, routing afresh.
    throw last instanceof SmsGatewayUnavailable
      ? new SmsThrottled(
          Math.min(coolOffMs, 5_000),
          `No SMS gateway of the route is available (${last.message})`,
        )
      : (last ?? new SmsGatewayUnavailable("No SMS gateway of the route is configured"));
  }

  return {
    name: "routes",
    gatewayNames: [...options.gateways.keys()],
    send,
    available: () => [...options.gateways.keys()].some(usable),
    onEvent(handler: (event: SmsProviderEvent) => Promise<void>) {
      for (const [name, g] of options.gateways) g.onEvent?.((e) => handler({ ...e, gateway: name }));
    },
    async close() {
      await Promise.all([...options.gateways.values()].map((g) => g.close()));
    },
  };
}
