import { RadioGroup as RadixRadioGroup } from "radix-ui";
import type { ReactNode } from "react";
import { Field, type FieldBaseProps, useFieldIds } from "../Field";
import * as styles from "./RadioGroup.css";

export interface RadioOption<V extends string = string> {
  value: V;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps<V extends string = string> extends FieldBaseProps {
  options: readonly RadioOption<V>[];
  value?: V;
  defaultValue?: V;
  onValueChange?: (value: V) => void;
  orientation?: "vertical" | "horizontal";
}

/**
 * One choice out of a few, all visible (Radix RadioGroup): Tab enters the group on the checked option,
 * the arrow keys move and select.
 */
export function RadioGroup<V extends string = string>({
  label,
  hideLabel,
  help,
  error,
  required,
  disabled,
  id,
  name,
  className,
  options,
  value,
  defaultValue,
  onValueChange,
  orientation = "vertical",
}: RadioGroupProps<V>) {
  const ids = useFieldIds({ id, help, error });
  const stateProps = {
    ...(value !== undefined ? { value } : {}),
    ...(defaultValue !== undefined ? { defaultValue } : {}),
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
      labelKind="text"
    >
      <RadixRadioGroup.Root
        {...stateProps}
        id={ids.controlId}
        name={name}
        required={required}
        disabled={disabled}
        orientation={orientation}
        onValueChange={(next) => onValueChange?.(next as V)}
        aria-labelledby={ids.labelId}
        aria-describedby={ids.describedBy}
        aria-invalid={ids.invalid || undefined}
        aria-required={required || undefined}
        className={styles.group}
      >
        {options.map((option) => {
          const optionId = `${ids.controlId}-${option.value}`;
          const descriptionId = option.description ? `${optionId}-description` : undefined;
          const optionDisabled = disabled || option.disabled;
          return (
            <div key={option.value} className={styles.option}>
              <RadixRadioGroup.Item
                id={optionId}
                value={option.value}
                disabled={option.disabled}
                aria-describedby={descriptionId}
                className={styles.radio}
              >
                <RadixRadioGroup.Indicator className={styles.dot} />
              </RadixRadioGroup.Item>
              <span className={styles.text}>
                <label
                  htmlFor={optionId}
                  className={optionDisabled ? `${styles.label} ${styles.labelDisabled}` : styles.label}
                >
                  {option.label}
                </label>
                {option.description ? (
                  <span id={descriptionId} className={styles.description}>
                    {option.description}
                  </span>
                ) : null}
              </span>
            </div>
          );
        })}
      </RadixRadioGroup.Root>
    </Field>
  );
}
