import { type ReactNode, useId } from "react";
import * as styles from "./Field.css";

export type FieldSize = "sm" | "md" | "lg";

/** Props every labelled input shares. */
export interface FieldBaseProps {
  /** Visible label; also the control's accessible name. */
  label: ReactNode;
  /** Hide the label visually (it stays the accessible name). */
  hideLabel?: boolean;
  /** Short guidance under the control. */
  help?: ReactNode;
  /** Error text: turns the control invalid (aria-invalid) and is announced with it (aria-describedby). */
  error?: ReactNode;
  /** Marks the field required: a visual asterisk plus `required`/`aria-required` on the control. */
  required?: boolean;
  disabled?: boolean;
  /** id of the control; generated when omitted. Label, help and error ids derive from it. */
  id?: string;
  /** Form field name. */
  name?: string;
  /** Class for the outer field wrapper. */
  className?: string;
}

export interface FieldIds {
  controlId: string;
  labelId: string;
  helpId: string;
  errorId: string;
  counterId: string;
  /** Space-separated ids for aria-describedby (error first), or undefined when there is nothing. */
  describedBy: string | undefined;
  invalid: boolean;
}

/** Ids for a control and its label/help/error/counter, and the aria-describedby value to put on it. */
export function useFieldIds(options: {
  id?: string | undefined;
  help?: ReactNode;
  error?: ReactNode;
  counter?: boolean;
  extra?: (string | false | undefined)[];
}): FieldIds {
  const generated = useId();
  const controlId = options.id ?? `field${generated.replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const ids = {
    controlId,
    labelId: `${controlId}-label`,
    helpId: `${controlId}-help`,
    errorId: `${controlId}-error`,
    counterId: `${controlId}-counter`,
  };
  const invalid = hasContent(options.error);
  const parts = [
    invalid && ids.errorId,
    hasContent(options.help) && ids.helpId,
    options.counter && ids.counterId,
    ...(options.extra ?? []),
  ].filter((part): part is string => typeof part === "string" && part.length > 0);
  return { ...ids, describedBy: parts.length > 0 ? parts.join(" ") : undefined, invalid };
}

export function hasContent(node: ReactNode): boolean {
  return node !== undefined && node !== null && node !== false && node !== "";
}

export interface FieldProps {
  ids: FieldIds;
  label: ReactNode;
  hideLabel?: boolean | undefined;
  help?: ReactNode;
  error?: ReactNode;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  /** A live counter such as "12/50", shown under the control on the right. */
  counter?: ReactNode;
  counterOver?: boolean;
  /**
   * "label": a <label for=controlId> (single native or Radix control).
   * "group": a <fieldset> with a <legend> (several controls: radio group, date range, OTP boxes).
   * "text": a plain text label with id `labelId`, for controls labelled through aria-labelledby.
   */
  labelKind?: "label" | "group" | "text";
  className?: string | undefined;
  children: ReactNode;
}

/**
 * The frame of a form field: label (with required mark), the control, then error, help and counter.
 * Input components render it; portal pages rarely need it directly.
 */
export function Field({
  ids,
  label,
  hideLabel,
  help,
  error,
  required,
  disabled,
  counter,
  counterOver,
  labelKind = "label",
  className,
  children,
}: FieldProps) {
  const labelClass = [styles.label, disabled && styles.labelDisabled, hideLabel && styles.visuallyHidden]
    .filter(Boolean)
    .join(" ");
  const labelContent = (
    <>
      {label}
      {required ? (
        <span className={styles.requiredMark} aria-hidden="true">
          *
        </span>
      ) : null}
    </>
  );
  const footer =
    hasContent(error) || hasContent(help) || hasContent(counter) ? (
      <div className={styles.footer}>
        <div className={styles.messages}>
          {hasContent(error) ? (
            <span id={ids.errorId} className={styles.error}>
              {error}
            </span>
          ) : null}
          {hasContent(help) ? (
            <span id={ids.helpId} className={styles.help}>
              {help}
            </span>
          ) : null}
        </div>
        {hasContent(counter) ? (
          <span
            id={ids.counterId}
            className={counterOver ? `${styles.counter} ${styles.counterOver}` : styles.counter}
          >
            {counter}
          </span>
        ) : null}
      </div>
    ) : null;
  const rootClass = [labelKind === "group" ? styles.fieldset : styles.field, className]
    .filter(Boolean)
    .join(" ");

  if (labelKind === "group") {
    return (
      <fieldset className={rootClass} disabled={disabled} aria-describedby={ids.describedBy}>
        <legend id={ids.labelId} className={labelClass}>
          {labelContent}
        </legend>
        {children}
        {footer}
      </fieldset>
    );
  }
  return (
    <div className={rootClass}>
      {labelKind === "label" ? (
        <label id={ids.labelId} htmlFor={ids.controlId} className={labelClass}>
          {labelContent}
        </label>
      ) : (
        <span id={ids.labelId} className={labelClass}>
          {labelContent}
        </span>
      )}
      {children}
      {footer}
    </div>
  );
}
