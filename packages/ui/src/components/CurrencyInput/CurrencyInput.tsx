import { CURRENCY, formatAmount, sgdToCents } from "@herald/domain";
import { type ChangeEvent, type KeyboardEvent, type Ref, useState } from "react";
import { Button } from "../Button";
import { Field, type FieldBaseProps, type FieldSize, useFieldIds } from "../Field";
import * as fieldStyles from "../Field/Field.css";
import * as styles from "./CurrencyInput.css";

export interface CurrencyInputProps extends FieldBaseProps {
  /** Amount in cents; null when the field is empty. */
  value?: number | null;
  defaultValue?: number | null;
  /** Called with cents (or null when emptied) as the user types. */
  onValueChange?: (cents: number | null) => void;
  /** Lowest amount in cents (default 0): the minus button stops here. */
  min?: number;
  /**
   * Highest amount in cents (e.g. the corporate balance): plus works only below it. A typed amount above it
   * is kept as typed: the form says what the limit is (never a silent change of what the user wrote).
   */
  max?: number;
  /** Stepper increment in cents (default 100 = 1.00). */
  step?: number;
  /** Show the − and + buttons (default true). */
  showStepper?: boolean;
  currency?: string;
  placeholder?: string;
  decreaseLabel?: string;
  increaseLabel?: string;
  size?: FieldSize;
  ref?: Ref<HTMLInputElement>;
}

/** Keeps digits, grouping commas and one decimal point with at most two decimals. */
function sanitize(raw: string): string {
  const cleaned = raw.replace(/[^\d.,]/g, "");
  const dot = cleaned.indexOf(".");
  if (dot < 0) return cleaned;
  const whole = cleaned.slice(0, dot);
  const fraction = cleaned
    .slice(dot + 1)
    .replace(/[.,]/g, "")
    .slice(0, 2);
  return `${whole}.${fraction}`;
}

function parseCents(text: string): number | null {
  const plain = text.replace(/,/g, "");
  if (plain === "" || plain === ".") return null;
  try {
    return sgdToCents(plain);
  } catch {
    return null;
  }
}

const clamp = (cents: number, min: number, max: number | undefined) =>
  Math.min(max ?? Number.MAX_SAFE_INTEGER, Math.max(min, cents));

/**
 * An SGD amount: two decimals, a currency prefix, − and + steppers (and ArrowUp/ArrowDown) that step within
 * [min, max]. A typed amount is never changed: the form validates it. The outside world only sees integer cents.
 */
export function CurrencyInput({
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
  defaultValue = null,
  onValueChange,
  min = 0,
  max,
  step = 100,
  showStepper = true,
  currency = CURRENCY,
  placeholder = "0.00",
  decreaseLabel = "Decrease amount",
  increaseLabel = "Increase amount",
  size = "md",
  ref,
}: CurrencyInputProps) {
  const ids = useFieldIds({ id, help, error });
  const [innerCents, setInnerCents] = useState<number | null>(defaultValue);
  const cents = value !== undefined ? value : innerCents;
  const [draft, setDraft] = useState<string | null>(null); // the text while the user is typing
  const shown = draft ?? (cents === null ? "" : formatAmount(cents));

  const emit = (next: number | null) => {
    if (value === undefined) setInnerCents(next);
    if (next !== cents) onValueChange?.(next);
  };

  const canDecrease = !disabled && (cents ?? min) > min;
  const canIncrease = !disabled && (max === undefined || (cents ?? min) < max);

  // At a limit the stepper is aria-disabled rather than disabled, so it keeps keyboard focus.
  const stepBy = (direction: 1 | -1) => {
    if (direction === 1 ? !canIncrease : !canDecrease) return;
    const base = parseCents(shown) ?? cents ?? min;
    emit(clamp(base + direction * step, min, max));
    setDraft(null);
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = sanitize(event.target.value);
    setDraft(text);
    emit(parseCents(text));
  };

  // Leaving the field formats the amount ("12.5" -> "12.50") and keeps it as typed.
  const onBlur = () => {
    setDraft(null);
    emit(parseCents(shown));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowUp") {
      event.preventDefault();
      stepBy(1);
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      stepBy(-1);
    }
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
      <div className={styles.row}>
        {showStepper ? (
          <Button
            variant="outline"
            tone="secondary"
            size={size}
            aria-label={decreaseLabel}
            aria-controls={ids.controlId}
            disabled={disabled}
            aria-disabled={!canDecrease || undefined}
            onClick={() => stepBy(-1)}
          >
            −
          </Button>
        ) : null}
        <div
          className={`${fieldStyles.control({ size })} ${fieldStyles.shell}`}
          data-invalid={ids.invalid || undefined}
          data-disabled={disabled || undefined}
        >
          <span className={`${fieldStyles.adornment} ${styles.currency}`} aria-hidden="true">
            {currency}
          </span>
          <input
            ref={ref}
            id={ids.controlId}
            type="text"
            inputMode="decimal"
            role="spinbutton"
            autoComplete="off"
            value={shown}
            placeholder={placeholder}
            disabled={disabled}
            required={required}
            aria-required={required || undefined}
            aria-invalid={ids.invalid || undefined}
            aria-describedby={ids.describedBy}
            aria-valuenow={cents === null ? undefined : cents / 100}
            aria-valuemin={min / 100}
            aria-valuemax={max === undefined ? undefined : max / 100}
            aria-valuetext={cents === null ? undefined : `${currency} ${formatAmount(cents)}`}
            className={`${fieldStyles.bareInput} ${styles.input}`}
            onChange={onChange}
            onBlur={onBlur}
            onKeyDown={onKeyDown}
          />
        </div>
        {showStepper ? (
          <Button
            variant="outline"
            tone="secondary"
            size={size}
            aria-label={increaseLabel}
            aria-controls={ids.controlId}
            disabled={disabled}
            aria-disabled={!canIncrease || undefined}
            onClick={() => stepBy(1)}
          >
            +
          </Button>
        ) : null}
      </div>
      {name ? <input type="hidden" name={name} value={cents === null ? "" : String(cents)} /> : null}
    </Field>
  );
}
