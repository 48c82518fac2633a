import { readdir } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOB_RETRY_LIMIT } from "../../jobs/queue";
import { lineSignature } from "../../providers/channels/line";
import { viberSignature } from "../../providers/channels/viber";
import { whatsappSignature } from "../../providers/channels/whatsapp";
import { auth, createCompany, type TestCompany } from "../../test/harness";
import { type Answer, type ProviderServer, providerServer } from "../../test/provider-server";
import { processInboundEvent } from "./inbound-job";
import { registerStatusHook } from "./ingest";
import { MEDIA_NOT_DOWNLOADED } from "./media";
import { UNREADABLE_EVENT } from "./webhook";
import { connectorApp, runInbound, saveProvider, settleInbound, storedMessages } from "./webhook.fixtures";

/**
 * Loopback providers for the inbound job: WhatsApp's Graph API (media id -> URL -> file), Telegram's Bot API
 * (getFile -> file), LINE's content API and a Viber media URL, each answering as its documentation shows.
 */
const WA_TOKEN = "EAAInbound";
const PHONE_ID = "106540352242922";
const APP_SECRET = "wa-app-secret";
const TG_TOKEN = "123456:ABCdefGhIJKlmnoPQRstuVWXyz_0123456";
const VIBER_TOKEN = "445da6az1s345z78-dazcczb2542zv51a-e0vc5fva17480im9";
const LINE_TOKEN = "line-access-token";
const LINE_SECRET = "line-channel-secret";
const MB = 1024 * 1024;
const JPEG = Buffer.concat([Buffer.from("ffd8ffe000104a464946", "hex"), Buffer.alloc(2000, 7)]);
const PDF = Buffer.from("%PDF-1.4\n% inbound test\n");

let app: FastifyInstance;
let close: () => Promise<void>;
let wa: ProviderServer;
let tg: ProviderServer;
let viber: ProviderServer;
let line: ProviderServer;
/** The WhatsApp file MEDIAHELD is served only once this is released (a request that waited for it would hang). */
let release: () => void;
const held = new Promise<void>((r) => {
  release = r;
});

