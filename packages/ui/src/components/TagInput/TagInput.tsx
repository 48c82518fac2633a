import {
  type ChangeEvent,
  type ClipboardEvent,
  type KeyboardEvent,
  type Ref,
  useId,
  useRef,
  useState,
} from "react";
import { Field, type FieldBaseProps, type FieldSize, useFieldIds } from "../Field";
import * as fieldStyles from "../Field/Field.css";
import * as styles from "./TagInput.css";

/** Commas, semicolons and any whitespace (spaces, tabs, newlines) separate tags. */
export const TAG_SEPARATORS = /[\s,;]+/;

/** Splits typed or pasted text into trimmed, non-empty pieces. */
export function splitTags(text: string, separators: RegExp = TAG_SEPARATORS): string[] {
  return text
    .split(separators)
    .map((piece) => piece.trim())
    .filter((piece) => piece.length > 0);
}

export interface TagInputProps extends FieldBaseProps {
  value?: readonly string[];
  defaultValue?: readonly string[];
  onValueChange?: (tags: string[]) => void;
  /** Returns an error message for an invalid tag, or null. Invalid tags stay, shown in the danger tone. */
  validate?: (tag: string) => string | null;
  /** Cleans each piece before it becomes a tag (e.g. drop a leading "+"). Empty results are dropped. */
  normalize?: (piece: string) => string;
  /**
   * What separates values typed or pasted (default: commas, semicolons and any whitespace). Mobile numbers,
   * written with spaces, use line breaks, commas and semicolons only.
   */
  separators?: RegExp;
  /** Keep repeated values (default: a repeat is ignored). */
  allowDuplicates?: boolean;
  placeholder?: string;
  /** Keyboard hint for touch devices: "numeric" for phone numbers. */
  inputMode?: "text" | "numeric" | "tel" | "email";
  size?: FieldSize;
  ref?: Ref<HTMLInputElement>;
}

const Cross = () => (
  <svg
    viewBox="0 0 16 16"
    width="12"
    height="12"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d="M4 4l8 8M12 4l-8 8" />
  </svg>
);

/**
 * Free-form values as tags (e.g. mobile numbers). Enter or a separator (by default comma or space) turns the
 * typed text into a tag; pasting many values separated by separators or newlines adds them all, one valid value
 * pasted into the empty input becomes a tag at once; leaving the field adds what is left. Backspace in the empty input removes the last tag; each tag has a labelled remove button.
 * Every tag is checked with `validate`: invalid ones are shown in the danger tone with their message.
 */
