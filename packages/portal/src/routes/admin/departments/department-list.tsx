import { ApiError, unwrap } from "@herald/api-client";
import type { components } from "@herald/api-client/schema";
import {
  DEPARTMENT_DESC_MAX,
  DEPARTMENT_NAME_MAX,
  formatDate,
  MESSAGES,
  validateDepartmentName,
} from "@herald/domain";
import {
  Breadcrumb,
  Button,
  DataTable,
  type DataTableColumn,
  type DataTableRowAction,
  FormDialog,
  PageHeader,
  PageLayout,
  Textarea,
  TextField,
} from "@herald/ui";
import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { $api, api } from "../../../api";
import { useDialogs } from "../../../dialogs";
import { routerLink } from "../../../shell/link";
import { useShownSelection } from "../../use-shown-selection";
import { PAGE_SIZES, useServerTable } from "../use-server-table";
import * as s from "./departments.css";

type Department = components["schemas"]["Department"];
type DeptSort = "name" | "desc" | "creatorFirstName" | "created_at";
const SORTS: readonly string[] = ["name", "desc", "creatorFirstName", "created_at"];
const isSort = (v: string | undefined): v is DeptSort => v !== undefined && SORTS.includes(v);

const columns: DataTableColumn<Department>[] = [
  { id: "name", header: "Name", value: (d) => d.name },
  { id: "desc", header: "Description", value: (d) => d.desc ?? "", priority: "sm" },
  { id: "creatorFirstName", header: "Created By", value: (d) => d.creatorFirstName ?? "", priority: "md" },
  {
    id: "created_at",
    header: "Created Date",
    value: (d) => new Date(d.created_at),
    text: (d) => formatDate(d.created_at),
    priority: "lg",
  },
];

/** The message of a failed add or delete: the server's own for 409, the specification's for 400. */
async function showFailure(
  dialogs: ReturnType<typeof useDialogs>,
  err: unknown,
  badRequestText: string,
): Promise<void> {
  if (err instanceof ApiError && err.status === 409) return dialogs.message("error", err.message);
  if (err instanceof ApiError && err.status === 400) return dialogs.message("error", badRequestText);
  return dialogs.message("warning", MESSAGES.somethingWentWrong);
}

/** The Add Department dialog: name (required, x/50) and description (x/255). */
function AddDepartment({ onAdded }: { onAdded: () => Promise<void> }) {
  const dialogs = useDialogs();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [desc, setDesc] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const focusName = () => requestAnimationFrame(() => nameRef.current?.focus());

  const reset = () => {
    setName("");
    setDesc("");
    setError(undefined);
  };

  const submit = async () => {
    const invalid = validateDepartmentName(name);
    setError(invalid ?? undefined);
    if (invalid) return;
    setSaving(true);
    try {
      unwrap(await api.POST("/addDept", { body: { name: name.trim(), desc: desc.trim() } }));
      setOpen(false);
      reset();
      await onAdded();
      await dialogs.message("success", MESSAGES.dataUpdateSuccess);
    } catch (err) {
      // A name already taken is this form's field error, said once beside the field, not a second dialog
      // stacked on the form's.
      if (err instanceof ApiError && err.status === 409) {
        setError(err.message);
        focusName();
      } else await showFailure(dialogs, err, MESSAGES.errorUpdatingData);
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
      title="Add Department"
      trigger={<Button>Add Department</Button>}
      saving={saving}
      onSubmit={submit}
    >
      <TextField
        ref={nameRef}
        label="Department Name"
        required
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          if (error) setError(validateDepartmentName(e.target.value) ?? undefined);
        }}
        error={error}
        maxLength={DEPARTMENT_NAME_MAX}
        showCounter
        autoComplete="off"
      />
      <Textarea
        label="Description"
        value={desc}
        onChange={(e) => setDesc(e.target.value)}
        maxLength={DEPARTMENT_DESC_MAX}
        showCounter
        rows={3}
      />
    </FormDialog>
  );
}

/** Administrator > Departments: the company's departments, paged, searched and sorted on the server. */
export default function DepartmentList() {
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { query, tableProps } = useServerTable({ pageSizes: PAGE_SIZES.people });
  const [deleting, setDeleting] = useState(false);

  const { page, pageSize, search, sort, order } = query;
  const list = $api.useQuery(
    "get",
    "/departments",
    {
      params: {
        query: {
          page,
          pageSize,
          ...(search ? { search } : {}),
          ...(isSort(sort) ? { sort, order } : {}),
        },
      },
    },
    { placeholderData: keepPreviousData },
  );

  // Rows that a new page, search or sort no longer shows leave the selection: Delete never reaches rows
  // the admin cannot see.
  const rows = list.data?.data;
  const [selected, setSelected] = useShownSelection(rows);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ["get", "/departments"] });

  const remove = async () => {
    if (selected.length === 0) return;
    if (!(await dialogs.confirm({ title: MESSAGES.confirmDelete, confirmLabel: "Delete", tone: "danger" })))
      return;
    setDeleting(true);
    try {
      unwrap(await api.POST("/deleteDept", { body: selected.map((d) => ({ id: d.id })) }));
      setSelected([]);
      await refresh();
      await dialogs.message("success", MESSAGES.dataDeleteSuccess);
    } catch (err) {
      await showFailure(dialogs, err, MESSAGES.errorDeletingData);
    } finally {
      setDeleting(false);
    }
  };

  const rowActions: DataTableRowAction<Department>[] = [
    { label: "Edit", onSelect: (d) => navigate(`/user-manage/department-edit/${d.id}`) },
  ];

  return (
    <PageLayout>
      <Breadcrumb
        items={[{ label: "Home", href: "/apps/social-chat" }, { label: "Departments" }]}
        renderLink={routerLink}
      />
      <PageHeader title="Departments" />
      <DataTable<Department>
        {...tableProps}
        mode="server"
        label="Departments"
        data={rows ?? []}
        total={list.data?.total ?? 0}
        columns={columns}
        getRowId={(d) => d.id}
        getRowLabel={(d) => d.name}
        searchLabel="Search departments"
        searchPlaceholder="Search departments"
        selectable
        selectedIds={selected.map((d) => d.id)}
        onSelectionChange={(_, picked) => setSelected(picked)}
        rowActions={rowActions}
        loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
        error={list.isError ? (list.error?.message ?? MESSAGES.somethingWentWrong) : null}
        onRetry={() => void list.refetch()}
        emptyText={MESSAGES.noRecords}
        toolbar={
          <div className={s.toolbar}>
            <AddDepartment onAdded={refresh} />
            <Button
              variant="outline"
              tone="danger"
              disabled={selected.length === 0}
              loading={deleting}
              onClick={() => void remove()}
            >
              Delete
            </Button>
          </div>
        }
      />
    </PageLayout>
  );
}
