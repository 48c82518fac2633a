import { formatDateTime, toDate } from "@herald/domain";
import { VisuallyHidden } from "radix-ui";
import { useRef } from "react";
import { EmptyState } from "../EmptyState/EmptyState";
import { defaultRenderLink, type RenderLink } from "../Link/Link";
import { SidePanel } from "../SidePanel/SidePanel";
import * as styles from "./NotificationPanel.css";

export interface NotificationItem {
  id: string | number;
  message: string;
  status: "unread" | "read";
  /** "request": a top-up request from another user; it links to that user's credit page. */
  type?: string | null;
  fromId?: string | number | null;
  createdAt: string | number | Date;
}

export interface NotificationPanelProps<T extends NotificationItem = NotificationItem> {
  open: boolean;
  /**
   * Called once when the panel closes (Escape, ×, a click outside, or following a request link), with the
   * ids of every notification it listed, so the caller closes it and marks them read (updateNotification).
   */
  onClose: (listedIds: T["id"][]) => void;
  notifications: readonly T[];
  /** Where a "request" notification links to (e.g. the sender's credit tab); without it no link shows. */
  requestHref?: (notification: T) => string | undefined;
  requestLinkLabel?: string;
  renderLink?: RenderLink;
  title?: string;
}

/** The Recent Notification side panel. Unread items are marked; closing it reports the listed ids. */
export function NotificationPanel<T extends NotificationItem>({
  open,
  onClose,
  notifications,
  requestHref,
  requestLinkLabel = "Top Up",
  renderLink = defaultRenderLink,
  title = "Recent Notification",
}: NotificationPanelProps<T>) {
  // The ids shown while open: reported on close even if the list prop changed meanwhile (a poll).
  const listed = useRef<T["id"][]>([]);
  if (open) listed.current = notifications.map((n) => n.id);
  const unread = notifications.filter((n) => n.status === "unread").length;

  return (
    <SidePanel
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose([...listed.current]);
      }}
      title={title}
      description={unread > 0 ? `${unread} unread` : undefined}
      width="sm"
    >
      {notifications.length === 0 ? (
        <EmptyState icon="bell" title="No notifications" headingLevel={3} />
      ) : (
        <ul className={styles.list}>
          {notifications.map((n) => {
            const href = n.type === "request" ? requestHref?.(n) : undefined;
            return (
              <li key={n.id} className={styles.item} data-status={n.status}>
                <span className={styles.dot} aria-hidden="true" />
                <div>
                  <p className={styles.message}>
                    {n.status === "unread" ? <VisuallyHidden.Root>Unread: </VisuallyHidden.Root> : null}
                    {n.message}
                  </p>
                  <div className={styles.meta}>
                    <time dateTime={toDate(n.createdAt)?.toISOString()}>{formatDateTime(n.createdAt)}</time>
                    {href
                      ? renderLink({
                          href,
                          className: styles.link,
                          children: requestLinkLabel,
                          "aria-label": `${requestLinkLabel}: ${n.message}`,
                          onClick: () => onClose([...listed.current]),
                        })
                      : null}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </SidePanel>
  );
}
