import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from "react";
import { Button } from "../Button";
import { formatFileSize } from "../FileDrop";
import * as s from "./MessageComposer.css";

export const DESIGNATED_AGENT_NOTICE = "Only the designated agent may send messages in this chatroom.";

export interface ComposedMessage {
  /** The text with surrounding whitespace removed ("" when only files are sent). */
  text: string;
  files: File[];
}

export interface MessageComposerProps {
  onSend: (message: ComposedMessage) => void;
  /** Shows a "Choose template" button (e.g. WhatsApp templates). */
  onChooseTemplate?: () => void;
  /** Another agent owns the room: the input is replaced by `disabledNotice`. */
  disabled?: boolean;
  disabledNotice?: string;
  /** A send is in progress: Send shows a spinner and further sends wait. */
  sending?: boolean;
  /** Accessible name of the text box (default "Message"). */
  label?: string;
  placeholder?: string;
  /** File types for the file picker, e.g. "image/*,video/mp4,.pdf". */
  accept?: string;
  /** Allow attaching files (default true). */
  allowFiles?: boolean;
  templateLabel?: string;
}

/**
 * The chat input: Enter sends, Shift+Enter adds a line, whitespace-only text is ignored; files can be attached
 * and removed; a template button calls `onChooseTemplate`. When `disabled`, a notice replaces the input.
 */
export function MessageComposer({
  onSend,
  onChooseTemplate,
  disabled = false,
  disabledNotice = DESIGNATED_AGENT_NOTICE,
  sending = false,
  label = "Message",
  placeholder = "Type a message",
  accept,
  allowFiles = true,
  templateLabel = "Choose template",
}: MessageComposerProps) {
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = useId();

  if (disabled) {
    return (
      <div className={s.root}>
        <p className={s.notice} role="status">
          {disabledNotice}
        </p>
      </div>
    );
  }

  const trimmed = text.trim();
  const canSend = (trimmed !== "" || files.length > 0) && !sending;

  const send = () => {
    if (!canSend) return;
    onSend({ text: trimmed, files });
    setText("");
    setFiles([]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const addFiles = (list: FileList | null) => {
    if (!list || list.length === 0) return;
    const added = Array.from(list);
    setFiles((prev) => [
      ...prev,
      ...added.filter(
        (f) => !prev.some((p) => p.name === f.name && p.size === f.size && p.lastModified === f.lastModified),
      ),
    ]);
    if (fileInput.current) fileInput.current.value = "";
  };

  return (
    <form className={s.root} onSubmit={onSubmit} aria-label="Send a message">
      {files.length > 0 && (
        <ul className={s.files} aria-label="Attached files">
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`} className={s.file}>
              <span className={s.fileName}>{file.name}</span>
              <span className={s.fileSize}>{formatFileSize(file.size)}</span>
              <Button
                variant="ghost"
                tone="secondary"
                size="sm"
                aria-label={`Remove ${file.name}`}
                onClick={() => setFiles((prev) => prev.filter((_, i) => i !== index))}
                iconStart={
                  <svg
                    width="12"
                    height="12"
                    viewBox="0 0 12 12"
                    stroke="currentColor"
                    strokeWidth="1.6"
                    aria-hidden="true"
                  >
                    <path d="M3 3l6 6M9 3l-6 6" />
                  </svg>
                }
              />
            </li>
          ))}
        </ul>
      )}
      <div className={s.inputRow}>
        <textarea
          className={s.textarea}
          aria-label={label}
          aria-describedby={hintId}
          placeholder={placeholder}
          rows={2}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" disabled={!canSend && !sending} loading={sending}>
          Send
        </Button>
      </div>
      <div className={s.tools}>
        {allowFiles && (
          <>
            <input
              ref={fileInput}
              type="file"
              multiple
              accept={accept}
              hidden
              aria-label="Files to attach"
              data-testid="composer-file-input"
              onChange={(e) => addFiles(e.target.files)}
            />
            <Button
              variant="outline"
              tone="secondary"
              size="sm"
              onClick={() => fileInput.current?.click()}
              iconStart={
                <svg
                  width="16"
                  height="16"
                  viewBox="0 0 16 16"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.5"
                  aria-hidden="true"
                >
                  <path d="M13 7.5 8 12.5a3 3 0 0 1-4.3-4.2l5.3-5.4a2 2 0 0 1 2.9 2.8L6.6 11a1 1 0 0 1-1.5-1.4L9.8 5" />
                </svg>
              }
            >
              Attach files
            </Button>
          </>
        )}
        {onChooseTemplate && (
          <Button variant="outline" tone="secondary" size="sm" onClick={onChooseTemplate}>
            {templateLabel}
          </Button>
        )}
        <span id={hintId} className={s.hint}>
          Enter to send, Shift+Enter for a new line
        </span>
      </div>
    </form>
  );
}
