import { Toast as RadixToast } from "radix-ui";
import { type ReactNode, useCallback, useMemo, useRef, useState } from "react";
import { Button } from "../Button/Button";
import { Icon, type IconName } from "../Icon/Icon";
import { type ToastApi, ToastContext, type ToastEntry, type ToastOptions, type ToastTone } from "./context";
import * as styles from "./Toast.css";

export type { ToastApi, ToastEntry, ToastOptions, ToastTone } from "./context";
export { ToastContext, useToast } from "./context";

const iconOf: Record<ToastTone, IconName> = {
  success: "checkCircle",
  error: "errorCircle",
  warning: "warning",
  info: "info",
};
const toneLabel: Record<ToastTone, string> = {
  success: "Success",
  error: "Error",
  warning: "Warning",
  info: "Information",
};

export interface ToasterProps {
  toasts: readonly ToastEntry[];
  onDismiss: (id: number) => void;
  children?: ReactNode;
  /** Default time on screen in ms (default 5000). */
  duration?: number;
  /** Label of the toast region for screen reader users (F8 jumps to it). */
  label?: string;
}

/**
 * Renders toasts bottom right, in a labelled region. Successes and news are announced politely (they never
 * interrupt), errors and warnings assertively; none takes the focus. Hovering or focusing pauses the timer.
 */
export function Toaster({
  toasts,
  onDismiss,
  children,
  duration = 5000,
  label = "Notifications",
}: ToasterProps) {
  return (
    <RadixToast.Provider duration={duration} label={label} swipeDirection="right">
      {children}
      {toasts.map((t) => {
        const tone = t.tone ?? "info";
        return (
          <RadixToast.Root
            key={t.id}
            className={styles.toast({ tone })}
            duration={t.duration}
            type={tone === "error" || tone === "warning" ? "foreground" : "background"}
            onOpenChange={(open) => (open ? undefined : onDismiss(t.id))}
            data-tone={tone}
          >
            <span className={styles.icon({ tone })}>
              <Icon name={iconOf[tone]} size={18} label={toneLabel[tone]} />
            </span>
            <div>
              <RadixToast.Title className={styles.title}>{t.title}</RadixToast.Title>
              {t.description ? (
                <RadixToast.Description className={styles.description}>
                  {t.description}
                </RadixToast.Description>
              ) : null}
            </div>
            <RadixToast.Close className={styles.close} aria-label="Dismiss notification">
              <Icon name="close" size={16} />
            </RadixToast.Close>
            {t.action ? (
              <RadixToast.Action
                className={styles.action}
                altText={t.action.altText ?? t.action.label}
                asChild
              >
                <Button size="sm" variant="outline" onClick={t.action.onClick}>
                  {t.action.label}
                </Button>
              </RadixToast.Action>
            ) : null}
          </RadixToast.Root>
        );
      })}
      <RadixToast.Viewport className={styles.viewport} />
    </RadixToast.Provider>
  );
}

export interface ToastProviderProps {
  children?: ReactNode;
  /** Default time on screen in ms (default 5000). */
  duration?: number;
  /** Label of the toast region for screen reader users (F8 jumps to it). */
  label?: string;
}

/**
 * Holds the toasts of the app and renders them bottom right. Wrap the app once; call `useToast()`
 * anywhere below. Toasts are for non-blocking news; a message the user must read is a MessageDialog.
 */
export function ToastProvider({ children, duration = 5000, label = "Notifications" }: ToastProviderProps) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);
  const toast = useCallback((options: ToastOptions) => {
    const id = nextId.current++;
    setToasts((list) => [...list, { ...options, id }]);
    return id;
  }, []);
  const api = useMemo<ToastApi>(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      <Toaster toasts={toasts} onDismiss={dismiss} duration={duration} label={label}>
        {children}
      </Toaster>
    </ToastContext.Provider>
  );
}
