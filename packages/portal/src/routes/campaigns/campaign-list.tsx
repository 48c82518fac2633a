import { ApiError, unwrap } from "@herald/api-client";
import { MESSAGES } from "@herald/domain";
import {
  Badge,
  Breadcrumb,
  Button,
  Card,
  DataTable,
  type DataTableColumn,
  DateRangePicker,
  PageLayout,
} from "@herald/ui";
import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { $api, api } from "../../api";
import { useDialogs } from "../../dialogs";
import { getToken } from "../../session";
import { useLiveEvents } from "../../shell/event-stream";
import { routerLink } from "../../shell/link";
import { useProfile } from "../../shell/use-profile";
import { exportRows } from "../contacts/contacts.shared";
import { useShownSelection } from "../use-shown-selection";
import * as c from "./campaigns.css";
import { HOME_CRUMB, refreshCampaigns } from "./campaigns.shared";
import {
  CAMPAIGN_ADD_PATH,
  type Campaign,
  campaignEditPath,
  campaignViewPath,
  canEdit,
  type DayRange,
  dateText,
  defaultRange,
  deleteText,
  EXPORT_HEADER,
  EXPORT_NAME,
  exportRow,
  listFilter,
  rangeProblem,
  statusLabel,
  statusTone,
} from "./campaigns-rules";

/** Campaign management: the company's campaigns created within a date range (the last 2 days at first). */
export default function CampaignList() {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const [range, setRange] = useState<DayRange>(() => defaultRange());
  const [applied, setApplied] = useState<DayRange>(range);
  const problem = rangeProblem(range);
  useEffect(() => {
    if (!rangeProblem(range)) setApplied(range);
  }, [range]);

  // The list call carries the role as isAdmin (§6); the server scopes by the token either way.
  const role = useProfile().data?.userRole;
  const list = $api.useQuery(
    "post",
    "/campaignList",
    { body: { isAdmin: role === "admin" ? 1 : 0, ...listFilter(applied) } },
    {
      placeholderData: keepPreviousData,
      staleTime: 0,
      enabled: role !== undefined,
      // A campaign's status follows its broadcasts: asked again on their events, and every 30 s while shown.
      refetchInterval: 30_000,
    },
  );
  useLiveEvents(role !== undefined ? getToken() : null, {
    broadcast: () => void list.refetch(),
  });
  const rows = list.data?.data;
  const [selected, setSelected] = useShownSelection(rows);
  const [deleting, setDeleting] = useState(false);

  const columns = useMemo<DataTableColumn<Campaign>[]>(() => {
    const numbers = new Map((rows ?? []).map((r, i) => [r.id, i + 1]));
    return [
      {
        id: "no",
        header: "No.",
        text: (r) => String(numbers.get(r.id) ?? ""),
        sortable: false,
        searchable: false,
        fit: "content",
        align: "end",
        priority: "sm",
      },
      { id: "name", header: "Campaign Name", text: (r) => r.name, fit: "fill", clamp: 2 },
      {
        id: "status",
        header: "Status",
        text: (r) => statusLabel(r.status),
        cell: (r) => (
          <Badge tone={statusTone(r.status)} variant="soft">
            {statusLabel(r.status)}
          </Badge>
        ),
        fit: "content",
      },
      {
        id: "created_dtm",
        header: "Created Date",
        value: (r) => r.created_dtm,
        text: (r) => dateText(r.created_dtm),
        searchable: false,
        fit: "content",
      },
      {
        id: "scheduled_dtm",
        header: "Scheduled Date",
        value: (r) => r.scheduled_dtm,
        text: (r) => dateText(r.scheduled_dtm),
        searchable: false,
        fit: "content",
        priority: "md",
      },
      { id: "broadcast_name", header: "Broadcast", text: (r) => r.broadcast_name ?? "-", priority: "md" },
    ];
  }, [rows]);

  const removeSelected = async () => {
    if (selected.length === 0) return;
    const ok = await dialogs.confirm({
      title: MESSAGES.confirmDelete,
      text: deleteText(selected.length),
      confirmLabel: "Delete",
      tone: "danger",
    });
    if (!ok) return;
    setDeleting(true);
    try {
      unwrap(await api.POST("/deleteCampaign", { body: { selectedRows: selected.map((r) => r.id) } }));
      setSelected([]);
      await refreshCampaigns(queryClient);
      await dialogs.message("success", MESSAGES.dataDeleteSuccess);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400)
        await dialogs.message("error", MESSAGES.errorDeletingData);
      else await dialogs.message("error", MESSAGES.errorTitle, MESSAGES.deleteRowsFailed);
      await refreshCampaigns(queryClient);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <PageLayout>
      <Breadcrumb items={[HOME_CRUMB, { label: "Campaigns" }]} renderLink={routerLink} />
      <Card
        title="Campaigns"
        headingLevel={2}
        actions={<Button onClick={() => navigate(CAMPAIGN_ADD_PATH)}>Add Campaign</Button>}
      >
        <div className={c.filters}>
          <DateRangePicker
            label="Created between"
            startLabel="From"
            endLabel="To"
            value={range}
            onValueChange={setRange}
            error={problem ?? undefined}
          />
          <Button variant="outline" tone="secondary" size="sm" onClick={() => setRange(defaultRange())}>
            Last 2 days
          </Button>
        </div>
        <DataTable<Campaign>
          label="Campaigns"
          data={rows ?? []}
          columns={columns}
          getRowId={(r) => r.id}
          getRowLabel={(r) => r.name}
          searchLabel="Search campaigns"
          searchPlaceholder="Campaign name or status"
          loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
          error={list.isError ? (list.error?.message ?? MESSAGES.somethingWentWrong) : null}
          onRetry={() => void list.refetch()}
          emptyText={MESSAGES.noRecords}
          selectable
          selectedIds={selected.map((r) => r.id)}
          onSelectionChange={(_, picked) => setSelected(picked)}
          bulkActions={(picked) => (
            <Button
              size="sm"
              variant="outline"
              tone="danger"
              disabled={picked.length === 0}
              loading={deleting}
              onClick={() => void removeSelected()}
            >
              Delete
            </Button>
          )}
          onExport={(format, visible) =>
            void exportRows(format, EXPORT_HEADER, visible.map(exportRow), EXPORT_NAME).catch(() =>
              dialogs.message("error", MESSAGES.somethingWentWrong),
            )
          }
          stackBelow="sm"
          toolbar={
            <Button
              size="sm"
              variant="outline"
              tone="secondary"
              loading={list.isFetching && !list.isPending}
              onClick={() => void list.refetch()}
            >
              Refresh
            </Button>
          }
          rowActions={[
            { label: "Edit", onSelect: (r) => navigate(campaignEditPath(r.id)), hidden: (r) => !canEdit(r) },
            { label: "View Details", onSelect: (r) => navigate(campaignViewPath(r.id)) },
          ]}
        />
      </Card>
    </PageLayout>
  );
}
