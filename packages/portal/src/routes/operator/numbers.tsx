import { unwrap } from "@herald/api-client";
import { formatDate } from "@herald/domain";
import {
  Button,
  Card,
  DataTable,
  type DataTableColumn,
  type DataTableRowAction,
  FormDialog,
  LoadMore,
  PageHeader,
  PageLayout,
  RadioGroup,
  TextField,
  useToast,
} from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { api } from "../../api";
import { useDialogs } from "../../dialogs";
import * as s from "../screen.css";
import { inboundNumberText } from "../sender-ids/sender-id-rules";
import { SearchField, useUrlFilters } from "../url-filters";
import { useKeysetList } from "../use-keyset-list";
import { CompanyPicker } from "./company-picker";
import { loadNumbers, refreshConsole } from "./operator.queries";
import {
  emptyNumberForm,
  formFromNumber,
  hasNumberProblems,
  type InboundNumber,
  type NumberForm,
  type NumberProblems,
  numberBody,
  numberKindLabel,
  numberProblems,
  ownersText,
  problemText,
  sharingLabel,
} from "./operator-rules";

/** Add a number, or change one: its kind, whether it is shared, and its companies (with a keyword each when shared). */
function NumberDialog({
  existing,
  onClose,
  onDone,
}: {
  existing?: InboundNumber;
  onClose: () => void;
  onDone: () => void;
}) {
  const { toast } = useToast();
  const [form, setForm] = useState<NumberForm>(() =>
    existing ? formFromNumber(existing) : emptyNumberForm(),
  );
  const [problems, setProblems] = useState<NumberProblems | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const sending = useRef(false);
  const update = (patch: Partial<NumberForm>) => {
    const next = { ...form, ...patch };
    setForm(next);
    if (problems) setProblems(numberProblems(next));
  };

  const submit = async () => {
    const found = numberProblems(form);
    setProblems(found);
    if (hasNumberProblems(found) || sending.current) return;
    sending.current = true;
    setSaving(true);
    setFailure(null);
    try {
      const body = numberBody(form);
      const saved = existing
        ? unwrap(await api.PUT("/operator/numbers/{id}", { params: { path: { id: existing.id } }, body }))
        : unwrap(await api.POST("/operator/numbers", { body }));
      toast({
        tone: "success",
        title: `${inboundNumberText(saved)} is ${existing ? "saved" : "added"}`,
        description: `Messages to it reach: ${ownersText(saved)}.`,
      });
      onDone();
      onClose();
    } catch (err) {
      setFailure(problemText(err));
    } finally {
      sending.current = false;
      setSaving(false);
    }
  };

  return (
    <FormDialog
      open
      size="lg"
      onOpenChange={(o) => !o && !saving && onClose()}
      title={existing ? `Change ${inboundNumberText(existing)}` : "Add a number"}
      description="A number Herald receives SMS on, and the companies its messages reach."
      submitLabel={existing ? "Save changes" : "Add number"}
      saving={saving}
      onSubmit={() => void submit()}
    >
      <TextField
        label="Number"
        required
        inputMode="tel"
        maxLength={20}
        value={form.number}
        help="A long number with its country code (+6580001234), or a short code of 3 to 8 digits."
        error={problems?.number}
        onChange={(e) => update({ number: e.target.value })}
      />
      <RadioGroup<"long" | "short">
        label="Kind"
        orientation="horizontal"
        options={[
          { value: "long", label: "Long number" },
          { value: "short", label: "Short code" },
        ]}
        value={form.kind}
        onValueChange={(kind) => update({ kind })}
      />
      <RadioGroup<"exclusive" | "shared">
        label="Who receives its messages"
        options={[
          {
            value: "exclusive",
            label: "One company",
            description: "Every message to the number reaches it.",
          },
          {
            value: "shared",
            label: "Shared by keyword",
            description: "Several companies; a message's first word (the company's keyword) picks which.",
          },
        ]}
        value={form.shared ? "shared" : "exclusive"}
        onValueChange={(v) =>
          update({ shared: v === "shared", owners: v === "shared" ? form.owners : form.owners.slice(-1) })
        }
      />
      <CompanyPicker
        label={form.shared ? "Companies" : "Company"}
        single={!form.shared}
        value={form.owners.map((o) => ({ id: o.companyId, name: o.companyName }))}
        onChange={(companies) =>
          update({
            owners: companies.map((c) => ({
              companyId: c.id,
              companyName: c.name,
              keyword: form.owners.find((o) => o.companyId === c.id)?.keyword ?? "",
            })),
          })
        }
        error={problems?.owners}
        help={form.shared ? undefined : "Leave empty to keep the number without a company for now."}
      />
      {form.shared && form.owners.length > 0 && (
        <ul className={s.ownerList} aria-label="Keywords">
          {form.owners.map((o) => (
            <li key={o.companyId}>
              <TextField
                label={`${o.companyName}'s keyword`}
                required
                maxLength={50}
                value={o.keyword}
                error={problems?.keywords[o.companyId]}
                onChange={(e) =>
                  update({
                    owners: form.owners.map((x) =>
                      x.companyId === o.companyId ? { ...x, keyword: e.target.value } : x,
                    ),
                  })
                }
              />
            </li>
          ))}
        </ul>
      )}
      {failure && (
        <p className={s.note} role="alert">
          {failure}
        </p>
      )}
    </FormDialog>
  );
}

