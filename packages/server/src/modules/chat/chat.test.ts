import { gunzipSync } from "node:zlib";
import { statusLogText } from "@herald/domain";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auth,
  countQueries,
  createCompany,
  createUser,
  eventually,
  secondInstance,
  type TestUser,
  testApp,
} from "../../test/harness";
import { addDepartment, connectSandbox, joinDepartment } from "../channels/channels.fixtures";
import {
  AGENT_OUTSIDE_CHANNEL,
  AGENTS_ASSIGN_THEMSELVES,
  AGENTS_CLOSE_OWN,
  CURSOR_PAIR,
  NOT_ASSIGNED,
  NOT_CURRENT_AGENT,
  NOT_YOURSELF,
  ONLY_DESIGNATED_AGENT,
  ONLY_SUPERVISORS_UNASSIGN,
  OUTSIDE_WINDOW,
  ROOM_CLOSED,
  ROOM_NOT_FOUND,
  ROOM_TAKEN,
  TEMPLATE_NOT_WHATSAPP,
} from "./chat.messages";
import { ingestInbound } from "./ingest";

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});

type Who = { token: string };
const get = (url: string, who: Who) => app.inject({ method: "GET", url: `/api${url}`, headers: auth(who) });
const post = (url: string, who: Who, payload: object = {}) =>
  app.inject({ method: "POST", url: `/api${url}`, headers: auth(who), payload });
const q = <T>(text: string, params: unknown[] = []) => app.deps.database.query<T>(text, params);

async function named(companyId: string, role: "agent" | "supervisor" | "admin", first: string, last: string) {
  const u = await createUser(app, companyId, { role });
  await q("update users set first_name = $2, last_name = $3 where id = $1", [u.id, first, last]);
  return u;
}

let seq = 0;
async function writeIn(
  companyId: string,
  channelId: string,
  platformId: string,
  text = "Hello",
  name = "Siti",
) {
  const r = await ingestInbound(app.deps, {
    companyId,
    channelId,
    platformId,
    subscriberName: name,
    providerMessageId: `in-${++seq}-${Math.random()}`,
    text,
  });
  return r;
}

interface World {
  companyId: string;
  owner: TestUser;
  sup: TestUser;
  alice: TestUser;
  bob: TestUser;
  carol: TestUser;
  outsider: TestUser;
  wa: { id: string };
  tg: { id: string };
}

async function world(): Promise<World> {
  const { id: companyId, owner } = await createCompany(app);
  await q("update users set first_name = 'Olive', last_name = 'Owner' where id = $1", [owner.id]);
  const sales = await addDepartment(app, companyId, "Sales");
  const support = await addDepartment(app, companyId, "Support");
  const sup = await named(companyId, "supervisor", "Sam", "Super");
  const alice = await named(companyId, "agent", "Alice", "Tan");
  const bob = await named(companyId, "agent", "Bob", "Lim");
  const carol = await named(companyId, "agent", "Carol", "Ng");
  for (const u of [sup, alice, bob]) await joinDepartment(app, u.id, sales);
  await joinDepartment(app, carol.id, support);
  const wa = await connectSandbox(app, owner, { channelType: "WHATSAPP", departmentIds: [sales] });
  const tg = await connectSandbox(app, owner, { channelType: "TELEGRAM", departmentIds: [support] });
  const other = await createCompany(app);
  return { companyId, owner, sup, alice, bob, carol, outsider: other.owner, wa, tg };
}

