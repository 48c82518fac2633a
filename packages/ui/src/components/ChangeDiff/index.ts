export { ChangeDiff, type ChangeDiffProps, type ChangeRow } from "./ChangeDiff";
