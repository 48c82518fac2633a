/**
 * What the header's Top Up buttons and the notification panel's request links do, per role (spec,
 * "Roles and permissions"): the corporate balance and its button are admin only (Buy credit, to the purchase
 * page; the request to the vendor's support is the credit summary's Top Up); an admin's My Credit Top Up opens the admin's own User Credit tab; anyone else's sends a
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

/** Where credit is bought (admins): the Purchase Credit page's checkout. */
export const PURCHASE_PATH = "/credit-mgt/purchase-credit";

/**
 * Corporate Credit's button, or undefined when the viewer does not see the corporate balance: admins buy
 * credit there (Buy credit opens Purchase Credit). The request to the vendor's support stays on the credit
 * summary's Top Up, for a company that asks rather than pays by card.
 */
export function corporateTopUp(me: Viewer): TopUpAction | undefined {
  return me.userRole === "admin" ? { open: PURCHASE_PATH } : undefined;
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