beforeAll(async () => {
  [wa, tg, viber, line] = await Promise.all([
    providerServer(),
    providerServer(),
    providerServer(),
    providerServer(),
  ]);
  wa.respond((r): Answer | Promise<Answer> => {
    if (r.headers.authorization !== `Bearer ${WA_TOKEN}`)
      return { status: 401, json: { error: { message: "Invalid OAuth access token.", code: 190 } } };
    if (r.path === `/${PHONE_ID}`) return { json: { id: PHONE_ID, display_phone_number: "+65 6000 0000" } };
    const media = /^\/(MEDIA\w+)$/.exec(r.path)?.[1];
    if (media === "MEDIAGONE")
      return { status: 404, json: { error: { message: "Media not found", code: 100 } } };
    if (media)
      return {
        json: {
          messaging_product: "whatsapp",
          url: `${wa.url}/files/${media}`,
          mime_type: "image/jpeg",
          id: media,
        },
      };
    const file = /^\/files\/(\w+)$/.exec(r.path)?.[1];
    if (file === "MEDIAHTML")
      return { body: "<html>Sign in</html>", headers: { "content-type": "text/html" } };
    // too large, said by its length (refused before reading) or found while streaming (chunked)
    if (file === "MEDIABIG")
      return {
        body: Buffer.alloc(5 * MB + 1, 1),
        headers: { "content-type": "image/jpeg", "content-length": String(5 * MB + 1) },
      };
    if (file === "MEDIASTREAM")
      return {
        body: Buffer.alloc(5 * MB + 1, 1),
        headers: { "content-type": "image/jpeg", "transfer-encoding": "chunked" },
      };
    if (file === "MEDIAHELD")
      return held.then(() => ({ body: JPEG, headers: { "content-type": "image/jpeg" } }));
    if (file === "MEDIADOC") return { body: PDF, headers: { "content-type": "application/pdf" } };
    if (file) return { body: JPEG, headers: { "content-type": "image/jpeg" } };
    return { status: 404, json: { error: { message: "Unknown path", code: 100 } } };
  });
  tg.respond((r) => {
    if (r.path === `/bot${TG_TOKEN}/getMe`)
      return { json: { ok: true, result: { id: 1, username: "herald_bot" } } };
    if (r.path === `/bot${TG_TOKEN}/setWebhook`) return { json: { ok: true, result: true } };
    if (r.path === `/bot${TG_TOKEN}/getFile`) {
      const id = new URL(r.url, "http://x").searchParams.get("file_id");
      return {
        json: { ok: true, result: { file_id: id, file_size: JPEG.length, file_path: `photos/${id}.jpg` } },
      };
    }
    if (r.path.startsWith(`/file/bot${TG_TOKEN}/photos/`)) return { body: JPEG };
    return { status: 404, json: { ok: false, error_code: 404, description: "Not Found" } };
  });
  viber.respond((r) => {
    if (r.path === "/pa/get_account_info") return { json: { status: 0, status_message: "ok", name: "Bot" } };
    if (r.path === "/pa/set_webhook") return { json: { status: 0, status_message: "ok" } };
    if (r.path === "/media/pic.jpg") return { body: JPEG, headers: { "content-type": "image/jpeg" } };
    return { status: 404, json: { status: 1 } };
  });
  line.respond((r) => {
    if (r.headers.authorization !== `Bearer ${LINE_TOKEN}`)
      return { status: 401, json: { message: "Authentication failed" } };
    if (r.path === "/v2/bot/info") return { json: { userId: "Ubot" } };
    if (r.path.startsWith("/v2/bot/profile/")) return { json: { displayName: "Taro" } };
    if (r.path === "/v2/bot/message/468789577898262530/content")
      return { body: JPEG, headers: { "content-type": "image/jpeg" } };
    return { status: 404, json: { message: "Not found" } };
  });
  ({ app, close } = await connectorApp({
    WHATSAPP_API_URL: wa.url,
    TELEGRAM_API_URL: tg.url,
    VIBER_API_URL: `${viber.url}/pa`,
    LINE_API_URL: line.url,
  }));
});

afterAll(async () => {
  await close();
  await Promise.all([wa, tg, viber, line].map((s) => s.close()));
});

const post = (channelId: string, raw: string, headers: Record<string, string>) =>
  app.inject({
    method: "POST",
    url: `/api/webhooks/channels/${channelId}`,
    headers: { "content-type": "application/json", ...headers },
    payload: raw,
  });

async function whatsappChannel(company: TestCompany) {
  const res = await saveProvider(app, company.owner, "WHATSAPP", {
    phoneNumberId: PHONE_ID,
    businessAccountId: "102290129340398",
    accessToken: WA_TOKEN,
    appSecret: APP_SECRET,
    verifyToken: "vt",
  });
  expect(res.statusCode, res.body).toBe(200);
  const channelId = res.json().id as string;
  const hook = (body: object) => {
    const raw = JSON.stringify(body);
    return post(channelId, raw, { "x-hub-signature-256": whatsappSignature(APP_SECRET, raw) });
  };
  return { channelId, hook };
}

const waMessage = (id: string, m: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  object: "whatsapp_business_account",
  entry: [
    {
      id: "102290129340398",
      changes: [
        {
          field: "messages",
          value: {
            messaging_product: "whatsapp",
            metadata: { display_phone_number: "6560000000", phone_number_id: PHONE_ID },
            contacts: [{ profile: { name: "Kumar" }, wa_id: "6591234567" }],
            messages: [{ from: "6591234567", id, timestamp: "1", ...m }],
            ...extra,
          },
        },
      ],
    },
  ],
});

const waImage = (id: string, mediaId: string, caption?: string) =>
  waMessage(id, { type: "image", image: { id: mediaId, mime_type: "image/jpeg", sha256: "x", caption } });

