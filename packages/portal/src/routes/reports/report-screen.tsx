import { ApiError } from "@herald/api-client";
import { dayInZone, MESSAGES } from "@herald/domain";
import {
  Breadcrumb,
  Button,
  Card,
  DataTable,
  type DataTableColumn,
  type DateRange,
  DateRangePicker,
  PageLayout,
} from "@herald/ui";
import type { ReactNode } from "react";
import { useEffect, useMemo, useState } from "react";
import { useDialogs } from "../../dialogs";
import { routerLink } from "../../shell/link";
import { useCompanyZone } from "../../shell/use-profile";
import * as s from "../contacts/contacts.css";
import { exportRows, HOME_CRUMB, type KeysetAnswer, useCursorTable } from "../contacts/contacts.shared";
import { totalLabel } from "../contacts/contacts-rules";
import { zoneCaption } from "../format";
import { useShownSelection } from "../use-shown-selection";
import {
  END_IN_FUTURE,
  REPORT_PAGE_SIZES,
  rangeBody,
  rangeProblem,
  START_AFTER_END,
  START_IN_PAST,
} from "./reports-rules";

export interface ReportQuery {
  query: { limit: number; cursor?: string; search?: string };
  body: { startDate?: string; endDate?: string };
}

export interface ReportListState<T> {
  rows: T[] | undefined;
  answer: KeysetAnswer | undefined;
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  /** Counts per delivery status of the first page's answer (outbox only). */
  msgStatus?: { delivered_st: string | null; total: number }[] | undefined;
}

export interface ReportScreenProps<T> {
  title: string;
  /** What the table holds, for screen readers and the count line ("message", "scheduled message"). */
  noun: string;
  rule: "end-not-future" | "start-not-past";
  /** The list query of the current page and filter. */
  useList: (q: ReportQuery) => ReportListState<T>;
  columns: (offset: number, rows: T[]) => DataTableColumn<T>[];
  getRowLabel: (row: T) => string;
  searchPlaceholder: string;
  exportName: string;
  exportHeader: readonly string[];
  exportRow: (row: T) => string[];
  /** Deletes the rows (throws the server's error); the screen confirms first and reports the outcome. */
  remove: (ids: string[]) => Promise<void>;
  /** The message of a failed delete: the 30-minute refusal of scheduled SMS, the catalogue's otherwise. */
  deleteFailure?: (err: unknown) => { title: string; text?: string } | null;
  /** Filters beside the date range (the outbox's user filter). */
  filters?: ReactNode;
  /** Shown above the table from the list's state (the outbox's counts per delivery status). */
  summary?: (list: ReportListState<T>) => ReactNode;
  /** Changes whenever the extra filters change, to start again at the first page. */
  filterKey?: string;
}

/**
 * One SMS report: date-range filter, server-paged selectable table with search, Delete (disabled when nothing
 * is selected) behind a confirmation, and export of the shown rows as CSV or XLSX.
 */
