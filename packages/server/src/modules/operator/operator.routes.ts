import type { FastifyRequest } from "fastify";
import type { Deps, Handlers } from "../../deps";
import { requireOperator } from "../../plugins/operator";
import { idempotencyKeyOf } from "../credit/ledger";
import { operatorTopups } from "../credit/topups";
import { operatorAccounts } from "./accounts.service";
import { operatorCompanies } from "./companies.service";

const meta = (r: FastifyRequest) => ({ ip: r.ip, userAgent: r.headers["user-agent"] });

/**
 * The operator's console: sign-in, companies (suspension, user limit, prices, credit) and top-up requests. Every
 * call but the sign-in steps needs an operator's token (operatorAuth); company users' tokens are refused.
 */
export function operatorHandlers(deps: Deps): Handlers {
  const accounts = operatorAccounts(deps);
  const companies = operatorCompanies(deps);
  const topups = operatorTopups(deps);
  return {
    operatorActivate: async (r) => accounts.activate(r.body, r.ip),
    operatorLogin: async (r) => accounts.login(r.body, meta(r)),
    operatorVerifyOtp: async (r) => accounts.verifyOtp(r.body, meta(r)),
    operatorLogout: async (r) => accounts.logout(requireOperator(r.operator)),
    operatorMe: async (r) => accounts.me(requireOperator(r.operator)),
    operatorOverview: async (r) => {
      requireOperator(r.operator);
      return accounts.overview();
    },
    operatorCompanies: async (r) => {
      requireOperator(r.operator);
      return companies.list(r.query ?? {});
    },
    operatorCompany: async (r) => {
      requireOperator(r.operator);
      return companies.detail(r.params.id);
    },
    operatorSuspendCompany: async (r) =>
      companies.suspend(requireOperator(r.operator), r.params.id, r.body, r.ip),
    operatorResumeCompany: async (r) =>
      companies.resume(requireOperator(r.operator), r.params.id, r.body, r.ip),
    operatorSetUserLimit: async (r) =>
      companies.setUserLimit(requireOperator(r.operator), r.params.id, r.body, r.ip),
    operatorSetPrices: async (r) =>
      companies.setPrices(requireOperator(r.operator), r.params.id, r.body, r.ip),
    operatorAdjustCredit: async (r) =>
      companies.adjustCredit(
        requireOperator(r.operator),
        r.params.id,
        r.body,
        idempotencyKeyOf(r.headers),
        r.ip,
      ),
    operatorTopupRequests: async (r) => {
      requireOperator(r.operator);
      return topups.list(r.query ?? {});
    },
    operatorGrantTopup: async (r) => topups.grant(requireOperator(r.operator), r.params.id, r.body, r.ip),
    operatorDeclineTopup: async (r) => topups.decline(requireOperator(r.operator), r.params.id, r.body, r.ip),
  };
}
