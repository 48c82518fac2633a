import type { Deps, Handlers } from "../../deps";
import { requireActor } from "../../plugins/actor";
import { keywordService } from "./keywords.service";

/** Keywords: /keywordList, /getKeyword, /addKeyword, /editKeyword, /deleteKeyword. */
export function keywordHandlers(deps: Deps): Handlers {
  const keywords = keywordService(deps);
  return {
    keywordList: async (r) => keywords.list(requireActor(r.actor), r.query ?? {}),
    getKeyword: async (r) => keywords.get(requireActor(r.actor), r.body.id),
    addKeyword: async (r, reply) => {
      const created = await keywords.add(requireActor(r.actor), r.body);
      reply.code(201);
      return created;
    },
    editKeyword: async (r) => keywords.edit(requireActor(r.actor), r.body),
    deleteKeyword: async (r) => keywords.remove(requireActor(r.actor), r.body.id),
  };
}
