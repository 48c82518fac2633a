import {
  type ConfirmDialogProps,
  type MessageDialogProps,
  type MessageVariant,
  type ToastApi,
  ToastContext,
  type ToastEntry,
  type ToasterProps,
  type ToastOptions,
} from "@herald/ui";
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from "react";

// The dialogs (Radix Dialog, focus trap, scroll lock) load when the first one opens, not with every page.
const LazyMessageDialog = lazy(() =>
  import("@herald/ui/components/MessageDialog").then(({ MessageDialog }) => ({ default: MessageDialog })),
);
const LazyConfirmDialog = lazy(() =>
  import("@herald/ui/components/ConfirmDialog").then(({ ConfirmDialog }) => ({ default: ConfirmDialog })),
);
// Toasts likewise: their region and timers load with the first toast (a success), not with the sign-in page.
const LazyToaster = lazy(() =>
  import("@herald/ui/components/Toast").then(({ Toaster }) => ({ default: Toaster })),
);
const Toaster = (props: ToasterProps) => (
  <Suspense>
    <LazyToaster {...props} />
  </Suspense>
);
const MessageDialog = (props: MessageDialogProps) => (
  <Suspense>
    <LazyMessageDialog {...props} />
  </Suspense>
);
const ConfirmDialog = (props: ConfirmDialogProps) => (
  <Suspense>
    <LazyConfirmDialog {...props} />
  </Suspense>
);

export interface ConfirmOptions {
  title: string;
  text?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: "primary" | "danger";
}

export interface MessageOptions {
  /** A next step the news leads to, e.g. { label: "Follow in outbox", onClick }: shown on the toast. */
  action?: ToastOptions["action"];
  /** How long a toast stays (ms); longer by default when it has an action. */
  duration?: number;
  /** The width of a modal message (a report needs more room than a sentence). */
  size?: MessageDialogProps["size"];
}

/** Successes do not ask anything of the user: they show as toasts, everything else as a modal message. */
const isToast = (variant: MessageVariant) => variant === "success";

/** A toast with a next step stays long enough to be read and acted on; hovering or focusing pauses it. */
const TOAST_MS = 6000;
const TOAST_WITH_ACTION_MS = 12_000;

export interface Dialogs {
  /**
   * Shows one of the specification's messages. A success is a toast that takes no focus and blocks nothing
   * (resolves at once); a warning, error or information is a modal message that resolves when acknowledged.
   */
  message(variant: MessageVariant, title: string, text?: ReactNode, options?: MessageOptions): Promise<void>;
  /** Asks for confirmation; resolves true on confirm, false on cancel or Escape. */
  confirm(options: ConfirmOptions): Promise<boolean>;
}

type Pending =
  | {
      kind: "message";
      variant: MessageVariant;
      title: string;
      text?: ReactNode;
      size?: MessageDialogProps["size"];
      resolve: () => void;
    }
  | { kind: "confirm"; options: ConfirmOptions; resolve: (ok: boolean) => void };

const DialogsContext = createContext<Dialogs | null>(null);

/**
 * The specification's messages put a space before their closing "?" or "!" ("Send top up request to
 * Admin ?"): a no-break space keeps that mark on the line of the word before it.
 */
export const keepMarkWithWord = (text: string) => text.replace(/ ([?!])$/, "\u00a0$1");

/**
 * The one place that renders every message, warning, error and confirmation of the portal, and its toasts:
 * it also provides the design system's `useToast()` to every page below it, signed in or not.
 */
export function DialogsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Pending[]>([]);
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextToast = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const toastApi = useMemo<ToastApi>(
    () => ({
      toast: (options) => {
        const id = nextToast.current++;
        setToasts((list) => [...list, { ...options, id }]);
        return id;
      },
      dismiss,
    }),
    [dismiss],
  );
  const current = queue[0];
  const settled = useRef(false);
  const pop = useCallback(() => {
    settled.current = false;
    setQueue((q) => q.slice(1));
  }, []);
  const api = useMemo<Dialogs>(
    () => ({
      message: (variant, title, text, options = {}) => {
        if (isToast(variant)) {
          toastApi.toast({
            title: keepMarkWithWord(title),
            description: text,
            tone: "success",
            action: options.action,
            duration: options.duration ?? (options.action ? TOAST_WITH_ACTION_MS : TOAST_MS),
          });
          return Promise.resolve();
        }
        return new Promise<void>((resolve) =>
          setQueue((q) => [...q, { kind: "message", variant, title, text, size: options.size, resolve }]),
        );
      },
      confirm: (options) =>
        new Promise<boolean>((resolve) => setQueue((q) => [...q, { kind: "confirm", options, resolve }])),
    }),
    [toastApi],
  );
  // Once shown, the toasts' region stays (empty) so that the next toast is announced in the same place.
  const toasted = toasts.length > 0 || nextToast.current > 1;
  return (
    <DialogsContext.Provider value={api}>
      <ToastContext.Provider value={toastApi}>
        {children}
        {toasted && <Toaster toasts={toasts} onDismiss={dismiss} />}
      </ToastContext.Provider>
      {current?.kind === "message" && (
        <MessageDialog
          open
          variant={current.variant}
          title={keepMarkWithWord(current.title)}
          text={current.text}
          size={current.size}
          onClose={() => {
            current.resolve();
            pop();
          }}
        />
      )}
      {current?.kind === "confirm" && (
        <ConfirmDialog
          open
          title={keepMarkWithWord(current.options.title)}
          text={current.options.text}
          confirmLabel={current.options.confirmLabel}
          cancelLabel={current.options.cancelLabel}
          tone={current.options.tone}
          onConfirm={() => {
            settled.current = true;
            current.resolve(true);
          }}
          onOpenChange={(open) => {
            if (!open) {
              if (!settled.current) current.resolve(false);
              pop();
            }
          }}
        />
      )}
    </DialogsContext.Provider>
  );
}

export function useDialogs(): Dialogs {
  const ctx = useContext(DialogsContext);
  if (!ctx) throw new Error("useDialogs needs <DialogsProvider>");
  return ctx;
}
