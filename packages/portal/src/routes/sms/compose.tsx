import { ApiError, type Schema, unwrap } from "@herald/api-client";
import { MESSAGES } from "@herald/domain";
import {
  Breadcrumb,
  Button,
  Card,
  DatePicker,
  EmptyState,
  FileDrop,
  FormDialog,
  MultiSelect,
  PageLayout,
  RadioGroup,
  Select,
  Spinner,
  TagInput,
  Textarea,
  TextField,
  TimePicker,
  Wizard,
} from "@herald/ui";
import { keepPreviousData, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { $api, api } from "../../api";
import { useDialogs } from "../../dialogs";
import { routerLink } from "../../shell/link";
import { exportRows } from "../contacts/contacts.shared";
import { zoneCaption } from "../format";
import * as s from "./compose.css";
import { HOME_CRUMB, PREVIEW_PATH, useComposeDraft } from "./compose.shared";
import {
  CHANNELS,
  COMPOSE_MESSAGES,
  COMPOSE_STEPS,
  COUNTING_NOTE,
  type ComposeChannel,
  type ComposeFrequency,
  type ComposeState,
  chatChannelsFor,
  DEFAULT_COUNTRY,
  DEFAULT_TIME_ZONE,
  FILE_CONTENTS,
  type FileContent,
  FREQUENCIES,
  insertAt,
  messageFromFile,
  mobileNumbersHelp,
  monthlyNote,
  NUMBER_SEPARATORS,
  normalizeTagFor,
  offeredVariables,
  overwritesTypedText,
  PREVIEW_STEP,
  RECIPIENT_FILE_TYPES,
  sampleFile,
  scheduleBounds,
  smsCounter,
  stepError,
  TEMPLATE_CONTENT_MAX,
  TEMPLATE_NAME_MAX,
  TEMPLATE_TEXTS,
  tagErrorFor,
  templateContentError,
  templateNameError,
  variableToken,
} from "./compose-rules";
import { useRecipientFile } from "./recipient-file";

type PageOne = Schema<"ComposePageOne">;
type PageTwo = Schema<"ComposePageTwo">;
type TemplateOption = Schema<"SmsTemplateOption">;
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
      <PageLayout maxWidth={1200}>
        <Breadcrumb items={crumbs} renderLink={routerLink} />
        <Card title="Compose Message" headingLevel={2}>
          <Spinner label="Loading the compose options" showLabel />
        </Card>
      </PageLayout>
    );
  if (one.isError || two.isError || !one.data || !two.data)
    return (
      <PageLayout maxWidth={1200}>
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
      </PageLayout>
    );

  const ctx = {
    senderIds: one.data.senderIds,
    chatChannels: one.data.chatChannels ?? [],
    uploading: upload.busy,
    now: new Date(),
    timeZone,
    country: two.data.country ?? DEFAULT_COUNTRY,
  };
  return (
    <PageLayout maxWidth={1200}>
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
              <MessageStep
                state={state}
                update={update}
                templates={two.data.templates}
                contactAttributes={two.data.variables ?? []}
              />
            ) : (
              <FrequencyStep state={state} update={update} timeZone={timeZone} />
            )
          }
        </Wizard>
      </Card>
    </PageLayout>
  );
}

