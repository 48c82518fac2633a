import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app";
import {
  auth,
  createCompany,
  createUser,
  eventually,
  sharedDatabase,
  signIn,
  testApp,
  testConfig,
} from "../../test/harness";
import { addDepartment, connectSandbox, joinDepartment } from "../channels/channels.fixtures";
import { ATTACHMENT_URL_TTL_MS, attachmentUrl, contentDisposition, FILE_PART_REQUIRED } from "./attachments";
import { ATTACHMENT_LINK_EXPIRED, ATTACHMENT_NOT_FOUND, ONLY_DESIGNATED_AGENT } from "./chat.messages";
import { ingestInbound } from "./ingest";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

function multipart(files: { name: string; type: string; content: Buffer | string; field?: string }[]) {
  const boundary = `----herald${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? "file"}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

async function setup(type: "WHATSAPP" | "WECHAT" = "WHATSAPP") {
  const { id: companyId, owner } = await createCompany(app);
  const dept = await addDepartment(app, companyId);
  const agent = await createUser(app, companyId, { role: "agent" });
  await joinDepartment(app, agent.id, dept);
  const channel = await connectSandbox(app, owner, { channelType: type, departmentIds: [dept] });
  const r = await ingestInbound(app.deps, {
    companyId,
    channelId: channel.id,
    platformId: "files-1",
    subscriberName: "Siti",
    providerMessageId: `f-${Math.random()}`,
    text: "Send me the brochure",
  });
  return { companyId, owner, agent, channel, room: r.subscriberId };
}

describe("attachments", () => {
  it("uploads a file and serves it only at its signed URL", async () => {
    const { owner } = await setup();
    const body = multipart([{ name: "logo.png", type: "image/png", content: PNG }]);
    const res = await app.inject({
      method: "POST",
      url: "/api/social-chat/attachment/upload",
      headers: { ...auth(owner), "content-type": body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { attachmentId, attachment } = res.json();
    expect(attachment).toMatchObject({
      id: attachmentId,
      type: "image",
      mime: "image/png",
      name: "logo.png",
    });
    const file = await app.inject({ method: "GET", url: attachment.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const forged = await app.inject({
      method: "GET",
      url: `/api/social-chat/attachment/${attachmentId}?sig=abc`,
    });
    expect(forged.statusCode).toBe(404);

    const html = multipart([{ name: "x.html", type: "text/html", content: "<script>alert(1)</script>" }]);
    const up = await app.inject({
      method: "POST",
      url: "/api/social-chat/attachment/upload",
      headers: { ...auth(owner), "content-type": html.contentType },
      payload: html.payload,
    });
    const served = await app.inject({ method: "GET", url: up.json().attachment.url });
    expect(served.headers["content-type"]).toBe("application/octet-stream");
    expect(served.headers["content-disposition"]).toMatch(/^attachment;/);

    const none = multipart([{ name: "a.txt", type: "text/plain", content: "x", field: "other" }]);
    const missing = await app.inject({
      method: "POST",
      url: "/api/social-chat/attachment/upload",
      headers: { ...auth(owner), "content-type": none.contentType },
      payload: none.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(FILE_PART_REQUIRED);
  });

  it("serves active content (SVG, HTML, XML, JS) as a sandboxed download; passive media inline, sandboxed too", async () => {
    const { owner } = await setup();
    const upload = async (name: string, type: string, content: Buffer | string) => {
      const body = multipart([{ name, type, content }]);
      const res = await app.inject({
        method: "POST",
        url: "/api/social-chat/attachment/upload",
        headers: { ...auth(owner), "content-type": body.contentType },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return app.inject({ method: "GET", url: res.json().attachment.url });
    };
    const SANDBOX = "default-src 'none'; sandbox";
    const svg = await upload(
      "logo.svg",
      "image/svg+xml",
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
    );
    expect(svg.statusCode).toBe(200);
    expect(svg.headers["content-disposition"]).toMatch(/^attachment; filename="logo\.svg"/);
    expect(svg.headers["x-content-type-options"]).toBe("nosniff");
    expect(svg.headers["content-security-policy"]).toBe(SANDBOX);
    // an <img> can still show it (scripts never run in an image), but no page of ours is ever this file
    expect(svg.headers["content-type"]).toBe("image/svg+xml");
    for (const [name, type] of [
      ["page.html", "text/html"],
      ["feed.xml", "application/xml"],
      ["data.xml", "text/xml"],
      ["app.js", "text/javascript"],
      ["page.xhtml", "application/xhtml+xml"],
      ["mystery.bin", "application/x-anything"],
    ] as const) {
      const f = await upload(name, type, "<script>alert(1)</script>");
      expect(f.headers["content-type"], name).toBe("application/octet-stream");
      expect(f.headers["content-disposition"], name).toMatch(/^attachment;/);
      expect(f.headers["x-content-type-options"], name).toBe("nosniff");
      expect(f.headers["content-security-policy"], name).toBe(SANDBOX);
    }
    for (const [name, type] of [
      ["logo.png", "image/png"],
      ["clip.mp4", "video/mp4"],
      ["note.ogg", "audio/ogg"],
      ["brochure.pdf", "application/pdf"],
    ] as const) {
      const f = await upload(name, type, PNG);
      expect(f.headers["content-type"], name).toBe(type);
      expect(f.headers["content-disposition"], name).toMatch(/^inline;/);
      expect(f.headers["x-content-type-options"], name).toBe("nosniff");
      expect(f.headers["content-security-policy"], name).toBe(SANDBOX);
    }
    // a name that is not plain ASCII (or tries to break out of the header) still answers, with a safe name
    const odd = await upload("Q1 报告 (final).svg", "image/svg+xml", "<svg/>");
    expect(odd.statusCode).toBe(200);
    expect(odd.headers["content-disposition"]).toBe(
      `attachment; filename="Q1 __ (final).svg"; filename*=UTF-8''Q1%20${encodeURIComponent("报告")}%20%28final%29.svg`,
    );
    expect(contentDisposition("attachment", 'a"b\\c\r\n.svg')).toMatch(
      /^attachment; filename="a_b_c__\.svg"; /,
    );
  });

  it("sends files as messages when the channel takes their type; the subscriber sees them", async () => {
    const { agent, channel, room } = await setup();
    const body = multipart([
      { name: "brochure.pdf", type: "application/pdf", content: "%PDF-1.4" },
      { name: "photo.jpg", type: "image/jpeg", content: PNG },
    ]);
    const res = await app.inject({
      method: "POST",
      url: `/api/social-chat/chat/room/${room}/send-files`,
      headers: { ...auth(agent), "content-type": body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json().data;
    expect(
      sent.map((m: { attachments: { name: string; type: string }[] }) => m.attachments[0]),
    ).toMatchObject([
      { name: "brochure.pdf", type: "other" },
      { name: "photo.jpg", type: "image" },
    ]);
    await eventually(async () => {
      const conv = await app.inject({
        method: "GET",
        url: `/_sandbox/channels/${channel.id}/conversation.json?platformId=files-1`,
      });
      const data = conv.json().data as { attachments: { name: string }[]; deliveryStatus: string | null }[];
      return data.length === 3 && data.slice(1).every((m) => m.deliveryStatus === "read");
    });
  });

  it("refuses a type the channel does not take, and keeps nothing", async () => {
    const { owner, agent, room } = await setup("WECHAT");
    const body = multipart([
      { name: "ok.png", type: "image/png", content: PNG },
      { name: "clip.mp4", type: "video/mp4", content: "0000" },
    ]);
    const res = await app.inject({
      method: "POST",
      url: `/api/social-chat/chat/room/${room}/send-files`,
      headers: { ...auth(agent), "content-type": body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("clip.mp4: this file type cannot be sent on WECHAT.");
    const kept = await app.deps.database.query("select id from attachments where uploaded_by = $1", [
      agent.id,
    ]);
    expect(kept).toEqual([]);
    // the room rules apply before the upload is read
    await app.inject({
      method: "POST",
      url: "/api/social-chat/chat/assign-agent",
      headers: auth(owner),
      payload: { subscriberId: room, agentId: owner.id },
    });
    const one = multipart([{ name: "ok.png", type: "image/png", content: PNG }]);
    const blocked = await app.inject({
      method: "POST",
      url: `/api/social-chat/chat/room/${room}/send-files`,
      headers: { ...auth(agent), "content-type": one.contentType },
      payload: one.payload,
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(ONLY_DESIGNATED_AGENT);
  });
});

describe("attachment URLs", () => {
  async function uploaded(owner: { token: string }) {
    const body = multipart([{ name: "logo.png", type: "image/png", content: PNG }]);
    const res = await app.inject({
      method: "POST",
      url: "/api/social-chat/attachment/upload",
      headers: { ...auth(owner), "content-type": body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().attachment as { id: string; url: string };
  }
  const expiryOf = (url: string) => Number(new URL(url, "http://x").searchParams.get("exp")) * 1000;

  it("expire: an expired link is refused with a clear message, a tampered or old one is not found", async () => {
    const { owner } = await setup();
    const file = await uploaded(owner);
    expect(expiryOf(file.url) - Date.now()).toBeGreaterThanOrEqual(ATTACHMENT_URL_TTL_MS - 1000);
    expect((await app.inject({ method: "GET", url: file.url })).statusCode).toBe(200);
    // a link handed out long ago (signed a day before now) has expired
    const old = attachmentUrl(app.deps, file.id, Date.now() - 24 * 3600_000);
    const expired = await app.inject({ method: "GET", url: old });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ message: ATTACHMENT_LINK_EXPIRED });
    // moving the expiry of an expired link forward breaks its signature
    const later = old.replace(/exp=[0-9]+/, `exp=${Math.floor(Date.now() / 1000) + 3600}`);
    const tampered = await app.inject({ method: "GET", url: later });
    expect(tampered.statusCode).toBe(404);
    expect(tampered.json()).toEqual({ message: ATTACHMENT_NOT_FOUND });
    // links without an expiry (as they were first made) no longer open anything, nor do malformed ones
    for (const url of [
      `/api/social-chat/attachment/${file.id}?sig=${new URL(file.url, "http://x").searchParams.get("sig")}`,
      file.url.replace(/exp=[0-9]+/, "exp=soon"),
      file.url.replace(/exp=[0-9]+/, "exp=-1"),
    ]) {
      const r = await app.inject({ method: "GET", url });
      expect(r.statusCode, url).toBe(404);
      expect(r.json(), url).toEqual({ message: ATTACHMENT_NOT_FOUND });
    }
  });

  it("are signed again whenever a message page is read; a kept page is read again before its links get old", async () => {
    const { companyId, agent, room } = await setup();
    const body = multipart([{ name: "photo.jpg", type: "image/jpeg", content: PNG }]);
    const sent = await app.inject({
      method: "POST",
      url: `/api/social-chat/chat/room/${room}/send-files`,
      headers: { ...auth(agent), "content-type": body.contentType },
      payload: body.payload,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const messageId: string = sent.json().data[0].id;
    const page = async (who: { token: string } = agent) => {
      const res = await app.inject({
        method: "GET",
        url: `/api/social-chat/chat/room/message/${room}`,
        headers: auth(who),
      });
      expect(res.statusCode, res.body).toBe(200);
      const m = res.json().data.find((x: { id: string }) => x.id === messageId);
      return m.attachments[0].url as string;
    };
    // the message as stored keeps a link that has long expired: the page hands out a fresh one
    const [stored] = await app.deps.database.query<{ id: string }>(
      "select attachments->0->>'id' as id from chat_messages where id = $1",
      [messageId],
    );
    await app.deps.database.query(
      "update chat_messages set attachments = jsonb_set(attachments, '{0,url}', to_jsonb($1::text)) where id = $2",
      [attachmentUrl(app.deps, stored!.id, Date.now() - 24 * 3600_000), messageId],
    );
    const fresh = await page();
    expect((await app.inject({ method: "GET", url: fresh })).statusCode).toBe(200);
    expect(expiryOf(fresh) - Date.now()).toBeGreaterThanOrEqual(ATTACHMENT_URL_TTL_MS - 1000);
    // polled again with nothing changed (the page may come from the page cache): the same link ...
    expect(await page()).toBe(fresh);
    // ... until the time its links would expire: then the page is read again, with links that still work
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(expiryOf(fresh) + 1000);
      // (the test's sign-in lasts an hour: signed in again at that time)
      const renewed = await page(await signIn(app, agent.id, companyId, "agent"));
      expect(renewed).not.toBe(fresh);
      expect(expiryOf(renewed) - Date.now()).toBeGreaterThanOrEqual(ATTACHMENT_URL_TTL_MS - 1000);
      expect((await app.inject({ method: "GET", url: renewed })).statusCode).toBe(200);
      expect((await app.inject({ method: "GET", url: fresh })).statusCode).toBe(403);
    } finally {
      vi.useRealTimers();
    }
  });

  it("never reach the access log with their signature", async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const { database, dataDir } = await sharedDatabase();
    const logged = await buildApp({
      config: testConfig({ LOG_LEVEL: "info" }, dataDir),
      database,
      logStream: stream,
    });
    try {
      await logged.ready();
      const { owner } = await setup();
      const file = await uploaded(owner);
      const sig = new URL(file.url, "http://x").searchParams.get("sig")!;
      expect((await logged.inject({ method: "GET", url: file.url })).statusCode).toBe(200);
      await logged.inject({ method: "GET", url: `/api/social-chat/attachment/${file.id}?sig=${sig}` });
    } finally {
      await logged.close();
    }
    const text = lines.join("");
    const sigs = lines
      .map((l) => JSON.parse(l) as { req?: { url?: string } })
      .flatMap((l) => (l.req?.url?.includes("/social-chat/attachment/") ? [l.req.url] : []));
    expect(sigs).toHaveLength(2);
    for (const url of sigs) expect(url).toMatch(/[?&]sig=\[redacted\]/);
    expect(text).not.toMatch(/sig=(?!\[redacted\])/);
  });
});
