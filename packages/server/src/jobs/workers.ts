import type { Deps } from "../deps";
import type { JobHandlers } from "./queue";

/** The workers: each job calls one provider with its idempotency key. */
export function jobHandlers(deps: Deps): JobHandlers {
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
  };
}
