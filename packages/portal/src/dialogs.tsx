import type { ConfirmDialogProps, MessageDialogProps, MessageVariant } from "@herald/ui";
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

export interface Dialogs {
  /** Shows one of the specification's modal messages; resolves when the user acknowledges it. */
  message(
    variant: MessageVariant,
    title: string,
    text?: ReactNode,
    options?: { size?: MessageDialogProps["size"] },
  ): Promise<void>;
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

/** The one place that renders every message, warning, error and confirmation of the portal. */
export function DialogsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Pending[]>([]);
  const current = queue[0];
  const settled = useRef(false);
  const pop = useCallback(() => {
    settled.current = false;
    setQueue((q) => q.slice(1));
  }, []);
  const api = useMemo<Dialogs>(
    () => ({
      message: (variant, title, text, options) =>
        new Promise<void>((resolve) =>
          setQueue((q) => [...q, { kind: "message", variant, title, text, size: options?.size, resolve }]),
        ),
      confirm: (options) =>
        new Promise<boolean>((resolve) => setQueue((q) => [...q, { kind: "confirm", options, resolve }])),
    }),
    [],
  );
  return (
    <DialogsContext.Provider value={api}>
      {children}
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
