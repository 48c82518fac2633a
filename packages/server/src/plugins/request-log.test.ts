import { Writable } from "node:stream";
import Fastify from "fastify";
import { expect, it } from "vitest";
import { RequestLog } from "./request-log";

it("writes one line per request, with the method, URL, status and time", async () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  const app = Fastify({ logger: { level: "info", stream }, logController: new RequestLog() });
  app.get("/ok", async () => ({ ok: true }));
  await app.inject({ method: "GET", url: "/ok?x=1" });
  await app.inject({ method: "GET", url: "/missing" });
  await app.close();
  const requests = lines.filter((l) => l.req || l.res);
  expect(requests).toHaveLength(2);
  expect(requests[0]).toMatchObject({
    msg: "request completed",
    req: { method: "GET", url: "/ok?x=1" },
    res: { statusCode: 200 },
  });
  expect(requests[0]?.responseTime).toEqual(expect.any(Number));
  expect(requests[1]).toMatchObject({ req: { url: "/missing" }, res: { statusCode: 404 } });
});
