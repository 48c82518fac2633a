/**
 * WhatsApp and Telegram rows of a bulk send (compose): the sending worker (deliver.ts) hands each such row to
 * `submitChatRow`, which sends it through the row's company channel as a message of the subscriber's chat room,
 * so agents see it in the inbox like any other outbound message.
 *
 * - The subscriber: on WhatsApp the number is the WhatsApp id (found, or created with its room); on Telegram only
 *   a subscriber known by that mobile can be reached (others were skipped at planning; one gone since is
 *   'skipped' "not reachable on Telegram").
 * - The room's message has the row's id: it is stored once (a re-submission after a crash continues with it) and
 *   the channel's driver receives that id as its idempotency key; the chat module's `deliverChatMessage` sends it
 *   (the same code as an agent's message), and a message already sent is not sent again.
 * - The 24-hour rule: WhatsApp refuses free text to a subscriber who has not written in 24 hours (error 131047);
 *   the row fails with a clear remark, not billable. A sandbox channel stands in for the provider and refuses the
 *   same way (from the room's last inbound message), before anything is stored.
 * - Price: the row's own (priced when it was written, at its company's price of the channel: modules/credit/prices.ts,
 *   nothing on a sandbox channel).
 */
import { sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Tx } from "../../db/client";
import { rows } from "../../db/sql";
import type { Deps } from "../../deps";
import { publishRoom } from "../../lib/events";
import { CAPABILITIES, type ChannelDriverKind, type ChannelType } from "../../providers/channels";
import { OUTSIDE_24H_CODE } from "../../providers/channels/whatsapp";
import { SmsThrottled } from "../../providers/sms";
import { deliverChatMessage } from "../chat/deliver";
import { statusLog } from "../chat/ingest";
import { telegramSubscribersByMobile } from "./recipients";
import { CHAT_CHANNEL_GONE, NOT_REACHABLE_TELEGRAM, OUTSIDE_WHATSAPP_WINDOW } from "./sms.messages";

const DAY_MS = 24 * 3600 * 1000;

/** A row that ends here, not billable, with this status and remark (no retry). */
export class RowFinal extends Error {
  constructor(
    readonly status: "failed" | "rejected" | "skipped",
    message: string,
  ) {
    super(message);
    this.name = "RowFinal";
  }
}

export interface ChatRow {
  id: string;
  company_id: string;
  user_id: string;
  channel: string;
  channel_id: string | null;
  recipient: string;
  recipient_name: string | null;
  text: string;
  /** What the row was priced at when it was written. */
  cost_cents: number | string;
}

interface ChannelRow {
  id: string;
  channel_type: ChannelType;
  driver: ChannelDriverKind;
}

export async function submitChatRow(
  deps: Deps,
  row: ChatRow,
): Promise<{ provider: string; providerMessageId: string; costCents: number }> {
  const { db } = deps.database;
  const [ch] = row.channel_id
    ? await rows<ChannelRow>(
        db,
        sql`select id::text as id, channel_type, driver from channels
             where id = ${row.channel_id}::uuid and company_id = ${row.company_id}::uuid and deleted_at is null`,
      )
    : [];
  if (!ch) throw new RowFinal("failed", CHAT_CHANNEL_GONE);
  const sent = (providerMessageId: string) => ({
    provider: `${row.channel}-${ch.driver}`,
    providerMessageId,
    costCents: Number(row.cost_cents),
  });
  const [stored] = await rows<{ id: string }>(
    db,
    sql`select id::text as id from chat_messages where id = ${row.id}::uuid and company_id = ${row.company_id}::uuid`,
  );
  if (!stored) await db.transaction((tx) => storeInRoom(tx, row, ch));
  const d = await deliverChatMessage(deps, row.id, { requeue: false });
  if (d.status === "sent") return sent(d.providerMessageId);
  // The provider asked for a pause: the row goes back to the queue (not charged, not failed).
  if (d.status === "deferred") throw new SmsThrottled(d.retryAfterSeconds * 1000);
  if (d.status === "failed") {
    if (d.code === String(OUTSIDE_24H_CODE)) throw new RowFinal("failed", OUTSIDE_WHATSAPP_WINDOW);
    throw new RowFinal("rejected", d.remark);
  }
  // Sent or failed before (a re-submission), or the channel went away meanwhile.
  const [m] = await rows<{
    message_status: string;
    provider_message_id: string | null;
    remark: string | null;
  }>(
    db,
    sql`select message_status, provider_message_id, remark from chat_messages where id = ${row.id}::uuid`,
  );
  if (m?.message_status === "yes" && m.provider_message_id) return sent(m.provider_message_id);
  if (m?.message_status === "failed") throw new RowFinal("rejected", m.remark ?? "Refused by the channel");
  throw new RowFinal("failed", CHAT_CHANNEL_GONE);
}

