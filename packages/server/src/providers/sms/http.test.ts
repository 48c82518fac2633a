import { createServer, type Server } from "node:http";
import { SMS_CASES } from "@herald/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpSmsProvider } from ".";

describe("HTTP SMS gateway driver", () => {
  const received: unknown[] = [];
  let server: Server;
  let url = "";
  let fail = false;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => {
        body += c.toString();
      });
      req.on("end", () => {
        received.push(JSON.parse(body));
        res.statusCode = fail ? 503 : 200;
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ id: "gw-1" }));
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/send`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("posts the message to the gateway on loopback and keeps its id", async () => {
    const sms = httpSmsProvider(url, "Herald");
    const r = await sms.send({ to: "6591234567", text: "Your code is 123456", idempotencyKey: "k1" });
    expect(r.providerMessageId).toBe("gw-1");
    expect(received.at(-1)).toEqual({
      to: "6591234567",
      from: "Herald",
      text: "Your code is 123456",
      reference: "k1",
    });
  });

  it("bills the segments of the shared reference cases", async () => {
    const sms = httpSmsProvider(url, "Herald");
    for (const c of SMS_CASES.filter((x) => x.segments > 0)) {
      const r = await sms.send({ to: "6591234567", text: c.text });
      expect(r.segments, c.name).toBe(c.segments);
      expect(received.at(-1), c.name).toMatchObject({ text: c.text });
    }
  });

  it("throws on a gateway error so the job is retried", async () => {
    fail = true;
    await expect(httpSmsProvider(url, "Herald").send({ to: "6591234567", text: "x" })).rejects.toThrow(/503/);
    fail = false;
  });
});
