import { ApiError } from "@herald/api-client";
import { formatDateTime12, MESSAGES } from "@herald/domain";
import type { DataTableColumn } from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import * as s from "../contacts/contacts.css";
import { ReportScreen } from "./report-screen";
import { deleteRows, refreshReports, type ScheduledSms, useScheduled } from "./reports.queries";
import { EXPORT_NAMES } from "./reports-rules";

/** report/scheduled: SMS waiting for their time; deleting cancels them and gives their credit back. */
export default function ScheduledReport() {
  const queryClient = useQueryClient();
  const columns = useCallback((offset: number, rows: ScheduledSms[]): DataTableColumn<ScheduledSms>[] => {
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
        header: "Sender ID",
        text: (r) => r.name,
        sortable: false,
        priority: "md",
        fit: "content",
      },
      {
        id: "receiver",
        header: "Mobile",
        text: (r) => r.receiver,
        cell: (r) => <span className={s.number}>{r.receiver}</span>,
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
      { id: "campaign", header: "Campaign", text: (r) => r.campaign ?? "-", sortable: false, priority: "lg" },
      {
        id: "schedule",
        header: "Schedule",
        text: (r) => formatDateTime12(r.schedule),
        sortable: false,
        priority: "sm",
        fit: "content",
      },
    ];
  }, []);
  return (
    <ReportScreen<ScheduledSms>
      title="Scheduled SMS"
      noun="scheduled message"
      rule="start-not-past"
      useList={useScheduled}
      columns={columns}
      getRowLabel={(r) => `${r.receiver} ${formatDateTime12(r.schedule)}`}
      searchPlaceholder="Message, sender ID, campaign or number"
      exportName={EXPORT_NAMES.scheduled}
      exportHeader={["Sender ID", "Mobile", "Message", "Campaign", "Schedule"]}
      exportRow={(r) => [r.name, r.receiver, r.msg_content, r.campaign ?? "", formatDateTime12(r.schedule)]}
      remove={async (ids) => {
        await deleteRows("/deleteScheduledSms", ids);
        await refreshReports(queryClient, "/scheduledSms");
      }}
      deleteFailure={(err) =>
        err instanceof ApiError && err.status === 400 && err.message === MESSAGES.scheduledDeleteTooSoon
          ? { title: MESSAGES.scheduledDeleteTooSoon }
          : null
      }
    />
  );
}
