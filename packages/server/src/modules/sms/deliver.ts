/**
 * The sending worker and the scheduler tick.
 *
 * `deliverBatch` (job `sms.deliver`): claims its rows that are 'queued' — or 'submitting' for longer than the
 * submit timeout (a worker that died holding them) — with one `update … from (select … for update skip locked)`,
 * so two workers never hold the same row; then works through them in windows of WINDOW rows: the window's SMS
 * rows are submitted at the provider's rate (rate.ts, `sendAtRate`: slots taken just before their submissions,
 * each submitted only while its slot's second lasts, by the database's clock), its rows submitted through the
 * gateway with their idempotency keys, CONCURRENCY at a time, and the outcomes written:
 * - accepted: in one transaction for the window, status 'accepted', the provider's ids and segments stored, the
 *   submission instant (`submitted_at`: for an SMS row the instant its submission started, within its slot's
 *   second, so no second of `submitted_at` holds more than the rate), and
 *   the accepted segments' cost taken from each run's reservation with one `captureSend` per reservation (a row
 *   without reservation, an auto-reply, or a reservation that falls short is charged row by row, from the
 *   balance with `chargeNow` when needed);
 * - SmsThrottled: back to 'queued', retried after the gateway's delay, not counted as an attempt, not charged;
 * - SmsRejected: 'rejected', not billable, nothing captured (the run's release gives its credit back);
 * - any other error: back to 'queued' with a growing delay and the same key, 'failed' (not billable) after
 *   MAX_ATTEMPTS.
 * An SMS row whose sender ID its company does not own when the row is claimed (revoked or withdrawn since it was
 * written, or never approved) ends 'rejected', not billable, without being submitted; the run's release gives its
 * credit back. The platform's default sender ID is allowed for every company.
 * WhatsApp and Telegram rows go through their company channel's driver as messages of the subscribers' chat rooms
 * (chat-send.ts): a row that cannot be sent for good (not reachable, outside WhatsApp's 24-hour window, refused)
 * ends 'skipped', 'failed' or 'rejected', not billable; a room message that already has a receipt (a sandbox
 * channel delivers at once) makes its row 'delivered'.
 * Crash safety: a row is only ever sent while 'submitting', and it leaves that state in the same transaction that
 * charges it, so a worker killed at any point leaves it 'queued' (never sent) or 'submitting' (perhaps sent); the
 * tick re-submits the latter after the timeout with the same key. A duplicate can therefore only happen for a
 * message the gateway accepted in the moments before the crash (the provider-accept window: at most one window
 * of a worker), and is charged once.
 *
 * `scheduleTick` (job `sms.schedule-tick`, every minute): scheduled rows that are due become 'queued' (numbers
 * unsubscribed since are 'skipped'), recurring sends get their next run's rows and reservation, and rows that
 * stayed queued or submitting too long are enqueued again.
 *
 * Suspension (db/company-status.ts): neither the claim nor the tick takes a suspended company's rows or
 * sends; they stay as they are (nothing failed, released or refunded) and go on once the operator resumes the
 * company, which enqueues its queued rows again.
 */
import { MAX_ATTEMPTS, retryPlan } from "@herald/domain";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { notSuspended } from "../../db/company-status";
import { pgArray, rows } from "../../db/sql";
import type { Deps } from "../../deps";
import { newRunKey } from "../../lib/run-key";
import { SmsRejected, type SmsSubmitted, SmsThrottled } from "../../providers/sms";
import { InsufficientCredit } from "../credit/ledger";
import { captureSend, chargeNow, reserveForSend } from "../credit/spend";
import { senderIdNotApproved } from "../registry/registry.messages";
import { rowsWithForeignSender } from "../registry/sender-ids";
import { RowFinal, submitChatRow } from "./chat-send";
import { enqueueDelivery } from "./compose.service";
import { applyEarlyReceipts } from "./events";
import { sendAtRate } from "./rate";
import { type Frequency, nextRunAfter } from "./schedule";
import { refreshCampaigns, settleReservations, settleSends } from "./settle";

/** Tries of a message before a temporary error is final: the message life's rule (@herald/domain). */
export { MAX_ATTEMPTS };

/** Submissions in flight per job. */
const CONCURRENCY = 8;
/** Rows per rate take and per outcome transaction of a job. */
export const WINDOW = 50;

