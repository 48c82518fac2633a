import { ApiError, unwrap } from "@herald/api-client";
import { formatSgd } from "@herald/domain";
import {
  Badge,
  Button,
  Card,
  CurrencyInput,
  DataTable,
  type DataTableColumn,
  FormDialog,
  LoadMore,
  PageHeader,
  PageLayout,
  Textarea,
  useToast,
} from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { api } from "../../api";
import { personParts } from "../format";
import * as s from "../screen.css";
import { useUrlFilters } from "../url-filters";
import { useKeysetList } from "../use-keyset-list";
import { companyPath } from "./companies";
import { loadTopups, refreshConsole } from "./operator.queries";
import {
  ADJUST_MAX_CENTS,
  centsOf,
  problemText,
  REASON_MAX,
  reasonProblem,
  sgd,
  shortDateTime,
  TOPUP_VIEWS,
  type TopupRequest,
  topupStatus,
} from "./operator-rules";

type View = TopupRequest["status"];
const isView = (v: string): v is View => TOPUP_VIEWS.some((x) => x.value === v);

const answeredElsewhere = (err: unknown) =>
  err instanceof ApiError && err.status === 409
    ? "This request was already answered, perhaps by a colleague. The list is refreshed."
    : problemText(err);

interface AnswerProps {
  request: TopupRequest;
  onClose: () => void;
  onDone: () => void;
}

/** Grant: the amount asked for, prefilled and changeable, and an optional note the company's admins see. */
function GrantDialog({ request, onClose, onDone }: AnswerProps) {
  const { toast } = useToast();
  const [cents, setCents] = useState<number | null>(centsOf(request.amount) ?? null);
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const sending = useRef(false);
  const problem = (v: number | null) =>
    v === null || v <= 0
      ? "Enter the amount to grant."
      : v > ADJUST_MAX_CENTS
        ? "At most SGD 1,000,000.00 at a time."
        : null;
  const submit = async () => {
    const p = problem(cents);
    setError(p);
    if (p || cents === null || sending.current) return;
    sending.current = true;
    setSaving(true);
    setFailure(null);
    try {
      unwrap(
        await api.POST("/operator/topup-requests/{id}/grant", {
          params: { path: { id: request.id } },
          body: { amount: cents / 100, ...(message.trim() ? { message: message.trim() } : {}) },
        }),
      );
      toast({ tone: "success", title: `${formatSgd(cents)} granted to ${request.companyName}` });
      onDone();
      onClose();
    } catch (err) {
      setFailure(answeredElsewhere(err));
      if (err instanceof ApiError && err.status === 409) onDone();
    } finally {
      sending.current = false;
      setSaving(false);
    }
  };
  return (
    <FormDialog
      open
      onOpenChange={(o) => !o && !saving && onClose()}
      title={`Grant credit to ${request.companyName}`}
      description={
        request.amount !== null
          ? `${request.requestedBy} asked for ${sgd(request.amount)}.`
          : `${request.requestedBy} did not say how much.`
      }
      submitLabel={cents !== null && cents > 0 ? `Grant ${formatSgd(cents)}` : "Grant"}
      saving={saving}
      onSubmit={() => void submit()}
    >
      {request.note && (
        <p className={s.note}>
          Their note: <q>{request.note}</q>
        </p>
      )}
      <CurrencyInput
        label="Amount to grant"
        required
        value={cents}
        min={0}
        max={ADJUST_MAX_CENTS}
        error={error}
        onValueChange={(v) => {
          setCents(v);
          if (error) setError(problem(v));
        }}
      />
      <Textarea
        label="Message to the company (optional)"
        rows={2}
        maxLength={REASON_MAX}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
      />
      {failure && (
        <p className={s.note} role="alert">
          {failure}
        </p>
      )}
    </FormDialog>
  );
}

/** Decline, with the message the company's admins see beside their request. */
function DeclineDialog({ request, onClose, onDone }: AnswerProps) {
  const { toast } = useToast();
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const missing = "Tell the company why, so they know what to do next.";
  const submit = async () => {
    const p = reasonProblem(message, missing);
    setError(p);
    if (p || saving) return;
    setSaving(true);
    setFailure(null);
    try {
      unwrap(
        await api.POST("/operator/topup-requests/{id}/decline", {
          params: { path: { id: request.id } },
          body: { message: message.trim() },
        }),
      );
      toast({ tone: "success", title: `${request.companyName}'s request is declined` });
      onDone();
      onClose();
    } catch (err) {
      setFailure(answeredElsewhere(err));
      if (err instanceof ApiError && err.status === 409) onDone();
    } finally {
      setSaving(false);
    }
  };
  return (
    <FormDialog
      open
      onOpenChange={(o) => !o && !saving && onClose()}
      title={`Decline ${request.companyName}'s request?`}
      description="The company's admins see your message beside their request."
      submitLabel="Decline request"
      submitTone="danger"
      saving={saving}
      onSubmit={() => void submit()}
    >
      <Textarea
        label="Message to the company"
        required
        rows={3}
        maxLength={REASON_MAX}
        value={message}
        error={error}
        onChange={(e) => {
          setMessage(e.target.value);
          if (error) setError(reasonProblem(e.target.value, missing));
        }}
      />
      {failure && (
        <p className={s.note} role="alert">
          {failure}
        </p>
      )}
    </FormDialog>
  );
}