function StepHelp({ step }: { step: number }) {
  const lines = [
    [
      "A campaign is optional: it groups sends in the campaign reports.",
      "SMS needs a sender ID your admin allowed you; e-mail needs a subject.",
    ],
    [
      "Type or paste numbers as you write them (spaces, dashes and brackets are fine); Enter or comma adds each one, and a pasted column adds them all.",
      "Upload a CSV or XLSX file whose first columns are mobile then name.",
      "Remove Duplicate Contacts sends once to a number that appears more than once.",
    ],
    [
      "Choose one of your company's templates to fill the message, or save what you typed as one.",
      'Insert a variable where each recipient\'s own value should go; {name|there} says "there" to recipients without a name.',
      "The counter shows the encoding and how many SMS each recipient's message takes.",
    ],
    [
      "Send Now goes out at once; the others run at the chosen time in the company's time zone.",
      "Next opens the preview: recipients, SMS parts and cost before anything is sent.",
    ],
  ][step] ?? ["Check the recipients, SMS parts and cost, then send or schedule."];
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
  const chatChannels = chatChannelsFor(state.channel, options.chatChannels);
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
        onValueChange={(channel) => update({ channel, channelId: "" })}
      />
      {chatChannels.length > 1 && (
        <Select
          label={`${state.channel} channel`}
          required
          options={chatChannels.map((c) => ({ value: c.id, label: c.name }))}
          value={chatChannels.some((c) => c.id === state.channelId) ? state.channelId : ""}
          placeholder="Select a channel"
          onValueChange={(channelId) => update({ channelId })}
        />
      )}
      {chatChannels.length === 1 && (
        <p className={s.note} role="status">
          Sent through {chatChannels[0]!.name}.
        </p>
      )}
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

/** Contacts listed by /compose-msg-page-two (the newest); the rest of the phone book is searched. */
const CONTACT_OPTION_LIMIT = 1000;
/** Names of contacts seen in this tab (page two and searches), so chosen ones keep their names. */
const contactLabels = new Map<string, string>();

/** Looks the phone book up on the server as the user types (from 2 characters, 250 ms after the last key). */
function useContactSearch() {
  const [query, setQuery] = useState("");
  const [debounced, setDebounced] = useState("");
  useEffect(() => {
    const t = setTimeout(() => setDebounced(query.trim()), 250);
    return () => clearTimeout(t);
  }, [query]);
  const found = $api.useQuery(
    "get",
    "/contacts",
    { params: { query: { search: debounced, limit: 50 } } },
    { enabled: debounced.length >= 2, placeholderData: keepPreviousData, staleTime: 30_000 },
  );
  return {
    setQuery,
    found: debounced.length >= 2 ? (found.data?.data ?? []) : [],
    busy: query.trim().length >= 2 && (query.trim() !== debounced || found.isFetching),
  };
}

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
  const contactSearch = useContactSearch();
  const contactOptions = useMemo(() => {
    const seen = new Set<string>();
    const out: { value: string; label: string }[] = [];
    const add = (c: { id: string; name: string; mobile: string }) => {
      if (seen.has(c.id)) return;
      seen.add(c.id);
      const label = `${c.name} (+${c.mobile})`;
      contactLabels.set(c.id, label);
      out.push({ value: c.id, label });
    };
    for (const c of contactSearch.found) add(c);
    for (const c of options.contacts) add(c);
    // chosen ones found by an earlier search stay listed with their names
    for (const id of state.contactIds) {
      const label = contactLabels.get(id);
      if (!seen.has(id) && label) {
        seen.add(id);
        out.push({ value: id, label });
      }
    }
    return out;
  }, [options.contacts, contactSearch.found, state.contactIds]);
  const groupOptions = useMemo(
    () =>
      options.groups.map((g) => ({
        value: g.id,
        label: `${g.name} (${g.total_recipients.toLocaleString("en-US")})`,
      })),
    [options.groups],
  );
  const contents = FILE_CONTENTS.filter((c) => (options.fileContentOptions as readonly string[]).includes(c));
  const country = options.country ?? DEFAULT_COUNTRY;
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
          help={mobileNumbersHelp(country)}
          inputMode="tel"
          placeholder="+65 9123 4567"
          separators={NUMBER_SEPARATORS}
          value={state.numbers}
          onValueChange={(numbers) => update({ numbers })}
          normalize={normalizeTagFor(state.channel, country)}
          validate={tagErrorFor(state.channel, country)}
        />
      )}
      <div className={s.row}>
        <MultiSelect
          label="Contacts"
          options={contactOptions}
          value={state.contactIds}
          onValueChange={(contactIds) => update({ contactIds })}
          placeholder="Search contacts"
          emptyText={contactSearch.busy ? "Searching…" : "No contacts found"}
          onSearchChange={contactSearch.setQuery}
          help={
            options.contacts.length >= CONTACT_OPTION_LIMIT
              ? "Type a name or number to search the whole phone book."
              : undefined
          }
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

