import type { Deps, Handlers } from "../../deps";
import { requireActor } from "../../plugins/actor";
import { idempotencyKeyOf } from "../credit/ledger";
import { composeOptionsService } from "./compose.options";
import { composeService } from "./compose.service";
import { smsWebhook } from "./events";

/**
 * Compose: /compose-msg-page-one, /compose-msg-page-two, /sms/recipients-file, /sms/preview, /sms/send; the SMS
 * gateway webhooks /webhooks/sms/{provider}/delivery and /inbound.
 */
export function smsHandlers(deps: Deps): Handlers {
  const options = composeOptionsService(deps);
  const compose = composeService(deps);
  return {
    composeMsgPageOne: async (r) => options.pageOne(requireActor(r.actor)),
    composeMsgPageTwo: async (r) => options.pageTwo(requireActor(r.actor)),
    uploadSmsRecipientsFile: async (r) => compose.uploadFile(requireActor(r.actor), r, r.query?.content),
    previewSms: async (r) => compose.preview(requireActor(r.actor), r.body),
    sendSms: async (r) => compose.send(requireActor(r.actor), r.body, idempotencyKeyOf(r.headers)),
    smsDeliveryWebhook: async (r) => smsWebhook(deps, "delivery", r.params.provider, r.rawBody, r.headers),
    smsInboundWebhook: async (r) => smsWebhook(deps, "inbound", r.params.provider, r.rawBody, r.headers),
  };
}
