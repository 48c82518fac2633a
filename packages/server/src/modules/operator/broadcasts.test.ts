/**
 * Broadcasts and the operator, on a loopback WhatsApp Cloud API channel whose messages cost 3 cents by default
 * (HERALD_BROADCAST_PRICE_CENTS_WHATSAPP): a company with its own WhatsApp price reserves and is charged that
 * price while another pays the default; a suspended company's broadcast sends nothing and keeps its rows and
 * reservation, and goes on where it stopped once the company is resumed (the resume enqueues its job again).
 * The worker is run by the test (no job workers).
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import {
  auth,
  createCompany,
  createOperator,
  privateDatabase,
  type TestOperator,
  type TestUser,
  testConfig,
} from "../../test/harness";
import {
  connectLoopbackChannel,
  type LoopbackWhatsapp,
  loopbackWhatsapp,
  numbersFrom,
  recipientsCsv,
  templateBroadcast,
  uploadRecipients,
} from "../broadcasts/broadcasts.fixtures";
import { deliverBroadcast } from "../broadcasts/deliver";
import { allocate } from "../credit/ledger";

const PRICE = 3;
let app: FastifyInstance;
let lb: LoopbackWhatsapp;
let drop: () => Promise<void>;
let op: TestOperator;

beforeAll(async () => {
  process.env.HERALD_BROADCAST_PRICE_CENTS_WHATSAPP = String(PRICE);
  lb = await loopbackWhatsapp();
  const db = await privateDatabase();
  drop = db.drop;
  app = await buildApp({
    config: { ...testConfig({ WHATSAPP_API_URL: lb.url }, db.dataDir), runWorkers: false },
    database: db.database,
    validateResponses: true,
  });
  await app.ready();
  op = await createOperator(app);
});
afterAll(async () => {
  delete process.env.HERALD_BROADCAST_PRICE_CENTS_WHATSAPP;
  await app?.close();
  await drop?.();
  await lb?.close();
});

const q = <T>(text: string, params: unknown[] = []) => app.deps.database.query<T>(text, params);
const asOperator = (method: "POST" | "PUT", url: string, payload: object) =>
  app.inject({ method, url: `/api${url}`, headers: auth(op), payload });

let seq = 0;
let nextBase = 83_000_000 + (process.pid % 1000) * 1000;
const fresh = (n: number) => {
  const out = numbersFrom(nextBase, n);
  nextBase += n;
  return out;
};

interface Tenant {
  companyId: string;
  owner: TestUser;
  channelId: string;
}

async function tenant(): Promise<Tenant> {
  const { id: companyId, owner } = await createCompany(app, { creditCents: 1_000_000 });
  await allocate(app.deps.database.db, { companyId, userId: owner.id, amountCents: 1000 });
  const { id: channelId } = await connectLoopbackChannel(app, owner);
  return { companyId, owner, channelId };
}

async function submit(t: Tenant, numbers: string[]) {
  const sent = await app.inject({
    method: "POST",
    url: "/api/social-chat/broadcast/send",
    headers: auth(t.owner),
    payload: templateBroadcast(t.channelId, `Operator ${++seq}`),
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const id: string = sent.json().broadcastId;
  const upload = await uploadRecipients(app, t.owner, id, recipientsCsv(numbers));
  expect(upload.statusCode, upload.body).toBe(200);
  return id;
}

const balance = async (userId: string) =>
  Number((await q<{ c: string }>("select credit_cents as c from users where id = $1", [userId]))[0]!.c);
const usage = async (companyId: string) =>
  Number(
    (
      await q<{ s: string }>(
        "select coalesce(sum(amount_cents), 0) as s from ledger_entries where company_id = $1 and account = 'usage'",
        [companyId],
      )
    )[0]!.s,
  );
const statuses = async (broadcastId: string) =>
  Object.fromEntries(
    (
      await q<{ status: string; n: number }>(
        "select status, count(*)::int as n from broadcast_recipients where broadcast_id = $1 group by status",
        [broadcastId],
      )
    ).map((r) => [r.status, r.n]),
  );
const jobsOf = async (broadcastId: string) =>
  (
    await q<{ n: number }>(
      "select count(*)::int as n from pgboss.job where name = 'broadcast.deliver' and data->>'broadcastId' = $1",
      [broadcastId],
    )
  )[0]!.n;

describe("broadcast prices", () => {
  it("reserves and charges the company's own WhatsApp price; another company pays the default", async () => {
    const own = await tenant();
    const other = await tenant();
    const set = await asOperator("PUT", `/operator/companies/${own.companyId}/prices`, {
      prices: [{ channel: "whatsapp", priceCents: 7 }],
    });
    expect(set.statusCode, set.body).toBe(200);

    const mine = await submit(own, fresh(2));
    expect(await balance(own.owner.id)).toBe(1000 - 2 * 7);
    await deliverBroadcast(app.deps, mine);
    expect(await statuses(mine)).toEqual({ sent: 2 });
    expect(await usage(own.companyId)).toBe(2 * 7);

    const theirs = await submit(other, fresh(2));
    expect(await balance(other.owner.id)).toBe(1000 - 2 * PRICE);
    await deliverBroadcast(app.deps, theirs);
    expect(await usage(other.companyId)).toBe(2 * PRICE);
  });
});

describe("broadcasts of a suspended company", () => {
  it("send nothing while suspended, keep their rows and reservation, and go on after resume", async () => {
    const t = await tenant();
    const id = await submit(t, fresh(3));
    expect(await balance(t.owner.id)).toBe(1000 - 3 * PRICE);
    const suspended = await asOperator("POST", `/operator/companies/${t.companyId}/suspend`, {
      reason: "Under review",
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const received = lb.received;
    await deliverBroadcast(app.deps, id);
    expect(lb.received).toBe(received);
    expect(await statuses(id)).toEqual({ pending: 3 });
    const [reservation] = await q<{ status: string; remaining: number }>(
      `select r.status, r.remaining_cents::int as remaining from broadcasts b
         join credit_reservations r on r.id = b.reservation_id where b.id = $1`,
      [id],
    );
    expect(reservation).toEqual({ status: "open", remaining: 3 * PRICE });
    expect(await usage(t.companyId)).toBe(0);

    const jobs = await jobsOf(id);
    const resumed = await asOperator("POST", `/operator/companies/${t.companyId}/resume`, {
      reason: "Review done",
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(await jobsOf(id)).toBe(jobs + 1);
    await deliverBroadcast(app.deps, id);
    expect(await statuses(id)).toEqual({ sent: 3 });
    expect(await usage(t.companyId)).toBe(3 * PRICE);
    expect(await balance(t.owner.id)).toBe(1000 - 3 * PRICE);
  });
});
