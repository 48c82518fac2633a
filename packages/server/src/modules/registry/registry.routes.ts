/**
 * The sender ID registry and inbound numbers: who may send as which sender ID, and which company receives what
 * comes to which number.
 *
 * - Sender IDs (registry.service.ts): company admins ask, the operator approves, rejects or revokes; an approved
 *   ID belongs to one company. Users send only with their company's approved IDs (or the platform's default):
 *   editSenderId, compose, the CLI and the sending worker all check it (sender-ids.ts).
 * - Inbound numbers (numbers.service.ts): the operator assigns each number to one company (exclusive) or to
 *   several, each with its keyword (shared). Only these assignments route inbound SMS (routing.ts): an approved
 *   number-kind sender ID does not make its company the receiver of that number, because the operator assigns
 *   receiving numbers explicitly; it does make a STOP to that number stop the company's messages. A message no
 *   assignment routes is kept for the operator (operatorUnrouted), never given to a company.
 */
import type { Deps, Handlers } from "../../deps";
import { requireActor } from "../../plugins/actor";
import { numbersService } from "./numbers.service";
import { registryService } from "./registry.service";

export function registryHandlers(deps: Deps): Handlers {
  const registry = registryService(deps);
  const numbers = numbersService(deps);
  return {
    senderIdRegistry: async (r) => registry.list(requireActor(r.actor)),
    requestSenderId: async (r) => registry.request(requireActor(r.actor), r.body),
    withdrawSenderId: async (r) => registry.withdraw(requireActor(r.actor), r.body),
    inboundNumbers: async (r) => numbers.companyNumbers(requireActor(r.actor)),
    operatorSenderIds: async (r) => registry.operatorList(r.operator, r.query ?? {}),
    operatorApproveSenderId: async (r) => registry.approve(r.operator, r.ip, r.params.id, r.body ?? {}),
    operatorRejectSenderId: async (r) => registry.reject(r.operator, r.ip, r.params.id, r.body),
    operatorSetSsir: async (r) => registry.setSsir(r.operator, r.ip, r.params.id, r.body),
    operatorNumbers: async (r) => numbers.list(r.operator, r.query ?? {}),
    operatorAddNumber: async (r) => numbers.add(r.operator, r.ip, r.body),
    operatorEditNumber: async (r) => numbers.edit(r.operator, r.ip, r.params.id, r.body),
    operatorDeleteNumber: async (r) => numbers.remove(r.operator, r.ip, r.params.id),
    operatorUnrouted: async (r) => numbers.unrouted(r.operator, r.query ?? {}),
  };
}
