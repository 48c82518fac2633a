import type { Deps, Handlers } from "../../deps";
import { requireActor } from "../../plugins/actor";
import { creditService } from "./credit.service";
import { idempotencyKeyOf } from "./ledger";
import { topupService } from "./topup.service";

/** Allocation of credit to users, the credit summary, and top-up requests (Top Up and its list). */
export function creditHandlers(deps: Deps): Handlers {
  const credit = creditService(deps);
  const topup = topupService(deps);
  return {
    editUserCredit: async (r) =>
      credit.editUserCredit(requireActor(r.actor), r.body, idempotencyKeyOf(r.headers)),
    summaryList: async (r) => credit.summaryList(requireActor(r.actor)),
    topupReq: async (r) => topup.request(requireActor(r.actor), r.body),
    topupRequests: async (r) => topup.list(requireActor(r.actor), r.query ?? {}),
  };
}
