import { formatSgd } from "@herald/domain";
import { useId } from "react";
import { Button } from "../Button/Button";
import * as styles from "./CreditBox.css";

export interface CreditBoxProps {
  /** "Corporate Credit", "My Credit". */
  label: string;
  /** Balance in integer cents: 1245000 shows "SGD 12,450.00". */
  cents: number;
  /** Called by the Top Up button; omit to hide the button. */
  onTopUp?: () => void;
  topUpLabel?: string;
  /** Shows the amount in the danger colour (below a low-credit threshold). */
  low?: boolean;
  /** The Top Up button shows loading (e.g. while a top-up request is sent). */
  pending?: boolean;
  className?: string;
}

/** A balance in the header with its Top Up button. */
export function CreditBox({
  label,
  cents,
  onTopUp,
  topUpLabel = "Top Up",
  low = false,
  pending = false,
  className,
}: CreditBoxProps) {
  const labelId = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a balance and its button, not form fields: no fieldset
    <div
      role="group"
      aria-labelledby={labelId}
      className={className ? `${styles.root} ${className}` : styles.root}
    >
      <div className={styles.text}>
        <span id={labelId} className={styles.label}>
          {label}
        </span>
        <span className={low ? `${styles.amount} ${styles.low}` : styles.amount}>{formatSgd(cents)}</span>
      </div>
      {onTopUp ? (
        <Button size="sm" onClick={onTopUp} loading={pending} aria-label={`${topUpLabel} ${label}`}>
          {topUpLabel}
        </Button>
      ) : null}
    </div>
  );
}
