import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestCompany } from "../../test/harness";
import { type ProviderServer, providerServer } from "../../test/provider-server";
import { ingestInbound } from "./ingest";
import { connectorApp, runSends, saveProvider, sendText, storedMessages } from "./webhook.fixtures";

const BOT = "123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11";
let tg: ProviderServer;
let app: FastifyInstance;
let company: TestCompany;
let close: () => Promise<void>;

beforeAll(async () => {
  tg = await providerServer();
  tg.respond((req) => {
    const method = req.path.split("/").pop();
    if (method === "getMe")
      return {
        json: { ok: true, result: { id: 1, is_bot: true, first_name: "Herald", username: "herald_bot" } },
      };
    if (method === "setWebhook") return { json: { ok: true, result: true } };
    return { json: { ok: true, result: { message_id: 77, chat: { id: 555 }, date: 1 } } };
  });
  ({ app, company, close } = await connectorApp({ TELEGRAM_API_URL: tg.url }));
});
afterAll(async () => {
  await close?.();
  await tg?.close();
});

describe("chat.send and provider flood control", () => {
  it("waits Telegram's retry_after: the message stays unsent (not failed) and is queued again for after the wait", async () => {
    const saved = await saveProvider(app, company.owner, "TELEGRAM", { botToken: BOT });
    expect(saved.statusCode, saved.body).toBe(200);
    const channelId = saved.json().id as string;
    const r = await ingestInbound(app.deps, {
      companyId: company.id,
      channelId,
      platformId: "555",
      subscriberName: "Budi",
      providerMessageId: "555:1",
      text: "Halo",
    });
    tg.once({
      status: 429,
      json: {
        ok: false,
        error_code: 429,
        description: "Too Many Requests: retry after 30",
        parameters: { retry_after: 30 },
      },
    });
    expect((await sendText(app, company.owner, r.subscriberId, "Sebentar ya")).statusCode).toBe(200);
    expect(await runSends(app)).toBe(1);
    const out = (await storedMessages(app, channelId)).find((m) => m.type === "outbox")!;
    expect(out).toMatchObject({ message_status: "no", delivery_status: null, remark: null });
    const [job] = await app.deps.database.query<{ wait: number; retries: number }>(
      `select extract(epoch from (start_after - now()))::int as wait, retry_count as retries from pgboss.job
        where name = 'chat.send' and state = 'created' and data->>'messageId' = $1`,
      [out.id],
    );
    expect(job!.wait).toBeGreaterThanOrEqual(25);
    expect(job!.wait).toBeLessThanOrEqual(31);
    expect(job!.retries).toBe(0);
    // Once the wait is over the message goes out.
    await app.deps.database.query(
      "update pgboss.job set start_after = now() where name = 'chat.send' and state = 'created'",
    );
    expect(await runSends(app)).toBe(1);
    expect((await storedMessages(app, channelId)).find((m) => m.id === out.id)).toMatchObject({
      message_status: "yes",
      provider_message_id: "555:77",
    });
  });
});
