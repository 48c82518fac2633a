import { ApiError, type Schema, unwrap } from "@herald/api-client";
import { formatAmount, formatDateTime, MESSAGES } from "@herald/domain";
import { Badge, Breadcrumb, Card, CreditBox, DataTable, type DataTableColumn, Spinner } from "@herald/ui";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { $api, api } from "../../api";
import { useDialogs } from "../../dialogs";
import { sessionEnded } from "../../session";
import { routerLink } from "../../shell/link";
import { useProfile } from "../../shell/use-profile";
import * as s from "../admin/users/users.css";
import { userCreditPath, userProfilePath } from "../admin/users/users.shared";
import * as c from "./credit.css";
import { joinDepts, safeCents } from "./credit-rules";
import { statementPath } from "./statement-rules";

type SummaryRow = Schema<"SummaryRow">;

const PAGE_SIZES = [1000, 2000, 5000] as const;
const VENDOR_SUPPORT = "Herald Support";

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
  const dialogs = useDialogs();
  const company = $api.useQuery("post", "/getCompany", { body: {} });
  const [sending, setSending] = useState(false);
  const cents = safeCents(company.data?.companyCredit);

  const requestTopUp = async () => {
    const ok = await dialogs.confirm({
      title: `${MESSAGES.confirmTopUpRequestTo} ${VENDOR_SUPPORT} ?`,
      confirmLabel: "Send",
    });
    if (!ok) return;
    setSending(true);
    try {
      unwrap(await api.POST("/topupReq", { body: { topUpType: 1 } }));
      await dialogs.message("success", MESSAGES.topUpRequestSent);
    } catch (err) {
      await dialogs.message("warning", err instanceof ApiError ? err.message : MESSAGES.somethingWentWrong);
    } finally {
      setSending(false);
    }
  };

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
          <CreditBox
            label="Corporate Credit"
            cents={cents}
            onTopUp={() => void requestTopUp()}
            pending={sending}
          />
        )}
        <p className={s.note}>
          Credit given to users comes from this balance; Top Up asks {VENDOR_SUPPORT} to add to it.
        </p>
      </div>
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
    <div className={s.page}>
      <Breadcrumb
        items={[
          { label: "Home", href: "/apps/social-chat" },
          { label: "Credit Management" },
          { label: "Summary" },
        ]}
        renderLink={routerLink}
      />
      <div className={s.headerRow}>
        <h1 className={s.heading}>Credit Summary</h1>
        <div className={c.headerActions}>
          <Link to={statementPath()} className={c.rowTopUp}>
            Statement
          </Link>
          <Link to="/credit-mgt/purchase-credit" className={c.rowTopUp}>
            Purchase Credit
          </Link>
        </div>
      </div>
      <CorporateBalance />
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
    </div>
  );
}
