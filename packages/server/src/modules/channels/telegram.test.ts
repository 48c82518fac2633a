import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auth, createCompany, eventually } from "../../test/harness";
import { providerConnectorApp, saveProvider, settleInbound } from "../chat/webhook.fixtures";
import { tokenOf } from "./channels.fixtures";

/** A loopback Telegram Bot API speaking the documented payloads (getMe, setWebhook, sendMessage). */
const GOOD = "123456:ABCdefGhIJKlmnoPQRstuVWXyz_0123456";
const calls: { method: string; body: Record<string, unknown> }[] = [];
let app: FastifyInstance;
let close: () => Promise<void>;
let sent = 100;
/** deleteWebhook answers 500 while set. */
let deleteWebhookFails = false;
/** The app's warnings and errors (JSON lines). */
const logLines: string[] = [];

beforeAll(async () => {
  const reply = (status: number, json: object) => ({ status, json });
  // A database of its own (on PostgreSQL too): other files' job workers (with the public Telegram URL) never take
  // its jobs.
  ({ app, close } = await providerConnectorApp(
    "TELEGRAM_API_URL",
    (req) => {
      const m = /^\/bot([^/]+)\/(\w+)$/.exec(req.url);
      if (!m || m[1] !== GOOD) return reply(401, { ok: false, error_code: 401, description: "Unauthorized" });
      const body = req.text ? (req.json() as Record<string, unknown>) : {};
      calls.push({ method: m[2]!, body });
      if (m[2] === "getMe")
        return reply(200, {
          ok: true,
          result: { id: 123456, is_bot: true, first_name: "Herald", username: "herald_test_bot" },
        });
      if (m[2] === "setWebhook")
        return reply(200, { ok: true, result: true, description: "Webhook was set" });
      if (m[2] === "deleteWebhook") {
        if (deleteWebhookFails)
          return reply(500, { ok: false, error_code: 500, description: "Internal Server Error" });
        return reply(200, { ok: true, result: true, description: "Webhook was deleted" });
      }
      if (m[2] === "sendPhoto" || m[2] === "sendDocument") {
        sent += 1;
        return reply(200, {
          ok: true,
          result: { message_id: sent, chat: { id: Number(body.chat_id), type: "private" }, date: 1 },
        });
      }
      if (m[2] === "sendMessage") {
        if (body.chat_id === "666") {
          return reply(403, {
            ok: false,
            error_code: 403,
            description: "Forbidden: bot was blocked by the user",
          });
        }
        sent += 1;
        return reply(200, {
          ok: true,
          result: {
            message_id: sent,
            chat: { id: Number(body.chat_id), type: "private" },
            date: 1,
            text: body.text,
          },
        });
      }
      return reply(404, { ok: false, error_code: 404, description: "Not Found" });
    },
    {
      env: { LOG_LEVEL: "warn" },
      logStream: new Writable({
        write(chunk, _enc, cb) {
          logLines.push(chunk.toString());
          cb();
        },
      }),
    },
  ));
});

afterAll(() => close());

const connect = (owner: { token: string }, botToken: string) =>
  saveProvider(app, owner, "TELEGRAM", { botToken });

const update = (updateId: number, chatId: number, text: string) => ({
  update_id: updateId,
  message: {
    message_id: updateId,
    from: { id: chatId, is_bot: false, first_name: "Budi", last_name: "Santoso", username: "budi" },
    chat: { id: chatId, type: "private", first_name: "Budi" },
    date: Math.floor(Date.now() / 1000),
    text,
  },
});

