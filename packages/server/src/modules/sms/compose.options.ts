/**
 * The compose wizard's option lists (GET /compose-msg-page-one, /compose-msg-page-two): campaigns, channels,
 * the caller's sender IDs and the company's time zone; contacts, groups, the file content formats and the
 * company's message templates.
 */
import type { components } from "@herald/api-client/schema";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { rows } from "../../db/sql";
import type { Deps } from "../../deps";
import type { Actor } from "../../plugins/actor";
import { usableSenderIds } from "../registry/sender-ids";
import { templateOptions } from "../templates/templates.service";
import { companyCountry } from "./recipients";

type S = components["schemas"];

/** Contacts and groups offered by step 2 (the newest first); larger books are searched on their own pages. */
export const OPTION_LIMIT = 1000;
export const DEFAULT_TIME_ZONE = "Asia/Singapore";
/** Attribute columns offered as variables by step 3. */
export const VARIABLE_LIMIT = 200;
export const FILE_CONTENT_OPTIONS = ["Contacts", "Contacts & Variables", "Contacts & Message"] as const;

/** The company's campaigns that a send may name (not deleted), by name. */
export async function campaignOptions(db: DbOrTx, companyId: string): Promise<S["CampaignOption"][]> {
  return rows<S["CampaignOption"]>(
    db,
    sql`select id::text as id, name from campaigns where company_id = ${companyId}::uuid and status <> 'deleted'
         order by lower(name), id limit ${OPTION_LIMIT}`,
  );
}

/** Whether the campaign exists in the company (any send may name none). */
export async function campaignExists(db: DbOrTx, companyId: string, campaignId: string): Promise<boolean> {
  const r = await rows<{ id: string }>(
    db,
    sql`select id from campaigns where id = ${campaignId}::uuid and company_id = ${companyId}::uuid`,
  );
  return r.length > 0;
}

/** A company channel a WhatsApp or Telegram send may go through. */
export interface ChatChannelOption {
  id: string;
  name: string;
  channel: "WhatsApp" | "Telegram";
  sandbox: boolean;
}

/** The company's live (not deleted) WhatsApp and Telegram channels, by name. */
export async function chatChannelOptions(db: DbOrTx, companyId: string): Promise<ChatChannelOption[]> {
  const found = await rows<{ id: string; name: string; channel_type: string; driver: string }>(
    db,
    sql`select id::text as id, name, channel_type, driver from channels
         where company_id = ${companyId}::uuid and deleted_at is null and channel_type in ('WHATSAPP', 'TELEGRAM')
         order by lower(name), id`,
  );
  return found.map((c) => ({
    id: c.id,
    name: c.name,
    channel: c.channel_type === "WHATSAPP" ? ("WhatsApp" as const) : ("Telegram" as const),
    sandbox: c.driver === "sandbox",
  }));
}

/**
 * Channels a send may use: SMS and Email always; WhatsApp and Telegram when the company has a live channel of
 * that type (the send goes through that channel's connector).
 */
export async function channelOptions(
  db: DbOrTx,
  companyId: string,
  chat?: ChatChannelOption[],
): Promise<S["ComposePageOne"]["channels"]> {
  const list = chat ?? (await chatChannelOptions(db, companyId));
  const out: S["ComposePageOne"]["channels"] = ["SMS", "Email"];
  if (list.some((c) => c.channel === "WhatsApp")) out.push("WhatsApp");
  if (list.some((c) => c.channel === "Telegram")) out.push("Telegram");
  return out;
}

/** The company's time zone (companies.timezone; Asia/Singapore by default). */
export async function companyTimeZone(db: DbOrTx, companyId: string): Promise<string> {
  const [r] = await rows<{ timezone: string | null }>(
    db,
    sql`select timezone from companies where id = ${companyId}::uuid`,
  );
  return r?.timezone || DEFAULT_TIME_ZONE;
}

/**
 * The attribute columns of the company's contacts (from imports or set on a contact), by name without case; one
 * spelling per name (the first in order), the base variables left out.
 */
export async function attributeNames(db: DbOrTx, companyId: string): Promise<string[]> {
  const found = await rows<{ k: string }>(
    db,
    sql`select min(k) as k from (
          select distinct jsonb_object_keys(attributes) as k from contacts
           where company_id = ${companyId}::uuid and jsonb_typeof(attributes) = 'object' and attributes <> '{}'::jsonb) a
         where lower(k) not in ('name', 'mobile', 'email')
         group by lower(k) order by lower(k) limit ${VARIABLE_LIMIT}`,
  );
  return found.map((r) => r.k);
}

export function composeOptionsService({ database, config }: Deps) {
  const { db } = database;
  return {
    async pageOne(actor: Actor): Promise<S["ComposePageOne"]> {
      const chatChannels = await chatChannelOptions(db, actor.companyId);
      const [campaigns, channels, senderIds, timeZone] = [
        await campaignOptions(db, actor.companyId),
        await channelOptions(db, actor.companyId, chatChannels),
        // the company's approved IDs on the user's list, and the platform's default when listed (modules/registry)
        await usableSenderIds(db, config.sms.senderId, actor),
        await companyTimeZone(db, actor.companyId),
      ];
      return { campaigns, channels, senderIds, chatChannels, timeZone };
    },
    async pageTwo(actor: Actor): Promise<S["ComposePageTwo"]> {
      const contacts = await rows<{ id: string; name: string; mobile: string }>(
        db,
        sql`select id::text as id, name, mobile from contacts where company_id = ${actor.companyId}::uuid
             order by created_at desc, id desc limit ${OPTION_LIMIT}`,
      );
      const groups = await rows<{ id: string; name: string; total_recipients: number }>(
        db,
        sql`select id::text as id, name, member_count as total_recipients from contact_groups
             where company_id = ${actor.companyId}::uuid order by lower(name), id limit ${OPTION_LIMIT}`,
      );
      return {
        contacts,
        groups: groups.map((g) => ({ ...g, total_recipients: Number(g.total_recipients) })),
        fileContentOptions: [...FILE_CONTENT_OPTIONS],
        templates: await templateOptions(db, actor),
        country: await companyCountry(db, actor.companyId),
        variables: await attributeNames(db, actor.companyId),
      };
    },
  };
}
