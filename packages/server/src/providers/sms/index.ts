import { createHmac, timingSafeEqual } from "node:crypto";
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
  /** With routes (HERALD_SMS_ROUTES): the gateway that took it; receipts are matched within that gateway. */
  gateway?: string;
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
/**
 * The gateway could not take the message at all — not connected, bind refused, never written to it — so another
 * gateway may send it without risk of a duplicate (a routed send fails over on this error).
 */
export class SmsGatewayUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SmsGatewayUnavailable";
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
      /** With routes: the gateway that pushed it. */
      gateway?: string;
    }
  | {
      kind: "inbound";
      eventId: string;
      from: string;
      to: string;
      text: string;
      receivedAt: Date;
      gateway?: string;
    };

export interface SmsProvider {
  readonly name: "sandbox" | "http" | "smpp" | "routes";
  /**
   * Whether a send now would reach the gateway (false while a lost session is being re-established), so a
   * routed send tries the next gateway at once instead of waiting. Absent: always.
   */
  available?(): boolean;
  /** The names receipts and webhooks may carry (a routed provider's gateways); absent: `name` alone. */
  readonly gatewayNames?: readonly string[];
  /** Submits one message (split into parts by the driver when needed). Throws SmsThrottled / SmsRejected. */
  send(message: SmsMessage): Promise<SmsSubmitted>;
  /** Registers the receiver of pushed events (delivery receipts, mobile-originated messages). */
  onEvent?(handler: (event: SmsProviderEvent) => Promise<void>): void;
  close(): Promise<void>;
}

/** How long after accepting a message the sandbox gateway reports it delivered (milliseconds). */
export const SANDBOX_RECEIPT_DELAY_MS = 500;

/**
 * Sandbox: stores the SMS so /_sandbox shows it (one-time codes, test sends) and, like a real gateway, pushes a
 * delivery receipt for it a moment later ("delivered"), so the outbox shows what a user would see in production.
 */
export function sandboxSmsProvider(
  database: Database,
  defaultSender: string,
  receiptDelayMs = SANDBOX_RECEIPT_DELAY_MS,
): SmsProvider {
  let handler: ((event: SmsProviderEvent) => Promise<void>) | undefined;
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
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
      if (handler && !closed) {
        const receive = handler;
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (closed) return;
          receive({
            kind: "delivery",
            eventId: `${id}:delivered`,
            providerMessageId: id,
            status: "delivered",
            doneAt: new Date(),
          }).catch(() => {}); // a receipt lost to a closing database is a receipt a gateway never sent
        }, receiptDelayMs);
        timer.unref();
        timers.add(timer);
      }
      return { providerMessageId: id, segments: countSms(m.text).segments };
    },
    onEvent(h) {
      handler = h;
    },
    async close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}

/** Connection errors that mean the request never reached the gateway. */
const NOT_REACHED = new Set(["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);

/**
 * HTTP gateway driver: POSTs JSON {to, from, text, reference} to SMS_URL and expects {id} back.
 * Providers with other payloads are adapted behind this same interface.
 */
export function httpSmsProvider(url: string, defaultSender: string): SmsProvider {
  return {
    name: "http",
    async send(m) {
      let res: Response;
      try {
        res = await fetch(url, {
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
      } catch (err) {
        // No connection at all: the gateway never saw the message. A timeout may have reached it.
        const code = (err as { cause?: { code?: string } }).cause?.code;
        if (code && NOT_REACHED.has(code))
          throw new SmsGatewayUnavailable(`SMS gateway unreachable (${code})`);
        throw err;
      }
      if (res.status === 429) {
        const after = Number(res.headers.get("retry-after"));
        throw new SmsThrottled(Number.isFinite(after) && after > 0 ? after * 1000 : 1000);
      }
      // 503: the gateway answered that it takes nothing now.
      if (res.status === 503) throw new SmsGatewayUnavailable("SMS gateway answered 503");
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
      const body = (await res.json().catch(() => ({}))) as { id?: string };
      return { providerMessageId: body.id ?? m.idempotencyKey ?? "", segments: countSms(m.text).segments };
    },
    async close() {},
  };
}

/** How old a signed webhook may be (and how far in the future its clock may run). */
export const HERALD_SIGNATURE_TOLERANCE_SECONDS = 300;

function signatureHex(t: number, rawBody: string | Buffer, secret: string): string {
  return createHmac("sha256", secret)
    .update(`${t}.`)
    .update(typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : rawBody)
    .digest("hex");
}

/**
 * The `X-Herald-Signature` header value for a webhook body: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>">`.
 */
export function signHeraldPayload(rawBody: string | Buffer, secret: string, now: Date = new Date()): string {
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${signatureHex(t, rawBody, secret)}`;
}

/**
 * Checks an `X-Herald-Signature` header against the raw request body (constant-time compare). False when the
 * header is missing or malformed, no `v1` matches, or `t` is more than 5 minutes away from `now`.
 */
export function verifyHeraldSignature(
  rawBody: string | Buffer,
  header: string | undefined,
  secret: string,
  now: Date = new Date(),
): boolean {
  if (!header || !secret) return false;
  let t: number | undefined;
  const candidates: string[] = [];
  for (const item of header.split(",")) {
    const eq = item.indexOf("=");
    if (eq < 0) continue;
    const key = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    if (key === "t" && /^\d{1,12}$/.test(value)) t = Number(value);
    else if (key === "v1" && /^[0-9a-f]{64}$/i.test(value)) candidates.push(value.toLowerCase());
  }
  if (t === undefined || candidates.length === 0) return false;
  if (Math.abs(Math.floor(now.getTime() / 1000) - t) > HERALD_SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signatureHex(t, rawBody, secret), "hex");
  let ok = false;
  for (const c of candidates) if (timingSafeEqual(expected, Buffer.from(c, "hex"))) ok = true;
  return ok;
}
