import { counterText, textLength } from "@herald/domain";
import { type ChangeEvent, type ComponentPropsWithRef, type ReactNode, useState } from "react";
import { Field, type FieldBaseProps, type FieldSize, useFieldIds } from "../Field";
import * as fieldStyles from "../Field/Field.css";

type NativeInputProps = Omit<
  ComponentPropsWithRef<"input">,
  | "size"
  | "id"
  | "name"
  | "disabled"
  | "required"
  | "children"
  | "prefix"
  | "className"
  | "value"
  | "defaultValue"
>;

export interface TextFieldProps extends FieldBaseProps, NativeInputProps {
  value?: string;
  defaultValue?: string;
  size?: FieldSize;
  /** With `maxLength`, shows a live counter such as "12/50" under the field. */
  showCounter?: boolean;
  /** Content inside the box before the text ("SGD", an icon). Decorative unless it is a control. */
  prefix?: ReactNode;
  /** Content inside the box after the text (a unit, or a small button such as a visibility toggle). */
  suffix?: ReactNode;
  /** Content between the box and the help/error lines (e.g. a rules hint), referenced by `addonId`. */
  addon?: ReactNode;
  /** Class for the <input> element itself. */
  inputClassName?: string;
}

/**
 * A labelled single-line text input with help text, error text (aria-invalid + aria-describedby),
 * a required mark and an optional live counter.
 */
export function TextField({
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
  maxLength,
  prefix,
  suffix,
  addon,
  inputClassName,
  type = "text",
  onChange,
  "aria-describedby": ariaDescribedBy,
  ...rest
}: TextFieldProps) {
  const withCounter = showCounter && maxLength !== undefined;
  const ids = useFieldIds({ id, help, error, counter: withCounter, extra: [ariaDescribedBy] });
  const [innerValue, setInnerValue] = useState(defaultValue ?? "");
  const current = value ?? innerValue;
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (value === undefined) setInnerValue(event.target.value);
    onChange?.(event);
  };
  const hasShell = prefix !== undefined || suffix !== undefined;
  const input = (
    <input
      {...rest}
      type={type}
      id={ids.controlId}
      name={name}
      value={value}
      defaultValue={value === undefined ? defaultValue : undefined}
      maxLength={maxLength}
      disabled={disabled}
      required={required}
      aria-required={required || undefined}
      aria-invalid={ids.invalid || undefined}
      aria-describedby={ids.describedBy}
      onChange={handleChange}
      className={[hasShell ? fieldStyles.bareInput : fieldStyles.control({ size }), inputClassName]
        .filter(Boolean)
        .join(" ")}
    />
  );
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
      counter={withCounter ? counterText(current, maxLength) : undefined}
      counterOver={withCounter && textLength(current) > maxLength}
    >
      {hasShell ? (
        <div
          className={`${fieldStyles.control({ size })} ${fieldStyles.shell}`}
          data-invalid={ids.invalid || undefined}
          data-disabled={disabled || undefined}
        >
          {prefix !== undefined ? <span className={fieldStyles.adornment}>{prefix}</span> : null}
          {input}
          {suffix !== undefined ? <span className={fieldStyles.adornment}>{suffix}</span> : null}
        </div>
      ) : (
        input
      )}
      {addon}
    </Field>
  );
}
