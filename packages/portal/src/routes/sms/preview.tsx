import { ApiError, unwrap } from "@herald/api-client";
import { fallbackExample, MESSAGES, missingValueText, unicodeCost } from "@herald/domain";
import {
  Breadcrumb,
  Button,
  Callout,
  Card,
  Checkbox,
  DataTable,
  type DataTableColumn,
  PageLayout,
  Spinner,
  Stepper,
} from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { $api, api } from "../../api";
import { useDialogs } from "../../dialogs";
import { routerLink } from "../../shell/link";
import * as s from "./compose.css";
import {
  COMPOSE_PATH,
  type ComposePreviewRow,
  HOME_CRUMB,
  OUTBOX_PATH,
  SCHEDULED_PATH,
  toComposeDraft,
  useComposeDraft,
} from "./compose.shared";
import {
  COMPOSE_STEPS,
  DEFAULT_TIME_ZONE,
  finalActionLabel,
  firstInvalidStep,
  notEnoughCreditText,
  PREVIEW_STEP,
  SEND_WARNINGS,
  scheduleSummary,
} from "./compose-rules";

/** A preview row with its place in the list (the same number may appear twice when duplicates are kept). */
type Row = ComposePreviewRow & { key: string };

const count = (n: number) => `${n.toLocaleString("en-US")} message${n === 1 ? "" : "s"}`;

/** What happens next to the messages just handed over: they are being sent, or wait for their time. */
export function sentNote(answer: { status: "sent" | "scheduled"; recipients: number }): string {
  return answer.status === "scheduled"
    ? `Your ${count(answer.recipients)} will be sent at the time you chose.`
    : `Your ${count(answer.recipients)} ${answer.recipients === 1 ? "is" : "are"} being sent; their delivery shows in the outbox as it happens.`;
}

const columns: DataTableColumn<Row>[] = [
  { id: "to", header: "To", value: (r) => r.to, cell: (r) => <span className={s.number}>{r.to}</span> },
  { id: "name", header: "Name", value: (r) => r.name, priority: "md" },
  {
    id: "text",
    header: "Message",
    priority: "sm",
    value: (r) => r.text,
    cell: (r) => <span className={s.messageText}>{r.text}</span>,
  },
  { id: "encoding", header: "Encoding", value: (r) => r.encoding, priority: "lg" },
  { id: "segments", header: "SMS", value: (r) => r.segments, align: "end" },
  {
    id: "cost",
    header: "Cost (SGD)",
    value: (r) => r.costCents,
    text: (r) => r.cost,
    cell: (r) => r.cost,
    align: "end",
  },
];

