import { DEFAULT_TIME_ZONE, MESSAGES, setDisplayTimeZone } from "@herald/domain";
import { AppShell } from "@herald/ui";
import { lazy, Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { useDialogs } from "../dialogs";
import { clearToken } from "../session";
import { routerLink } from "./link";
import { navPath, navSections } from "./nav";
import { HeaderSkeleton, PageSkeleton } from "./skeleton";
import { useProfile } from "./use-profile";

/**
 * The header's credit, notifications, status and account menus: not needed to show the page, so their code
 * (menus, pickers, dialogs) loads beside the page's first rows, with their places held until it arrives.
 */
const Header = lazy(() => import("./header").then((m) => ({ default: m.Header })));

/** The signed-in layout: sidebar, header and footer around the screen. */
export function Shell() {
  const location = useLocation();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const profile = useProfile();
  const told = useRef(false);
  // Every date and time of the company's screens is shown in the company's zone, labelled (set before the
  // screen renders: the screen waits for the profile).
  setDisplayTimeZone(profile.data?.timeZone ?? DEFAULT_TIME_ZONE);
  useEffect(() => {
    // A profile that cannot load means the session is unusable: warn once, drop the token, go to /.
    const message = (profile.error as { message?: string } | null)?.message;
    const sessionEnded = message === MESSAGES.invalidOrExpiredToken || message === MESSAGES.sessionExpired;
    // A failed refresh (network, server restarting) keeps the profile shown: only a first load that fails.
    if (profile.isError && profile.data === undefined && !told.current && !sessionEnded) {
      told.current = true;
      void dialogs.message("warning", MESSAGES.profileLoadFailed).then(() => {
        clearToken();
        navigate("/", { replace: true });
      });
    }
  }, [profile.isError, profile.data, profile.error, dialogs, navigate]);
  return (
    <AppShell
      brand="Herald"
      sections={navSections}
      // The role the server reports (refreshed with the profile), not the one in the token: a role change
      // shows without signing in again.
      showAdmin={profile.data?.userRole === "admin"}
      currentPath={navPath(location.pathname)}
      header={
        <Suspense fallback={<HeaderSkeleton />}>
          <Header />
        </Suspense>
      }
      footer={`© ${new Date().getFullYear()} Herald · Business messaging`}
      renderLink={routerLink}
    >
      {profile.isPending ? <PageSkeleton /> : <Outlet />}
    </AppShell>
  );
}
