import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import smpp, { type Pdu, type Server, type Session } from "smpp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { rows } from "../../db/sql";
import { allocate } from "../../modules/credit/ledger";
import { deliverBatch } from "../../modules/sms/deliver";
import { auth, createCompany, createOperator, privateDatabase, testConfig } from "../../test/harness";
import { SmsGatewayUnavailable, type SmsMessage, type SmsProvider, SmsRejected, SmsThrottled } from "./index";
import { parseRoutesConfig, pickRoute, routedSmsProvider } from "./routes";

describe("HERALD_SMS_ROUTES", () => {
  const gateway = (over: object = {}) => ({ name: "a", type: "sandbox", ...over });
  const parse = (o: unknown) => () => parseRoutesConfig(JSON.stringify(o));

  it("names what is wrong in the configuration, so the server does not start with it", () => {
    expect(() => parseRoutesConfig("{")).toThrow(/^HERALD_SMS_ROUTES is not valid JSON/);
    expect(parse({ gateways: [], routes: [] })).toThrow(
      "HERALD_SMS_ROUTES: gateways must be a non-empty list",
    );
    expect(
      parse({ gateways: [gateway({ name: "A B" })], routes: [{ prefix: "", gateways: ["a"] }] }),
    ).toThrow("gateway 1: name must be 1-20 lower-case letters, digits or '-'");
    expect(parse({ gateways: [gateway(), gateway()], routes: [{ prefix: "", gateways: ["a"] }] })).toThrow(
      'gateway name "a" is used twice or reserved',
    );
    expect(
      parse({
        gateways: [gateway({ type: "smpp", url: "http://x" })],
        routes: [{ prefix: "", gateways: ["a"] }],
      }),
    ).toThrow(/gateway "a": /);
    expect(
      parse({ gateways: [gateway({ ratePerSecond: 0 })], routes: [{ prefix: "", gateways: ["a"] }] }),
    ).toThrow('gateway "a": ratePerSecond must be a whole number from 1');
    expect(parse({ gateways: [gateway()], routes: [{ prefix: "+65", gateways: ["a"] }] })).toThrow(
      'route 1: prefix must be up to 15 digits ("" for every number)',
    );
    expect(parse({ gateways: [gateway()], routes: [{ prefix: "65", gateways: ["b"] }] })).toThrow(
      'route 1: unknown gateway "b"',
    );
    expect(() =>
      loadConfig({
        NODE_ENV: "test",
        HERALD_DATA_DIR: "/tmp/x",
        HERALD_SMS_ROUTES: "/nonexistent/routes.json",
      }),
    ).toThrow("HERALD_SMS_ROUTES: no file at /nonexistent/routes.json");
  });

  it("picks the longest prefix a number starts with; '' catches the rest", () => {
    const routes = [
      { prefix: "", gateways: ["world"] },
      { prefix: "65", gateways: ["sg"] },
      { prefix: "6591", gateways: ["sg-mobile"] },
    ];
    expect(pickRoute(routes, "6591234567")?.gateways).toEqual(["sg-mobile"]);
    expect(pickRoute(routes, "+6561234567")?.gateways).toEqual(["sg"]);
    expect(pickRoute(routes, "447700900123")?.gateways).toEqual(["world"]);
    expect(pickRoute(routes.slice(1), "447700900123")).toBeUndefined();
  });
});