interface Claimed {
  id: string;
  company_id: string;
  user_id: string;
  send_id: string;
  channel: string;
  /** WhatsApp and Telegram rows: the company channel (chat-send.ts). */
  channel_id: string | null;
  sender_id: string | null;
  subject: string | null;
  recipient: string;
  recipient_name: string | null;
  text: string;
  idempotency_key: string;
  attempts: number;
  reservation_id: string | null;
  /** What the row was priced at when it was written (its company's price then), and for how many segments. */
  cost_cents: number | string;
  segments: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What the gateway answered for one claimed row. */
type Outcome =
  | {
      row: Claimed;
      ok: true;
      result: SmsSubmitted & { provider: string; costCents?: number };
      /** When it was submitted, by the database's clock, within its rate slot's second (SMS rows). */
      at?: Date;
    }
  | { row: Claimed; ok: false; err: unknown };

/** Claims and submits the due rows among `messageIds`. Answers how many were claimed. */
export async function deliverBatch(deps: Deps, messageIds: string[]): Promise<number> {
  const { db } = deps.database;
  const { sending } = deps.config;
  if (messageIds.length === 0) return 0;
  const claimed = await rows<Claimed>(
    db,
    sql`update sms_messages m set status = 'submitting', locked_at = now(), attempts = m.attempts + 1
          from (select id from sms_messages
                 where id = any(${pgArray(messageIds)}::uuid[])
                   and (status = 'queued'
                        or (status = 'submitting'
                            and locked_at < now() - make_interval(secs => ${sending.submitTimeoutSeconds})))
                   -- a suspended company's rows wait, queued, until the operator resumes it
                   and ${notSuspended(sql`sms_messages.company_id`)}
                 order by id
                 for update skip locked) c
         where m.id = c.id
        returning m.id::text as id, m.company_id::text as company_id, m.user_id::text as user_id,
                  m.send_id::text as send_id, m.channel, m.channel_id::text as channel_id, m.sender_id,
                  m.subject, m.recipient, m.recipient_name, m.text,
                  m.idempotency_key, m.attempts, m.reservation_id::text as reservation_id, m.cost_cents,
                  m.segments`,
  );
  if (claimed.length === 0) return 0;
  claimed.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // A sender ID the company does not own at send time (revoked, withdrawn, never approved) is never sent with.
  const foreign = await rowsWithForeignSender(
    db,
    deps.config.sms.senderId,
    claimed.filter((r) => r.channel === "sms"),
  );
  if (foreign.size > 0)
    await refuseForeignSenders(
      deps,
      claimed.filter((r) => foreign.has(r.id)),
    );
  const sendable = foreign.size > 0 ? claimed.filter((r) => !foreign.has(r.id)) : claimed;
  const retry: { id: string; after: number }[] = [];
  let pauseUntil = 0;
  const pause = (ms: number) => {
    pauseUntil = Math.max(pauseUntil, Date.now() + ms);
  };
  // Window by window: the window's SMS rows submitted at the provider's rate (each only while the second of its
  // slot lasts, its submission instant recorded), the others CONCURRENCY at a time, then its outcomes written
  // (the accepted ones and their charge in one transaction).
  for (let w = 0; w < sendable.length; w += WINDOW) {
    const window = sendable.slice(w, w + WINDOW);
    const sms = window.filter((r) => r.channel === "sms");
    const others = window.filter((r) => r.channel !== "sms");
    const outcomes: Outcome[] = [];
    const waitPause = async () => {
      const wait = pauseUntil - Date.now();
      if (wait > 0) await sleep(wait);
      return true;
    };
    let next = 0;
    const one = async () => {
      for (;;) {
        const row = others[next++];
        if (!row) return;
        await waitPause();
        outcomes.push(await submitOne(deps, row, pause));
      }
    };
    const paced = async () => {
      if (sms.length === 0) return;
      await sendAtRate(db, deps.sms.name, sending.smsRatePerSecond, sms, {
        concurrency: CONCURRENCY,
        chunk: WINDOW,
        ready: waitPause,
        submit: async (row, at) => {
          const o = await submitOne(deps, row, pause);
          outcomes.push(o.ok ? { ...o, at } : o);
        },
      });
    };
    await Promise.all([paced(), ...Array.from({ length: Math.min(CONCURRENCY, others.length) }, one)]);
    await recordAccepted(
      deps,
      outcomes.flatMap((o) => (o.ok ? [o] : [])),
    );
    await chatReceipts(
      deps,
      outcomes.flatMap((o) => (o.ok && o.row.channel_id ? [o.row.id] : [])),
    );
    for (const o of outcomes) {
      if (o.ok) continue;
      const after = await recordFailure(deps, o.row, o.err, pause);
      if (after !== null) retry.push({ id: o.row.id, after });
    }
  }
  if (retry.length > 0) {
    const after = Math.max(1, ...retry.map((r) => r.after));
    await enqueueDelivery(
      db,
      deps.queue,
      retry.map((r) => r.id),
      after,
    );
  }
  // Runs that are over give back what their reservation still holds; sends that are over are 'sent'.
  const byCompany = new Map<string, Set<string>>();
  for (const r of claimed) {
    if (!r.reservation_id) continue;
    const s = byCompany.get(r.company_id) ?? new Set<string>();
    s.add(r.reservation_id);
    byCompany.set(r.company_id, s);
  }
  for (const [companyId, ids] of byCompany) {
    await db.transaction((tx) => settleReservations(tx, deps.queue, companyId, ids));
  }
  await settleSends(
    db,
    claimed.map((r) => r.send_id),
  );
  return claimed.length;
}

/** Rows whose sender ID their company does not own: rejected, not billable, never submitted. */
async function refuseForeignSenders(deps: Deps, list: Claimed[]) {
  const values = list.map((r) => ({ id: r.id, error: senderIdNotApproved(r.sender_id ?? "") }));
  await deps.database.db.execute(sql`update sms_messages m
      set status = 'rejected', billable = false, locked_at = null, error = v.error
     from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id uuid, error text)
    where m.id = v.id and m.status = 'submitting'`);
}

/** Submits one claimed row to its gateway (the rate slot is already taken). */
async function submitOne(deps: Deps, row: Claimed, pause: (ms: number) => void): Promise<Outcome> {
  try {
    if (row.channel === "email") {
      await deps.email.send({
        to: row.recipient,
        subject: row.subject ?? "",
        text: row.text,
        idempotencyKey: row.idempotency_key,
      });
      return {
        row,
        ok: true,
        result: { provider: "email", providerMessageId: row.idempotency_key, segments: 1 },
      };
    }
    if (row.channel === "sms") {
      const r = await deps.sms.send({
        to: row.recipient,
        text: row.text,
        ...(row.sender_id ? { senderId: row.sender_id } : {}),
        idempotencyKey: row.idempotency_key,
      });
      return { row, ok: true, result: { ...r, provider: r.gateway ?? deps.sms.name } };
    }
    if (row.channel === "whatsapp" || row.channel === "telegram") {
      const r = await submitChatRow(deps, row);
      return { row, ok: true, result: { ...r, segments: 1 } };
    }
    throw new SmsRejected("This channel is not available");
  } catch (err) {
    // The rest of the window waits as long as the gateway asked.
    if (err instanceof SmsThrottled) pause(err.retryAfterMs);
    return { row, ok: false, err };
  }
}

/**
 * Accepted WhatsApp and Telegram rows whose room message already has a receipt (a sandbox channel delivers at
 * once) take it: 'delivered' for delivered or read, 'failed' for failed.
 */
async function chatReceipts(deps: Deps, ids: string[]) {
  if (ids.length === 0) return;
  await deps.database.db.execute(sql`update sms_messages m
      set status = case when c.delivery_status = 'failed' then 'failed' else 'delivered' end,
          delivered_st = c.delivery_status, delivered_at = now()
     from chat_messages c
    where m.id = any(${pgArray(ids)}::uuid[]) and c.id = m.id and m.status = 'accepted'
      and c.delivery_status in ('delivered', 'read', 'failed')`);
}

/** A row the gateway did not take: answers the retry delay in seconds, or null. */
async function recordFailure(
  deps: Deps,
  row: Claimed,
  err: unknown,
  pause: (ms: number) => void,
): Promise<number | null> {
  const { db } = deps.database;
  if (err instanceof SmsThrottled) {
    pause(err.retryAfterMs);
    await db.execute(sql`update sms_messages set status = 'queued', locked_at = null, attempts = attempts - 1,
      scheduled_at = now() + make_interval(secs => ${err.retryAfterMs / 1000})
      where id = ${row.id}::uuid and status = 'submitting'`);
    return Math.max(1, err.retryAfterMs / 1000);
  }
  const message = String((err as Error)?.message ?? err).slice(0, 500);
  if (err instanceof RowFinal) {
    await db.execute(sql`update sms_messages set status = ${err.status}, billable = false, locked_at = null,
        error = ${message}
      where id = ${row.id}::uuid and status = 'submitting'`);
    return null;
  }
  // Retried or ended by the error's class (@herald/domain retryPlan): a refusal ends at once, anything else
  // waits 2, 4, 8 … seconds (at most 5 minutes) until MAX_ATTEMPTS tries.
  const plan = retryPlan(err instanceof SmsRejected ? "permanent" : "temporary", row.attempts);
  if (!plan.retry) {
    await db.execute(sql`update sms_messages
      set status = ${err instanceof SmsRejected ? "rejected" : "failed"}, billable = false, locked_at = null,
          error = ${message}
      where id = ${row.id}::uuid and status = 'submitting'`);
    return null;
  }
  const delay = plan.delayMs / 1000;
  await db.execute(sql`update sms_messages set status = 'queued', locked_at = null, error = ${message},
    scheduled_at = now() + make_interval(secs => ${delay})
    where id = ${row.id}::uuid and status = 'submitting'`);
  return delay;
}

/**
 * The accepted rows of a window, in one transaction: each row 'accepted' with its provider ids, segments and
 * cost (only while still 'submitting': a row another worker finished — a duplicate inside the accept window —
 * is charged once), and the cost captured from each run's reservation as one movement per reservation. A
 * reservation that cannot cover the sum, and rows without one (auto-replies), are charged row by row.
 */
async function recordAccepted(deps: Deps, accepted: Extract<Outcome, { ok: true }>[]) {
  if (accepted.length === 0) return;
  const { db } = deps.database;
  const byId = new Map(accepted.map((o) => [o.row.id, o.row]));
  const values = accepted.map(({ row, result, at }) => {
    const segments = Math.max(1, result.segments);
    // The row's own price (its company's when it was written, modules/credit/prices.ts): an SMS pays it per
    // segment the gateway accepted, an e-mail or a chat message once.
    const planned = Number(row.cost_cents);
    const cost = row.channel === "sms" ? segments * Math.round(planned / Math.max(1, row.segments)) : planned;
    return {
      id: row.id,
      provider: result.provider,
      pid: result.providerMessageId,
      parts: result.partIds && result.partIds.length > 0 ? result.partIds : null,
      segments,
      cost: result.costCents ?? cost,
      gcost: result.gatewayCostCents ?? null,
      at: at?.toISOString() ?? null,
    };
  });
  await db.transaction(async (tx) => {
    const done = await rows<{ id: string; reservation_id: string | null; cost_cents: number | string }>(
      tx,
      sql`update sms_messages m set status = 'accepted', provider = v.provider, provider_message_id = v.pid,
            part_ids = v.parts, segments = v.segments, cost_cents = v.cost, submitted_at = coalesce(v.at, now()),
            gateway_cost_cents = v.gcost, locked_at = null, error = null
          from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
               as v(id uuid, provider text, pid text, parts text[], segments int, cost bigint, gcost bigint,
                    at timestamptz)
         where m.id = v.id and m.status = 'submitting'
        returning m.id::text as id, m.reservation_id::text as reservation_id, m.cost_cents`,
    );
    const byReservation = new Map<string, { row: Claimed; cost: number }[]>();
    const single: { row: Claimed; cost: number; reservationId: string | null }[] = [];
    for (const d of done) {
      const cost = Number(d.cost_cents);
      if (cost <= 0) continue;
      const row = byId.get(d.id)!;
      if (!d.reservation_id) single.push({ row, cost, reservationId: null });
      else
        byReservation.set(d.reservation_id, [...(byReservation.get(d.reservation_id) ?? []), { row, cost }]);
    }
    for (const [reservationId, list] of byReservation) {
      const first = list[0]!.row;
      const total = list.reduce((n, x) => n + x.cost, 0);
      try {
        await tx.transaction((sp) =>
          captureSend(sp, deps.queue, {
            companyId: first.company_id,
            amountCents: total,
            reservationId,
            reference: list.length === 1 ? `msg:${first.id}` : `msgs:${first.id}+${list.length - 1}`,
            memo: list.length === 1 ? "Message accepted" : `${list.length} messages accepted`,
          }),
        );
      } catch (err) {
        if (!(err instanceof InsufficientCredit)) throw err;
        for (const x of list) single.push({ ...x, reservationId });
      }
    }
    for (const x of single) await charge(tx, deps, x.row, x.reservationId, x.cost);
  });
  // Receipts that came before these answers were recorded, kept meanwhile: applied now.
  await applyEarlyReceipts(
    deps,
    values
      .filter((v) => byId.get(v.id)?.channel === "sms" && v.pid)
      .map((v) => ({ provider: v.provider, ids: [v.pid, ...(v.parts ?? [])] })),
  );
}

/** The accepted message's cost: from the run's reservation, else (or when it is short) from the balance. */
async function charge(tx: Tx, deps: Deps, row: Claimed, reservationId: string | null, cost: number) {
  const base = { companyId: row.company_id, amountCents: cost, reference: `msg:${row.id}` };
  if (reservationId) {
    try {
      await tx.transaction((sp) =>
        captureSend(sp, deps.queue, { ...base, reservationId, memo: "Message accepted" }),
      );
      return;
    } catch (err) {
      if (!(err instanceof InsufficientCredit)) throw err;
    }
  }
  try {
    await tx.transaction((sp) =>
      chargeNow(sp, deps.queue, {
        ...base,
        ...(reservationId ? { userId: row.user_id } : {}),
        memo: "Message accepted",
      }),
    );
  } catch (err) {
    if (!(err instanceof InsufficientCredit)) throw err;
    await tx.execute(sql`update sms_messages set error = 'Not charged: the credit did not cover it'
      where id = ${row.id}::uuid`);
  }
}

interface DueSend {
  id: string;
  company_id: string;
  user_id: string;
  frequency: Frequency;
  first_date: string;
  first_time: string;
  timezone: string;
  next_run_at: Date | string;
}

/** See the module's note. `now` for tests; the database's clock decides nothing here. */
export async function scheduleTick(deps: Deps, now = new Date()): Promise<{ queued: number; runs: number }> {
  const { db } = deps.database;
  const at = now.toISOString();
  let queued = 0;
  // 1. Due scheduled rows -> queued (unsubscribed numbers skipped), in batches.
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const due = await rows<{
        id: string;
        company_id: string;
        reservation_id: string | null;
        send_id: string;
      }>(
        tx,
        sql`update sms_messages m set status = 'queued'
              from (select id from sms_messages where status = 'scheduled' and scheduled_at <= ${at}::timestamptz
                       and ${notSuspended(sql`sms_messages.company_id`)}
                     order by scheduled_at limit 5000 for update skip locked) d
             where m.id = d.id
            returning m.id::text as id, m.company_id::text as company_id,
                      m.reservation_id::text as reservation_id, m.send_id::text as send_id`,
      );
      if (due.length === 0) return 0;
      const skipped = await rows<{ id: string }>(
        tx,
        sql`update sms_messages m set status = 'skipped', billable = false, error = 'unsubscribed'
             where m.id = any(${pgArray(due.map((d) => d.id))}::uuid[]) and m.channel <> 'email'
               and exists (select 1 from mobile_subscriptions s where s.company_id = m.company_id
                            and s.contact_number = m.recipient and s.type = 'unsub' and s.status = 'active')
            returning m.id::text as id`,
      );
      const skip = new Set(skipped.map((s) => s.id));
      await enqueueDelivery(
        tx,
        deps.queue,
        due.filter((d) => !skip.has(d.id)).map((d) => d.id),
      );
      await tx.execute(sql`update sms_sends set status = 'queued'
        where id = any(${pgArray([...new Set(due.map((d) => d.send_id))])}::uuid[]) and status = 'scheduled'
          and (next_run_at is null or frequency = 'once')`);
      await refreshCampaigns(tx, new Set(due.map((d) => d.send_id)));
      if (skip.size > 0) {
        const byCompany = new Map<string, string[]>();
        for (const d of due)
          if (d.reservation_id)
            byCompany.set(d.company_id, [...(byCompany.get(d.company_id) ?? []), d.reservation_id]);
        for (const [c, ids] of byCompany) await settleReservations(tx, deps.queue, c, ids);
      }
      return due.length;
    });
    queued += n;
    if (n === 0) break;
  }
  // 2. Sends whose run came: the next run of a recurring send is written and reserved now.
  let runs = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const due = await rows<DueSend>(
        tx,
        sql`select id::text as id, company_id::text as company_id, user_id::text as user_id, frequency, first_date,
                   first_time, timezone, next_run_at
              from sms_sends where status in ('scheduled', 'queued') and next_run_at <= ${at}::timestamptz
               and ${notSuspended(sql`sms_sends.company_id`)}
             order by next_run_at limit 50 for update skip locked`,
      );
      for (const s of due) await nextRun(tx, deps, s, now);
      await refreshCampaigns(
        tx,
        due.map((s) => s.id),
      );
      return due.length;
    });
    runs += n;
    if (n === 0) break;
  }
  // 3. Rows stuck queued (a lost job) or submitting (a dead worker): enqueued again.
  const stuck = await rows<{ id: string }>(
    db,
    sql`select id::text as id from sms_messages
         where ((status = 'queued' and coalesce(scheduled_at, created_at) < ${at}::timestamptz - interval '60 seconds')
                or (status = 'submitting'
                    and locked_at < ${at}::timestamptz - make_interval(secs => ${deps.config.sending.submitTimeoutSeconds})))
           and ${notSuspended(sql`sms_messages.company_id`)}
         limit 20000`,
  );
  if (stuck.length > 0)
    await enqueueDelivery(
      db,
      deps.queue,
      stuck.map((s) => s.id),
    );
  return { queued, runs };
}