export function TagInput({
  label,
  hideLabel,
  help,
  error,
  required,
  disabled,
  id,
  name,
  className,
  value,
  defaultValue,
  onValueChange,
  validate,
  normalize = (piece) => piece.trim(),
  allowDuplicates = false,
  separators = TAG_SEPARATORS,
  placeholder,
  inputMode = "text",
  size = "md",
  ref,
}: TagInputProps) {
  const [inner, setInner] = useState<string[]>(() => [...(defaultValue ?? [])]);
  const tags = value ? [...value] : inner;
  const [text, setText] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const inputRef = useRef<HTMLInputElement | null>(null);
  const problemsId = `${useId().replace(/[^a-zA-Z0-9_-]/g, "")}-tag-problems`;

  const problems = validate
    ? tags.flatMap((tag, index) => {
        const message = validate(tag);
        return message ? [{ tag, index, message }] : [];
      })
    : [];
  const invalidIndexes = new Set(problems.map((problem) => problem.index));
  // Stable keys even with repeated values: the value plus how many times it came before.
  const seen = new Map<string, number>();
  const keys = tags.map((tag) => {
    const n = seen.get(tag) ?? 0;
    seen.set(tag, n + 1);
    return `${tag}#${n}`;
  });
  const ids = useFieldIds({ id, help, error, extra: [problems.length > 0 && problemsId] });
  const invalid = ids.invalid || problems.length > 0;

  const commit = (next: string[]) => {
    if (!value) setInner(next);
    onValueChange?.(next);
  };

  const add = (pieces: string[]) => {
    const next = [...tags];
    let added = 0;
    for (const piece of pieces) {
      const tag = normalize(piece);
      if (!tag) continue;
      if (!allowDuplicates && next.includes(tag)) continue;
      next.push(tag);
      added += 1;
    }
    if (added > 0) {
      commit(next);
      const bad = validate ? next.slice(-added).filter((tag) => validate(tag) !== null).length : 0;
      setAnnouncement(
        `${added} ${added === 1 ? "tag" : "tags"} added${bad > 0 ? `, ${bad} invalid` : ""}. ${next.length} in total.`,
      );
    }
  };

  const removeAt = (index: number) => {
    const removed = tags[index];
    commit(tags.filter((_, i) => i !== index));
    if (removed !== undefined) setAnnouncement(`${removed} removed.`);
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    if (separators.test(raw)) {
      // A separator was typed: everything before the last separator becomes tags, the rest stays typed.
      const parts = raw.split(separators);
      const rest = parts.pop() ?? "";
      add(parts);
      setText(rest);
    } else {
      setText(raw);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" && text.trim()) {
      event.preventDefault();
      add([text]);
      setText("");
    } else if (event.key === "Backspace" && text === "" && tags.length > 0) {
      event.preventDefault();
      removeAt(tags.length - 1);
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData("text");
    if (!separators.test(pasted.trim())) {
      // One value: pasted into an empty input and valid, it becomes a tag at once; otherwise text to edit.
      const tag = normalize(pasted.trim());
      if (text.trim() === "" && tag && (!validate || validate(tag) === null)) {
        event.preventDefault();
        add([pasted.trim()]);
      }
      return;
    }
    event.preventDefault();
    add(splitTags(text + pasted, separators));
    setText("");
  };

  return (
    <Field
      ids={ids}
      label={label}
      hideLabel={hideLabel}
      help={help}
      error={error}
      required={required}
      disabled={disabled}
      className={className}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer convenience; the input inside is the control */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users reach the input with Tab */}
      <div
        className={`${fieldStyles.control({ size })} ${styles.shell}`}
        data-invalid={invalid || undefined}
        data-disabled={disabled || undefined}
        onClick={(event) => {
          if (event.target === event.currentTarget) inputRef.current?.focus();
        }}
      >
        {tags.length > 0 ? (
          <ul className={styles.tags} aria-label="Tags">
            {tags.map((tag, index) => {
              const bad = invalidIndexes.has(index);
              return (
                <li
                  key={keys[index]}
                  className={bad ? `${styles.tag} ${styles.tagInvalid}` : styles.tag}
                  data-invalid={bad || undefined}
                >
                  <span className={styles.tagText}>{tag}</span>
                  {bad ? <span className={fieldStyles.visuallyHidden}> (invalid)</span> : null}
                  <button
                    type="button"
                    className={styles.remove}
                    aria-label={`Remove ${tag}`}
                    disabled={disabled}
                    onClick={() => {
                      removeAt(index);
                      inputRef.current?.focus();
                    }}
                  >
                    <Cross />
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
        <input
          ref={(node) => {
            inputRef.current = node;
            if (typeof ref === "function") ref(node);
            else if (ref) ref.current = node;
          }}
          id={ids.controlId}
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          enterKeyHint="enter"
          value={text}
          placeholder={placeholder}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-required={required || undefined}
          aria-describedby={ids.describedBy}
          className={`${fieldStyles.bareInput} ${styles.input}`}
          onChange={onChange}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={() => {
            if (text.trim()) {
              add([text]);
              setText("");
            }
          }}
        />
        {name
          ? tags.map((tag, index) => <input key={keys[index]} type="hidden" name={name} value={tag} />)
          : null}
      </div>
      {problems.length > 0 ? (
        <ul id={problemsId} className={`${styles.problems} ${fieldStyles.footer} ${fieldStyles.error}`}>
          {problems.map((problem) => (
            <li key={`${problem.index}-${problem.tag}`}>
              {problem.tag}: {problem.message}
            </li>
          ))}
        </ul>
      ) : null}
      <span className={fieldStyles.visuallyHidden} aria-live="polite">
        {announcement}
      </span>
    </Field>
  );
}
