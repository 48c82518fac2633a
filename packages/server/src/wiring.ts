/**
 * What connects the modules at run time, in one place: the hooks one module runs for another (a campaign delete,
 * a chat receipt) and the job handlers of the queue. app.ts calls `wireHooks` once per app and hands
 * `jobHandlers` to the queue's workers. Registering twice is harmless (the hook points keep each function once).
 */

import type { Deps } from "./deps";
import type { JobHandlers } from "./jobs/queue";
import { authService } from "./modules/auth/auth.service";
import {
  campaignBroadcasts,
  deleteCampaignBroadcasts,
  onBroadcastReceipt,
} from "./modules/broadcasts/broadcasts.service";
import { deliverBroadcast } from "./modules/broadcasts/deliver";
import { stampRecipientReceipts } from "./modules/broadcasts/export";
import {
  type CampaignDeleteHook,
  registerCampaignBroadcastResolver,
  registerCampaignDeleteHook,
} from "./modules/campaigns/campaigns.service";
import { forwardToBot } from "./modules/chat/bot";
import { deliverChatMessage } from "./modules/chat/deliver";
import { processInboundEvent } from "./modules/chat/inbound-job";
import { registerStatusHook } from "./modules/chat/ingest";
import { addNumbersJob } from "./modules/mobile-sub/mobile-sub.service";
import { cancelCampaignSends } from "./modules/sms/cancel";
import { deliverBatch, scheduleTick } from "./modules/sms/deliver";

/** One function for every app (the hook point keeps it once): the SMS sends of deleted campaigns are cancelled. */
const cancelSendsOfDeletedCampaigns: CampaignDeleteHook = async (tx, companyId, campaignIds) => {
  await cancelCampaignSends(tx, companyId, campaignIds);
};

/**
 * The cross-module hooks, each run inside the transaction of the change that fires it (a hook that throws rolls
 * the change back):
 * - deleting campaigns deletes their broadcasts, then cancels their scheduled SMS sends and releases the credit
 *   reserved for them;
 * - a campaign's view and View Outgoing Report find its latest broadcast through the broadcasts module;
 * - a chat message's receipt stamps its broadcast recipient row's delivered / read time, then updates the
 *   broadcast's counts and open reports.
 */
export function wireHooks(): void {
  registerCampaignDeleteHook(deleteCampaignBroadcasts);
  registerCampaignDeleteHook(cancelSendsOfDeletedCampaigns);
  registerCampaignBroadcastResolver(campaignBroadcasts);
  registerStatusHook(stampRecipientReceipts);
  registerStatusHook(onBroadcastReceipt);
}

/** The workers: a sending job calls one provider with its idempotency key; an auth job looks an address up first. */
export function jobHandlers(deps: Deps): JobHandlers {
  const auth = authService(deps);
  return {
    async "email.send"(data) {
      await deps.email.send({
        to: data.to,
        subject: data.subject,
        text: data.text,
        html: data.html,
        links: data.links,
        idempotencyKey: data.key,
      });
    },
    async "sms.send"(data) {
      await deps.sms.send({
        to: data.to,
        text: data.text,
        senderId: data.senderId,
        idempotencyKey: data.key,
      });
    },
    async "auth.forgot"(data) {
      await auth.mailResetLink(data.email, data.ip);
    },
    async "auth.verify-resend"(data) {
      await auth.mailVerificationAgain(data.email);
    },
    async "mobile-sub.add"(data) {
      await addNumbersJob(deps.database, data);
    },
    async "sms.deliver"(data) {
      await deliverBatch(deps, data.messageIds);
    },
    async "sms.schedule-tick"() {
      await scheduleTick(deps);
    },
    async "chat.send"(data, attempt) {
      // On the last try a message the provider keeps refusing for now is marked failed, with why.
      const tries = attempt.retryCount >= attempt.retryLimit ? attempt.retryLimit + 1 : undefined;
      await deliverChatMessage(deps, data.messageId, {
        ...(tries ? { finalTry: tries } : {}),
        ...(data.waits ? { waits: data.waits } : {}),
      });
    },
    async "chat.inbound"(data) {
      await processInboundEvent(deps, data.eventId);
    },
    async "bot.forward"(data) {
      await forwardToBot(deps, data.messageId);
    },
    async "broadcast.deliver"(data) {
      await deliverBroadcast(deps, data.broadcastId);
    },
  };
}
