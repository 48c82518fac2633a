import { type FormEvent, type ReactNode, useId } from "react";
import { Button } from "../Button/Button";
import { Dialog, DialogClose, type DialogProps } from "../Dialog/Dialog";
import * as styles from "./FormDialog.css";

export interface FormDialogProps extends Omit<DialogProps, "footer" | "children"> {
  /**
   * Runs on Save, or on Enter in a field. The browser's own submission and validation are off: check
   * the fields here, show their errors, and close the dialog (`open`) when the work is done.
   */
  onSubmit: () => unknown;
  /** Save shows a spinner and ignores clicks while the work runs. */
  saving?: boolean;
  /** The label of the submit button (default "Save"). */
  submitLabel?: string;
  /** danger for a form that confirms a destructive action (suspend, revoke); default primary. */
  submitTone?: "primary" | "danger";
  /** The label of the button that closes the dialog without saving (default "Cancel"). */
  cancelLabel?: string;
  /** The form's fields (a TextField with its error, a note, a form-level alert). */
  children: ReactNode;
}

/**
 * A Dialog around a small form: the fields, then Cancel and Save. Save submits the form, as Enter in a
 * field does; Cancel, Escape and × close it. A click outside does not (`preventOutsideClose` defaults
 * to true here), so typed input is not lost by a stray click.
 */
export function FormDialog({
  onSubmit,
  saving = false,
  submitLabel = "Save",
  submitTone = "primary",
  cancelLabel = "Cancel",
  preventOutsideClose = true,
  children,
  ...dialog
}: FormDialogProps) {
  const formId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog
      {...dialog}
      preventOutsideClose={preventOutsideClose}
      footer={
        <>
          <DialogClose>
            <Button variant="outline" tone="secondary">
              {cancelLabel}
            </Button>
          </DialogClose>
          <Button type="submit" form={formId} loading={saving} tone={submitTone}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={submit} noValidate>
        {children}
      </form>
    </Dialog>
  );
}
