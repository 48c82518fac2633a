import { countSms } from "@herald/domain";
import type { Database } from "../../db/client";
import { storeSandboxMessage } from "../../sandbox/store";

export interface SmsMessage {
  /** E.164 without the plus, e.g. 6591234567. */
  to: string;
  text: string;
  senderId?: string;
  /** The outbox row's key: a gateway that deduplicates on a reference gets it; retries reuse it. */
  idempotencyKey?: string;
}

/** What a gateway answered for one accepted message. */
export interface SmsSubmitted {
  /** The id delivery reports refer to (for a concatenated message over SMPP: the first part's id). */
  providerMessageId: string;
  /** Every part's id when the gateway answers per part (SMPP); receipts may name any of them. */
  partIds?: string[];
  /** Parts the gateway accepted (what is charged). */
  segments: number;
}

/** The gateway asks us to slow down: retry the same message after `retryAfterMs` (not charged, not failed). */
export class SmsThrottled extends Error {
  constructor(
    readonly retryAfterMs: number,
    message = "SMS gateway throttled the submission",
  ) {
    super(message);
    this.name = "SmsThrottled";
  }
}

/** The gateway refused this message for good (bad number, barred sender…): failed, not billable, no retry. */
export class SmsRejected extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = "SmsRejected";
  }
}
// Any other error from send() is transient (connection lost, timeout): the message may be retried with the same
// idempotency key.

/** Events a gateway pushes to us over its own connection (SMPP deliver_sm); HTTP gateways use the webhooks. */
export type SmsProviderEvent =
  | {
      kind: "delivery";
      /** Unique per event for deduplication (e.g. the receipt's id + status). */
      eventId: string;
      providerMessageId: string;
      status: "accepted" | "delivered" | "failed" | "expired" | "rejected" | "unknown";
      errorCode?: string | null;
      doneAt?: Date;
    }
  | { kind: "inbound"; eventId: string; from: string; to: string; text: string; receivedAt: Date };

export interface SmsProvider {
  readonly name: "sandbox" | "http" | "smpp";
  /** Submits one message (split into parts by the driver when needed). Throws SmsThrottled / SmsRejected. */
  send(message: SmsMessage): Promise<SmsSubmitted>;
  /** Registers the receiver of pushed events (delivery receipts, mobile-originated messages). */
  onEvent?(handler: (event: SmsProviderEvent) => Promise<void>): void;
  close(): Promise<void>;
}

/** Sandbox: stores the SMS so /_sandbox shows it (one-time codes, test sends). */
export function sandboxSmsProvider(database: Database, defaultSender: string): SmsProvider {
  return {
    name: "sandbox",
    async send(m) {
      const id = await storeSandboxMessage(database, {
        kind: "sms",
        to: m.to,
        from: m.senderId ?? defaultSender,
        subject: null,
        text: m.text,
        html: null,
        links: [],
      });
      return { providerMessageId: id, segments: countSms(m.text).segments };
    },
    async close() {},
  };
}

/**
 * HTTP gateway driver: POSTs JSON {to, from, text, reference} to SMS_URL and expects {id} back.
 * Providers with other payloads are adapted behind this same interface.
 */
export function httpSmsProvider(url: string, defaultSender: string): SmsProvider {
  return {
    name: "http",
    async send(m) {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          to: m.to,
          from: m.senderId ?? defaultSender,
          text: m.text,
          reference: m.idempotencyKey,
        }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
      const body = (await res.json().catch(() => ({}))) as { id?: string };
      return { providerMessageId: body.id ?? m.idempotencyKey ?? "", segments: countSms(m.text).segments };
    },
    async close() {},
  };
}
