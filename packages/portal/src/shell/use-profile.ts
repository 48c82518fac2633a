import { DEFAULT_COMPANY_COUNTRY, DEFAULT_TIME_ZONE } from "@herald/domain";
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

/** The company's time zone (Asia/Singapore until the profile names it): dates shown and typed are in it. */
export function useCompanyZone(): string {
  return useProfile().data?.timeZone ?? DEFAULT_TIME_ZONE;
}

/**
 * The company's country (ISO alpha-2; SG until the profile names it): every phone input of the company's screens
 * starts with its calling code, so Add User and Add Contact agree.
 */
export function useCompanyCountry(): string {
  return useProfile().data?.companyCountry ?? DEFAULT_COMPANY_COUNTRY;
}
