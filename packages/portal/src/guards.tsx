import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { decodeToken, getToken, isExpired } from "./session";

/** Signed-in users only; others go to /login. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const location = useLocation();
  const payload = decodeToken(getToken());
  if (isExpired(payload)) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/** Admins only; a signed-in non-admin is sent back to the chat home, no session to /login. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const payload = decodeToken(getToken());
  if (isExpired(payload) || payload?.role == null) return <Navigate to="/login" replace />;
  if (payload.role !== "admin") return <Navigate to="/apps/social-chat" replace />;
  return <>{children}</>;
}
