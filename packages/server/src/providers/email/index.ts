import nodemailer, { type Transporter } from "nodemailer";
import type { Database } from "../../db/client";
import { storeSandboxMessage } from "../../sandbox/store";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Links the message carries (verification, reset): the sandbox lists them for people and tests. */
  links?: string[];
  /** Idempotency key: a retried job never sends twice through providers that honour Message-ID. */
  idempotencyKey?: string;
}

export interface EmailProvider {
  readonly name: "smtp" | "sandbox";
  send(message: EmailMessage): Promise<{ providerMessageId: string }>;
  close(): Promise<void>;
}

/** SMTP through nodemailer (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export function smtpProvider(url: string, from: string): EmailProvider {
  const transporter: Transporter = nodemailer.createTransport(url);
  return {
    name: "smtp",
    async send(m) {
      const info = await transporter.sendMail({
        from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        messageId: m.idempotencyKey ? `<${m.idempotencyKey}@herald>` : undefined,
      });
      return { providerMessageId: String(info.messageId) };
    },
    async close() {
      transporter.close();
    },
  };
}

/** Sandbox: stores the message so /_sandbox and /_sandbox/messages.json show it. */
export function sandboxEmailProvider(database: Database, from: string): EmailProvider {
  return {
    name: "sandbox",
    async send(m) {
      const id = await storeSandboxMessage(database, {
        kind: "email",
        to: m.to,
        from,
        subject: m.subject,
        text: m.text,
        html: m.html ?? null,
        links: m.links ?? extractLinks(m.text),
      });
      return { providerMessageId: id };
    },
    async close() {},
  };
}

export function extractLinks(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => m[0]);
}
