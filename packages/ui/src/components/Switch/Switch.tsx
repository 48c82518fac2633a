import { Switch as RadixSwitch } from "radix-ui";
import type { ReactNode, Ref } from "react";
import { useFieldIds } from "../Field";
import * as fieldStyles from "../Field/Field.css";
import * as styles from "./Switch.css";

export interface SwitchProps {
  /** Text next to the switch; also its accessible name. */
  label: ReactNode;
  hideLabel?: boolean;
  description?: ReactNode;
  error?: ReactNode;
  /** Put the label before the switch (settings lists) instead of after it. */
  labelPosition?: "start" | "end";
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  required?: boolean;
  id?: string;
  name?: string;
  value?: string;
  className?: string;
  ref?: Ref<HTMLButtonElement>;
}

/** An on/off switch (Radix, role "switch") with its label. Space or Enter toggles it. */
export function Switch({
  label,
  hideLabel,
  description,
  error,
  labelPosition = "end",
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
}: SwitchProps) {
  const ids = useFieldIds({ id, help: description, error });
  const stateProps = {
    ...(checked !== undefined ? { checked } : {}),
    ...(defaultChecked !== undefined ? { defaultChecked } : {}),
  };
  const control = (
    <RadixSwitch.Root
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
      className={styles.track}
    >
      <RadixSwitch.Thumb className={styles.thumb} />
    </RadixSwitch.Root>
  );
  const text = (
    <span className={styles.text}>
      <label
        id={ids.labelId}
        htmlFor={ids.controlId}
        className={[styles.label, disabled && styles.labelDisabled, hideLabel && fieldStyles.visuallyHidden]
          .filter(Boolean)
          .join(" ")}
      >
        {label}
      </label>
      {description ? (
        <span id={ids.helpId} className={styles.description}>
          {description}
        </span>
      ) : null}
    </span>
  );
  return (
    <div className={className ? `${styles.root} ${className}` : styles.root}>
      <div className={labelPosition === "start" ? `${styles.row} ${styles.rowEnd}` : styles.row}>
        {labelPosition === "start" ? (
          <>
            {text}
            {control}
          </>
        ) : (
          <>
            {control}
            {text}
          </>
        )}
      </div>
      {error ? (
        <span id={ids.errorId} className={`${fieldStyles.error} ${fieldStyles.footer}`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
