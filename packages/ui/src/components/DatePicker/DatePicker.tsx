import { type ChangeEvent, type ComponentPropsWithRef, useState } from "react";
import { Field, type FieldBaseProps, type FieldSize, hasContent, useFieldIds } from "../Field";
import * as fieldStyles from "../Field/Field.css";
import * as styles from "./DatePicker.css";
import { type DateBoundsMessages, dateBoundsError } from "./dates";

export interface DatePickerProps
  extends FieldBaseProps,
    DateBoundsMessages,
    Pick<ComponentPropsWithRef<"input">, "ref" | "onBlur" | "onFocus" | "autoFocus"> {
  /** "yyyy-MM-dd", or "" for none. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Earliest allowed day, "yyyy-MM-dd" (e.g. today for a schedule start). */
  min?: string;
  /** Latest allowed day, "yyyy-MM-dd" (e.g. today for a report end date). */
  max?: string;
  size?: FieldSize;
}

/**
 * A labelled date field on the native date input (keyboard: type the parts or use the arrow keys; the
 * browser's calendar opens with Alt+ArrowDown or the icon). A day outside [min, max] shows a clear message;
 * an `error` from the form takes precedence.
 */
export function DatePicker({
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
  defaultValue = "",
  onValueChange,
  min,
  max,
  minMessage,
  maxMessage,
  size = "md",
  ref,
  onBlur,
  onFocus,
  autoFocus,
}: DatePickerProps) {
  const [inner, setInner] = useState(defaultValue);
  const current = value ?? inner;
  const rangeError = dateBoundsError(current, min, max, { minMessage, maxMessage });
  const shownError = hasContent(error) ? error : rangeError;
  const ids = useFieldIds({ id, help, error: shownError });

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (value === undefined) setInner(event.target.value);
    onValueChange?.(event.target.value);
  };

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
    >
      <input
        ref={ref}
        id={ids.controlId}
        name={name}
        type="date"
        value={current}
        min={min}
        max={max}
        disabled={disabled}
        required={required}
        autoFocus={autoFocus}
        aria-invalid={ids.invalid || undefined}
        aria-describedby={ids.describedBy}
        className={`${fieldStyles.control({ size })} ${styles.input}`}
        onChange={onChange}
        onBlur={onBlur}
        onFocus={onFocus}
      />
    </Field>
  );
}
