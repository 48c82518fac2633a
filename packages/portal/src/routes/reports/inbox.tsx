import { formatDateTime12 } from "@herald/domain";
import type { DataTableColumn } from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import * as s from "../contacts/contacts.css";
import { ReportScreen } from "./report-screen";
import { deleteRows, type InboxMessage, refreshReports, useInbox } from "./reports.queries";
import { EXPORT_NAMES } from "./reports-rules";

const receiverText = (m: InboxMessage) => (m.receiver ? (m.receiver_name ?? "Private") : "General");

/** report/inbox: SMS received by the company's numbers (agents and supervisors: general and their own). */
export default function InboxReport() {
  const queryClient = useQueryClient();
  const columns = useCallback((offset: number, rows: InboxMessage[]): DataTableColumn<InboxMessage>[] => {
    const numbers = new Map(rows.map((r, i) => [r.id, offset + i + 1]));
    return [
      {
        id: "no",
        header: "No.",
        text: (r) => String(numbers.get(r.id) ?? ""),
        sortable: false,
        fit: "content",
        align: "end",
        priority: "md",
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
        id: "receiver",
        header: "Receiver",
        text: receiverText,
        sortable: false,
        priority: "md",
        fit: "content",
      },
      {
        id: "created_at",
        header: "Date",
        text: (r) => formatDateTime12(r.created_at),
        sortable: false,
        priority: "sm",
        fit: "content",
      },
    ];
  }, []);
  return (
    <ReportScreen<InboxMessage>
      title="Inbox"
      noun="message"
      rule="end-not-future"
      useList={useInbox}
      columns={columns}
      getRowLabel={(r) => `${r.name} ${formatDateTime12(r.created_at)}`}
      searchPlaceholder="Message or number"
      exportName={EXPORT_NAMES.inbox}
      exportHeader={["Mobile", "Message", "Receiver", "Date"]}
      exportRow={(r) => [r.name, r.msg_content, receiverText(r), formatDateTime12(r.created_at)]}
      remove={async (ids) => {
        await deleteRows("/deleteInbox", ids);
        await refreshReports(queryClient, "/inbox");
      }}
    />
  );
}
