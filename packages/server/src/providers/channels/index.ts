/**
 * Channel drivers: one per channel type and kind ('sandbox' or the type's real 'provider' connector). A driver
 * declares its capability matrix (capabilities.ts), says which credentials it needs, validates them with the
 * provider before they are saved, sends messages and (WhatsApp) syncs templates. Inbound events reach the
 * shared ingest function (modules/chat/ingest.ts) from each connector's webhook.
 *
 * Provider connectors: WhatsApp Cloud API, Meta's Send API (Messenger, Instagram), Telegram Bot API, LINE, and the
 * Viber REST bot API, and the generic signed-webhook bridge for Slack, WeChat, Microsoft Teams, Webex Teams, WeCom,
 * LINE Notify and Lark. `driverFor` answers undefined for a type without a connector, and the connect page says so.
 */
import { CAPABILITIES, type ChannelCapabilities } from "./capabilities";
import { GENERIC_TYPES, genericDriver } from "./generic";
import { lineDriver } from "./line";
import { metaSendDriver } from "./meta-send";
import { sandboxDriver } from "./sandbox";
import { telegramDriver } from "./telegram";
import type { ChannelApiUrls, ChannelDriver, ChannelDriverKind, ChannelType } from "./types";
import { viberDriver } from "./viber";
import { whatsappDriver } from "./whatsapp";

export type { ChannelCapabilities } from "./capabilities";
export { CAPABILITIES, mediaRuleFor, UPLOAD_LIMIT_BYTES } from "./capabilities";
export { ChannelRejected, InvalidChannelCredentials } from "./errors";
export { ProviderRetry } from "./retry";
export type {
  ChannelApiUrls,
  ChannelContext,
  ChannelDriver,
  ChannelDriverKind,
  ChannelType,
  ConnectorName,
  CredentialField,
  InboundEvent,
  OutboundAttachment,
  OutboundMessage,
  WhatsappTemplate,
} from "./types";

/** The driver of a channel type and kind, or undefined when that connector does not exist yet. */
export function driverFor(
  type: ChannelType,
  kind: ChannelDriverKind,
  urls: ChannelApiUrls = {},
  credentials?: Record<string, string>,
): ChannelDriver | undefined {
  if (kind === "sandbox") return sandboxDriver(type);
  // The configured API URL, else the one the channel's credentials were checked against (stored with them).
  const stored = credentials?.apiUrl || undefined;
  if (type === "TELEGRAM") return telegramDriver(urls.telegram ?? stored);
  if (type === "WHATSAPP") return whatsappDriver(urls.whatsapp ?? stored);
  if (type === "LINE") return lineDriver(urls.line ?? stored);
  if (type === "VIBER") return viberDriver(urls.viber ?? stored);
  if (type === "FACEBOOK MESSENGER" || type === "INSTAGRAM") {
    return metaSendDriver(type, urls.meta ?? urls.whatsapp ?? stored);
  }
  if (GENERIC_TYPES.includes(type))
    return genericDriver(type, { allowPrivate: urls.outboundAllowPrivate ?? false });
  return undefined;
}

/** Capabilities of a type (shared by its sandbox and provider drivers). */
export const capabilitiesOf = (type: ChannelType): ChannelCapabilities => CAPABILITIES[type];
