import type { Deps, Handlers } from "../../deps";
import { requireActor } from "../../plugins/actor";
import { composeOptionsService } from "./compose.options";

/** Compose: /compose-msg-page-one, /compose-msg-page-two, /sms/recipients-file, /sms/preview, /sms/send. */
export function smsHandlers(deps: Deps): Handlers {
  const options = composeOptionsService(deps);
  return {
    composeMsgPageOne: async (r) => options.pageOne(requireActor(r.actor)),
    composeMsgPageTwo: async (r) => options.pageTwo(requireActor(r.actor)),
  };
}
