import { UNSUPPORTED_FILE_TYPE } from "@herald/domain";
import { type DragEvent, type ReactNode, useRef, useState } from "react";
import { Button } from "../Button";
import { Field, type FieldBaseProps, hasContent, useFieldIds } from "../Field";
import { ProgressBar } from "../ProgressBar";
import * as styles from "./FileDrop.css";

export type FileRejection = "type" | "size";

export interface FileDropProps extends FieldBaseProps {
  /** Accepted types as in the `accept` attribute: extensions and MIME types, e.g. ".csv,.xlsx". */
  accept?: string;
  /** Largest accepted file in bytes. */
  maxSize?: number;
  /** The chosen file (controlled); null for none. */
  file?: File | null;
  /** Called with an accepted file, or null when it is removed. */
  onFileChange?: (file: File | null) => void;
  /** Called when a file is refused, with the reason and the message shown. */
  onReject?: (file: File, reason: FileRejection, message: string) => void;
  /** Message for a refused type (default 'Unsupported file type'). */
  typeError?: string;
  /** Message for a file over `maxSize` (default "File size cannot be greater than <size>"). */
  sizeError?: string;
  /** Upload progress 0–100; shows a progress bar for the chosen file while given. */
  progress?: number;
  /** Text of the drop area. */
  prompt?: ReactNode;
  /** Text of the button that opens the file chooser. */
  browseLabel?: string;
  /** Short line under the prompt, e.g. "CSV or XLSX, up to 70 KB". */
  hint?: ReactNode;
}

/** File size for people, base 1000 as the spec's formatter: 71680 -> "71.7 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let size = bytes / 1000;
  let unit = 0;
  while (size >= 1000 && unit < units.length - 1) {
    size /= 1000;
    unit += 1;
  }
  return `${size >= 100 ? Math.round(size) : Math.round(size * 10) / 10} ${units[unit]}`;
}

/** Whether a file matches an `accept` list (extensions, exact MIME types, or "type/*"). */
export function isAccepted(file: Pick<File, "name" | "type">, accept: string | undefined): boolean {
  if (!accept?.trim()) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept
    .split(",")
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean)
    .some((token) => {
      if (token.startsWith(".")) return name.endsWith(token);
      if (token.endsWith("/*")) return type.startsWith(token.slice(0, -1));
      return type === token;
    });
}

const UploadIcon = ({ className }: { className: string }) => (
  <svg
    className={className}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    aria-hidden="true"
  >
    <path d="M12 15V4M7.5 8.5 12 4l4.5 4.5M4 15v3.5A1.5 1.5 0 0 0 5.5 20h13a1.5 1.5 0 0 0 1.5-1.5V15" />
  </svg>
);

const FileIcon = ({ className }: { className: string }) => (
  <svg
    className={className}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    aria-hidden="true"
  >
    <path d="M14 3H6.5A1.5 1.5 0 0 0 5 4.5v15A1.5 1.5 0 0 0 6.5 21h11a1.5 1.5 0 0 0 1.5-1.5V8l-5-5Z" />
    <path d="M14 3v5h5" />
  </svg>
);

/**
 * A file chooser with a drop area: drag a file onto it, or press "Browse files" (keyboard: Tab, then
 * Enter or Space). The file's type and size are checked before it is accepted; the messages come in as
 * props. The chosen file is listed with its size, an optional upload progress bar and a remove button.
 */
