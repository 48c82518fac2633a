import { AlertDialog } from "radix-ui";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Button } from "../Button/Button";
import * as dialogStyles from "../Dialog/Dialog.css";
import { useReturnFocus } from "../Dialog/useReturnFocus";
import * as styles from "./ConfirmDialog.css";

export interface ConfirmDialogProps {
  open: boolean;
  /** Called with false when the dialog closes: cancel, Escape, or after a confirmed action settles. */
  onOpenChange: (open: boolean) => void;
  /** The question, word for word: "Are you sure?", "Log out of the product?". */
  title?: string;
  /** More detail, e.g. "This action is not reversable.". */
  text?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** danger for deletions and other destructive actions. */
  tone?: "primary" | "danger";
  /**
   * The confirmed action. If it returns a promise the confirm button shows loading (and Cancel and
   * Escape wait) until it settles; then the dialog closes.
   */
  onConfirm: () => unknown;
  /** Called with the error when `onConfirm` rejects (the dialog closes either way). */
  onError?: (error: unknown) => void;
}

/**
 * The "Are you sure?" pattern: an alert dialog with confirm and cancel. Focus starts on Cancel, so an
 * accidental Enter never confirms a destructive action.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title = "Are you sure?",
  text,
  confirmLabel = "Yes",
  cancelLabel = "Cancel",
  tone = "primary",
  onConfirm,
  onError,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const returnFocus = useReturnFocus(open);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const confirm = async () => {
    if (pending) return;
    let result: unknown;
    try {
      result = onConfirm();
    } catch (error) {
      onError?.(error);
      onOpenChange(false);
      return;
    }
    if (result instanceof Promise) {
      setPending(true);
      try {
        await result;
      } catch (error) {
        onError?.(error);
      } finally {
        if (mounted.current) setPending(false);
      }
    }
    onOpenChange(false);
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogStyles.overlay} />
        <AlertDialog.Content
          className={dialogStyles.content({ size: "sm" })}
          aria-busy={pending || undefined}
          onCloseAutoFocus={returnFocus}
          {...(text === undefined ? { "aria-describedby": undefined } : {})}
        >
          <div className={styles.body}>
            <AlertDialog.Title className={styles.title}>{title}</AlertDialog.Title>
            {text !== undefined ? (
              <AlertDialog.Description className={styles.text}>{text}</AlertDialog.Description>
            ) : null}
          </div>
          <div className={styles.footer}>
            <AlertDialog.Cancel asChild>
              <Button variant="outline" tone="secondary" disabled={pending}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that would close at once, before an async action settles. */}
            <Button tone={tone} loading={pending} onClick={confirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
