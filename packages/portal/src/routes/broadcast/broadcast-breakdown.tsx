import { ApiError, unwrap } from "@herald/api-client";
import { MESSAGES } from "@herald/domain";
import {
  Badge,
  Breadcrumb,
  Button,
  Card,
  channelLabel,
  DataTable,
  type DataTableColumn,
  Dialog,
  EmptyState,
  FunnelChart,
  PageLayout,
  Spinner,
  StatCard,
} from "@herald/ui";
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { api } from "../../api";
import { useDialogs } from "../../dialogs";
import { getToken } from "../../session";
import { routerLink } from "../../shell/link";
import { exportRows, saveBlob } from "../contacts/contacts.shared";
import * as s from "./broadcast.css";
import {
  type BroadcastBreakdown as Breakdown,
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

type Status = NonNullable<Breakdown["status"]>;
type Control = "pause" | "resume" | "cancel";

const STATE: Record<
  Status,
  { label: string; tone: "warning" | "success" | "secondary" | "danger" | "info" }
> = {
  queued: { label: "Queued", tone: "info" },
  running: { label: "Sending", tone: "warning" },
  paused: { label: "Paused", tone: "secondary" },
  cancelled: { label: "Cancelled", tone: "danger" },
  done: { label: "Finished", tone: "success" },
};
/** Which controls a broadcast in each state offers. */
const CONTROLS: Record<Status, Control[]> = {
  queued: ["pause", "cancel"],
  running: ["pause", "cancel"],
  paused: ["resume", "cancel"],
  cancelled: [],
  done: [],
};
const CONTROL_LABEL: Record<Control, string> = {
  pause: "Pause",
  resume: "Resume",
  cancel: "Cancel broadcast",
};

/** The broadcast's state (from its recipients when the server does not say). */
const statusOf = (b: Breakdown): Status => b.status ?? (isRunning(b) ? "running" : "done");
/** The report stays live (polled) while the broadcast may still send. */
const isLive = (b: Breakdown | undefined) =>
  b !== undefined && (b.status ? ["queued", "running", "paused"].includes(b.status) : isRunning(b));

const queryKey = (id: string) => ["social-chat", "broadcast", id];

/**
 * Live updates: the server's event stream (`GET /api/events`) says when a broadcast changes (`broadcast` with its
 * id); the breakdown is refetched at once. Polling stays as the fallback while it runs.
 */
function useBroadcastEvents(queryClient: QueryClient, id: string) {
  useEffect(() => {
    const token = getToken();
    if (!token || typeof EventSource === "undefined") return;
    const source = new EventSource(`/api/events?access_token=${encodeURIComponent(token)}`);
    const onBroadcast = (event: MessageEvent) => {
      try {
        const data = JSON.parse(String(event.data)) as { broadcastId?: unknown };
        if (data.broadcastId === id) void queryClient.invalidateQueries({ queryKey: queryKey(id) });
      } catch {
        // a malformed hint is ignored: polling catches up
      }
    };
    source.addEventListener("broadcast", onBroadcast);
    return () => source.close();
  }, [queryClient, id]);
}

/** The file name of a Content-Disposition header (RFC 6266 `filename*` first). */
function fileNameOf(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? "")?.[1];
  if (star) {
    try {
      return decodeURIComponent(star);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? "")?.[1] ?? fallback;
}

/** One broadcast: its content, Total / Sent / Delivered / Read / Failed, and every recipient (live while running). */
export default function BroadcastBreakdown() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const [viewing, setViewing] = useState<RecipientRow | null>(null);
  const [busy, setBusy] = useState<Control | "export" | null>(null);
  const query = useQuery({
    queryKey: queryKey(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET("/social-chat/broadcast/{id}", { params: { path: { id } }, signal })),
    staleTime: 0,
    refetchInterval: (q) => (isLive(q.state.data) ? REPORT_POLL_MS : false),
  });
  useBroadcastEvents(queryClient, id);
  const b = query.data;

  const control = async (action: Control) => {
    if (!b || busy) return;
    if (
      action === "cancel" &&
      !(await dialogs.confirm({
        title: "Cancel this broadcast?",
        text: "Recipients not sent yet will never receive it. This cannot be undone.",
        confirmLabel: "Cancel broadcast",
        cancelLabel: "Keep sending",
        tone: "danger",
      }))
    )
      return;
    setBusy(action);
    try {
      const params = { params: { path: { id: b.id } } };
      const r = unwrap(
        action === "pause"
          ? await api.POST("/social-chat/broadcast/{id}/pause", params)
          : action === "resume"
            ? await api.POST("/social-chat/broadcast/{id}/resume", params)
            : await api.POST("/social-chat/broadcast/{id}/cancel", params),
      );
      queryClient.setQueryData<Breakdown>(queryKey(b.id), (old) =>
        old ? { ...old, status: r.status } : old,
      );
      void queryClient.invalidateQueries({ queryKey: queryKey(b.id) });
    } catch (err) {
      await dialogs.message("error", err instanceof ApiError ? err.message : MESSAGES.somethingWentWrong);
      void queryClient.invalidateQueries({ queryKey: queryKey(b.id) });
    } finally {
      setBusy(null);
    }
  };

  const exportRecipients = async () => {
    if (!b || busy) return;
    setBusy("export");
    try {
      const result = await api.GET("/social-chat/broadcast/{id}/recipients/export", {
        params: { path: { id: b.id }, query: { format: "xlsx" } },
        parseAs: "blob",
      });
      const blob = unwrap(result) as unknown as Blob;
      saveBlob(
        blob,
        fileNameOf(result.response.headers.get("content-disposition"), `${b.name}-recipients.xlsx`),
      );
    } catch (err) {
      await dialogs.message("error", err instanceof ApiError ? err.message : MESSAGES.somethingWentWrong);
    } finally {
      setBusy(null);
    }
  };
  const crumbs = [
    HOME_CRUMB,
    { label: "Broadcast reports", href: REPORT_PATH },
    { label: b?.name ?? "Details" },
  ];

  const columns = useMemo<DataTableColumn<RecipientRow>[]>(
    () => [
      { id: "name", header: "Name", text: (r) => r.name },
      { id: "contactName", header: "Contact Name", text: (r) => r.contactName ?? "-", priority: "md" },
      { id: "channel", header: "Channel", text: (r) => channelLabel(r.channel_type), priority: "lg" },
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
      <PageLayout>
        <Breadcrumb items={crumbs} renderLink={routerLink} />
        <Card title="Broadcast details" headingLevel={2}>
          <Spinner label="Loading the broadcast" showLabel />
        </Card>
      </PageLayout>
    );
  if (query.isError || !b) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <PageLayout>
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
      </PageLayout>
    );
  }

  const { stats, preview } = b;
  const status = statusOf(b);
  const previewText =
    b.type === "template"
      ? fillVariables(
          preview.whatsappTemplateComponents?.find((c) => c.type === "BODY")?.text ?? "",
          preview.whatsappTemplateVariables?.body ?? [],
        )
      : (preview.text ?? "");

  return (
    <PageLayout>
      <Breadcrumb items={crumbs} renderLink={routerLink} />
      <Card
        title={b.name}
        headingLevel={2}
        actions={
          <>
            <Badge tone={STATE[status].tone}>{STATE[status].label}</Badge>
            {CONTROLS[status].map((action) => (
              <Button
                key={action}
                variant="outline"
                tone={action === "cancel" ? "danger" : "secondary"}
                loading={busy === action}
                aria-disabled={(busy !== null && busy !== action) || undefined}
                onClick={() => void control(action)}
              >
                {CONTROL_LABEL[action]}
              </Button>
            ))}
            <Button
              variant="outline"
              tone="secondary"
              loading={busy === "export"}
              aria-disabled={(busy !== null && busy !== "export") || undefined}
              onClick={() => void exportRecipients()}
            >
              Export recipients
            </Button>
          </>
        }
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
    </PageLayout>
  );
}
