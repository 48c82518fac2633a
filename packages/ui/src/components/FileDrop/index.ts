export { FileDrop, type FileDropProps, type FileRejection, formatFileSize, isAccepted } from "./FileDrop";
