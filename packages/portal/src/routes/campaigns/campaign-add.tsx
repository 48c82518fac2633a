import { CampaignForm } from "./campaign-form";

/** Add Campaign: a name for a new campaign. */
export default function CampaignAdd() {
  return <CampaignForm />;
}
