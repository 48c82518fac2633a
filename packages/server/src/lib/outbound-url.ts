/**
 * Requests to addresses a company chose (the chatbot's webhook, a generic channel's bridge): the one check they all
 * pass, so they cannot reach the server's own network (server-side request forgery).
 *
 * A URL is accepted when it is https (http only with the private allowance), carries no user name or password, and
 * every address its host resolves to is a public unicast address: loopback, private (RFC 1918), link-local
 * (169.254/16, with the cloud metadata address; fe80::/10), carrier-grade NAT (100.64/10), unique-local (fc00::/7),
 * 0.0.0.0/8, multicast, broadcast and the other reserved ranges are refused, IPv4-mapped IPv6 addresses as their
 * IPv4 address. Numeric spellings of IPv4 (2130706433, 0x7f.1, 0177.0.0.1) are normalised by the URL parser first.
 * Ranges are classified with ipaddr.js.
 *
 * The request connects to an address that was checked: the connection's own DNS lookup checks again (a host whose
 * name resolves to a public address at save time and to a private one later is refused then). Redirects are not
 * followed (the caller sees the 3xx), the request has a deadline and the answer a size cap.
 *
 * HERALD_OUTBOUND_ALLOW_PRIVATE (config `outboundAllowPrivate`) allows loopback, private, carrier-grade NAT and
 * unique-local targets and plain http, for tests and self-hosted bots on the same network; link-local (cloud
 * metadata), unspecified, multicast and reserved addresses stay refused.
 */
import { type LookupAddress, lookup as lookupCallback } from "node:dns";
import { lookup as lookupPromise } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import ipaddr from "ipaddr.js";

export interface OutboundPolicy {
  /** Allow loopback, private, carrier-grade NAT and unique-local addresses, and plain http. */
  allowPrivate: boolean;
}

/** The URL may not be requested; `reason` says why (for logs and remarks). */
export class OutboundUrlRefused extends Error {
  constructor(readonly reason: string) {
    super(`Refused outbound URL: ${reason}`);
    this.name = "OutboundUrlRefused";
  }
}

/** Ranges the private allowance opens. */
const PRIVATE_RANGES = new Set(["loopback", "private", "carrierGradeNat", "uniqueLocal"]);

/**
 * The ipaddr.js range of an address: "unicast" for a public one; an IPv4-mapped IPv6 address is classified as
 * its IPv4 address. Undefined for text that is not an IP address.
 */
export function addressRange(address: string): string | undefined {
  const bare = address.replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(bare)) return undefined;
  return ipaddr.process(bare).range();
}

/** Why an address may not be connected to, or undefined when it may. */
export function refusedAddress(address: string, policy: OutboundPolicy): string | undefined {
  const range = addressRange(address);
  if (range === undefined) return `${address} is not an IP address`;
  if (range === "unicast") return undefined;
  if (policy.allowPrivate && PRIVATE_RANGES.has(range)) return undefined;
  return `${address} is a ${range} address`;
}

type Resolver = (host: string) => Promise<LookupAddress[]>;
const systemResolver: Resolver = (host) => lookupPromise(host, { all: true, verbatim: true });

/**
 * Checks a URL and the addresses its host resolves to now (throws OutboundUrlRefused). `resolve` stands in for
 * the system's resolver in tests.
 */
export async function checkOutboundUrl(
  raw: string,
  policy: OutboundPolicy,
  resolve: Resolver = systemResolver,
): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundUrlRefused("not a URL");
  }
  if (url.protocol !== "https:" && !(policy.allowPrivate && url.protocol === "http:")) {
    throw new OutboundUrlRefused(`${url.protocol} is not https`);
  }
  if (url.username || url.password) throw new OutboundUrlRefused("the URL carries credentials");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!host) throw new OutboundUrlRefused("no host");
  let addresses: string[];
  if (ipaddr.isValid(host)) {
    addresses = [host];
  } else {
    try {
      addresses = (await resolve(host)).map((a) => a.address);
    } catch {
      throw new OutboundUrlRefused(`${host} does not resolve`);
    }
    if (addresses.length === 0) throw new OutboundUrlRefused(`${host} does not resolve`);
  }
  for (const a of addresses) {
    const why = refusedAddress(a, policy);
    if (why) throw new OutboundUrlRefused(`${host}: ${why}`);
  }
  return url;
}

/** The connection's DNS lookup: every address the name resolves to is checked again before connecting. */
function guardedLookup(policy: OutboundPolicy): NonNullable<http.RequestOptions["lookup"]> {
  return ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    lookupCallback(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err);
      const list = addresses as LookupAddress[];
      if (list.length === 0) return callback(new OutboundUrlRefused(`${hostname} does not resolve`));
      for (const a of list) {
        const why = refusedAddress(a.address, policy);
        if (why) return callback(new OutboundUrlRefused(`${hostname}: ${why}`));
      }
      if (options?.all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  }) as unknown as NonNullable<http.RequestOptions["lookup"]>;
}

export interface OutboundAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export const OUTBOUND_TIMEOUT_MS = 10_000;
export const OUTBOUND_MAX_BYTES = 1024 * 1024;

/**
 * POSTs (or another method) to a checked URL: connects only to checked addresses, follows no redirect, gives up
 * after `timeoutMs` and refuses an answer longer than `maxBytes`. Throws OutboundUrlRefused for a refused URL or
 * address, another error when the request fails.
 */
export async function outboundRequest(
  raw: string,
  opts: {
    policy: OutboundPolicy;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    timeoutMs?: number;
    maxBytes?: number;
    /** The first check's resolver (tests); the connection always looks the name up itself. */
    resolve?: Resolver;
  },
): Promise<OutboundAnswer> {
  const url = await checkOutboundUrl(raw, opts.policy, opts.resolve);
  const timeoutMs = opts.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  const maxBytes = opts.maxBytes ?? OUTBOUND_MAX_BYTES;
  const body = opts.body === undefined ? undefined : Buffer.from(opts.body);
  const client = url.protocol === "https:" ? https : http;
  return new Promise<OutboundAnswer>((resolve, reject) => {
    let settled = false;
    const finish = (err: Error | undefined, answer?: OutboundAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) {
        req.destroy();
        reject(err);
      } else resolve(answer!);
    };
    const req = client.request(
      url,
      {
        method: opts.method ?? "POST",
        headers: {
          ...(opts.headers ?? {}),
          ...(body ? { "content-length": String(body.length) } : {}),
        },
        // A connection of its own (never a pooled socket), through the checking lookup.
        agent: false,
        lookup: guardedLookup(opts.policy),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (c: Buffer) => {
          size += c.length;
          if (size > maxBytes) {
            finish(new Error(`the answer is larger than ${maxBytes} bytes`));
            res.destroy();
            return;
          }
          chunks.push(c);
        });
        res.on("end", () =>
          finish(undefined, {
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        res.on("error", (err) => finish(err));
        res.on("aborted", () => finish(new Error("the answer was cut off")));
      },
    );
    const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    req.on("error", (err) => finish(err));
    req.end(body);
  });
}
