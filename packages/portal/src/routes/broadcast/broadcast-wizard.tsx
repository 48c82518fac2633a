import { ApiError, type Schema, unwrap } from "@herald/api-client";
import { MESSAGES } from "@herald/domain";
import {
  Badge,
  Breadcrumb,
  Button,
  Card,
  Checkbox,
  EmptyState,
  FileDrop,
  PageLayout,
  RadioGroup,
  Select,
  Spinner,
  Switch,
  Textarea,
  TextField,
  Wizard,
} from "@herald/ui";
import { useState } from "react";
import { useNavigate } from "react-router";
import { $api, api } from "../../api";
import { useDialogs } from "../../dialogs";
import { routerLink } from "../../shell/link";
import * as s from "./broadcast.css";
import {
  type BroadcastDraft,
  bodyText,
  CHOOSE_RECIPIENT,
  emptyDraft,
  fileReadiness,
  fillVariables,
  HOME_CRUMB,
  LIVE_NOTE,
  type MessageType,
  type Method,
  mediaAccept,
  type Readiness,
  reportPath,
  rowsFromTable,
  STEPS,
  stepError,
  subscriberReady,
  templateKey,
  templateShape,
  type WhatsappTemplate,
} from "./broadcast-rules";

type Update = (patch: Partial<BroadcastDraft>) => void;
type Payload = Schema<"BroadcastPayload">;
const NO_CAMPAIGN = "none";
const ALL_CHANNELS = "all";

async function uploadAttachment(file: File): Promise<string> {
  const uploaded = unwrap(
    await api.POST("/social-chat/attachment/upload", {
      body: { file },
      bodySerializer: () => {
        const form = new FormData();
        form.append("file", file, file.name);
        return form;
      },
    }),
  );
  return uploaded.attachmentId;
}

/** Reads a .csv or .xlsx recipient file in the browser for the Summary's readiness check. */
async function readRecipientFile(file: File) {
  const XLSX = await import("xlsx");
  const book = XLSX.read(await file.arrayBuffer(), { type: "array" });
  const sheet = book.Sheets[book.SheetNames[0] ?? ""];
  const table = sheet
    ? XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: "" })
    : [];
  return rowsFromTable(table);
}