export function ReportScreen<T extends { id: string }>(props: ReportScreenProps<T>) {
  const zone = useCompanyZone();
  const dialogs = useDialogs();
  // Today as the company counts days: the date inputs' bounds and the filter read the company's days.
  const today = dayInZone(new Date(), zone);
  const [range, setRange] = useState<DateRange>({ start: "", end: "" });
  const problem = rangeProblem(range, props.rule, today);
  const [applied, setApplied] = useState<DateRange>({ start: "", end: "" });
  const { query, observe, tableProps, total, pageIndex, restart } = useCursorTable({
    pageSizes: REPORT_PAGE_SIZES,
  });
  const body = useMemo(() => rangeBody(applied), [applied]);
  const list = props.useList({ query, body });
  const [deleting, setDeleting] = useState(false);

  // A valid range applies at once and starts again at the first page; an invalid one keeps the last good one.
  useEffect(() => {
    if (problem) return;
    setApplied((current) =>
      current.start === range.start && current.end === range.end ? current : { ...range },
    );
  }, [range, problem]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: restart when the filter (not the function) changes
  useEffect(() => restart(), [applied, props.filterKey]);

  useEffect(() => {
    if (list.answer && !list.isPlaceholderData) observe(list.answer);
  }, [list.answer, list.isPlaceholderData, observe]);

  const rows = list.rows;
  const [selected, setSelected] = useShownSelection(rows);

  const offset = pageIndex * query.limit;
  const { columns: columnsOf } = props;
  const columns = useMemo(() => columnsOf(offset, rows ?? []), [columnsOf, offset, rows]);

  const removeSelected = async () => {
    if (selected.length === 0) return;
    const n = selected.length;
    const ok = await dialogs.confirm({
      title: MESSAGES.confirmDelete,
      text: `${n} ${props.noun}${n === 1 ? "" : "s"} will be deleted.`,
      confirmLabel: "Delete",
      tone: "danger",
    });
    if (!ok) return;
    setDeleting(true);
    try {
      await props.remove(selected.map((r) => r.id));
      setSelected([]);
      await dialogs.message("success", MESSAGES.dataDeleteSuccess);
    } catch (err) {
      const known = props.deleteFailure?.(err);
      if (known) await dialogs.message("error", known.title, known.text);
      else if (err instanceof ApiError && err.status === 400)
        await dialogs.message("error", MESSAGES.errorDeletingData, err.message);
      else if (err instanceof ApiError && err.status === 404) await dialogs.message("error", err.message);
      else await dialogs.message("error", MESSAGES.errorTitle, MESSAGES.deleteRowsFailed);
    } finally {
      setDeleting(false);
    }
  };

  const exportVisible = (format: "csv" | "xlsx", visible: T[]) =>
    void exportRows(format, props.exportHeader, visible.map(props.exportRow), props.exportName).catch(() =>
      dialogs.message("error", MESSAGES.somethingWentWrong),
    );

  const failed = list.isError
    ? list.error instanceof Error
      ? list.error.message
      : MESSAGES.somethingWentWrong
    : null;

  return (
    <PageLayout>
      <Breadcrumb
        items={[HOME_CRUMB, { label: "Reports" }, { label: props.title }]}
        renderLink={routerLink}
      />
      <Card title={props.title} headingLevel={2}>
        <div className={s.form}>
          <div className={s.toolbar}>
            <DateRangePicker
              label={`Date range (${zoneCaption(zone)})`}
              startLabel="From"
              endLabel="To"
              value={range}
              onValueChange={setRange}
              {...(props.rule === "end-not-future" ? { max: today } : { min: today })}
              minMessage={START_IN_PAST}
              maxMessage={END_IN_FUTURE}
              orderMessage={START_AFTER_END}
              error={problem ?? undefined}
            />
            {(range.start || range.end) && (
              <Button size="sm" variant="outline" onClick={() => setRange({ start: "", end: "" })}>
                Clear dates
              </Button>
            )}
            {props.filters}
          </div>
          {props.summary?.(list)}
          {list.answer && (
            <p className={s.note} role="status">
              {totalLabel(total.count, total.exact)} {props.noun}
              {total.count === 1 && total.exact ? "" : "s"}
              {query.search ? ` matching “${query.search}”` : ""}
            </p>
          )}
          <DataTable<T>
            {...tableProps}
            mode="server"
            label={props.title}
            data={rows ?? []}
            columns={columns}
            getRowId={(r) => r.id}
            getRowLabel={props.getRowLabel}
            searchLabel={`Search ${props.title.toLowerCase()}`}
            searchPlaceholder={props.searchPlaceholder}
            loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
            error={failed}
            onRetry={() => void list.refetch()}
            emptyText={MESSAGES.noRecords}
            selectable
            selectedIds={selected.map((r) => r.id)}
            onSelectionChange={(_, picked) => setSelected(picked)}
            bulkActions={(picked) => (
              <div className={s.toolbar}>
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
            stackBelow="sm"
            toolbar={
              <Button
                size="sm"
                variant="outline"
                tone="secondary"
                loading={list.isFetching && !list.isPending}
                onClick={() => void list.refetch()}
              >
                Refresh
              </Button>
            }
          />
        </div>
      </Card>
    </PageLayout>
  );
}
