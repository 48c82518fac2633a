import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobPayloads } from "../../jobs/queue";
import type { TestCompany } from "../../test/harness";
import { type ProviderServer, providerServer } from "../../test/provider-server";
import { jobHandlers } from "../../wiring";
import { deliverChatMessage, MAX_PROVIDER_WAITS, throttledRemark } from "./deliver";
import { ingestInbound } from "./ingest";
import { connectorApp, runSends, saveProvider, sendText, storedMessages } from "./webhook.fixtures";

const BOT = "123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11";
let tg: ProviderServer;
/** WhatsApp, Messenger (Graph API), LINE and Viber on one loopback server: credentials pass, every send is throttled. */
let busy: ProviderServer;
const PHONE = "1098765432";
const PAGE = "2233445566";
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
  busy = await providerServer();
  busy.respond((req) => {
    if (req.method === "GET" && req.path === `/${PHONE}`)
      return { json: { id: PHONE, display_phone_number: "+65 6000 0000", verified_name: "Herald" } };
    if (req.method === "GET" && req.path === `/${PAGE}`) return { json: { id: PAGE, name: "Herald Page" } };
    if (req.path === `/${PHONE}/messages`)
      return {
        status: 400,
        json: {
          error: {
            message: "(#130429) Rate limit hit",
            code: 130429,
            error_data: { details: "Rate limit hit" },
          },
        },
      };
    if (req.path === "/me/messages")
      return {
        status: 400,
        json: { error: { message: "Calls to this api have exceeded the rate limit.", code: 613 } },
      };
    if (req.path === "/v2/bot/info") return { json: { userId: "Uline", basicId: "@herald" } };
    if (req.path === "/v2/bot/message/push" && req.json().to === "line-broken")
      return { status: 500, json: { message: "Internal server error" } };
    if (req.path === "/v2/bot/message/push")
      return { status: 429, json: { message: "The API rate limit has been exceeded. Try again later." } };
    if (req.path === "/get_account_info")
      return { json: { status: 0, status_message: "ok", name: "Herald Bot" } };
    if (req.path === "/send_message") return { json: { status: 12, status_message: "tooManyRequests" } };
    return { json: { status: 0, success: true } };
  });
  ({ app, company, close } = await connectorApp({
    TELEGRAM_API_URL: tg.url,
    WHATSAPP_API_URL: busy.url,
    LINE_API_URL: busy.url,
    VIBER_API_URL: busy.url,
  }));
});
afterAll(async () => {
  await close?.();
  await tg?.close();
  await busy?.close();
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

  it("a message Telegram keeps asking to wait fails with the throttling remark after MAX_PROVIDER_WAITS waits", async () => {
    const saved = await saveProvider(app, company.owner, "TELEGRAM", { botToken: BOT });
    expect(saved.statusCode, saved.body).toBe(200);
    const channelId = saved.json().id as string;
    const r = await ingestInbound(app.deps, {
      companyId: company.id,
      channelId,
      platformId: "556",
      subscriberName: "Wati",
      providerMessageId: "556:1",
      text: "Halo",
    });
    const busyAnswer = {
      status: 429,
      json: {
        ok: false,
        error_code: 429,
        description: "Too Many Requests: retry after 5",
        parameters: { retry_after: 5 },
      },
    };
    expect((await sendText(app, company.owner, r.subscriberId, "Tunggu")).statusCode).toBe(200);
    const out = (await storedMessages(app, channelId)).find((m) => m.type === "outbox")!;
    for (let wait = 1; wait <= MAX_PROVIDER_WAITS + 1; wait++) {
      tg.once(busyAnswer);
      await app.deps.database.query(
        "update pgboss.job set start_after = now() where name = 'chat.send' and state = 'created'",
      );
      expect(await runSends(app)).toBe(1);
      const now = (await storedMessages(app, channelId)).find((m) => m.id === out.id)!;
      if (wait <= MAX_PROVIDER_WAITS) expect(now).toMatchObject({ message_status: "no", remark: null });
    }
    expect((await storedMessages(app, channelId)).find((m) => m.id === out.id)).toMatchObject({
      message_status: "failed",
      delivery_status: "failed",
      remark: throttledRemark(MAX_PROVIDER_WAITS + 1),
    });
    // nothing is left queued for it
    const left = await app.deps.database.query<{ n: number }>(
      "select count(*)::int as n from pgboss.job where name = 'chat.send' and state = 'created' and data->>'messageId' = $1",
      [out.id],
    );
    expect(left[0]!.n).toBe(0);
  });

  it("marks a message failed with a throttling remark once the provider has throttled every try of its job", async () => {
    const connectors = [
      [
        "WHATSAPP",
        {
          phoneNumberId: PHONE,
          businessAccountId: "55",
          accessToken: "wa-token",
          appSecret: "wa-secret",
          verifyToken: "wa-verify",
        },
      ],
      [
        "FACEBOOK MESSENGER",
        { pageId: PAGE, pageAccessToken: "page-token", appSecret: "fb-secret", verifyToken: "fb-verify" },
      ],
      ["LINE", { channelAccessToken: "line-token", channelSecret: "line-secret" }],
      ["VIBER", { authToken: "viber-token" }],
    ] as const;
    const messages = new Map<string, string>();
    for (const [type, credentials] of connectors) {
      const saved = await saveProvider(app, company.owner, type, { ...credentials });
      expect(saved.statusCode, saved.body).toBe(200);
      const channelId = saved.json().id as string;
      const r = await ingestInbound(app.deps, {
        companyId: company.id,
        channelId,
        platformId: `${type.replace(/\W/g, "")}-sub`,
        subscriberName: "Ana",
        providerMessageId: `${type}-in-1`,
        text: "Hello?",
      });
      const sent = await sendText(app, company.owner, r.subscriberId, `Hi from ${type}`);
      expect(sent.statusCode, sent.body).toBe(200);
      messages.set(type, sent.json().id as string);
    }
    const status = async () =>
      app.deps.database.query<{
        id: string;
        message_status: string;
        delivery_status: string | null;
        remark: string | null;
      }>("select id, message_status, delivery_status, remark from chat_messages where id = any($1::uuid[])", [
        `{${[...messages.values()].join(",")}}`,
      ]);

    // The chat.send jobs run through the workers' handler, failed back to pg-boss while it retries them; each
    // retry is made due at once instead of after its back-off.
    const { boss } = app.deps.queue;
    const handle = jobHandlers(app.deps)["chat.send"];
    let tries = 0;
    for (;;) {
      const jobs = await boss.fetch<JobPayloads["chat.send"]>("chat.send", {
        batchSize: 10,
        includeMetadata: true,
      });
      if (jobs.length === 0) break;
      tries += 1;
      expect(jobs).toHaveLength(4);
      if (tries <= 5) {
        // not the last try yet: still waiting to go out, no remark
        expect((await status()).map((m) => [m.message_status, m.remark])).toEqual(
          Array(4).fill(["no", null]),
        );
      }
      for (const job of jobs) {
        try {
          await handle(job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit });
          await boss.complete("chat.send", job.id);
        } catch (err) {
          await boss.fail("chat.send", job.id, { message: (err as Error).message });
        }
      }
      await app.deps.database.query(
        "update pgboss.job set start_after = now() where name = 'chat.send' and state = 'retry'",
      );
      expect(tries).toBeLessThanOrEqual(6);
    }
    // pg-boss's retry limit of the queue (5) gives six tries
    expect(tries).toBe(6);
    for (const m of await status()) {
      expect(m).toMatchObject({
        message_status: "failed",
        delivery_status: "failed",
        remark: throttledRemark(6),
      });
    }
    expect(throttledRemark(6)).toBe("The provider is throttling messages; not sent after 6 tries.");
    const sends = busy.requests.filter((r) =>
      [`/${PHONE}/messages`, "/me/messages", "/v2/bot/message/push", "/send_message"].includes(r.path),
    );
    expect(sends).toHaveLength(24);
    // the jobs ended as completed: nothing is left to retry or failed in the queue
    const [left] = await app.deps.database.query<{ n: number }>(
      "select count(*)::int as n from pgboss.job where name = 'chat.send' and state in ('created', 'retry', 'active', 'failed')",
    );
    expect(left!.n).toBe(0);
  });

  it("on the last try, a provider that keeps failing on its side fails the message with its error", async () => {
    const saved = await saveProvider(app, company.owner, "LINE", {
      channelAccessToken: "line-token-2",
      channelSecret: "line-secret-2",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const r = await ingestInbound(app.deps, {
      companyId: company.id,
      channelId: saved.json().id,
      platformId: "line-broken",
      subscriberName: "Ken",
      providerMessageId: "line-broken-in-1",
      text: "Hi",
    });
    const sent = await sendText(app, company.owner, r.subscriberId, "Hello Ken");
    const id = sent.json().id as string;
    // before the last try the error goes back to the queue (retried)
    await expect(deliverChatMessage(app.deps, id)).rejects.toThrow("Internal server error");
    expect(await deliverChatMessage(app.deps, id, { finalTry: 6 })).toEqual({
      status: "failed",
      remark: "Not sent after 6 tries: Internal server error",
    });
    const [m] = await app.deps.database.query<{ message_status: string; remark: string }>(
      "select message_status, remark from chat_messages where id = $1",
      [id],
    );
    expect(m).toEqual({ message_status: "failed", remark: "Not sent after 6 tries: Internal server error" });
  });
});
