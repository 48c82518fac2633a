import type { Schema } from "@herald/api-client";
import { Card, DataTable, type DataTableColumn, LoadMore, PageHeader, PageLayout } from "@herald/ui";
import * as s from "../screen.css";
import { useKeysetList } from "../use-keyset-list";
import { loadUnrouted } from "./operator.queries";
import { problemText, shortDateTime } from "./operator-rules";

type Unrouted = Schema<"UnroutedMessage">;

const columns: DataTableColumn<Unrouted>[] = [
  {
    id: "receivedAt",
    header: "Received",
    text: (m) => shortDateTime(m.receivedAt),
    sortable: false,
    priority: "sm",
    cell: (m) => <span className={s.figure}>{shortDateTime(m.receivedAt)}</span>,
  },
  {
    id: "from",
    header: "From",
    text: (m) => m.from,
    sortable: false,
    priority: "md",
    cell: (m) => <span className={s.figure}>{m.from}</span>,
  },
  {
    id: "to",
    header: "To",
    text: (m) => m.to,
    sortable: false,
    cell: (m) => <span className={s.code}>{m.to}</span>,
  },
  { id: "text", header: "Message", text: (m) => m.text, sortable: false },
  {
    id: "reason",
    header: "Why it reached no company",
    text: (m) => m.reason,
    sortable: false,
    priority: "lg",
  },
];

/** /operator/unrouted: SMS to a number no company owns, or without a known keyword on a shared number. */
export default function UnroutedMessages() {
  const list = useKeysetList<Unrouted>({
    call: ["get", "/operator/unrouted"],
    filters: {},
    load: loadUnrouted(),
  });
  return (
    <PageLayout inset="none">
      <PageHeader
        title="Unrouted messages"
        description="SMS that reached Herald but no company: sent to a number nobody owns, or to a shared number without a company's keyword as the first word. Newest first. Assign the number, or a keyword, under Numbers."
      />
      <Card>
        <div className={s.stack}>
          <DataTable
            label="Unrouted messages"
            data={list.rows}
            columns={columns}
            getRowId={(m) => m.id}
            getRowLabel={(m) => `${m.from} to ${m.to}, ${shortDateTime(m.receivedAt)}`}
            searchable={false}
            pagination={false}
            loading={list.isFetching && !list.isFetchingNextPage}
            error={list.isError && list.rows.length === 0 ? problemText(list.error) : null}
            onRetry={() => void list.refetch()}
            emptyText="Every message reached a company."
          />
          <LoadMore
            shown={list.rows.length}
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
            noun={["message", "messages"]}
          />
        </div>
      </Card>
    </PageLayout>
  );
}
