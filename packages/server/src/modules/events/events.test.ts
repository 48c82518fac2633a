import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auth, createCompany, createUser, secondInstance, testApp } from "../../test/harness";
import { addDepartment, connectSandbox, joinDepartment } from "../channels/channels.fixtures";
import { ingestInbound } from "../chat/ingest";
import { allocate, charge, purchaseCredit } from "../credit/ledger";
import { NOT_EVENT_STREAM } from "./events.routes";

let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  app = await testApp();
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  const addr = app.server.address();
  base = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
});

const open: AbortController[] = [];
afterAll(() => {
  for (const c of open) c.abort();
});

interface Received {
  event: string;
  data: Record<string, string>;
}

/** Opens an event stream and collects its events. */
async function stream(token: string, viaQuery = false) {
  const controller = new AbortController();
  open.push(controller);
  const res = await fetch(`${base}/api/events${viaQuery ? `?access_token=${token}` : ""}`, {
    headers: { accept: "text/event-stream", ...(viaQuery ? {} : { authorization: `Bearer ${token}` }) },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const events: Received[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
          end = buffer.indexOf("\n\n");
        }
      }
    } catch {
      /* aborted */
    }
  })();
  return { events, close: () => controller.abort() };
}

const until = async (check: () => boolean, ms = 5000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error("no event in time");
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe("event stream", () => {
  it("tells each user at once about rooms they may see, and nothing else", async () => {
    const { id: companyId, owner } = await createCompany(app);
    const other = await createCompany(app);
    const sales = await addDepartment(app, companyId, "Sales");
    const support = await addDepartment(app, companyId, "Support");
    const alice = await createUser(app, companyId, { role: "agent" });
    const carol = await createUser(app, companyId, { role: "agent" });
    await joinDepartment(app, alice.id, sales);
    await joinDepartment(app, carol.id, support);
    const wa = await connectSandbox(app, owner, { channelType: "WHATSAPP", departmentIds: [sales] });
    const tg = await connectSandbox(app, owner, { channelType: "TELEGRAM", departmentIds: [support] });

    const admin = await stream(owner.token);
    const a = await stream(alice.token, true);
    const c = await stream(carol.token);
    const outsider = await stream(other.owner.token);

    const inWa = await ingestInbound(app.deps, {
      companyId,
      channelId: wa.id,
      platformId: "live-1",
      subscriberName: "Siti",
      providerMessageId: `live-${Math.random()}`,
      text: "Hello",
    });
    const expected = [
      { event: "room", data: { subscriberId: inWa.subscriberId } },
      { event: "message", data: { subscriberId: inWa.subscriberId, messageId: inWa.messageId } },
    ];
    await until(() => a.events.length >= 2 && admin.events.length >= 2);
    expect(a.events).toEqual(expected);
    expect(admin.events).toEqual(expected);

    // Carol's first events are her own channel's: the WhatsApp room never reached her or the other company
    const inTg = await ingestInbound(app.deps, {
      companyId,
      channelId: tg.id,
      platformId: "live-2",
      subscriberName: "Ali",
      providerMessageId: `live-${Math.random()}`,
      text: "Hi",
    });
    await until(() => c.events.length >= 2 && admin.events.length >= 4);
    expect(c.events[0]).toEqual({ event: "room", data: { subscriberId: inTg.subscriberId } });
    expect(outsider.events).toEqual([]);

    // an assignment is a room event
    await app.inject({
      method: "POST",
      url: "/api/social-chat/chat/assign-agent",
      headers: auth(alice),
      payload: { subscriberId: inWa.subscriberId, agentId: alice.id },
    });
    await until(() => a.events.length >= 3);
    expect(a.events[2]).toEqual({ event: "room", data: { subscriberId: inWa.subscriberId } });
    for (const s of [admin, a, c, outsider]) s.close();
  });

  it("tells a company's users about its credit, a user about their own credit and notifications, and no one else", async () => {
    const { id: companyId, owner } = await createCompany(app);
    const other = await createCompany(app);
    const alice = await createUser(app, companyId, { role: "agent" });
    const bob = await createUser(app, companyId, { role: "agent" });
    const admin = await createUser(app, companyId, { role: "admin" });
    const { db } = app.deps.database;
    const s = {
      owner: await stream(owner.token),
      admin: await stream(admin.token),
      alice: await stream(alice.token, true),
      bob: await stream(bob.token),
      outsider: await stream(other.owner.token),
    };
    const credit = (r: { events: Received[] }) => r.events.filter((e) => e.event === "credit").length;

    // the company's balance: every user of the company
    await purchaseCredit(db, { companyId, amountCents: 10_000 });
    await allocate(db, { companyId, userId: alice.id, amountCents: 2_000 });
    await until(() => credit(s.owner) === 2 && credit(s.alice) === 2 && credit(s.bob) === 2);
    expect(s.alice.events).toEqual([
      { event: "credit", data: {} },
      { event: "credit", data: {} },
    ]);
    // a user's own balance: that user only
    await charge(db, { companyId, userId: alice.id, amountCents: 150 });
    await until(() => credit(s.alice) === 3);

    // a top-up request notifies the company's admins: the owner's bell, no one else's
    const asked = await app.inject({
      method: "POST",
      url: "/api/topupReq",
      headers: auth(alice),
      payload: { topUpType: 2 },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    for (const who of [owner, admin]) {
      const r = who === owner ? s.owner : s.admin;
      await until(() => r.events.some((e) => e.event === "notification"));
      const [note] = await app.deps.database.query<{ id: string }>(
        "select id from notifications where user_id = $1",
        [who.id],
      );
      expect(r.events.filter((e) => e.event === "notification")).toEqual([
        { event: "notification", data: { notificationId: note!.id } },
      ]);
    }

    // nothing else arrived: no notification for the agents, Bob never heard of Alice's own credit, and the
    // other company heard nothing at all (its own credit moving later shows its stream was listening)
    await purchaseCredit(db, { companyId: other.id, amountCents: 500 });
    await until(() => credit(s.outsider) === 1);
    expect(s.outsider.events).toEqual([{ event: "credit", data: {} }]);
    expect(s.alice.events.map((e) => e.event)).toEqual(["credit", "credit", "credit"]);
    expect(s.bob.events.map((e) => e.event)).toEqual(["credit", "credit"]);
    expect(s.owner.events.map((e) => e.event)).toEqual(["credit", "credit", "notification"]);
    for (const r of Object.values(s)) r.close();
  });

  it("answers 406 to a client that does not accept an event stream, and 401 without a token", async () => {
    const { owner } = await createCompany(app);
    const res = await app.inject({ method: "GET", url: "/api/events", headers: auth(owner) });
    expect(res.statusCode).toBe(406);
    expect(res.json().message).toBe(NOT_EVENT_STREAM);
    const anon = await app.inject({
      method: "GET",
      url: "/api/events",
      headers: { accept: "text/event-stream" },
    });
    expect(anon.statusCode).toBe(401);
  });

  it("ends its open streams when the server closes, so the server stops at once", async () => {
    const { owner } = await createCompany(app);
    const second = await secondInstance();
    await second.app.listen({ port: 0, host: "127.0.0.1" });
    const addr = second.app.server.address();
    const res = await fetch(
      `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}/api/events`,
      {
        headers: { accept: "text/event-stream", authorization: `Bearer ${owner.token}` },
      },
    );
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain(": connected");
    const started = Date.now();
    await second.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    const rest = await reader.read(); // the stream has ended
    expect(rest.done).toBe(true);
  });
});
