import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompany } from "../../test/harness";
import { crashWorkerHarness, killRounds, runToEnd } from "../../test/worker-crash";
import { allocate } from "../credit/ledger";
import {
  connectLoopbackChannel,
  type LoopbackWhatsapp,
  loopbackWhatsapp,
  numbersFrom,
  recipientsCsv,
  templateBroadcast,
  uploadRecipients,
} from "./broadcasts.fixtures";
import { PARALLEL_WINDOWS, windowSize } from "./deliver";

/**
 * Crash safety of broadcast delivery on PostgreSQL: a worker process sending a RECIPIENTS-row broadcast to a
 * loopback WhatsApp Cloud API (in this process: it records every accepted message) is killed (SIGKILL) at random
 * moments, then started again, BROADCAST_CRASH_ROUNDS times (20 by default); then one runs to the end. Every
 * recipient got the message; more than once only for messages in flight at a kill (at most a window per kill);
 * every row is sent; charged = accepted messages x price, and the reservation's rest went back.
 * Size: 5,000 recipients at 200/s by default (BROADCAST_CRASH_RECIPIENTS), so that the 20 kills land while it is
 * under way.
 */
const RECIPIENTS = Number(process.env.BROADCAST_CRASH_RECIPIENTS ?? 5000);
/** The workers' rate: slow enough that the broadcast is still under way after the last kill. */
const RATE = 200;
const ROUNDS = Number(process.env.BROADCAST_CRASH_ROUNDS ?? 20);
const PRICE = 2;
const CREDIT = 10 * RECIPIENTS;
const JWT_SECRET = "test-secret-test-secret-test-secret-0123456789";
const crash = crashWorkerHarness({ name: "bcrash", entry: "src/modules/broadcasts/crash-worker.ts" });

let lb: LoopbackWhatsapp;
beforeAll(async () => {
  if (!crash.onPostgres) return;
  process.env.HERALD_BROADCAST_PRICE_CENTS_WHATSAPP = String(PRICE);
  lb = await loopbackWhatsapp();
  await crash.start({ WHATSAPP_API_URL: lb.url, HERALD_JWT_SECRET: JWT_SECRET });
});
afterAll(async () => {
  delete process.env.HERALD_BROADCAST_PRICE_CENTS_WHATSAPP;
  await crash.stop();
  await lb?.close();
});

const worker = (broadcastId: string) =>
  crash.worker({
    BROADCAST_ID: broadcastId,
    WHATSAPP_API_URL: lb.url,
    HERALD_JWT_SECRET: JWT_SECRET,
    HERALD_BROADCAST_RATE_WHATSAPP: String(RATE),
    HERALD_BROADCAST_PRICE_CENTS_WHATSAPP: String(PRICE),
    HERALD_SMS_SUBMIT_TIMEOUT: "1",
  });

const acceptedTotal = () => [...lb.accepted.values()].reduce((n, x) => n + x, 0);

describe.skipIf(!crash.onPostgres)("broadcast worker crash safety (PostgreSQL)", () => {
  it("kills the worker at random points; no recipient lost, duplicates only inside the accept window, charged = accepted", {
    timeout: 900_000,
  }, async () => {
    const { app } = crash;
    const q = <T>(text: string, params: unknown[] = []) => app.deps.database.query<T>(text, params);
    const { id: companyId, owner } = await createCompany(app, { creditCents: 2 * CREDIT });
    await allocate(app.deps.database.db, { companyId, userId: owner.id, amountCents: CREDIT });
    const { id: channelId } = await connectLoopbackChannel(app, owner);
    const numbers = numbersFrom(85_000_000 + Math.floor(Math.random() * 4_000_000), RECIPIENTS);
    const sent = await app.inject({
      method: "POST",
      url: "/api/social-chat/broadcast/send",
      headers: { authorization: `Bearer ${owner.token}` },
      payload: templateBroadcast(channelId, "Crash"),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const id: string = sent.json().broadcastId;
    const up = await uploadRecipients(app, owner, id, recipientsCsv(numbers));
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().ready).toBe(RECIPIENTS);

    const { kills, progress } = await killRounds({
      rounds: ROUNDS,
      start: () => worker(id),
      sent: acceptedTotal,
      progress: () => lb.accepted.size,
      pollMs: 20,
    });
    // every round's worker was killed, while the broadcast was under way (some recipients reached, others not)
    expect(kills).toBe(ROUNDS);
    expect(progress[ROUNDS - 1]).toBeLessThan(RECIPIENTS);
    expect(
      progress.some((n) => n > 0 && n < RECIPIENTS),
      progress.join(","),
    ).toBe(true);
    await runToEnd(worker(id));

    // every row sent, the broadcast done
    const rows = await q<{ status: string; n: number }>(
      "select status, count(*)::int as n from broadcast_recipients where broadcast_id = $1 group by status",
      [id],
    );
    expect(Object.fromEntries(rows.map((r) => [r.status, r.n]))).toEqual({ sent: RECIPIENTS });
    const [b] = await q<{ status: string; sent: number }>(
      "select status, sent from broadcasts where id = $1",
      [id],
    );
    expect(b).toEqual({ status: "done", sent: RECIPIENTS });
    // no recipient lost; more than once only for messages in flight at a kill (the worker's windows at most)
    expect(numbers.filter((m) => !lb.accepted.has(m))).toEqual([]);
    const duplicates = acceptedTotal() - RECIPIENTS;
    expect(duplicates).toBeLessThanOrEqual(kills * PARALLEL_WINDOWS * windowSize(RATE));
    // charged = accepted (each row's message once) x price; the reservation's rest went back
    const [usage] = await q<{ s: string }>(
      "select coalesce(sum(amount_cents), 0) as s from ledger_entries where company_id = $1 and account = 'usage'",
      [companyId],
    );
    expect(Number(usage!.s)).toBe(RECIPIENTS * PRICE);
    const [cost] = await q<{ s: string }>(
      `select coalesce(sum(m.cost_cents), 0) as s from broadcast_recipients r
         join chat_messages m on m.id = r.chat_message_id where r.broadcast_id = $1`,
      [id],
    );
    expect(Number(cost!.s)).toBe(RECIPIENTS * PRICE);
    const [u] = await q<{ c: string }>("select credit_cents as c from users where id = $1", [owner.id]);
    expect(Number(u!.c)).toBe(CREDIT - RECIPIENTS * PRICE);
    const [r] = await q<{ remaining: number; status: string }>(
      `select r.remaining_cents::int as remaining, r.status from broadcasts b
         join credit_reservations r on r.id = b.reservation_id where b.id = $1`,
      [id],
    );
    expect(r).toEqual({ remaining: 0, status: "released" });
  });
});