/** /operator/numbers: the numbers Herald receives SMS on and who owns them; add, change, delete. */
export default function Numbers() {
  const dialogs = useDialogs();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useUrlFilters(["q"] as const);
  const list = useKeysetList<InboundNumber>({
    call: ["get", "/operator/numbers"],
    filters: { q: filters.q },
    load: loadNumbers(filters.q),
  });
  const [editing, setEditing] = useState<{ number?: InboundNumber } | null>(null);
  const refresh = () => void refreshConsole(queryClient, "/operator/numbers", "/operator/companies/{id}");

  const remove = async (n: InboundNumber) => {
    const ok = await dialogs.confirm({
      title: `Stop receiving on ${inboundNumberText(n)}?`,
      text:
        n.owners.length > 0
          ? `Messages sent to it will no longer reach ${ownersText(n)}. They show under Unrouted instead.`
          : "Messages sent to it will show under Unrouted.",
      confirmLabel: "Delete number",
      tone: "danger",
    });
    if (!ok) return;
    try {
      unwrap(await api.DELETE("/operator/numbers/{id}", { params: { path: { id: n.id } } }));
      toast({ tone: "success", title: `${inboundNumberText(n)} is deleted` });
      refresh();
    } catch (err) {
      await dialogs.message("error", problemText(err));
    }
  };
  const removeRef = useRef(remove);
  removeRef.current = remove;

  const columns = useMemo<DataTableColumn<InboundNumber>[]>(
    () => [
      {
        // The number and who its messages reach (one column: a phone keeps room for the row's menu).
        id: "number",
        header: "Number",
        text: (n) => `${inboundNumberText(n)} ${ownersText(n)}`,
        sortable: false,
        cell: (n) => (
          <span className={s.cellStack}>
            <span className={s.code}>{inboundNumberText(n)}</span>
            <span className={n.owners.length > 0 ? s.cellMain : s.cellSub}>{ownersText(n)}</span>
          </span>
        ),
      },
      {
        id: "kind",
        header: "Kind",
        text: (n) => `${numberKindLabel(n.kind)}, ${sharingLabel(n.shared).toLowerCase()}`,
        sortable: false,
        priority: "md",
        cell: (n) => (
          <span className={s.cellStack}>
            <span>{numberKindLabel(n.kind)}</span>
            <span className={s.cellSub}>{sharingLabel(n.shared)}</span>
          </span>
        ),
      },
      {
        id: "createdAt",
        header: "Added",
        text: (n) => formatDate(n.createdAt),
        sortable: false,
        priority: "lg",
        cell: (n) => <span className={s.figure}>{formatDate(n.createdAt)}</span>,
      },
    ],
    [],
  );
  const rowActions = useMemo<DataTableRowAction<InboundNumber>[]>(
    () => [
      { label: "Change", onSelect: (n) => setEditing({ number: n }) },
      { label: "Delete", tone: "danger", onSelect: (n) => void removeRef.current(n) },
    ],
    [],
  );

  return (
    <PageLayout inset="none">
      <PageHeader title="Numbers" actions={<Button onClick={() => setEditing({})}>Add number</Button>} />
      <Card>
        <div className={s.stack}>
          <div className={s.filters}>
            <SearchField
              className={s.filterWide}
              label="Search"
              placeholder="Number, company or keyword"
              value={filters.q}
              onSearch={(q) => setFilters({ q })}
            />
          </div>
          <DataTable
            label="Numbers"
            data={list.rows}
            columns={columns}
            rowActions={rowActions}
            getRowId={(n) => n.id}
            getRowLabel={inboundNumberText}
            searchable={false}
            pagination={false}
            loading={list.isFetching && !list.isFetchingNextPage}
            error={list.isError && list.rows.length === 0 ? problemText(list.error) : null}
            onRetry={() => void list.refetch()}
            emptyText={filters.q ? "No number matches this search." : "No number yet: add the first one."}
          />
          <LoadMore
            shown={list.rows.length}
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
            noun={["number", "numbers"]}
          />
        </div>
      </Card>
      {editing && (
        <NumberDialog existing={editing.number} onClose={() => setEditing(null)} onDone={refresh} />
      )}
    </PageLayout>
  );
}
