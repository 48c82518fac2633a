import type { Deps, Handlers } from "../../deps";
import { requireActor } from "../../plugins/actor";
import { idempotencyKeyOf } from "../credit/ledger";
import { userAdminService } from "./users.service";

/** Users administration, sender IDs and SMS settings. */
export function userAdminHandlers(deps: Deps): Handlers {
  const users = userAdminService(deps);
  return {
    userList: async (r) => users.list(requireActor(r.actor), r.query ?? {}),
    getUserLimit: async (r) => users.limit(requireActor(r.actor)),
    getUser: async (r) => users.get(requireActor(r.actor), r.body.id),
    addUser: async (r, reply) => {
      const created = await users.add(requireActor(r.actor), r.body, idempotencyKeyOf(r.headers));
      reply.code(201);
      return created;
    },
    editUserProfile: async (r) => users.editProfile(requireActor(r.actor), r.body),
    editLogin2Fa: async (r) => users.editLogin2Fa(requireActor(r.actor), r.body),
    deleteUser: async (r) => users.remove(requireActor(r.actor), r.body.id),
    getSenderId: async (r) => users.senderIds(requireActor(r.actor)),
    editSenderId: async (r) => users.editSenderIds(requireActor(r.actor), r.body),
    editSmsSetting: async (r) => users.editSmsSetting(requireActor(r.actor), r.body),
  };
}
