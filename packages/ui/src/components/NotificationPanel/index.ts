export { type NotificationItem, NotificationPanel, type NotificationPanelProps } from "./NotificationPanel";
