import { counterText, textLength } from "@herald/domain";
import { type ChangeEvent, type ComponentPropsWithRef, useState } from "react";
import { Field, type FieldBaseProps, type FieldSize, useFieldIds } from "../Field";
import * as fieldStyles from "../Field/Field.css";

type NativeTextareaProps = Omit<
  ComponentPropsWithRef<"textarea">,
  "id" | "name" | "disabled" | "required" | "children" | "className" | "value" | "defaultValue"
>;

export interface TextareaProps extends FieldBaseProps, NativeTextareaProps {
  value?: string;
  defaultValue?: string;
  size?: FieldSize;
  /** With `maxLength`, shows a live counter such as "120/255" under the field. */
  showCounter?: boolean;
  /** Replaces the counter text (e.g. "160 characters, 1 SMS"); shown whenever given. */
  counterLabel?: string;
}

/** A labelled multi-line text input with help, error, required mark and an optional live counter. */
export function Textarea({
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
  size = "md",
  showCounter = false,
  counterLabel,
  maxLength,
  rows = 4,
  onChange,
  "aria-describedby": ariaDescribedBy,
  ...rest
}: TextareaProps) {
  const withCounter = counterLabel !== undefined || (showCounter && maxLength !== undefined);
  const ids = useFieldIds({ id, help, error, counter: withCounter, extra: [ariaDescribedBy] });
  const [innerValue, setInnerValue] = useState(defaultValue ?? "");
  const current = value ?? innerValue;
  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    if (value === undefined) setInnerValue(event.target.value);
    onChange?.(event);
  };
  const counter =
    counterLabel ?? (showCounter && maxLength !== undefined ? counterText(current, maxLength) : undefined);
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
      counter={counter}
      counterOver={maxLength !== undefined && textLength(current) > maxLength}
    >
      <textarea
        {...rest}
        id={ids.controlId}
        name={name}
        rows={rows}
        value={value}
        defaultValue={value === undefined ? defaultValue : undefined}
        maxLength={maxLength}
        disabled={disabled}
        required={required}
        aria-required={required || undefined}
        aria-invalid={ids.invalid || undefined}
        aria-describedby={ids.describedBy}
        onChange={handleChange}
        className={fieldStyles.control({ size, multiline: true })}
      />
    </Field>
  );
}
