import type { Schema } from "@herald/api-client";
import { MESSAGES } from "@herald/domain";
import {
  Breadcrumb,
  Button,
  Card,
  DatePicker,
  EmptyState,
  FileDrop,
  MultiSelect,
  RadioGroup,
  Select,
  Spinner,
  TagInput,
  Textarea,
  TextField,
  TimePicker,
  Wizard,
} from "@herald/ui";
import { useMemo, useRef } from "react";
import { useNavigate } from "react-router";
import { $api } from "../../api";
import { useDialogs } from "../../dialogs";
import { routerLink } from "../../shell/link";
import { exportRows } from "../contacts/contacts.shared";
import * as s from "./compose.css";
import { HOME_CRUMB, PREVIEW_PATH, useComposeDraft } from "./compose.shared";
import {
  baseVariables,
  CHANNELS,
  COMPOSE_MESSAGES,
  COMPOSE_STEPS,
  COUNTING_NOTE,
  type ComposeChannel,
  type ComposeFrequency,
  type ComposeState,
  DEFAULT_TIME_ZONE,
  FILE_CONTENTS,
  type FileContent,
  FREQUENCIES,
  insertAt,
  messageFromFile,
  monthlyNote,
  normalizeTagFor,
  PREVIEW_STEP,
  RECIPIENT_FILE_TYPES,
  STARTER_TEMPLATES,
  sampleFile,
  scheduleBounds,
  smsCounter,
  stepError,
  tagErrorFor,
  variableToken,
} from "./compose-rules";
import { useRecipientFile } from "./recipient-file";

type PageOne = Schema<"ComposePageOne">;
type PageTwo = Schema<"ComposePageTwo">;
type Update = (patch: Partial<Omit<ComposeState, "step" | "idempotencyKey">>) => void;

const NO_CAMPAIGN = "none";

/** Compose Message (sms/compose): the first four steps of the wizard; the fifth is the preview. */
export default function Compose() {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const draft = useComposeDraft();
  const { state, update, setStep } = draft;
  const one = $api.useQuery("get", "/compose-msg-page-one");
  const two = $api.useQuery("get", "/compose-msg-page-two");
  const upload = useRecipientFile(state, update);
  const timeZone = one.data?.timeZone ?? DEFAULT_TIME_ZONE;

  const crumbs = [HOME_CRUMB, { label: "Compose Message" }];
  if (one.isPending || two.isPending)
    return (
      <div className={s.page}>
        <Breadcrumb items={crumbs} renderLink={routerLink} />
        <Card title="Compose Message" headingLevel={2}>
          <Spinner label="Loading the compose options" showLabel />
        </Card>
      </div>
    );
  if (one.isError || two.isError || !one.data || !two.data)
    return (
      <div className={s.page}>
        <Breadcrumb items={crumbs} renderLink={routerLink} />
        <Card title="Compose Message" headingLevel={2}>
          <EmptyState
            icon="info"
            title={MESSAGES.somethingWentWrong}
            description="The compose options could not be loaded."
            action={
              <Button
                onClick={() => {
                  void one.refetch();
                  void two.refetch();
                }}
              >
                Try again
              </Button>
            }
          />
        </Card>
      </div>
    );

  const ctx = { senderIds: one.data.senderIds, uploading: upload.busy, now: new Date(), timeZone };
  return (
    <div className={s.page}>
      <Breadcrumb items={crumbs} renderLink={routerLink} />
      <Card
        title="Compose Message"
        headingLevel={2}
        actions={
          <Button
            variant="ghost"
            size="sm"
            onClick={async () => {
              const ok = await dialogs.confirm({
                title: "Start over?",
                text: "The channel, recipients, message and schedule you chose are cleared.",
                confirmLabel: "Start over",
                tone: "danger",
              });
              if (ok) {
                void upload.choose(null);
                draft.reset();
              }
            }}
          >
            Start over
          </Button>
        }
      >
        <Wizard
          steps={COMPOSE_STEPS}
          activeStep={Math.min(state.step, PREVIEW_STEP - 1)}
          onStepChange={(step) => (step >= PREVIEW_STEP ? navigate(PREVIEW_PATH) : setStep(step))}
          canNext={(step) => stepError(step, state, { ...ctx, now: new Date() }) ?? true}
          backLabel="Previous"
          label="Compose steps"
          allowStepClick
          helpTitle="How it works"
          help={(step) => <StepHelp step={step} />}
        >
          {(step) =>
            step === 0 ? (
              <ChannelStep state={state} update={update} options={one.data} />
            ) : step === 1 ? (
              <RecipientsStep state={state} update={update} options={two.data} upload={upload} />
            ) : step === 2 ? (
              <MessageStep state={state} update={update} />
            ) : (
              <FrequencyStep state={state} update={update} timeZone={timeZone} />
            )
          }
        </Wizard>
      </Card>
    </div>
  );
}

