/**
 * The life of one outbound message, whatever its channel: one state machine, with the money each step moves.
 *
 *   scheduled ──due──▶ queued ──claim──▶ submitting ──accepted──▶ accepted ──receipt──▶ delivered ─▶ read
 *                        ▲                  │  │                       │                    │
 *                        └──retry (back-off)┘  └─refused (final)─▶ rejected / failed ◀─receipt┘ (failed, expired)
 *
 * - A message is paid for once, when a provider accepts it (`charge`). Until then its price is only reserved;
 *   a message that ends before acceptance (refused, skipped, cancelled) releases that reservation (`release`).
 * - A receipt moves a message forward only: a final state (delivered → read excepted) takes no other receipt,
 *   and a receipt never takes a message back to an earlier state.
 * - An accepted message that the network later rejects is given back its charge (`refund`) only when the
 *   receipt comes from the platform's own gateway; a receipt from a channel a company configured (whose secret
 *   it holds) never moves money.
 * - A refused submission is retried or ended by its error class (`retryPlan`): the provider's throttling waits
 *   as long as asked without using up an attempt; a temporary error waits 2^attempts seconds (at most 5
 *   minutes) up to MAX_ATTEMPTS attempts; a permanent refusal ends at once.
 */

export const MESSAGE_STATES = [
  "scheduled",
  "queued",
  "submitting",
  "accepted",
  "delivered",
  "read",
  "failed",
  "rejected",
  "skipped",
  "cancelled",
] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/** States a message does not leave (but for delivered → read). */
export const FINAL_STATES: ReadonlySet<MessageState> = new Set([
  "delivered",
  "read",
  "failed",
  "rejected",
  "skipped",
  "cancelled",
]);

/** States whose price is still only reserved (the message may yet go out). */
export const PENDING_STATES: ReadonlySet<MessageState> = new Set(["scheduled", "queued", "submitting"]);

/** How a provider refused a submission. */
export type SendErrorClass =
  /** The provider asked to slow down (SMPP ESME_RTHROTTLED, HTTP 429): wait, no attempt used. */
  | "throttled"
  /** Anything that may pass on a later try (a timeout, a 5xx, a dropped bind). */
  | "temporary"
  /** The provider will never take this message (a bad number, a blocked sender). */
  | "permanent";

/** What a provider's delivery report says happened to an accepted message. */
export type ReceiptStatus = "delivered" | "read" | "failed" | "expired" | "rejected";

const RECEIPT_STATUSES: ReadonlySet<string> = new Set(["delivered", "read", "failed", "expired", "rejected"]);
/** Whether a provider's report is final (a receipt) rather than news on the way ("accepted", "unknown"). */
export const isReceiptStatus = (status: string): status is ReceiptStatus => RECEIPT_STATUSES.has(status);

/** Who sent the receipt: the platform's own gateway, or a channel a company configured itself. */
export type ReceiptSource = "platform" | "company";

export type MessageEvent =
  | { type: "due" }
  | { type: "claim" }
  | { type: "accepted" }
  | { type: "refused"; errorClass: SendErrorClass; attempts: number }
  | { type: "receipt"; status: ReceiptStatus; source: ReceiptSource }
  | { type: "skip" }
  | { type: "cancel" }
  /** A worker that took the message stopped answering: it may be taken again. */
  | { type: "lock-expired" };

/** Money a step moves: none, the price taken for good, the reservation given back, or a charge given back. */
export type ChargeEffect = "none" | "charge" | "release" | "refund";

export interface Move {
  state: MessageState;
  charge: ChargeEffect;
  /** For a retry: wait this long before the next claim. */
  retryInMs?: number;
}

/** Attempts before a temporary error becomes final. */
export const MAX_ATTEMPTS = 8;
/** The longest wait between two tries of a temporary error. */
export const MAX_RETRY_DELAY_MS = 300_000;

export type RetryPlan = { retry: true; delayMs: number; countsAttempt: boolean } | { retry: false };

/**
 * Whether a refused submission is tried again, and when. `attempts` counts the tries made so far, this one
 * included; `retryAfterMs` is what the provider asked for, if it did.
 */
export function retryPlan(
  errorClass: SendErrorClass,
  attempts: number,
  retryAfterMs?: number | null,
): RetryPlan {
  if (errorClass === "throttled")
    return { retry: true, delayMs: Math.max(1000, retryAfterMs ?? 1000), countsAttempt: false };
  if (errorClass === "permanent" || attempts >= MAX_ATTEMPTS) return { retry: false };
  const delayMs = Math.max(retryAfterMs ?? 0, Math.min(MAX_RETRY_DELAY_MS, 1000 * 2 ** attempts));
  return { retry: true, delayMs, countsAttempt: true };
}

/** Where a receipt takes an accepted (or delivered) message. */
function afterReceipt(status: ReceiptStatus): MessageState {
  if (status === "delivered") return "delivered";
  if (status === "read") return "read";
  return "failed";
}

/**
 * The next state of a message in `state` on `event`, with the money it moves; null when the event does not
 * apply (a late or repeated receipt, a second claim, a cancel after sending) — the caller then changes nothing.
 */
export function moveMessage(state: MessageState, event: MessageEvent): Move | null {
  switch (event.type) {
    case "due":
      return state === "scheduled" ? { state: "queued", charge: "none" } : null;
    case "claim":
      return state === "queued" ? { state: "submitting", charge: "none" } : null;
    case "lock-expired":
      return state === "submitting" ? { state: "queued", charge: "none" } : null;
    case "accepted":
      return state === "submitting" ? { state: "accepted", charge: "charge" } : null;
    case "refused": {
      if (state !== "submitting") return null;
      const plan = retryPlan(event.errorClass, event.attempts);
      if (plan.retry) return { state: "queued", charge: "none", retryInMs: plan.delayMs };
      return { state: event.errorClass === "permanent" ? "rejected" : "failed", charge: "release" };
    }
    case "skip":
    case "cancel":
      return PENDING_STATES.has(state) && state !== "submitting"
        ? { state: event.type === "skip" ? "skipped" : "cancelled", charge: "release" }
        : null;
    case "receipt": {
      // A receipt names the provider's id for the message, known from its acceptance: before it, a receipt is
      // kept aside until the message is accepted (the caller's concern), never applied.
      if (state === "delivered" && event.status === "read") return { state: "read", charge: "none" };
      if (state !== "accepted") return null;
      const refund = event.status === "rejected" && event.source === "platform";
      return { state: afterReceipt(event.status), charge: refund ? "refund" : "none" };
    }
  }
}

/** The order of states along a message's life, for "forward only" checks and progress displays. */
export const STATE_RANK: Readonly<Record<MessageState, number>> = {
  scheduled: 0,
  queued: 1,
  submitting: 2,
  accepted: 3,
  delivered: 4,
  read: 5,
  failed: 4,
  rejected: 4,
  skipped: 4,
  cancelled: 4,
};
