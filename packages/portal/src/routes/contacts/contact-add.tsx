import { ApiError, unwrap } from "@herald/api-client";
import { contactsUploadedWithIssues, MESSAGES } from "@herald/domain";
import {
  Breadcrumb,
  Button,
  Card,
  Checkbox,
  FileDrop,
  MultiSelect,
  PageLayout,
  ProgressBar,
  Tabs,
} from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { $api, api } from "../../api";
import { useDialogs } from "../../dialogs";
import { routerLink } from "../../shell/link";
import { ContactFields } from "./contact-form";
import * as s from "./contacts.css";
import { IssueList, useGroupOptions } from "./contacts.parts";
import {
  CONTACTS_PATH,
  type ContactImport,
  type ContactIssueRow,
  downloadFile,
  failure,
  HOME_CRUMB,
  refreshContacts,
} from "./contacts.shared";
import {
  CONTACT_FILE_TOO_LARGE,
  CONTACT_FILE_TYPES,
  CONTACT_UPLOAD_MAX_BYTES,
  type ContactFormErrors,
  type ContactFormValues,
  contactFormErrors,
  contactNumberOf,
  importEnded,
  importPercent,
  importProgressText,
  importSummary,
} from "./contacts-rules";

type Method = "individual" | "file";

/** Add contacts: one by hand, or many from a CSV or Excel file (with a progress bar for large files). */
export default function ContactAdd() {
  const [method, setMethod] = useState<Method>("individual");
  return (
    <PageLayout maxWidth={720}>
      <Breadcrumb
        items={[HOME_CRUMB, { label: "Contacts", href: CONTACTS_PATH }, { label: "Add Contact" }]}
        renderLink={routerLink}
      />
      <Card title="Add Contact" headingLevel={2}>
        <Tabs
          aria-label="How to add contacts"
          value={method}
          onValueChange={(v) => setMethod(v as Method)}
          items={[
            { value: "individual", label: "Add Individual", content: <AddIndividual /> },
            { value: "file", label: "Upload From File", content: <UploadFromFile /> },
          ]}
        />
      </Card>
    </PageLayout>
  );
}

const EMPTY: ContactFormValues = { name: "", callingCode: "65", number: "", email: "" };

