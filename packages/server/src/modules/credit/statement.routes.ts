import type { Deps, Handlers } from "../../deps";
import { requireActor } from "../../plugins/actor";
import { statementService } from "./statement.service";

/** The credit statement: /creditStatement (a page as JSON) and /creditStatement/export (CSV or XLSX). */
export function statementHandlers(deps: Deps): Handlers {
  const statement = statementService(deps);
  return {
    creditStatement: async (r) => statement.statement(requireActor(r.actor), r.query ?? {}),
    exportCreditStatement: async (r, reply) => {
      const file = await statement.export(requireActor(r.actor), r.query ?? {});
      reply
        .header("content-type", file.contentType)
        .header("content-disposition", `attachment; filename="${file.fileName}"`);
      return reply.send(file.stream);
    },
  };
}
