import { unwrap } from "@herald/api-client";
import { formatContactNumber, formatDateTime24, MESSAGES } from "@herald/domain";
import { Breadcrumb, Button, Card, DataTable, type DataTableColumn, PageLayout } from "@herald/ui";
import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { $api, api } from "../../api";
import { useDialogs } from "../../dialogs";
import { routerLink } from "../../shell/link";
import { useShownSelection } from "../use-shown-selection";
import * as s from "./contacts.css";
import {
  exportRows,
  failure,
  GROUPS_PATH,
  type GroupMember,
  groupEditPath,
  HOME_CRUMB,
  numberColumn,
  refreshContacts,
  useCursorTable,
  useGoBackOnError,
} from "./contacts.shared";
import { MEMBER_PAGE_SIZES } from "./contacts-rules";

/** One group's members, paged by keyset: remove one (row menu) or several (selection) from the group. */
export default function GroupMembers() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const { query, observe, tableProps, pageIndex } = useCursorTable({ pageSizes: MEMBER_PAGE_SIZES });
  const group = $api.useQuery(
    "post",
    "/getGroup",
    { body: { id, ...query } },
    { placeholderData: keepPreviousData, staleTime: 0 },
  );
  const [removing, setRemoving] = useState(false);

  const data = group.data;
  const rows = data?.groupMembers;
  const offset = pageIndex * query.limit;
  useEffect(() => {
    if (data && !group.isPlaceholderData)
      observe({ nextCursor: data.nextCursor, ...(query.search ? {} : { total: data.total_recipients }) });
  }, [data, group.isPlaceholderData, observe, query.search]);
  const [selected, setSelected] = useShownSelection(rows);
  // A group that is not there (another company's, deleted) says so and goes back to the groups (§8).
  useGoBackOnError(group.error, GROUPS_PATH);

  const columns = useMemo<DataTableColumn<GroupMember>[]>(
    () => [
      numberColumn(rows, offset, "md"),
      { id: "name", header: "Name", text: (m) => m.name, sortable: false },
      {
        id: "mobile",
        header: "Phone Number",
        text: (m) => formatContactNumber(m.mobile),
        cell: (m) => <span className={s.number}>{formatContactNumber(m.mobile)}</span>,
        sortable: false,
      },
      { id: "email", header: "Email", text: (m) => m.email || "-", sortable: false, priority: "md" },
      {
        id: "created_at",
        header: "Added On",
        text: (m) => formatDateTime24(m.created_at),
        sortable: false,
        priority: "lg",
      },
    ],
    [rows, offset],
  );

  const removeOne = async (m: GroupMember) => {
    const ok = await dialogs.confirm({
      title: MESSAGES.confirmDelete,
      text: `${m.name} will be removed from ${data?.name ?? "the group"}; the contact stays in your contacts.`,
      confirmLabel: "Remove",
      tone: "danger",
    });
    if (!ok) return;
    try {
      unwrap(await api.POST("/removeMember", { body: { id: m.id, groupId: id } }));
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
      text: `${selected.length} contact${selected.length === 1 ? "" : "s"} will be removed from the group.`,
      confirmLabel: "Remove",
      tone: "danger",
    });
    if (!ok) return;
    setRemoving(true);
    try {
      unwrap(await api.POST("/removeMembers", { body: { id, selectedRows: selected.map((m) => m.id) } }));
      setSelected([]);
      await refreshContacts(queryClient);
      await dialogs.message("success", MESSAGES.dataDeleteSuccess);
    } catch {
      await dialogs.message("error", MESSAGES.errorTitle, MESSAGES.deleteRowsFailed);
    } finally {
      setRemoving(false);
    }
  };

  const total = query.search ? offset + (rows?.length ?? 0) : tableProps.total;
  const title = data?.name ?? "Group Members";
  return (
    <PageLayout>
      <Breadcrumb
        items={[HOME_CRUMB, { label: "Groups", href: GROUPS_PATH }, { label: "Group Members" }]}
        renderLink={routerLink}
      />
      <Card
        title={title}
        headingLevel={2}
        actions={
          <Button variant="outline" disabled={!data} onClick={() => navigate(groupEditPath(id))}>
            Edit Group
          </Button>
        }
      >
        {data && (
          <p className={s.note}>
            {data.total_recipients.toLocaleString("en-US")} recipient{data.total_recipients === 1 ? "" : "s"}
          </p>
        )}
        <DataTable<GroupMember>
          {...tableProps}
          total={total}
          mode="server"
          label="Group members"
          data={rows ?? []}
          columns={columns}
          getRowId={(m) => m.id}
          getRowLabel={(m) => m.name}
          searchLabel="Search members"
          searchPlaceholder="Name or number"
          loading={group.isPending || (group.isFetching && group.isPlaceholderData)}
          error={group.isError ? (group.error?.message ?? MESSAGES.somethingWentWrong) : null}
          onRetry={() => void group.refetch()}
          emptyText={query.search ? MESSAGES.noRecords : MESSAGES.noGroupRecipients}
          selectable
          selectedIds={selected.map((m) => m.id)}
          onSelectionChange={(_, picked) => setSelected(picked)}
          bulkActions={(picked) => (
            <Button
              size="sm"
              variant="outline"
              tone="danger"
              disabled={picked.length === 0}
              loading={removing}
              onClick={() => void removeSelected()}
            >
              Remove from Group
            </Button>
          )}
          onExport={(format, visible) =>
            void exportRows(
              format,
              ["Name", "Mobile", "Email", "Added On"],
              visible.map((m) => [m.name, m.mobile, m.email ?? "", formatDateTime24(m.created_at)]),
              "group-members",
            ).catch(() => dialogs.message("error", MESSAGES.somethingWentWrong))
          }
          rowActions={[{ label: "Remove from Group", onSelect: (m) => void removeOne(m), tone: "danger" }]}
        />
      </Card>
    </PageLayout>
  );
}
