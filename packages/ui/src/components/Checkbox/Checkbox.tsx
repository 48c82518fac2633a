import { Checkbox as RadixCheckbox } from "radix-ui";
import type { ReactNode, Ref } from "react";
import { useFieldIds } from "../Field";
import * as fieldStyles from "../Field/Field.css";
import * as styles from "./Checkbox.css";

export type CheckedState = boolean | "indeterminate";

export interface CheckboxProps {
  /** Text next to the box; also its accessible name. */
  label: ReactNode;
  /** Hide the label visually (e.g. a table's row-selection checkbox). */
  hideLabel?: boolean;
  /** A second line under the label. */
  description?: ReactNode;
  error?: ReactNode;
  checked?: CheckedState;
  defaultChecked?: CheckedState;
  onCheckedChange?: (checked: CheckedState) => void;
  disabled?: boolean;
  required?: boolean;
  id?: string;
  name?: string;
  /** Value submitted with the form when checked (default "on"). */
  value?: string;
  className?: string;
  ref?: Ref<HTMLButtonElement>;
}

/** A checkbox (Radix) with its label, optional description and error. Space toggles it. */
export function Checkbox({
  label,
  hideLabel,
  description,
  error,
  checked,
  defaultChecked,
  onCheckedChange,
  disabled,
  required,
  id,
  name,
  value,
  className,
  ref,
}: CheckboxProps) {
  const ids = useFieldIds({ id, help: description, error });
  const stateProps = {
    ...(checked !== undefined ? { checked } : {}),
    ...(defaultChecked !== undefined ? { defaultChecked } : {}),
  };
  return (
    <div className={className ? `${styles.root} ${className}` : styles.root}>
      <div className={styles.row}>
        <RadixCheckbox.Root
          {...stateProps}
          ref={ref}
          id={ids.controlId}
          name={name}
          value={value}
          disabled={disabled}
          required={required}
          onCheckedChange={onCheckedChange}
          aria-describedby={ids.describedBy}
          aria-invalid={ids.invalid || undefined}
          aria-required={required || undefined}
          className={styles.box}
        >
          <RadixCheckbox.Indicator className={styles.indicator}>
            <CheckMark />
          </RadixCheckbox.Indicator>
        </RadixCheckbox.Root>
        <span className={styles.text}>
          <label
            id={ids.labelId}
            htmlFor={ids.controlId}
            className={[
              styles.label,
              disabled && styles.labelDisabled,
              hideLabel && fieldStyles.visuallyHidden,
            ]
              .filter(Boolean)
              .join(" ")}
          >
            {label}
            {required ? (
              <span className={fieldStyles.requiredMark} aria-hidden="true">
                {" *"}
              </span>
            ) : null}
          </label>
          {description ? (
            <span id={ids.helpId} className={styles.description}>
              {description}
            </span>
          ) : null}
        </span>
      </div>
      {error ? (
        <span id={ids.errorId} className={`${fieldStyles.error} ${fieldStyles.footer}`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

function CheckMark() {
  return (
    <>
      <svg
        className={styles.checkIcon}
        viewBox="0 0 16 16"
        width="14"
        height="14"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        aria-hidden="true"
      >
        <path d="M3 8.5l3 3 7-7" />
      </svg>
      <svg
        className={styles.dashIcon}
        viewBox="0 0 16 16"
        width="14"
        height="14"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        aria-hidden="true"
      >
        <path d="M3.5 8h9" />
      </svg>
    </>
  );
}
