import { Dialog as RadixDialog } from "radix-ui";
import { type ReactNode, useState } from "react";
import { Icon } from "../Icon/Icon";
import * as styles from "./Dialog.css";
import { useReturnFocus } from "./useReturnFocus";

export interface DialogProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Title of the dialog: its accessible name. */
  title: ReactNode;
  /** A sentence describing the dialog's purpose; its accessible description. */
  description?: ReactNode;
  /** An element that opens the dialog (a Button); optional when `open` is controlled. */
  trigger?: ReactNode;
  /** Buttons at the bottom, right-aligned. Wrap a closing button in `<DialogClose>`. */
  footer?: ReactNode;
  size?: "sm" | "md" | "lg";
  /** Accessible label of the × button (default "Close"). */
  closeLabel?: string;
  /** Keep the dialog open on a click outside (e.g. a form with unsaved input). Escape still closes it. */
  preventOutsideClose?: boolean;
  children?: ReactNode;
}

/**
 * A modal dialog for a short task (a small form, a picker). Focus moves into it and is trapped there;
 * Escape, the × button and a click outside close it, and focus returns to the element that opened it.
 */
export function Dialog({
  open,
  defaultOpen,
  onOpenChange,
  title,
  description,
  trigger,
  footer,
  size = "md",
  closeLabel = "Close",
  preventOutsideClose = false,
  children,
}: DialogProps) {
  const [isOpen, setIsOpen] = useState(open ?? defaultOpen ?? false);
  const returnFocus = useReturnFocus(open ?? isOpen);
  return (
    <RadixDialog.Root
      open={open}
      defaultOpen={defaultOpen}
      onOpenChange={(next) => {
        setIsOpen(next);
        onOpenChange?.(next);
      }}
    >
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={styles.content({ size })}
          onPointerDownOutside={preventOutsideClose ? (event) => event.preventDefault() : undefined}
          onCloseAutoFocus={returnFocus}
          {...(description === undefined ? { "aria-describedby": undefined } : {})}
        >
          <div className={styles.header}>
            <div>
              <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
              {description !== undefined ? (
                <RadixDialog.Description className={styles.description}>
                  {description}
                </RadixDialog.Description>
              ) : null}
            </div>
          </div>
          {children !== undefined ? <div className={styles.body}>{children}</div> : null}
          {footer !== undefined ? <div className={styles.footer}>{footer}</div> : null}
          {/* Last in the DOM so that focus starts on the content, not on ×; placed top right by CSS. */}
          <RadixDialog.Close className={styles.closeButton} aria-label={closeLabel}>
            <Icon name="close" size={18} />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Closes the enclosing Dialog or SidePanel when its child is activated: `<DialogClose><Button>Cancel</Button></DialogClose>`. */
export function DialogClose({ children }: { children: ReactNode }) {
  return <RadixDialog.Close asChild>{children}</RadixDialog.Close>;
}
