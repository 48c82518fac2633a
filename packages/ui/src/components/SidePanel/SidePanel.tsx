import { Dialog as RadixDialog } from "radix-ui";
import { type ReactNode, useState } from "react";
import * as styles from "../Dialog/Dialog.css";
import { useReturnFocus } from "../Dialog/useReturnFocus";
import { Icon } from "../Icon/Icon";

export interface SidePanelProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Title of the panel: its accessible name. */
  title: ReactNode;
  description?: ReactNode;
  /** An element that opens the panel; optional when `open` is controlled. */
  trigger?: ReactNode;
  footer?: ReactNode;
  /** sm 360 px, md 480 px (default), lg 720 px; always full width on phones. */
  width?: "sm" | "md" | "lg";
  closeLabel?: string;
  children?: ReactNode;
}

/**
 * A modal sheet from the right edge for details or a longer form next to the page (notifications, a
 * record's details). Same focus rules as Dialog: focus trapped inside, Escape closes, focus returns.
 */
export function SidePanel({
  open,
  defaultOpen,
  onOpenChange,
  title,
  description,
  trigger,
  footer,
  width = "md",
  closeLabel = "Close",
  children,
}: SidePanelProps) {
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
          className={`${styles.sheet({ width })} ${styles.sheetFullOnPhones}`}
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
          <div className={styles.body}>{children}</div>
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
