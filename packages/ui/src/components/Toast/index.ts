export {
  type ToastApi,
  ToastContext,
  type ToastEntry,
  type ToastOptions,
  type ToastTone,
  useToast,
} from "./context";
export { Toaster, type ToasterProps, ToastProvider, type ToastProviderProps } from "./Toast";
