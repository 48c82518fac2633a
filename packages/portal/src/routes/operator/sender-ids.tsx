import { unwrap } from "@herald/api-client";
import { formatDate } from "@herald/domain";
import {
  Badge,
  Button,
  Card,
  Checkbox,
  DataTable,
  type DataTableColumn,
  FormDialog,
  LoadMore,
  PageHeader,
  PageLayout,
  Select,
  Switch,
  Textarea,
  useToast,
} from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { Link } from "react-router";
import { api } from "../../api";
import { personParts } from "../format";
import * as s from "../screen.css";
import { SENDER_ID_STATUS, type SenderIdStatus, senderIdStatus } from "../sender-ids/sender-id-rules";
import { SearchField, useUrlFilters } from "../url-filters";
import { useKeysetList } from "../use-keyset-list";
import { companyPath } from "./companies";
import { loadSenderIds, refreshConsole, type SenderIdFilters } from "./operator.queries";
import { problemText, REASON_MAX, reasonProblem, type SenderIdRecord } from "./operator-rules";

const STATUS_OPTIONS = [
  { value: "all", label: "All sender IDs" },
  ...(Object.entries(SENDER_ID_STATUS) as [SenderIdStatus, { label: string }][]).map(([value, v]) => ({
    value,
    label: v.label,
  })),
];
const isStatus = (v: string): v is SenderIdStatus => v in SENDER_ID_STATUS;
interface DecideProps {
  record: SenderIdRecord;
  onClose: () => void;
  onDone: () => void;
}

/** Approve a request; for a name, record whether it is registered with SSIR. */
function ApproveDialog({ record, onClose, onDone }: DecideProps) {
  const { toast } = useToast();
  const [ssir, setSsir] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const name = record.kind === "alphanumeric";
  const submit = async () => {
    if (saving) return;
    setSaving(true);
    setFailure(null);
    try {
      unwrap(
        await api.POST("/operator/sender-ids/{id}/approve", {
          params: { path: { id: record.id } },
          body: { ssirRegistered: name && ssir },
        }),
      );
      toast({ tone: "success", title: `${record.senderId} is approved for ${record.companyName}` });
      onDone();
      onClose();
    } catch (err) {
      setFailure(problemText(err));
      onDone();
    } finally {
      setSaving(false);
    }
  };
  return (
    <FormDialog
      open
      onOpenChange={(o) => !o && !saving && onClose()}
      title={`Approve ${record.senderId} for ${record.companyName}?`}
      description={`Purpose: ${record.purpose}`}
      submitLabel="Approve"
      saving={saving}
      onSubmit={() => void submit()}
    >
      <p className={s.note}>
        The company's admins can then give it to their users, who send SMS under this{" "}
        {name ? "name" : "number"}.
      </p>
      {name && (
        <Checkbox
          label="Registered with SSIR"
          description="Singapore's SMS Sender ID Registry: names not registered there reach +65 numbers as “Likely-SCAM”."
          checked={ssir}
          onCheckedChange={(v) => setSsir(v === true)}
        />
      )}
      {failure && (
        <p className={s.note} role="alert">
          {failure}
        </p>
      )}
    </FormDialog>
  );
}

