export {
  Field,
  type FieldBaseProps,
  type FieldIds,
  type FieldProps,
  type FieldSize,
  hasContent,
  useFieldIds,
} from "./Field";