describe("department scoping", () => {
  it("shows each user only rooms of their departments' channels; other companies and departments get 404", async () => {
    const w = await world();
    const waRoom = await writeIn(w.companyId, w.wa.id, "wa-1");
    const tgRoom = await writeIn(w.companyId, w.tg.id, "tg-1");
    const ids = async (who: Who) => {
      const res = await get("/social-chat/chat/room", who);
      expect(res.statusCode, res.body).toBe(200);
      return {
        ids: res.json().data.map((r: { subscriberId: string }) => r.subscriberId),
        total: res.json().total,
      };
    };
    expect(await ids(w.owner)).toEqual({ ids: [tgRoom.subscriberId, waRoom.subscriberId], total: 2 });
    expect(await ids(w.alice)).toEqual({ ids: [waRoom.subscriberId], total: 1 });
    expect(await ids(w.carol)).toEqual({ ids: [tgRoom.subscriberId], total: 1 });
    expect(await ids(w.outsider)).toEqual({ ids: [], total: 0 });

    for (const who of [w.alice, w.outsider]) {
      const id = tgRoom.subscriberId;
      for (const res of [
        await get(`/social-chat/chat/room/${id}`, who),
        await get(`/social-chat/chat/room/message/${id}`, who),
        await post(`/social-chat/chat/room/${id}/send-message`, who, { type: "text", text: "hi" }),
        await post(`/social-chat/chat/rooms/${id}/set-read-all`, who, { inboxId: tgRoom.messageId }),
        await post("/social-chat/chat/assign-agent", who, { subscriberId: id, agentId: w.carol.id }),
        await post("/social-chat/chat/remove-agent", who, { subscriberId: id }),
        await post("/social-chat/chat/close", who, { subscriberId: id, agentId: w.carol.id }),
        await get(`/social-chat/chat/agents?subscriberId=${id}`, who),
      ]) {
        expect(res.statusCode, res.body).toBe(404);
      }
    }
    // a deleted channel's rooms leave the inbox
    await post(`/social-chat/channel/${w.tg.id}/delete-channel`, w.owner);
    expect((await ids(w.owner)).total).toBe(1);
    expect((await get(`/social-chat/chat/room/${tgRoom.subscriberId}`, w.carol)).statusCode).toBe(404);
  });

  it("profile of a visible room", async () => {
    const w = await world();
    const r = await writeIn(w.companyId, w.wa.id, "wa-p", "Hi", "Ah Kow");
    const res = await get(`/social-chat/chat/room/${r.subscriberId}`, w.alice);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: r.subscriberId,
      name: "Ah Kow",
      channelType: "WHATSAPP",
      channelName: "Sandbox WHATSAPP",
      channelId: w.wa.id,
      chatroomStatus: "open",
      agentId: null,
      agentFirstName: null,
      agentLastName: null,
    });
  });
});

