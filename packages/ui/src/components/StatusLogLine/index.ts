export { StatusLogLine, type StatusLogLineProps } from "./StatusLogLine";
