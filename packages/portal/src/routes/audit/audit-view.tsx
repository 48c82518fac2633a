import { unwrap } from "@herald/api-client";
import {
  Badge,
  Button,
  Card,
  ChangeDiff,
  DataTable,
  type DataTableColumn,
  DateRangePicker,
  LoadMore,
  Select,
  useToast,
} from "@herald/ui";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { $api, api } from "../../api";
import { isDay } from "../credit/statement-rules";
import { personParts, problemText, shortDateTime } from "../format";
import { CompanyPicker } from "../operator/company-picker";
import * as s from "../screen.css";
import { SearchField, useUrlFilters } from "../url-filters";
import { useKeysetList } from "../use-keyset-list";
import {
  type AuditEntry,
  actionGroups,
  actorKind,
  auditChanges,
  exportName,
  isActionGroup,
} from "./audit-rules";

export type AuditArea = "company" | "operator";

interface Filters {
  companyId?: string;
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
}

/** Downloads a blob under a file name (the browser's own download). */
function save(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * The audit log, for a company's admins (their company's entries) or for the operator (every company's and the
 * console's): who did what and when, with what each change was. Filters live in the address; 50 entries at a
 * time, newest first; the same filters export as CSV.
 */
export function AuditLogView({ area }: { area: AuditArea }) {
  const { toast } = useToast();
  const operator = area === "operator";
  const [f, setF] = useUrlFilters(["companyId", "actor", "action", "from", "to"] as const);
  const action = isActionGroup(area, f.action) ? f.action : "";
  const [draft, setDraft] = useState<{ start: string; end: string } | null>(null);
  const filters: Filters = {
    ...(operator && f.companyId ? { companyId: f.companyId } : {}),
    ...(f.actor ? { actor: f.actor } : {}),
    ...(action ? { action } : {}),
    ...(isDay(f.from) ? { from: f.from } : {}),
    ...(isDay(f.to) ? { to: f.to } : {}),
  };
  const path = operator ? "/operator/audit-log" : "/auditLog";
  const list = useKeysetList<AuditEntry>({
    call: ["get", path],
    filters,
    load: async (p) => {
      const query = { ...filters, ...(p.cursor ? { cursor: p.cursor } : {}), limit: p.limit };
      return operator
        ? unwrap(await api.GET("/operator/audit-log", { params: { query }, signal: p.signal }))
        : unwrap(await api.GET("/auditLog", { params: { query }, signal: p.signal }));
    },
  });
  // The company chosen in the address, by name.
  const picked = $api.useQuery(
    "get",
    "/operator/companies/{id}",
    { params: { path: { id: f.companyId } } },
    { enabled: operator && Boolean(f.companyId) },
  );

  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { companyId, ...rest } = filters;
      const result = operator
        ? await api.GET("/operator/audit-log/export", {
            params: { query: { ...rest, ...(companyId ? { companyId } : {}) } },
            parseAs: "blob",
          })
        : await api.GET("/auditLog/export", { params: { query: rest }, parseAs: "blob" });
      const blob = unwrap(result) as unknown as Blob;
      save(
        blob,
        exportName(result.response.headers.get("content-disposition"), filters.from ?? "", filters.to ?? ""),
      );
      toast({
        tone: "success",
        title: "The audit log is downloaded",
        description: "As a CSV file, oldest first.",
      });
    } catch (err) {
      toast({ tone: "error", title: "The export did not download", description: problemText(err) });
    } finally {
      setExporting(false);
    }
  };

  const columns = useMemo<DataTableColumn<AuditEntry>[]>(() => {
    const cols: DataTableColumn<AuditEntry>[] = [
      {
        id: "at",
        header: "When",
        text: (e) => shortDateTime(e.at),
        sortable: false,
        cell: (e) => {
          // The day, and the time under it: a narrow column leaves room for what was done.
          const [day, time] = shortDateTime(e.at).split(" ");
          return (
            <span className={s.cellStack}>
              <span className={s.figure}>{day}</span>
              {time && <span className={`${s.cellSub} ${s.figure}`}>{time}</span>}
            </span>
          );
        },
      },
      {
        id: "actor",
        header: "Who",
        text: (e) => e.actorName,
        sortable: false,
        priority: "md",
        cell: (e) => {
          const kind = actorKind(e.actorType);
          // "Name <e-mail> (operator)" as it is stored: the name, the e-mail under it, and the kind as a badge.
          const who = personParts(e.actorName);
          return (
            <span className={s.cellStack}>
              <span className={`${s.cellMain} ${s.breakAnywhere}`}>{who.name}</span>
              {who.email && <span className={s.cellSub}>{who.email}</span>}
              {kind && (
                <span>
                  <Badge tone={e.actorType === "operator" ? "info" : "secondary"} variant="soft">
                    {kind}
                  </Badge>
                </span>
              )}
              {e.actorAddress && <span className={s.cellSub}>from {e.actorAddress}</span>}
            </span>
          );
        },
      },
      {
        id: "summary",
        header: "What",
        text: (e) => e.summary,
        sortable: false,
        // The summary names the target already ("Added user Mei Ling"); it is not repeated under it.
        cell: (e) => <span className={`${s.cellMain} ${s.breakAnywhere}`}>{e.summary}</span>,
      },
    ];
    if (operator)
      cols.push({
        id: "company",
        header: "Company",
        text: (e) => e.companyName ?? "Console",
        sortable: false,
        priority: "lg",
        cell: (e) =>
          e.companyId ? (
            <Link to={`/operator/companies/${e.companyId}`} className={s.link}>
              {e.companyName ?? "Company"}
            </Link>
          ) : (
            <span className={s.cellSub}>Console</span>
          ),
      });
    cols.push({
      id: "changes",
      header: "Changes",
      text: (e) =>
        auditChanges(e.before, e.after)
          .map((c) => `${c.label}: ${c.before ?? ""} ${c.after ?? ""}`)
          .join("; "),
      sortable: false,
      priority: "sm",
      cell: (e) => <ChangeDiff changes={auditChanges(e.before, e.after)} maxShown={3} emptyText="—" />,
    });
    return cols;
  }, [operator]);

  const range = draft ?? { start: f.from, end: f.to };
  const filtered = Object.keys(filters).length > 0;
  return (
    <Card>
      <div className={s.stack}>
        <div className={s.filters}>
          {operator && (
            <div className={s.filterWide}>
              <CompanyPicker
                label="Company"
                single
                value={
                  f.companyId
                    ? [
                        {
                          id: f.companyId,
                          name: picked.data?.name ?? (picked.isPending ? "Loading…" : "Company"),
                        },
                      ]
                    : []
                }
                onChange={(companies) => setF({ companyId: companies[0]?.id ?? "" })}
              />
            </div>
          )}
          <SearchField
            className={s.filterWide}
            label="Who"
            placeholder="Name or e-mail"
            value={f.actor}
            onSearch={(actor) => setF({ actor })}
          />
          <Select
            className={s.filterNarrow}
            label="Action"
            options={actionGroups(area).map((g) => ({ value: g.value || "all", label: g.label }))}
            value={action || "all"}
            onValueChange={(v) => setF({ action: v === "all" ? "" : v })}
          />
          <DateRangePicker
            label={operator ? "Dates (UTC)" : "Dates"}
            startLabel="From"
            endLabel="To"
            value={range}
            onValueChange={(r) => {
              if (r.start && r.end && r.end < r.start) return setDraft(r);
              setDraft(null);
              setF({ from: r.start, to: r.end });
            }}
            orderMessage="The start date must not be after the end date"
          />
        </div>
        <div className={s.headerRow}>
          <p className={s.note} aria-live="polite">
            {list.isPending
              ? " "
              : filtered
                ? "Entries matching your filters, newest first."
                : "Every entry, newest first."}
          </p>
          <div className={s.rowButtons}>
            {filtered && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setDraft(null);
                  setF({ companyId: "", actor: "", action: "", from: "", to: "" });
                }}
              >
                Clear filters
              </Button>
            )}
            <Button variant="outline" size="sm" loading={exporting} onClick={() => void exportCsv()}>
              Export CSV
            </Button>
          </div>
        </div>
        <DataTable
          label="Audit log"
          data={list.rows}
          columns={columns}
          getRowId={(e) => e.id}
          getRowLabel={(e) => `${shortDateTime(e.at)} ${e.summary}`}
          searchable={false}
          pagination={false}
          loading={list.isFetching && !list.isFetchingNextPage}
          error={list.isError && list.rows.length === 0 ? problemText(list.error) : null}
          onRetry={() => void list.refetch()}
          emptyText={filtered ? "No entry matches these filters." : "Nothing has been recorded yet."}
        />
        <LoadMore
          shown={list.rows.length}
          hasMore={list.hasNextPage}
          loading={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          noun={["entry", "entries"]}
        />
      </div>
    </Card>
  );
}
