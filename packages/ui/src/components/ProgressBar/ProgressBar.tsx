import { Progress } from "radix-ui";
import { useId } from "react";
import * as styles from "./ProgressBar.css";

export interface ProgressBarProps {
  /** Visible label, also the accessible name ("Uploading contacts"). */
  label: string;
  /** Hide the label visually (it stays the accessible name). */
  hideLabel?: boolean;
  /** Current value; null or undefined means indeterminate (work is happening, amount unknown). */
  value?: number | null;
  max?: number;
  /** Show the percentage next to the label (determinate only). */
  showValue?: boolean;
  tone?: "primary" | "success" | "warning" | "danger";
  size?: "sm" | "md";
  className?: string;
}

/** Progress of a task, determinate (value/max) or indeterminate. */
export function ProgressBar({
  label,
  hideLabel = false,
  value,
  max = 100,
  showValue = true,
  tone = "primary",
  size = "md",
  className,
}: ProgressBarProps) {
  const labelId = useId();
  const indeterminate = value === null || value === undefined;
  const clamped = indeterminate ? 0 : Math.min(Math.max(value, 0), max);
  const percent = max > 0 ? Math.round((clamped / max) * 100) : 0;
  return (
    <div className={className ? `${styles.root} ${className}` : styles.root}>
      {hideLabel ? null : (
        <div className={styles.labelRow}>
          <span id={labelId}>{label}</span>
          {showValue && !indeterminate ? <span className={styles.value}>{percent}%</span> : null}
        </div>
      )}
      <Progress.Root
        className={styles.track({ size })}
        value={indeterminate ? null : clamped}
        max={max}
        getValueLabel={(v, m) => `${Math.round((v / m) * 100)}%`}
        {...(hideLabel ? { "aria-label": label } : { "aria-labelledby": labelId })}
      >
        <Progress.Indicator
          className={styles.indicator({ tone, indeterminate })}
          style={indeterminate ? undefined : { width: `${percent}%` }}
        />
      </Progress.Root>
    </div>
  );
}
