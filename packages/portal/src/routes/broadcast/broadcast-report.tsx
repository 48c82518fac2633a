import { MESSAGES } from "@herald/domain";
import { Breadcrumb, Button, Card, DataTable, type DataTableColumn, PageLayout } from "@herald/ui";
import { useMemo } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { $api } from "../../api";
import { useDialogs } from "../../dialogs";
import { routerLink } from "../../shell/link";
import { exportRows } from "../contacts/contacts.shared";
import { type BroadcastListItem, dateText, HOME_CRUMB, reportPath, WIZARD_PATH } from "./broadcast-rules";

const EXPORT_HEADER = ["Name", "Description", "Campaign", "Total Recipients", "Created At"] as const;

/** Broadcast report: every broadcast of the company, newest first (optionally one campaign's, ?campaignId=). */
export default function BroadcastReport() {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const [params] = useSearchParams();
  const campaignId = params.get("campaignId") ?? undefined;
  const list = $api.useQuery("get", "/social-chat/broadcast", {
    params: { query: campaignId ? { campaignId } : {} },
  });

  const columns = useMemo<DataTableColumn<BroadcastListItem>[]>(
    () => [
      { id: "name", header: "Name", text: (r) => r.name },
      { id: "description", header: "Description", text: (r) => r.description ?? "-", priority: "md" },
      { id: "campaign", header: "Campaign", text: (r) => r.campaignName ?? "-", priority: "md" },
      {
        id: "total",
        header: "Total Recipients",
        value: (r) => r.total,
        text: (r) => r.total.toLocaleString("en-SG"),
        align: "end",
        searchable: false,
      },
      {
        id: "createdAt",
        header: "Created At",
        value: (r) => r.createdAt,
        text: (r) => dateText(r.createdAt),
        searchable: false,
        priority: "sm",
      },
    ],
    [],
  );

  return (
    <PageLayout>
      <Breadcrumb items={[HOME_CRUMB, { label: "Broadcast reports" }]} renderLink={routerLink} />
      <Card
        title="Broadcast reports"
        headingLevel={2}
        actions={<Button onClick={() => navigate(WIZARD_PATH)}>New Broadcast</Button>}
      >
        <DataTable<BroadcastListItem>
          label="Broadcasts"
          data={list.data?.data ?? []}
          columns={columns}
          getRowId={(r) => r.id}
          getRowLabel={(r) => r.name}
          searchLabel="Search broadcasts"
          searchPlaceholder="Name, description or campaign"
          loading={list.isPending}
          error={list.isError ? MESSAGES.broadcastListError : null}
          onRetry={() => void list.refetch()}
          emptyText={MESSAGES.noRecords}
          onExport={(format, visible) =>
            void exportRows(
              format,
              EXPORT_HEADER,
              visible.map((r) => [
                r.name,
                r.description ?? "",
                r.campaignName ?? "",
                String(r.total),
                dateText(r.createdAt),
              ]),
              "broadcasts",
            ).catch(() => dialogs.message("error", MESSAGES.somethingWentWrong))
          }
          rowActions={[{ label: "View Details", onSelect: (r) => navigate(reportPath(r.id)) }]}
        />
      </Card>
    </PageLayout>
  );
}