const companyCell = (r: TopupRequest) => {
  const who = personParts(r.requestedBy);
  return (
    <span className={s.cellStack}>
      <Link to={companyPath(r.companyId)} className={s.link}>
        {r.companyName}
      </Link>
      {r.amount !== null && <span className={`${s.figure} ${s.narrowOnly}`}>{sgd(r.amount)}</span>}
      <span className={s.cellSub}>{who.name}</span>
      {who.email && <span className={s.cellSub}>{who.email}</span>}
    </span>
  );
};

/** /operator/topups: corporate top-up requests; the waiting ones oldest first, to grant or decline. */
export default function Topups() {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useUrlFilters(["status"] as const);
  const view: View = isView(filters.status) ? filters.status : "open";
  const list = useKeysetList<TopupRequest>({
    call: ["get", "/operator/topup-requests"],
    filters: { status: view },
    load: loadTopups(view),
  });
  const [answering, setAnswering] = useState<{ kind: "grant" | "decline"; request: TopupRequest } | null>(
    null,
  );
  const refresh = () => void refreshConsole(queryClient, "/operator/topup-requests", "/operator/companies");

  const columns = useMemo<DataTableColumn<TopupRequest>[]>(() => {
    const base: DataTableColumn<TopupRequest>[] = [
      {
        id: "company",
        header: "Company",
        text: (r) => `${r.companyName} ${r.requestedBy}`,
        sortable: false,
        cell: companyCell,
      },
      {
        id: "amount",
        header: "Asked for",
        text: (r) => (r.amount === null ? "Not given" : sgd(r.amount)),
        sortable: false,
        align: "end",
        priority: "sm",
        cell: (r) => <span className={s.figure}>{r.amount === null ? "Not given" : sgd(r.amount)}</span>,
      },
      {
        id: "note",
        header: "Their note",
        text: (r) => r.note ?? "-",
        sortable: false,
        priority: "lg",
      },
      {
        id: "createdAt",
        header: "Asked",
        text: (r) => shortDateTime(r.createdAt),
        sortable: false,
        priority: "md",
        cell: (r) => <span className={s.figure}>{shortDateTime(r.createdAt)}</span>,
      },
    ];
    if (view === "open")
      return [
        ...base,
        {
          id: "answer",
          header: "Answer",
          sortable: false,
          searchable: false,
          align: "end",
          cell: (r) => (
            <span className={s.rowButtons}>
              <Button
                size="sm"
                aria-label={`Grant ${r.companyName}'s request`}
                onClick={() => setAnswering({ kind: "grant", request: r })}
              >
                Grant
              </Button>
              <Button
                size="sm"
                variant="outline"
                tone="danger"
                aria-label={`Decline ${r.companyName}'s request`}
                onClick={() => setAnswering({ kind: "decline", request: r })}
              >
                Decline
              </Button>
            </span>
          ),
        },
      ];
    return [
      ...base,
      {
        id: "answer",
        header: "Answer",
        text: (r) => r.answer ?? "",
        sortable: false,
        cell: (r) => {
          const st = topupStatus(r.status);
          return (
            <span className={s.cellStack}>
              <span>
                <Badge tone={st.tone} variant="soft">
                  {r.status === "granted" && r.grantedAmount !== null
                    ? `Granted ${sgd(r.grantedAmount)}`
                    : st.label}
                </Badge>
              </span>
              {r.answer && <span className={s.cellSub}>{r.answer}</span>}
            </span>
          );
        },
      },
      {
        id: "answeredAt",
        header: "Answered",
        text: (r) => `${shortDateTime(r.answeredAt)} ${r.answeredBy ?? ""}`,
        sortable: false,
        priority: "xl",
        cell: (r) => (
          <span className={s.cellStack}>
            <span className={s.figure}>{shortDateTime(r.answeredAt)}</span>
            {r.answeredBy && <span className={s.cellSub}>{r.answeredBy}</span>}
          </span>
        ),
      },
    ];
  }, [view]);

  return (
    <PageLayout inset="none">
      <PageHeader title="Top-up requests" />
      <Card>
        <div className={s.stack}>
          {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of toggle buttons, not form fields */}
          <div className={s.segmented} role="group" aria-label="Requests to show">
            {TOPUP_VIEWS.map((v) => (
              <Button
                key={v.value}
                size="sm"
                variant={view === v.value ? "solid" : "outline"}
                tone={view === v.value ? "primary" : "secondary"}
                aria-pressed={view === v.value}
                onClick={() => setFilters({ status: v.value === "open" ? "" : v.value })}
              >
                {v.label}
              </Button>
            ))}
          </div>
          <DataTable
            label={`Top-up requests: ${TOPUP_VIEWS.find((v) => v.value === view)?.label ?? ""}`}
            data={list.rows}
            columns={columns}
            getRowId={(r) => r.id}
            getRowLabel={(r) => `${r.companyName}, ${shortDateTime(r.createdAt)}`}
            searchable={false}
            pagination={false}
            loading={list.isFetching && !list.isFetchingNextPage}
            error={list.isError && list.rows.length === 0 ? problemText(list.error) : null}
            onRetry={() => void list.refetch()}
            emptyText={
              view === "open"
                ? "No request is waiting. New ones appear here, oldest first."
                : view === "granted"
                  ? "No request has been granted yet."
                  : "No request has been declined."
            }
          />
          <LoadMore
            shown={list.rows.length}
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
            noun={["request", "requests"]}
          />
        </div>
      </Card>
      {answering?.kind === "grant" && (
        <GrantDialog request={answering.request} onClose={() => setAnswering(null)} onDone={refresh} />
      )}
      {answering?.kind === "decline" && (
        <DeclineDialog request={answering.request} onClose={() => setAnswering(null)} onDone={refresh} />
      )}
    </PageLayout>
  );
}
