import { unwrap } from "@herald/api-client";
import type { operations } from "@herald/api-client/schema";
import { MESSAGES } from "@herald/domain";
import {
  Badge,
  type BadgeTone,
  Breadcrumb,
  Button,
  Card,
  DataTable,
  type DataTableColumn,
  PageLayout,
} from "@herald/ui";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useNavigate } from "react-router";
import { api } from "../../../api";
import { useDialogs } from "../../../dialogs";
import { routerLink } from "../../../shell/link";
import { PAGE_SIZES, useServerTable } from "../use-server-table";
import { autoReplyLabel, type Keyword, showKeywordError, statusLabel, typeLabel } from "./keyword-form";
import * as s from "./keywords.css";

type ListQuery = NonNullable<operations["keywordList"]["parameters"]["query"]>;
const SORTS = ["keyword", "type", "status", "created_dtm", "auto_reply_status", "created_by"] as const;
const isSort = (id: string | undefined): id is NonNullable<ListQuery["sort"]> =>
  (SORTS as readonly (string | undefined)[]).includes(id);

const STATUS_TONE: Record<string, BadgeTone> = { active: "success", deleted: "secondary" };

/** Keywords: a server-paged table with numbering, sorting, search and a row menu (none on deleted rows). */
export default function KeywordList() {
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const { query: table, tableProps } = useServerTable({ pageSizes: PAGE_SIZES.other });
  const { sort, ...rest } = table;
  const query: ListQuery = isSort(sort) ? { ...rest, sort } : { ...rest, order: undefined };
  const list = useQuery({
    queryKey: ["get", "/keywordList", { params: { query } }],
    queryFn: async () => ({
      ...unwrap(await api.GET("/keywordList", { params: { query } })),
      // the number of the page's first row, kept with its rows (the previous page stays up while loading)
      firstNumber: (table.page - 1) * table.pageSize + 1,
    }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const rows = list.data?.data ?? [];
  const firstNumber = list.data?.firstNumber ?? 1;

  const columns = useMemo<DataTableColumn<Keyword>[]>(() => {
    const position = new Map(rows.map((r, i) => [r.id, firstNumber + i]));
    return [
      {
        id: "no",
        header: "No.",
        text: (r) => String(position.get(r.id) ?? ""),
        cell: (r) => <span className={s.number}>{position.get(r.id)}</span>,
        sortable: false,
        searchable: false,
        width: "64px",
      },
      {
        id: "keyword",
        header: "Keyword",
        value: (r) => r.keyword,
        cell: (r) => <span className={s.keyword}>{r.keyword}</span>,
      },
      { id: "type", header: "Type", value: (r) => r.type, text: (r) => typeLabel(r.type), priority: "sm" },
      {
        id: "auto_reply_status",
        header: "Auto Reply",
        value: (r) => r.auto_reply_status,
        text: (r) => autoReplyLabel(r.auto_reply_status),
        priority: "md",
      },
      {
        id: "status",
        header: "Status",
        value: (r) => r.status,
        text: (r) => statusLabel(r.status),
        cell: (r) => <Badge tone={STATUS_TONE[r.status] ?? "warning"}>{statusLabel(r.status)}</Badge>,
      },
      { id: "created_by", header: "Created By", value: (r) => r.created_by, priority: "lg" },
      {
        id: "created_dtm",
        header: "Created Date",
        value: (r) => new Date(r.created_dtm),
        priority: "lg",
      },
    ];
  }, [rows, firstNumber]);

  const remove = async (row: Keyword) => {
    const ok = await dialogs.confirm({
      title: MESSAGES.confirmDelete,
      text: `The keyword "${row.keyword}" stops working; it stays in the list, marked deleted.`,
      confirmLabel: "Delete",
      tone: "danger",
    });
    if (!ok) return;
    try {
      unwrap(await api.POST("/deleteKeyword", { body: { id: row.id } }));
    } catch (err) {
      await showKeywordError(dialogs, err);
      await list.refetch();
      return;
    }
    await list.refetch();
    await dialogs.message("success", MESSAGES.keywordDeleted);
  };

  const isDeleted = (r: Keyword) => r.status === "deleted";

  return (
    <PageLayout>
      <Breadcrumb
        items={[{ label: "Home", href: "/apps/social-chat" }, { label: "Keywords" }]}
        renderLink={routerLink}
      />
      <Card
        title="Keywords"
        actions={<Button onClick={() => navigate("/keyword-mgt/keyword-add")}>Add Keyword</Button>}
      >
        <DataTable<Keyword>
          mode="server"
          label="Keywords"
          data={rows}
          total={list.data?.total ?? 0}
          columns={columns}
          getRowId={(r) => r.id}
          getRowLabel={(r) => r.keyword}
          searchLabel="Search keywords"
          searchPlaceholder="Search keyword"
          loading={list.isFetching}
          error={list.isError ? MESSAGES.somethingWentWrong : null}
          onRetry={() => void list.refetch()}
          rowActions={[
            {
              label: "Edit",
              onSelect: (r) => navigate(`/keyword-mgt/keyword-edit/${r.id}`),
              hidden: isDeleted,
            },
            { label: "Delete", onSelect: (r) => void remove(r), hidden: isDeleted, tone: "danger" },
          ]}
          {...tableProps}
        />
      </Card>
    </PageLayout>
  );
}
