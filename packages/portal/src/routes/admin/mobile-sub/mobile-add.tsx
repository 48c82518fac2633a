import { ApiError, unwrap } from "@herald/api-client";
import { MESSAGES, stripNonDigits } from "@herald/domain";
import {
  Breadcrumb,
  Button,
  Card,
  FileDrop,
  formatFileSize,
  PageLayout,
  RadioGroup,
  TagInput,
} from "@herald/ui";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { api } from "../../../api";
import { useDialogs } from "../../../dialogs";
import { routerLink } from "../../../shell/link";
import * as s from "./mobile-sub.css";
import {
  ACCEPTED_FILES,
  ADD_NOTE,
  type FileInfo,
  failure,
  LIST_PATH,
  MAX_FILE_BYTES,
  mobileNumberError,
  refreshList,
  type SubscriptionType,
  sampleHref,
  TYPE_OPTIONS,
  uploadMobileFile,
} from "./mobile-sub.shared";

type InsertType = "manual" | "file";
const INSERT_OPTIONS: readonly { value: InsertType; label: string; description: string }[] = [
  { value: "manual", label: "Manual", description: "Type or paste the numbers." },
  { value: "file", label: "File upload", description: "A .csv, .txt or .xlsx file of at most 70KB." },
];

type Errors = Partial<Record<"type" | "insertType" | "mobile" | "file", string>>;

/** Adds numbers to a list: typed as tags, or from an uploaded file (uploaded first, then added). */
export default function MobileAdd() {
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const [type, setType] = useState<SubscriptionType | "">("");
  const [insertType, setInsertType] = useState<InsertType | "">("");
  const [tags, setTags] = useState<string[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [fileInfo, setFileInfo] = useState<FileInfo | null>(null);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  const invalidTags = tags.filter((t) => mobileNumberError(t) !== null);

  const chooseFile = async (picked: File | null) => {
    setFile(picked);
    setFileInfo(null);
    setErrors((e) => ({ ...e, file: undefined }));
    if (!picked) return;
    setUploading(true);
    try {
      setFileInfo(await uploadMobileFile(picked));
    } catch (err) {
      setFile(null);
      const { title, text } = failure(err, "upload");
      setErrors((e) => ({ ...e, file: text ?? title }));
      await dialogs.message("error", title, text);
    } finally {
      setUploading(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {
      type: type ? undefined : MESSAGES.required,
      insertType: insertType ? undefined : MESSAGES.required,
      mobile:
        insertType !== "manual"
          ? undefined
          : tags.length === 0
            ? "Please enter at least one mobile number"
            : invalidTags.length > 0
              ? `Remove or correct the invalid numbers: ${invalidTags.join(", ")}`
              : undefined,
      file:
        insertType === "file" && !fileInfo
          ? uploading
            ? "Please wait for the upload to finish"
            : "Please upload a file"
          : undefined,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean) || !type || !insertType) return;
    if (!(await dialogs.confirm({ title: MESSAGES.confirmDataCorrect }))) return;
    setSaving(true);
    try {
      const body =
        insertType === "manual"
          ? { insertType, type, mobile: tags }
          : { insertType, type, fileInfo: { fileId: fileInfo!.fileId } };
      unwrap(await api.POST("/addMobileSub", { body }));
      await refreshList(queryClient);
      await dialogs.message("success", MESSAGES.mobileListAdded, ADD_NOTE);
      navigate(LIST_PATH);
    } catch (err) {
      const { title, text } = failure(err);
      await dialogs.message("error", title, text);
      // an upload that expired or was used cannot be sent again: choose the file again
      if (err instanceof ApiError && err.status === 404) {
        setFile(null);
        setFileInfo(null);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <PageLayout maxWidth={720}>
      <Breadcrumb
        items={[
          { label: "Home", href: "/apps/social-chat" },
          { label: "Mobile Subscriptions", href: LIST_PATH },
          { label: "Add" },
        ]}
        renderLink={routerLink}
      />
      <Card title="Add Mobile Numbers" headingLevel={2}>
        <form className={s.form} onSubmit={submit} noValidate>
          <RadioGroup<SubscriptionType>
            label="Type"
            required
            orientation="horizontal"
            options={TYPE_OPTIONS}
            value={type || undefined}
            onValueChange={(v) => {
              setType(v);
              setErrors((e) => ({ ...e, type: undefined }));
            }}
            error={errors.type}
          />
          <RadioGroup<InsertType>
            label="Insert Type"
            required
            options={INSERT_OPTIONS}
            value={insertType || undefined}
            onValueChange={(v) => {
              setInsertType(v);
              setErrors((e) => ({ ...e, insertType: undefined, mobile: undefined, file: undefined }));
            }}
            error={errors.insertType}
          />
          {insertType === "manual" && (
            <TagInput
              label="Mobile Numbers"
              required
              value={tags}
              onValueChange={(next) => {
                setTags(next);
                setErrors((e) => ({ ...e, mobile: undefined }));
              }}
              normalize={(piece) => stripNonDigits(piece)}
              validate={mobileNumberError}
              inputMode="numeric"
              help={`Calling code then the number, e.g. 6591234567; press Enter, comma or space after each.${
                tags.length > 0
                  ? ` ${tags.length} number${tags.length === 1 ? "" : "s"}${invalidTags.length ? `, ${invalidTags.length} invalid` : ""}.`
                  : ""
              }`}
              error={errors.mobile}
            />
          )}
          {insertType === "file" && (
            <>
              <FileDrop
                label="File"
                required
                accept={ACCEPTED_FILES}
                maxSize={MAX_FILE_BYTES}
                sizeError={MESSAGES.mobileFileTooLarge}
                typeError="Unsupported file type. Please choose a .csv, .txt or .xlsx file."
                hint="CSV, TXT or XLSX, up to 70KB: one number per line (or in the first column), with the calling code."
                file={file}
                onFileChange={(picked) => void chooseFile(picked)}
                onReject={() => {
                  setFile(null);
                  setFileInfo(null);
                }}
                error={errors.file}
                disabled={uploading}
              />
              <a className={s.sample} href={sampleHref} download="mobile-list-sample.csv">
                Download a sample file
              </a>
              <p className={s.note} role="status">
                {uploading ? "Uploading the file…" : fileInfo ? "File uploaded." : ""}
              </p>
              {fileInfo && (
                <dl className={s.fileInfo} aria-label="Uploaded file">
                  <dt className={s.fileInfoTerm}>File</dt>
                  <dd className={s.fileInfoValue}>{fileInfo.fileName}</dd>
                  <dt className={s.fileInfoTerm}>Numbers found</dt>
                  <dd className={s.fileInfoValue}>{fileInfo.rows}</dd>
                  <dt className={s.fileInfoTerm}>Size</dt>
                  <dd className={s.fileInfoValue}>{formatFileSize(fileInfo.size)}</dd>
                </dl>
              )}
            </>
          )}
          <p className={s.note}>
            Numbers already in the chosen list are skipped. Invalid numbers in a file are kept and marked
            Invalid.
          </p>
          <div className={s.actions}>
            <Button type="button" variant="outline" tone="secondary" onClick={() => navigate(LIST_PATH)}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={uploading}>
              Save
            </Button>
          </div>
        </form>
      </Card>
    </PageLayout>
  );
}
