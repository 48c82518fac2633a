import { CAMPAIGN_NAME_MAX, MESSAGES, REQUIRED } from "@herald/domain";

/** Texts of the campaign calls; the duplicate-name text is the specification's (422 on add and edit). */
export const CAMPAIGN_NAME_EXISTS = MESSAGES.campaignNameExists;
export const CAMPAIGN_NAME_REQUIRED = REQUIRED;
export const CAMPAIGN_NAME_TOO_LONG = `Campaign name cannot exceed ${CAMPAIGN_NAME_MAX} characters`;
export const CAMPAIGN_NOT_FOUND = "Campaign not found";
export const CAMPAIGN_DELETED_NOT_EDITABLE = "The campaign is deleted and can no longer be edited.";
export const CAMPAIGN_DELETED = "Campaign deleted";
export const CAMPAIGNS_DELETED = "Campaigns deleted";

/** Schema violations of the campaign form (/addCampaign, /editCampaign), in the form's words. */
export function campaignFieldMessage(path: string, field: string, value: unknown): string | undefined {
  if ((path !== "/addCampaign" && path !== "/editCampaign") || field !== "name") return undefined;
  const text = typeof value === "string" ? value : "";
  return text.trim() === "" ? CAMPAIGN_NAME_REQUIRED : CAMPAIGN_NAME_TOO_LONG;
}