/** The row's message in the subscriber's room (subscriber and room created for a new WhatsApp number). */
async function storeInRoom(tx: Tx, row: ChatRow, ch: ChannelRow): Promise<void> {
  let subscriberId: string | undefined;
  if (ch.channel_type === "TELEGRAM") {
    subscriberId = (await telegramSubscribersByMobile(tx, row.company_id, ch.id, [row.recipient])).get(
      row.recipient,
    );
    if (!subscriberId) throw new RowFinal("skipped", NOT_REACHABLE_TELEGRAM);
  } else {
    const [s] = await rows<{ id: string }>(
      tx,
      sql`select id::text as id from subscribers where channel_id = ${ch.id}::uuid and platform_id = ${row.recipient}`,
    );
    subscriberId = s?.id;
  }
  const at = new Date();
  if (CAPABILITIES[ch.channel_type].window24h && ch.driver === "sandbox") {
    const [room] = subscriberId
      ? await rows<{ last_inbound_at: Date | string | null }>(
          tx,
          sql`select last_inbound_at from chat_rooms where subscriber_id = ${subscriberId}::uuid`,
        )
      : [];
    const last = room?.last_inbound_at ? new Date(room.last_inbound_at).getTime() : 0;
    if (at.getTime() - last > DAY_MS) throw new RowFinal("failed", OUTSIDE_WHATSAPP_WINDOW);
  }
  if (!subscriberId) {
    const [s] = await rows<{ id: string }>(
      tx,
      sql`insert into subscribers (id, company_id, channel_id, platform_id, name, mobile)
          values (${uuidv7()}, ${row.company_id}::uuid, ${ch.id}::uuid, ${row.recipient},
                  ${(row.recipient_name ?? "").trim().slice(0, 255) || row.recipient}, ${row.recipient})
          on conflict (channel_id, platform_id) do update set updated_at = subscribers.updated_at
          returning id::text as id`,
    );
    subscriberId = s!.id;
  }
  const opened = await rows<{ subscriber_id: string }>(
    tx,
    sql`insert into chat_rooms (subscriber_id, company_id, channel_id, status, unread_count, last_message_at,
                                last_message_text)
        values (${subscriberId}::uuid, ${row.company_id}::uuid, ${ch.id}::uuid, 'open', 0, ${at}, ${row.text})
        on conflict (subscriber_id) do nothing
        returning subscriber_id`,
  );
  if (opened.length > 0) {
    await statusLog(tx, { companyId: row.company_id, subscriberId, status: "open", at });
  }
  await tx.execute(
    sql`insert into chat_messages (id, company_id, subscriber_id, channel_id, type, text, message_status, sent_by,
                                   cost_cents, created_at)
        values (${row.id}::uuid, ${row.company_id}::uuid, ${subscriberId}::uuid, ${ch.id}::uuid, 'outbox', ${row.text},
                'no', ${row.user_id}::uuid, ${Number(row.cost_cents)}, ${at})
        on conflict (id) do nothing`,
  );
  await tx.execute(
    sql`update chat_rooms
           set last_message_text = case when last_message_at <= ${at} then ${row.text} else last_message_text end,
               last_message_at = greatest(last_message_at, ${at}), updated_at = now()
         where subscriber_id = ${subscriberId}::uuid`,
  );
  await publishRoom(tx, { companyId: row.company_id, channelId: ch.id, subscriberId }, row.id);
}
