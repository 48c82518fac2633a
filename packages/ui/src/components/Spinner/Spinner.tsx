import * as styles from "./Spinner.css";

export interface SpinnerProps {
  /** Accessible name announced to screen readers, e.g. "Loading contacts". */
  label?: string;
  /** Show the label next to the spinner instead of only to screen readers. */
  showLabel?: boolean;
  size?: "sm" | "md" | "lg";
  className?: string;
}

/** An indeterminate activity indicator, announced politely as a status. */
export function Spinner({ label = "Loading", showLabel = false, size = "md", className }: SpinnerProps) {
  return (
    <span role="status" className={className ? `${styles.root} ${className}` : styles.root}>
      <span className={styles.ring({ size })} aria-hidden="true" />
      <span className={showLabel ? undefined : styles.visuallyHidden}>{label}</span>
    </span>
  );
}
