/**
 * Which session a call of openapi.yaml belongs to. The portal holds two independent sessions: a company user's
 * (`userToken`) and the operator's (`operatorToken`). Every `/operator/...` call is the operator's, except the
 * three that start a session (activate, sign-in and its code), which send no token at all; every other call is
 * a company user's. So an operator token is never sent to a company call, nor a user's token to the console.
 */
export type ApiArea = "company" | "operator" | "none";

/** The operator's calls that need no session (`security: []` in openapi.yaml). */
const OPERATOR_PUBLIC = new Set(["/operator/activate", "/operator/login", "/operator/verifyOtp"]);

/** The area of a call, by its path in openapi.yaml (e.g. "/operator/companies/{id}"). */
export function apiArea(schemaPath: string): ApiArea {
  if (OPERATOR_PUBLIC.has(schemaPath)) return "none";
  if (schemaPath === "/operator" || schemaPath.startsWith("/operator/")) return "operator";
  return "company";
}
