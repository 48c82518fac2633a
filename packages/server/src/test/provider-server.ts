/**
 * A loopback HTTP server standing in for a channel provider's API in tests: it records every request (method,
 * path with query, headers, raw body) and answers with the handler the test gives (a default 200 `{}`).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  url: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read the provider payloads they built
  json: () => any;
}

export interface Answer {
  status?: number;
  json?: unknown;
  body?: string | Buffer;
  headers?: Record<string, string>;
}

export type Responder = (req: RecordedRequest) => Answer | Promise<Answer>;

export interface ProviderServer {
  url: string;
  requests: RecordedRequest[];
  /** Handler for every request from now on. */
  respond(handler: Responder): void;
  /** Answers queued once each, before the handler. */
  once(...answers: Answer[]): void;
  reset(): void;
  close(): Promise<void>;
}

export async function providerServer(): Promise<ProviderServer> {
  const requests: RecordedRequest[] = [];
  let handler: Responder = () => ({ json: {} });
  const queued: Answer[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const body = Buffer.concat(chunks);
      const u = new URL(req.url ?? "/", "http://127.0.0.1");
      const rec: RecordedRequest = {
        method: req.method ?? "GET",
        url: req.url ?? "/",
        path: u.pathname,
        headers: req.headers,
        body,
        text: body.toString("utf8"),
        json: () => JSON.parse(body.toString("utf8")),
      };
      requests.push(rec);
      try {
        const a = queued.shift() ?? (await handler(rec));
        const payload = a.body ?? JSON.stringify(a.json ?? {});
        res.writeHead(a.status ?? 200, {
          "content-type": a.body !== undefined ? "application/octet-stream" : "application/json",
          ...(a.headers ?? {}),
        });
        res.end(payload);
      } catch (err) {
        res.writeHead(500).end(String(err));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respond(h) {
      handler = h;
    },
    once(...answers) {
      queued.push(...answers);
    },
    reset() {
      requests.length = 0;
      queued.length = 0;
      handler = () => ({ json: {} });
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
