import type { Deps, Handlers } from "../../deps";
import { requireActor } from "../../plugins/actor";
import { departmentService } from "./departments.service";

/** Departments: GET /departments, /addDept, /deleteDept, /getDept, /editDept. */
export function departmentHandlers(deps: Deps): Handlers {
  const departments = departmentService(deps);
  return {
    listDepartments: async (r) => departments.list(requireActor(r.actor), r.query ?? {}),
  };
}
