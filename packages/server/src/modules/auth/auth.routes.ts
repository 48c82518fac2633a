import type { FastifyRequest } from "fastify";
import type { Deps, Handlers } from "../../deps";
import { requireActor } from "../../plugins/actor";
import { authService } from "./auth.service";

const meta = (r: FastifyRequest) => ({ ip: r.ip, userAgent: r.headers["user-agent"] });

/**
 * Sign-in, registration, reset and sign-out: thin adapters from HTTP to the service. The e-mail link (`verify`) is
 * served by modules/profile/profile.routes.ts: an address change's link first, else registration's (`auth.verify`).
 */
export function accountHandlers(deps: Deps): Handlers {
  const auth = authService(deps);
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
    forgotpassword: async (r) => auth.forgotPassword(r.body, r.ip),
    resendVerification: async (r) => auth.resendVerification(r.body, r.ip),
    verifyReset: async (r) => auth.verifyReset(r.body),
    reset: async (r) => auth.reset(r.body, r.ip),
    logout: async (r) => auth.logout(requireActor(r.actor)),
  };
}
