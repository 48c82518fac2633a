import type { QueryClient } from "@tanstack/react-query";

export const HOME_CRUMB = { label: "Home", href: "/apps/social-chat" };

/** Every cached campaign read is stale after a change (the list, a campaign, the wizards' options). */
export const refreshCampaigns = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ["post", "/campaignList"] }),
    queryClient.invalidateQueries({ queryKey: ["post", "/getCampaign"] }),
    queryClient.invalidateQueries({ queryKey: ["get", "/social-chat/broadcast/campaigns"] }),
  ]);
