import { ApiError } from "@herald/api-client";
import { formatDate } from "@herald/domain";
import {
  Badge,
  Breadcrumb,
  Button,
  Card,
  DataTable,
  type DataTableColumn,
  PageHeader,
  PageLayout,
  Spinner,
} from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { $api } from "../../api";
import { routerLink } from "../../shell/link";
import * as s from "../screen.css";
import { inboundNumberText, numberRoute, senderIdStatus, ssirText } from "../sender-ids/sender-id-rules";
import { CreditDialog, SuspensionDialog } from "./company-dialogs";
import { PricesCard, UserLimitCard } from "./company-settings";
import { refreshConsole } from "./operator.queries";
import {
  type CompanyDetail,
  companyStatus,
  numberKindLabel,
  problemText,
  type SenderIdRecord,
  sgd,
  shortDateTime,
} from "./operator-rules";

type CompanyNumber = CompanyDetail["numbers"][number];

const senderIdColumns: DataTableColumn<SenderIdRecord>[] = [
  {
    id: "senderId",
    header: "Sender ID",
    text: (r) => r.senderId,
    sortable: false,
    cell: (r) => <span className={s.code}>{r.senderId}</span>,
  },
  { id: "purpose", header: "Purpose", text: (r) => r.purpose, sortable: false, priority: "md" },
  {
    id: "status",
    header: "Status",
    text: (r) => senderIdStatus(r.status).label,
    sortable: false,
    cell: (r) => {
      const st = senderIdStatus(r.status);
      const ssir = ssirText(r);
      return (
        <span className={s.cellStack}>
          <span>
            <Badge tone={st.tone} variant="soft">
              {st.label}
            </Badge>
          </span>
          {ssir && <span className={s.cellSub}>{ssir}</span>}
          {r.reason && <span className={s.cellSub}>{r.reason}</span>}
        </span>
      );
    },
  },
  {
    id: "createdAt",
    header: "Asked",
    text: (r) => formatDate(r.createdAt),
    sortable: false,
    priority: "lg",
    cell: (r) => <span className={s.figure}>{formatDate(r.createdAt)}</span>,
  },
];

const numberColumns: DataTableColumn<CompanyNumber>[] = [
  {
    id: "number",
    header: "Number",
    text: inboundNumberText,
    sortable: false,
    cell: (n) => <span className={s.code}>{inboundNumberText(n)}</span>,
  },
  { id: "kind", header: "Kind", text: (n) => numberKindLabel(n.kind), sortable: false, priority: "sm" },
  { id: "route", header: "Messages", text: numberRoute, sortable: false },
];

