import { formatAmount } from "@herald/domain";
import {
  Badge,
  Card,
  DataTable,
  type DataTableColumn,
  LoadMore,
  PageHeader,
  PageLayout,
  Select,
} from "@herald/ui";
import { useMemo } from "react";
import { Link } from "react-router";
import * as s from "../screen.css";
import { SearchField, useUrlFilters } from "../url-filters";
import { useKeysetList } from "../use-keyset-list";
import { type CompanyFilters, loadCompanies } from "./operator.queries";
import { type Company, centsOf, companyStatus, problemText } from "./operator-rules";

export const companyPath = (id: string) => `/operator/companies/${id}`;

const STATUS_OPTIONS = [
  { value: "all", label: "All companies" },
  { value: "active", label: "Active" },
  { value: "suspended", label: "Suspended" },
];

const balanceText = (c: Company) => {
  const cents = centsOf(c.balance);
  return cents === undefined ? "-" : formatAmount(cents);
};

/** /operator/companies: every company, searched by name or owner e-mail, filtered by status, 50 at a time. */
export default function Companies() {
  const [filters, setFilters] = useUrlFilters(["q", "status"] as const);
  const status = filters.status === "active" || filters.status === "suspended" ? filters.status : undefined;
  const query: CompanyFilters = { ...(filters.q ? { q: filters.q } : {}), ...(status ? { status } : {}) };
  const list = useKeysetList<Company>({
    call: ["get", "/operator/companies"],
    filters: query,
    load: loadCompanies(query),
  });

  const columns = useMemo<DataTableColumn<Company>[]>(
    () => [
      {
        id: "name",
        header: "Company",
        text: (c) => c.name,
        sortable: false,
        cell: (c) => (
          <Link to={companyPath(c.id)} className={s.link}>
            {c.name}
          </Link>
        ),
      },
      {
        id: "owner",
        header: "Owner",
        text: (c) => `${c.ownerName} ${c.ownerEmail}`,
        sortable: false,
        priority: "md",
        cell: (c) => (
          <span className={s.cellStack}>
            <span className={s.cellMain}>{c.ownerName}</span>
            <span className={s.cellSub}>{c.ownerEmail}</span>
          </span>
        ),
      },
      {
        id: "users",
        header: "Users / limit",
        text: (c) => `${c.users} / ${c.userLimit}`,
        sortable: false,
        align: "end",
        priority: "sm",
        cell: (c) => <span className={s.figure}>{`${c.users} / ${c.userLimit}`}</span>,
      },
      {
        id: "balance",
        header: "Balance (SGD)",
        text: balanceText,
        sortable: false,
        align: "end",
        priority: "sm",
        cell: (c) => <span className={s.figure}>{balanceText(c)}</span>,
      },
      {
        id: "messages",
        header: "Messages this month",
        text: (c) => c.messagesThisMonth.toLocaleString("en"),
        sortable: false,
        align: "end",
        priority: "lg",
        cell: (c) => <span className={s.figure}>{c.messagesThisMonth.toLocaleString("en")}</span>,
      },
      {
        id: "status",
        header: "Status",
        text: (c) => companyStatus(c.status).label,
        sortable: false,
        cell: (c) => {
          const st = companyStatus(c.status);
          return (
            <Badge tone={st.tone} variant="soft">
              {st.label}
            </Badge>
          );
        },
      },
    ],
    [],
  );

  const filtered = Boolean(filters.q || status);
  return (
    <PageLayout inset="none">
      <PageHeader title="Companies" />
      <Card>
        <div className={s.stack}>
          <div className={s.filters}>
            <SearchField
              className={s.filterWide}
              label="Search"
              placeholder="Company name or owner e-mail"
              value={filters.q}
              onSearch={(q) => setFilters({ q })}
            />
            <Select
              className={s.filterNarrow}
              label="Status"
              options={STATUS_OPTIONS}
              value={status ?? "all"}
              onValueChange={(v) => setFilters({ status: v === "all" ? "" : v })}
            />
          </div>
          <DataTable
            label="Companies"
            data={list.rows}
            columns={columns}
            getRowId={(c) => c.id}
            getRowLabel={(c) => c.name}
            searchable={false}
            pagination={false}
            loading={list.isFetching && !list.isFetchingNextPage}
            error={list.isError && list.rows.length === 0 ? problemText(list.error) : null}
            onRetry={() => void list.refetch()}
            emptyText={filtered ? "No company matches these filters." : "No company has signed up yet."}
          />
          <LoadMore
            shown={list.rows.length}
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
            noun={["company", "companies"]}
          />
        </div>
      </Card>
    </PageLayout>
  );
}
