import type { components } from "@herald/api-client/schema";
import type { ChannelCapabilities } from "./capabilities";

export type ChannelType = components["schemas"]["ChannelType"];
export type WhatsappTemplate = components["schemas"]["WhatsappTemplate"];
export type ChannelDriverKind = "sandbox" | "provider";

/** One credential the connect page asks for. */
export interface CredentialField {
  key: string;
  label: string;
  /** Shown as a password field; never sent back. */
  secret: boolean;
  required: boolean;
}

/** The channel as a driver sees it: its id and decrypted credentials. */
export interface ChannelContext {
  id: string;
  companyId: string;
  type: ChannelType;
  credentials: Record<string, string>;
}

export interface OutboundAttachment {
  id: string;
  type: "image" | "video" | "audio" | "other";
  mime: string;
  url: string;
  name: string;
  /** The file's size in bytes (Viber wants it for videos and files); absent when the file is gone. */
  size?: number;
}

export interface OutboundMessage {
  /** Our message id: also the idempotency key a provider that deduplicates receives. */
  messageId: string;
  /** The subscriber's id on the channel. */
  to: string;
  text?: string | null;
  attachments?: OutboundAttachment[];
  template?: {
    name: string;
    language: string;
    headerVariables?: string[];
    bodyVariables?: string[];
    headerAttachment?: OutboundAttachment;
  };
}

/** What a connector read from its provider's webhook. */
export type InboundEvent =
  | {
      kind: "message";
      eventId: string;
      platformId: string;
      subscriberName: string;
      providerMessageId: string;
      text: string | null;
      profile?: Record<string, unknown>;
    }
  | {
      kind: "status";
      eventId: string;
      providerMessageId: string;
      status: "sent" | "delivered" | "read" | "failed";
      remark?: string | null;
    }
  | {
      /** Every message sent to the subscriber up to `until` reached this status (Messenger's watermarks). */
      kind: "status-until";
      platformId: string;
      status: "delivered" | "read";
      until: string;
    };

export type ConnectorName =
  | "whatsapp-cloud-api"
  | "meta-send-api"
  | "telegram-bot-api"
  | "line-messaging-api"
  | "viber-rest-api"
  | "generic-webhook";

export interface ChannelDriver {
  readonly kind: ChannelDriverKind;
  /** Provider connectors: which one (the connect page labels the generic bridge as such). */
  readonly connector?: ConnectorName;
  readonly type: ChannelType;
  readonly capabilities: ChannelCapabilities;
  readonly credentialFields: CredentialField[];
  /** Checks the credentials with the provider (throws InvalidChannelCredentials); returns what to store. */
  validateCredentials(credentials: Record<string, string>): Promise<Record<string, string>>;
  /** Sends one message; returns the provider's message id (receipts refer to it). */
  send(channel: ChannelContext, message: OutboundMessage): Promise<{ providerMessageId: string }>;
  /** WhatsApp: the channel's approved templates as the provider lists them. */
  syncTemplates?(channel: ChannelContext): Promise<WhatsappTemplate[]>;
  /** After saving: point the provider at our webhook (e.g. Telegram setWebhook). */
  activate?(channel: ChannelContext, webhookUrl: string): Promise<void>;
  /** When the channel is deleted: stop the provider calling our webhook (e.g. Telegram deleteWebhook). */
  deactivate?(channel: ChannelContext): Promise<void>;
  /** Provider webhooks: whether the request is the provider's (signature or secret header). */
  verifyWebhook?(
    channel: ChannelContext,
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
  ): boolean;
  /** Provider webhook GET verification (Meta): the challenge to echo, or undefined to refuse. */
  verifyChallenge?(channel: ChannelContext, query: Record<string, string | undefined>): string | undefined;
  /** A new subscriber's display name, when the webhook does not carry it (LINE profile). */
  subscriberName?(channel: ChannelContext, platformId: string): Promise<string | undefined>;
  /** Provider webhooks: the events of one request in the provider's payload. */
  /**
   * `rawBody` is the body as received (for numbers JSON.parse cannot keep exact, e.g. Viber's tokens). `channel` is
   * the channel whose webhook URL was called: one Meta app has one callback URL for all its numbers and Pages, so a
   * payload may name another number or Page than this channel's (skipped, never stored here).
   */
  parseWebhook?(body: unknown, rawBody: string, channel?: ChannelContext): InboundEvent[];
}

/** Where the provider connectors' APIs are (their public ones unless configured, e.g. a loopback in tests). */
export interface ChannelApiUrls {
  telegram?: string;
  whatsapp?: string;
  /** Meta Graph API for Messenger and Instagram (the WhatsApp one when unset). */
  meta?: string;
  line?: string;
  viber?: string;
  /** Company-chosen URLs (the generic bridge) may be private or loopback addresses (HERALD_OUTBOUND_ALLOW_PRIVATE). */
  outboundAllowPrivate?: boolean;
}
