import type { Database } from "../../db/client";
import { storeSandboxMessage } from "../../sandbox/store";

export interface SmsMessage {
  /** E.164 without the plus, e.g. 6591234567. */
  to: string;
  text: string;
  senderId?: string;
  idempotencyKey?: string;
}

export interface SmsProvider {
  readonly name: "sandbox" | "http";
  send(message: SmsMessage): Promise<{ providerMessageId: string }>;
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
      return { providerMessageId: id };
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
      return { providerMessageId: body.id ?? m.idempotencyKey ?? "" };
    },
    async close() {},
  };
}
