export {
  ChatRoomListItem,
  type ChatRoomListItemProps,
  type ChatRoomSummary,
  chatroomStatusLabel,
} from "./ChatRoomListItem";
