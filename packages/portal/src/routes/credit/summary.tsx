import { type Schema, unwrap } from "@herald/api-client";
import { formatAmount, formatDateTime, MESSAGES } from "@herald/domain";
import {
  Badge,
  Breadcrumb,
  Card,
  CreditBox,
  DataTable,
  type DataTableColumn,
  LoadMore,
  PageHeader,
  PageLayout,
  Spinner,
} from "@herald/ui";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { $api, api } from "../../api";
import { useDialogs } from "../../dialogs";
import { sessionEnded } from "../../session";
import { CorporateTopUpDialog, VENDOR_SUPPORT } from "../../shell/corporate-top-up";
import { routerLink } from "../../shell/link";
import { useProfile } from "../../shell/use-profile";
import * as s from "../admin/users/users.css";
import { userCreditPath, userProfilePath } from "../admin/users/users.shared";
import { personParts, problemText, sgd, shortDateTime } from "../format";
import { topupStatus } from "../operator/operator-rules";
import * as o from "../screen.css";
import { useKeysetList } from "../use-keyset-list";
import * as c from "./credit.css";
import { joinDepts, safeCents } from "./credit-rules";
import { statementPath } from "./statement-rules";

type SummaryRow = Schema<"SummaryRow">;

const PAGE_SIZES = [1000, 2000, 5000] as const;

const amountText = (sgd: number | null | undefined) => {
  const cents = safeCents(sgd);
  return cents === undefined ? "-" : formatAmount(cents);
};
const topupTime = (row: SummaryRow) => (row.lastTopupTime ? formatDateTime(row.lastTopupTime) : "-");
const topupTimeValue = (row: SummaryRow) => (row.lastTopupTime ? Date.parse(row.lastTopupTime) : null);

/** A summary that did not load: 'Invalid or expired token', then the sign-in page (accounts spec §8). */
function useSummaryFailure(error: unknown) {
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const told = useRef(false);
  useEffect(() => {
    if (!error || told.current || sessionEnded()) return;
    told.current = true;
    void dialogs
      .message("error", MESSAGES.invalidOrExpiredToken)
      .then(() => navigate("/login", { replace: true }));
  }, [error, dialogs, navigate]);
}

function CorporateBalance() {
  const company = $api.useQuery("post", "/getCompany", { body: {} });
  const [asking, setAsking] = useState(false);
  const cents = safeCents(company.data?.companyCredit);

  return (
    <Card title="Corporate balance" headingLevel={2}>
      <div className={c.balanceRow}>
        {cents === undefined ? (
          company.isPending ? (
            <Spinner label="Loading the corporate balance" showLabel />
          ) : (
            <p className={s.muted}>-</p>
          )
        ) : (
          <CreditBox label="Corporate Credit" cents={cents} onTopUp={() => setAsking(true)} />
        )}
        <p className={s.note}>
          Credit given to users comes from this balance; Top Up asks {VENDOR_SUPPORT} to add to it.
        </p>
      </div>
      <CorporateTopUpDialog open={asking} onClose={() => setAsking(false)} />
    </Card>
  );
}

type TopupRequest = Schema<"TopupRequestRecord">;

/** The answer to a request, in words: the amount granted and Herald's note, or the reason it was declined. */
function answerCell(r: TopupRequest) {
  const st = topupStatus(r.status);
  const granted = r.status === "granted" && r.grantedAmount !== null;
  return (
    <span className={o.cellStack}>
      <span>
        <Badge tone={st.tone} variant="soft">
          {granted
            ? `Granted ${sgd(r.grantedAmount)}`
            : r.status === "open"
              ? "Waiting for Herald"
              : st.label}
        </Badge>
      </span>
      {r.answer && <span className={o.cellSub}>{r.answer}</span>}
      {r.answeredAt && <span className={o.cellSub}>{shortDateTime(r.answeredAt)}</span>}
    </span>
  );
}

const requestColumns: DataTableColumn<TopupRequest>[] = [
  {
    id: "createdAt",
    header: "Asked",
    text: (r) => shortDateTime(r.createdAt),
    sortable: false,
    priority: "sm",
    cell: (r) => <span className={o.figure}>{shortDateTime(r.createdAt)}</span>,
  },
  {
    id: "requestedBy",
    header: "By",
    text: (r) => personParts(r.requestedBy).name,
    sortable: false,
    priority: "lg",
  },
  {
    id: "amount",
    header: "Asked for (SGD)",
    text: (r) => (r.amount === null ? "Not given" : amountText(r.amount)),
    sortable: false,
    align: "end",
    cell: (r) => <span className={o.figure}>{r.amount === null ? "Not given" : amountText(r.amount)}</span>,
  },
  { id: "note", header: "Your note", text: (r) => r.note ?? "-", sortable: false, priority: "md" },
  {
    id: "answer",
    header: "Answer",
    text: (r) => topupStatus(r.status).label,
    sortable: false,
    cell: answerCell,
  },
];

