/**
 * Who sees which channel, in one place: every list, room, message and template query of the channel and chat
 * modules filters with `visibleChannel`. Admins see every channel of their company; everyone else sees the
 * channels assigned to one of their departments (read from user_departments at query time, so a department
 * change applies at once). The company filter is the caller's (`company_id = actor.companyId`): another
 * company's rows never match, so their ids answer 404.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Actor } from "../../plugins/actor";

export function visibleChannel(actor: Actor, channelId: SQL): SQL {
  if (actor.role === "admin") return sql`true`;
  return sql`exists (select 1 from channel_departments cd
                       join user_departments ud on ud.department_id = cd.department_id
                      where cd.channel_id = ${channelId} and ud.user_id = ${actor.userId})`;
}
