import { MESSAGES } from "@herald/domain";
import { type ReactNode, useEffect, useRef } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { useDialogs } from "./dialogs";
import { clearToken, currentRole, getToken, onSessionExpired, raiseSessionExpired } from "./session";

const CHECK_MS = 5000;

/**
 * Checks the token every 5 seconds; on expiry (or a 401 from the server) shows "Session Expired. Please
 * login again." once, then removes the token and goes to /.
 */
export function SessionWatcher() {
  const dialogs = useDialogs();
  const navigate = useNavigate();
  useEffect(() => {
    const off = onSessionExpired(() => {
      void dialogs.message("warning", MESSAGES.sessionExpired).then(() => {
        clearToken();
        navigate("/", { replace: true });
      });
    });
    const timer = setInterval(() => {
      if (getToken() && currentRole() === null) raiseSessionExpired();
    }, CHECK_MS);
    return () => {
      off();
      clearInterval(timer);
    };
  }, [dialogs, navigate]);
  return null;
}

/** Signed-in users only; others go to /login. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (currentRole() === null) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/**
 * Admins only. A signed-in non-admin sees "Invalid Access" and goes back; without a role (no or an
 * expired session) the session-expired dialog shows and the user goes to /login.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const role = currentRole();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const told = useRef(false);
  useEffect(() => {
    if (role === "admin" || told.current) return;
    told.current = true;
    if (role === null) {
      void dialogs.message("warning", MESSAGES.sessionExpired).then(() => {
        clearToken();
        navigate("/login", { replace: true });
      });
    } else {
      void dialogs.message("error", MESSAGES.invalidAccess).then(() => {
        if (window.history.length > 1) navigate(-1);
        else navigate("/apps/social-chat", { replace: true });
      });
    }
  }, [role, dialogs, navigate]);
  if (role !== "admin") return null;
  return <>{children}</>;
}
