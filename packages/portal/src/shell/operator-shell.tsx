import { setDisplayTimeZone } from "@herald/domain";
import { AvatarMenu, ConsoleShell } from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { Outlet, useLocation, useNavigate } from "react-router";
import { $api, api } from "../api";
import { useDialogs } from "../dialogs";
import { isOperatorQuery, OPERATOR_LOGIN } from "../guards";
import { clearOperatorToken, getOperatorToken } from "../operator-session";
import { pollInterval } from "../session";
import { routerLink } from "./link";
import { operatorNav } from "./operator-nav";
import { useThemePreference } from "./theme";

/** The console's overview counts, shared by its header (the queues' counts) and its overview page. */
export const useOperatorOverview = () => {
  const every = pollInterval();
  return $api.useQuery(
    "get",
    "/operator/overview",
    {},
    {
      staleTime: every,
      refetchInterval: every,
      refetchIntervalInBackground: false,
      refetchOnWindowFocus: true,
    },
  );
};

/**
 * The operator console's layout: "Herald operator console", one row of sections with the counts of what waits
 * in the queues, and the operator's menu (theme, sign out). The same design system and themes as the portal.
 */
export function OperatorShell() {
  // The console spans companies: its dates are in the operator's own clock.
  setDisplayTimeZone(null);
  const location = useLocation();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const me = $api.useQuery("get", "/operator/me");
  const overview = useOperatorOverview();
  const [theme, setTheme] = useThemePreference();

  const signOut = async () => {
    const ok = await dialogs.confirm({
      title: "Sign out of the operator console?",
      confirmLabel: "Sign out",
    });
    if (!ok) return;
    const token = getOperatorToken();
    clearOperatorToken();
    await queryClient.cancelQueries({ predicate: isOperatorQuery });
    queryClient.removeQueries({ predicate: isOperatorQuery });
    await api
      .POST("/operator/logout", { headers: { Authorization: `Bearer ${token}` } })
      .catch(() => undefined);
    navigate(OPERATOR_LOGIN, { replace: true });
  };

  return (
    <ConsoleShell
      brand="Herald operator console"
      items={operatorNav(overview.data)}
      currentPath={location.pathname}
      renderLink={routerLink}
      actions={
        <AvatarMenu
          name={me.data?.name || me.data?.email || "Operator"}
          roleLabel="Operator"
          accountLinks={false}
          logoutLabel="Sign out"
          onLogout={() => void signOut()}
          theme={theme}
          onThemeChange={setTheme}
        />
      }
    >
      <Outlet />
    </ConsoleShell>
  );
}
