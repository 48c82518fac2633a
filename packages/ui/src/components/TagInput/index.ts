export { splitTags, TAG_SEPARATORS, TagInput, type TagInputProps } from "./TagInput";
