import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isAdminRole, isOwnerFlag, isRole, isUserStatus, ROLES, roleLabel, statusLabel } from "./roles";

describe("roles", () => {
  it("lists the three roles", () => {
    expect(ROLES).toEqual(["admin", "supervisor", "agent"]);
    expect(isRole("supervisor")).toBe(true);
    expect(isRole("Admin")).toBe(false);
    expect(isRole(1)).toBe(false);
  });

  it("recognises only 'admin' as the admin role", () => {
    expect(isAdminRole("admin")).toBe(true);
    expect(isAdminRole("supervisor")).toBe(false);
    expect(isAdminRole("agent")).toBe(false);
    expect(isAdminRole("ADMIN")).toBe(false);
    expect(isAdminRole(null)).toBe(false);
    expect(isAdminRole(undefined)).toBe(false);
  });

  it("reads the owner flag in its usual encodings", () => {
    for (const yes of [true, 1, "1", "true", "Y", "yes"]) expect(isOwnerFlag(yes)).toBe(true);
    for (const no of [false, 0, 2, "0", "", "N", null, undefined]) expect(isOwnerFlag(no)).toBe(false);
  });
});

describe("roleLabel", () => {
  it("gives the spec's labels, and Supervisor to a supervisor", () => {
    expect(roleLabel({ userRole: "admin", isOwner: 1 })).toBe("Owner & Admin");
    expect(roleLabel({ userRole: "admin", isOwner: true })).toBe("Owner & Admin");
    expect(roleLabel({ userRole: "agent", isOwner: 1 })).toBe("Owner");
    expect(roleLabel({ userRole: "admin", isOwner: 0 })).toBe("Admin");
    expect(roleLabel({ userRole: "admin" })).toBe("Admin");
    expect(roleLabel({ userRole: "agent", isOwner: 0 })).toBe("Agent");
    expect(roleLabel({ userRole: "supervisor", isOwner: false })).toBe("Supervisor");
    expect(roleLabel({ userRole: "supervisor", isOwner: 1 })).toBe("Owner");
    expect(roleLabel({ userRole: null })).toBe("Agent");
    expect(roleLabel({})).toBe("Agent");
  });

  it("always answers one of the five labels (property)", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom<string | null>(...ROLES, null), fc.string()),
        fc.oneof(fc.boolean(), fc.integer(), fc.string()),
        (userRole, isOwner) => {
          const label = roleLabel({ userRole, isOwner });
          expect(["Owner & Admin", "Owner", "Admin", "Supervisor", "Agent"]).toContain(label);
          expect(label === "Supervisor").toBe(userRole === "supervisor" && !isOwnerFlag(isOwner));
          expect(label.startsWith("Owner")).toBe(isOwnerFlag(isOwner));
          expect(label.endsWith("Admin")).toBe(userRole === "admin");
        },
      ),
    );
  });
});

describe("statusLabel", () => {
  it("labels the three statuses and shows anything else as Invalid", () => {
    expect(statusLabel("active")).toBe("Active");
    expect(statusLabel("inactive")).toBe("Inactive");
    expect(statusLabel("deleted")).toBe("Deleted");
    expect(statusLabel("online")).toBe("Invalid");
    expect(statusLabel("Active")).toBe("Invalid");
    expect(statusLabel(null)).toBe("Invalid");
    expect(statusLabel(1)).toBe("Invalid");
    expect(isUserStatus("inactive")).toBe(true);
    expect(isUserStatus("invalid")).toBe(false);
  });

  it("is Invalid exactly for unknown statuses (property)", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(statusLabel(s) === "Invalid").toBe(!isUserStatus(s));
      }),
    );
  });
});