export function FileDrop({
  label,
  hideLabel,
  help,
  error,
  required,
  disabled,
  id,
  name,
  className,
  accept,
  maxSize,
  file,
  onFileChange,
  onReject,
  typeError = UNSUPPORTED_FILE_TYPE,
  sizeError,
  progress,
  prompt = "Drag and drop a file here, or",
  browseLabel = "Browse files",
  hint,
}: FileDropProps) {
  const [innerFile, setInnerFile] = useState<File | null>(null);
  const current = file !== undefined ? file : innerFile;
  const [rejection, setRejection] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const dragDepth = useRef(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const shownError = hasContent(error) ? error : rejection;
  const ids = useFieldIds({ id, help, error: shownError });
  const hintId = `${ids.controlId}-hint`;

  const choose = (picked: File | undefined) => {
    if (!picked || disabled) return;
    let reason: FileRejection | null = null;
    let message = "";
    if (!isAccepted(picked, accept)) {
      reason = "type";
      message = typeError;
    } else if (maxSize !== undefined && picked.size > maxSize) {
      reason = "size";
      message = sizeError ?? `File size cannot be greater than ${formatFileSize(maxSize)}`;
    }
    if (reason) {
      setRejection(message);
      onReject?.(picked, reason, message);
      return;
    }
    setRejection(null);
    if (file === undefined) setInnerFile(picked);
    onFileChange?.(picked);
  };

  const removeFile = () => {
    if (file === undefined) setInnerFile(null);
    if (inputRef.current) inputRef.current.value = "";
    setRejection(null);
    onFileChange?.(null);
  };

  const dragProps = disabled
    ? {}
    : {
        onDragEnter: (event: DragEvent<HTMLDivElement>) => {
          event.preventDefault();
          dragDepth.current += 1;
          setDragging(true);
        },
        onDragOver: (event: DragEvent<HTMLDivElement>) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = "copy";
        },
        onDragLeave: () => {
          dragDepth.current = Math.max(0, dragDepth.current - 1);
          if (dragDepth.current === 0) setDragging(false);
        },
        onDrop: (event: DragEvent<HTMLDivElement>) => {
          event.preventDefault();
          dragDepth.current = 0;
          setDragging(false);
          choose(event.dataTransfer.files[0]);
        },
      };

  const pct = progress === undefined ? undefined : Math.max(0, Math.min(100, Math.round(progress)));

  return (
    <Field
      ids={ids}
      label={label}
      hideLabel={hideLabel}
      help={help}
      error={shownError}
      required={required}
      disabled={disabled}
      className={className}
      labelKind="group"
    >
      <div
        className={styles.zone}
        data-dragging={dragging || undefined}
        data-invalid={ids.invalid || undefined}
        data-disabled={disabled || undefined}
        data-testid="file-drop-zone"
        {...dragProps}
      >
        <UploadIcon className={styles.zoneIcon} />
        <span className={styles.prompt}>{prompt}</span>
        <Button
          id={ids.controlId}
          variant="outline"
          size="sm"
          disabled={disabled}
          aria-describedby={
            [ids.describedBy, hint ? hintId : undefined].filter(Boolean).join(" ") || undefined
          }
          aria-invalid={ids.invalid || undefined}
          onClick={() => inputRef.current?.click()}
        >
          {browseLabel}
        </Button>
        {hint ? <span id={hintId}>{hint}</span> : null}
        <input
          ref={inputRef}
          type="file"
          name={name}
          accept={accept}
          required={required}
          disabled={disabled}
          tabIndex={-1}
          hidden
          onChange={(event) => choose(event.target.files?.[0])}
        />
      </div>
      {current ? (
        <div className={styles.file}>
          <FileIcon className={styles.fileIcon} />
          <span className={styles.fileName}>{current.name}</span>
          <Button
            className={styles.remove}
            variant="ghost"
            tone="danger"
            size="sm"
            aria-label={`Remove file ${current.name}`}
            disabled={disabled}
            onClick={removeFile}
            iconStart={
              <svg
                viewBox="0 0 16 16"
                width="16"
                height="16"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden="true"
              >
                <path d="M4 4l8 8M12 4l-8 8" />
              </svg>
            }
          />
          <span className={styles.fileMeta}>
            <span>{formatFileSize(current.size)}</span>
            {pct !== undefined ? (
              <>
                <ProgressBar
                  className={styles.progress}
                  label={`Uploading ${current.name}`}
                  hideLabel
                  value={pct}
                  size="sm"
                />
                <span className={styles.progressText}>{pct === 100 ? "Uploaded" : `${pct}%`}</span>
              </>
            ) : null}
          </span>
        </div>
      ) : null}
    </Field>
  );
}
