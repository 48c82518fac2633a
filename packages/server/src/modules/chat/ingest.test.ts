import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { createCompany, testApp } from "../../test/harness";
import { connectSandbox } from "../channels/channels.fixtures";
import { applyStatus, ingestInbound, statusMovesForward } from "./ingest";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

const q = <T>(text: string, params: unknown[] = []) => app.deps.database.query<T>(text, params);

async function setup() {
  const company = await createCompany(app);
  const channel = await connectSandbox(app, company.owner, { channelType: "WHATSAPP" });
  return { company, channel };
}

const inbound = (companyId: string, channelId: string, over: Record<string, unknown> = {}) => ({
  companyId,
  channelId,
  platformId: "6591110000",
  subscriberName: "Ah Meng",
  providerMessageId: `wamid.${Math.random()}`,
  text: "Hello",
  ...over,
});

describe("ingestInbound", () => {
  it("creates subscriber, room ('Open ticket') and message once; a repeated provider id changes nothing", async () => {
    const { company, channel } = await setup();
    const first = await ingestInbound(
      app.deps,
      inbound(company.id, channel.id, { providerMessageId: "m-1" }),
    );
    expect(first).toMatchObject({ duplicate: false, roomOpened: "new" });
    const again = await ingestInbound(
      app.deps,
      inbound(company.id, channel.id, { providerMessageId: "m-1" }),
    );
    expect(again).toMatchObject({
      duplicate: true,
      subscriberId: first.subscriberId,
      messageId: first.messageId,
    });
    const second = await ingestInbound(
      app.deps,
      inbound(company.id, channel.id, {
        providerMessageId: "m-2",
        subscriberName: "Ah Meng Tan",
        text: "Hi?",
      }),
    );
    expect(second).toMatchObject({ duplicate: false, subscriberId: first.subscriberId, roomOpened: null });

    const [room] = await q<{ status: string; unread_count: number; last_message_text: string }>(
      "select status, unread_count, last_message_text from chat_rooms where subscriber_id = $1",
      [first.subscriberId],
    );
    expect(room).toEqual({ status: "open", unread_count: 2, last_message_text: "Hi?" });
    const [sub] = await q<{ name: string }>("select name from subscribers where id = $1", [
      first.subscriberId,
    ]);
    expect(sub!.name).toBe("Ah Meng Tan");
    const msgs = await q("select id from chat_messages where subscriber_id = $1", [first.subscriberId]);
    expect(msgs).toHaveLength(2);
    const logs = await q<{ status: string }>(
      "select status from chat_room_status_logs where subscriber_id = $1",
      [first.subscriberId],
    );
    expect(logs.map((l) => l.status)).toEqual(["open"]);
  });

  it("keeps one subscriber and room when messages of a new subscriber arrive at once", async () => {
    const { company, channel } = await setup();
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((i) =>
        ingestInbound(
          app.deps,
          inbound(company.id, channel.id, { providerMessageId: `p-${i}`, platformId: "tg-7" }),
        ),
      ),
    );
    expect(new Set(results.map((r) => r.subscriberId)).size).toBe(1);
    const [room] = await q<{ unread_count: number }>(
      "select unread_count from chat_rooms where subscriber_id = $1",
      [results[0]!.subscriberId],
    );
    expect(room!.unread_count).toBe(5);
  });

  it("re-opens a closed room ('Re-opened by' the subscriber) and clears its agent", async () => {
    const { company, channel } = await setup();
    const first = await ingestInbound(app.deps, inbound(company.id, channel.id));
    await q("update chat_rooms set status = 'closed', agent_id = $2 where subscriber_id = $1", [
      first.subscriberId,
      company.owner.id,
    ]);
    const next = await ingestInbound(app.deps, inbound(company.id, channel.id, { text: "Me again" }));
    expect(next.roomOpened).toBe("re-opened");
    const [room] = await q<{ status: string; agent_id: string | null }>(
      "select status, agent_id from chat_rooms where subscriber_id = $1",
      [first.subscriberId],
    );
    expect(room).toEqual({ status: "open", agent_id: null });
    const logs = await q<{ status: string; assign_by: string | null }>(
      "select status, assign_by from chat_room_status_logs where subscriber_id = $1 order by created_at, id",
      [first.subscriberId],
    );
    expect(logs).toEqual([
      { status: "open", assign_by: null },
      { status: "re-opened", assign_by: "Ah Meng" },
    ]);
  });
});

