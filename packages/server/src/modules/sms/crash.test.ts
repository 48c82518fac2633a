import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows } from "../../db/sql";
import { auth, createCompany } from "../../test/harness";
import { crashWorkerHarness, killRounds, runToEnd } from "../../test/worker-crash";
import { allocate } from "../credit/ledger";
import { WINDOW } from "./deliver";

/**
 * Crash safety on PostgreSQL: a worker process sending a 10,000-recipient send is killed (SIGKILL) at random
 * moments, then started again, several times (SMS_CRASH_ROUNDS, 20 by default); at the end every recipient was
 * accepted, each submitted once or — only for messages in flight at a kill — twice with the same key, and the
 * credit charged equals the accepted segments.
 */
const RECIPIENTS = 10_000;
const ROUNDS = Number(process.env.SMS_CRASH_ROUNDS ?? 20);
const crash = crashWorkerHarness({ name: "crash", entry: "src/modules/sms/crash-worker.ts" });

beforeAll(() => crash.start());
afterAll(() => crash.stop());

const worker = (sendId: string) =>
  crash.worker({ SEND_ID: sendId, HERALD_SMS_RATE: "100000", HERALD_SMS_SUBMIT_TIMEOUT: "1" });

describe.skipIf(!crash.onPostgres)("worker crash safety (PostgreSQL)", () => {
  it("kills the worker at random points; every row is sent once (or twice only inside the accept window), charged = accepted", {
    timeout: 900_000,
  }, async () => {
    const { app } = crash;
    const { db } = app.deps.database;
    await db.execute(sql`create table if not exists crash_gateway (key text not null,
        created_at timestamptz not null default now())`);
    const { id: companyId, owner } = await createCompany(app, { creditCents: 2_000_000 });
    await allocate(db, { companyId, userId: owner.id, amountCents: 1_000_000 });
    const base = 91_000_000 + Math.floor(Math.random() * 5_000_000);
    const numbers = Array.from({ length: RECIPIENTS }, (_, i) => `65${base + i}`);
    const res = await app.inject({
      method: "POST",
      url: "/api/sms/send",
      payload: { channel: "SMS", recipients: { numbers }, text: "Hello {name}, your order is ready." },
      headers: auth(owner),
    });
    expect(res.statusCode, res.body).toBe(200);
    const sendId: string = res.json().id;
    expect(res.json().recipients).toBe(RECIPIENTS);

    const accepted = async () =>
      Number(
        (
          await rows<{ n: string }>(
            db,
            sql`select count(*) as n from sms_messages where send_id = ${sendId}::uuid and status = 'accepted'`,
          )
        )[0]!.n,
      );
    const { kills, progress } = await killRounds({
      rounds: ROUNDS,
      start: () => worker(sendId),
      sent: accepted,
      pollMs: 50,
    });
    // the kills landed while the send was under way (some rows sent, others not yet)
    expect(
      progress.some((n) => n > 0 && n < RECIPIENTS),
      progress.join(","),
    ).toBe(true);
    await runToEnd(worker(sendId));

    const [counts] = await rows<{ accepted: string; other: string; segments: string; cost: string }>(
      db,
      sql`select count(*) filter (where status = 'accepted') as accepted,
                   count(*) filter (where status <> 'accepted') as other,
                   coalesce(sum(segments) filter (where status = 'accepted'), 0) as segments,
                   coalesce(sum(cost_cents) filter (where status = 'accepted'), 0) as cost
              from sms_messages where send_id = ${sendId}::uuid`,
    );
    expect(Number(counts!.accepted)).toBe(RECIPIENTS);
    expect(Number(counts!.other)).toBe(0);
    // every row reached the gateway; more than once only for rows in flight when a worker was killed
    const [sent] = await rows<{ distinct_keys: string; duplicates: string; missing: string }>(
      db,
      sql`select (select count(distinct g.key) from crash_gateway g join sms_messages m on m.idempotency_key = g.key
                     where m.send_id = ${sendId}::uuid) as distinct_keys,
                   (select count(*) - count(distinct g.key) from crash_gateway g join sms_messages m
                       on m.idempotency_key = g.key where m.send_id = ${sendId}::uuid) as duplicates,
                   (select count(*) from sms_messages m where m.send_id = ${sendId}::uuid
                       and not exists (select 1 from crash_gateway g where g.key = m.idempotency_key)) as missing`,
    );
    expect(Number(sent!.missing)).toBe(0);
    expect(Number(sent!.distinct_keys)).toBe(RECIPIENTS);
    // at most the submissions not yet recorded (one window per worker) at each kill
    expect(Number(sent!.duplicates)).toBeLessThanOrEqual(kills * WINDOW);
    // charged = accepted segments x price, and the reservation's rest went back
    const [charged] = await rows<{ captured: string }>(
      db,
      sql`select coalesce(sum(e.amount_cents), 0) as captured from ledger_entries e
             where e.company_id = ${companyId}::uuid and e.account = 'usage'`,
    );
    expect(Number(charged!.captured)).toBe(Number(counts!.cost));
    expect(Number(counts!.cost)).toBe(Number(counts!.segments) * app.deps.config.sending.smsPriceCents);
    const [u] = await rows<{ c: string }>(
      db,
      sql`select credit_cents as c from users where id = ${owner.id}::uuid`,
    );
    expect(Number(u!.c)).toBe(1_000_000 - Number(counts!.cost));
  });
});
