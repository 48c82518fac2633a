import type { Deps, Handlers } from "../../deps";
import { requireActor } from "../../plugins/actor";
import { creditService } from "./credit.service";
import { idempotencyKeyOf } from "./ledger";

/** Allocation of credit to users and the credit summary. */
export function creditHandlers(deps: Deps): Handlers {
  const credit = creditService(deps);
  return {
    editUserCredit: async (r) =>
      credit.editUserCredit(requireActor(r.actor), r.body, idempotencyKeyOf(r.headers)),
    summaryList: async (r) => credit.summaryList(requireActor(r.actor)),
  };
}