function AddIndividual() {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ContactFormValues>(EMPTY);
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<ContactFormErrors>({});
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = contactFormErrors(values);
    setErrors(found);
    if (found.name || found.number) return;
    setSaving(true);
    try {
      unwrap(
        await api.POST("/addContact", {
          params: { query: groupIds.length ? { groupId: groupIds.join(",") } : {} },
          body: {
            contactName: values.name.trim(),
            contactNumber: contactNumberOf(values),
            email: values.email.trim() || null,
          },
        }),
      );
      await refreshContacts(queryClient);
      await dialogs.message("success", MESSAGES.dataUpdateSuccess);
      navigate(CONTACTS_PATH);
    } catch (err) {
      if (err instanceof ApiError && (err.status === 400 || err.status === 409)) {
        if (/contact number/i.test(err.message)) setErrors((x) => ({ ...x, number: err.message }));
        await dialogs.message("error", err.message);
      } else {
        const { title, text } = failure(err);
        await dialogs.message("error", title, text);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={s.form} onSubmit={submit} noValidate>
      <ContactFields
        values={values}
        groupIds={groupIds}
        errors={errors}
        onChange={setValues}
        onGroupsChange={setGroupIds}
        onErrorsChange={setErrors}
      />
      <div className={s.actions}>
        <Button type="button" variant="outline" tone="secondary" onClick={() => navigate(CONTACTS_PATH)}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          Save
        </Button>
      </div>
    </form>
  );
}

/** Shows the outcome of an upload: the issues dialog (with report.xlsx), or a success. */
async function tellOutcome(
  dialogs: ReturnType<typeof useDialogs>,
  outcome: {
    imported: number;
    updated?: number;
    rowsFailed: number;
    rows: readonly ContactIssueRow[];
    importId: string;
  },
) {
  if (outcome.rowsFailed > 0) {
    await dialogs.message(
      "warning",
      contactsUploadedWithIssues(outcome.rowsFailed),
      <span className={s.issueReport}>
        <span className={s.issueSummary}>{importSummary(outcome)}</span>
        <IssueList rows={outcome.rows} importId={outcome.importId} />
      </span>,
      { size: "lg" },
    );
  } else {
    await dialogs.message("success", MESSAGES.processingComplete, importSummary(outcome));
  }
}

function UploadFromFile() {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const groups = useGroupOptions();
  const [file, setFile] = useState<File | null>(null);
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [update, setUpdate] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [importId, setImportId] = useState<string | null>(null);
  const [templateBusy, setTemplateBusy] = useState(false);

  const upload = async (e: FormEvent) => {
    e.preventDefault();
    if (!file) return;
    setUploading(true);
    try {
      const result = await api.POST("/addContacts", {
        params: {
          query: {
            ...(groupIds.length ? { groupId: groupIds.join(",") } : {}),
            ...(update ? { update: true } : {}),
          },
        },
        body: { file },
        bodySerializer: () => {
          const form = new FormData();
          form.append("file", file, file.name);
          return form;
        },
      });
      if (result.response.status === 202) {
        const job = unwrap(result) as unknown as ContactImport;
        setImportId(job.id);
        return;
      }
      const done = unwrap(result);
      setFile(null);
      await refreshContacts(queryClient);
      await tellOutcome(dialogs, { ...done, rows: [] });
      navigate(CONTACTS_PATH);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        const body = err.body as {
          imported: number;
          updated?: number;
          rowsFailed: number;
          rows: ContactIssueRow[];
          importId: string;
        };
        setFile(null);
        await refreshContacts(queryClient);
        await tellOutcome(dialogs, body);
        navigate(CONTACTS_PATH);
      } else if (err instanceof ApiError && err.status === 400) {
        // "Default Columns Not Found !" comes with the columns a file must start with
        const detail = (err.body as { detail?: unknown } | null)?.detail;
        await dialogs.message(
          "error",
          MESSAGES.errorUploadingFile,
          typeof detail === "string" ? `${err.message}\n${detail}` : err.message,
        );
      } else {
        const { title, text } = failure(err);
        await dialogs.message("error", title, text);
      }
    } finally {
      setUploading(false);
    }
  };

  const template = async () => {
    setTemplateBusy(true);
    try {
      await downloadFile("/downloads/UploadTemplate.xlsx", "UploadTemplate.xlsx");
    } catch {
      await dialogs.message("error", MESSAGES.somethingWentWrong);
    } finally {
      setTemplateBusy(false);
    }
  };

  if (importId)
    return (
      <ImportProgressPanel
        id={importId}
        onEnded={async (job) => {
          await refreshContacts(queryClient);
          if (job.status === "failed")
            await dialogs.message("error", MESSAGES.errorUploadingFile, job.message ?? undefined);
          else if (job.status === "cancelled")
            await dialogs.message(
              "info",
              "Import cancelled",
              `${job.imported.toLocaleString("en-US")} contacts added before it stopped.`,
            );
          else await tellOutcome(dialogs, { ...job, importId: job.id });
          setImportId(null);
          setFile(null);
          if (job.status !== "failed") navigate(CONTACTS_PATH);
        }}
      />
    );

  return (
    <form className={s.form} onSubmit={upload} noValidate>
      <p className={s.note}>
        The first two columns must be <strong>mobile</strong> then <strong>name</strong>; an{" "}
        <strong>email</strong> column and any other columns are kept with each contact. Numbers without a
        country code are read as Singapore numbers.
      </p>
      <Button
        className={s.linkButton}
        type="button"
        variant="outline"
        size="sm"
        loading={templateBusy}
        onClick={() => void template()}
      >
        Download template
      </Button>
      <FileDrop
        label="File"
        required
        accept={CONTACT_FILE_TYPES}
        maxSize={CONTACT_UPLOAD_MAX_BYTES}
        sizeError={CONTACT_FILE_TOO_LARGE}
        typeError={MESSAGES.unsupportedFileType}
        hint="CSV or XLSX, up to 150MB."
        file={file}
        onFileChange={setFile}
        onReject={() => setFile(null)}
        disabled={uploading}
      />
      <MultiSelect
        label="Add to groups"
        options={groups.options}
        value={groupIds}
        onValueChange={setGroupIds}
        placeholder={groups.loading ? "Loading groups…" : "Choose groups (optional)"}
        emptyText={groups.error ? MESSAGES.somethingWentWrong : "No groups yet"}
        disabled={uploading}
      />
      <Checkbox
        label="Update contacts that already exist"
        description="A number that is already a contact gets the file's name, e-mail and columns instead of being reported as a problem."
        checked={update}
        onCheckedChange={(v) => setUpdate(v === true)}
        disabled={uploading}
      />
      <div className={s.actions}>
        <Button type="button" variant="outline" tone="secondary" onClick={() => navigate(CONTACTS_PATH)}>
          Cancel
        </Button>
        <Button type="submit" loading={uploading} disabled={!file}>
          Upload Contact
        </Button>
      </div>
    </form>
  );
}

/** Follows a background import until it ends; Cancel stops it after the batch being written. */
function ImportProgressPanel({
  id,
  onEnded,
}: {
  id: string;
  onEnded: (job: ContactImport) => Promise<void>;
}) {
  const dialogs = useDialogs();
  const [cancelling, setCancelling] = useState(false);
  const [requested, setRequested] = useState(false);
  const job = $api.useQuery(
    "get",
    "/contactImports/{id}",
    { params: { path: { id } } },
    {
      staleTime: 0,
      gcTime: 0,
      refetchInterval: (q) => (q.state.data && importEnded(q.state.data.status) ? false : 1_000),
    },
  );
  const told = useRef(false);
  const data = job.data;
  useEffect(() => {
    if (!data || !importEnded(data.status) || told.current) return;
    told.current = true;
    void onEnded(data);
  }, [data, onEnded]);

  const cancel = async () => {
    setCancelling(true);
    try {
      unwrap(await api.POST("/contactImports/{id}/cancel", { params: { path: { id } } }));
      setRequested(true);
      await job.refetch();
    } catch (err) {
      const { title, text } = failure(err);
      await dialogs.message("error", title, text);
    } finally {
      setCancelling(false);
    }
  };

  return (
    <div className={s.progress}>
      <ProgressBar
        label={data ? `Importing ${data.fileName}` : "Importing"}
        value={data ? importPercent(data) : null}
        showValue
      />
      <p className={s.note} role="status" aria-live="polite">
        {job.isError ? MESSAGES.somethingWentWrong : data ? importProgressText(data) : "Starting…"}
        {data && data.imported > 0 ? ` · ${data.imported.toLocaleString("en-US")} added` : ""}
      </p>
      <div className={s.actions}>
        <Button
          variant="outline"
          tone="danger"
          loading={cancelling}
          disabled={!data || importEnded(data.status) || requested}
          onClick={() => void cancel()}
        >
          {requested ? "Stopping…" : "Cancel import"}
        </Button>
      </div>
    </div>
  );
}
