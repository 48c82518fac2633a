import { ApiError, unwrap } from "@herald/api-client";
import { MESSAGES } from "@herald/domain";
import {
  Badge,
  Breadcrumb,
  Button,
  Card,
  DataTable,
  type DataTableColumn,
  Dialog,
  EmptyState,
  FunnelChart,
  Spinner,
  StatCard,
} from "@herald/ui";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { api } from "../../api";
import { useDialogs } from "../../dialogs";
import { routerLink } from "../../shell/link";
import { exportRows } from "../contacts/contacts.shared";
import * as s from "./broadcast.css";
import {
  dateText,
  fillVariables,
  HOME_CRUMB,
  isRunning,
  messageText,
  RECIPIENT_EXPORT_HEADER,
  REPORT_PATH,
  REPORT_POLL_MS,
  type RecipientRow,
  recipientExportRow,
  statusLabel,
  statusTone,
} from "./broadcast-rules";

const METHOD_LABEL = { contacts: "Contacts", groups: "Groups", file: "File" } as const;

/** One broadcast: its content, Total / Sent / Delivered / Read / Failed, and every recipient (live while running). */
export default function BroadcastBreakdown() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const [viewing, setViewing] = useState<RecipientRow | null>(null);
  const query = useQuery({
    queryKey: ["social-chat", "broadcast", id],
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/social-chat/broadcast/{id}", { params: { path: { id } }, signal })),
    staleTime: 0,
    refetchInterval: (q) => (isRunning(q.state.data) ? REPORT_POLL_MS : false),
  });
  const b = query.data;
  const crumbs = [
    HOME_CRUMB,
    { label: "Broadcast reports", href: REPORT_PATH },
    { label: b?.name ?? "Details" },
  ];

  const columns = useMemo<DataTableColumn<RecipientRow>[]>(
    () => [
      { id: "name", header: "Name", text: (r) => r.name },
      { id: "contactName", header: "Contact Name", text: (r) => r.contactName ?? "-", priority: "md" },
      { id: "channel", header: "Channel", text: (r) => r.channel_type, priority: "lg" },
      {
        id: "status",
        header: "Status",
        text: (r) => statusLabel(r.delivery_status),
        cell: (r) => (
          <Badge tone={statusTone(r.delivery_status)} variant="soft">
            {statusLabel(r.delivery_status)}
          </Badge>
        ),
      },
      { id: "remark", header: "Remark", text: (r) => r.remark ?? "-", priority: "md" },
      {
        id: "created_at",
        header: "Created At",
        value: (r) => r.created_at,
        text: (r) => dateText(r.created_at),
        searchable: false,
        priority: "lg",
      },
    ],
    [],
  );

  if (query.isPending)
    return (
      <div className={s.page}>
        <Breadcrumb items={crumbs} renderLink={routerLink} />
        <Card title="Broadcast details" headingLevel={2}>
          <Spinner label="Loading the broadcast" showLabel />
        </Card>
      </div>
    );
  if (query.isError || !b) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className={s.page}>
        <Breadcrumb items={crumbs} renderLink={routerLink} />
        <Card title="Broadcast details" headingLevel={2}>
          <EmptyState
            icon="info"
            title={missing ? "Broadcast not found" : MESSAGES.somethingWentWrong}
            description={
              missing ? "It may have been deleted with its campaign." : "The broadcast could not be loaded."
            }
            action={
              missing ? (
                <Button onClick={() => navigate(REPORT_PATH)}>Back to reports</Button>
              ) : (
                <Button onClick={() => void query.refetch()}>Try again</Button>
              )
            }
          />
        </Card>
      </div>
    );
  }

  const { stats, preview } = b;
  const running = isRunning(b);
  const previewText =
    b.type === "template"
      ? fillVariables(
          preview.whatsappTemplateComponents?.find((c) => c.type === "BODY")?.text ?? "",
          preview.whatsappTemplateVariables?.body ?? [],
        )
      : (preview.text ?? "");

  return (
    <div className={s.page}>
      <Breadcrumb items={crumbs} renderLink={routerLink} />
      <Card
        title={b.name}
        headingLevel={2}
        actions={running ? <Badge tone="warning">Sending</Badge> : <Badge tone="success">Finished</Badge>}
      >
        <div className={s.split}>
          <dl className={s.facts}>
            <dt className={s.term}>Description</dt>
            <dd className={s.value}>{b.description || "-"}</dd>
            <dt className={s.term}>Campaign</dt>
            <dd className={s.value}>{b.campaignName ?? "-"}</dd>
            <dt className={s.term}>Type</dt>
            <dd className={s.value}>{b.type === "template" ? "WhatsApp template" : "Live text"}</dd>
            <dt className={s.term}>Recipients from</dt>
            <dd className={s.value}>{METHOD_LABEL[b.method]}</dd>
            <dt className={s.term}>Created At</dt>
            <dd className={s.value}>{dateText(b.createdAt)}</dd>
          </dl>
          <section aria-label="Content preview">
            <h3>Content preview</h3>
            {preview.attachment ? (
              <p className={s.note}>
                Attachment: <a href={preview.attachment.url}>{preview.attachment.name}</a>
              </p>
            ) : null}
            <p className={s.preview}>{previewText || "-"}</p>
          </section>
        </div>
      </Card>
      <section className={s.stats} aria-label="Delivery">
        <StatCard label="Total" value={stats.total.toLocaleString("en-SG")} tone="primary" />
        <StatCard label="Sent" value={stats.sent.toLocaleString("en-SG")} tone="info" />
        <StatCard label="Delivered" value={stats.delivered.toLocaleString("en-SG")} tone="secondary" />
        <StatCard label="Read" value={stats.read.toLocaleString("en-SG")} tone="success" />
        <StatCard label="Failed" value={stats.failed.toLocaleString("en-SG")} tone="danger" />
      </section>
      <Card title="Delivery funnel" headingLevel={2}>
        <FunnelChart
          title="Recipients by status"
          data={[
            { label: "Total", value: stats.total, tone: "primary" },
            { label: "Sent", value: stats.sent, tone: "info" },
            { label: "Delivered", value: stats.delivered, tone: "secondary" },
            { label: "Read", value: stats.read, tone: "success" },
            { label: "Failed", value: stats.failed, tone: "danger" },
          ]}
        />
      </Card>
      <Card title="Recipients" headingLevel={2}>
        <DataTable<RecipientRow>
          label="Recipients"
          data={b.recipients}
          columns={columns}
          getRowId={(r) => r.id}
          getRowLabel={(r) => r.contactName ?? r.name}
          searchLabel="Search recipients"
          searchPlaceholder="Name, status or remark"
          emptyText={MESSAGES.noRecords}
          onExport={(format, visible) =>
            void exportRows(
              format,
              RECIPIENT_EXPORT_HEADER,
              visible.map(recipientExportRow),
              `broadcast-${b.name}`,
            ).catch(() => dialogs.message("error", MESSAGES.somethingWentWrong))
          }
          rowActions={[{ label: "View Message", onSelect: setViewing }]}
        />
      </Card>
      <Dialog
        open={viewing !== null}
        onOpenChange={(open) => !open && setViewing(null)}
        title="Message"
        description={viewing ? `To ${viewing.contactName ?? viewing.name}` : undefined}
      >
        {viewing ? (
          <div className={s.form}>
            {viewing.url ? (
              <p className={s.note}>
                Attachment: <a href={viewing.url}>{viewing.filename ?? "file"}</a>
              </p>
            ) : null}
            <p className={s.preview}>{messageText(viewing) || "-"}</p>
            <p className={s.note}>
              Status: {statusLabel(viewing.delivery_status)}
              {viewing.remark ? ` · ${viewing.remark}` : ""}
            </p>
          </div>
        ) : null}
      </Dialog>
    </div>
  );
}
