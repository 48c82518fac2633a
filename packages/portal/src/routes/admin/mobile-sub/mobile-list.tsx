import { ApiError, type operations, unwrap } from "@herald/api-client";
import { formatContactNumber, formatDate, MESSAGES } from "@herald/domain";
import {
  Badge,
  Breadcrumb,
  Button,
  Card,
  DataTable,
  type DataTableColumn,
  PageLayout,
  Select,
} from "@herald/ui";
import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { $api, api } from "../../../api";
import { useDialogs } from "../../../dialogs";
import { routerLink } from "../../../shell/link";
import { PAGE_SIZES, type ServerTableQuery, useServerTable } from "../use-server-table";
import * as s from "./mobile-sub.css";
import {
  ADD_PATH,
  editPath,
  failure,
  type MobileSubscription,
  refreshList,
  type SubscriptionType,
  statusBadge,
  TYPE_OPTIONS,
  typeLabel,
} from "./mobile-sub.shared";

type ListQuery = NonNullable<operations["mobileSubList"]["parameters"]["query"]>;
type SortKey = NonNullable<ListQuery["sort"]>;
const SORT_KEYS: readonly string[] = [
  "contact_number",
  "type",
  "status",
  "created_dtm",
  "created_by",
] satisfies SortKey[];
const isSortKey = (key: string | undefined): key is SortKey => key !== undefined && SORT_KEYS.includes(key);

type TypeFilter = SubscriptionType | "all";
const FILTER_OPTIONS: readonly { value: TypeFilter; label: string }[] = [
  { value: "all", label: "All types" },
  ...TYPE_OPTIONS,
];

function toListQuery({ sort, ...rest }: ServerTableQuery, type: TypeFilter): ListQuery {
  return { ...rest, ...(isSortKey(sort) ? { sort } : {}), ...(type !== "all" ? { type } : {}) };
}

/** Mobile subscription lists: the company's subscribe and unsubscribe numbers, paged on the server. */
export default function MobileList() {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const [type, setType] = useState<TypeFilter>("all");
  const { query, tableProps, resetPage } = useServerTable({ pageSizes: PAGE_SIZES.other });
  const list = $api.useQuery(
    "get",
    "/mobileSubList",
    { params: { query: toListQuery(query, type) } },
    { placeholderData: keepPreviousData },
  );
  const rows = list.data?.data ?? [];
  const offset = (query.page - 1) * query.pageSize;

  const remove = async (row: MobileSubscription) => {
    const confirmed = await dialogs.confirm({
      title: MESSAGES.confirmDelete,
      text: `${formatContactNumber(row.contact_number)} will be marked deleted in the ${typeLabel(row.type)} list.`,
      confirmLabel: "Delete",
      tone: "danger",
    });
    if (!confirmed) return;
    try {
      unwrap(await api.POST("/deleteMobileSub", { body: { id: row.id } }));
      await refreshList(queryClient);
      await dialogs.message("success", MESSAGES.mobileSubDeleted);
    } catch (err) {
      const { title, text } = failure(err);
      await dialogs.message("error", title, text);
      if (err instanceof ApiError && err.status === 409) await refreshList(queryClient);
    }
  };

  const columns = useMemo<DataTableColumn<MobileSubscription>[]>(() => {
    const numbers = new Map(rows.map((r, i) => [r.id, offset + i + 1]));
    return [
      {
        id: "no",
        header: "No.",
        text: (r) => String(numbers.get(r.id) ?? ""),
        sortable: false,
        width: "64px",
        priority: "sm",
      },
      {
        id: "contact_number",
        header: "Mobile Number",
        value: (r) => r.contact_number,
        text: (r) => formatContactNumber(r.contact_number),
        cell: (r) => <span className={s.number}>{formatContactNumber(r.contact_number)}</span>,
      },
      { id: "type", header: "Type", value: (r) => r.type, text: (r) => typeLabel(r.type), priority: "sm" },
      {
        id: "status",
        header: "Status",
        value: (r) => r.status,
        text: (r) => statusBadge(r.status).label,
        cell: (r) => {
          const { label, tone } = statusBadge(r.status);
          return (
            <Badge tone={tone} variant="soft">
              {label}
            </Badge>
          );
        },
      },
      { id: "created_by", header: "Created By", value: (r) => r.created_by || "-", priority: "md" },
      {
        id: "created_dtm",
        header: "Created Date",
        value: (r) => new Date(r.created_dtm),
        text: (r) => formatDate(r.created_dtm),
        priority: "sm",
      },
      {
        id: "deleted_dtm",
        header: "Deleted Date",
        text: (r) => (r.deleted_dtm ? formatDate(r.deleted_dtm) : "-"),
        sortable: false,
        priority: "lg",
      },
    ];
  }, [rows, offset]);

  return (
    <PageLayout>
      <Breadcrumb
        items={[{ label: "Home", href: "/apps/social-chat" }, { label: "Mobile Subscriptions" }]}
        renderLink={routerLink}
      />
      <Card
        title="Mobile Subscriptions"
        headingLevel={2}
        actions={<Button onClick={() => navigate(ADD_PATH)}>Add</Button>}
      >
        <DataTable<MobileSubscription>
          {...tableProps}
          mode="server"
          label="Mobile subscriptions"
          data={rows}
          total={list.data?.total ?? 0}
          columns={columns}
          getRowId={(r) => r.id}
          getRowLabel={(r) => formatContactNumber(r.contact_number)}
          searchLabel="Search mobile numbers"
          searchPlaceholder="Search number"
          loading={list.isLoading || (list.isFetching && list.isPlaceholderData)}
          error={list.error ? MESSAGES.somethingWentWrong : null}
          onRetry={() => void list.refetch()}
          toolbar={
            <div className={s.toolbar}>
              <Select<TypeFilter>
                className={s.filter}
                label="Type"
                size="sm"
                options={FILTER_OPTIONS}
                value={type}
                onValueChange={(next) => {
                  setType(next);
                  resetPage();
                }}
              />
            </div>
          }
          rowActions={[
            {
              label: "Edit",
              onSelect: (r) => navigate(editPath(r.id)),
              hidden: (r) => r.status === "deleted",
            },
            {
              label: "Delete",
              onSelect: (r) => void remove(r),
              hidden: (r) => r.status === "deleted",
              tone: "danger",
            },
          ]}
        />
      </Card>
    </PageLayout>
  );
}
