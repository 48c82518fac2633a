import { describe, expect, it } from "vitest";
import { navPath, navSections } from "./nav";

const hrefs = navSections.flatMap((s) =>
  s.entries.flatMap((e) =>
    "items" in e && e.items ? e.items.map((i) => i.href) : "href" in e ? [e.href] : [],
  ),
);

describe("sidebar current entry", () => {
  it("marks the list a detail page belongs to", () => {
    expect(navPath("/user-manage/department-edit/42")).toBe("/user-manage/department-list");
    expect(navPath("/user-manage/user-add")).toBe("/user-manage/users-list");
    expect(navPath("/user-manage/user-profile/7")).toBe("/user-manage/users-list");
    expect(navPath("/user-manage/user-edit/7/user-credit")).toBe("/user-manage/users-list");
    expect(navPath("/keyword-mgt/keyword-edit/3")).toBe("/keyword-mgt/keyword-list");
    expect(navPath("/mobile-sub/mobile-add")).toBe("/mobile-sub/mobile-list");
    expect(navPath("/apps/social-chat")).toBe("/apps/social-chat");
    expect(navPath("/user-manage/audit-log")).toBe("/user-manage/audit-log");
  });

  it("offers the designed Audit Log (with the users) and Sender IDs & Numbers to admins", () => {
    const admin = navSections.find((s) => s.id === "admin");
    expect(admin?.adminOnly).toBe(true);
    const adminHrefs = JSON.stringify(admin);
    expect(adminHrefs).toContain("/user-manage/audit-log");
    expect(adminHrefs).toContain("/sms-mgt/sender-ids");
  });

  it("maps only to entries the sidebar has", () => {
    for (const p of [
      "/user-manage/department-edit/1",
      "/user-manage/user-add",
      "/keyword-mgt/x",
      "/mobile-sub/x",
    ]) {
      expect(hrefs).toContain(navPath(p));
    }
  });
});