function StepHelp({ step }: { step: number }) {
  const lines = [
    [
      "A campaign is optional: it groups sends in the campaign reports.",
      "SMS needs a sender ID your admin allowed you; e-mail needs a subject.",
    ],
    [
      "Type numbers with their country code; Enter, comma or space adds each one.",
      "Upload a CSV or XLSX file whose first columns are mobile then name.",
      "Remove Duplicate Contacts sends once to a number that appears more than once.",
    ],
    [
      "Insert a variable where each recipient's own value should go.",
      "The counter shows the encoding and how many SMS each recipient's message takes.",
    ],
    [
      "Send Now goes out at once; the others run at the chosen time in the company's time zone.",
      "Next opens the preview: recipients, SMS parts and cost before anything is sent.",
    ],
  ][step] ?? ["Check the recipients, SMS parts and cost, then Done sends."];
  return (
    <ul className={s.helpList}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

// ---- step 1

function ChannelStep({ state, update, options }: { state: ComposeState; update: Update; options: PageOne }) {
  // SMS and Email always; WhatsApp and Telegram only when the company has such a channel.
  const channels = CHANNELS.filter(
    (c) => c === "SMS" || c === "Email" || (options.channels as readonly string[]).includes(c),
  );
  const campaignOptions = [
    { value: NO_CAMPAIGN, label: "No campaign" },
    ...options.campaigns.map((c) => ({ value: c.id, label: c.name })),
  ];
  return (
    <div className={s.step}>
      <Select
        label="Campaign"
        help="Optional."
        options={campaignOptions}
        value={state.campaignId || ""}
        placeholder="No campaign"
        onValueChange={(v) => update({ campaignId: v === NO_CAMPAIGN ? "" : v })}
      />
      <RadioGroup<ComposeChannel>
        label="Channels"
        required
        orientation="horizontal"
        options={channels.map((c) => ({ value: c, label: c === "Email" ? "Email" : c }))}
        value={state.channel || undefined}
        onValueChange={(channel) => update({ channel })}
      />
      {state.channel === "Email" && (
        <TextField
          label="Email Subject"
          required
          maxLength={255}
          value={state.emailSubject}
          onChange={(e) => update({ emailSubject: e.target.value })}
        />
      )}
      {state.channel === "SMS" &&
        (options.senderIds.length > 0 ? (
          <Select
            label="SMS Sender ID"
            required
            options={options.senderIds.map((id) => ({ value: id, label: id }))}
            value={options.senderIds.includes(state.senderId) ? state.senderId : ""}
            placeholder="Select a sender ID"
            onValueChange={(senderId) => update({ senderId })}
          />
        ) : (
          <p className={s.note} role="status">
            {COMPOSE_MESSAGES.noSenderIds}
          </p>
        ))}
    </div>
  );
}

// ---- step 2

function RecipientsStep({
  state,
  update,
  options,
  upload,
}: {
  state: ComposeState;
  update: Update;
  options: PageTwo;
  upload: ReturnType<typeof useRecipientFile>;
}) {
  const contactOptions = useMemo(
    () => options.contacts.map((c) => ({ value: c.id, label: `${c.name} (+${c.mobile})` })),
    [options.contacts],
  );
  const groupOptions = useMemo(
    () =>
      options.groups.map((g) => ({
        value: g.id,
        label: `${g.name} (${g.total_recipients.toLocaleString("en-US")})`,
      })),
    [options.groups],
  );
  const contents = FILE_CONTENTS.filter((c) => (options.fileContentOptions as readonly string[]).includes(c));
  return (
    <div className={s.step}>
      {state.channel === "Email" ? (
        <TagInput
          key="email"
          label="Email Addresses"
          help="Press Enter, comma or space after each address."
          inputMode="email"
          placeholder="name@example.com"
          value={state.numbers}
          onValueChange={(numbers) => update({ numbers })}
          normalize={normalizeTagFor("Email")}
          validate={tagErrorFor("Email")}
        />
      ) : (
        <TagInput
          key="mobile"
          label="Mobile Numbers"
          help="With the country code, e.g. +65 9123 4567. Press Enter, comma or space after each number."
          inputMode="tel"
          placeholder="+65 9123 4567"
          value={state.numbers}
          onValueChange={(numbers) => update({ numbers })}
          normalize={normalizeTagFor(state.channel)}
          validate={tagErrorFor(state.channel)}
        />
      )}
      <div className={s.row}>
        <MultiSelect
          label="Contacts"
          options={contactOptions}
          value={state.contactIds}
          onValueChange={(contactIds) => update({ contactIds })}
          placeholder="Search contacts"
          emptyText="No contacts found"
        />
        <MultiSelect
          label="Groups"
          options={groupOptions}
          value={state.groupIds}
          onValueChange={(groupIds) => update({ groupIds })}
          placeholder="Search groups"
          emptyText="No groups found"
        />
      </div>
      <fieldset className={s.group}>
        <legend className={s.legend}>Upload a file</legend>
        <RadioGroup<FileContent>
          label="File Content"
          orientation="horizontal"
          options={contents.map((c) => ({ value: c, label: c }))}
          value={state.fileContent}
          disabled={upload.busy}
          onValueChange={(fileContent) => upload.changeContent(fileContent)}
        />
        <FileDrop
          label="Recipients File"
          accept={RECIPIENT_FILE_TYPES}
          typeError={MESSAGES.unsupportedFileType}
          hint="CSV or XLSX only. First columns: mobile, then name."
          file={upload.file}
          onFileChange={(file) => void upload.choose(file)}
          onReject={() => void upload.choose(null)}
          disabled={upload.busy}
          error={upload.error ?? undefined}
        />
        {upload.busy && <Spinner label="Reading the file" showLabel size="sm" />}
        {state.file && (
          <p className={s.note} role="status">
            {state.file.name}: {state.file.rows.toLocaleString("en-US")} recipient
            {state.file.rows === 1 ? "" : "s"}
            {state.file.variables.length > 0 ? ` · variables: ${state.file.variables.join(", ")}` : ""}{" "}
            <Button variant="link" size="sm" onClick={() => void upload.choose(null)}>
              Remove file
            </Button>
          </p>
        )}
        <SampleFiles />
      </fieldset>
      <RadioGroup<"yes" | "no">
        label="Remove Duplicate Contacts"
        orientation="horizontal"
        options={[
          { value: "yes", label: "Yes" },
          { value: "no", label: "No" },
        ]}
        value={state.removeDuplicates ? "yes" : "no"}
        onValueChange={(v) => update({ removeDuplicates: v === "yes" })}
      />
    </div>
  );
}

/** The three sample files, made in the browser as CSV or Excel. */
function SampleFiles() {
  return (
    <div>
      <p className={s.note}>Sample files:</p>
      <ul className={s.samples}>
        {FILE_CONTENTS.map((content) => {
          const sample = sampleFile(content);
          return (
            <li key={content} className={s.sample}>
              <span className={s.sampleName}>{content}</span>
              <Button
                variant="outline"
                size="sm"
                aria-label={`Download the ${content} sample as CSV`}
                onClick={() => void exportRows("csv", sample.header, sample.rows, sample.baseName)}
              >
                CSV
              </Button>
              <Button
                variant="outline"
                size="sm"
                aria-label={`Download the ${content} sample as Excel`}
                onClick={() => void exportRows("xlsx", sample.header, sample.rows, sample.baseName)}
              >
                Excel
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

// ---- step 3

function MessageStep({ state, update }: { state: ComposeState; update: Update }) {
  const box = useRef<HTMLTextAreaElement>(null);
  const templates = STARTER_TEMPLATES;
  const variables = useMemo(() => {
    const fromFile = state.file && state.fileContent === "Contacts & Variables" ? state.file.variables : [];
    return [...new Set([...baseVariables(state.channel), ...fromFile])];
  }, [state.file, state.fileContent, state.channel]);
  const counter = smsCounter(state.message);
  const fromFile = messageFromFile(state);

  const insert = (name: string) => {
    const el = box.current;
    const token = variableToken(name);
    const { text, caret } = insertAt(
      state.message,
      token,
      el?.selectionStart ?? state.message.length,
      el?.selectionEnd ?? undefined,
    );
    update({ message: text });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(caret, caret);
    });
  };

  return (
    <div className={s.step}>
      <Select
        label="Message Template"
        options={templates.map((t) => ({ value: t.id, label: t.name }))}
        value={templates.some((t) => t.id === state.templateId) ? state.templateId : ""}
        placeholder="Choose a template (optional)"
        onValueChange={(id) => {
          const template = templates.find((t) => t.id === id);
          if (template) update({ templateId: id, message: template.content });
        }}
      />
      {fromFile && (
        <p className={s.note}>
          Each recipient of the file gets the message of its row; what you type here is used when a row has
          none.
        </p>
      )}
      <Textarea
        ref={box}
        label="Message Content"
        required={!fromFile}
        rows={6}
        value={state.message}
        onChange={(e) => update({ message: e.target.value })}
        counterLabel={
          state.channel === "SMS" || state.channel === "" ? undefined : `${state.message.length} characters`
        }
      />
      {(state.channel === "SMS" || state.channel === "") && (
        <div>
          <dl className={s.counter} aria-live="polite" aria-label="SMS counter">
            <div className={s.counterItem}>
              <dt className={s.counterTerm}>Encoding</dt>
              <dd className={s.counterValue}>{counter.encoding}</dd>
            </div>
            <div className={s.counterItem}>
              <dt className={s.counterTerm}>Characters</dt>
              <dd className={s.counterValue}>{counter.characters}</dd>
            </div>
            <div className={s.counterItem}>
              <dt className={s.counterTerm}>SMS</dt>
              <dd className={s.counterValue}>{counter.segments}</dd>
            </div>
            <div className={s.counterItem}>
              <dt className={s.counterTerm}>Remaining</dt>
              <dd className={s.counterValue}>{counter.remaining}</dd>
            </div>
          </dl>
          <p className={s.note}>{COUNTING_NOTE}</p>
          <p className={s.note}>
            Variables are counted as typed; the preview counts each recipient's own text.
          </p>
        </div>
      )}
      <fieldset className={s.variables}>
        <legend className={s.note}>Insert variable:</legend>
        {variables.map((name) => (
          <Button key={name} variant="outline" size="sm" onClick={() => insert(name)}>
            {variableToken(name)}
          </Button>
        ))}
      </fieldset>
    </div>
  );
}

// ---- step 4

function FrequencyStep({
  state,
  update,
  timeZone,
}: {
  state: ComposeState;
  update: Update;
  timeZone: string;
}) {
  const bounds = scheduleBounds(new Date(), timeZone);
  const note = state.frequency === "Monthly" && state.scheduleDate ? monthlyNote(state.scheduleDate) : null;
  return (
    <div className={s.step}>
      <RadioGroup<ComposeFrequency>
        label="Message Frequency"
        required
        orientation="horizontal"
        options={FREQUENCIES.map((f) => ({ value: f, label: f }))}
        value={state.frequency}
        onValueChange={(frequency) => update({ frequency })}
      />
      {state.frequency === "Send Now" ? (
        <p className={s.note}>The message goes out as soon as you press Done on the preview.</p>
      ) : (
        <>
          <div className={s.row}>
            <DatePicker
              label="Schedule Date"
              required
              min={bounds.minDate}
              minMessage="The schedule date cannot be in the past."
              value={state.scheduleDate}
              onValueChange={(scheduleDate) => update({ scheduleDate })}
            />
            <TimePicker
              label="Schedule Time"
              required
              step={30}
              {...(state.scheduleDate === bounds.today && bounds.minTime ? { min: bounds.minTime } : {})}
              value={state.scheduleTime}
              onValueChange={(scheduleTime) => update({ scheduleTime })}
            />
          </div>
          {note && (
            <p className={s.note} role="note">
              {note}
            </p>
          )}
        </>
      )}
      <p className={s.note}>
        Times are in the company's time zone: <strong>{timeZone}</strong>.
      </p>
    </div>
  );
}
