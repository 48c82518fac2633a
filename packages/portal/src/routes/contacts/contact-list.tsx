import { unwrap } from "@herald/api-client";
import { formatContactNumber, formatDate, MESSAGES } from "@herald/domain";
import { Breadcrumb, Button, Card, DataTable, type DataTableColumn, PageLayout } from "@herald/ui";
import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { $api, api } from "../../api";
import { useDialogs } from "../../dialogs";
import { routerLink } from "../../shell/link";
import { useShownSelection } from "../use-shown-selection";
import * as s from "./contacts.css";
import { AddIntoGroup } from "./contacts.parts";
import {
  CONTACT_ADD_PATH,
  type Contact,
  contactEditPath,
  contactPath,
  exportRows,
  failure,
  HOME_CRUMB,
  numberColumn,
  refreshContacts,
  useCursorTable,
} from "./contacts.shared";
import { CONTACT_PAGE_SIZES, totalLabel } from "./contacts-rules";

const groupNames = (c: Contact) => c.groups.map((g) => g.name).join(", ");

/** Contacts: the company's phone book, paged by keyset on the server and searched by name or number. */
export default function ContactList() {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const { query, observe, tableProps, total, pageIndex } = useCursorTable({
    pageSizes: CONTACT_PAGE_SIZES,
    jumps: true,
  });
  const list = $api.useQuery(
    "get",
    "/contacts",
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
  const columns = useMemo<DataTableColumn<Contact>[]>(
    () => [
      numberColumn(rows, offset, "md"),
      { id: "name", header: "Name", text: (r) => r.name, sortable: false },
      {
        id: "mobile",
        header: "Phone Number",
        text: (r) => formatContactNumber(r.mobile),
        cell: (r) => <span className={s.number}>{formatContactNumber(r.mobile)}</span>,
        sortable: false,
      },
      { id: "email", header: "Email", text: (r) => r.email || "-", sortable: false, priority: "md" },
      { id: "groups", header: "Groups", text: (r) => groupNames(r) || "-", sortable: false, priority: "lg" },
      {
        id: "created_at",
        header: "Created Date",
        text: (r) => formatDate(r.created_at),
        sortable: false,
        priority: "lg",
      },
    ],
    [rows, offset],
  );

  const removeOne = async (c: Contact) => {
    const ok = await dialogs.confirm({
      title: MESSAGES.confirmDelete,
      text: `${c.name} (${formatContactNumber(c.mobile)}) will be deleted and removed from its groups.`,
      confirmLabel: "Delete",
      tone: "danger",
    });
    if (!ok) return;
    try {
      unwrap(await api.POST("/deleteContact", { body: { id: c.id } }));
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
      text: `${selected.length} contact${selected.length === 1 ? "" : "s"} will be deleted.`,
      confirmLabel: "Delete",
      tone: "danger",
    });
    if (!ok) return;
    setDeleting(true);
    try {
      unwrap(await api.POST("/deleteContacts", { body: { selectedRows: selected.map((c) => c.id) } }));
      setSelected([]);
      await refreshContacts(queryClient);
      await dialogs.message("success", MESSAGES.dataDeleteSuccess);
    } catch {
      await dialogs.message("error", MESSAGES.errorTitle, MESSAGES.deleteRowsFailed);
    } finally {
      setDeleting(false);
    }
  };

  const exportVisible = (format: "csv" | "xlsx", visible: Contact[]) =>
    void exportRows(
      format,
      ["Name", "Mobile", "Email", "Groups", "Created Date"],
      visible.map((c) => [c.name, c.mobile, c.email ?? "", groupNames(c), formatDate(c.created_at)]),
      "contacts",
    ).catch(() => dialogs.message("error", MESSAGES.somethingWentWrong));

  return (
    <PageLayout>
      <Breadcrumb items={[HOME_CRUMB, { label: "Contacts" }]} renderLink={routerLink} />
      <Card
        title="Contacts"
        headingLevel={2}
        actions={<Button onClick={() => navigate(CONTACT_ADD_PATH)}>Add Contact</Button>}
      >
        {list.data && (
          <p className={s.note} role="status">
            {totalLabel(total.count, total.exact)} contact{total.count === 1 ? "" : "s"}
            {query.search ? ` matching “${query.search}”` : ""}
          </p>
        )}
        <DataTable<Contact>
          {...tableProps}
          mode="server"
          label="Contacts"
          data={rows ?? []}
          columns={columns}
          getRowId={(c) => c.id}
          getRowLabel={(c) => c.name}
          searchLabel="Search contacts"
          searchPlaceholder="Name or number"
          loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
          error={list.isError ? (list.error?.message ?? MESSAGES.somethingWentWrong) : null}
          onRetry={() => void list.refetch()}
          emptyText={MESSAGES.noRecords}
          selectable
          selectedIds={selected.map((c) => c.id)}
          onSelectionChange={(_, picked) => setSelected(picked)}
          bulkActions={(picked) => (
            <div className={s.toolbar}>
              <AddIntoGroup contacts={picked} onDone={() => setSelected([])} />
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
            </div>
          )}
          onExport={exportVisible}
          rowActions={[
            { label: "View Details", onSelect: (c) => navigate(contactPath(c.id)) },
            { label: "Edit", onSelect: (c) => navigate(contactEditPath(c.id)) },
            { label: "Delete", onSelect: (c) => void removeOne(c), tone: "danger" },
          ]}
        />
      </Card>
    </PageLayout>
  );
}
