import type { FastifyReply } from "fastify";
import type { Deps, Handlers } from "../../deps";
import { type AuditExport, auditService } from "./audit.service";

const sendCsv = (reply: FastifyReply, file: AuditExport) =>
  reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${file.fileName}"`)
    .send(file.stream);

/** The audit log: /auditLog and /auditLog/export (company admins), /operator/audit-log and its export. */
export function auditHandlers(deps: Deps): Handlers {
  const audit = auditService(deps);
  return {
    auditLog: async (r) => audit.list(r.actor, r.query ?? {}),
    exportAuditLog: async (r, reply) => sendCsv(reply, await audit.export(r.actor, r.query ?? {})),
    operatorAuditLog: async (r) => audit.operatorList(r.operator, r.query ?? {}),
    operatorExportAuditLog: async (r, reply) =>
      sendCsv(reply, await audit.operatorExport(r.operator, r.query ?? {})),
  };
}
