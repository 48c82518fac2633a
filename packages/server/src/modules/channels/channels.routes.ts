import type { Deps, Handlers } from "../../deps";
import { channelsService } from "./channels.service";

/**
 * Channels: /social-chat/channel/connect-channel, /{id}/edit-link, /company-channel, /{id}/whatsapp-templates,
 * /{id}/sync-ws-templates, /{id}/delete-channel, and the connect page's /social-chat/channel/connect.
 */
export function channelHandlers(deps: Deps): Handlers {
  const channels = channelsService(deps);
  return {
    connectChannel: async (r) => channels.connectLink(r.actor, r.body),
    editChannelLink: async (r) => channels.editLink(r.actor, r.params.id, r.body?.name),
    getChannelConnectSession: async (r) => channels.connectSession(r.actor, r.query.token),
    saveChannelConnection: async (r) => channels.saveConnection(r.actor, r.body),
    listCompanyChannels: async (r) => channels.list(r.actor),
    listWhatsappTemplates: async (r) => channels.templates(r.actor, r.params.id),
    syncWhatsappTemplates: async (r) => channels.syncTemplates(r.actor, r.params.id),
    deleteChannel: async (r) => channels.remove(r.actor, r.params.id, r.log),
  };
}
