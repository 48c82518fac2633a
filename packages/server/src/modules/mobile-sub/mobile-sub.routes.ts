import type { Deps, Handlers } from "../../deps";

/** Mobile subscription lists: /mobileSubList, /getMobileSub, /addMobileSub, /editMobileSub, /deleteMobileSub, /uploadMobileList. */
export function mobileSubHandlers(_deps: Deps): Handlers {
  return {};
}
