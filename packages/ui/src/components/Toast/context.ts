import { createContext, type ReactNode, useContext } from "react";

export type ToastTone = "success" | "error" | "warning" | "info";

export interface ToastOptions {
  title: string;
  description?: ReactNode;
  tone?: ToastTone;
  /** Milliseconds before it hides by itself (default 5000). */
  duration?: number;
  /** An optional action, e.g. { label: "Undo", onClick }. Its label must make sense without seeing the toast. */
  action?: { label: string; altText?: string; onClick: () => void };
}

export interface ToastEntry extends ToastOptions {
  id: number;
}

export interface ToastApi {
  /** Shows a toast and returns its id. */
  toast: (options: ToastOptions) => number;
  dismiss: (id: number) => void;
}

/**
 * The toasts' API without their rendering: an app that loads the rendering (`Toaster`) on the first toast
 * provides this context itself; `ToastProvider` provides both.
 */
export const ToastContext = createContext<ToastApi | null>(null);

/** `const { toast } = useToast(); toast({ title: "Contact saved", tone: "success" })`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast() must be used inside <ToastProvider>");
  return api;
}
