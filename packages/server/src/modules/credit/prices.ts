/**
 * Prices: what one SMS segment, one e-mail or one social message costs a company, in cents of SGD. This is the one
 * place a price is decided. Every path that prices a message (compose preview and send, keyword auto-replies,
 * broadcasts at submit and per recipient channel, chat replies) asks `companyPrices` (one query) or `priceOf`.
 * Rows keep the price they were written with: the sending worker charges what the row says, so a message costs
 * what its preview showed even if the operator changes the price meanwhile.
 *
 * Defaults are the service's (configuration): HERALD_SMS_PRICE_CENTS, HERALD_EMAIL_PRICE_CENTS, and for a social
 * type HERALD_BROADCAST_PRICE_CENTS_<TYPE> or the type's declared price (providers/channels/capabilities.ts). A
 * company's row in `company_prices` overrides its channel's default. A sandbox channel never costs anything.
 */

import type { components } from "@herald/api-client/schema";
import { sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { DbOrTx } from "../../db/client";
import { rowsOf } from "../../db/sql";
import { CAPABILITIES, type ChannelDriverKind, type ChannelType } from "../../providers/channels";

export type PriceChannel = components["schemas"]["PriceChannel"];

export const PRICE_CHANNELS: readonly PriceChannel[] = [
  "sms",
  "email",
  "whatsapp",
  "telegram",
  "messenger",
  "line",
  "viber",
  "wechat",
  "instagram",
  "generic",
];

/** What people call each priced channel (operator console, audit entries). */
export const PRICE_CHANNEL_NAMES: Record<PriceChannel, string> = {
  sms: "SMS (per segment)",
  email: "E-mail",
  whatsapp: "WhatsApp",
  telegram: "Telegram",
  messenger: "Facebook Messenger",
  line: "LINE",
  viber: "Viber",
  wechat: "WeChat",
  instagram: "Instagram",
  generic: "Other social channels",
};

/** The price channel of a social channel type: types without a connector of their own share 'generic'. */
export function priceChannelOf(type: ChannelType): PriceChannel {
  switch (type) {
    case "WHATSAPP":
      return "whatsapp";
    case "TELEGRAM":
      return "telegram";
    case "FACEBOOK MESSENGER":
      return "messenger";
    case "LINE":
      return "line";
    case "VIBER":
      return "viber";
    case "WECHAT":
      return "wechat";
    case "INSTAGRAM":
      return "instagram";
    default:
      return "generic";
  }
}

/** The type whose default stands for a price channel's default (the detail page shows it). */
const REPRESENTATIVE: Record<Exclude<PriceChannel, "sms" | "email">, ChannelType> = {
  whatsapp: "WHATSAPP",
  telegram: "TELEGRAM",
  messenger: "FACEBOOK MESSENGER",
  line: "LINE",
  viber: "VIBER",
  wechat: "WECHAT",
  instagram: "INSTAGRAM",
  generic: "SLACK",
};

const envName = (type: ChannelType) => type.replace(/ /g, "_");

/** The service's price of one message of a social type on a provider channel (configuration, then the type's). */
export function defaultSocialPriceCents(type: ChannelType): number {
  const raw = process.env[`HERALD_BROADCAST_PRICE_CENTS_${envName(type)}`];
  const n = Number(raw);
  return raw && Number.isSafeInteger(n) && n >= 0 ? n : CAPABILITIES[type].priceCents;
}

/** The service's default price of a channel. */
export function defaultPriceCents(config: Pick<Config, "sending">, channel: PriceChannel): number {
  if (channel === "sms") return config.sending.smsPriceCents;
  if (channel === "email") return config.sending.emailPriceCents;
  return defaultSocialPriceCents(REPRESENTATIVE[channel]);
}

/** One company's prices, loaded once for a request or a worker window. */
export interface Prices {
  /** Per SMS segment. */
  sms: number;
  /** Per e-mail. */
  email: number;
  /** Per message of a social type; nothing on a sandbox channel. */
  social(driver: ChannelDriverKind, type: ChannelType): number;
  /** The company's overrides (channels without one pay the default). */
  overrides: ReadonlyMap<PriceChannel, number>;
}

export function pricesFrom(
  config: Pick<Config, "sending">,
  overrides: ReadonlyMap<PriceChannel, number>,
): Prices {
  return {
    sms: overrides.get("sms") ?? config.sending.smsPriceCents,
    email: overrides.get("email") ?? config.sending.emailPriceCents,
    social(driver, type) {
      if (driver === "sandbox") return 0;
      return overrides.get(priceChannelOf(type)) ?? defaultSocialPriceCents(type);
    },
    overrides,
  };
}

/** A company's prices: its overrides over the defaults (one query). */
export async function companyPrices(
  tx: DbOrTx,
  config: Pick<Config, "sending">,
  companyId: string,
): Promise<Prices> {
  const found = rowsOf<{ channel: PriceChannel; price_cents: number | string }>(
    await tx.execute(
      sql`select channel, price_cents from company_prices where company_id = ${companyId}::uuid`,
    ),
  );
  return pricesFrom(config, new Map(found.map((r) => [r.channel, Number(r.price_cents)])));
}

/** One channel's price for a company (one query); a social channel's on a provider connector. */
export async function priceOf(
  tx: DbOrTx,
  config: Pick<Config, "sending">,
  companyId: string,
  channel: PriceChannel,
): Promise<number> {
  const [row] = rowsOf<{ price_cents: number | string }>(
    await tx.execute(
      sql`select price_cents from company_prices where company_id = ${companyId}::uuid and channel = ${channel}`,
    ),
  );
  return row ? Number(row.price_cents) : defaultPriceCents(config, channel);
}

/** What one message of a social type costs a company (one query; none on a sandbox channel, which is free). */
export async function socialPriceOf(
  tx: DbOrTx,
  companyId: string,
  driver: ChannelDriverKind,
  type: ChannelType,
): Promise<number> {
  if (driver === "sandbox") return 0;
  const [row] = rowsOf<{ price_cents: number | string }>(
    await tx.execute(
      sql`select price_cents from company_prices
           where company_id = ${companyId}::uuid and channel = ${priceChannelOf(type)}`,
    ),
  );
  return row ? Number(row.price_cents) : defaultSocialPriceCents(type);
}

/** The price table the operator sees: each channel's price for the company, its default, and whether it is set. */
export function priceList(
  config: Pick<Config, "sending">,
  overrides: ReadonlyMap<PriceChannel, number>,
): components["schemas"]["ChannelPrice"][] {
  return PRICE_CHANNELS.map((channel) => {
    const defaultCents = defaultPriceCents(config, channel);
    const own = overrides.get(channel);
    return {
      channel,
      priceCents: own ?? defaultCents,
      defaultCents,
      overridden: own !== undefined,
    };
  });
}