/** Social broadcast (apps/social-broadcast): Information, Campaign, Recipients, Message, Summary. */
export default function BroadcastWizard() {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const [draft, setDraft] = useState<BroadcastDraft>(emptyDraft);
  const [step, setStep] = useState(0);
  const update: Update = (patch) => setDraft((d) => ({ ...d, ...patch }));
  const campaigns = $api.useQuery("get", "/social-chat/broadcast/campaigns");
  const channels = $api.useQuery("get", "/social-chat/channel/company-channel");
  const templates = $api.useQuery(
    "get",
    "/social-chat/channel/{id}/whatsapp-templates",
    { params: { path: { id: draft.channelId } } },
    { enabled: draft.type === "template" && draft.channelId !== "" },
  );
  const templateList = templates.data?.data ?? [];
  const crumbs = [HOME_CRUMB, { label: "Broadcast" }];

  if (campaigns.isPending || channels.isPending)
    return (
      <PageLayout>
        <Breadcrumb items={crumbs} renderLink={routerLink} />
        <Card title="Broadcast" headingLevel={2}>
          <Spinner label="Loading the broadcast options" showLabel />
        </Card>
      </PageLayout>
    );
  if (campaigns.isError || channels.isError)
    return (
      <PageLayout>
        <Breadcrumb items={crumbs} renderLink={routerLink} />
        <Card title="Broadcast" headingLevel={2}>
          <EmptyState
            icon="info"
            title={MESSAGES.somethingWentWrong}
            description="The campaigns and channels could not be loaded."
            action={
              <Button
                onClick={() => {
                  void campaigns.refetch();
                  void channels.refetch();
                }}
              >
                Try again
              </Button>
            }
          />
        </Card>
      </PageLayout>
    );

  const checkName = async (): Promise<string | true> => {
    try {
      unwrap(
        await api.GET("/social-chat/broadcast/validate/{name}", {
          params: { path: { name: draft.name.trim() } },
        }),
      );
      return true;
    } catch (err) {
      return err instanceof ApiError && err.status === 409
        ? MESSAGES.broadcastNameExists
        : MESSAGES.broadcastNameInvalid;
    }
  };

  const send = async () => {
    try {
      const template = templateList.find((t) => templateKey(t) === draft.templateKey);
      const shape = templateShape(template);
      const attachmentId =
        draft.type === "live" && draft.attachment ? await uploadAttachment(draft.attachment) : null;
      const headerMedia =
        draft.type === "template" && shape.needsMedia && draft.headerMedia
          ? await uploadAttachment(draft.headerMedia)
          : undefined;
      const values = (list: string[], n: number) =>
        Array.from({ length: n }, (_, i) => (list[i] ?? "").trim());
      const payload: Payload = {
        type: draft.type,
        broadcastName: draft.name.trim(),
        broadcastDescription: draft.description.trim() || null,
        campaignId: draft.campaignId || null,
        method: draft.method,
        subscribers: draft.method === "file" ? [] : draft.selected,
        channelId: draft.channelId || null,
        ...(draft.type === "live"
          ? { text: draft.text.trim() || null, attachmentId }
          : {
              whatsappTemplate: {
                name: template?.name ?? "",
                language: template?.language ?? "",
                header:
                  shape.headerCount > 0 || headerMedia
                    ? {
                        ...(shape.headerCount > 0
                          ? { variables: values(draft.headerValues, shape.headerCount) }
                          : {}),
                        ...(headerMedia ? { attachmentId: headerMedia } : {}),
                      }
                    : undefined,
                body:
                  draft.method !== "file" && shape.bodyCount > 0
                    ? { variables: values(draft.bodyValues, shape.bodyCount) }
                    : undefined,
              },
              metadata: template ? { components: template.components } : null,
            }),
      };
      const sent = unwrap(await api.POST("/social-chat/broadcast/send", { body: payload }));
      if (draft.method === "file" && draft.file) {
        const file = draft.file;
        try {
          unwrap(
            await api.POST("/social-chat/broadcast/file/{x}", {
              params: { path: { x: draft.removeDuplicates ? "yes" : "no" } },
              body: { file, broadcastId: sent.broadcastId },
              bodySerializer: () => {
                const form = new FormData();
                form.append("file", file, file.name);
                form.append("broadcastId", sent.broadcastId);
                return form;
              },
            }),
          );
        } catch (err) {
          // The broadcast exists already: say why its file was refused, then show its report.
          await dialogs.message("error", err instanceof ApiError ? err.message : MESSAGES.somethingWentWrong);
          navigate(reportPath(sent.broadcastId));
          return;
        }
      }
      // The broadcast was accepted; its messages are still on their way: its report follows them.
      await dialogs.message(
        "success",
        sent.status === "executed" ? MESSAGES.broadcastExecuted : MESSAGES.broadcastReceived,
        sent.status === "executed"
          ? "Your messages are being sent; the broadcast's report follows their delivery as it happens."
          : "Your recipients' file is being read; the broadcast's report shows its progress.",
      );
      navigate(reportPath(sent.broadcastId));
    } catch (err) {
      await dialogs.message("error", err instanceof ApiError ? err.message : MESSAGES.somethingWentWrong);
    }
  };

  return (
    <PageLayout>
      <Breadcrumb items={crumbs} renderLink={routerLink} />
      <Card title="Broadcast" headingLevel={2}>
        <Wizard
          steps={STEPS}
          activeStep={step}
          onStepChange={setStep}
          canNext={async (at) => {
            const problem = stepError(at, draft, { templates: templateList });
            if (problem) return problem;
            return at === 0 ? checkName() : true;
          }}
          onDone={send}
          doneLabel="Send"
          label="Broadcast steps"
          allowStepClick
          helpTitle="How it works"
          help={(at) => <StepHelp step={at} />}
        >
          {(at) =>
            at === 0 ? (
              <InformationStep draft={draft} update={update} />
            ) : at === 1 ? (
              <Select
                label="Campaign"
                help="Optional: group this broadcast in a campaign's reports."
                options={[
                  { value: NO_CAMPAIGN, label: "No campaign" },
                  ...(campaigns.data?.data ?? []).map((c) => ({ value: c.id, label: c.name })),
                ]}
                value={draft.campaignId || NO_CAMPAIGN}
                onValueChange={(v) => update({ campaignId: v === NO_CAMPAIGN ? "" : v })}
              />
            ) : at === 2 ? (
              <RecipientsStep draft={draft} update={update} channels={channels.data?.data ?? []} />
            ) : at === 3 ? (
              <MessageStep
                draft={draft}
                update={update}
                templates={templateList}
                loading={templates.isFetching}
              />
            ) : (
              <SummaryStep
                draft={draft}
                template={templateList.find((t) => templateKey(t) === draft.templateKey)}
                campaignName={campaigns.data?.data.find((c) => c.id === draft.campaignId)?.name}
                channelName={channels.data?.data.find((c) => c.id === draft.channelId)?.name}
              />
            )
          }
        </Wizard>
      </Card>
    </PageLayout>
  );
}

