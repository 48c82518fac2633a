import type { Deps, Handlers } from "../../deps";
import { requireActor } from "../../plugins/actor";
import { authService } from "../auth/auth.service";
import { profileService } from "./profile.service";

/**
 * The signed-in user's own profile, security and notification settings, the company's profile and settings, the
 * bell's notifications, the user's threshold, and the e-mail link (`verify`): an address change's link is the
 * profile's, any other is registration's (modules/auth).
 */
export function profileHandlers(deps: Deps): Handlers {
  const auth = authService(deps);
  const profile = profileService(deps);
  return {
    verify: async (r) => (await profile.verifyEmailChange(r.body, r.ip)) ?? auth.verify(r.body),
    getProfile: async (r) => profile.getProfile(requireActor(r.actor)),
    getCompany: async (r) => profile.getCompany(requireActor(r.actor)),
    getCompanySettings: async (r) => profile.getCompanySettings(requireActor(r.actor)),
    editCompanySettings: async (r) => profile.editCompanySettings(requireActor(r.actor), r.body),
    getNotification: async (r) => profile.getNotifications(requireActor(r.actor)),
    updateNotification: async (r) => profile.markNotificationsRead(requireActor(r.actor), r.body),
    updateStatus: async (r) => profile.updateStatus(requireActor(r.actor), r.body),
    editMyProfile: async (r) => profile.editMyProfile(requireActor(r.actor), r.body),
    editMySecurity: async (r) => profile.editMySecurity(requireActor(r.actor), r.body),
    editMyNotification: async (r) => profile.editMyNotification(requireActor(r.actor), r.body),
    getUserThreshold: async (r) => profile.getUserThreshold(requireActor(r.actor)),
  };
}
