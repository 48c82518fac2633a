import type { Deps, Handlers } from "../../deps";
import { campaignsService } from "./campaigns.service";

/** Campaigns: /campaignList, /addCampaign, /getCampaign, /editCampaign, /deleteCampaign. */
export function campaignHandlers(deps: Deps): Handlers {
  const campaigns = campaignsService(deps);
  return {
    campaignList: async (r) => campaigns.list(r.actor, r.body ?? {}),
    addCampaign: async (r) => campaigns.add(r.actor, r.body.name),
    getCampaign: async (r) => campaigns.get(r.actor, r.body.id),
    editCampaign: async (r) => campaigns.edit(r.actor, r.body.id, r.body.name),
    deleteCampaign: async (r) => campaigns.remove(r.actor, r.body.selectedRows),
  };
}