function StepHelp({ step }: { step: number }) {
  const lines =
    [
      ["Give the broadcast a name you will recognise in the reports (at most 50 characters, unique)."],
      ["A campaign is optional: it groups broadcasts in the campaign's outgoing report."],
      [
        "Live text reaches subscribers who contacted you within the last 24 hours.",
        "WhatsApp templates reach anyone; choose the WhatsApp channel.",
        "A file's first columns are mobile then name; the next columns fill the template's variables.",
      ],
      [
        "Live: type a text or attach a file. Template: pick one, add its header media and fill its variables.",
      ],
      [
        "Only READY recipients receive the broadcast. Send queues the messages; the report shows them arrive.",
      ],
    ][step] ?? [];
  return (
    <ul className={s.helpList}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

function InformationStep({ draft, update }: { draft: BroadcastDraft; update: Update }) {
  return (
    <div className={s.form}>
      <TextField
        label="Broadcast Name"
        required
        maxLength={50}
        showCounter
        value={draft.name}
        onChange={(e) => update({ name: e.target.value })}
      />
      <Textarea
        label="Description"
        maxLength={255}
        showCounter
        value={draft.description}
        onChange={(e) => update({ description: e.target.value })}
      />
    </div>
  );
}

function RecipientsStep({
  draft,
  update,
  channels,
}: {
  draft: BroadcastDraft;
  update: Update;
  channels: Schema<"Channel">[];
}) {
  const subscribers = $api.useQuery(
    "get",
    "/social-chat/broadcast/subscribers",
    { params: { query: draft.channelId ? { channelId: draft.channelId } : {} } },
    { enabled: draft.method === "contacts" },
  );
  const groups = $api.useQuery(
    "get",
    "/groups",
    { params: { query: { limit: 100 } } },
    { enabled: draft.method === "groups" },
  );
  const options = (
    draft.type === "template" ? channels.filter((c) => c.channelType === "WHATSAPP") : channels
  ).map((c) => ({ value: c.id, label: c.name }));
  const toggle = (id: string, on: boolean) =>
    update({ selected: on ? [...draft.selected, id] : draft.selected.filter((x) => x !== id) });
  const none =
    draft.method === "file" ? draft.fileRows.length === 0 && !draft.fileError : draft.selected.length === 0;

  return (
    <div className={s.form}>
      <RadioGroup<MessageType>
        label="Message type"
        orientation="horizontal"
        options={[
          { value: "live", label: "Live text", description: LIVE_NOTE },
          { value: "template", label: "WhatsApp template" },
        ]}
        value={draft.type}
        onValueChange={(type) => update({ type, channelId: "", selected: [], templateKey: "" })}
      />
      <Select
        label="Channel"
        required={draft.type === "template"}
        options={
          draft.type === "template" ? options : [{ value: ALL_CHANNELS, label: "All channels" }, ...options]
        }
        value={draft.channelId || (draft.type === "template" ? "" : ALL_CHANNELS)}
        placeholder="Choose a WhatsApp channel"
        onValueChange={(v) =>
          update({ channelId: v === ALL_CHANNELS ? "" : v, selected: [], templateKey: "" })
        }
      />
      <RadioGroup<Method>
        label="Recipients"
        orientation="horizontal"
        options={[
          { value: "contacts", label: "Contacts" },
          { value: "groups", label: "Groups" },
          { value: "file", label: "File" },
        ]}
        value={draft.method}
        onValueChange={(method) => update({ method, selected: [] })}
      />
      {draft.method === "contacts" ? (
        subscribers.isPending ? (
          <Spinner label="Loading subscribers" showLabel />
        ) : subscribers.isError ? (
          <p role="alert">{MESSAGES.somethingWentWrong}</p>
        ) : (subscribers.data?.data ?? []).length === 0 ? (
          <p className={s.note}>No subscriber on this channel yet.</p>
        ) : (
          <ul className={s.checkList} aria-label="Subscribers">
            {(subscribers.data?.data ?? []).map((sub) => (
              <li key={sub.id}>
                <Checkbox
                  label={`${sub.name} (${sub.mobile ?? sub.platformId})`}
                  description={sub.channelType}
                  checked={draft.selected.includes(sub.id)}
                  onCheckedChange={(on) => toggle(sub.id, on === true)}
                />
              </li>
            ))}
          </ul>
        )
      ) : draft.method === "groups" ? (
        groups.isPending ? (
          <Spinner label="Loading groups" showLabel />
        ) : groups.isError ? (
          <p role="alert">{MESSAGES.somethingWentWrong}</p>
        ) : (groups.data?.data ?? []).length === 0 ? (
          <p className={s.note}>No group yet.</p>
        ) : (
          <ul className={s.checkList} aria-label="Groups">
            {(groups.data?.data ?? []).map((g) => (
              <li key={g.id}>
                <Checkbox
                  label={g.name}
                  description={`${g.total_recipients} members`}
                  checked={draft.selected.includes(g.id)}
                  onCheckedChange={(on) => toggle(g.id, on === true)}
                />
              </li>
            ))}
          </ul>
        )
      ) : (
        <>
          <FileDrop
            label="Recipient file"
            accept=".csv,.xlsx"
            typeError={MESSAGES.unsupportedFileType}
            hint="CSV or XLSX: mobile, name, then one column per template variable."
            file={draft.file}
            error={draft.fileError ?? undefined}
            onFileChange={async (file) => {
              update({ file, fileRows: [], fileError: null });
              if (!file) return;
              const parsed = await readRecipientFile(file).catch(() => MESSAGES.unsupportedFileType);
              update(typeof parsed === "string" ? { fileError: parsed } : { fileRows: parsed });
            }}
          />
          <Switch
            label="Remove duplicates"
            checked={draft.removeDuplicates}
            onCheckedChange={(removeDuplicates) => update({ removeDuplicates })}
          />
        </>
      )}
      {none ? (
        <p role="status" className={s.note} data-testid="recipient-warning">
          {CHOOSE_RECIPIENT}
        </p>
      ) : null}
    </div>
  );
}

function MessageStep({
  draft,
  update,
  templates,
  loading,
}: {
  draft: BroadcastDraft;
  update: Update;
  templates: WhatsappTemplate[];
  loading: boolean;
}) {
  if (draft.type === "live")
    return (
      <div className={s.form}>
        <p className={s.note}>{LIVE_NOTE}</p>
        <Textarea
          label="Message"
          maxLength={4096}
          showCounter
          value={draft.text}
          onChange={(e) => update({ text: e.target.value })}
        />
        <FileDrop
          label="Attachment"
          file={draft.attachment}
          onFileChange={(attachment) => update({ attachment })}
        />
      </div>
    );
  const template = templates.find((t) => templateKey(t) === draft.templateKey);
  const shape = templateShape(template);
  const setValue = (key: "headerValues" | "bodyValues", i: number, v: string) => {
    const next = [...draft[key]];
    next[i] = v;
    update({ [key]: next });
  };
  return (
    <div className={s.form}>
      {loading && templates.length === 0 ? <Spinner label="Loading templates" showLabel /> : null}
      <Select
        label="Template"
        required
        placeholder="Choose a template"
        options={templates.map((t) => ({ value: templateKey(t), label: `${t.name} (${t.language})` }))}
        value={draft.templateKey}
        onValueChange={(templateKey) =>
          update({ templateKey, headerMedia: null, headerValues: [], bodyValues: [] })
        }
      />
      {template ? <p className={s.preview}>{fillVariables(bodyText(template), draft.bodyValues)}</p> : null}
      {shape.needsMedia ? (
        <FileDrop
          label={`Header ${shape.headerFormat?.toLowerCase() ?? "media"}`}
          required
          accept={mediaAccept(shape.headerFormat)}
          file={draft.headerMedia}
          onFileChange={(headerMedia) => update({ headerMedia })}
        />
      ) : null}
      {Array.from({ length: shape.headerCount }, (_, i) => (
        <TextField
          // biome-ignore lint/suspicious/noArrayIndexKey: variables are positional ({{1}}, {{2}}, ...)
          key={`h${i}`}
          label={`Header variable {{${i + 1}}}`}
          required
          value={draft.headerValues[i] ?? ""}
          onChange={(e) => setValue("headerValues", i, e.target.value)}
        />
      ))}
      {draft.method === "file" ? (
        shape.bodyCount > 0 ? (
          <p className={s.note}>
            The body's {shape.bodyCount} variable(s) come from each row's columns after mobile and name.
          </p>
        ) : null
      ) : (
        Array.from({ length: shape.bodyCount }, (_, i) => (
          <TextField
            // biome-ignore lint/suspicious/noArrayIndexKey: variables are positional ({{1}}, {{2}}, ...)
            key={`b${i}`}
            label={`Body variable {{${i + 1}}}`}
            required
            value={draft.bodyValues[i] ?? ""}
            onChange={(e) => setValue("bodyValues", i, e.target.value)}
          />
        ))
      )}
    </div>
  );
}

const readinessTone = (r: Readiness | string) => (r === MESSAGES.recipientReady ? "success" : "danger");

function SummaryStep({
  draft,
  template,
  campaignName,
  channelName,
}: {
  draft: BroadcastDraft;
  template: WhatsappTemplate | undefined;
  campaignName: string | undefined;
  channelName: string | undefined;
}) {
  const subscribers = $api.useQuery(
    "get",
    "/social-chat/broadcast/subscribers",
    { params: { query: draft.channelId ? { channelId: draft.channelId } : {} } },
    { enabled: draft.method === "contacts" },
  );
  const shape = templateShape(template);
  const variableCount = draft.type === "template" ? shape.bodyCount : 0;
  const now = Date.now();
  const rows: { key: string; label: string; status: string }[] =
    draft.method === "file"
      ? fileReadiness(draft.fileRows, variableCount, draft.removeDuplicates).map(({ row, status }) => ({
          key: String(row.row),
          label: `Row ${row.row}: ${row.mobile || "-"} ${row.name}`,
          status,
        }))
      : draft.method === "contacts"
        ? (subscribers.data?.data ?? [])
            .filter((sub) => draft.selected.includes(sub.id))
            .map((sub) => ({
              key: sub.id,
              label: `${sub.name} (${sub.mobile ?? sub.platformId})`,
              status: subscriberReady(sub, draft.type, now)
                ? MESSAGES.recipientReady
                : draft.type === "template"
                  ? MESSAGES.recipientInvalidPhone
                  : "OUTSIDE 24 HOURS",
            }))
        : [];
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  const text =
    draft.type === "live"
      ? draft.text
      : fillVariables(bodyText(template), draft.method === "file" ? [] : draft.bodyValues);

  return (
    <div className={s.form}>
      <dl className={s.facts}>
        <dt className={s.term}>Name</dt>
        <dd className={s.value}>{draft.name}</dd>
        <dt className={s.term}>Description</dt>
        <dd className={s.value}>{draft.description || "-"}</dd>
        <dt className={s.term}>Campaign</dt>
        <dd className={s.value}>{campaignName ?? "-"}</dd>
        <dt className={s.term}>Type</dt>
        <dd className={s.value}>
          {draft.type === "template" ? `WhatsApp template ${template?.name ?? ""}` : "Live text"}
        </dd>
        <dt className={s.term}>Channel</dt>
        <dd className={s.value}>{channelName ?? "All channels"}</dd>
        <dt className={s.term}>Recipients</dt>
        <dd className={s.value}>
          {draft.method === "groups"
            ? `${draft.selected.length} group(s)`
            : draft.method === "file"
              ? `${draft.file?.name ?? ""} (${draft.fileRows.length} rows)`
              : `${draft.selected.length} contact(s)`}
        </dd>
      </dl>
      <section aria-label="Message preview">
        <h3>Message</h3>
        {draft.attachment ? <p className={s.note}>Attachment: {draft.attachment.name}</p> : null}
        {draft.headerMedia ? <p className={s.note}>Header media: {draft.headerMedia.name}</p> : null}
        <p className={s.preview}>{text || "-"}</p>
      </section>
      {rows.length > 0 ? (
        <section aria-label="Recipient readiness" className={s.form}>
          <h3>Recipient readiness</h3>
          <div className={s.counts}>
            {[...counts].map(([status, n]) => (
              <Badge key={status} tone={readinessTone(status)} variant="soft">
                {`${status}: ${n}`}
              </Badge>
            ))}
          </div>
          <p className={s.note}>Only READY recipients receive the broadcast.</p>
          <ul className={s.checkList} aria-label="Recipients">
            {rows.map((r) => (
              <li key={r.key}>
                {r.label}{" "}
                <Badge tone={readinessTone(r.status)} variant="soft">
                  {r.status}
                </Badge>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
