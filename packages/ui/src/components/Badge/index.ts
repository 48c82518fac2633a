export { Badge, type BadgeProps, type BadgeTone, chatroomStatusTone } from "./Badge";
