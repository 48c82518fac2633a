import type { Deps, Handlers } from "../../deps";
import { requireActor } from "../../plugins/actor";
import { campaignMessages, campaignReport } from "./campaign-report";
import { campaignsService } from "./campaigns.service";

/**
 * Campaigns: /campaignList, /addCampaign, /getCampaign, /editCampaign, /deleteCampaign, and the designed
 * /campaignReport (totals of its sends and broadcasts) and /campaignMessages (its outgoing messages).
 */
export function campaignHandlers(deps: Deps): Handlers {
  const campaigns = campaignsService(deps);
  return {
    campaignList: async (r) => campaigns.list(r.actor, r.body ?? {}),
    addCampaign: async (r) => campaigns.add(r.actor, r.body.name),
    getCampaign: async (r) => campaigns.get(r.actor, r.body.id),
    getCampaignReport: async (r) =>
      campaignReport(deps.database.db, requireActor(r.actor).companyId, r.body.id),
    listCampaignMessages: async (r) =>
      campaignMessages(deps.database.db, requireActor(r.actor).companyId, r.body),
    editCampaign: async (r) => campaigns.edit(r.actor, r.body.id, r.body.name),
    deleteCampaign: async (r) => campaigns.remove(r.actor, r.body.selectedRows),
  };
}
