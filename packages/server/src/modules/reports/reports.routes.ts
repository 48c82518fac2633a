import type { Deps, Handlers } from "../../deps";
import { reportsService } from "./reports.service";

/**
 * SMS reports: /inbox, /inboxUser, /outbox, /scheduledSms (keyset-paged lists with date range and search)
 * and /deleteInbox, /deleteOutbox, /deleteScheduledSms.
 */
export function reportHandlers(deps: Deps): Handlers {
  const reports = reportsService(deps);
  return {
    inbox: async (r) => reports.inbox(r.actor, r.body ?? {}, r.query ?? {}),
    inboxUser: async (r) => reports.users(r.actor),
    outbox: async (r) => reports.outbox(r.actor, r.body ?? {}, r.query ?? {}),
    scheduledSms: async (r) => reports.scheduled(r.actor, r.body ?? {}, r.query ?? {}),
    exportSmsReport: async (r, reply) => {
      const { stream, fileName, contentType } = await reports.exportReport(r.actor, r.query);
      reply
        .header("content-type", contentType)
        .header("content-disposition", `attachment; filename="${fileName}"`);
      return reply.send(stream);
    },
    deleteInbox: async (r) => reports.deleteInbox(r.actor, r.body.selectedRows),
    deleteOutbox: async (r) => reports.deleteOutbox(r.actor, r.body.selectedRows),
    deleteScheduledSms: async (r) => reports.deleteScheduled(r.actor, r.body.selectedRows),
  };
}
