import { useLayoutEffect, useRef } from "react";

/**
 * Radix returns focus on close only to its own Trigger. Dialogs opened by the page (controlled `open`,
 * no Trigger: MessageDialog, ConfirmDialog, a Dialog opened from a table row menu) would drop focus on
 * <body>. This remembers the element focused when the dialog opened and gives it focus back on close.
 */
export function useReturnFocus(open: boolean | undefined) {
  const previous = useRef<HTMLElement | null>(null);
  // A layout effect runs before Radix's FocusScope moves focus into the dialog.
  useLayoutEffect(() => {
    if (open) {
      const active = document.activeElement;
      previous.current = active instanceof HTMLElement && active !== document.body ? active : null;
    }
  }, [open]);
  return (event: Event) => {
    const target = previous.current;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus({ preventScroll: true });
    }
    previous.current = null;
  };
}