/** /operator/companies/:id: one company and everything the operator sets for it. */
export default function Company() {
  const { id = "" } = useParams();
  const queryClient = useQueryClient();
  const options = $api.queryOptions("get", "/operator/companies/{id}", { params: { path: { id } } });
  const company = $api.useQuery("get", "/operator/companies/{id}", { params: { path: { id } } });
  const [dialog, setDialog] = useState<null | "suspension" | "credit">(null);
  const [opening, setOpening] = useState(0);
  const c = company.data;

  const done = (next: CompanyDetail) => {
    queryClient.setQueryData(options.queryKey, next);
    void refreshConsole(queryClient, "/operator/companies", "/operator/audit-log");
  };
  const open = (which: "suspension" | "credit") => {
    setOpening((n) => n + 1);
    setDialog(which);
  };

  const crumbs = (
    <Breadcrumb
      items={[{ label: "Companies", href: "/operator/companies" }, { label: c?.name ?? "Company" }]}
      renderLink={routerLink}
    />
  );

  if (company.isPending)
    return (
      <PageLayout inset="none">
        {crumbs}
        <div className={s.center}>
          <Spinner label="Loading the company" showLabel />
        </div>
      </PageLayout>
    );
  if (!c) {
    const missing = company.error instanceof ApiError && company.error.status === 404;
    return (
      <PageLayout inset="none">
        {crumbs}
        <Card title={missing ? "No such company" : "The company did not load"}>
          <div className={s.form}>
            <p className={s.muted} role="alert">
              {missing ? "It may have been removed, or the link is wrong." : problemText(company.error)}
            </p>
            <div className={s.actions}>
              {!missing && (
                <Button variant="outline" onClick={() => void company.refetch()}>
                  Try again
                </Button>
              )}
              <Link to="/operator/companies" className={s.link}>
                Back to companies
              </Link>
            </div>
          </div>
        </Card>
      </PageLayout>
    );
  }

  const status = companyStatus(c.status);
  const suspended = c.status === "suspended";
  return (
    <PageLayout inset="none">
      {crumbs}
      <PageHeader
        title={c.name}
        badges={
          <Badge tone={status.tone} variant="soft">
            {status.label}
          </Badge>
        }
        actions={
          <>
            <Link to={`/operator/audit?companyId=${c.id}`} className={s.link}>
              Audit log
            </Link>
            <Button
              variant={suspended ? "solid" : "outline"}
              tone={suspended ? "primary" : "danger"}
              onClick={() => open("suspension")}
            >
              {suspended ? "Resume company" : "Suspend company"}
            </Button>
          </>
        }
      />

      {suspended && (
        <div className={s.banner} role="status">
          <p className={s.bannerTitle}>
            Suspended{c.suspendedAt ? ` since ${shortDateTime(c.suspendedAt)}` : ""}
          </p>
          <p className={s.muted}>{c.suspendReason ? `Reason: ${c.suspendReason}` : "No reason recorded."}</p>
          <p className={s.note}>Its users cannot sign in and its sending is paused until you resume it.</p>
        </div>
      )}

      <div className={s.columns}>
        <Card title="Company" headingLevel={2}>
          <dl className={s.details}>
            <div className={s.pair}>
              <dt className={s.term}>Owner</dt>
              <dd className={s.value}>
                {c.ownerName}
                <br />
                <span className={s.cellSub}>{c.ownerEmail}</span>
              </dd>
            </div>
            <div className={s.pair}>
              <dt className={s.term}>Joined</dt>
              <dd className={s.value}>{formatDate(c.createdAt)}</dd>
            </div>
            <div className={s.pair}>
              <dt className={s.term}>Users</dt>
              <dd className={s.value}>
                {c.users} of {c.userLimit} allowed
              </dd>
            </div>
            <div className={s.pair}>
              <dt className={s.term}>Messages this month</dt>
              <dd className={s.value}>{c.messagesThisMonth.toLocaleString("en")}</dd>
            </div>
          </dl>
        </Card>
        <Card title="Corporate credit" headingLevel={2}>
          <div className={s.form}>
            <p className={s.bigFigure} data-testid="company-balance">
              {sgd(c.balance)}
            </p>
            <p className={s.note}>Grants and corrections show on the company's statement with your reason.</p>
            <div>
              <Button onClick={() => open("credit")}>Grant or correct credit</Button>
            </div>
          </div>
        </Card>
      </div>

      <div className={s.columns}>
        <UserLimitCard key={`limit-${c.userLimit}`} company={c} onDone={done} />
        <PricesCard key={`prices-${JSON.stringify(c.prices)}`} company={c} onDone={done} />
      </div>

      <Card
        title="Sender IDs"
        headingLevel={2}
        actions={
          <Link to={`/operator/sender-ids?q=${encodeURIComponent(c.name)}`} className={s.link}>
            Review in Sender IDs
          </Link>
        }
      >
        <DataTable
          label={`${c.name}'s sender IDs`}
          data={c.senderIds}
          columns={senderIdColumns}
          getRowId={(r) => r.id}
          getRowLabel={(r) => r.senderId}
          searchable={false}
          pagination={false}
          emptyText="This company has not asked for a sender ID."
        />
      </Card>
      <Card
        title="Numbers"
        headingLevel={2}
        actions={
          <Link to={`/operator/numbers?q=${encodeURIComponent(c.name)}`} className={s.link}>
            Manage numbers
          </Link>
        }
      >
        <DataTable
          label={`${c.name}'s numbers`}
          data={c.numbers}
          columns={numberColumns}
          getRowId={(n) => n.number}
          getRowLabel={inboundNumberText}
          searchable={false}
          pagination={false}
          emptyText="No number receives SMS for this company."
        />
      </Card>

      <SuspensionDialog
        key={`suspension-${opening}`}
        company={c}
        open={dialog === "suspension"}
        onOpenChange={(o) => setDialog(o ? "suspension" : null)}
        onDone={done}
      />
      {dialog === "credit" && (
        <CreditDialog
          key={`credit-${opening}`}
          company={c}
          open
          onOpenChange={(o) => setDialog(o ? "credit" : null)}
          onDone={done}
        />
      )}
    </PageLayout>
  );
}
