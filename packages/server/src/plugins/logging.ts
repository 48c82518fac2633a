import type { FastifyRequest } from "fastify";
import type { DestinationStream, LoggerOptions } from "pino";
import pinoPretty from "pino-pretty";
import type { Config } from "../config";

const REDACTED = "[redacted]";

/**
 * Portal pages whose address carries a secret: the page's path, then which of the following segments are
 * secrets (reset and verification tokens, the two-factor page's pending token and session).
 */
const SECRET_PAGES: { prefix: string; secret: (index: number) => boolean }[] = [
  { prefix: "/auths/reset-pass/", secret: (i) => i >= 1 },
  { prefix: "/auths/auth-register/", secret: (i) => i >= 1 },
  { prefix: "/auths/fapage-email/", secret: () => true },
  { prefix: "/auths/fapage-sms/", secret: () => true },
];
/** Query parameters whose value is a secret (`sig`: a signed file URL's signature, modules/chat/attachments.ts). */
const SECRET_PARAM = /^sig$|token|code|otp|secret|signature|hmac|password|pass|key|session/i;

/** A request URL with every token it carries replaced by `[redacted]`, fit for a log line. */
export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  let path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? "" : url.slice(q + 1);
  const page = SECRET_PAGES.find((p) => path.startsWith(p.prefix));
  if (page) {
    const rest = path
      .slice(page.prefix.length)
      .split("/")
      .map((segment, i) => (segment && page.secret(i) ? REDACTED : segment));
    path = page.prefix + rest.join("/");
  }
  if (!query) return path;
  const params = query
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq === -1) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        /* keep it as sent */
      }
      return SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join("&");
  return `${path}?${params}`;
}

/**
 * Fastify's logger: JSON lines (one object per line, for log collectors), readable lines in development,
 * and request URLs without the tokens they may carry.
 */
export function loggerOptions(
  config: Config,
  stream?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  // Development: one readable line per entry (to standard output, or to the given stream).
  const destination =
    config.env === "development"
      ? pinoPretty({
          destination: stream ?? 1,
          colorize: !stream && (process.stdout.isTTY ?? false),
          translateTime: "HH:MM:ss",
          // "incoming request GET /api/healthz", "request completed 200": one line per request
          messageFormat:
            "{msg}{if req.method} {req.method} {req.url}{end}{if res.statusCode} {res.statusCode}{end}",
          ignore: "pid,hostname,reqId,req,res,responseTime",
          sync: true,
        })
      : stream;
  return {
    level: config.logLevel,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    ...(destination ? { stream: destination } : {}),
  };
}
