import type { ComponentPropsWithRef } from "react";
import { Icon } from "../Icon/Icon";
import * as styles from "./NotificationBell.css";

export interface NotificationBellProps
  extends Omit<ComponentPropsWithRef<"button">, "children" | "aria-label"> {
  /** Number of unread notifications; 0 hides the count. */
  unread: number;
  /** Whether the panel it opens is open (sets aria-expanded). */
  expanded?: boolean;
}

/** The count as shown: counts above 99 show as "99+". */
export function unreadBadgeText(unread: number): string {
  return unread > 99 ? "99+" : String(unread);
}

/** "Notifications, 3 unread" / "Notifications, 99+ unread" / "Notifications, no unread" (contains the visible count). */
export function notificationBellLabel(unread: number): string {
  if (unread <= 0) return "Notifications, no unread";
  return `Notifications, ${unreadBadgeText(unread)} unread`;
}

/** The header's bell: shows the unread count and opens the Recent Notification panel. */
export function NotificationBell({ unread, expanded, className, ...rest }: NotificationBellProps) {
  return (
    <button
      type="button"
      className={className ? `${styles.button} ${className}` : styles.button}
      aria-label={notificationBellLabel(unread)}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      {...rest}
    >
      <Icon name="bell" size={22} />
      {unread > 0 ? (
        <span className={styles.count} aria-hidden="true">
          {unreadBadgeText(unread)}
        </span>
      ) : null}
    </button>
  );
}
