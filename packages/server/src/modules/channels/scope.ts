/**
 * Who sees which channel, in one place: every list, room, message and template query of the channel and chat
 * modules filters with `visibleChannel`. Admins see every channel of their company; everyone else sees the
 * channels assigned to one of their departments: the actor's department ids, read with the session at the
 * request's start (from the database, or from the session cache, which drops a user's sessions as soon as
 * their departments change, plugins/actor.ts), so a department change applies to the next request. The company filter is the caller's (`company_id = actor.companyId`): another
 * company's rows never match, so their ids answer 404.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Actor } from "../../plugins/actor";

export function visibleChannel(actor: Actor, channelId: SQL): SQL {
  if (actor.role === "admin") return sql`true`;
  return sql`exists (select 1 from channel_departments cd
                      where cd.channel_id = ${channelId} and cd.department_id = any(${departmentArray(actor)}::uuid[]))`;
}

/** The actor's departments as one array parameter (a PostgreSQL array literal of uuids). */
export const departmentArray = (actor: Actor): string => `{${actor.departmentIds.join(",")}}`;

/**
 * Actors who see the same channels: every admin of a company, or everyone with the same departments. Answers
 * cached for one visibility serve every actor of it (lib/chat-cache.ts).
 */
export const visibilityKey = (actor: Actor): string =>
  actor.role === "admin" ? "admin" : [...actor.departmentIds].sort().join(",");