/** Reject a request, or revoke an approved ID, with the reason the company sees. */
function RejectDialog({ record, onClose, onDone }: DecideProps) {
  const { toast } = useToast();
  const revoke = record.status === "approved";
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const missing = "Tell the company why: they see it beside the sender ID.";
  const submit = async () => {
    const p = reasonProblem(reason, missing);
    setError(p);
    if (p || saving) return;
    setSaving(true);
    setFailure(null);
    try {
      unwrap(
        await api.POST("/operator/sender-ids/{id}/reject", {
          params: { path: { id: record.id } },
          body: { reason: reason.trim() },
        }),
      );
      toast({
        tone: "success",
        title: revoke ? `${record.senderId} is revoked` : `${record.senderId} is rejected`,
        description: `${record.companyName} sees your reason.`,
      });
      onDone();
      onClose();
    } catch (err) {
      setFailure(problemText(err));
      onDone();
    } finally {
      setSaving(false);
    }
  };
  return (
    <FormDialog
      open
      onOpenChange={(o) => !o && !saving && onClose()}
      title={revoke ? `Revoke ${record.senderId}?` : `Reject ${record.senderId}?`}
      description={
        revoke
          ? `${record.companyName} can no longer send with it: it is taken off every user who has it.`
          : `${record.companyName} asked for it for: ${record.purpose}`
      }
      submitLabel={revoke ? "Revoke sender ID" : "Reject request"}
      submitTone="danger"
      saving={saving}
      onSubmit={() => void submit()}
    >
      <Textarea
        label="Reason"
        required
        rows={3}
        maxLength={REASON_MAX}
        value={reason}
        error={error}
        onChange={(e) => {
          setReason(e.target.value);
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

/** The SSIR switch of an approved name: recorded at once. */
function SsirSwitch({ record, onDone }: { record: SenderIdRecord; onDone: () => void }) {
  const { toast } = useToast();
  const [saving, setSaving] = useState(false);
  const [on, setOn] = useState(record.ssirRegistered);
  const change = async (next: boolean) => {
    setSaving(true);
    setOn(next);
    try {
      unwrap(
        await api.POST("/operator/sender-ids/{id}/ssir", {
          params: { path: { id: record.id } },
          body: { ssirRegistered: next },
        }),
      );
      toast({
        tone: "success",
        title: next
          ? `${record.senderId} is registered with SSIR`
          : `${record.senderId} is not registered with SSIR`,
      });
      onDone();
    } catch (err) {
      setOn(!next);
      toast({ tone: "error", title: "SSIR registration was not recorded", description: problemText(err) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Switch
      label={`Registered with SSIR: ${record.senderId}`}
      hideLabel
      checked={on}
      disabled={saving}
      onCheckedChange={(v) => void change(v)}
    />
  );
}

/** /operator/sender-ids: the registry; requests waiting first, to approve or reject; approved ones to revoke. */
export default function OperatorSenderIds() {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useUrlFilters(["q", "status"] as const);
  const status = isStatus(filters.status) ? filters.status : undefined;
  const query: SenderIdFilters = { ...(filters.q ? { q: filters.q } : {}), ...(status ? { status } : {}) };
  const list = useKeysetList<SenderIdRecord>({
    call: ["get", "/operator/sender-ids"],
    filters: query,
    load: loadSenderIds(query),
  });
  const [deciding, setDeciding] = useState<{ kind: "approve" | "reject"; record: SenderIdRecord } | null>(
    null,
  );
  const refresh = useCallback(
    () => void refreshConsole(queryClient, "/operator/sender-ids", "/operator/companies/{id}"),
    [queryClient],
  );

  const columns = useMemo<DataTableColumn<SenderIdRecord>[]>(
    () => [
      {
        // The ID with its state under it (one column: a phone keeps room for the decision).
        id: "senderId",
        header: "Sender ID",
        text: (r) => `${r.senderId} ${senderIdStatus(r.status).label}`,
        sortable: false,
        cell: (r) => {
          const st = senderIdStatus(r.status);
          return (
            <span className={s.cellStack}>
              <span className={s.code}>{r.senderId}</span>
              <span>
                <Badge tone={st.tone} variant="soft">
                  {st.label}
                </Badge>
              </span>
              {r.reason && <span className={s.cellSub}>{r.reason}</span>}
            </span>
          );
        },
      },
      {
        id: "company",
        header: "Company",
        text: (r) => r.companyName,
        sortable: false,
        priority: "sm",
        cell: (r) => (
          <span className={s.cellStack}>
            <Link to={companyPath(r.companyId)} className={s.link}>
              {r.companyName}
            </Link>
            <span className={s.cellSub}>{personParts(r.requestedBy).name}</span>
          </span>
        ),
      },
      { id: "purpose", header: "Purpose", text: (r) => r.purpose, sortable: false, priority: "lg" },
      {
        id: "ssir",
        header: "SSIR",
        text: (r) =>
          r.kind === "number"
            ? "Not needed"
            : r.status === "approved"
              ? r.ssirRegistered
                ? "Yes"
                : "No"
              : "-",
        sortable: false,
        priority: "md",
        cell: (r) =>
          r.kind === "alphanumeric" && r.status === "approved" ? (
            <SsirSwitch key={`${r.id}-${r.ssirRegistered}`} record={r} onDone={refresh} />
          ) : (
            <span className={s.cellSub}>{r.kind === "number" ? "Not needed" : "-"}</span>
          ),
      },
      {
        id: "createdAt",
        header: "Asked",
        text: (r) => formatDate(r.createdAt),
        sortable: false,
        priority: "xl",
        cell: (r) => <span className={s.figure}>{formatDate(r.createdAt)}</span>,
      },
      {
        id: "decide",
        header: "Decision",
        sortable: false,
        searchable: false,
        align: "end",
        cell: (r) =>
          r.status === "requested" ? (
            <span className={s.rowButtons}>
              <Button
                size="sm"
                aria-label={`Approve ${r.senderId} for ${r.companyName}`}
                onClick={() => setDeciding({ kind: "approve", record: r })}
              >
                Approve
              </Button>
              <Button
                size="sm"
                variant="outline"
                tone="danger"
                aria-label={`Reject ${r.senderId} for ${r.companyName}`}
                onClick={() => setDeciding({ kind: "reject", record: r })}
              >
                Reject
              </Button>
            </span>
          ) : r.status === "approved" ? (
            <Button
              size="sm"
              variant="outline"
              tone="danger"
              aria-label={`Revoke ${r.senderId} from ${r.companyName}`}
              onClick={() => setDeciding({ kind: "reject", record: r })}
            >
              Revoke
            </Button>
          ) : null,
      },
    ],
    [refresh],
  );

  const filtered = Boolean(filters.q || status);
  return (
    <PageLayout inset="none">
      <PageHeader title="Sender IDs" />
      <Card>
        <div className={s.stack}>
          <div className={s.filters}>
            <SearchField
              className={s.filterWide}
              label="Search"
              placeholder="Sender ID or company"
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
            label="Sender IDs"
            data={list.rows}
            columns={columns}
            getRowId={(r) => r.id}
            getRowLabel={(r) => `${r.senderId}, ${r.companyName}`}
            searchable={false}
            pagination={false}
            loading={list.isFetching && !list.isFetchingNextPage}
            error={list.isError && list.rows.length === 0 ? problemText(list.error) : null}
            onRetry={() => void list.refetch()}
            emptyText={
              filtered ? "No sender ID matches these filters." : "No company has asked for a sender ID yet."
            }
          />
          <LoadMore
            shown={list.rows.length}
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
            noun={["sender ID", "sender IDs"]}
          />
        </div>
      </Card>
      {deciding?.kind === "approve" && (
        <ApproveDialog record={deciding.record} onClose={() => setDeciding(null)} onDone={refresh} />
      )}
      {deciding?.kind === "reject" && (
        <RejectDialog record={deciding.record} onClose={() => setDeciding(null)} onDone={refresh} />
      )}
    </PageLayout>
  );
}