describe("delivery statuses", () => {
  it("move only forward: sent -> delivered -> read; failed only from nothing or sent", () => {
    expect(statusMovesForward(null, "sent")).toBe(true);
    expect(statusMovesForward("sent", "delivered")).toBe(true);
    expect(statusMovesForward("delivered", "read")).toBe(true);
    expect(statusMovesForward(null, "read")).toBe(true);
    expect(statusMovesForward("read", "delivered")).toBe(false);
    expect(statusMovesForward("delivered", "sent")).toBe(false);
    expect(statusMovesForward("sent", "failed")).toBe(true);
    expect(statusMovesForward("delivered", "failed")).toBe(false);
    expect(statusMovesForward("failed", "read")).toBe(false);
  });

  it("are applied whatever order receipts arrive in, once per event id", async () => {
    const { company, channel } = await setup();
    const r = await ingestInbound(app.deps, inbound(company.id, channel.id));
    await q(
      `insert into chat_messages (id, company_id, subscriber_id, channel_id, type, text, message_status, delivery_status, provider_message_id)
       values (gen_random_uuid(), $1, $2, $3, 'outbox', 'reply', 'yes', 'sent', 'out-1')`,
      [company.id, r.subscriberId, channel.id],
    );
    const status = async () =>
      (
        await q<{ delivery_status: string; message_status: string }>(
          "select delivery_status, message_status from chat_messages where channel_id = $1 and provider_message_id = 'out-1'",
          [channel.id],
        )
      )[0];
    const apply = (s: "sent" | "delivered" | "read" | "failed", eventId?: string) =>
      applyStatus(app.deps, { channelId: channel.id, providerMessageId: "out-1", status: s, eventId });
    expect(await apply("read", "e1")).toEqual({ applied: true, duplicate: false });
    expect(await apply("delivered", "e2")).toEqual({ applied: false, duplicate: false });
    expect(await apply("failed", "e3")).toEqual({ applied: false, duplicate: false });
    expect(await apply("read", "e1")).toEqual({ applied: false, duplicate: true });
    expect(await status()).toEqual({ delivery_status: "read", message_status: "yes" });
    // unknown ids are ignored
    const unknown = await applyStatus(app.deps, {
      channelId: channel.id,
      providerMessageId: "nope",
      status: "read",
    });
    expect(unknown.applied).toBe(false);
  });
});

describe("sandbox subscriber pages", () => {
  it("lets a person write in as a subscriber (form and JSON) and see the conversation", async () => {
    const { company, channel } = await setup();
    const list = await app.inject({ method: "GET", url: "/_sandbox/channels" });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(`/_sandbox/channels/${channel.id}`);

    const form = await app.inject({
      method: "POST",
      url: `/_sandbox/channels/${channel.id}/messages`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "subscriberName=Siti&platformId=sb-1&text=%3Cb%3EHi%3C%2Fb%3E",
    });
    expect(form.statusCode, form.body).toBe(303);
    expect(form.headers.location).toBe(`/_sandbox/channels/${channel.id}?platformId=sb-1&name=Siti`);
    const json = await app.inject({
      method: "POST",
      url: `/_sandbox/channels/${channel.id}/messages`,
      payload: { subscriberName: "Siti", platformId: "sb-1", text: "Anyone there?" },
    });
    expect(json.statusCode, json.body).toBe(200);
    const api = await app.inject({
      method: "POST",
      url: `/api/sandbox/channels/${channel.id}/inbound`,
      payload: { subscriberName: "Siti", platformId: "sb-1", text: "Third" },
    });
    expect(api.statusCode, api.body).toBe(200);
    expect(api.json().subscriberId).toBe(json.json().subscriberId);

    const pageRes = await app.inject({ method: "GET", url: form.headers.location as string });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.body).toContain("&lt;b&gt;Hi&lt;/b&gt;");
    expect(pageRes.body).not.toContain("<b>Hi</b>");
    const conv = await app.inject({
      method: "GET",
      url: `/_sandbox/channels/${channel.id}/conversation.json?platformId=sb-1`,
    });
    expect(conv.json().data.map((m: { text: string }) => m.text)).toEqual([
      "<b>Hi</b>",
      "Anyone there?",
      "Third",
    ]);
    const [room] = await q<{ unread_count: number; company_id: string }>(
      "select unread_count, company_id from chat_rooms where subscriber_id = $1",
      [api.json().subscriberId],
    );
    expect(room).toEqual({ unread_count: 3, company_id: company.id });

    const blank = await app.inject({
      method: "POST",
      url: `/_sandbox/channels/${channel.id}/messages`,
      payload: { subscriberName: "Siti", platformId: "sb-1", text: "   " },
    });
    expect(blank.statusCode).toBe(400);
    const missing = await app.inject({
      method: "GET",
      url: "/_sandbox/channels/00000000-0000-7000-8000-000000000000",
    });
    expect(missing.statusCode).toBe(404);
  });
});