async function storedFiles(companyId: string) {
  const dir = path.join(app.deps.config.dataDir, "attachments", companyId);
  const onDisk = await readdir(dir).catch(() => [] as string[]);
  const rows = await app.deps.database.query<{
    id: string;
    kind: string;
    mime: string;
    name: string;
    size_bytes: number;
  }>("select id, kind, mime, name, size_bytes from attachments where company_id = $1 order by created_at", [
    companyId,
  ]);
  return { onDisk, rows };
}

async function inboundRows(channelId: string) {
  return app.deps.database.query<{ id: string; status: string; attempts: number; error: string | null }>(
    "select id, status, attempts, error from channel_inbound_events where channel_id = $1 order by received_at, id",
    [channelId],
  );
}

const since = (server: ProviderServer, from: number) => server.requests.slice(from);

describe("inbound webhooks are answered at once and stored by the chat.inbound job", () => {
  it("stores a WhatsApp image in Herald's storage, downloaded with the channel's token, kept after the link expires", async () => {
    const company = await createCompany(app);
    const { channelId, hook } = await whatsappChannel(company);
    const from = wa.requests.length;
    // answered while the file is not yet served: the job downloads it and stores the message later
    const res = await hook(waImage("wamid.IMG1", "MEDIAHELD", "My receipt"));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, duplicate: false });
    expect(await storedMessages(app, channelId)).toEqual([]);
    expect((await inboundRows(channelId)).map((r) => r.status)).toEqual(["pending"]);
    // the same delivery again is a duplicate and queues nothing
    expect((await hook(waImage("wamid.IMG1", "MEDIAHELD", "My receipt"))).json().duplicate).toBe(true);

    release();
    await settleInbound(app, channelId);
    expect((await inboundRows(channelId)).map((r) => r.status)).toEqual(["done"]);
    const [m] = await storedMessages(app, channelId);
    expect(m).toMatchObject({ type: "inbox", text: "My receipt", remark: null, subscriber_name: "Kumar" });
    const attachments = m!.attachments as {
      id: string;
      type: string;
      mime: string;
      url: string;
      name: string;
    }[];
    expect(attachments).toHaveLength(1);
    expect(attachments[0]).toMatchObject({ type: "image", mime: "image/jpeg", name: "image.jpg" });
    expect(attachments[0]!.url).toMatch(
      new RegExp(`^/api/social-chat/attachment/${attachments[0]!.id}\\?exp=[0-9]+&sig=`),
    );
    // the media id was looked up and the file fetched, both with the channel's token
    const calls = since(wa, from);
    expect(calls.map((c) => c.path)).toEqual(["/MEDIAHELD", "/files/MEDIAHELD"]);
    expect(calls.every((c) => c.headers.authorization === `Bearer ${WA_TOKEN}`)).toBe(true);
    const files = await storedFiles(company.id);
    expect(files.rows).toEqual([
      {
        id: attachments[0]!.id,
        kind: "image",
        mime: "image/jpeg",
        name: "image.jpg",
        size_bytes: JPEG.length,
      },
    ]);
    expect(files.onDisk).toEqual([attachments[0]!.id]);

    // served from Herald (the provider is not asked again), and listed in the room
    const served = await app.inject({ method: "GET", url: attachments[0]!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect(served.rawPayload.equals(JPEG)).toBe(true);
    expect(since(wa, from)).toHaveLength(2);
    const rooms = (
      await app.inject({ method: "GET", url: "/api/social-chat/chat/room", headers: auth(company.owner) })
    ).json();
    const room = await app.inject({
      method: "GET",
      url: `/api/social-chat/chat/room/message/${rooms.data[0].subscriberId}`,
      headers: auth(company.owner),
    });
    expect(room.statusCode, room.body).toBe(200);
    expect(JSON.stringify(room.json())).toContain(attachments[0]!.url.replace(/\?.*/, ""));
    // another company's user sees no such room
    const other = await createCompany(app);
    const foreign = await app.inject({
      method: "GET",
      url: `/api/social-chat/chat/room/message/${rooms.data[0].subscriberId}`,
      headers: auth(other.owner),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("keeps the text with a remark when a WhatsApp file cannot be kept: expired, not an image, too large", async () => {
    const company = await createCompany(app);
    const { channelId, hook } = await whatsappChannel(company);
    for (const [id, media] of [
      ["wamid.GONE", "MEDIAGONE"],
      ["wamid.HTML", "MEDIAHTML"],
      ["wamid.BIG", "MEDIABIG"],
      ["wamid.STREAM", "MEDIASTREAM"],
    ] as const) {
      expect((await hook(waImage(id, media))).statusCode).toBe(200);
    }
    // a document with its own name and type, next to them
    await hook(
      waMessage("wamid.DOC", {
        type: "document",
        document: {
          id: "MEDIADOC",
          mime_type: "application/pdf",
          filename: "Invoice 7.pdf",
          caption: "Invoice",
        },
      }),
    );
    await settleInbound(app, channelId);
    const byId = new Map((await storedMessages(app, channelId)).map((m) => [m.provider_message_id, m]));
    for (const id of ["wamid.GONE", "wamid.HTML", "wamid.BIG", "wamid.STREAM"]) {
      expect(byId.get(id), id).toMatchObject({
        text: "[image]",
        remark: MEDIA_NOT_DOWNLOADED,
        attachments: [],
      });
    }
    expect(byId.get("wamid.DOC")).toMatchObject({
      text: "Invoice",
      remark: null,
      attachments: [
        expect.objectContaining({ type: "other", mime: "application/pdf", name: "Invoice 7.pdf" }),
      ],
    });
    // nothing of the refused files is kept
    const files = await storedFiles(company.id);
    expect(files.rows.map((r) => r.name)).toEqual(["Invoice 7.pdf"]);
    expect(files.onDisk).toHaveLength(1);
    // the reasons are on record
    const [row] = await inboundRows(channelId);
    expect(row!.status).toBe("done");
    const errors = (await inboundRows(channelId)).map((r) => r.error ?? "").join("\n");
    expect(errors).toContain("image of wamid.GONE: HTTP 404");
    expect(errors).toContain("image of wamid.HTML: Served as text/html");
    expect(errors).toContain(`image of wamid.BIG: Larger than ${5 * MB} bytes`);
    expect(errors).toContain(`image of wamid.STREAM: Larger than ${5 * MB} bytes`);
  });

  it("downloads a Telegram photo through getFile (largest size), and refuses a file over the limit without fetching it", async () => {
    const company = await createCompany(app);
    const res = await saveProvider(app, company.owner, "TELEGRAM", { botToken: TG_TOKEN });
    expect(res.statusCode, res.body).toBe(200);
    const channelId = res.json().id as string;
    const secret = tg.requests
      .filter((r) => r.path.endsWith("/setWebhook"))
      .at(-1)!
      .json().secret_token as string;
    const hook = (update: object) =>
      post(channelId, JSON.stringify(update), { "x-telegram-bot-api-secret-token": secret });
    const from = tg.requests.length;
    const chat = { id: 4242, first_name: "Budi", type: "private" };
    await hook({
      update_id: 9001,
      message: {
        message_id: 11,
        chat,
        from: { id: 4242, first_name: "Budi" },
        date: 1,
        caption: "Our shop",
        photo: [
          { file_id: "small", file_unique_id: "a", width: 90, height: 90, file_size: 900 },
          { file_id: "large", file_unique_id: "b", width: 1280, height: 1280, file_size: JPEG.length },
        ],
      },
    });
    await hook({
      update_id: 9002,
      message: {
        message_id: 12,
        chat,
        from: { id: 4242, first_name: "Budi" },
        date: 1,
        document: {
          file_id: "huge",
          file_name: "catalogue.pdf",
          mime_type: "application/pdf",
          file_size: 60 * MB,
        },
      },
    });
    await settleInbound(app, channelId);
    const [photo, doc] = await storedMessages(app, channelId);
    expect(photo).toMatchObject({
      provider_message_id: "4242:11",
      text: "Our shop",
      remark: null,
      attachments: [expect.objectContaining({ type: "image", mime: "image/jpeg", name: "image.jpg" })],
    });
    expect(doc).toMatchObject({
      provider_message_id: "4242:12",
      text: "[document]",
      remark: MEDIA_NOT_DOWNLOADED,
    });
    expect(since(tg, from).map((r) => r.url)).toEqual([
      `/bot${TG_TOKEN}/getFile?file_id=large`,
      `/file/bot${TG_TOKEN}/photos/large.jpg`,
    ]);
    const url = (photo!.attachments[0] as { url: string }).url;
    const served = await app.inject({ method: "GET", url });
    expect(served.rawPayload.equals(JPEG)).toBe(true);
  });

  it("follows a Viber media URL only on https (or the configured API), and fetches LINE content from its API", async () => {
    const company = await createCompany(app);
    const saved = await saveProvider(app, company.owner, "VIBER", { authToken: VIBER_TOKEN });
    expect(saved.statusCode, saved.body).toBe(200);
    const viberId = saved.json().id as string;
    const viberHook = (token: number, media: string) => {
      const raw = JSON.stringify({
        event: "message",
        timestamp: 1,
        message_token: token,
        sender: { id: "01234567890A=", name: "Ana" },
        message: { type: "picture", text: "", media, size: JPEG.length },
      });
      return post(viberId, raw, { "x-viber-content-signature": viberSignature(VIBER_TOKEN, raw) });
    };
    const from = viber.requests.length;
    await viberHook(4912661846655238, `${viber.url}/media/pic.jpg`);
    const port = new URL(viber.url).port;
    await viberHook(4912661846655239, `http://localhost:${port}/media/pic.jpg`);
    await settleInbound(app, viberId);
    const [ok, refused] = await storedMessages(app, viberId);
    expect(ok).toMatchObject({
      provider_message_id: "4912661846655238",
      remark: null,
      attachments: [expect.objectContaining({ type: "image", mime: "image/jpeg" })],
    });
    expect(refused).toMatchObject({
      provider_message_id: "4912661846655239",
      remark: MEDIA_NOT_DOWNLOADED,
      attachments: [],
    });
    expect(since(viber, from).filter((r) => r.path === "/media/pic.jpg")).toHaveLength(1);

    const lineSaved = await saveProvider(app, company.owner, "LINE", {
      channelAccessToken: LINE_TOKEN,
      channelSecret: LINE_SECRET,
    });
    expect(lineSaved.statusCode, lineSaved.body).toBe(200);
    const lineId = lineSaved.json().id as string;
    const raw = JSON.stringify({
      destination: "Ubot",
      events: [
        {
          type: "message",
          mode: "active",
          timestamp: 1,
          webhookEventId: "01HXLINEIMG",
          deliveryContext: { isRedelivery: false },
          source: { type: "user", userId: "U4af4980629" },
          message: { id: "468789577898262530", type: "image", contentProvider: { type: "line" } },
        },
      ],
    });
    await post(lineId, raw, { "x-line-signature": lineSignature(LINE_SECRET, raw) });
    await settleInbound(app, lineId);
    const [pic] = await storedMessages(app, lineId);
    expect(pic).toMatchObject({
      subscriber_name: "Taro",
      text: null,
      remark: null,
      attachments: [expect.objectContaining({ type: "image", mime: "image/jpeg", name: "image.jpg" })],
    });
  });

  it("stores a message once when two jobs carry it at the same time, keeping one copy of its file", async () => {
    const company = await createCompany(app);
    const { channelId, hook } = await whatsappChannel(company);
    // two different requests (so two jobs) naming the same message
    await hook(waImage("wamid.RACE", "MEDIAOK2"));
    await hook(
      waMessage(
        "wamid.RACE",
        { type: "image", image: { id: "MEDIAOK2", mime_type: "image/jpeg" } },
        { statuses: [{ id: "wamid.OUT", status: "delivered", timestamp: "1", recipient_id: "6591234567" }] },
      ),
    );
    const ids = (await inboundRows(channelId)).map((r) => r.id);
    expect(ids).toHaveLength(2);
    await Promise.all(ids.map((id) => processInboundEvent(app.deps, id)));
    await runInbound(app);
    const messages = await storedMessages(app, channelId);
    expect(messages.map((m) => m.provider_message_id)).toEqual(["wamid.RACE"]);
    const files = await storedFiles(company.id);
    expect(files.rows).toHaveLength(1);
    expect(files.onDisk).toEqual([files.rows[0]!.id]);
    expect((messages[0]!.attachments[0] as { id: string }).id).toBe(files.rows[0]!.id);
    expect((await inboundRows(channelId)).map((r) => r.status)).toEqual(["done", "done"]);
  });

  it("retries a failing job with the queue and records it failed after the last retry", async () => {
    const company = await createCompany(app);
    const { channelId, hook } = await whatsappChannel(company);
    await hook(waMessage("wamid.IN", { type: "text", text: { body: "hi" } }));
    await settleInbound(app, channelId);
    const [m] = await storedMessages(app, channelId);
    await app.deps.database.query(
      `insert into chat_messages (id, company_id, subscriber_id, channel_id, type, text, message_status, delivery_status, provider_message_id)
       select gen_random_uuid(), company_id, subscriber_id, channel_id, 'outbox', 'reply', 'yes', 'sent', $2
         from chat_messages where id = $1`,
      [m!.id, "wamid.OUT1"],
    );
    let failures = 1;
    const remove = registerStatusHook(async () => {
      if (failures-- > 0) throw new Error("database went away");
    });
    try {
      const status = (id: string, s: string) =>
        waMessage(
          "unused",
          {},
          { messages: [], statuses: [{ id, status: s, timestamp: "1", recipient_id: "1" }] },
        );
      await hook(status("wamid.OUT1", "delivered"));
      await expect(runInbound(app)).rejects.toThrow("database went away");
      const [, pending] = await inboundRows(channelId);
      expect(pending).toMatchObject({ status: "pending", attempts: 1, error: "database went away" });
      // the queue's retry succeeds
      await processInboundEvent(app.deps, pending!.id);
      expect((await inboundRows(channelId))[1]).toMatchObject({ status: "done", attempts: 1 });
      const delivered = await storedMessages(app, channelId);
      expect(delivered.find((x) => x.provider_message_id === "wamid.OUT1")!.delivery_status).toBe(
        "delivered",
      );

      // one that keeps failing: retried by the queue until its last attempt, then recorded failed
      failures = 100;
      await hook(status("wamid.OUT1", "read"));
      const [, , failing] = await inboundRows(channelId);
      for (let i = 1; i <= JOB_RETRY_LIMIT; i++) {
        await expect(processInboundEvent(app.deps, failing!.id)).rejects.toThrow("database went away");
      }
      await processInboundEvent(app.deps, failing!.id);
      expect((await inboundRows(channelId))[2]).toMatchObject({
        status: "failed",
        attempts: JOB_RETRY_LIMIT + 1,
        error: "database went away",
      });
      await runInbound(app);
    } finally {
      remove();
    }
  });

  it("records and drops what can never be processed: an unreadable payload, a deleted channel", async () => {
    const company = await createCompany(app);
    const { channelId, hook } = await whatsappChannel(company);
    // signed, but not a payload WhatsApp's reader understands: answered (no redelivery for days), recorded, dropped
    const unreadable = await hook({ object: "whatsapp_business_account", entry: [{ changes: 7 }] });
    expect(unreadable.statusCode, unreadable.body).toBe(200);
    expect(await inboundRows(channelId)).toEqual([
      expect.objectContaining({ status: "dropped", error: UNREADABLE_EVENT }),
    ]);
    expect(await runInbound(app)).toBe(0);

    await hook(waMessage("wamid.LATE", { type: "text", text: { body: "anyone?" } }));
    await app.deps.database.query("update channels set deleted_at = now() where id = $1", [channelId]);
    await runInbound(app);
    expect((await inboundRows(channelId))[1]).toMatchObject({
      status: "dropped",
      error: "The channel was deleted",
    });
    expect(await storedMessages(app, channelId)).toEqual([]);
  });
});
