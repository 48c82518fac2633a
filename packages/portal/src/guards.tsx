import { MESSAGES } from "@herald/domain";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef } from "react";
import { Navigate, useLocation, useMatches, useNavigate } from "react-router";
import { useDialogs } from "./dialogs";
import type { Guard } from "./route-table";
import {
  clearToken,
  currentRole,
  getToken,
  onSessionExpired,
  onTokenChangedElsewhere,
  raiseSessionExpired,
  resetSessionEnded,
} from "./session";
import { useProfile } from "./shell/use-profile";

const CHECK_MS = 5000;

/**
 * Checks the token every 5 seconds; on expiry (or a 401 from the server) stops every query and shows
 * "Session Expired. Please login again." once, then removes the token and goes to /. A sign-out in another
 * tab sends a signed-in screen to /login at once; a sign-in as someone else there starts this tab afresh.
 */
export function SessionWatcher() {
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const matches = useMatches();
  const signedInScreen = matches.some((m) => {
    const guard = (m.handle as { guard?: Guard } | undefined)?.guard;
    return guard === "login" || guard === "admin";
  });
  const signedInRef = useRef(signedInScreen);
  signedInRef.current = signedInScreen;

  useEffect(() => {
    const off = onSessionExpired(() => {
      void queryClient.cancelQueries();
      void dialogs.message("warning", MESSAGES.sessionExpired).then(() => {
        clearToken();
        queryClient.clear();
        navigate("/", { replace: true });
      });
    });
    const offElsewhere = onTokenChangedElsewhere((change) => {
      resetSessionEnded();
      if (change === "renewed") {
        void queryClient.invalidateQueries();
        return;
      }
      void queryClient.cancelQueries();
      queryClient.clear();
      if (change === "signed-out") {
        if (signedInRef.current) navigate("/login", { replace: true });
      } else if (signedInRef.current) navigate("/", { replace: true });
    });
    const timer = setInterval(() => {
      if (getToken() && currentRole() === null) raiseSessionExpired();
    }, CHECK_MS);
    return () => {
      off();
      offElsewhere();
      clearInterval(timer);
    };
  }, [dialogs, navigate, queryClient]);
  return null;
}

/** Signed-in users only; others go to /login. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (currentRole() === null) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/**
 * Admins only, by the role the server reports in the (regularly refreshed) profile, so a role change shows
 * without signing in again. A signed-in non-admin sees "Invalid Access" and goes back; without a session
 * the session-expired dialog shows and the user goes to /login.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const hasSession = currentRole() !== null;
  const profile = useProfile();
  const role = profile.data?.userRole;
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const told = useRef(false);
  useEffect(() => {
    if (told.current || role === "admin") return;
    if (!hasSession) {
      told.current = true;
      void dialogs.message("warning", MESSAGES.sessionExpired).then(() => {
        clearToken();
        navigate("/login", { replace: true });
      });
    } else if (role !== undefined) {
      told.current = true;
      void dialogs.message("error", MESSAGES.invalidAccess).then(() => {
        if (window.history.length > 1) navigate(-1);
        else navigate("/apps/social-chat", { replace: true });
      });
    }
  }, [role, hasSession, dialogs, navigate]);
  if (role !== "admin") return null;
  return <>{children}</>;
}
