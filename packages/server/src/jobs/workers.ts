import type { Deps } from "../deps";
import { authService } from "../modules/auth/auth.service";
import { deliverBroadcast } from "../modules/broadcasts/deliver";
import { forwardToBot } from "../modules/chat/bot";
import { deliverChatMessage } from "../modules/chat/deliver";
import { processInboundEvent } from "../modules/chat/inbound-job";
import { addNumbersJob } from "../modules/mobile-sub/mobile-sub.service";
import { deliverBatch, scheduleTick } from "../modules/sms/deliver";
import type { JobHandlers } from "./queue";

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
