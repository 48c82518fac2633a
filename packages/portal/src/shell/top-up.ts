/**
 * What the header's Top Up buttons and the notification panel's request links do, per role (spec,
 * "Roles and permissions"): the corporate balance and its Top Up (a request to the vendor's support) are
 * admin only; an admin's My Credit Top Up opens the admin's own User Credit tab; anyone else's sends a
 * top-up request to the admins, who see it in the notification panel, linked to the sender's credit tab.
 */

/** The User Credit tab of a user (the same path as users.shared's userCreditPath; a route-table screen). */
export const creditTabPath = (userId: string | number) => `/user-manage/user-edit/${userId}/user-credit`;

/** A Top Up button's action: open a page, or send a /topupReq of that type (1 vendor support, 2 admins). */
export type TopUpAction = { open: string } | { request: 1 | 2 };

interface Viewer {
  userId: string | number;
  userRole: string | null | undefined;
}

/** My Credit's Top Up. */
export function myCreditTopUp(me: Viewer): TopUpAction {
  return me.userRole === "admin" ? { open: creditTabPath(me.userId) } : { request: 2 };
}

/** Corporate Credit's Top Up, or undefined when the viewer does not see the corporate balance. */
export function corporateTopUp(me: Viewer): TopUpAction | undefined {
  return me.userRole === "admin" ? { request: 1 } : undefined;
}

/** Where a notification links to: a top-up request to its sender's credit tab; nothing otherwise. */
export function notificationHref(n: {
  type?: string | null;
  fromId?: string | number | null;
}): string | undefined {
  return n.type === "request" && n.fromId !== null && n.fromId !== undefined && n.fromId !== ""
    ? creditTabPath(n.fromId)
    : undefined;
}
