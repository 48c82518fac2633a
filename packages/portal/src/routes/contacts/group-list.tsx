import { unwrap } from "@herald/api-client";
import { formatDate, MESSAGES } from "@herald/domain";
import { Breadcrumb, Button, Card, DataTable, type DataTableColumn, PageLayout } from "@herald/ui";
import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { $api, api } from "../../api";
import { useDialogs } from "../../dialogs";
import { routerLink } from "../../shell/link";
import { useShownSelection } from "../use-shown-selection";
import {
  exportRows,
  failure,
  GROUP_ADD_PATH,
  type Group,
  groupEditPath,
  groupPath,
  HOME_CRUMB,
  numberColumn,
  refreshContacts,
  useCursorTable,
} from "./contacts.shared";
import { GROUP_PAGE_SIZES } from "./contacts-rules";

/** Groups: lists of contacts sent to together, with their member counts. */
export default function GroupList() {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const { query, observe, tableProps, pageIndex } = useCursorTable({ pageSizes: GROUP_PAGE_SIZES });
  const list = $api.useQuery(
    "get",
    "/groups",
    { params: { query } },
    { placeholderData: keepPreviousData, staleTime: 0 },
  );
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    if (list.data && !list.isPlaceholderData) observe(list.data);
  }, [list.data, list.isPlaceholderData, observe]);

  const rows = list.data?.data;
  const [selected, setSelected] = useShownSelection(rows);

  const offset = pageIndex * query.limit;
  const columns = useMemo<DataTableColumn<Group>[]>(
    () => [
      numberColumn(rows, offset, "sm"),
      { id: "name", header: "Group Name", text: (g) => g.name, sortable: false },
      {
        id: "total_recipients",
        header: "Total Recipients",
        text: (g) => g.total_recipients.toLocaleString("en-US"),
        sortable: false,
        align: "end",
      },
      {
        id: "created_at",
        header: "Created Date",
        text: (g) => formatDate(g.created_at),
        sortable: false,
        priority: "md",
      },
    ],
    [rows, offset],
  );

  const removeOne = async (g: Group) => {
    const ok = await dialogs.confirm({
      title: MESSAGES.confirmDelete,
      text: `The group ${g.name} will be deleted; its contacts stay in your contacts.`,
      confirmLabel: "Delete",
      tone: "danger",
    });
    if (!ok) return;
    try {
      unwrap(await api.POST("/deleteGroup", { body: { id: g.id } }));
      await refreshContacts(queryClient);
      await dialogs.message("success", MESSAGES.dataDeleteSuccess);
    } catch (err) {
      const { title, text } = failure(err, MESSAGES.errorDeletingData);
      await dialogs.message("error", title, text);
    }
  };

  const removeSelected = async () => {
    if (selected.length === 0) return;
    const ok = await dialogs.confirm({
      title: MESSAGES.confirmDelete,
      text: `${selected.length} group${selected.length === 1 ? "" : "s"} will be deleted; their contacts stay.`,
      confirmLabel: "Delete",
      tone: "danger",
    });
    if (!ok) return;
    setDeleting(true);
    try {
      unwrap(await api.POST("/deleteGroups", { body: { selectedRows: selected.map((g) => g.id) } }));
      setSelected([]);
      await refreshContacts(queryClient);
      await dialogs.message("success", MESSAGES.dataDeleteSuccess);
    } catch {
      await dialogs.message("error", MESSAGES.errorTitle, MESSAGES.deleteRowsFailed);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <PageLayout>
      <Breadcrumb items={[HOME_CRUMB, { label: "Groups" }]} renderLink={routerLink} />
      <Card
        title="Groups"
        headingLevel={2}
        actions={<Button onClick={() => navigate(GROUP_ADD_PATH)}>Add Group</Button>}
      >
        <DataTable<Group>
          {...tableProps}
          mode="server"
          label="Groups"
          data={rows ?? []}
          columns={columns}
          getRowId={(g) => g.id}
          getRowLabel={(g) => g.name}
          searchLabel="Search groups"
          searchPlaceholder="Group name"
          loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
          error={list.isError ? (list.error?.message ?? MESSAGES.somethingWentWrong) : null}
          onRetry={() => void list.refetch()}
          emptyText={MESSAGES.noRecords}
          selectable
          selectedIds={selected.map((g) => g.id)}
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
            void exportRows(
              format,
              ["Group Name", "Total Recipients", "Created Date"],
              visible.map((g) => [g.name, String(g.total_recipients), formatDate(g.created_at)]),
              "groups",
            ).catch(() => dialogs.message("error", MESSAGES.somethingWentWrong))
          }
          rowActions={[
            { label: "View Details", onSelect: (g) => navigate(groupPath(g.id)) },
            { label: "Edit", onSelect: (g) => navigate(groupEditPath(g.id)) },
            { label: "Delete", onSelect: (g) => void removeOne(g), tone: "danger" },
          ]}
        />
      </Card>
    </PageLayout>
  );
}
