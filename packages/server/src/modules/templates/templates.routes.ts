import type { Deps, Handlers } from "../../deps";
import { templatesService } from "./templates.service";

/** Message templates: /sms/templates (list, add), /sms/templates/{id}/edit, /sms/templates/{id}/delete. */
export function templateHandlers(deps: Deps): Handlers {
  const templates = templatesService(deps);
  return {
    listSmsTemplates: async (r) => templates.list(r.actor),
    addSmsTemplate: async (r) => templates.add(r.actor, r.body),
    editSmsTemplate: async (r) => templates.edit(r.actor, r.params.id, r.body),
    deleteSmsTemplate: async (r) => templates.remove(r.actor, r.params.id),
  };
}
