import { useParams } from "react-router";
import { CampaignForm } from "./campaign-form";

/** Edit Campaign: rename a campaign; its messages stay with it. */
export default function CampaignEdit() {
  const { id = "" } = useParams();
  return <CampaignForm key={id} id={id} />;
}
