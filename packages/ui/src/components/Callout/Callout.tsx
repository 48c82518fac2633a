import type { ReactNode, Ref } from "react";
import { Icon, type IconName } from "../Icon/Icon";
import * as styles from "./Callout.css";

export type CalloutTone = "info" | "success" | "warning" | "danger";

const iconOf: Record<CalloutTone, IconName> = {
  info: "info",
  success: "checkCircle",
  warning: "warning",
  danger: "errorCircle",
};
/** The icon's accessible name, so the kind of callout is announced, not only shown in colour. */
const iconLabel: Record<CalloutTone, string> = {
  info: "Information",
  success: "Success",
  warning: "Warning",
  danger: "Error",
};

export interface CalloutProps {
  /** info (default), success, warning or danger: the colour and the icon. */
  tone?: CalloutTone;
  /** A short bold line above the content, e.g. "Check before sending". */
  title?: ReactNode;
  /** Heading level of the title; without it the title is a bold paragraph. */
  headingLevel?: 2 | 3 | 4;
  /**
   * "alert": announced at once when it appears (a warning that arrives with data the user waits for);
   * "status": announced politely; none (default): read in place.
   */
  role?: "alert" | "status";
  id?: string;
  className?: string;
  ref?: Ref<HTMLDivElement>;
  /** The message: text, paragraphs, a list, and controls that answer it (e.g. an acknowledgement checkbox). */
  children?: ReactNode;
}

/** A message in the flow of the page, set apart by its tone: a warning before an action, an error, a tip. */
export function Callout({
  tone = "info",
  title,
  headingLevel,
  role,
  id,
  className,
  ref,
  children,
}: CalloutProps) {
  const classes = styles.callout({ tone });
  const Title = headingLevel ? (`h${headingLevel}` as const) : "p";
  return (
    <div ref={ref} id={id} role={role} className={className ? `${classes} ${className}` : classes}>
      <span className={styles.icon}>
        <Icon name={iconOf[tone]} size={20} label={iconLabel[tone]} />
      </span>
      <div className={styles.body}>
        {title !== undefined ? <Title className={styles.title}>{title}</Title> : null}
        {children}
      </div>
    </div>
  );
}
