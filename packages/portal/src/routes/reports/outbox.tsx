import { formatDateTime12 } from "@herald/domain";
import { Badge, type DataTableColumn, Select } from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { currentRole } from "../../session";
import * as s from "../contacts/contacts.css";
import { type ReportQuery, ReportScreen } from "./report-screen";
import {
  deleteRows,
  type OutboxMessage,
  type OutboxStatusCount,
  refreshReports,
  useOutbox,
  useReportUsers,
} from "./reports.queries";
import { deliveryLabel, deliveryTone, EXPORT_NAMES } from "./reports-rules";

const ALL_USERS = "all";

/** Counts of the listed messages per delivery status. */
function StatusCounts({ counts }: { counts: OutboxStatusCount[] | undefined }) {
  // Later pages carry no counts: keep the first page's.
  const last = useRef(counts);
  if (counts) last.current = counts;
  const shown = counts ?? last.current;
  if (!shown || shown.length === 0) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled list of figures, not a form group
    <div className={s.toolbar} role="group" aria-label="Messages per delivery status">
      {shown.map((c) => (
        <Badge key={c.delivered_st ?? "pending"} tone={deliveryTone(c.delivered_st)} variant="soft">
          {deliveryLabel(c.delivered_st)}: {c.total.toLocaleString("en-US")}
        </Badge>
      ))}
    </div>
  );
}

/** report/outbox: sent SMS with delivery status and segments; admins may narrow it to one user. */
export default function OutboxReport() {
  const queryClient = useQueryClient();
  const isAdmin = currentRole() === "admin";
  const [userId, setUserId] = useState<string>(ALL_USERS);
  const users = useReportUsers(isAdmin);
  const chosen = userId === ALL_USERS ? undefined : userId;

  // The screen calls its list hook once per render, always the same one.
  // biome-ignore lint/correctness/useHookAtTopLevel: a hook bound to the chosen user
  const useList = useCallback((q: ReportQuery) => useOutbox(q, chosen), [chosen]);

  const columns = useCallback((offset: number, rows: OutboxMessage[]): DataTableColumn<OutboxMessage>[] => {
    const numbers = new Map(rows.map((r, i) => [r.id, offset + i + 1]));
    return [
      {
        id: "no",
        header: "No.",
        text: (r) => String(numbers.get(r.id) ?? ""),
        sortable: false,
        fit: "content",
        align: "end",
        priority: "lg",
      },
      {
        id: "callerid",
        header: "Sender ID",
        text: (r) => r.callerid,
        sortable: false,
        priority: "lg",
        fit: "content",
      },
      {
        id: "name",
        header: "Mobile",
        text: (r) => r.name,
        cell: (r) => <span className={s.number}>{r.name}</span>,
        sortable: false,
        fit: "content",
      },
      {
        id: "msg_content",
        header: "Message",
        text: (r) => r.msg_content,
        sortable: false,
        fit: "fill",
        clamp: 3,
      },
      {
        id: "billable",
        header: "Billable",
        text: (r) => (r.billable === "yes" ? "Yes" : "No"),
        sortable: false,
        priority: "lg",
        fit: "content",
      },
      {
        id: "delivered_st",
        header: "Delivered Status",
        text: (r) => deliveryLabel(r.delivered_st),
        cell: (r) => (
          <Badge tone={deliveryTone(r.delivered_st)} variant="soft">
            {deliveryLabel(r.delivered_st)}
          </Badge>
        ),
        sortable: false,
        fit: "content",
      },
      {
        id: "sms_count",
        header: "SMS Count",
        text: (r) => String(r.sms_count),
        sortable: false,
        align: "end",
        priority: "lg",
        fit: "content",
      },
      {
        id: "created_at",
        header: "Date",
        text: (r) => formatDateTime12(r.created_at),
        sortable: false,
        priority: "lg",
        fit: "content",
      },
    ];
  }, []);

  const userOptions = [
    { value: ALL_USERS, label: "All users" },
    ...(users.data?.data ?? []).map((u) => ({ value: u.id, label: `${u.firstName} ${u.lastName}`.trim() })),
  ];

  return (
    <ReportScreen<OutboxMessage>
      title="Outbox"
      noun="message"
      rule="end-not-future"
      useList={useList}
      columns={columns}
      getRowLabel={(r) => `${r.name} ${formatDateTime12(r.created_at)}`}
      searchPlaceholder="Message, sender ID or number"
      exportName={EXPORT_NAMES.outbox}
      exportHeader={["Sender ID", "Mobile", "Message", "Billable", "Delivered Status", "SMS Count", "Date"]}
      exportRow={(r) => [
        r.callerid,
        r.name,
        r.msg_content,
        r.billable === "yes" ? "Yes" : "No",
        deliveryLabel(r.delivered_st),
        String(r.sms_count),
        formatDateTime12(r.created_at),
      ]}
      remove={async (ids) => {
        await deleteRows("/deleteOutbox", ids);
        await refreshReports(queryClient, "/outbox");
      }}
      filterKey={userId}
      filters={
        isAdmin ? (
          <Select
            label="User"
            options={userOptions}
            value={userId}
            onValueChange={setUserId}
            disabled={users.isLoading}
            {...(users.isError ? { error: "The users could not be loaded." } : {})}
          />
        ) : null
      }
      summary={(list) => <StatusCounts counts={list.msgStatus} />}
    />
  );
}
