import { ApiError, type Schema, unwrap } from "@herald/api-client";
import {
  checkSenderIdPurpose,
  formatDate,
  MESSAGES,
  parseSenderId,
  SENDER_ID_NUMBER_MAX,
  SENDER_ID_PURPOSE_MAX,
} from "@herald/domain";
import {
  Badge,
  Breadcrumb,
  Button,
  Card,
  DataTable,
  type DataTableColumn,
  FormDialog,
  PageHeader,
  PageLayout,
  Textarea,
  TextField,
  useToast,
} from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { $api, api } from "../../api";
import { useDialogs } from "../../dialogs";
import { routerLink } from "../../shell/link";
import { personParts } from "../format";
import * as s from "../screen.css";
import {
  canWithdraw,
  inboundNumberText,
  numberKindLabel,
  numberRoute,
  SENDER_ID_HELP,
  senderIdStatus,
  ssirText,
} from "./sender-id-rules";

type SenderId = Schema<"SenderIdRecord">;

/** The registry's rule (@herald/domain, as the server checks it): its message, or null when it may be asked for. */
const senderIdProblem = (text: string) => {
  const r = parseSenderId(text);
  return r.ok ? null : r.message;
};
const purposeProblem = (text: string) => {
  const r = checkSenderIdPurpose(text);
  return r.ok ? null : r.message;
};
type InboundNumber = Schema<"CompanyInboundNumber">;

const failure = (err: unknown) =>
  err instanceof ApiError && err.status < 500 && err.message ? err.message : MESSAGES.somethingWentWrong;

