import { unwrap } from "@herald/api-client";
import { formatAmount, formatDateTime12, formatSgd, MESSAGES } from "@herald/domain";
import {
  Badge,
  Breadcrumb,
  Button,
  Card,
  DataTable,
  type DataTableColumn,
  FunnelChart,
  LoadMore,
  PageLayout,
  Spinner,
  StatCard,
} from "@herald/ui";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { $api, api } from "../../api";
import { useDialogs } from "../../dialogs";
import { routerLink } from "../../shell/link";
import * as b from "../broadcast/broadcast.css";
import * as s from "../contacts/contacts.css";
import * as c from "./campaigns.css";
import { HOME_CRUMB } from "./campaigns.shared";
import {
  broadcastReportPath,
  CAMPAIGNS_PATH,
  type Campaign,
  type CampaignMessage,
  type CampaignReport,
  type CampaignSend,
  campaignEditPath,
  canEdit,
  dateText,
  messageStatus,
  OUTGOING_PARAM,
  OUTGOING_VALUE,
  outgoingReport,
  recipientText,
  sendChannelLabel,
  sendTitle,
  statusLabel,
  statusTone,
  stillSending,
  totalFigures,
} from "./campaigns-rules";

/** While something of the campaign is on its way, its figures are read again this often. */
const FOLLOW_MS = 3000;
const count = (n: number) => n.toLocaleString("en-SG");

/**
 * One campaign: name, status and dates, the totals and funnel of everything it sent (its compose sends and
 * broadcasts), each send with its own figures, and View Outgoing Report: the campaign's messages, one row per
 * recipient. The page follows the figures while messages are on their way.
 */
