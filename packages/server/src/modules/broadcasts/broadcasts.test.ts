import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { sandboxDriver } from "../../providers/channels/sandbox";
import {
  auth,
  createCompany,
  eventually,
  privateDatabase,
  type TestUser,
  testConfig,
} from "../../test/harness";
import { connectSandbox } from "../channels/channels.fixtures";
import { OUTSIDE_WINDOW } from "../chat/chat.messages";
import { applyStatus, ingestInbound } from "../chat/ingest";
import {
  BROADCAST_EXECUTED,
  BROADCAST_RECEIVED,
  COMPOSE_MESSAGE,
  DESCRIPTION_TOO_LONG,
  NAME_REQUIRED,
  NAME_TAKEN,
  NAME_TOO_LONG,
  SELECT_CHANNEL,
  UPLOAD_MEDIA,
} from "./broadcasts.messages";
import { checkRecipients, internationalMobile } from "./readiness";

let app: FastifyInstance;
let dropDatabase: (() => Promise<void>) | undefined;
beforeAll(async () => {
  // A database of its own on PostgreSQL: the tests patch this process's sandbox driver, and other files' job
  // workers on a shared database would take these broadcasts' delivery jobs and send through an unpatched one.
  const { database, dataDir, drop } = await privateDatabase();
  dropDatabase = drop;
  app = await buildApp({ config: testConfig({}, dataDir), database, validateResponses: true });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await dropDatabase?.();
});

type Who = { token: string };
const get = (url: string, who: Who) => app.inject({ method: "GET", url: `/api${url}`, headers: auth(who) });
const post = (url: string, who: Who, payload: object = {}) =>
  app.inject({ method: "POST", url: `/api${url}`, headers: auth(who), payload });
const q = <T>(text: string, params: unknown[] = []) => app.deps.database.query<T>(text, params);

let seq = 0;
const uniq = (p: string) => `${p} ${process.pid % 1000}-${++seq}`;

