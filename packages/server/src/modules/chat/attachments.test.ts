import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { auth, createCompany, createUser, eventually, testApp } from "../../test/harness";
import { addDepartment, connectSandbox, joinDepartment } from "../channels/channels.fixtures";
import { contentDisposition, FILE_PART_REQUIRED } from "./attachments";
import { ONLY_DESIGNATED_AGENT } from "./chat.messages";
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
