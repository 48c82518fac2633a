import { Popover } from "radix-ui";
import { useState } from "react";
import { Icon } from "../Icon/Icon";
import { CreditBox, type CreditBoxProps } from "./CreditBox";
import * as styles from "./CreditBox.css";

/** A wallet (16×16 line icon, like the Icon set), shown alone on the narrowest headers. */
function WalletIcon() {
  return (
    <svg
      aria-hidden="true"
      width={18}
      height={18}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.4}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M2.5 4.5h10a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1h-10a1 1 0 0 1-1-1v-8a1 1 0 0 1 1-1h8" />
      <path d="M13.5 8h-3a1 1 0 0 0 0 2h3" />
    </svg>
  );
}

export interface CreditSummaryProps {
  /** The balances, e.g. Corporate Credit (admins) and My Credit. */
  credits: readonly (Omit<CreditBoxProps, "className"> & { key?: string })[];
  /** The compact button's text (narrow headers). */
  menuLabel?: string;
}

/**
 * The header's balances. Where the header has room they show side by side as CreditBoxes; in a narrow
 * header (phones, tablets, a small window beside the sidebar) they fold into one "Credit" button that opens
 * them, Top Up buttons included, in a popover (keyboard: Enter opens, Tab moves inside, Escape closes).
 */
export function CreditSummary({ credits, menuLabel = "Credit" }: CreditSummaryProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.summary}>
      <div className={styles.wide}>
        {credits.map(({ key, ...credit }) => (
          <CreditBox key={key ?? credit.label} {...credit} />
        ))}
      </div>
      <div className={styles.compact}>
        <Popover.Root open={open} onOpenChange={setOpen}>
          <Popover.Trigger className={`${styles.compact} ${styles.compactTrigger}`}>
            <span className={styles.compactIcon} aria-hidden="true">
              <WalletIcon />
            </span>
            <span className={styles.compactLabel}>{menuLabel}</span>
            <span className={styles.compactChevron}>
              <Icon name="chevronDown" size={14} />
            </span>
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              className={styles.popover}
              align="end"
              sideOffset={6}
              aria-label={menuLabel}
              collisionPadding={8}
            >
              {credits.map(({ key, onTopUp, onDetails, ...credit }) => (
                <CreditBox
                  key={key ?? credit.label}
                  {...credit}
                  className={styles.popoverBox}
                  onDetails={() => {
                    setOpen(false);
                    onDetails?.();
                  }}
                  onTopUp={
                    onTopUp
                      ? () => {
                          // The top-up confirmation takes over: close the popover first.
                          setOpen(false);
                          onTopUp();
                        }
                      : undefined
                  }
                />
              ))}
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      </div>
    </div>
  );
}
