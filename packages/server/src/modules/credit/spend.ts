/**
 * Spending credit: the one set of functions through which everything that costs money (SMS segments,
 * broadcasts, e-mail, WhatsApp) reserves, captures, releases, refunds or charges it. Built on ledger.ts
 * (each call is one ledger movement, see there for the accounts and the locking), plus the low-credit
 * alerts, so that no spending path can forget them.
 *
 * - `reserveForSend`: a scheduled or queued send holds its estimated cost (user -> reserved).
 * - `captureSend`: the actual cost of an accepted message is taken from the reservation (reserved -> usage).
 * - `releaseSend`: the send is over; what the reservation still holds goes back to the user.
 * - `refundSend`: a failed, non-billable message that was captured is given back (usage -> user), only on the
 *   word of the platform (see `ReceiptSource`).
 * - `chargeNow`: a send without a reservation pays at once, from the user's balance or, without `userId`,
 *   from the corporate balance (user or company -> usage).
 *
 * Every function runs in the caller's transaction (a `Tx`, never the bare `db`), so the movement commits or
 * rolls back with the send's own writes. Amounts are positive integer cents; per-message prices finer than
 * a cent are rounded up to the next cent by the caller. A balance that is too small fails with
 * `InsufficientCredit` (422) and moves nothing; the caller's transaction must then be rolled back (or the
 * call made in a savepoint, `tx.transaction(...)`).
 *
 * Low-credit alerts: when a movement takes the user's balance below one of the user's thresholds, the user
 * and every active admin are e-mailed; when it takes the corporate balance below one of the company's
 * thresholds, every active admin is. The e-mails are `email.send` jobs enqueued in the same transaction
 * (they leave only if the movement commits). "Once per crossing" needs no stored state: a movement alerts
 * for the thresholds its own balance before (after + amount, the row being locked by the movement) was at
 * or above and its balance after is below, so a balance that stays below alerts no more, and one that rises
 * back to or above a threshold (a top-up, a release, a refund) re-arms it. Captures move only the
 * reservation, so they never alert: the user's balance fell when the credit was reserved.
 */
import type { Tx } from "../../db/client";
import type { Queue } from "../../jobs/queue";
import {
  type Account,
  capture,
  charge,
  chargeCompany,
  type Movement,
  type MovementOptions,
  type Reservation,
  refund,
  release,
  reserve,
} from "./ledger";
import { enqueueLowCreditAlerts } from "./thresholds.service";

export interface SpendResult {
  /** Low-credit e-mails enqueued by this call (one per crossed threshold and recipient). */
  alerts: number;
}

/** Enqueues the alerts of a movement that debited a user's or the corporate balance. */
async function alertsForDebit(
  tx: Tx,
  queue: Queue,
  companyId: string,
  debited: Account,
  movement: Movement,
): Promise<number> {
  const after = movement.debitedBalanceCents;
  if (after === null || after === undefined) return 0;
  if (debited.kind !== "user" && debited.kind !== "company") return 0;
  return enqueueLowCreditAlerts(tx, queue, {
    companyId,
    ...(debited.kind === "user" ? { userId: debited.userId } : {}),
    before: after + movement.amountCents,
    after,
    key: movement.transactionId,
  });
}

/** Holds a send's estimated cost (user -> reserved); alerts when the user's balance crosses a threshold. */
export async function reserveForSend(
  tx: Tx,
  queue: Queue,
  opts: MovementOptions & { userId: string },
): Promise<Reservation & SpendResult> {
  const r = await reserve(tx, opts);
  const alerts = await alertsForDebit(tx, queue, opts.companyId, { kind: "user", userId: opts.userId }, r);
  return { ...r, alerts };
}

/** Takes an accepted message's actual cost from its reservation (reserved -> usage); never alerts. */
export async function captureSend(
  tx: Tx,
  _queue: Queue,
  opts: MovementOptions & { reservationId: string },
): Promise<Movement & SpendResult> {
  const m = await capture(tx, opts);
  return { ...m, alerts: 0 };
}

/**
 * Ends a send: what its reservation still holds goes back to the user (0 when nothing was left or it was
 * released before). A rise re-arms the user's thresholds; it never alerts.
 */
export async function releaseSend(
  tx: Tx,
  _queue: Queue,
  opts: Omit<MovementOptions, "amountCents"> & { reservationId: string },
): Promise<{ transactionId: string | null; amountCents: number } & SpendResult> {
  const m = await release(tx, opts);
  return { transactionId: m.transactionId, amountCents: m.amountCents, alerts: 0 };
}

/**
 * Who vouches for a delivery receipt, the one rule on whether a receipt may move money:
 *
 * - `"platform"`: the SMS gateway the operator configured (webhooks signed with SMS_WEBHOOK_SECRET, SMPP
 *   receipts on the operator's bind), or the operator. Its receipts may give a charge back.
 * - `"company-channel"`: a company's own channel (WhatsApp, Messenger, Telegram, ... or the sandbox), whose
 *   webhook is signed with a secret the company entered itself, so the company could forge any receipt. Its
 *   receipts move the message's displayed status only: the charge of a message the provider accepted stays as
 *   Herald recorded it from the provider's answer at send time.
 */
export type ReceiptSource = "platform" | "company-channel";

/** Whether a receipt from `source` may move money: give a charge back, or keep a charge from being taken. */
export const receiptMovesMoney = (source: ReceiptSource): boolean => source === "platform";

/**
 * Gives back the cost of a failed, non-billable message (usage -> user) when `source` is the platform; a
 * receipt from a company's own channel moves nothing and answers null. Re-arms, never alerts.
 */
export async function refundSend(
  tx: Tx,
  _queue: Queue,
  opts: MovementOptions & { userId: string; source: ReceiptSource },
): Promise<(Movement & SpendResult) | null> {
  const { source, ...movement } = opts;
  if (!receiptMovesMoney(source)) return null;
  const m = await refund(tx, movement);
  return { ...m, alerts: 0 };
}

/**
 * Pays for a send at once, without a reservation: from the user's balance (user -> usage) or, without
 * `userId`, from the corporate balance (company -> usage). Alerts when that balance crosses a threshold.
 */
export async function chargeNow(
  tx: Tx,
  queue: Queue,
  opts: MovementOptions & { userId?: string },
): Promise<Movement & SpendResult> {
  const { userId, ...rest } = opts;
  const m = userId ? await charge(tx, { ...rest, userId }) : await chargeCompany(tx, rest);
  const debited: Account = userId ? { kind: "user", userId } : { kind: "company" };
  const alerts = await alertsForDebit(tx, queue, opts.companyId, debited, m);
  return { ...m, alerts };
}
