import { ApiError, type Schema, unwrap } from "@herald/api-client";
import { formatAmount, MESSAGES, sgdToCents } from "@herald/domain";
import {
  Breadcrumb,
  Button,
  Card,
  DataTable,
  type DataTableColumn,
  DateRangePicker,
  PageHeader,
  PageLayout,
  Select,
  StatCard,
} from "@herald/ui";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { $api, api } from "../../api";
import { useDialogs } from "../../dialogs";
import { routerLink } from "../../shell/link";
import { useCompanyZone, useProfile } from "../../shell/use-profile";
import * as s from "../admin/users/users.css";
import { zoneCaption } from "../format";
import * as st from "./statement.css";
import {
  type DayRange,
  downloadName,
  formatStatementTime,
  isDay,
  PRESETS,
  presetOf,
  presetRange,
  rangeProblem,
  todayIn,
} from "./statement-rules";

type Entry = Schema<"CreditStatementEntry">;
type Statement = Schema<"CreditStatement">;

const CORPORATE = "corporate";
const PAGE = 100;

/** "1,234.50", or with a sign: "+1,234.50" / "-1,234.50". */
const money = (sgd: number, signed = false) => {
  const cents = sgdToCents(sgd);
  return `${signed && cents > 0 ? "+" : ""}${formatAmount(cents)}`;
};

const errorText = (error: unknown) =>
  error instanceof ApiError ? error.message : error ? MESSAGES.somethingWentWrong : null;

/**
 * Credit statement: where the credit of the corporate account (admins) or of one user went, between two
 * days — opening and closing balances, totals in and out, and every ledger entry with the balance after it.
 */
