import { ApiError, type Schema, unwrap } from "@herald/api-client";
import { MESSAGES } from "@herald/domain";
import { $api, api } from "../../api";

/** Sign-in, registration and reset calls: each returns the answer's data or throws ApiError. */
export const authApi = {
  login: async (body: Schema<"LoginRequest">) => unwrap(await api.POST("/login", { body })),
  requestOtp: async (body: Schema<"RequestOtpRequest">) => unwrap(await api.POST("/requestOtp", { body })),
  resendOtp: async (body: Schema<"ResendOtpRequest">) => unwrap(await api.POST("/resendOtp", { body })),
  verifyOtp: async (body: Schema<"VerifyOtpRequest">) => unwrap(await api.POST("/verifyOtp", { body })),
  register: async (body: Schema<"RegisterRequest">) => unwrap(await api.POST("/register", { body })),
  verify: async (body: Schema<"VerifyEmailRequest">) => unwrap(await api.POST("/verify", { body })),
  forgotPassword: async (body: Schema<"ForgotPasswordRequest">) =>
    unwrap(await api.POST("/forgotpassword", { body })),
  resendVerification: async (body: Schema<"ResendVerificationRequest">) =>
    unwrap(await api.POST("/resendVerification", { body })),
  verifyReset: async (body: Schema<"VerifyResetRequest">) => unwrap(await api.POST("/verifyReset", { body })),
  reset: async (body: Schema<"ResetPasswordRequest">) => unwrap(await api.POST("/reset", { body })),
};

/** Public settings of the installation (the IP-geolocation address for the registration page). */
export const portalConfigQuery = () =>
  $api.queryOptions("get", "/portal-config", {}, { staleTime: Number.POSITIVE_INFINITY, retry: false });

/** The status and message of a failed call; 0 and 'Something went wrong' when the network failed. */
export function failure(err: unknown): { status: number; message: string } {
  if (err instanceof ApiError) return { status: err.status, message: err.message };
  return { status: 0, message: MESSAGES.somethingWentWrong };
}