describe("routed sending", () => {
  const msg = (to = "6591234567"): SmsMessage => ({ to, text: "hi", idempotencyKey: "k1" });
  function fake(name: string, answer: () => Error | undefined) {
    const sent: SmsMessage[] = [];
    const g: SmsProvider = {
      name: "sandbox",
      async send(m) {
        sent.push(m);
        const e = answer();
        if (e) throw e;
        return { providerMessageId: `${name}-${sent.length}`, segments: 1 };
      },
      async close() {},
    };
    return { g, sent };
  }

  it("fails over when a gateway cannot take the message, with the same key, and passes it over for a while", async () => {
    let t = 0;
    const a = fake("a", () => new SmsGatewayUnavailable("not bound"));
    const b = fake("b", () => undefined);
    const sms = routedSmsProvider({
      routes: [{ prefix: "65", gateways: ["a", "b"] }],
      gateways: new Map([
        ["a", a.g],
        ["b", b.g],
      ]),
      coolOffMs: 1000,
      now: () => t,
    });
    expect(await sms.send(msg())).toMatchObject({ gateway: "b", providerMessageId: "b-1" });
    expect(b.sent[0]?.idempotencyKey).toBe("k1");
    await sms.send(msg());
    expect(a.sent).toHaveLength(1); // passed over while cooling off
    t = 1001;
    await sms.send(msg());
    expect(a.sent).toHaveLength(2); // tried again after
  });

  it("keeps a throttling gateway until it throttles persistently; a refusal or an unclear error is not failed over", async () => {
    const a = fake("a", () => new SmsThrottled(100));
    const b = fake("b", () => undefined);
    const sms = routedSmsProvider({
      routes: [{ prefix: "", gateways: ["a", "b"] }],
      gateways: new Map([
        ["a", a.g],
        ["b", b.g],
      ]),
      throttleLimit: 3,
    });
    await expect(sms.send(msg())).rejects.toBeInstanceOf(SmsThrottled);
    await expect(sms.send(msg())).rejects.toBeInstanceOf(SmsThrottled);
    expect(await sms.send(msg())).toMatchObject({ gateway: "b" });
    expect(b.sent).toHaveLength(1);

    const refusing = routedSmsProvider({
      routes: [{ prefix: "", gateways: ["r", "b"] }],
      gateways: new Map([
        ["r", fake("r", () => new SmsRejected("Barred")).g],
        ["b", b.g],
      ]),
    });
    await expect(refusing.send(msg())).rejects.toBeInstanceOf(SmsRejected);
    const unclear = routedSmsProvider({
      routes: [{ prefix: "", gateways: ["u", "b"] }],
      gateways: new Map([
        ["u", fake("u", () => new Error("submit_sm_resp timed out")).g],
        ["b", b.g],
      ]),
    });
    await expect(unclear.send(msg())).rejects.toThrow("submit_sm_resp timed out");
    expect(b.sent).toHaveLength(1);
  });

  it("answers throttled (the outbox waits, nothing is lost) when every gateway of the route is down", async () => {
    const sms = routedSmsProvider({
      routes: [{ prefix: "", gateways: ["a"] }],
      gateways: new Map([["a", fake("a", () => new SmsGatewayUnavailable("refused")).g]]),
    });
    await expect(sms.send(msg())).rejects.toBeInstanceOf(SmsThrottled);
    const none = routedSmsProvider({ routes: [{ prefix: "44", gateways: ["a"] }], gateways: new Map() });
    await expect(none.send(msg())).rejects.toBeInstanceOf(SmsRejected);
  });
});

/**
 * A loopback SMSC: acknowledges every submit_sm (ids M1, M2, … — the same in every SMSC, so receipts must be
 * matched within their gateway), sends its delivery receipt at once, and can stop: it ends every session after
 * flushing what it answered and refuses new connections, ignoring submissions that arrive after.
 */
function loopbackSmsc(name: string) {
  const accepted: { to: string; text: string; id: string }[] = [];
  let stopped = false;
  let stopAfter = Number.POSITIVE_INFINITY;
  const server: Server = smpp.createServer((session: Session) => {
    session.on("error", () => {});
    session.on("bind_transceiver", (pdu: Pdu) => session.send(pdu.response()));
    session.on("enquire_link", (pdu: Pdu) => session.send(pdu.response()));
    session.on("submit_sm", (pdu: Pdu) => {
      if (stopped) return;
      const id = `M${accepted.length + 1}`;
      const text = Buffer.isBuffer(pdu.short_message)
        ? pdu.short_message.toString()
        : String((pdu.short_message as { message?: string })?.message ?? pdu.short_message);
      accepted.push({ to: String(pdu.destination_addr), text, id });
      session.send(pdu.response({ message_id: id }));
      session.deliver_sm({
        source_addr: String(pdu.destination_addr),
        destination_addr: String(pdu.source_addr),
        esm_class: 0x04,
        short_message: `id:${id} sub:001 dlvrd:001 submit date:2612070101 done date:2612070102 stat:DELIVRD err:000 text:`,
        receipted_message_id: id,
        message_state: 2,
      });
      if (accepted.length >= stopAfter) stop();
    });
    session.on("deliver_sm_resp", () => {});
    session.on("unbind", (pdu: Pdu) => session.send(pdu.response()));
  });
  function stop() {
    if (stopped) return;
    stopped = true;
    server.close();
    for (const s of server.sessions as Session[]) s.socket.end();
  }
  return {
    name,
    accepted,
    server,
    stopAfter(n: number) {
      stopAfter = n;
    },
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return (server.address() as AddressInfo).port;
    },
    close() {
      stopped = true;
      for (const s of server.sessions as Session[]) s.socket.destroy();
      server.close();
    },
  };
}