/** Lists a change to sender IDs moves: the registry, and the users' (their IDs are chosen from it). */
async function refreshSenderIds(queryClient: ReturnType<typeof useQueryClient>) {
  await Promise.all(
    [
      ["get", "/senderIdRegistry"],
      ["post", "/getUser"],
      ["get", "/userList"],
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** Ask Herald for a sender ID: the ID, checked as it is typed, and what it will be used for. */
function RequestDialog({ onClose }: { onClose: () => void }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [senderId, setSenderId] = useState("");
  const [purpose, setPurpose] = useState("");
  const [errors, setErrors] = useState<{ senderId?: string | null; purpose?: string | null } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const sending = useRef(false);
  const check = (id: string, p: string) => ({ senderId: senderIdProblem(id), purpose: purposeProblem(p) });

  const submit = async () => {
    const found = check(senderId, purpose);
    setErrors(found);
    const id = parseSenderId(senderId);
    if (!id.ok || found.purpose || sending.current) return;
    sending.current = true;
    setSaving(true);
    setProblem(null);
    try {
      const made = unwrap(
        await api.POST("/requestSenderId", {
          body: { senderId: id.value, purpose: purpose.trim() },
        }),
      );
      await refreshSenderIds(queryClient);
      toast({
        tone: "success",
        title: `${made.senderId} is requested`,
        description: "Herald reviews it; its status shows here.",
      });
      onClose();
    } catch (err) {
      // Taken by another company, or asked for already: said under the ID itself.
      if (err instanceof ApiError && err.status === 409) setErrors({ senderId: failure(err), purpose: null });
      else setProblem(failure(err));
    } finally {
      sending.current = false;
      setSaving(false);
    }
  };

  return (
    <FormDialog
      open
      onOpenChange={(o) => !o && !saving && onClose()}
      title="Request a sender ID"
      description="The name or number your recipients see as the sender of your SMS. Herald approves it before your users can send with it."
      submitLabel="Send request"
      saving={saving}
      onSubmit={() => void submit()}
    >
      <TextField
        label="Sender ID"
        required
        autoFocus
        maxLength={SENDER_ID_NUMBER_MAX + 5}
        value={senderId}
        help={SENDER_ID_HELP}
        error={errors?.senderId}
        onChange={(e) => {
          setSenderId(e.target.value);
          if (errors) setErrors((x) => ({ ...x, senderId: senderIdProblem(e.target.value) }));
        }}
      />
      <Textarea
        label="What you will send with it"
        required
        rows={3}
        maxLength={SENDER_ID_PURPOSE_MAX}
        showCounter
        placeholder="Appointment reminders to our patients"
        value={purpose}
        error={errors?.purpose}
        onChange={(e) => {
          setPurpose(e.target.value);
          if (errors) setErrors((x) => ({ ...x, purpose: purposeProblem(e.target.value) }));
        }}
      />
      {problem && (
        <p className={s.note} role="alert">
          {problem}
        </p>
      )}
    </FormDialog>
  );
}

/**
 * /sms-mgt/sender-ids: the company's sender IDs (asked for, approved, rejected with Herald's reason), a request
 * for a new one, withdrawing one, and the numbers the company receives SMS on. Admins only.
 */
export default function SenderIds() {
  const dialogs = useDialogs();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const registry = $api.useQuery("get", "/senderIdRegistry");
  const numbers = $api.useQuery("get", "/inboundNumbers");
  const [requesting, setRequesting] = useState(false);

  const withdraw = async (r: SenderId) => {
    const approved = r.status === "approved";
    const ok = await dialogs.confirm({
      title: approved ? `Give up the sender ID ${r.senderId}?` : `Withdraw the request for ${r.senderId}?`,
      text: approved
        ? "It is taken off every user who sends with it, and your SMS can no longer use it. To use it again you would ask Herald anew."
        : "Herald will not review it. You can ask for it again later.",
      confirmLabel: approved ? "Give up sender ID" : "Withdraw request",
      tone: "danger",
    });
    if (!ok) return;
    try {
      unwrap(await api.POST("/withdrawSenderId", { body: { id: r.id } }));
      await refreshSenderIds(queryClient);
      toast({
        tone: "success",
        title: approved ? `${r.senderId} is given up` : `The request for ${r.senderId} is withdrawn`,
      });
    } catch (err) {
      await dialogs.message("error", failure(err));
    }
  };
  const withdrawRef = useRef(withdraw);
  withdrawRef.current = withdraw;

  const columns = useMemo<DataTableColumn<SenderId>[]>(
    () => [
      {
        id: "senderId",
        header: "Sender ID",
        text: (r) => r.senderId,
        sortable: false,
        cell: (r) => (
          <span className={s.cellStack}>
            <span className={s.code}>{r.senderId}</span>
            <span className={s.cellSub}>{r.kind === "number" ? "Number" : "Name"}</span>
          </span>
        ),
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
              {r.reason && <span className={s.cellSub}>Herald: {r.reason}</span>}
              {canWithdraw(r.status) && (
                <span>
                  <Button
                    variant="link"
                    tone="danger"
                    size="sm"
                    aria-label={
                      r.status === "approved"
                        ? `Give up ${r.senderId}`
                        : `Withdraw the request for ${r.senderId}`
                    }
                    onClick={() => void withdrawRef.current(r)}
                  >
                    {r.status === "approved" ? "Give up" : "Withdraw"}
                  </Button>
                </span>
              )}
            </span>
          );
        },
      },
      {
        id: "createdAt",
        header: "Asked",
        text: (r) => `${formatDate(r.createdAt)} ${r.requestedBy}`,
        sortable: false,
        priority: "lg",
        cell: (r) => (
          <span className={s.cellStack}>
            <span className={s.figure}>{formatDate(r.createdAt)}</span>
            <span className={s.cellSub}>{personParts(r.requestedBy).name}</span>
          </span>
        ),
      },
    ],
    [],
  );
  const numberColumns = useMemo<DataTableColumn<InboundNumber>[]>(
    () => [
      {
        id: "number",
        header: "Number",
        text: inboundNumberText,
        sortable: false,
        cell: (n) => <span className={s.code}>{inboundNumberText(n)}</span>,
      },
      { id: "kind", header: "Kind", text: (n) => numberKindLabel(n.kind), sortable: false, priority: "sm" },
      { id: "route", header: "Messages", text: numberRoute, sortable: false },
    ],
    [],
  );

  const ids = registry.data?.data ?? [];
  return (
    <PageLayout>
      <Breadcrumb
        items={[{ label: "Home", href: "/apps/social-chat" }, { label: "Sender IDs & Numbers" }]}
        renderLink={routerLink}
      />
      <PageHeader
        title="Sender IDs & Numbers"
        actions={<Button onClick={() => setRequesting(true)}>Request sender ID</Button>}
      />
      <Card
        title="Sender IDs"
        headingLevel={2}
        subtitle="Approved sender IDs can be given to your users on their Edit User page."
      >
        <DataTable
          label="Sender IDs"
          data={ids}
          columns={columns}
          getRowId={(r) => r.id}
          getRowLabel={(r) => r.senderId}
          searchable={false}
          pagination={false}
          loading={registry.isPending}
          error={registry.isError ? failure(registry.error) : null}
          onRetry={() => void registry.refetch()}
          emptyText="You have no sender ID yet. Request one to send SMS under your company's name."
        />
      </Card>
      <Card
        title="Numbers you receive SMS on"
        headingLevel={2}
        subtitle="Herald assigns these numbers. On a shared number, only messages that start with your keyword reach you."
      >
        <DataTable
          label="Numbers you receive SMS on"
          data={numbers.data?.data ?? []}
          columns={numberColumns}
          getRowId={(n) => n.number}
          getRowLabel={inboundNumberText}
          searchable={false}
          pagination={false}
          loading={numbers.isPending}
          error={numbers.isError ? failure(numbers.error) : null}
          onRetry={() => void numbers.refetch()}
          emptyText="No number receives SMS for you yet. Contact Herald support to get one."
        />
      </Card>
      {requesting && <RequestDialog onClose={() => setRequesting(false)} />}
    </PageLayout>
  );
}
