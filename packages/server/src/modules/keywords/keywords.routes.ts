import type { Deps, Handlers } from "../../deps";

/** Keywords: /keywordList, /getKeyword, /addKeyword, /editKeyword, /deleteKeyword. */
export function keywordHandlers(_deps: Deps): Handlers {
  return {};
}
