import { type ReactNode, useState } from "react";
import * as dateStyles from "../DatePicker/DatePicker.css";
import { dateBoundsError } from "../DatePicker/dates";
import { Field, type FieldBaseProps, type FieldSize, hasContent, useFieldIds } from "../Field";
import * as fieldStyles from "../Field/Field.css";
import * as styles from "./DateRangePicker.css";

/** A range of days as "yyyy-MM-dd" strings; "" for an open end. */
export interface DateRange {
  start: string;
  end: string;
}

export interface DateRangePickerProps extends Omit<FieldBaseProps, "name"> {
  value?: DateRange;
  defaultValue?: DateRange;
  onValueChange?: (range: DateRange) => void;
  /** Earliest allowed start, "yyyy-MM-dd" (e.g. today: scheduled SMS cannot start in the past). */
  min?: string;
  /** Latest allowed end, "yyyy-MM-dd" (e.g. today: inbox/outbox end dates cannot be in the future). */
  max?: string;
  startLabel?: string;
  endLabel?: string;
  startName?: string;
  endName?: string;
  /** Message when the start is before `min`. */
  minMessage?: string;
  /** Message when the end (or start) is after `max`. */
  maxMessage?: string;
  /** Message when the end is before the start. */
  orderMessage?: string;
  size?: FieldSize;
}

/** The first problem with a range, or null. */
export function dateRangeError(
  range: DateRange,
  bounds: { min?: string | undefined; max?: string | undefined },
  messages: {
    minMessage?: string | undefined;
    maxMessage?: string | undefined;
    orderMessage?: string | undefined;
  } = {},
): { message: string; part: "start" | "end" } | null {
  const startError = dateBoundsError(range.start, bounds.min, bounds.max, messages);
  if (startError) return { message: startError, part: "start" };
  const endError = dateBoundsError(range.end, bounds.min, bounds.max, messages);
  if (endError) return { message: endError, part: "end" };
  if (range.start && range.end && range.end < range.start) {
    return { message: messages.orderMessage ?? "End date cannot be before start date", part: "end" };
  }
  return null;
}

/**
 * Two native date inputs under one legend. Each input's min/max follow the other end, and an
 * out-of-range or reversed range shows a message on the offending input.
 */
export function DateRangePicker({
  label,
  hideLabel,
  help,
  error,
  required,
  disabled,
  id,
  className,
  value,
  defaultValue = { start: "", end: "" },
  onValueChange,
  min,
  max,
  startLabel = "Start date",
  endLabel = "End date",
  startName,
  endName,
  minMessage,
  maxMessage,
  orderMessage,
  size = "md",
}: DateRangePickerProps) {
  const [inner, setInner] = useState<DateRange>(defaultValue);
  const range = value ?? inner;
  const problem = dateRangeError(range, { min, max }, { minMessage, maxMessage, orderMessage });
  const shownError: ReactNode = hasContent(error) ? error : problem?.message;
  const ids = useFieldIds({ id, help, error: shownError });
  const startId = `${ids.controlId}-start`;
  const endId = `${ids.controlId}-end`;

  const update = (patch: Partial<DateRange>) => {
    const next = { ...range, ...patch };
    if (value === undefined) setInner(next);
    onValueChange?.(next);
  };

  const invalidStart = hasContent(error) || problem?.part === "start";
  const invalidEnd = hasContent(error) || problem?.part === "end";
  const input = (which: "start" | "end") => {
    const isStart = which === "start";
    const invalid = isStart ? invalidStart : invalidEnd;
    return (
      <div className={styles.part}>
        <label htmlFor={isStart ? startId : endId} className={styles.partLabel}>
          {isStart ? startLabel : endLabel}
        </label>
        <input
          id={isStart ? startId : endId}
          name={isStart ? startName : endName}
          type="date"
          value={isStart ? range.start : range.end}
          min={isStart ? min : range.start || min}
          max={isStart ? range.end || max : max}
          disabled={disabled}
          required={required}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? ids.describedBy : hasContent(help) ? ids.helpId : undefined}
          className={`${fieldStyles.control({ size })} ${dateStyles.input}`}
          onChange={(event) => update(isStart ? { start: event.target.value } : { end: event.target.value })}
        />
      </div>
    );
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
      labelKind="group"
    >
      <div className={styles.row}>
        {input("start")}
        {input("end")}
      </div>
    </Field>
  );
}