export default function CampaignView() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const [params, setParams] = useSearchParams();
  const showOutgoing = params.get(OUTGOING_PARAM) === OUTGOING_VALUE;
  const report = $api.useQuery(
    "post",
    "/campaignReport",
    { body: { id } },
    {
      staleTime: 0,
      refetchInterval: (q) => (stillSending(undefined, q.state.data) ? FOLLOW_MS : false),
    },
  );
  const campaign = $api.useQuery(
    "post",
    "/getCampaign",
    { body: { id } },
    {
      staleTime: 0,
      refetchInterval: (q) => (stillSending(q.state.data, report.data) ? FOLLOW_MS : false),
    },
  );
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
  const link = report.data ? outgoingReport(id, report.data) : null;
  const hint = link && "hint" in link ? link.hint : null;
  return (
    <PageLayout>
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
          {hint ? (
            <p id={hintId} className={c.hint}>
              {hint}
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
              disabled={!link || hint !== null}
              aria-describedby={hint ? hintId : undefined}
              aria-pressed={showOutgoing}
              onClick={() => {
                if (!link || "hint" in link) return;
                setParams(showOutgoing ? {} : { [OUTGOING_PARAM]: OUTGOING_VALUE });
              }}
            >
              View Outgoing Report
            </Button>
          </div>
        </div>
      </Card>
      {report.data && report.data.sends.length > 0 ? <Totals report={report.data} /> : null}
      {report.error ? <p className={s.note}>{report.error.message ?? MESSAGES.somethingWentWrong}</p> : null}
      {showOutgoing && report.data && report.data.sends.length > 0 ? (
        <OutgoingReport id={id} following={stillSending(data, report.data)} />
      ) : null}
    </PageLayout>
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

/** The campaign's figures (cards and funnel) and each of its sends with theirs. */
function Totals({ report }: { report: CampaignReport }) {
  const figures = totalFigures(report.totals);
  const columns = useMemo<DataTableColumn<CampaignSend>[]>(
    () => [
      {
        id: "name",
        header: "Send",
        text: (x) => sendTitle(x),
        cell: (x) =>
          x.kind === "broadcast" ? (
            <Link to={broadcastReportPath(x.id)}>{sendTitle(x)}</Link>
          ) : (
            <span>{sendTitle(x)}</span>
          ),
      },
      { id: "channel", header: "Channel", text: (x) => sendChannelLabel(x.channel), priority: "md" },
      {
        id: "createdAt",
        header: "Sent At",
        value: (x) => new Date(x.createdAt),
        text: (x) => formatDateTime12(x.createdAt),
        priority: "lg",
      },
      {
        id: "recipients",
        header: "Recipients",
        align: "end",
        value: (x) => x.totals.recipients,
        text: (x) => count(x.totals.recipients),
        priority: "md",
      },
      {
        id: "sent",
        header: "Sent",
        align: "end",
        value: (x) => x.totals.sent,
        text: (x) => count(x.totals.sent),
      },
      {
        id: "delivered",
        header: "Delivered",
        align: "end",
        value: (x) => x.totals.delivered,
        text: (x) => count(x.totals.delivered),
      },
      {
        id: "failed",
        header: "Failed",
        align: "end",
        value: (x) => x.totals.failed,
        text: (x) => count(x.totals.failed),
        priority: "md",
      },
      {
        id: "pending",
        header: "Pending",
        align: "end",
        value: (x) => x.totals.pending,
        text: (x) => count(x.totals.pending),
        priority: "lg",
      },
      {
        id: "cost",
        header: "Cost",
        align: "end",
        value: (x) => x.totals.costCents,
        text: (x) => formatSgd(x.totals.costCents),
        priority: "lg",
      },
    ],
    [],
  );
  return (
    <>
      <section className={b.stats} aria-label="Delivery">
        {figures.map((f) => (
          <StatCard key={f.label} label={f.label} value={count(f.value)} tone={f.tone} />
        ))}
        <StatCard label="Cost (SGD)" value={formatAmount(report.totals.costCents)} tone="primary" />
      </section>
      <Card title="Delivery funnel" headingLevel={2}>
        <FunnelChart title="Messages by status" data={figures} />
      </Card>
      <Card title="Sends and broadcasts" headingLevel={2}>
        <DataTable<CampaignSend>
          label="Sends and broadcasts"
          data={report.sends}
          columns={columns}
          getRowId={(x) => x.id}
          getRowLabel={(x) => sendTitle(x)}
          searchable={false}
          pagination={false}
          emptyText={MESSAGES.noRecords}
        />
      </Card>
    </>
  );
}

const PAGE = 100;

/** View Outgoing Report: the campaign's messages, newest first, a page at a time. */
function OutgoingReport({ id, following }: { id: string; following: boolean }) {
  const headingRef = useRef<HTMLDivElement>(null);
  const messages = useInfiniteQuery({
    queryKey: ["post", "/campaignMessages", { id }],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      unwrap(
        await api.POST("/campaignMessages", {
          body: { id, limit: PAGE, ...(pageParam ? { cursor: pageParam } : {}) },
        }),
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
    refetchInterval: following ? FOLLOW_MS : false,
  });
  useEffect(() => {
    headingRef.current?.scrollIntoView({ block: "start" });
  }, []);
  const rows = useMemo(() => messages.data?.pages.flatMap((p) => p.data) ?? [], [messages.data]);
  const columns = useMemo<DataTableColumn<CampaignMessage>[]>(
    () => [
      {
        id: "recipient",
        header: "Recipient",
        text: (m) =>
          m.recipientName ? `${m.recipientName} · ${recipientText(m.recipient)}` : recipientText(m.recipient),
      },
      {
        id: "send",
        header: "Send",
        text: (m) => sendTitle({ kind: m.kind, name: m.sendName, channel: m.channel }),
        priority: "md",
      },
      { id: "text", header: "Message", text: (m) => m.text ?? "-", priority: "lg" },
      {
        id: "status",
        header: "Status",
        text: (m) => messageStatus(m.status).label,
        cell: (m) => (
          <Badge tone={messageStatus(m.status).tone} variant="soft">
            {messageStatus(m.status).label}
          </Badge>
        ),
      },
      {
        id: "cost",
        header: "Cost",
        align: "end",
        value: (m) => m.costCents,
        text: (m) => formatSgd(m.costCents),
        priority: "lg",
      },
      {
        id: "createdAt",
        header: "Date",
        value: (m) => new Date(m.createdAt),
        text: (m) => formatDateTime12(m.createdAt),
        priority: "md",
      },
    ],
    [],
  );
  return (
    <div ref={headingRef}>
      <Card title="Outgoing report" headingLevel={2}>
        <DataTable<CampaignMessage>
          label="Outgoing messages"
          data={rows}
          columns={columns}
          getRowId={(m) => m.id}
          getRowLabel={(m) => recipientText(m.recipient)}
          searchLabel="Search messages"
          searchPlaceholder="Recipient, message or status"
          pagination={false}
          loading={messages.isLoading}
          error={messages.error ? (messages.error.message ?? MESSAGES.somethingWentWrong) : null}
          onRetry={() => void messages.refetch()}
          emptyText={MESSAGES.noRecords}
        />
        <LoadMore
          shown={rows.length}
          hasMore={messages.hasNextPage}
          loading={messages.isFetchingNextPage}
          onLoadMore={() => void messages.fetchNextPage()}
          noun={["message", "messages"]}
        />
      </Card>
    </div>
  );
}
