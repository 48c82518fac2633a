/**
 * Watermark receipts (Messenger): "everything sent to this subscriber up to time T was delivered / read". Each of
 * our outbound messages to the subscriber sent by then moves forward through `applyStatus` (only forward, so an
 * old watermark arriving late changes nothing).
 */
import { sql } from "drizzle-orm";
import { rows } from "../../db/sql";
import type { Deps } from "../../deps";
import { applyStatus } from "./ingest";

export async function applyStatusUntil(
  deps: Deps,
  channelId: string,
  e: { platformId: string; status: "delivered" | "read"; until: string },
): Promise<number> {
  const until = new Date(e.until);
  if (Number.isNaN(until.getTime())) return 0;
  const reached = await rows<{ provider_message_id: string }>(
    deps.database.db,
    sql`select m.provider_message_id from chat_messages m join subscribers s on s.id = m.subscriber_id
         where s.channel_id = ${channelId} and s.platform_id = ${e.platformId} and m.type = 'outbox'
           and m.provider_message_id is not null and m.created_at <= ${until}
           and (m.delivery_status is null or m.delivery_status in ('sent', 'delivered'))
         order by m.created_at`,
  );
  let n = 0;
  for (const r of reached) {
    const done = await applyStatus(deps, {
      channelId,
      providerMessageId: r.provider_message_id,
      status: e.status,
    });
    if (done.applied) n++;
  }
  return n;
}