describe("room and message paging", () => {
  it("pages rooms by (lastActivityAt, subscriberId) with totals and unread counts", async () => {
    const w = await world();
    for (let i = 0; i < 5; i++) {
      await writeIn(w.companyId, w.wa.id, `page-${i}`, `m${i}`);
      if (i === 2) await writeIn(w.companyId, w.wa.id, `page-${i}`, "again");
    }
    const seen: string[] = [];
    let cursor = "";
    for (let page = 0; page < 3; page++) {
      const res = await get(`/social-chat/chat/room?limit=2${cursor}`, w.alice);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.total).toBe(5);
      for (const r of body.data) seen.push(r.subscriberId);
      const last = body.data[body.data.length - 1];
      cursor = `&lastSeenCreatedAt=${encodeURIComponent(last.lastActivityAt)}&lastSeenId=${last.subscriberId}`;
    }
    expect(new Set(seen).size).toBe(5);
    const all = (await get("/social-chat/chat/room", w.alice)).json().data;
    expect(all.map((r: { text: string }) => r.text)).toEqual(["m4", "m3", "again", "m1", "m0"]);
    expect(all[2].unreadCount).toBe(2);
    const bad = await get(`/social-chat/chat/room?lastSeenId=${seen[0]}`, w.alice);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(CURSOR_PAIR);
  });

  it("answers a changed room list with one query and a changed message page with two, whatever the number of rows, and an unchanged one with none", async () => {
    const w = await world();
    const budget = async () => {
      await get("/social-chat/chat/room", w.alice); // the actor and its channels are cached after the first request
      // something on the list changed: the statement runs again
      await q("update chat_rooms set updated_at = now() where channel_id = $1", [w.wa.id]);
      const list = await countQueries(() => get("/social-chat/chat/room", w.alice));
      expect(list.result.statusCode).toBe(200);
      expect(list.count, list.queries.join("\n")).toBe(1);
      const room = list.result.json().data[0].subscriberId;
      await get(`/social-chat/chat/room/message/${room}`, w.alice);
      await q("update chat_messages set text = text where subscriber_id = $1", [room]);
      const m = await countQueries(() => get(`/social-chat/chat/room/message/${room}`, w.alice));
      expect(m.result.statusCode).toBe(200);
      expect(m.count, m.queries.join("\n")).toBe(2);
      // none of them counts the rooms or the messages
      expect([...list.queries, ...m.queries].join("\n")).not.toMatch(/count\(/);
      // nothing changed since: both polls are answered from the page cache, with the same bytes and tag
      const again = await countQueries(() => get("/social-chat/chat/room", w.alice));
      const mAgain = await countQueries(() => get(`/social-chat/chat/room/message/${room}`, w.alice));
      expect([again.count, mAgain.count], [...again.queries, ...mAgain.queries].join("\n")).toEqual([0, 0]);
      expect(again.result.body).toBe(list.result.body);
      expect(again.result.headers.etag).toBe(list.result.headers.etag);
      expect(again.result.headers["content-type"]).toBe(list.result.headers["content-type"]);
      expect(mAgain.result.body).toBe(m.result.body);
    };
    await writeIn(w.companyId, w.wa.id, "qc-0");
    await budget();
    for (let i = 1; i < 12; i++) await writeIn(w.companyId, w.wa.id, `qc-${i}`, "more");
    for (let i = 0; i < 6; i++) await writeIn(w.companyId, w.wa.id, "qc-11", `again ${i}`);
    await budget();
  });

  it("merges the rooms of every channel an agent sees into one newest-first order, page by page", async () => {
    const w = await world();
    const support = (
      await q<{ department_id: string }>("select department_id from user_departments where user_id = $1", [
        w.carol.id,
      ])
    )[0]!.department_id;
    await joinDepartment(app, w.bob.id, support);
    const order: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await writeIn(w.companyId, i % 2 === 0 ? w.wa.id : w.tg.id, `merge-${i}`);
      order.unshift(r.subscriberId);
    }
    // a room of the first channel moves to the top
    await writeIn(w.companyId, w.wa.id, "merge-0", "back again");
    order.splice(order.indexOf(order[4]!), 1);
    const top = (await writeIn(w.companyId, w.wa.id, "merge-0", "once more")).subscriberId;
    order.unshift(top);
    for (const who of [w.bob, w.owner]) {
      const seen: string[] = [];
      let cursor = "";
      for (let page = 0; page < 3; page++) {
        const body = (await get(`/social-chat/chat/room?limit=2${cursor}`, who)).json();
        expect(body.total).toBe(5);
        for (const r of body.data) seen.push(r.subscriberId);
        const last = body.data[body.data.length - 1];
        if (!last) break;
        cursor = `&lastSeenCreatedAt=${encodeURIComponent(last.lastActivityAt)}&lastSeenId=${last.subscriberId}`;
      }
      expect(seen).toEqual(order);
    }
  });

  it("keeps the room and message totals as rooms and messages come and go", async () => {
    const w = await world();
    const total = async (who: Who) => (await get("/social-chat/chat/room?limit=1", who)).json().total;
    const messages = async (id: string) =>
      (await get(`/social-chat/chat/room/message/${id}?limit=1`, w.owner)).json().total;
    expect(await total(w.owner)).toBe(0);
    const a = await writeIn(w.companyId, w.wa.id, "tot-a");
    await writeIn(w.companyId, w.wa.id, "tot-a", "second");
    await writeIn(w.companyId, w.wa.id, "tot-b");
    const c = await writeIn(w.companyId, w.tg.id, "tot-c");
    expect([await total(w.owner), await total(w.alice), await total(w.carol)]).toEqual([3, 2, 1]);
    expect([await messages(a.subscriberId), await messages(c.subscriberId)]).toEqual([2, 1]);
    // a reply counts too, a repeated provider message does not
    const sent = await post(`/social-chat/chat/room/${a.subscriberId}/send-message`, w.alice, {
      type: "text",
      text: "Hi there",
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await ingestInbound(app.deps, {
      companyId: w.companyId,
      channelId: w.wa.id,
      platformId: "tot-a",
      subscriberName: "Siti",
      providerMessageId: "tot-dup",
      text: "once",
    });
    await ingestInbound(app.deps, {
      companyId: w.companyId,
      channelId: w.wa.id,
      platformId: "tot-a",
      subscriberName: "Siti",
      providerMessageId: "tot-dup",
      text: "once",
    });
    expect(await messages(a.subscriberId)).toBe(4);
    // a subscriber removed with their room and messages leaves the totals
    await q("delete from subscribers where id = $1", [c.subscriberId]);
    expect([await total(w.owner), await total(w.carol)]).toEqual([2, 0]);
    await q(
      "delete from chat_messages where id = (select id from chat_messages where subscriber_id = $1 limit 1)",
      [a.subscriberId],
    );
    expect(await messages(a.subscriberId)).toBe(3);
    // a deleted channel's rooms leave the list and its total
    const del = await post(`/social-chat/channel/${w.wa.id}/delete-channel`, w.owner);
    expect(del.statusCode, del.body).toBe(200);
    expect(await total(w.owner)).toBe(0);
    // totals are the company's: another company sees none of these
    expect(await total(w.outsider)).toBe(0);
  });

  it("answers 304 to a poll whose ETag still names the answer", async () => {
    const w = await world();
    const r = await writeIn(w.companyId, w.wa.id, "etag-1");
    for (const url of ["/social-chat/chat/room", `/social-chat/chat/room/message/${r.subscriberId}`]) {
      const first = await get(url, w.alice);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      const same = await app.inject({
        method: "GET",
        url: `/api${url}`,
        headers: { ...auth(w.alice), "if-none-match": etag },
      });
      expect(same.statusCode).toBe(304);
      expect(same.body).toBe("");
    }
    await writeIn(w.companyId, w.wa.id, "etag-1", "news");
    const first = await get("/social-chat/chat/room", w.alice);
    const changed = await app.inject({
      method: "GET",
      url: "/api/social-chat/chat/room",
      headers: { ...auth(w.alice), "if-none-match": '"stale"' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).toBe(first.headers.etag);
  });

  it("pages messages newest first", async () => {
    const w = await world();
    let id = "";
    for (let i = 0; i < 5; i++) id = (await writeIn(w.companyId, w.wa.id, "msgs", `t${i}`)).subscriberId;
    const first = (await get(`/social-chat/chat/room/message/${id}?limit=3`, w.alice)).json();
    expect(first.total).toBe(5);
    expect(first.data.map((m: { text: string }) => m.text)).toEqual(["t4", "t3", "t2"]);
    const last = first.data[2];
    const second = (
      await get(
        `/social-chat/chat/room/message/${id}?limit=3&lastSeenCreatedAt=${encodeURIComponent(last.createdAt)}&lastSeenId=${last.id}`,
        w.alice,
      )
    ).json();
    expect(second.data.map((m: { text: string }) => m.text)).toEqual(["t1", "t0"]);
    expect(second.data[1].chatroomStatusLogs).toMatchObject([
      { status: "open", assignBy: null, assignTo: null },
    ]);
    expect(second.data[1]).toMatchObject({ type: "inbox", messageStatus: null, attachments: [] });
  });
});

describe("sending", () => {
  it("stores the reply, sends it through the sandbox driver, and the subscriber sees it delivered then read", async () => {
    const w = await world();
    const r = await writeIn(w.companyId, w.wa.id, "send-1");
    const blank = await post(`/social-chat/chat/room/${r.subscriberId}/send-message`, w.alice, {
      type: "text",
      text: "   ",
    });
    expect(blank.statusCode).toBe(400);
    const res = await post(`/social-chat/chat/room/${r.subscriberId}/send-message`, w.alice, {
      type: "text",
      text: "How can I help?",
      userId: w.alice.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      type: "outbox",
      text: "How can I help?",
      messageStatus: "no",
      deliveryStatus: null,
    });
    const messageId = res.json().id;
    await eventually(async () => {
      const [m] = await q<{ message_status: string; delivery_status: string }>(
        "select message_status, delivery_status from chat_messages where id = $1",
        [messageId],
      );
      return m?.delivery_status === "delivered" && m.message_status === "yes";
    });
    const conv = await app.inject({
      method: "GET",
      url: `/_sandbox/channels/${w.wa.id}/conversation.json?platformId=send-1`,
    });
    expect(
      conv
        .json()
        .data.map((m: { text: string; deliveryStatus: string | null }) => [m.text, m.deliveryStatus]),
    ).toEqual([
      ["Hello", null],
      ["How can I help?", "read"],
    ]);
    const rooms = (await get("/social-chat/chat/room", w.alice)).json().data;
    expect(rooms[0]).toMatchObject({ subscriberId: r.subscriberId, text: "How can I help?" });
    // the sandbox is free: nothing charged
    const [cost] = await q<{ cost_cents: number }>("select cost_cents from chat_messages where id = $1", [
      messageId,
    ]);
    expect(cost!.cost_cents).toBe(0);
  });

  it("offers only templates outside the 24-hour window and checks template variables", async () => {
    const w = await world();
    await post(`/social-chat/channel/${w.wa.id}/sync-ws-templates`, w.owner);
    const r = await writeIn(w.companyId, w.wa.id, "win-1");
    await q("update chat_rooms set last_inbound_at = now() - interval '25 hours' where subscriber_id = $1", [
      r.subscriberId,
    ]);
    const text = await post(`/social-chat/chat/room/${r.subscriberId}/send-message`, w.alice, {
      type: "text",
      text: "late",
    });
    expect(text.statusCode).toBe(422);
    expect(text.json().message).toBe(OUTSIDE_WINDOW);
    const tpl = (header: string[], body: string[], name = "order_update") => ({
      type: "ws-template",
      whatsappTemplate: { name, language: "en_US", header: { variables: header }, body: { variables: body } },
    });
    const wrong = await post(
      `/social-chat/chat/room/${r.subscriberId}/send-message`,
      w.alice,
      tpl(["A1"], ["x"]),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("The template's body takes 3 variables.");
    const unknown = await post(
      `/social-chat/chat/room/${r.subscriberId}/send-message`,
      w.alice,
      tpl([], [], "nope"),
    );
    expect(unknown.statusCode).toBe(404);
    const ok = await post(
      `/social-chat/chat/room/${r.subscriberId}/send-message`,
      w.alice,
      tpl(["A1"], ["Siti", "A1", "Friday"]),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      text: null,
      whatsappTemplateVariables: { header: ["A1"], body: ["Siti", "A1", "Friday"] },
      whatsappTemplateMetadata: { name: "order_update", language: "en_US" },
    });
    expect(ok.json().whatsappTemplateComponents).toHaveLength(3);

    const t = await writeIn(w.companyId, w.tg.id, "tg-tpl");
    const onTelegram = await post(
      `/social-chat/chat/room/${t.subscriberId}/send-message`,
      w.owner,
      tpl([], []),
    );
    expect(onTelegram.statusCode).toBe(422);
    expect(onTelegram.json().message).toBe(TEMPLATE_NOT_WHATSAPP);
  });
});

describe("assignment", () => {
  it("follows the state machine with the specification's status-log texts", async () => {
    const w = await world();
    const r = await writeIn(w.companyId, w.wa.id, "as-1");
    const room = r.subscriberId;
    const assign = (who: Who, agentId: string) =>
      post("/social-chat/chat/assign-agent", who, { subscriberId: room, agentId, userId: w.owner.id });
    const send = (who: Who, text = "hi") =>
      post(`/social-chat/chat/room/${room}/send-message`, who, { type: "text", text });

    // an agent takes over an open room
    const take = await assign(w.alice, w.alice.id);
    expect(take.statusCode, take.body).toBe(200);
    expect(take.json()).toMatchObject({
      chatroomStatus: "assigned",
      agentId: w.alice.id,
      agentFirstName: "Alice",
    });
    // another agent can neither take it nor give it away, nor send, nor close, nor unassign
    expect((await assign(w.bob, w.bob.id)).json().message).toBe(ROOM_TAKEN);
    const giveAway = await assign(w.bob, w.alice.id);
    expect(giveAway.statusCode).toBe(403);
    expect(giveAway.json().message).toBe(AGENTS_ASSIGN_THEMSELVES);
    const bobSends = await send(w.bob);
    expect(bobSends.statusCode).toBe(403);
    expect(bobSends.json().message).toBe(ONLY_DESIGNATED_AGENT);
    const bobCloses = await post("/social-chat/chat/close", w.bob, {
      subscriberId: room,
      agentId: w.alice.id,
    });
    expect(bobCloses.statusCode).toBe(403);
    expect(bobCloses.json().message).toBe(AGENTS_CLOSE_OWN);
    const agentUnassigns = await post("/social-chat/chat/remove-agent", w.alice, { subscriberId: room });
    expect(agentUnassigns.statusCode).toBe(403);
    expect(agentUnassigns.json().message).toBe(ONLY_SUPERVISORS_UNASSIGN);

    // the agent's first reply: in progress
    expect((await send(w.alice, "On it")).statusCode).toBe(200);
    expect((await get(`/social-chat/chat/room/${room}`, w.alice)).json().chatroomStatus).toBe("in-progress");

    // a supervisor reassigns (not to an agent of another department), unassigns
    const outside = await assign(w.sup, w.carol.id);
    expect(outside.statusCode).toBe(422);
    expect(outside.json().message).toBe(AGENT_OUTSIDE_CHANNEL);
    expect((await assign(w.sup, w.bob.id)).json()).toMatchObject({
      chatroomStatus: "assigned",
      agentId: w.bob.id,
    });
    const un = await post("/social-chat/chat/remove-agent", w.sup, { subscriberId: room });
    expect(un.json()).toMatchObject({ chatroomStatus: "open", agentId: null });
    const unAgain = await post("/social-chat/chat/remove-agent", w.sup, { subscriberId: room });
    expect(unAgain.statusCode).toBe(409);
    expect(unAgain.json().message).toBe(NOT_ASSIGNED);
    const closeOpen = await post("/social-chat/chat/close", w.sup, { subscriberId: room, agentId: w.bob.id });
    expect(closeOpen.statusCode).toBe(409);

    // the owner assigns Alice; closing names the current agent; Alice closes her own room
    await assign(w.owner, w.alice.id);
    const wrongAgent = await post("/social-chat/chat/close", w.owner, {
      subscriberId: room,
      agentId: w.bob.id,
    });
    expect(wrongAgent.statusCode).toBe(409);
    expect(wrongAgent.json().message).toBe(NOT_CURRENT_AGENT);
    const closed = await post("/social-chat/chat/close", w.alice, {
      subscriberId: room,
      agentId: w.alice.id,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().chatroomStatus).toBe("closed");
    const sendClosed = await send(w.alice);
    expect(sendClosed.statusCode).toBe(409);
    expect(sendClosed.json().message).toBe(ROOM_CLOSED);
    expect(
      (await post("/social-chat/chat/close", w.alice, { subscriberId: room, agentId: w.alice.id }))
        .statusCode,
    ).toBe(409);

    // assigning re-opens a closed room
    const reopened = await assign(w.bob, w.bob.id);
    expect(reopened.json()).toMatchObject({ chatroomStatus: "assigned", agentId: w.bob.id });

    const messages = (await get(`/social-chat/chat/room/message/${room}`, w.sup)).json().data;
    const texts = messages
      .slice()
      .reverse()
      .flatMap((m: { chatroomStatusLogs: { status: string; assignBy: string; assignTo: string }[] }) =>
        m.chatroomStatusLogs.map((l) => statusLogText(l)),
      );
    expect(texts).toEqual([
      "Open ticket",
      "Assigned to Alice Tan by Alice Tan",
      "In progress by Alice Tan",
      "Assigned to Bob Lim by Sam Super",
      "Unassigned by Sam Super",
      "Assigned to Alice Tan by Olive Owner",
      "Closed by Alice Tan",
      "Re-opened by Bob Lim",
      "Assigned to Bob Lim by Bob Lim",
    ]);
  });

  it("lists agents with status and rooms on hand, limited to the room's channel departments", async () => {
    const w = await world();
    const r1 = await writeIn(w.companyId, w.wa.id, "ag-1");
    const r2 = await writeIn(w.companyId, w.wa.id, "ag-2");
    await post("/social-chat/chat/assign-agent", w.sup, {
      subscriberId: r1.subscriberId,
      agentId: w.alice.id,
    });
    await post("/social-chat/chat/assign-agent", w.sup, {
      subscriberId: r2.subscriberId,
      agentId: w.alice.id,
    });
    await q("update users set user_status = 'online' where id = $1", [w.alice.id]);
    const all = (await get("/social-chat/chat/agents", w.sup)).json().data;
    expect(all.map((a: { first_name: string }) => a.first_name)).toEqual(["Alice", "Bob", "Carol", "Sam"]);
    expect(all[0]).toEqual({
      user_id: w.alice.id,
      first_name: "Alice",
      last_name: "Tan",
      userStatus: "online",
      totalOnHandTask: 2,
    });
    const forRoom = (
      await get(`/social-chat/chat/agents?subscriberId=${r1.subscriberId}&currentAgent=${w.alice.id}`, w.sup)
    ).json().data;
    expect(forRoom.map((a: { first_name: string }) => a.first_name)).toEqual(["Bob", "Sam"]);
  });
});

describe("page cache", () => {
  const texts = (res: { json(): { data: { text: string | null }[] } }) => res.json().data.map((m) => m.text);

  it("shows every kind of change at the next poll, in this process and in another one", async () => {
    const w = await world();
    const r = await writeIn(w.companyId, w.wa.id, "pc-1", "first", "Siti");
    const second = await secondInstance();
    try {
      const there = (url: string, who: Who) =>
        second.app.inject({ method: "GET", url: `/api${url}`, headers: auth(who) });
      const list = () => there("/social-chat/chat/room", w.alice);
      const messages = () => there(`/social-chat/chat/room/message/${r.subscriberId}`, w.alice);
      for (const at of [list, messages]) await at(); // cached there
      expect((await list()).json().data[0].text).toBe("first");

      // a message written in through this process
      await writeIn(w.companyId, w.wa.id, "pc-1", "second", "Siti");
      expect((await list()).json().data[0].text).toBe("second");
      expect(texts(await messages())).toEqual(["second", "first"]);

      // assignment (room row and status log) through this process's API
      const assign = await post("/social-chat/chat/assign-agent", w.sup, {
        subscriberId: r.subscriberId,
        agentId: w.alice.id,
      });
      expect(assign.statusCode, assign.body).toBe(200);
      const assigned = (await list()).json().data[0];
      expect([assigned.chatroomStatus, assigned.agentFirstName]).toEqual(["assigned", "Alice"]);
      const logs = (await messages())
        .json()
        .data.flatMap((m: { chatroomStatusLogs: { status: string }[] }) =>
          m.chatroomStatusLogs.map((l) => l.status),
        );
      expect(logs).toContain("assigned");

      // the agent's and the subscriber's names, straight in the database
      await q("update users set first_name = 'Alicia' where id = $1", [w.alice.id]);
      expect((await list()).json().data[0].agentFirstName).toBe("Alicia");
      await q("update subscribers set name = 'Siti Rahman' where id = $1", [r.subscriberId]);
      expect((await list()).json().data[0].subscriberName).toBe("Siti Rahman");

      // a delivery status of a reply
      const sent = await post(`/social-chat/chat/room/${r.subscriberId}/send-message`, w.alice, {
        type: "text",
        text: "reply",
      });
      expect(sent.statusCode, sent.body).toBe(200);
      await q("update chat_messages set delivery_status = 'read' where id = $1", [sent.json().id]);
      const reply = (await messages()).json().data[0];
      expect([reply.text, reply.deliveryStatus]).toEqual(["reply", "read"]);
    } finally {
      await second.close();
    }
  });

  it("never gives a cached page to someone who may not see it, and follows department changes at once", async () => {
    const w = await world();
    const r = await writeIn(w.companyId, w.wa.id, "pc-2", "private");
    const rooms = async (who: Who) => {
      const res = await get("/social-chat/chat/room", who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((x: { subscriberId: string }) => x.subscriberId);
    };
    const page = async (who: Who) =>
      (await get(`/social-chat/chat/room/message/${r.subscriberId}`, who)).statusCode;
    expect(await rooms(w.alice)).toEqual([r.subscriberId]);
    expect(await page(w.alice)).toBe(200);
    expect(await page(w.alice)).toBe(200); // now from the cache
    // another department's agent and another company's admin
    expect(await page(w.carol)).toBe(404);
    expect(await rooms(w.carol)).toEqual([]);
    expect(await page(w.outsider)).toBe(404);
    expect(await rooms(w.outsider)).toEqual([]);

    // the agent leaves the channel's department, then comes back
    const [salesRow] = await q<{ id: string }>(
      "select department_id as id from user_departments where user_id = $1",
      [w.alice.id],
    );
    await q("delete from user_departments where user_id = $1", [w.alice.id]);
    expect(await rooms(w.alice)).toEqual([]);
    expect(await page(w.alice)).toBe(404);
    await joinDepartment(app, w.alice.id, salesRow!.id);
    expect(await rooms(w.alice)).toEqual([r.subscriberId]);
    expect(await page(w.alice)).toBe(200);

    // the channel moves to the other department
    const [supportRow] = await q<{ id: string }>(
      "select department_id as id from user_departments where user_id = $1",
      [w.carol.id],
    );
    await q("update channel_departments set department_id = $2 where channel_id = $1", [
      w.wa.id,
      supportRow!.id,
    ]);
    expect(await rooms(w.alice)).toEqual([]);
    expect(await page(w.alice)).toBe(404);
    expect(await rooms(w.carol)).toEqual([r.subscriberId]);
    expect(await page(w.carol)).toBe(200);

    // the channel is deleted
    const del = await post(`/social-chat/channel/${w.wa.id}/delete-channel`, w.owner);
    expect(del.statusCode, del.body).toBe(200);
    expect(await rooms(w.carol)).toEqual([]);
    expect(await page(w.carol)).toBe(404);
    expect(await rooms(w.owner)).toEqual([]);
  });

  it("sends a cached page gzip-compressed to a client that accepts it, with its own tag", async () => {
    const w = await world();
    for (let i = 0; i < 8; i++)
      await writeIn(w.companyId, w.wa.id, `gz-${i}`, `A longer message number ${i}`);
    const ask = (encoding?: string, etag?: string) =>
      app.inject({
        method: "GET",
        url: "/api/social-chat/chat/room",
        headers: {
          ...auth(w.alice),
          ...(encoding ? { "accept-encoding": encoding } : {}),
          ...(etag ? { "if-none-match": etag } : {}),
        },
      });
    const plain = await ask();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const zipped = await ask("gzip, deflate, br"); // from the page cache
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toBe("accept-encoding");
    expect(zipped.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(zipped.headers.etag).not.toBe(plain.headers.etag);
    // either tag means "unchanged"
    expect((await ask("gzip", zipped.headers.etag as string)).statusCode).toBe(304);
    expect((await ask("gzip", plain.headers.etag as string)).statusCode).toBe(304);
    expect((await ask(undefined, zipped.headers.etag as string)).statusCode).toBe(304);
    // refused gzip: the plain bytes
    const refused = await ask("gzip;q=0, br");
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it("is not used while the invalidation listener is down", async () => {
    const w = await world();
    await writeIn(w.companyId, w.wa.id, "pc-3");
    await get("/social-chat/chat/room", w.alice);
    expect((await countQueries(() => get("/social-chat/chat/room", w.alice))).count).toBe(0);
    app.sessionCache.setListening(false);
    try {
      const down = await countQueries(() => get("/social-chat/chat/room", w.alice));
      expect(down.result.statusCode).toBe(200);
      expect(down.count).toBeGreaterThanOrEqual(1);
    } finally {
      app.sessionCache.setListening(true);
    }
    // back: the first poll reads again (everything was dropped), the next one is cached
    expect((await countQueries(() => get("/social-chat/chat/room", w.alice))).count).toBeGreaterThanOrEqual(
      1,
    );
    expect((await countQueries(() => get("/social-chat/chat/room", w.alice))).count).toBe(0);
  });
});

describe("read state", () => {
  it("marks inbound messages read up to the one seen", async () => {
    const w = await world();
    const a = await writeIn(w.companyId, w.wa.id, "rd-1", "one");
    const b = await writeIn(w.companyId, w.wa.id, "rd-1", "two");
    const c = await writeIn(w.companyId, w.wa.id, "rd-1", "three");
    const room = a.subscriberId;
    const res = await post(`/social-chat/chat/rooms/${room}/set-read-all`, w.alice, { inboxId: b.messageId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ subscriberId: room, unreadCount: 1 });
    const all = await post(`/social-chat/chat/rooms/${room}/set-read-all`, w.alice, { inboxId: c.messageId });
    expect(all.json().unreadCount).toBe(0);
    expect((await get("/social-chat/chat/room", w.alice)).json().data[0].unreadCount).toBe(0);
    const other = await writeIn(w.companyId, w.wa.id, "rd-2");
    const wrongRoom = await post(`/social-chat/chat/rooms/${room}/set-read-all`, w.alice, {
      inboxId: other.messageId,
    });
    expect(wrongRoom.statusCode).toBe(404);
  });
});

describe("bot forwarding", () => {
  it("is off until a supervisor or admin turns it on for the company", async () => {
    const w = await world();
    expect((await get("/getForwardingStatus", w.alice)).json()).toEqual({
      to_forward: "inactive",
      updatedAt: null,
      webhookUrl: null,
    });
    const agent = await post("/updateForwardingStatus", w.alice, {
      currentUserId: w.alice.id,
      forwardToBot: true,
    });
    expect(agent.statusCode).toBe(403);
    const notMe = await post("/updateForwardingStatus", w.owner, {
      currentUserId: w.alice.id,
      forwardToBot: true,
    });
    expect(notMe.statusCode).toBe(403);
    expect(notMe.json().message).toBe(NOT_YOURSELF);
    const on = await post("/updateForwardingStatus", w.owner, {
      currentUserId: w.owner.id,
      forwardToBot: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().to_forward).toBe("active");
    expect((await get("/getForwardingStatus", w.alice)).json().to_forward).toBe("active");
    expect((await get("/getForwardingStatus", w.outsider)).json().to_forward).toBe("inactive");
    const off = await post("/updateForwardingStatus", w.sup, {
      currentUserId: w.sup.id,
      forwardToBot: false,
    });
    expect(off.json().to_forward).toBe("inactive");
  });
});

describe("room not found text", () => {
  it("answers the designed text", async () => {
    const w = await world();
    const res = await get("/social-chat/chat/room/00000000-0000-7000-8000-000000000000", w.owner);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(ROOM_NOT_FOUND);
  });
});
