import { MESSAGES } from "@herald/domain";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef } from "react";
import { Navigate, useLocation, useMatches, useNavigate } from "react-router";
import { OPERATOR_SESSION_ENDED } from "./api";
import { useDialogs } from "./dialogs";
import {
  clearOperatorToken,
  getOperatorToken,
  hasOperatorSession,
  onOperatorSessionEnded,
  onOperatorTokenChangedElsewhere,
  operatorTokenUsable,
  raiseOperatorSessionEnded,
} from "./operator-session";
import { type Guard, isOperatorPath } from "./route-table";
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
  // The operator's console does not speak of a company user's session: an expired user token in the same
  // browser is told when a company screen is next opened.
  const onConsole = isOperatorPath(useLocation().pathname);
  const onConsoleRef = useRef(onConsole);
  onConsoleRef.current = onConsole;

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
      if (!onConsoleRef.current && getToken() && currentRole() === null) raiseSessionExpired();
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

/** The console's sign-in page, and where to come back to after it. */
export const OPERATOR_LOGIN = "/operator/login";
export interface OperatorLoginState {
  from?: string;
}

/** The console's queries: their keys name an /operator/... call. */
export const isOperatorQuery = (query: { queryKey: readonly unknown[] }) =>
  typeof query.queryKey[1] === "string" && isOperatorPath(query.queryKey[1]);

/**
 * The operator's console only, with the operator's own session (never a company user's): without one, the
 * console's sign-in page, which comes back here afterwards.
 */
export function RequireOperator({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!hasOperatorSession()) {
    const state: OperatorLoginState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={OPERATOR_LOGIN} replace state={state} />;
  }
  return <>{children}</>;
}

/**
 * Watches the operator's session while a console screen is open: checked every 5 seconds; when it expires or
 * the server refuses it, the console's queries stop, "Your operator session has ended" shows once, the token is
 * removed and the sign-in page opens. A sign-out in another tab goes to the sign-in page at once; a sign-in
 * there (as anyone) reloads what the console shows.
 */
export function OperatorSessionWatcher() {
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const here = useRef("");
  here.current = `${location.pathname}${location.search}`;

  useEffect(() => {
    const toSignIn = () => {
      const state: OperatorLoginState = { from: here.current };
      navigate(OPERATOR_LOGIN, { replace: true, state });
    };
    const off = onOperatorSessionEnded(() => {
      void queryClient.cancelQueries({ predicate: isOperatorQuery });
      void dialogs.message("warning", OPERATOR_SESSION_ENDED).then(() => {
        clearOperatorToken();
        queryClient.removeQueries({ predicate: isOperatorQuery });
        toSignIn();
      });
    });
    const offElsewhere = onOperatorTokenChangedElsewhere((change) => {
      if (change === "signed-out") {
        void queryClient.cancelQueries({ predicate: isOperatorQuery });
        queryClient.removeQueries({ predicate: isOperatorQuery });
        toSignIn();
      } else void queryClient.invalidateQueries({ predicate: isOperatorQuery });
    });
    const timer = setInterval(() => {
      const token = getOperatorToken();
      if (token && !operatorTokenUsable(token)) raiseOperatorSessionEnded();
    }, CHECK_MS);
    return () => {
      off();
      offElsewhere();
      clearInterval(timer);
    };
  }, [dialogs, navigate, queryClient]);
  return null;
}