function MessageStep({
  state,
  update,
  templates,
  contactAttributes,
}: {
  state: ComposeState;
  update: Update;
  templates: readonly TemplateOption[];
  /** The attribute columns of the company's contacts. */
  contactAttributes: readonly string[];
}) {
  const box = useRef<HTMLTextAreaElement>(null);
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const chosen = templates.find((t) => t.id === state.templateId);
  const variables = useMemo(() => {
    const fromFile = state.file && state.fileContent === "Contacts & Variables" ? state.file.variables : [];
    return offeredVariables(state.channel, fromFile, contactAttributes);
  }, [state.file, state.fileContent, state.channel, contactAttributes]);
  const counter = smsCounter(state.message);
  const fromFile = messageFromFile(state);
  const refreshTemplates = () =>
    queryClient.invalidateQueries({ queryKey: ["get", "/compose-msg-page-two"] });

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

  /** Fills the message with the template, after asking when that would lose typed text. */
  const choose = async (id: string) => {
    const template = templates.find((t) => t.id === id);
    if (!template) return;
    if (overwritesTypedText(state.message, chosen, template)) {
      const ok = await dialogs.confirm({
        title: "Replace the message?",
        text: `The text in Message Content is replaced by the template "${template.name}".`,
        confirmLabel: "Replace",
      });
      if (!ok) return;
    }
    update({ templateId: id, message: template.content });
  };

  const remove = async (template: TemplateOption) => {
    const ok = await dialogs.confirm({
      title: `Delete the template "${template.name}"?`,
      text: "No one in your company can choose it any more. The message you are writing stays as it is.",
      confirmLabel: "Delete",
      tone: "danger",
    });
    if (!ok) return;
    setDeleting(true);
    try {
      unwrap(await api.POST("/sms/templates/{id}/delete", { params: { path: { id: template.id } } }));
      // Gone from the list in the same render that clears the choice; the refetch then confirms it.
      queryClient.setQueriesData<{ templates: readonly TemplateOption[] }>(
        { queryKey: ["get", "/compose-msg-page-two"] },
        (old) => (old ? { ...old, templates: old.templates.filter((t) => t.id !== template.id) } : old),
      );
      update({ templateId: "" });
      await refreshTemplates();
    } catch (err) {
      await dialogs.message("error", err instanceof ApiError ? err.message : MESSAGES.somethingWentWrong);
      if (err instanceof ApiError && err.status === 404) await refreshTemplates();
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div className={s.step}>
      <div className={s.templates}>
        <Select
          label="Message Template"
          options={templates.map((t) => ({ value: t.id, label: t.name }))}
          value={chosen ? chosen.id : ""}
          placeholder={templates.length > 0 ? "Choose a template (optional)" : "No templates"}
          disabled={templates.length === 0}
          help={templates.length === 0 ? TEMPLATE_TEXTS.noTemplates : undefined}
          onValueChange={(id) => void choose(id)}
        />
        <div className={s.templateActions}>
          <SaveTemplate
            content={state.message}
            onSaved={async (saved) => {
              await refreshTemplates();
              update({ templateId: saved.id });
            }}
          />
          {chosen?.canEdit && (
            <Button
              variant="outline"
              tone="danger"
              size="sm"
              loading={deleting}
              onClick={() => void remove(chosen)}
            >
              Delete template
            </Button>
          )}
        </div>
      </div>
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
      <p className={s.note}>
        A recipient without a value gets the text after "|": <code>{"{name|there}"}</code> reads "there" when
        the name is missing.
      </p>
    </div>
  );
}

/** "Save as template": a dialog asking for the name; saves the message content as typed. */
function SaveTemplate({
  content,
  onSaved,
}: {
  content: string;
  onSaved: (saved: Schema<"SmsTemplate">) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const reset = () => {
    setName("");
    setNameError(undefined);
    setFormError(undefined);
  };

  const submit = async () => {
    const invalidName = templateNameError(name);
    const invalidContent = templateContentError(content);
    setNameError(invalidName ?? undefined);
    setFormError(invalidContent ?? undefined);
    if (invalidName || invalidContent) return;
    setSaving(true);
    try {
      const saved = unwrap(await api.POST("/sms/templates", { body: { name: name.trim(), content } }));
      await onSaved(saved);
      setOpen(false);
      reset();
    } catch (err) {
      const message = err instanceof ApiError ? err.message : MESSAGES.somethingWentWrong;
      // A taken or refused name belongs to the field; anything else (the content, the network) to the form.
      if (err instanceof ApiError && (err.status === 409 || /name/i.test(err.message))) setNameError(message);
      else setFormError(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
      title="Save as template"
      description="Everyone in your company can then choose this message content, variables included."
      trigger={
        <Button variant="outline" size="sm" disabled={!content.trim()}>
          Save as template
        </Button>
      }
      saving={saving}
      onSubmit={submit}
    >
      <TextField
        label="Template Name"
        required
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          if (nameError) setNameError(templateNameError(e.target.value) ?? undefined);
        }}
        error={nameError}
        maxLength={TEMPLATE_NAME_MAX}
        showCounter
        autoComplete="off"
      />
      <p className={s.note}>
        {[...content].length.toLocaleString("en-US")} of {TEMPLATE_CONTENT_MAX.toLocaleString("en-US")}{" "}
        characters of message content.
      </p>
      {formError && (
        <p className={s.danger} role="alert">
          {formError}
        </p>
      )}
    </FormDialog>
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
        <p className={s.note}>The message goes out as soon as you press Send on the preview.</p>
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
        Times are in the company's time zone: <strong>{zoneCaption(timeZone)}</strong> ({timeZone}).
      </p>
    </div>
  );
}