/** The company's corporate top-up requests to Herald Support, newest first, with their answers. */
function TopupRequestsCard() {
  const list = useKeysetList<TopupRequest>({
    call: ["get", "/topupRequests"],
    filters: {},
    load: async (p) =>
      unwrap(
        await api.GET("/topupRequests", {
          params: { query: { ...(p.cursor ? { cursor: p.cursor } : {}), limit: p.limit } },
          signal: p.signal,
        }),
      ),
    limit: 10,
  });
  return (
    <Card title={`Top-up requests to ${VENDOR_SUPPORT}`} headingLevel={2}>
      <DataTable
        label={`Top-up requests to ${VENDOR_SUPPORT}`}
        data={list.rows}
        columns={requestColumns}
        getRowId={(r) => r.id}
        getRowLabel={(r) => shortDateTime(r.createdAt)}
        searchable={false}
        pagination={false}
        loading={list.isFetching && !list.isFetchingNextPage}
        error={list.isError && list.rows.length === 0 ? problemText(list.error) : null}
        onRetry={() => void list.refetch()}
        emptyText={`No request yet. Top Up above asks ${VENDOR_SUPPORT} for credit.`}
      />
      <LoadMore
        shown={list.rows.length}
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onLoadMore={() => void list.fetchNextPage()}
        noun={["request", "requests"]}
      />
    </Card>
  );
}

/** Credit summary: the corporate balance and every user's credit and last top-up, with a Top Up per user. */
export default function CreditSummary() {
  const myId = useProfile().data?.userId;
  const company = $api.useQuery("post", "/getCompany", { body: {} });
  const list = $api.useQuery("get", "/summaryList");
  useSummaryFailure(list.error ?? company.error);

  const columns = useMemo<DataTableColumn<SummaryRow>[]>(
    () => [
      {
        id: "name",
        header: "Users",
        text: (r) => r.name,
        sortable: true,
        searchable: true,
        cell: (r) => (
          <span className={s.userCell}>
            <Link to={userProfilePath(r.id)} className={s.link}>
              {r.name}
            </Link>
            {r.id === myId && (
              <Badge tone="primary" aria-label="This is you">
                ME
              </Badge>
            )}
          </span>
        ),
      },
      {
        id: "dept",
        header: "Depts",
        text: (r) => joinDepts(r.dept),
        sortable: true,
        searchable: false,
        priority: "md",
      },
      {
        id: "totalCredit",
        header: "Credit (SGD)",
        value: (r) => r.totalCredit,
        text: (r) => amountText(r.totalCredit),
        sortable: true,
        searchable: false,
        align: "end",
      },
      {
        id: "amount",
        header: "Total Last Top Up (SGD)",
        value: (r) => r.amount ?? null,
        text: (r) => amountText(r.amount),
        sortable: true,
        searchable: false,
        align: "end",
        priority: "sm",
      },
      {
        id: "lastTopupTime",
        header: "Last Top Up Timestamp",
        value: topupTimeValue,
        text: topupTime,
        cell: (r) => <span className={s.nowrap}>{topupTime(r)}</span>,
        sortable: true,
        searchable: false,
        priority: "lg",
      },
      {
        id: "topUp",
        header: "Top Up",
        searchable: false,
        cell: (r) => (
          <Link to={userCreditPath(r.id)} className={c.rowTopUp} aria-label={`Top Up ${r.name}`}>
            Top Up
          </Link>
        ),
      },
      {
        // Designed: each user's credit statement (in the row's details on narrower screens).
        id: "statement",
        header: "Statement",
        searchable: false,
        priority: "xl",
        cell: (r) => (
          <Link to={statementPath(r.id)} className={s.link} aria-label={`Statement of ${r.name}`}>
            Statement
          </Link>
        ),
      },
    ],
    [myId],
  );

  return (
    <PageLayout>
      <Breadcrumb
        items={[
          { label: "Home", href: "/apps/social-chat" },
          { label: "Credit Management" },
          { label: "Summary" },
        ]}
        renderLink={routerLink}
      />
      <PageHeader
        title="Credit Summary"
        actions={
          <>
            <Link to={statementPath()} className={c.rowTopUp}>
              Statement
            </Link>
            <Link to="/credit-mgt/purchase-credit" className={c.rowTopUp}>
              Purchase Credit
            </Link>
          </>
        }
      />
      <CorporateBalance />
      <TopupRequestsCard />
      <Card title="Users' credit" headingLevel={2}>
        <DataTable
          label="Users' credit"
          data={list.data?.data ?? []}
          columns={columns}
          getRowId={(r) => r.id}
          getRowLabel={(r) => r.name}
          searchLabel="Search by name"
          searchPlaceholder="Search by name…"
          pageSizeOptions={PAGE_SIZES}
          loading={list.isPending}
          error={list.error ? MESSAGES.invalidOrExpiredToken : null}
          onRetry={() => void list.refetch()}
          emptyText={MESSAGES.noRecords}
        />
      </Card>
    </PageLayout>
  );
}
