import type { ReactNode } from "react";
import { Icon, type IconName } from "../Icon/Icon";
import * as styles from "./EmptyState.css";

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** Icon from the design system's set (default "inbox"), or null for none. */
  icon?: IconName | null;
  /** A button or link offering the next step, e.g. "Add Contact". */
  action?: ReactNode;
  /** Heading level of the title (default 2). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** What a list or panel shows when it has nothing to show, and what to do about it. */
export function EmptyState({
  title,
  description,
  icon = "inbox",
  action,
  headingLevel = 2,
  className,
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={className ? `${styles.root} ${className}` : styles.root}>
      {icon ? (
        <span className={styles.icon}>
          <Icon name={icon} size={24} />
        </span>
      ) : null}
      <Heading className={styles.title}>{title}</Heading>
      {description !== undefined ? <p className={styles.description}>{description}</p> : null}
      {action !== undefined ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
