export { MessageDialog, type MessageDialogProps, type MessageVariant } from "./MessageDialog";
