import { describe, expect, it } from "vitest";
import { routeTable } from "../route-table";
import { corporateTopUp, creditTabPath, myCreditTopUp, notificationHref, PURCHASE_PATH } from "./top-up";

describe("header Top Up buttons per role", () => {
  it("an admin's My Credit opens the admin's own credit tab; the corporate Buy credit opens Purchase Credit", () => {
    const admin = { userId: "a1", userRole: "admin" };
    expect(myCreditTopUp(admin)).toEqual({ open: "/user-manage/user-edit/a1/user-credit" });
    expect(corporateTopUp(admin)).toEqual({ open: "/credit-mgt/purchase-credit" });
    expect(routeTable.map((r) => r.path)).toContain(PURCHASE_PATH);
  });

  it("a supervisor's or agent's My Credit sends a request to the admins; no corporate balance", () => {
    for (const userRole of ["supervisor", "agent", null]) {
      expect(myCreditTopUp({ userId: "u1", userRole })).toEqual({ request: 2 });
      expect(corporateTopUp({ userId: "u1", userRole })).toBeUndefined();
    }
  });
});

describe("notification links", () => {
  it("a top-up request links to its sender's credit tab", () => {
    expect(notificationHref({ type: "request", fromId: "u7" })).toBe("/user-manage/user-edit/u7/user-credit");
  });

  it("other notifications, or a request without a sender, link nowhere", () => {
    expect(notificationHref({ type: "info", fromId: "u7" })).toBeUndefined();
    expect(notificationHref({ type: null, fromId: "u7" })).toBeUndefined();
    expect(notificationHref({ type: "request", fromId: null })).toBeUndefined();
    expect(notificationHref({ type: "request" })).toBeUndefined();
  });

  it("the credit tab is a screen of the route table", () => {
    expect(routeTable.map((r) => r.path)).toContain(creditTabPath(":id"));
  });
});
