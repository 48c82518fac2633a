import { Select as RadixSelect } from "radix-ui";
import type { Ref } from "react";
import { Field, type FieldBaseProps, type FieldSize, useFieldIds } from "../Field";
import * as fieldStyles from "../Field/Field.css";
import * as styles from "./Select.css";

export interface SelectOption<V extends string = string> {
  /** Non-empty value (an empty string stands for "nothing selected"). */
  value: V;
  label: string;
  disabled?: boolean;
}

export interface SelectProps<V extends string = string> extends FieldBaseProps {
  options: readonly SelectOption<V>[];
  /** Controlled value; "" shows the placeholder. */
  value?: V | "";
  defaultValue?: V;
  onValueChange?: (value: V) => void;
  placeholder?: string;
  size?: FieldSize;
  /** Ref to the trigger button. */
  ref?: Ref<HTMLButtonElement>;
  /** Open state, for rare cases that need to drive it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

const Chevron = ({ up = false }: { up?: boolean }) => (
  <svg
    className={styles.chevron}
    viewBox="0 0 16 16"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d={up ? "M4 10l4-4 4 4" : "M4 6l4 4 4-4"} />
  </svg>
);

const Check = () => (
  <svg
    viewBox="0 0 16 16"
    width="16"
    height="16"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d="M3 8.5l3 3 7-7" />
  </svg>
);

/**
 * A single-choice dropdown (Radix Select): opens with Enter, Space or the arrow keys, type-ahead finds an
 * option, Enter picks it and focus returns to the trigger. With `name` it also submits in a native form.
 */
export function Select<V extends string = string>({
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
  placeholder = "Select…",
  size = "md",
  ref,
  open,
  onOpenChange,
}: SelectProps<V>) {
  const ids = useFieldIds({ id, help, error });
  const rootProps = {
    ...(value !== undefined ? { value } : {}),
    ...(defaultValue !== undefined ? { defaultValue } : {}),
    ...(open !== undefined ? { open } : {}),
    ...(onOpenChange ? { onOpenChange } : {}),
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
      <RadixSelect.Root
        {...rootProps}
        name={name}
        required={required}
        disabled={disabled}
        onValueChange={(next) => onValueChange?.(next as V)}
      >
        <RadixSelect.Trigger
          ref={ref}
          id={ids.controlId}
          aria-labelledby={ids.labelId}
          aria-describedby={ids.describedBy}
          aria-invalid={ids.invalid || undefined}
          aria-required={required || undefined}
          data-invalid={ids.invalid || undefined}
          className={`${fieldStyles.control({ size })} ${styles.trigger}`}
        >
          <span className={styles.value}>
            <RadixSelect.Value placeholder={placeholder} />
          </span>
          <RadixSelect.Icon asChild>
            <Chevron />
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content className={styles.content} position="popper" sideOffset={4}>
            <RadixSelect.ScrollUpButton className={styles.scrollButton}>
              <Chevron up />
            </RadixSelect.ScrollUpButton>
            <RadixSelect.Viewport className={styles.viewport}>
              {options.map((option) => (
                <RadixSelect.Item
                  key={option.value}
                  value={option.value}
                  disabled={option.disabled}
                  className={styles.item}
                >
                  <RadixSelect.ItemIndicator className={styles.indicator}>
                    <Check />
                  </RadixSelect.ItemIndicator>
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
            <RadixSelect.ScrollDownButton className={styles.scrollButton}>
              <Chevron />
            </RadixSelect.ScrollDownButton>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
    </Field>
  );
}