async function nextRun(tx: Tx, deps: Deps, s: DueSend, now: Date) {
  const ranAt = new Date(s.next_run_at);
  // The run after the one that fired, or after now when runs were missed (the company was suspended, or no tick
  // ran for a while): missed runs are not sent in a burst, the send goes on from its next run to come.
  const after = new Date(Math.max(ranAt.getTime(), now.getTime()));
  const next =
    s.frequency === "once" || s.frequency === "now"
      ? null
      : nextRunAfter(s.frequency, { date: s.first_date, time: s.first_time, timeZone: s.timezone }, after);
  if (!next) {
    await tx.execute(sql`update sms_sends set next_run_at = null where id = ${s.id}::uuid`);
    await settleSends(tx, [s.id]);
    return;
  }
  // The run that fired is the latest rows of the send (rows of one run share their transaction's created_at).
  const source = await rows<{ n: number | string; cost: number | string }>(
    tx,
    sql`select count(*) as n, coalesce(sum(cost_cents), 0) as cost from sms_messages
         where send_id = ${s.id}::uuid and status <> 'cancelled'
           and created_at = (select max(created_at) from sms_messages where send_id = ${s.id}::uuid)`,
  );
  const cost = Number(source[0]?.cost ?? 0);
  if (Number(source[0]?.n ?? 0) === 0) {
    await tx.execute(sql`update sms_sends set next_run_at = null, status = 'sent' where id = ${s.id}::uuid`);
    return;
  }
  let reservationId: string | null = null;
  if (cost > 0) {
    try {
      const r = await tx.transaction((sp) =>
        reserveForSend(sp, deps.queue, {
          companyId: s.company_id,
          userId: s.user_id,
          amountCents: cost,
          reference: `send:${s.id}`,
          memo: "Scheduled send (next run)",
        }),
      );
      reservationId = r.reservationId;
    } catch (err) {
      if (!(err instanceof InsufficientCredit)) throw err;
      // Not enough credit for the next run: the send stops repeating.
      await tx.execute(
        sql`update sms_sends set next_run_at = null, status = 'queued' where id = ${s.id}::uuid`,
      );
      return;
    }
  }
  const runKey = newRunKey();
  await tx.execute(sql`insert into sms_messages (id, company_id, send_id, user_id, campaign_id, channel, sender_id,
      subject, recipient, recipient_name, text, encoding, segments, cost_cents, status, idempotency_key,
      reservation_id, scheduled_at, channel_id)
    select m.nid, m.company_id, m.send_id, m.user_id, m.campaign_id, m.channel, m.sender_id, m.subject, m.recipient,
           m.recipient_name, m.text, m.encoding, m.segments, m.cost_cents, 'scheduled',
           'send:' || m.nid::text, ${reservationId}::uuid, ${next.toISOString()}::timestamptz, m.channel_id
      from (select x.*, overlay(${runKey}::text placing lpad(to_hex(row_number() over (order by x.id)), 12, '0')
                                from 25 for 12)::uuid as nid
              from sms_messages x
             where x.send_id = ${s.id}::uuid and x.status <> 'cancelled'
               and x.created_at = (select max(created_at) from sms_messages where send_id = ${s.id}::uuid)) m`);
  await tx.execute(sql`update sms_sends set next_run_at = ${next.toISOString()}::timestamptz, status = 'scheduled'
    where id = ${s.id}::uuid`);
}