export default function CreditStatement() {
  const dialogs = useDialogs();
  const me = useProfile().data;
  const isAdmin = me?.userRole === "admin";
  const [params, setParams] = useSearchParams();
  const zone = useCompanyZone();
  const today = todayIn(zone);
  const asked = { from: params.get("from") ?? "", to: params.get("to") ?? "" };
  const range: DayRange = isDay(asked.from) && isDay(asked.to) ? asked : presetRange("thisMonth", today);
  const [draft, setDraft] = useState<DayRange | null>(null);
  const shownRange = draft ?? range;
  const problem = draft ? rangeProblem(draft) : null;
  // Admins pick any account; everyone else sees their own.
  const userId = isAdmin ? params.get("userId") || undefined : me?.userId;

  const users = $api.useQuery("get", "/summaryList", {}, { enabled: isAdmin });
  const accountOptions = useMemo(
    () => [
      { value: CORPORATE, label: "Corporate account" },
      ...(users.data?.data ?? []).map((u) => ({ value: u.id, label: u.name })),
    ],
    [users.data],
  );

  const query = { ...(userId ? { userId } : {}), from: range.from, to: range.to };
  const statement = useInfiniteQuery({
    queryKey: ["get", "/creditStatement", query],
    enabled: me !== undefined,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      unwrap(
        await api.GET("/creditStatement", {
          params: { query: { ...query, limit: PAGE, ...(pageParam ? { cursor: pageParam } : {}) } },
        }),
      ),
    getNextPageParam: (last: Statement) => last.nextCursor ?? undefined,
  });
  const first = statement.data?.pages[0];
  const rows = useMemo(() => statement.data?.pages.flatMap((p) => p.data) ?? [], [statement.data]);

  const setSearch = (next: { userId?: string | undefined; range?: DayRange }) => {
    const q = new URLSearchParams(params);
    if ("userId" in next) {
      if (next.userId) q.set("userId", next.userId);
      else q.delete("userId");
    }
    if (next.range) {
      q.set("from", next.range.from);
      q.set("to", next.range.to);
    }
    setParams(q, { replace: true });
  };
  const changeRange = (next: DayRange) => {
    if (rangeProblem(next)) {
      setDraft(next);
      return;
    }
    setDraft(null);
    setSearch({ range: next });
  };

  const [exporting, setExporting] = useState<"csv" | "xlsx" | null>(null);
  const download = async (format: "csv" | "xlsx") => {
    setExporting(format);
    try {
      const result = await api.GET("/creditStatement/export", {
        params: { query: { ...query, format } },
        parseAs: "blob",
      });
      const blob = unwrap(result) as unknown as Blob;
      const href = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = href;
      a.download = downloadName(result.response.headers.get("content-disposition"), range, format);
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
    } catch (err) {
      await dialogs.message("warning", errorText(err) ?? MESSAGES.somethingWentWrong);
    } finally {
      setExporting(null);
    }
  };

  const columns = useMemo<DataTableColumn<Entry>[]>(
    () => [
      {
        id: "createdAt",
        header: "Date",
        text: (r) => formatStatementTime(r.createdAt),
        cell: (r) => <span className={s.nowrap}>{formatStatementTime(r.createdAt)}</span>,
        // phones show Description and Amount; the date and the rest open under the row
        priority: "sm",
      },
      { id: "description", header: "Description", text: (r) => r.description },
      { id: "reference", header: "Reference", text: (r) => r.reference ?? "-", priority: "lg" },
      { id: "actorName", header: "By", text: (r) => r.actorName ?? "-", priority: "md" },
      {
        id: "amount",
        header: "Amount (SGD)",
        align: "end",
        text: (r) => money(r.amount, true),
        cell: (r) => (
          <span className={r.amount < 0 ? st.amountOut : st.amountIn}>{money(r.amount, true)}</span>
        ),
      },
      {
        id: "balance",
        header: "Balance (SGD)",
        align: "end",
        text: (r) => money(r.balance),
        cell: (r) => <span className={st.number}>{money(r.balance)}</span>,
        priority: "sm",
      },
    ],
    [],
  );

  const accountName = first?.account.type === "company" ? "Corporate account" : (first?.account.name ?? "");
  const activePreset = presetOf(range, today);
  const failed = errorText(statement.error);

  return (
    <PageLayout>
      <Breadcrumb
        items={[
          { label: "Home", href: "/apps/social-chat" },
          { label: "Credit Management" },
          { label: "Statement" },
        ]}
        renderLink={routerLink}
      />
      <PageHeader title="Credit Statement" />
      <Card title="Account and dates" headingLevel={2}>
        <div className={s.stack}>
          <div className={st.filters}>
            {isAdmin ? (
              <Select
                label="Account"
                options={accountOptions}
                value={userId ?? CORPORATE}
                onValueChange={(v) => setSearch({ userId: v === CORPORATE ? undefined : v })}
              />
            ) : (
              <p className={s.balance}>{me ? `${me.firstName} ${me.lastName ?? ""}`.trim() : ""}</p>
            )}
            <DateRangePicker
              label={`Dates (${zoneCaption(zone)})`}
              startLabel="From"
              endLabel="To"
              value={{ start: shownRange.from, end: shownRange.to }}
              onValueChange={(v) => changeRange({ from: v.start, to: v.end })}
              error={problem ?? undefined}
            />
          </div>
          {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of buttons, not form fields */}
          <div className={st.presets} role="group" aria-label="Date presets">
            {PRESETS.map((p) => (
              <Button
                key={p.id}
                size="sm"
                variant={activePreset === p.id ? "solid" : "outline"}
                aria-pressed={activePreset === p.id}
                onClick={() => changeRange(presetRange(p.id, today))}
              >
                {p.label}
              </Button>
            ))}
          </div>
        </div>
      </Card>

      <section aria-label="Totals" className={st.cards}>
        <StatCard
          label="Opening balance"
          tone="secondary"
          value={first ? `SGD ${money(first.openingBalance)}` : "-"}
        />
        <StatCard label="In" tone="success" value={first ? `SGD ${money(first.totalIn)}` : "-"} />
        <StatCard label="Out" tone="danger" value={first ? `SGD ${money(Math.abs(first.totalOut))}` : "-"} />
        <StatCard
          label="Closing balance"
          tone="primary"
          value={first ? `SGD ${money(first.closingBalance)}` : "-"}
          description={first?.held ? `SGD ${money(first.held)} is held for sends in progress` : undefined}
        />
      </section>

      <Card title={accountName ? `Entries — ${accountName}` : "Entries"} headingLevel={2}>
        <div className={s.stack}>
          <div className={st.actions}>
            <p className={s.note}>
              {first
                ? `${rows.length} ${rows.length === 1 ? "entry" : "entries"} shown, newest first, ${first.from} to ${first.to}`
                : " "}
            </p>
            <div className={st.exportButtons}>
              <Button
                variant="outline"
                size="sm"
                loading={exporting === "csv"}
                disabled={!first}
                onClick={() => void download("csv")}
              >
                Export CSV
              </Button>
              <Button
                variant="outline"
                size="sm"
                loading={exporting === "xlsx"}
                disabled={!first}
                onClick={() => void download("xlsx")}
              >
                Export XLSX
              </Button>
            </div>
          </div>
          <DataTable
            label="Statement entries"
            data={rows}
            columns={columns}
            getRowId={(r) => r.id}
            getRowLabel={(r) => `${formatStatementTime(r.createdAt)} ${r.description}`}
            searchable={false}
            pageSizeOptions={[5000]}
            loading={statement.isPending && me !== undefined}
            error={failed}
            onRetry={() => void statement.refetch()}
            emptyText="No credit moved in these dates."
          />
          {statement.hasNextPage && (
            <div className={st.more}>
              <Button
                variant="outline"
                loading={statement.isFetchingNextPage}
                onClick={() => void statement.fetchNextPage()}
              >
                Load more
              </Button>
            </div>
          )}
        </div>
      </Card>
    </PageLayout>
  );
}
