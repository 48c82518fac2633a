import type { Deps, Handlers } from "../../deps";
import { requireActor } from "../../plugins/actor";
import { thresholdService } from "./thresholds.service";

/** Corporate low-credit thresholds: /getCompanyThreshold, /editCompanyThreshold. */
export function thresholdHandlers(deps: Deps): Handlers {
  const thresholds = thresholdService(deps);
  return {
    getCompanyThreshold: async (r) => thresholds.get(requireActor(r.actor)),
    editCompanyThreshold: async (r) => thresholds.edit(requireActor(r.actor), r.body),
  };
}
