import type { Deps, Handlers } from "../../deps";
import { BadRequest } from "../../errors";
import { requireActor } from "../../plugins/actor";
import { receiveContactFile } from "../contacts/import-file";
import { BROADCAST_ID_REQUIRED } from "./broadcasts.messages";
import { broadcastsService } from "./broadcasts.service";
import { broadcastExportHandlers } from "./export";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Broadcasts: /social-chat/broadcast/subscribers, /campaigns, /validate/{name}, /send, /file/{x}, the report
 * (/social-chat/broadcast, /{id}) and the designed /{id}/pause, /resume, /cancel.
 */
export function broadcastHandlers(deps: Deps): Handlers {
  const broadcasts = broadcastsService(deps);
  return {
    listBroadcastSubscribers: async (r) => broadcasts.subscribers(r.actor, r.query?.channelId),
    listBroadcastCampaigns: async (r) => broadcasts.campaigns(r.actor),
    validateBroadcastName: async (r) => broadcasts.validateName(r.actor, r.params.name),
    sendBroadcast: async (r) => broadcasts.send(r.actor, r.body),
    uploadBroadcastFile: async (r) => {
      requireActor(r.actor);
      const file = await receiveContactFile(r, deps.config.dataDir);
      const broadcastId = file.fields?.broadcastId ?? "";
      if (!UUID.test(broadcastId)) {
        await file.remove();
        throw new BadRequest(BROADCAST_ID_REQUIRED);
      }
      return broadcasts.file(r.actor, r.params.x === "yes", file, broadcastId);
    },
    listBroadcasts: async (r) => broadcasts.list(r.actor, r.query?.campaignId),
    getBroadcast: async (r) => broadcasts.get(r.actor, r.params.id),
    pauseBroadcast: async (r) => broadcasts.control(r.actor, r.params.id, "pause"),
    resumeBroadcast: async (r) => broadcasts.control(r.actor, r.params.id, "resume"),
    cancelBroadcast: async (r) => broadcasts.control(r.actor, r.params.id, "cancel"),
    ...broadcastExportHandlers(deps),
  };
}
