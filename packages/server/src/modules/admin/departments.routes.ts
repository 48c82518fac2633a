import type { Deps, Handlers } from "../../deps";
import { requireActor } from "../../plugins/actor";
import { departmentService } from "./departments.service";

/** Departments: GET /departments, /addDept, /deleteDept, /getDept, /editDept. */
export function departmentHandlers(deps: Deps): Handlers {
  const departments = departmentService(deps);
  return {
    listDepartments: async (r) => departments.list(requireActor(r.actor), r.query ?? {}),
    addDept: async (r, reply) => {
      const created = await departments.add(r.actor, r.body);
      reply.code(201);
      return created;
    },
    getDept: async (r) => departments.get(r.actor, r.body),
    editDept: async (r) => departments.edit(r.actor, r.body),
    deleteDept: async (r) => departments.remove(r.actor, r.body),
  };
}