describe("failover between two SMPP gateways", () => {
  const primary = loopbackSmsc("primary");
  const backup = loopbackSmsc("backup");
  let app: FastifyInstance;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const [pa, pb] = [await primary.listen(), await backup.listen()];
    const { database, dataDir, drop: d } = await privateDatabase();
    drop = d;
    const routes = {
      gateways: [
        { name: "primary", type: "smpp", url: `smpp://herald:secret@127.0.0.1:${pa}`, costCents: 2 },
        { name: "backup", type: "smpp", url: `smpp://herald:secret@127.0.0.1:${pb}`, costCents: 3 },
      ],
      routes: [{ prefix: "65", gateways: ["primary", "backup"] }],
    };
    // Workers off: the test runs the delivery job itself, as a worker would.
    app = await buildApp({
      config: { ...testConfig({ HERALD_SMS_ROUTES: JSON.stringify(routes) }, dataDir), runWorkers: false },
      database,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    primary.close();
    backup.close();
    await drop?.();
  });

  it("the primary stops mid-send: every message is delivered once, through one gateway, and charged once", async () => {
    const N = 40;
    const c = await createCompany(app);
    const { db } = app.deps.database;
    await allocate(db, { companyId: c.id, userId: c.owner.id, amountCents: 10_000 });
    const base = 91_000_000 + Math.floor(Math.random() * 8_000_000);
    const numbers = Array.from({ length: N }, (_, i) => `65${base + i}`);
    const res = await app.inject({
      method: "POST",
      url: "/api/sms/send",
      headers: auth(c.owner),
      payload: { channel: "SMS", recipients: { numbers }, text: "Your table is ready" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sendId = res.json().id as string;
    const price = app.deps.config.sending.smsPriceCents;
    const ids = (
      await rows<{ id: string }>(db, sql`select id::text from sms_messages where send_id = ${sendId}::uuid`)
    ).map((r) => r.id);

    primary.stopAfter(15); // the primary stops after taking 15 messages
    // The worker's job, then its retries of what was in flight when the primary went away (run at once here
    // instead of after their back-off; the rows keep their keys).
    for (let round = 0; round < 10; round++) {
      await deliverBatch(app.deps, ids);
      const [left] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from sms_messages where send_id = ${sendId}::uuid and status in ('queued', 'submitting')`,
      );
      if (!left?.n) break;
      await db.execute(
        sql`update sms_messages set scheduled_at = now() where send_id = ${sendId}::uuid and status = 'queued'`,
      );
    }

    // Once each: every number reached exactly one gateway, exactly once.
    const reached = [...primary.accepted, ...backup.accepted].map((m) => m.to).sort();
    expect(reached).toEqual([...numbers].sort());
    expect(primary.accepted).toHaveLength(15);
    expect(backup.accepted).toHaveLength(N - 15);

    // Each row names the gateway that took it and is delivered by that gateway's receipt (both SMSCs use the
    // same ids: a receipt is matched within its gateway only).
    await vi.waitFor(
      async () => {
        const st = await rows<{ status: string; provider: string; n: number }>(
          db,
          sql`select status, provider, count(*)::int as n from sms_messages where send_id = ${sendId}::uuid
               group by status, provider order by provider`,
        );
        expect(st).toEqual([
          { status: "delivered", provider: "backup", n: N - 15 },
          { status: "delivered", provider: "primary", n: 15 },
        ]);
      },
      { timeout: 10_000, interval: 100 },
    );
    const byGateway = await rows<{ provider: string; pid: string; recipient: string }>(
      db,
      sql`select provider, provider_message_id as pid, recipient from sms_messages where send_id = ${sendId}::uuid`,
    );
    for (const r of byGateway) {
      const smsc = r.provider === "primary" ? primary : backup;
      expect(smsc.accepted.find((m) => m.id === r.pid)?.to).toBe(r.recipient);
    }

    // Charged once: the captured amount is one price per message, and the balance shows it.
    const [spent] = await rows<{ s: number }>(
      db,
      sql`select coalesce(sum(-e.amount_cents), 0)::int as s from ledger_entries e
            join credit_reservations r on r.id = e.reservation_id
           where r.user_id = ${c.owner.id}::uuid and e.account = 'reserved' and e.kind = 'capture'`,
    );
    expect(spent?.s).toBe(N * price);
    const [bal] = await rows<{ c: number }>(
      db,
      sql`select credit_cents::int as c from users where id = ${c.owner.id}::uuid`,
    );
    expect(bal?.c).toBe(10_000 - N * price);

    // The operator sees the month by gateway: what the company paid, what each gateway costs, the margin.
    const op = await createOperator(app);
    const detail = await app.inject({
      method: "GET",
      url: `/api/operator/companies/${c.id}`,
      headers: auth(op),
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const sgd = (cents: number) => cents / 100;
    expect(detail.json().smsGateways).toEqual([
      {
        gateway: "backup",
        messages: N - 15,
        segments: N - 15,
        charged: sgd((N - 15) * price),
        cost: sgd((N - 15) * 3),
        margin: sgd((N - 15) * (price - 3)),
      },
      {
        gateway: "primary",
        messages: 15,
        segments: 15,
        charged: sgd(15 * price),
        cost: sgd(15 * 2),
        margin: sgd(15 * (price - 2)),
      },
    ]);
  });
});
