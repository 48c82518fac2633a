import { type ReactNode, useId } from "react";
import * as styles from "./Card.css";

export interface CardProps {
  /** Heading of the card; labels the region for assistive technology. */
  title?: ReactNode;
  subtitle?: ReactNode;
  /** Heading level of the title (default 2). */
  headingLevel?: 2 | 3 | 4;
  /** Buttons or links at the right of the header. */
  actions?: ReactNode;
  footer?: ReactNode;
  padding?: "none" | "md" | "lg";
  /** "section" (default, a labelled region when titled), "article" or "div". */
  as?: "section" | "article" | "div";
  className?: string;
  children?: ReactNode;
}

/** A surface grouping related content: optional header (title, subtitle, actions), body and footer. */
export function Card({
  title,
  subtitle,
  headingLevel = 2,
  actions,
  footer,
  padding = "md",
  as: Component = "section",
  className,
  children,
}: CardProps) {
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const hasHeader = title !== undefined || actions !== undefined;
  const pad = styles.section({ padding: padding === "none" ? "md" : padding });
  return (
    <Component
      className={className ? `${styles.card} ${className}` : styles.card}
      aria-labelledby={title !== undefined && Component !== "div" ? titleId : undefined}
    >
      {hasHeader ? (
        <div className={`${styles.header} ${pad}`}>
          <div>
            {title !== undefined ? (
              <Heading id={titleId} className={styles.title}>
                {title}
              </Heading>
            ) : null}
            {subtitle !== undefined ? <p className={styles.subtitle}>{subtitle}</p> : null}
          </div>
          {actions !== undefined ? <div className={styles.actions}>{actions}</div> : null}
        </div>
      ) : null}
      <div className={styles.section({ padding })}>{children}</div>
      {footer !== undefined ? <div className={`${styles.footer} ${pad}`}>{footer}</div> : null}
    </Component>
  );
}
