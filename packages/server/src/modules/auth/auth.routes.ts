import type { FastifyRequest } from "fastify";
import type { Deps, Handlers } from "../../deps";
import { requireActor } from "../../plugins/actor";
import { topupService } from "../credit/topup.service";
import { profileService } from "../profile/profile.service";
import { authService } from "./auth.service";

const meta = (r: FastifyRequest) => ({ ip: r.ip, userAgent: r.headers["user-agent"] });

/** Sign-in, registration, reset and own-profile calls: thin adapters from HTTP to the services. */
export function accountHandlers(deps: Deps): Handlers {
  const auth = authService(deps);
  const profile = profileService(deps, auth);
  const topup = topupService(deps);
  return {
    login: async (r) => auth.login(r.body, meta(r)),
    requestOtp: async (r) => auth.requestOtp(r.body, r.ip),
    resendOtp: async (r) => auth.resendOtp(r.body, r.ip),
    verifyOtp: async (r) => auth.verifyOtp(r.body, meta(r)),
    register: async (r, reply) => {
      const body = await auth.register(r.body, r.ip);
      reply.code(201);
      return body;
    },
    verify: async (r) => (await profile.verifyEmailChange(r.body, r.ip)) ?? auth.verify(r.body),
    forgotpassword: async (r) => auth.forgotPassword(r.body, r.ip),
    resendVerification: async (r) => auth.resendVerification(r.body, r.ip),
    verifyReset: async (r) => auth.verifyReset(r.body),
    reset: async (r) => auth.reset(r.body, r.ip),
    logout: async (r) => auth.logout(requireActor(r.actor)),
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
    topupReq: async (r) => topup.request(requireActor(r.actor), r.body),
    topupRequests: async (r) => topup.list(requireActor(r.actor), r.query ?? {}),
  };
}
