import { formatSgd } from "@herald/domain";
import { useId } from "react";
import { Button } from "../Button/Button";
import { defaultRenderLink, type RenderLink } from "../Link/Link";
import * as styles from "./CreditBox.css";

export interface CreditBoxProps {
  /** "Corporate Credit", "My Credit". */
  label: string;
  /** Balance in integer cents: 1245000 shows "SGD 12,450.00". */
  cents: number;
  /** Called by the Top Up button; omit to hide the button. */
  onTopUp?: () => void;
  /** The button's text (default "Top Up"). */
  topUpLabel?: string;
  /** The button's accessible name (default: its text and the label, "Top Up My Credit"). */
  topUpName?: string;
  /** Shows the amount in the danger colour (below a low-credit threshold). */
  low?: boolean;
  /** The Top Up button shows loading (e.g. while a top-up request is sent). */
  pending?: boolean;
  className?: string;
  /** Where the balance's history is (e.g. the credit statement): a small link under the amount. */
  detailsHref?: string;
  /** The link's text; its accessible name adds the label ("Statement of My Credit"). */
  detailsLabel?: string;
  /** Called when the details link is followed (e.g. to close a popover). */
  onDetails?: () => void;
  renderLink?: RenderLink;
}

/** A balance in the header with its Top Up button. */
export function CreditBox({
  label,
  cents,
  onTopUp,
  topUpLabel = "Top Up",
  topUpName,
  low = false,
  pending = false,
  className,
  detailsHref,
  detailsLabel = "Statement",
  onDetails,
  renderLink = defaultRenderLink,
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
        {detailsHref
          ? renderLink({
              href: detailsHref,
              className: styles.details,
              "aria-label": `${detailsLabel} of ${label}`,
              ...(onDetails ? { onClick: onDetails } : {}),
              children: detailsLabel,
            })
          : null}
      </div>
      {onTopUp ? (
        <Button
          size="sm"
          onClick={onTopUp}
          loading={pending}
          aria-label={topUpName ?? `${topUpLabel} ${label}`}
        >
          {topUpLabel}
        </Button>
      ) : null}
    </div>
  );
}
