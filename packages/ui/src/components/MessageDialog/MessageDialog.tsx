import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";
import { Button, type ButtonTone } from "../Button/Button";
import * as dialogStyles from "../Dialog/Dialog.css";
import { useReturnFocus } from "../Dialog/useReturnFocus";
import { Icon, type IconName } from "../Icon/Icon";
import * as styles from "./MessageDialog.css";

export type MessageVariant = "success" | "error" | "warning" | "info";

const iconOf: Record<MessageVariant, IconName> = {
  success: "checkCircle",
  error: "errorCircle",
  warning: "warning",
  info: "info",
};
const toneOf: Record<MessageVariant, ButtonTone> = {
  success: "primary",
  error: "danger",
  warning: "warning",
  info: "primary",
};
/** The icon's accessible name, so the kind of message is announced, not only shown in colour. */
const iconLabel: Record<MessageVariant, string> = {
  success: "Success",
  error: "Error",
  warning: "Warning",
  info: "Information",
};

export interface MessageDialogProps {
  open: boolean;
  /** Called when the user acknowledges the message (OK, Escape). */
  onClose: () => void;
  variant: MessageVariant;
  /** The message, word for word from the specification's catalogue, e.g. "Data Update Successful !". */
  title: string;
  /** Optional second line, e.g. "An error occurred while deleting rows.". */
  text?: ReactNode;
  okLabel?: string;
  /** Width: "sm" (default) for a sentence; "md"/"lg" for a message that carries a table (e.g. problem rows). */
  size?: "sm" | "md" | "lg";
}

/**
 * A modal message with one OK button: the specification's success, error, warning and information
 * messages. It is an alert dialog: announced at once, focus on OK, Escape or OK dismisses it.
 */
export function MessageDialog({
  open,
  onClose,
  variant,
  title,
  text,
  okLabel = "OK",
  size = "sm",
}: MessageDialogProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogStyles.overlay} />
        <AlertDialog.Content
          className={dialogStyles.content({ size })}
          data-variant={variant}
          onCloseAutoFocus={returnFocus}
          {...(text === undefined ? { "aria-describedby": undefined } : {})}
        >
          <div className={styles.body}>
            <span className={styles.icon({ variant })}>
              <Icon name={iconOf[variant]} size={32} label={iconLabel[variant]} />
            </span>
            <AlertDialog.Title className={styles.title}>{title}</AlertDialog.Title>
            {text !== undefined ? (
              <AlertDialog.Description className={styles.text}>{text}</AlertDialog.Description>
            ) : null}
          </div>
          <div className={styles.footer}>
            {/* Cancel, not Action: an alert dialog focuses its Cancel on open, and OK only dismisses. */}
            <AlertDialog.Cancel asChild>
              <Button tone={toneOf[variant]} style={{ minWidth: 96 }}>
                {okLabel}
              </Button>
            </AlertDialog.Cancel>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
