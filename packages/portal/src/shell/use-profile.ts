import { $api } from "../api";

/** The signed-in user's profile; shared by the header and the profile screens. */
export const useProfile = () => $api.useQuery("post", "/getProfile", {}, { staleTime: 60_000 });
