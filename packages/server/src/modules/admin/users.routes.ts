import type { Deps, Handlers } from "../../deps";

/** Users administration, sender IDs and SMS settings. */
export function userAdminHandlers(_deps: Deps): Handlers {
  return {};
}
