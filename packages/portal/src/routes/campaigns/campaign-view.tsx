import { MESSAGES } from "@herald/domain";
import { Badge, Breadcrumb, Button, Card, Spinner } from "@herald/ui";
import { useEffect, useId, useRef } from "react";
import { useNavigate, useParams } from "react-router";
import { $api } from "../../api";
import { useDialogs } from "../../dialogs";
import { routerLink } from "../../shell/link";
import * as s from "../contacts/contacts.css";
import * as c from "./campaigns.css";
import { HOME_CRUMB } from "./campaigns.shared";
import {
  CAMPAIGNS_PATH,
  type Campaign,
  campaignEditPath,
  canEdit,
  dateText,
  outgoingReport,
  statusLabel,
  statusTone,
} from "./campaigns-rules";

/** One campaign, read-only: name, status, dates and its latest broadcast, with View Outgoing Report. */
export default function CampaignView() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const campaign = $api.useQuery("post", "/getCampaign", { body: { id } }, { staleTime: 0 });
  const told = useRef(false);
  const hintId = useId();

  useEffect(() => {
    if (!campaign.error || told.current) return;
    told.current = true;
    void dialogs
      .message("error", campaign.error.message ?? MESSAGES.somethingWentWrong)
      .then(() => navigate(CAMPAIGNS_PATH, { replace: true }));
  }, [campaign.error, dialogs, navigate]);

  const data = campaign.data;
  const report = data ? outgoingReport(data) : null;
  return (
    <div className={`${s.page} ${s.narrow}`}>
      <Breadcrumb
        items={[HOME_CRUMB, { label: "Campaigns", href: CAMPAIGNS_PATH }, { label: "Campaign Details" }]}
        renderLink={routerLink}
      />
      <Card title="Campaign Details" headingLevel={2}>
        <div className={s.form}>
          {data ? (
            <Details campaign={data} />
          ) : campaign.isLoading ? (
            <Spinner label="Loading" />
          ) : (
            <p className={s.note}>{MESSAGES.somethingWentWrong}</p>
          )}
          {report && "hint" in report ? (
            <p id={hintId} className={c.hint}>
              {report.hint}
            </p>
          ) : null}
          <div className={s.actions}>
            <Button variant="outline" tone="secondary" onClick={() => navigate(CAMPAIGNS_PATH)}>
              Back
            </Button>
            {data && canEdit(data) ? (
              <Button variant="outline" onClick={() => navigate(campaignEditPath(id))}>
                Edit Campaign
              </Button>
            ) : null}
            <Button
              disabled={!report || "hint" in report}
              aria-describedby={report && "hint" in report ? hintId : undefined}
              onClick={() => {
                if (report && "href" in report) navigate(report.href);
              }}
            >
              View Outgoing Report
            </Button>
          </div>
        </div>
      </Card>
    </div>
  );
}

function Details({ campaign }: { campaign: Campaign }) {
  return (
    <dl className={s.facts}>
      <dt className={s.factTerm}>Campaign Name</dt>
      <dd className={s.factValue}>{campaign.name}</dd>
      <dt className={s.factTerm}>Status</dt>
      <dd className={s.factValue}>
        <Badge tone={statusTone(campaign.status)} variant="soft">
          {statusLabel(campaign.status)}
        </Badge>
      </dd>
      <dt className={s.factTerm}>Created Date</dt>
      <dd className={s.factValue}>{dateText(campaign.created_dtm)}</dd>
      <dt className={s.factTerm}>Scheduled Date</dt>
      <dd className={s.factValue}>{dateText(campaign.scheduled_dtm)}</dd>
      <dt className={s.factTerm}>Latest Broadcast</dt>
      <dd className={s.factValue}>{campaign.broadcast_name ?? "-"}</dd>
    </dl>
  );
}