describe("Telegram connector", () => {
  it("checks the token, registers the webhook with a secret, receives updates and replies through sendMessage", async () => {
    const { owner } = await createCompany(app);
    const session = await app.inject({
      method: "GET",
      url: `/api/social-chat/channel/connect?token=${tokenOf((await app.inject({ method: "POST", url: "/api/social-chat/channel/connect-channel", headers: auth(owner), payload: {} })).json().link)}`,
      headers: auth(owner),
    });
    const tg = session.json().types.find((t: { channelType: string }) => t.channelType === "TELEGRAM");
    expect(tg).toMatchObject({
      provider: true,
      credentialFields: [{ key: "botToken", secret: true, required: true }],
    });

    const bad = await connect(owner, "999:nope");
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe("Telegram did not accept the bot token");

    const ok = await connect(owner, GOOD);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ channelType: "TELEGRAM", sandbox: false });
    expect(ok.body).not.toContain(GOOD);
    const channelId = ok.json().id;
    const hook = calls.filter((c) => c.method === "setWebhook").at(-1)!;
    expect(hook.body.url).toBe(`${app.deps.config.publicUrl}/api/webhooks/channels/${channelId}`);
    const secret = hook.body.secret_token as string;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32,256}$/);
    const [stored] = await app.deps.database.query<{ credentials: string }>(
      "select credentials from channels where id = $1",
      [channelId],
    );
    expect(stored!.credentials).not.toContain(GOOD);

    const post = (body: object, token = secret) =>
      app.inject({
        method: "POST",
        url: `/api/webhooks/channels/${channelId}`,
        headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": token },
        payload: body,
      });
    const first = await post(update(5001, 4242, "Hello from Telegram"));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect((await post(update(5001, 4242, "Hello from Telegram"))).json().duplicate).toBe(true);
    expect((await post(update(5002, 4242, "x"), "wrong")).statusCode).toBe(401);
    await settleInbound(app, channelId);

    const rooms = (
      await app.inject({ method: "GET", url: "/api/social-chat/chat/room", headers: auth(owner) })
    ).json();
    expect(rooms.data[0]).toMatchObject({
      subscriberName: "Budi Santoso",
      channelType: "TELEGRAM",
      text: "Hello from Telegram",
    });
    const roomId = rooms.data[0].subscriberId;

    const reply = await app.inject({
      method: "POST",
      url: `/api/social-chat/chat/room/${roomId}/send-message`,
      headers: auth(owner),
      payload: { type: "text", text: "Hi Budi" },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const m = await eventually(async () => {
      const [row] = await app.deps.database.query<{
        message_status: string;
        provider_message_id: string;
        delivery_status: string;
      }>("select message_status, provider_message_id, delivery_status from chat_messages where id = $1", [
        reply.json().id,
      ]);
      return row?.message_status === "yes" ? row : undefined;
    });
    expect(m.delivery_status).toBe("sent");
    expect(m.provider_message_id).toMatch(/^4242:\d+$/);
    expect(calls.filter((c) => c.method === "sendMessage").at(-1)!.body).toEqual({
      chat_id: "4242",
      text: "Hi Budi",
    });

    // a file goes out with sendPhoto, by its public signed URL
    const boundary = "----heraldtg";
    const png = Buffer.from("89504e470d0a1a0a", "hex");
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="map.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const files = await app.inject({
      method: "POST",
      url: `/api/social-chat/chat/room/${roomId}/send-files`,
      headers: { ...auth(owner), "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(files.statusCode, files.body).toBe(200);
    const photo = await eventually(async () => calls.find((c) => c.method === "sendPhoto"));
    expect(photo.body.chat_id).toBe("4242");
    const url = photo.body.photo as string;
    expect(url.startsWith(`${app.deps.config.publicUrl}/api/social-chat/attachment/`)).toBe(true);
    const fetched = await app.inject({ method: "GET", url: url.slice(app.deps.config.publicUrl.length) });
    expect(fetched.rawPayload.equals(png)).toBe(true);
  });

  it("fails a message Telegram refuses for good, with Telegram's reason", async () => {
    const { owner } = await createCompany(app);
    const ok = await connect(owner, GOOD);
    const channelId = ok.json().id;
    const secret = calls.filter((c) => c.method === "setWebhook").at(-1)!.body.secret_token as string;
    await app.inject({
      method: "POST",
      url: `/api/webhooks/channels/${channelId}`,
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret },
      payload: update(7001, 666, "bye"),
    });
    await settleInbound(app, channelId);
    const rooms = (
      await app.inject({ method: "GET", url: "/api/social-chat/chat/room", headers: auth(owner) })
    ).json();
    const reply = await app.inject({
      method: "POST",
      url: `/api/social-chat/chat/room/${rooms.data[0].subscriberId}/send-message`,
      headers: auth(owner),
      payload: { type: "text", text: "Are you there?" },
    });
    const m = await eventually(async () => {
      const [row] = await app.deps.database.query<{ message_status: string; remark: string }>(
        "select message_status, remark from chat_messages where id = $1",
        [reply.json().id],
      );
      return row?.message_status === "failed" ? row : undefined;
    });
    expect(m.remark).toBe("Forbidden: bot was blocked by the user");
  });

  it("removes the webhook with deleteWebhook when the channel is deleted, and deletes it even when Telegram fails", async () => {
    const { owner } = await createCompany(app);
    const del = (id: string) =>
      app.inject({
        method: "POST",
        url: `/api/social-chat/channel/${id}/delete-channel`,
        headers: auth(owner),
        payload: {},
      });
    const listed = async () =>
      (
        await app.inject({
          method: "GET",
          url: "/api/social-chat/channel/company-channel",
          headers: auth(owner),
        })
      )
        .json()
        .data.map((c: { id: string }) => c.id);

    const first = (await connect(owner, GOOD)).json().id as string;
    const before = calls.filter((c) => c.method === "deleteWebhook").length;
    const ok = await del(first);
    expect(ok.statusCode, ok.body).toBe(200);
    // the call reached the loopback Bot API with the channel's own token (the server records only GOOD's calls)
    expect(calls.filter((c) => c.method === "deleteWebhook")).toHaveLength(before + 1);
    expect(calls.filter((c) => c.method === "deleteWebhook").at(-1)!.body).toEqual({
      drop_pending_updates: false,
    });
    expect(await listed()).not.toContain(first);

    deleteWebhookFails = true;
    try {
      const second = (await connect(owner, GOOD)).json().id as string;
      const failed = await del(second);
      expect(failed.statusCode, failed.body).toBe(200);
      expect(calls.filter((c) => c.method === "deleteWebhook")).toHaveLength(before + 2);
      expect(await listed()).not.toContain(second);
      const warned = logLines
        .map((l) => JSON.parse(l) as { level: number; msg: string; channelId?: string })
        .find((l) => l.channelId === second);
      expect(warned).toMatchObject({
        level: 40,
        msg: "the deleted channel's provider webhook could not be removed",
      });
    } finally {
      deleteWebhookFails = false;
    }
  });
});
