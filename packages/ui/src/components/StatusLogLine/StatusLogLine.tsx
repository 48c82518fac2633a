import { formatInZone, type StatusLogEntry, statusLogText } from "@herald/domain";
import { isValid } from "date-fns";
import type { ReactNode } from "react";
import * as s from "./StatusLogLine.css";

export interface StatusLogLineProps {
  /** A status-log entry; its text follows the spec ("Assigned to Jane by Tom", "Closed by Tom", ...). */
  log?: StatusLogEntry;
  /** Custom text instead of `log`. */
  children?: ReactNode;
  at?: Date | string | null;
  formatTime?: (date: Date) => string;
}

/** In the company's time zone, labelled, once the portal knows it (domain's display zone). */
const defaultTime = (date: Date) => formatInZone(date, "dd/MM/yyyy h:mm a");

/** A centred system line in a conversation: assignment, status changes and other events. */
export function StatusLogLine({ log, children, at, formatTime = defaultTime }: StatusLogLineProps) {
  const date = at === null || at === undefined ? null : at instanceof Date ? at : new Date(at);
  return (
    <p className={s.line}>
      <span className={s.text}>
        {children ?? (log ? statusLogText(log) : null)}
        {date && isValid(date) && (
          <time className={s.time} dateTime={date.toISOString()}>
            · {formatTime(date)}
          </time>
        )}
      </span>
    </p>
  );
}
