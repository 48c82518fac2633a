import { $api } from "../api";
import { pollInterval } from "../session";

/**
 * The signed-in user's profile; shared by the header, the guards and the profile screens. It is the shell's
 * heartbeat: refreshed every 30 s while the tab is visible and when the window regains focus, so the role,
 * credit and status follow the server; the header refreshes notifications and corporate credit after it.
 */
export const useProfile = () => {
  const every = pollInterval();
  return $api.useQuery(
    "post",
    "/getProfile",
    {},
    {
      staleTime: every,
      refetchInterval: every,
      refetchIntervalInBackground: false,
      refetchOnWindowFocus: true,
    },
  );
};
