import { Button, Card, PageHeader, PageLayout, Spinner, StatCard, type StatTone } from "@herald/ui";
import { routerLink } from "../../shell/link";
import { useOperatorOverview } from "../../shell/operator-shell";
import * as s from "../screen.css";
import { problemText } from "./operator-rules";

interface Figure {
  label: string;
  href: string;
  tone: StatTone;
  count: number | undefined;
  /** What the card says under its figure: with work waiting, and without. */
  waiting: string;
  clear: string;
}

/** /operator: what waits for the operator, each figure a link to its queue. */
export default function OperatorOverview() {
  const overview = useOperatorOverview();
  const o = overview.data;
  const queues: Figure[] = [
    {
      label: "Top-up requests waiting",
      href: "/operator/topups",
      tone: "warning",
      count: o?.openTopups,
      waiting: "Grant or decline them",
      clear: "Every request is answered",
    },
    {
      label: "Sender IDs to review",
      href: "/operator/sender-ids?status=requested",
      tone: "info",
      count: o?.senderIdRequests,
      waiting: "Approve or reject them",
      clear: "Nothing to review",
    },
    {
      label: "Unrouted messages, last 7 days",
      href: "/operator/unrouted",
      tone: "danger",
      count: o?.unrouted,
      waiting: "SMS that reached no company",
      clear: "Every SMS reached a company",
    },
  ];
  const companies: Figure[] = [
    {
      label: "Companies",
      href: "/operator/companies",
      tone: "primary",
      count: o?.companies,
      waiting: "See every company",
      clear: "No company has signed up yet",
    },
    {
      label: "Suspended companies",
      href: "/operator/companies?status=suspended",
      tone: "secondary",
      count: o?.suspended,
      waiting: "Their users cannot sign in",
      clear: "None suspended",
    },
  ];
  // A queue with nothing waiting is calm (no alarm colour for a zero).
  const card = (f: Figure, queue = false) => (
    <StatCard
      key={f.href}
      label={f.label}
      tone={queue && f.count === 0 ? "secondary" : f.tone}
      href={f.href}
      renderLink={routerLink}
      value={f.count === undefined ? "–" : f.count.toLocaleString("en")}
      description={f.count === undefined ? " " : f.count > 0 ? f.waiting : f.clear}
    />
  );

  return (
    <PageLayout inset="none">
      <PageHeader
        title="Overview"
        actions={overview.isFetching && <Spinner size="sm" label="Refreshing the figures" />}
      />
      {overview.isError && !o ? (
        <Card>
          <div className={s.form}>
            <p className={s.muted} role="alert">
              The figures did not load. {problemText(overview.error)}
            </p>
            <div>
              <Button variant="outline" onClick={() => void overview.refetch()}>
                Try again
              </Button>
            </div>
          </div>
        </Card>
      ) : (
        <>
          <section aria-labelledby="queues-heading" className={s.stack}>
            <h2 id="queues-heading" className={s.sectionTitle}>
              Waiting for you
            </h2>
            <div className={s.cards}>{queues.map((f) => card(f, true))}</div>
          </section>
          <section aria-labelledby="companies-heading" className={s.stack}>
            <h2 id="companies-heading" className={s.sectionTitle}>
              Companies on Herald
            </h2>
            <div className={s.cards}>{companies.map((f) => card(f))}</div>
          </section>
        </>
      )}
    </PageLayout>
  );
}