function upload(who: Who, x: "yes" | "no", broadcastId: string, csv: string) {
  const boundary = `----herald${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="broadcastId"\r\n\r\n${broadcastId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: "POST",
    url: `/api/social-chat/broadcast/file/${x}`,
    headers: { ...auth(who), "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

interface World {
  companyId: string;
  owner: TestUser;
  wa: { id: string };
  outsider: TestUser;
}

async function world(): Promise<World> {
  const { id: companyId, owner } = await createCompany(app);
  const wa = await connectSandbox(app, owner, { channelType: "WHATSAPP" });
  const sync = await post(`/social-chat/channel/${wa.id}/sync-ws-templates`, owner);
  expect(sync.statusCode, sync.body).toBe(200);
  const other = await createCompany(app);
  return { companyId, owner, wa, outsider: other.owner };
}

const template = (w: World, name: string, over: object = {}) => ({
  type: "template",
  broadcastName: name,
  method: "file",
  channelId: w.wa.id,
  whatsappTemplate: {
    name: "order_update",
    language: "en_US",
    header: { variables: ["A1"] },
    body: { variables: ["x", "y", "z"] },
  },
  ...over,
});

describe("readiness", () => {
  it("reads numbers in international format ('+' added) and marks every row kind", () => {
    expect(internationalMobile("6591234567")).toBe("6591234567");
    expect(internationalMobile("+65 9123 4567")).toBe("6591234567");
    expect(internationalMobile("91234567")).toBeNull(); // no country code
    expect(internationalMobile("abc")).toBeNull();
    const rows = checkRecipients(
      [
        { mobile: "+6591234567", name: "Siti", variables: ["Siti", "A1", "Fri"] },
        { mobile: "12", name: "Bad", variables: ["a", "b", "c"] },
        { mobile: "6591234568", name: "Gap", variables: ["a", "", "c"] },
        { mobile: "6591234567", name: "Again", variables: ["a", "b", "c"] },
      ],
      { bodyVariables: 3, removeDuplicates: true },
    );
    expect(rows.map((r) => r.readiness)).toEqual([
      "READY",
      "INVALID PHONE NUMBER",
      "MISSING VALUE",
      "DUPLICATED",
    ]);
    const kept = checkRecipients(
      [
        { mobile: "6591234567", name: "A", variables: [] },
        { mobile: "6591234567", name: "B", variables: [] },
      ],
      { bodyVariables: 0, removeDuplicates: false },
    );
    expect(kept.map((r) => r.readiness)).toEqual(["READY", "READY"]);
  });
});

describe("wizard rules", () => {
  it("answers the specification's messages at each step", async () => {
    const w = await world();
    const cases: [object, number, string][] = [
      [template(w, "  "), 400, NAME_REQUIRED],
      [template(w, "n".repeat(51)), 400, NAME_TOO_LONG],
      [template(w, uniq("d"), { broadcastDescription: "d".repeat(256) }), 400, DESCRIPTION_TOO_LONG],
      [template(w, uniq("c"), { channelId: null }), 400, SELECT_CHANNEL],
      [{ type: "live", broadcastName: uniq("l"), method: "file" }, 400, COMPOSE_MESSAGE],
      [{ type: "live", broadcastName: uniq("l"), method: "file", text: "  " }, 400, COMPOSE_MESSAGE],
      [
        template(w, uniq("m"), {
          whatsappTemplate: { name: "promo_image", language: "en_US", body: { variables: ["a", "b"] } },
        }),
        400,
        UPLOAD_MEDIA,
      ],
    ];
    for (const [payload, status, message] of cases) {
      const res = await post("/social-chat/broadcast/send", w.owner, payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
    }
  });

  it("keeps names unique per company, case-insensitively", async () => {
    const w = await world();
    const name = uniq("Promo");
    expect(
      (await get(`/social-chat/broadcast/validate/${encodeURIComponent(name)}`, w.owner)).statusCode,
    ).toBe(200);
    const first = await post("/social-chat/broadcast/send", w.owner, template(w, name));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: "received", message: BROADCAST_RECEIVED });
    const check = await get(
      `/social-chat/broadcast/validate/${encodeURIComponent(name.toUpperCase())}`,
      w.owner,
    );
    expect(check.statusCode).toBe(409);
    expect(check.json().message).toBe(NAME_TAKEN);
    const again = await post("/social-chat/broadcast/send", w.owner, template(w, name.toLowerCase()));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(NAME_TAKEN);
    // another company may use the same name
    const other = await get(`/social-chat/broadcast/validate/${encodeURIComponent(name)}`, w.outsider);
    expect(other.statusCode).toBe(200);
  });
});

describe("template broadcast from a file to the sandbox WhatsApp channel", () => {
  it("checks every row, sends only READY rows, skips unsubscribed numbers, shows the messages in rooms and the report", async () => {
    const w = await world();
    await q(
      "insert into mobile_subscriptions (id, company_id, contact_number, type) values (gen_random_uuid(), $1, '6591110005', 'unsub')",
      [w.companyId],
    );
    const name = uniq("Orders");
    const sent = await post("/social-chat/broadcast/send", w.owner, template(w, name));
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json().broadcastId as string;
    const csv = [
      "mobile,name,first,order,day",
      "+6591110001,Siti,Siti,A1,Friday",
      "6591110002,Ahmad,Ahmad,A2,Monday",
      "123,Bad,Bad,A3,Monday",
      "6591110003,Gap,Gap,,Monday",
      "6591110001,Twice,Twice,A5,Monday",
      "6591110005,Gone,Gone,A6,Monday",
    ].join("\n");
    const res = await upload(w.owner, "yes", id, csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      broadcastId: id,
      total: 6,
      ready: 2,
      issues: [
        { row: 3, mobile: "123", name: "Bad", issue: "INVALID PHONE NUMBER" },
        { row: 4, mobile: "6591110003", name: "Gap", issue: "MISSING VALUE" },
        { row: 5, mobile: "6591110001", name: "Twice", issue: "DUPLICATED" },
      ],
    });
    const again = await upload(w.owner, "yes", id, csv);
    expect(again.statusCode).toBe(409);

    await eventually(async () => {
      const r = (await get(`/social-chat/broadcast/${id}`, w.owner)).json();
      return r.status === "done" && r.stats.delivered === 2;
    });
    const report = (await get(`/social-chat/broadcast/${id}`, w.owner)).json();
    expect(report.stats).toEqual({ total: 6, sent: 2, delivered: 2, read: 0, failed: 0 });
    expect(report.preview.whatsappTemplateVariables).toEqual({ header: ["A1"], body: ["x", "y", "z"] });
    const delivered = report.recipients.filter((r: { delivery_status: string }) => r.delivery_status);
    expect(delivered.map((r: { contactName: string }) => r.contactName)).toEqual(["Siti", "Ahmad"]);
    expect(delivered[0].whatsapp_template_variables).toEqual({
      header: ["A1"],
      body: ["Siti", "A1", "Friday"],
    });
    const remarks = report.recipients.map((r: { remark: string | null }) => r.remark);
    expect(remarks).toContain("Unsubscribed");
    // one idempotency key per row; only READY rows have a chat message
    const rows = await q<{ status: string; n: number }>(
      "select status, count(*)::int as n from broadcast_recipients where broadcast_id = $1 group by status order by status",
      [id],
    );
    expect(rows).toEqual([
      { status: "sent", n: 2 },
      { status: "skipped", n: 4 },
    ]);

    // the inbox shows the rooms with the template messages
    const rooms = await get("/social-chat/chat/room", w.owner);
    expect(rooms.statusCode).toBe(200);
    const names = rooms.json().data.map((r: { subscriberName: string }) => r.subscriberName);
    expect(names.sort()).toEqual(["Ahmad", "Siti"]);
    const room = rooms.json().data.find((r: { subscriberName: string }) => r.subscriberName === "Siti");
    const messages = await get(`/social-chat/chat/room/message/${room.subscriberId}`, w.owner);
    expect(messages.statusCode, messages.body).toBe(200);
    expect(JSON.stringify(messages.json())).toContain("order_update");

    // receipts (through the chat's receipt path) show in the report: read, and a late failure with its remark
    const ids = await q<{ name: string; provider_message_id: string }>(
      "select name, provider_message_id from broadcast_recipients where broadcast_id = $1 and status = 'sent'",
      [id],
    );
    const pid = (n: string) => ids.find((x) => x.name === n)!.provider_message_id;
    await applyStatus(app.deps, { channelId: w.wa.id, providerMessageId: pid("Siti"), status: "read" });
    const after = await get(`/social-chat/broadcast/${id}`, w.owner);
    expect(after.json().stats).toMatchObject({ sent: 2, delivered: 2, read: 1, failed: 0 });
    await q("update chat_messages set delivery_status = 'sent' where provider_message_id = $1", [
      pid("Ahmad"),
    ]);
    await applyStatus(app.deps, {
      channelId: w.wa.id,
      providerMessageId: pid("Ahmad"),
      status: "failed",
      remark: "Message undeliverable",
    });
    const [ahmad] = await q<{ status: string; remark: string }>(
      "select status, remark from broadcast_recipients where broadcast_id = $1 and name = 'Ahmad'",
      [id],
    );
    expect(ahmad).toEqual({ status: "failed", remark: "Message undeliverable" });
    expect((await get(`/social-chat/broadcast/${id}`, w.owner)).json().stats).toMatchObject({
      read: 1,
      failed: 1,
    });

    const list = await get("/social-chat/broadcast", w.owner);
    expect(list.json().data[0]).toMatchObject({ id, name, total: 6, campaignName: null });
  });
});

describe("live broadcast to subscribers, pause, resume and cancel", () => {
  it("sends to chosen subscribers; a paused broadcast waits, resumes and finishes; cancel stops it", async () => {
    const w = await world();
    const subs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await ingestInbound(app.deps, {
        companyId: w.companyId,
        channelId: w.wa.id,
        platformId: `659222000${i}`,
        subscriberName: `Sub ${i}`,
        providerMessageId: `in-${Math.random()}`,
        text: "hi",
      });
      subs.push(r.subscriberId);
    }
    const listed = await get(`/social-chat/broadcast/subscribers?channelId=${w.wa.id}`, w.owner);
    expect(listed.json().data).toHaveLength(3);
    expect(listed.json().data[0].conversationExpiry).not.toBeNull();

    // pause before a worker takes it: nothing is sent until resumed
    const name = uniq("Live");
    const sent = await post("/social-chat/broadcast/send", w.owner, {
      type: "live",
      broadcastName: name,
      method: "contacts",
      subscribers: subs,
      text: "Sale today",
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: "executed", message: BROADCAST_EXECUTED });
    const id = sent.json().broadcastId;
    const paused = await post(`/social-chat/broadcast/${id}/pause`, w.owner);
    if (paused.statusCode === 200) {
      expect(paused.json()).toEqual({ id, status: "paused" });
      expect((await post(`/social-chat/broadcast/${id}/pause`, w.owner)).statusCode).toBe(409);
      const resumed = await post(`/social-chat/broadcast/${id}/resume`, w.owner);
      expect(resumed.json()).toEqual({ id, status: "running" });
    } else {
      expect(paused.statusCode).toBe(409); // already done
    }
    await eventually(
      async () => (await get(`/social-chat/broadcast/${id}`, w.owner)).json().status === "done",
    );
    expect((await get(`/social-chat/broadcast/${id}`, w.owner)).json().stats).toMatchObject({
      total: 3,
      sent: 3,
    });
    expect((await post(`/social-chat/broadcast/${id}/cancel`, w.owner)).statusCode).toBe(409);

    // outside the 24-hour window a live message fails with the chat's remark; the others are sent
    await q("update chat_rooms set last_inbound_at = now() - interval '25 hours' where subscriber_id = $1", [
      subs[0],
    ]);
    const late = await post("/social-chat/broadcast/send", w.owner, {
      type: "live",
      broadcastName: uniq("Late"),
      method: "contacts",
      subscribers: subs,
      text: "Later",
    });
    const lateId = late.json().broadcastId;
    await eventually(
      async () => (await get(`/social-chat/broadcast/${lateId}`, w.owner)).json().status === "done",
    );
    const lateReport = (await get(`/social-chat/broadcast/${lateId}`, w.owner)).json();
    expect(lateReport.stats).toMatchObject({ total: 3, sent: 2, failed: 1 });
    expect(lateReport.recipients.map((r: { remark: string | null }) => r.remark)).toContain(OUTSIDE_WINDOW);

    // cancel: rows not sent yet are never sent
    const second = await post("/social-chat/broadcast/send", w.owner, {
      type: "live",
      broadcastName: uniq("Live2"),
      method: "contacts",
      subscribers: subs,
      text: "Again",
    });
    const id2 = second.json().broadcastId;
    await q("update broadcasts set status = 'paused' where id = $1", [id2]);
    const cancelled = await post(`/social-chat/broadcast/${id2}/cancel`, w.owner);
    expect(cancelled.json()).toEqual({ id: id2, status: "cancelled" });
    const rows = await q<{ status: string }>(
      "select distinct status from broadcast_recipients where broadcast_id = $1",
      [id2],
    );
    expect(rows).toEqual([{ status: "cancelled" }]);
    const resumed = await post(`/social-chat/broadcast/${id2}/resume`, w.owner);
    expect(resumed.statusCode).toBe(409);
  });
});

describe("tenancy", () => {
  it("gives another company's user nothing (404)", async () => {
    const w = await world();
    const sent = await post("/social-chat/broadcast/send", w.owner, template(w, uniq("Mine")));
    const id = sent.json().broadcastId;
    for (const res of [
      await get(`/social-chat/broadcast/${id}`, w.outsider),
      await post(`/social-chat/broadcast/${id}/pause`, w.outsider),
      await post(`/social-chat/broadcast/${id}/cancel`, w.outsider),
      await upload(w.outsider, "yes", id, "mobile,name\n6591234567,A"),
      await post("/social-chat/broadcast/send", w.outsider, template(w, uniq("Theirs"))),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    const list = await get("/social-chat/broadcast", w.outsider);
    expect(list.json().data).toEqual([]);
  });
});

describe("campaigns", () => {
  it("lists a campaign's broadcasts, shows its latest broadcast, and deleting the campaign deletes them", async () => {
    const w = await world();
    const campaign = await post("/addCampaign", w.owner, { name: uniq("Camp") });
    expect(campaign.statusCode, campaign.body).toBe(200);
    const campaignId = campaign.json().id ?? campaign.json().data?.id;
    const options = await get("/social-chat/broadcast/campaigns", w.owner);
    expect(options.json().data.map((c: { id: string }) => c.id)).toContain(campaignId);
    const name = uniq("InCamp");
    const sent = await post("/social-chat/broadcast/send", w.owner, template(w, name, { campaignId }));
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json().broadcastId;
    await post("/social-chat/broadcast/send", w.owner, template(w, uniq("NoCamp")));
    const list = await get(`/social-chat/broadcast?campaignId=${campaignId}`, w.owner);
    expect(list.json().data.map((b: { id: string }) => b.id)).toEqual([id]);
    expect(list.json().data[0].campaignName).toBeTruthy();
    const view = await post("/getCampaign", w.owner, { id: campaignId });
    expect(JSON.stringify(view.json())).toContain(id);
    const del = await post("/deleteCampaign", w.owner, { selectedRows: [campaignId] });
    expect(del.statusCode, del.body).toBe(200);
    expect((await get(`/social-chat/broadcast/${id}`, w.owner)).statusCode).toBe(404);
  });
});

describe("campaign totals and status", () => {
  it("a campaign follows its broadcast to Sent and totals its messages (sent, delivered, failed, skipped, cost)", async () => {
    const w = await world();
    const campaignId = (await post("/addCampaign", w.owner, { name: uniq("Totals") })).json().id as string;
    const sent = await post(
      "/social-chat/broadcast/send",
      w.owner,
      template(w, uniq("Wave"), { campaignId }),
    );
    const id = sent.json().broadcastId as string;
    const csv = [
      "mobile,name,first,order,day",
      "6591110001,Siti,Siti,A1,Friday",
      "6591110002,Ahmad,Ahmad,A2,Monday",
      "6591110003,Mei,Mei,A3,Monday",
      "123,Bad,Bad,A4,Monday",
    ].join("\n");
    expect((await upload(w.owner, "yes", id, csv)).statusCode).toBe(200);
    await eventually(
      async () => (await get(`/social-chat/broadcast/${id}`, w.owner)).json().status === "done",
    );
    // a late failure report of one message
    const [mei] = await q<{ provider_message_id: string }>(
      "select provider_message_id from broadcast_recipients where broadcast_id = $1 and name = 'Mei'",
      [id],
    );
    await q("update chat_messages set delivery_status = 'sent' where provider_message_id = $1", [
      mei!.provider_message_id,
    ]);
    await applyStatus(app.deps, {
      channelId: w.wa.id,
      providerMessageId: mei!.provider_message_id,
      status: "failed",
      remark: "Message undeliverable",
    });

    const campaign = (await post("/getCampaign", w.owner, { id: campaignId })).json();
    expect(campaign.status).toBe("sent");
    const report = await post("/campaignReport", w.owner, { id: campaignId });
    expect(report.statusCode, report.body).toBe(200);
    const [price] = await q<{ price_cents: string }>("select price_cents from broadcasts where id = $1", [
      id,
    ]);
    expect(report.json().totals).toEqual({
      recipients: 4,
      sent: 2,
      delivered: 2,
      read: 0,
      failed: 1,
      pending: 0,
      skipped: 1,
      cancelled: 0,
      costCents: 3 * Number(price!.price_cents),
    });
    expect(report.json().sends).toMatchObject([
      { id, kind: "broadcast", channel: "whatsapp", finished: true },
    ]);

    // the outgoing report: every message, newest first, paged
    const first = (await post("/campaignMessages", w.owner, { id: campaignId, limit: 3 })).json();
    expect(first.data).toHaveLength(3);
    expect(first.nextCursor).toBeTruthy();
    const rest = (
      await post("/campaignMessages", w.owner, { id: campaignId, limit: 3, cursor: first.nextCursor })
    ).json();
    expect(rest.nextCursor).toBeNull();
    const all = [...first.data, ...rest.data];
    expect(new Set(all.map((m: { id: string }) => m.id)).size).toBe(4);
    expect(all.map((m: { status: string }) => m.status).sort()).toEqual([
      "delivered",
      "delivered",
      "failed",
      "skipped",
    ]);
    expect(
      (await post("/campaignMessages", w.owner, { id: campaignId, cursor: "nonsense" })).statusCode,
    ).toBe(400);

    // another company gets nothing
    expect((await post("/campaignReport", w.outsider, { id: campaignId })).statusCode).toBe(404);
    expect((await post("/campaignMessages", w.outsider, { id: campaignId })).statusCode).toBe(404);
  });
});

describe("rate and pause mid-way", () => {
  it("sends at the channel's configured rate and a pause holds the rest until resumed", async () => {
    process.env.HERALD_BROADCAST_RATE_WHATSAPP = "2";
    try {
      const w = await world();
      const subs: string[] = [];
      for (let i = 0; i < 6; i++) {
        const r = await ingestInbound(app.deps, {
          companyId: w.companyId,
          channelId: w.wa.id,
          platformId: `659333000${i}`,
          subscriberName: `Sub ${i}`,
          providerMessageId: `in-${Math.random()}`,
          text: "hi",
        });
        subs.push(r.subscriberId);
      }
      const sent = await post("/social-chat/broadcast/send", w.owner, {
        type: "template",
        broadcastName: uniq("Slow"),
        method: "contacts",
        subscribers: subs,
        channelId: w.wa.id,
        whatsappTemplate: {
          name: "order_update",
          language: "en_US",
          header: { variables: ["A1"] },
          body: { variables: ["x", "y", "z"] },
        },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const id = sent.json().broadcastId;
      const count = async () =>
        (
          await q<{ n: number }>(
            "select count(*)::int as n from broadcast_recipients where broadcast_id = $1 and status = 'sent'",
            [id],
          )
        )[0]!.n;
      await eventually(async () => (await count()) >= 1);
      const paused = await post(`/social-chat/broadcast/${id}/pause`, w.owner);
      expect(paused.statusCode, paused.body).toBe(200);
      await new Promise((r) => setTimeout(r, 1500));
      const held = await count();
      expect(held).toBeLessThan(6);
      await new Promise((r) => setTimeout(r, 1200));
      expect(await count()).toBe(held); // nothing sent while paused
      expect((await post(`/social-chat/broadcast/${id}/resume`, w.owner)).statusCode).toBe(200);
      await eventually(
        async () => (await get(`/social-chat/broadcast/${id}`, w.owner)).json().status === "done",
      );
      expect(await count()).toBe(6);
      // at 2 per second (the slot's second by the database clock; +1 for a message written just after its slot)
      const perSecond = await q<{ n: number }>(
        `select count(*)::int as n from chat_messages m join broadcast_recipients r on r.chat_message_id = m.id
          where r.broadcast_id = $1 group by date_trunc('second', m.created_at)`,
        [id],
      );
      expect(Math.max(...perSecond.map((x) => x.n))).toBeLessThanOrEqual(3);
      expect(perSecond.length).toBeGreaterThanOrEqual(3);
    } finally {
      delete process.env.HERALD_BROADCAST_RATE_WHATSAPP;
    }
  });
});

describe("provider throttling", () => {
  it("backs off when the provider throttles and sends every row once it accepts again", async () => {
    const w = await world();
    const driver = sandboxDriver("WHATSAPP");
    const original = driver.send;
    let refusals = 0;
    const sentIds: string[] = [];
    driver.send = async (channel, message) => {
      if (refusals < 2) {
        refusals++;
        throw new Error("(#130429) Rate limit hit");
      }
      sentIds.push(message.messageId);
      return original.call(driver, channel, message);
    };
    try {
      const sent = await post("/social-chat/broadcast/send", w.owner, template(w, uniq("Throttled")));
      const id = sent.json().broadcastId;
      const up = await upload(w.owner, "yes", id, "mobile,name\n6591440001,A\n6591440002,B");
      expect(up.json().ready).toBe(2);
      await eventually(
        async () => (await get(`/social-chat/broadcast/${id}`, w.owner)).json().status === "done",
        30_000,
      );
      const report = (await get(`/social-chat/broadcast/${id}`, w.owner)).json();
      expect(report.stats).toMatchObject({ total: 2, sent: 2, delivered: 2, failed: 0 });
      expect(refusals).toBe(2);
      // each recipient's message went out once (the message written before the refusal was reused)
      expect(new Set(sentIds).size).toBe(2);
      expect(sentIds).toHaveLength(2);
    } finally {
      driver.send = original;
    }
  }, 40_000);
});

describe("live broadcast with an attachment", () => {
  it("sends the attachment and shows it in the preview and the recipient rows", async () => {
    const w = await world();
    const r = await ingestInbound(app.deps, {
      companyId: w.companyId,
      channelId: w.wa.id,
      platformId: "6591550001",
      subscriberName: "Pic",
      providerMessageId: `in-${Math.random()}`,
      text: "hi",
    });
    const [att] = await q<{ id: string }>(
      "insert into attachments (id, company_id, kind, mime, name, size_bytes, storage_key) values (gen_random_uuid(), $1, 'image', 'image/png', 'sale.png', 1, 'none') returning id",
      [w.companyId],
    );
    const sent = await post("/social-chat/broadcast/send", w.owner, {
      type: "live",
      broadcastName: uniq("Pic"),
      method: "contacts",
      subscribers: [r.subscriberId],
      attachmentId: att!.id,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json().broadcastId;
    await eventually(
      async () => (await get(`/social-chat/broadcast/${id}`, w.owner)).json().status === "done",
    );
    const report = (await get(`/social-chat/broadcast/${id}`, w.owner)).json();
    expect(report.preview.attachment).toMatchObject({ id: att!.id, type: "image", name: "sale.png" });
    expect(report.recipients[0]).toMatchObject({ type: "image", filename: "sale.png", mime: "image/png" });
    expect(report.stats).toMatchObject({ sent: 1, delivered: 1 });
  });
});

describe("live broadcast from a file", () => {
  it("reaches numbers that wrote in within 24 hours; the others fail with the window remark", async () => {
    const w = await world();
    await ingestInbound(app.deps, {
      companyId: w.companyId,
      channelId: w.wa.id,
      platformId: "6591660001",
      subscriberName: "Recent",
      providerMessageId: `in-${Math.random()}`,
      text: "hi",
    });
    const sent = await post("/social-chat/broadcast/send", w.owner, {
      type: "live",
      broadcastName: uniq("LiveFile"),
      method: "file",
      channelId: w.wa.id,
      text: "Hello again",
    });
    expect(sent.json()).toMatchObject({ status: "received", message: BROADCAST_RECEIVED });
    const id = sent.json().broadcastId;
    const up = await upload(w.owner, "no", id, "mobile,name\n6591660001,Recent\n6591660002,Never");
    expect(up.json()).toMatchObject({ total: 2, ready: 2, issues: [] });
    await eventually(
      async () => (await get(`/social-chat/broadcast/${id}`, w.owner)).json().status === "done",
    );
    const report = (await get(`/social-chat/broadcast/${id}`, w.owner)).json();
    expect(report.stats).toMatchObject({ total: 2, sent: 1, failed: 1 });
    expect(report.recipients[1]).toMatchObject({
      contactName: "Never",
      delivery_status: "failed",
      remark: OUTSIDE_WINDOW,
    });
  });
});

describe("template broadcast to groups", () => {
  it("checks the groups' contacts (invalid numbers, a contact in two groups) and refuses another company's group", async () => {
    const w = await world();
    const contact = async (mobile: string, name: string) =>
      (
        await q<{ id: string }>(
          "insert into contacts (id, company_id, mobile, name) values (gen_random_uuid(), $1, $2, $3) returning id",
          [w.companyId, mobile, name],
        )
      )[0]!.id;
    const group = async (name: string, members: string[]) => {
      const [g] = await q<{ id: string }>(
        "insert into contact_groups (id, company_id, name) values (gen_random_uuid(), $1, $2) returning id",
        [w.companyId, name],
      );
      for (const m of members) {
        await q("insert into group_members (group_id, contact_id) values ($1, $2)", [g!.id, m]);
      }
      return g!.id;
    };
    const a = await contact("6591770001", "Ann");
    const b = await contact("1234567", "Bad");
    const c = await contact("6591770003", "Cat");
    const g1 = await group(uniq("G1"), [a, b]);
    const g2 = await group(uniq("G2"), [a, c]);
    const payload = (name: string, groups: string[]) =>
      template(w, name, { method: "groups", subscribers: groups });
    const foreign = await post("/social-chat/broadcast/send", w.outsider, {
      ...payload(uniq("X"), [g1]),
      channelId: undefined,
      type: "live",
      text: "x",
    });
    expect(foreign.statusCode).toBe(404);
    const sent = await post("/social-chat/broadcast/send", w.owner, payload(uniq("Groups"), [g1, g2]));
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: "executed", message: BROADCAST_EXECUTED });
    const id = sent.json().broadcastId;
    await eventually(
      async () => (await get(`/social-chat/broadcast/${id}`, w.owner)).json().status === "done",
    );
    const readiness = await q<{ name: string; readiness: string }>(
      "select name, readiness from broadcast_recipients where broadcast_id = $1 order by name, readiness",
      [id],
    );
    expect(readiness).toEqual([
      { name: "Ann", readiness: "DUPLICATED" },
      { name: "Ann", readiness: "READY" },
      { name: "Bad", readiness: "INVALID PHONE NUMBER" },
      { name: "Cat", readiness: "READY" },
    ]);
    expect((await get(`/social-chat/broadcast/${id}`, w.owner)).json().stats).toMatchObject({
      total: 4,
      sent: 2,
      delivered: 2,
    });
  });
});