/** Step 5 of Compose Message (sms/preview): what will be sent, to whom, and at what cost; its button sends it. */
export default function Preview() {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const { state, setStep, setKey, reset } = useComposeDraft();
  const one = $api.useQuery("get", "/compose-msg-page-one");
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sending = useRef(false);
  const [busy, setBusy] = useState(false);
  const timeZone = one.data?.timeZone ?? DEFAULT_TIME_ZONE;
  const invalid = one.data
    ? firstInvalidStep(state, {
        senderIds: one.data.senderIds,
        chatChannels: one.data.chatChannels ?? [],
        now: new Date(),
        timeZone,
      })
    : null;
  const body = useMemo(() => toComposeDraft(state), [state]);
  const preview = $api.useQuery(
    "post",
    "/sms/preview",
    { body },
    { enabled: Boolean(one.data) && !invalid, staleTime: 0, gcTime: 0, retry: false },
  );

  useEffect(() => headingRef.current?.focus(), []);

  const backTo = (step: number) => {
    setStep(step);
    navigate(COMPOSE_PATH);
  };

  const totals = preview.data?.totals;
  const rows = useMemo<Row[]>(
    () => (preview.data?.rows ?? []).map((r, i) => ({ ...r, key: String(i) })),
    [preview.data],
  );
  const canSend = Boolean(totals?.enough && totals.recipients > 0) && !invalid;
  // Warnings (e.g. a sender ID not registered with Singapore's SSIR) must be acknowledged before Done sends;
  // the acknowledgement is of these very words, so a preview that says something else asks again.
  const warnings = preview.data?.warnings ?? [];
  const warningKey = warnings.join("\n");
  const [acknowledged, setAcknowledged] = useState<string | null>(null);
  const [ackMissing, setAckMissing] = useState(false);
  const ackRef = useRef<HTMLButtonElement>(null);
  const needsAck = warnings.length > 0 && acknowledged !== warningKey;

  const done = async () => {
    if (sending.current || !canSend) return;
    if (needsAck) {
      setAckMissing(true);
      ackRef.current?.focus();
      return;
    }
    sending.current = true;
    setBusy(true);
    // One key per submission of this draft: a second click, or a retry after a network failure, sends once.
    const key = state.idempotencyKey || crypto.randomUUID();
    if (key !== state.idempotencyKey) setKey(key);
    try {
      const answer = unwrap(
        await api.POST("/sms/send", { params: { header: { "Idempotency-Key": key } }, body }),
      );
      const scheduled = state.frequency !== "Send Now";
      reset();
      await queryClient.invalidateQueries({ queryKey: ["post", "/getProfile"] });
      // The words say the request was processed; the messages themselves are still on their way: say so, and
      // land where they can be followed (the scheduled list for a schedule, the outbox for a send).
      await dialogs.message("success", answer.message ?? MESSAGES.processingComplete, sentNote(answer));
      navigate(scheduled ? SCHEDULED_PATH : OUTBOX_PATH);
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) {
        await dialogs.message("error", err.message);
        void preview.refetch();
      } else await dialogs.message("error", MESSAGES.somethingWentWrong);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const actionLabel = finalActionLabel(state, totals);
  // SMS only: characters outside GSM-7 (an emoji, typographic quotes) that make each message take more SMS
  // (read from the recipients' own texts, variables filled in, as they are sent)
  const unicode = useMemo(() => {
    if (state.channel !== "SMS" || messageFromFileOnly(state)) return null;
    for (const r of preview.data?.rows ?? []) {
      const cost = unicodeCost(r.text);
      if (cost) return cost;
    }
    return null;
  }, [state, preview.data]);
  const missing = preview.data?.missingValues ?? [];

  const errorText = (err: unknown) =>
    typeof err === "object" && err !== null && "message" in err && typeof err.message === "string"
      ? err.message
      : MESSAGES.somethingWentWrong;

  return (
    <PageLayout maxWidth={1200}>
      <Breadcrumb
        items={[HOME_CRUMB, { label: "Compose Message", href: COMPOSE_PATH }, { label: "Preview" }]}
        renderLink={routerLink}
      />
      <Card title="Compose Message" headingLevel={2}>
        <div className={s.step}>
          <Stepper
            steps={COMPOSE_STEPS}
            activeStep={PREVIEW_STEP}
            label="Compose steps"
            onStepClick={(index) => backTo(index)}
          />
          <section className={s.step} aria-labelledby={headingId}>
            <h2 id={headingId} ref={headingRef} tabIndex={-1} className={s.legend}>
              Preview
            </h2>
            {one.isPending ? (
              <Spinner label="Loading" showLabel />
            ) : one.isError ? (
              <p className={s.danger} role="alert">
                {MESSAGES.somethingWentWrong}
              </p>
            ) : invalid ? (
              <div className={s.step}>
                <p className={s.warning} role="alert">
                  {invalid.message}
                </p>
                <div>
                  <Button onClick={() => backTo(invalid.step)}>
                    Go to step {invalid.step + 1}: {COMPOSE_STEPS[invalid.step]?.title}
                  </Button>
                </div>
              </div>
            ) : preview.isPending ? (
              <Spinner label="Preparing the preview" showLabel />
            ) : preview.isError ? (
              <div className={s.step}>
                <p className={s.danger} role="alert">
                  {errorText(preview.error)}
                </p>
                <div className={s.chips}>
                  <Button variant="outline" onClick={() => void preview.refetch()}>
                    Try again
                  </Button>
                </div>
              </div>
            ) : (
              totals && (
                <>
                  {warnings.length > 0 && (
                    <Callout tone="warning" role="alert" title={SEND_WARNINGS.title} headingLevel={3}>
                      {warnings.length === 1 ? (
                        <p>{warnings[0]}</p>
                      ) : (
                        <ul>
                          {warnings.map((w) => (
                            <li key={w}>{w}</li>
                          ))}
                        </ul>
                      )}
                      <Checkbox
                        ref={ackRef}
                        label={SEND_WARNINGS.sendAnyway}
                        description={SEND_WARNINGS.sendAnywayHelp(warnings.length)}
                        checked={!needsAck}
                        onCheckedChange={(checked) => {
                          setAcknowledged(checked === true ? warningKey : null);
                          setAckMissing(false);
                        }}
                        error={ackMissing && needsAck ? SEND_WARNINGS.sendAnywayMissing : undefined}
                      />
                    </Callout>
                  )}
                  {unicode && totals.recipients > 0 && (
                    <UnicodeWarning
                      cost={unicode}
                      message={state.message}
                      recipients={totals.recipients}
                      perSms={totals.segments > 0 ? totals.costCents / totals.segments : 0}
                      onEdit={() => backTo(2)}
                    />
                  )}
                  {missing.length > 0 && (
                    <Callout
                      tone="info"
                      title="Some recipients have no value for a variable"
                      headingLevel={3}
                    >
                      <ul className={s.calloutList}>
                        {missing.map((m) => (
                          <li key={m.variable}>{missingValueText(m.variable, m.recipients, m.example)}</li>
                        ))}
                      </ul>
                      <p>
                        Give the variable a fallback for them, e.g.{" "}
                        <code>{fallbackExample(missing[0]!.variable)}</code>.
                      </p>
                      <div>
                        <Button variant="outline" size="sm" onClick={() => backTo(2)}>
                          Edit the message
                        </Button>
                      </div>
                    </Callout>
                  )}
                  <dl className={s.facts} aria-label="Totals">
                    <Fact
                      term="Channel"
                      value={
                        state.channel === "SMS" && state.senderId
                          ? `SMS from ${state.senderId}`
                          : state.channel
                      }
                    />
                    <Fact term="When" value={scheduleSummary(state, timeZone)} />
                    <Fact term="Recipients" value={totals.recipients.toLocaleString("en-US")} />
                    <Fact
                      term={state.channel === "WhatsApp" || state.channel === "Telegram" ? "Messages" : "SMS"}
                      value={totals.segments.toLocaleString("en-US")}
                    />
                    <Fact term="Cost" value={`SGD ${totals.cost}`} />
                    <Fact term="Your credit" value={`SGD ${totals.balance}`} />
                  </dl>
                  <p className={s.note}>
                    Skipped: {totals.skipped.unsubscribed.toLocaleString("en-US")} unsubscribed,{" "}
                    {totals.skipped.invalid.toLocaleString("en-US")} invalid,{" "}
                    {totals.skipped.duplicate.toLocaleString("en-US")} duplicate
                    {totals.skipped.notReachable
                      ? `, ${totals.skipped.notReachable.toLocaleString("en-US")} not reachable on Telegram`
                      : ""}
                    .
                    {state.frequency !== "Send Now" && state.frequency !== "One-Time"
                      ? " The cost is that of one run; each run reserves its own credit."
                      : ""}
                  </p>
                  {!totals.enough && (
                    <p className={s.danger} role="alert">
                      {notEnoughCreditText(totals.cost, totals.balance)}
                    </p>
                  )}
                  {totals.recipients === 0 && (
                    <p className={s.warning} role="alert">
                      No recipient is left to send to.
                    </p>
                  )}
                  <DataTable
                    label="Recipients preview"
                    data={rows}
                    columns={columns}
                    getRowId={(r) => r.key}
                    getRowLabel={(r) => r.to}
                    pageSizeOptions={[10, 25, 100]}
                    emptyText="There are no records found."
                  />
                  {totals.recipients > preview.data.rows.length && (
                    <p className={s.note}>
                      The first {preview.data.rows.length} of {totals.recipients.toLocaleString("en-US")}{" "}
                      recipients are shown.
                    </p>
                  )}
                </>
              )
            )}
            <div className={s.actions}>
              <Button variant="outline" tone="secondary" onClick={() => backTo(PREVIEW_STEP - 1)}>
                Previous
              </Button>
              <Button loading={busy} disabled={!canSend} onClick={() => void done()}>
                {actionLabel}
              </Button>
            </div>
          </section>
        </div>
      </Card>
    </PageLayout>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className={s.fact}>
      <dt className={s.factTerm}>{term}</dt>
      <dd className={s.factValue}>{value}</dd>
    </div>
  );
}

/** True when every recipient's message comes from the file (the typed text is not what is sent). */
const messageFromFileOnly = (state: {
  file: unknown;
  fileContent: string;
  numbers: string[];
  contactIds: string[];
  groupIds: string[];
}) =>
  state.file !== null &&
  state.fileContent === "Contacts & Message" &&
  state.numbers.length + state.contactIds.length + state.groupIds.length === 0;

const sgd = (cents: number) => (Math.round(cents) / 100).toFixed(2);

/**
 * Characters outside GSM-7 that make each message take more SMS: which ones, what it costs, and on request the
 * message with them marked and the counts side by side.
 */
function UnicodeWarning({
  cost,
  message,
  recipients,
  perSms,
  onEdit,
}: {
  cost: { characters: string[]; unicode: number; gsm: number };
  message: string;
  recipients: number;
  perSms: number;
  onEdit: () => void;
}) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const names = cost.characters.map((c) => `"${c}"`);
  const which =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  const withIt = recipients * cost.unicode * perSms;
  const without = recipients * cost.gsm * perSms;
  const marked = [...new Intl.Segmenter("en").segment(message)].map((g) => g.segment);
  return (
    <Callout tone="warning" role="status" title="Unicode makes this send cost more" headingLevel={3}>
      <p>
        {which} {names.length === 1 ? "is" : "are"} not in the standard SMS alphabet, so the whole message is
        sent as Unicode: 70 characters per SMS instead of 160. Each recipient gets {cost.unicode} SMS instead
        of {cost.gsm}.
      </p>
      <div className={s.chips}>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? "Hide the difference" : "See the difference"}
        </Button>
        <Button variant="outline" size="sm" onClick={onEdit}>
          Edit the message
        </Button>
      </div>
      <div id={detailsId} hidden={!open}>
        <p className={s.unicodeText}>
          {marked.map((g, i) =>
            cost.characters.includes(g) ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the message's characters in order, never reordered
              <mark key={i} className={s.unicodeMark}>
                {g}
              </mark>
            ) : (
              g
            ),
          )}
        </p>
        <dl className={s.facts} aria-label="Unicode difference">
          <div className={s.fact}>
            <dt className={s.factTerm}>As written (Unicode)</dt>
            <dd className={s.factValue}>
              {(recipients * cost.unicode).toLocaleString("en-US")} SMS · SGD {sgd(withIt)}
            </dd>
          </div>
          <div className={s.fact}>
            <dt className={s.factTerm}>Without {names.length === 1 ? "it" : "them"} (GSM-7)</dt>
            <dd className={s.factValue}>
              {(recipients * cost.gsm).toLocaleString("en-US")} SMS · SGD {sgd(without)}
            </dd>
          </div>
        </dl>
      </div>
    </Callout>
  );
}
