export {
  NotificationBell,
  type NotificationBellProps,
  notificationBellLabel,
  unreadBadgeText,
} from "./NotificationBell";
