import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ProviderServer, providerServer } from "../../test/provider-server";
import { lineDriver } from "./line";

let api: ProviderServer;
const accepted = new Set<string>();

beforeAll(async () => {
  api = await providerServer();
  api.respond((req) => {
    const key = req.headers["x-line-retry-key"] as string | undefined;
    if (key && accepted.has(key)) {
      return {
        status: 409,
        json: { message: "The retry key is already accepted" },
        headers: { "x-line-accepted-request-id": "req-1" },
      };
    }
    if (key) accepted.add(key);
    return { json: { sentMessages: [{ id: "461230966842064897", quoteToken: "q" }] } };
  });
});
afterAll(async () => {
  await api?.close();
});

describe("LINE push retry key", () => {
  it("sends our message id as X-Line-Retry-Key; a retried push LINE already accepted counts as sent", async () => {
    const ctx = {
      id: "c",
      companyId: "co",
      type: "LINE" as const,
      credentials: { channelAccessToken: "t", channelSecret: "s" },
    };
    const m = { messageId: "0190a7c2-1111-7222-8333-444455556666", to: "U4af4980629", text: "Hello" };
    const first = await lineDriver(api.url).send(ctx, m);
    expect(first.providerMessageId).toBe("461230966842064897");
    expect(api.requests[0]!.headers["x-line-retry-key"]).toBe(m.messageId);
    const again = await lineDriver(api.url).send(ctx, m);
    expect(again.providerMessageId).toBe(`line-${m.messageId}`);
    expect(api.requests).toHaveLength(2);
  });
});
